"""Messages sent to customers."""
from string import Template

TEMPLATES = {
    "welcome": Template("Welcome, $name! Confirm your address: $link"),
    "shipped": Template("Your parcel is on its way with $carrier."),
}


def render(kind, **values):
    return TEMPLATES[kind].substitute(values)


def send(mailer, to, kind, **values):
    mailer.send(to=to, body=render(kind, **values))

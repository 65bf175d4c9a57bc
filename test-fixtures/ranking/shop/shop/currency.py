"""Converting amounts between currencies at the day's rates."""
from decimal import Decimal

RATES_TO_EUR = {"EUR": Decimal(1), "CZK": Decimal("0.040"), "USD": Decimal("0.92")}


def to_eur(amount, currency):
    return amount * RATES_TO_EUR[currency]


def convert(amount, source, target):
    return to_eur(amount, source) / RATES_TO_EUR[target]

import logging

log = logging.getLogger(__name__)


def load(path, defaults=None):
    if defaults is None:
        defaults = {}
    try:
        text = open(path).read()
    except Exception:
        log.warning("no settings at %s", path)
        return defaults
    values = dict(defaults)
    for line in text.splitlines():
        if "=" in line:
            key, value = line.split("=", 1)
            values[key.strip()] = value.strip()
    return values


def flag(values, name):
    return values.get(name, "").lower() in ("1", "true", "yes")

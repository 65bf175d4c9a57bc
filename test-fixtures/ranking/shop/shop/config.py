"""Settings read from the environment, with defaults for development."""
import os


def setting(name, default=None):
    return os.environ.get(f"SHOP_{name.upper()}", default)


DATABASE = setting("database", "shop.sqlite3")
MAIL_HOST = setting("mail_host", "localhost")
CURRENCY = setting("currency", "EUR")

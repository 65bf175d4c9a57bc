"""Value-added tax by country."""
from decimal import Decimal

RATES = {"CZ": Decimal("0.21"), "DE": Decimal("0.19"), "FR": Decimal("0.20")}


def with_vat(amount, country):
    return amount * (1 + RATES.get(country, Decimal(0)))


def vat_of(amount, country):
    return amount * RATES.get(country, Decimal(0))

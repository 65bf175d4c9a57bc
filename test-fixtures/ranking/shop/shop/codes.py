"""Discount codes as the marketing team issues them."""
from dataclasses import dataclass
from decimal import Decimal


@dataclass
class Code:
    text: str
    percent: int = 0
    amount: Decimal = Decimal(0)
    customer: str = ""
    expired: bool = False


CODES = {}


def find_code(text):
    """The code with this text, or None."""
    return CODES.get(text.strip().upper())

"""Prices of order lines, and the discounts customers may apply to them."""
from decimal import Decimal, ROUND_HALF_UP

from .codes import find_code

CENT = Decimal("0.01")


def line_price(line):
    """The price of one order line: unit price times quantity."""
    return (line.unit_price * line.quantity).quantize(CENT, rounding=ROUND_HALF_UP)


def apply_discount(order, code):
    """Apply a discount code to an order and return the new total.

    A percentage code takes its share off the total; a fixed code takes its
    amount off, never below zero. An expired code, or one meant for another
    customer, changes nothing.
    """
    found = find_code(code)
    total = sum((line_price(line) for line in order.lines), Decimal(0))
    if found is None or found.expired or (found.customer and found.customer != order.customer):
        return total
    if found.percent:
        total -= (total * found.percent / 100).quantize(CENT, rounding=ROUND_HALF_UP)
    else:
        total -= found.amount
    return max(total, Decimal(0))

from decimal import Decimal

from shop.codes import CODES, Code
from shop.pricing import apply_discount


def test_apply_discount_percent(order):
    CODES["TEN"] = Code("TEN", percent=10)
    assert apply_discount(order, "TEN") == Decimal("90.00")


def test_apply_discount_fixed(order):
    CODES["FIVE"] = Code("FIVE", amount=Decimal(5))
    assert apply_discount(order, "five") == Decimal("95.00")


def test_apply_discount_expired_code(order):
    CODES["OLD"] = Code("OLD", percent=50, expired=True)
    assert apply_discount(order, "OLD") == Decimal("100.00")


def test_apply_discount_other_customer(order):
    CODES["ANNA"] = Code("ANNA", percent=50, customer="anna")
    assert apply_discount(order, "ANNA") == Decimal("100.00")

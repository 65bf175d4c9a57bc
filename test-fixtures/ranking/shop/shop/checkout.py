"""Turning a cart into a paid order."""
from .orders import create_order
from .pricing import apply_discount


def checkout(cart, code, payment):
    order = create_order(cart.customer, cart.lines)
    order.total = apply_discount(order, code)
    payment.charge(order.customer, order.total)
    return order

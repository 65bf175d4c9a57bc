"""Orders: created at checkout, then paid, shipped, cancelled or refunded."""
from dataclasses import dataclass, field


@dataclass
class Order:
    customer: str
    lines: list = field(default_factory=list)
    status: str = "new"
    total: int = 0


ORDERS = []


def create_order(customer, lines):
    """A new order for the customer, with its lines, in status "new"."""
    order = Order(customer, list(lines))
    ORDERS.append(order)
    return order


def pay_order(order):
    """Mark the order paid; only a new order can be paid."""
    if order.status != "new":
        raise ValueError(f"order is {order.status}, not new")
    order.status = "paid"


def ship_order(order):
    """Mark a paid order shipped."""
    if order.status != "paid":
        raise ValueError(f"order is {order.status}, not paid")
    order.status = "shipped"


def cancel_order(order):
    """Cancel an order that has not shipped yet."""
    if order.status == "shipped":
        raise ValueError("a shipped order cannot be cancelled")
    order.status = "cancelled"


def refund_order(order):
    """Refund a paid or shipped order."""
    if order.status not in ("paid", "shipped"):
        raise ValueError(f"order is {order.status}, nothing to refund")
    order.status = "refunded"


def orders_of(customer, status=None):
    """The customer's orders, optionally only those in one status."""
    return [order for order in ORDERS if order.customer == customer and (status is None or order.status == status)]

"""Stock levels per warehouse and product."""
from collections import defaultdict

STOCK = defaultdict(int)


def receive(warehouse, product, quantity):
    STOCK[(warehouse, product)] += quantity


def reserve(warehouse, product, quantity):
    if STOCK[(warehouse, product)] < quantity:
        raise LookupError(f"only {STOCK[(warehouse, product)]} of {product} left in {warehouse}")
    STOCK[(warehouse, product)] -= quantity


def in_stock(product):
    return sum(quantity for (_, item), quantity in STOCK.items() if item == product)

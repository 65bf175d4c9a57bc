"""A small shop: carts, orders, prices and reports."""

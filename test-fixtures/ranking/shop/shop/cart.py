"""What a customer sees while shopping."""
from .pricing import apply_discount


def cart_total(cart, code):
    return apply_discount(cart.order, code)


def preview_discount(cart, code):
    return cart_total(cart, "") - apply_discount(cart.order, code)


def code_is_useful(cart, code):
    return apply_discount(cart.order, code) < cart_total(cart, "")

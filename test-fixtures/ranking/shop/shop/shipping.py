"""Parcels, carriers and labels."""
import json

CARRIERS = {"dhl": 4.90, "ups": 6.50, "post": 3.20}


def cheapest_carrier(weight_kg):
    rate = min(CARRIERS.values())
    return next(name for name, price in CARRIERS.items() if price == rate), rate * max(1, weight_kg)


def label(address, carrier):
    return json.dumps({"to": address, "carrier": carrier}, sort_keys=True)

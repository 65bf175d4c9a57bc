"""Card payments through the payment provider."""
import hmac


class PaymentError(Exception):
    pass


def verify_signature(secret, body, signature):
    expected = hmac.new(secret, body, "sha256").hexdigest()
    return hmac.compare_digest(expected, signature)


def charge(provider, customer, amount):
    response = provider.post("/charges", {"customer": customer, "amount": str(amount)})
    if response.status != 201:
        raise PaymentError(response.text)
    return response.json()["id"]

"""Product search for the storefront: words in names and descriptions."""


def matches(product, words):
    text = f"{product['name']} {product['description']}".lower()
    return all(word.lower() in text for word in words)


def search_products(products, text):
    words = text.split()
    return sorted((p for p in products if matches(p, words)), key=lambda p: p["name"])

"""Cache keys: what a caller passes, and the file name it is stored under."""
import hashlib

MAX_KEY_LENGTH = 250


class InvalidKeyError(ValueError):
    """A key that cannot be stored portably."""


def validate_key(key):
    """Refuses keys that are too long or hold control characters."""
    if not isinstance(key, str):
        raise InvalidKeyError("cache keys must be strings, got %r" % type(key).__name__)
    if len(key) > MAX_KEY_LENGTH:
        raise InvalidKeyError("cache key is longer than %d characters" % MAX_KEY_LENGTH)
    for char in key:
        if ord(char) < 33 or ord(char) == 127:
            raise InvalidKeyError("cache key %r holds a control character or a space" % key)


def make_key(key, version=1):
    """The file name of a key: a hash, so any key makes a safe name."""
    raw = "%s:%s" % (version, key)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()

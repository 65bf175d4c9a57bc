"""minicache: a small file-system cache with pluggable backends."""
from minicache.cache import FileCache
from minicache.keys import make_key, validate_key

__all__ = ["FileCache", "make_key", "validate_key"]

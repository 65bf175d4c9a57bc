"""Backends other than files."""
from minicache.backends.memory import MemoryBackend

__all__ = ["MemoryBackend"]

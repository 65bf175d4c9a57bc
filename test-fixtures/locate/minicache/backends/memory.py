"""An in-process backend with least-recently-used eviction."""
from collections import OrderedDict
import threading


class MemoryBackend:
    def __init__(self, max_entries=1000):
        self.max_entries = max_entries
        self._data = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key, default=None):
        with self._lock:
            if key not in self._data:
                return default
            self._data.move_to_end(key)
            return self._data[key]

    def set(self, key, value):
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.max_entries:
                self._data.popitem(last=False)

    def delete(self, key):
        with self._lock:
            return self._data.pop(key, None) is not None

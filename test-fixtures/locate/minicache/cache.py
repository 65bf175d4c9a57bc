"""A cache that keeps each entry in its own file under one directory."""
import os
import time

from minicache import serialize
from minicache.keys import make_key, validate_key

DEFAULT_TIMEOUT = 300
MAX_ENTRIES = 300
CULL_FREQUENCY = 3


class FileCache:
    """Entries live in DIR/<hash>.cache; the oldest are culled past max_entries."""

    suffix = ".cache"

    def __init__(self, directory, timeout=DEFAULT_TIMEOUT, max_entries=MAX_ENTRIES, cull_frequency=CULL_FREQUENCY):
        self.directory = os.path.abspath(directory)
        self.timeout = timeout
        self.max_entries = max_entries
        self.cull_frequency = cull_frequency
        os.makedirs(self.directory, exist_ok=True)

    def _path(self, key):
        return os.path.join(self.directory, make_key(key) + self.suffix)

    def get(self, key, default=None):
        validate_key(key)
        path = self._path(key)
        try:
            with open(path, "rb") as f:
                expires, value = serialize.loads(f.read())
        except FileNotFoundError:
            return default
        if expires is not None and expires < time.time():
            self._delete(path)
            return default
        return value

    def set(self, key, value, timeout=None):
        validate_key(key)
        timeout = self.timeout if timeout is None else timeout
        expires = None if timeout is None else time.time() + timeout
        self._cull()
        with open(self._path(key), "wb") as f:
            f.write(serialize.dumps((expires, value)))

    def delete(self, key):
        validate_key(key)
        return self._delete(self._path(key))

    def clear(self):
        for name in self._list_cache_files():
            self._delete(name)

    def _delete(self, path):
        try:
            os.remove(path)
        except FileNotFoundError:
            return False
        return True

    def _list_cache_files(self):
        return [
            os.path.join(self.directory, name)
            for name in os.listdir(self.directory)
            if name.endswith(self.suffix)
        ]

    def _cull(self):
        """Removes a fraction of the entries once there are more than max_entries."""
        filelist = self._list_cache_files()
        if len(filelist) < self.max_entries:
            return
        if self.cull_frequency == 0:
            return self.clear()
        filelist.sort(key=os.path.getmtime)
        doomed = filelist[: len(filelist) // self.cull_frequency]
        for path in doomed:
            self._delete(path)

import os
import tempfile
import unittest

from minicache import FileCache
from minicache.keys import InvalidKeyError


class FileCacheTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.cache = FileCache(self.dir, max_entries=3, cull_frequency=3)

    def test_set_and_get(self):
        self.cache.set("answer", 42)
        self.assertEqual(self.cache.get("answer"), 42)

    def test_cull_removes_oldest_entries(self):
        for i in range(5):
            self.cache.set("key%d" % i, i)
        self.assertLessEqual(len(os.listdir(self.dir)), 4)

    def test_cull_frequency_zero_clears(self):
        cache = FileCache(self.dir, max_entries=1, cull_frequency=0)
        cache.set("a", 1)
        cache.set("b", 2)
        self.assertIsNone(cache.get("a"))

    def test_invalid_key(self):
        with self.assertRaises(InvalidKeyError):
            self.cache.set("has space", 1)

    def test_expired_entry_is_deleted(self):
        self.cache.set("short", 1, timeout=-1)
        self.assertIsNone(self.cache.get("short"))

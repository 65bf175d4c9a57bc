import json
import os


class FileCache:
    def __init__(self, folder, limit=100):
        self.folder = folder
        self.limit = limit

    def get(self, key, default=None):
        path = os.path.join(self.folder, key)
        try:
            with open(path) as handle:
                return json.load(handle)
        except Exception:
            pass
        return default

    def set(self, key, value):
        path = os.path.join(self.folder, key)
        try:
            with open(path, "w") as handle:
                json.dump(value, handle)
        except OSError as error:
            print("cannot write", path, error)

    def clear(self):
        for name in os.listdir(self.folder):
            try:
                os.remove(os.path.join(self.folder, name))
            except Exception:
                pass

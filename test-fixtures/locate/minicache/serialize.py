"""How entries are written to disk: pickled, then compressed past a threshold."""
import pickle
import zlib

COMPRESS_MIN_BYTES = 1024
MAGIC_COMPRESSED = b"Z"
MAGIC_PLAIN = b"P"


def dumps(value):
    data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    if len(data) >= COMPRESS_MIN_BYTES:
        return MAGIC_COMPRESSED + zlib.compress(data)
    return MAGIC_PLAIN + data


def loads(blob):
    marker, data = blob[:1], blob[1:]
    if marker == MAGIC_COMPRESSED:
        data = zlib.decompress(data)
    elif marker != MAGIC_PLAIN:
        raise ValueError("not a minicache entry")
    return pickle.loads(data)

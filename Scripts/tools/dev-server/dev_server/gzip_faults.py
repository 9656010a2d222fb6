"""Routes whose Content-Encoding lies or explodes: a gzip bomb and a body that claims gzip but is not."""

import struct
import zlib
from functools import lru_cache

from .http_types import Response, int_param

MAX_DECODED = 4 * 1024**3  # 4 GiB
CHUNK = 1024 * 1024
BAD_GZIP_BODY = b'{"not":"gzip"}' * 8


@lru_cache(maxsize=8)
def gzip_zeros(size):
    """A gzip stream that inflates to `size` zero bytes, built without holding `size` bytes.

    Each full chunk is compressed after a full flush, so every chunk after the first compresses to the same
    bytes; those are repeated instead of compressed again, and the trailer's CRC-32 and length are computed
    over the whole input."""
    zeros = bytes(min(size, CHUNK))
    full, rest = divmod(size, CHUNK)
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    parts = []
    if full:
        parts.append(compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH))
    if full > 1:
        parts.append((compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)) * (full - 1))
    parts.append(compressor.compress(zeros[:rest]) + compressor.flush())
    checksum = 0
    for _ in range(full):
        checksum = zlib.crc32(zeros, checksum)
    checksum = zlib.crc32(zeros[:rest], checksum)
    stream = b"".join(parts)
    return stream[:-8] + struct.pack("<II", checksum, size & 0xFFFFFFFF)


def gzip_bomb(app, request, match):
    size = int_param(request, "bytes", None, 0, MAX_DECODED)
    headers = [("Content-Type", request.params.get("type") or "application/octet-stream"),
               ("Content-Encoding", "gzip"), ("X-Decoded-Length", str(size))]
    return Response(200, gzip_zeros(size), headers)


def bad_gzip(app, request, match):
    headers = [("Content-Type", request.params.get("type") or "application/json"), ("Content-Encoding", "gzip")]
    return Response(200, BAD_GZIP_BODY, headers)


ROUTES = [
    (("GET", "HEAD"), r"/faults/gzip-bomb", gzip_bomb),
    (("GET", "HEAD"), r"/faults/bad-gzip", bad_gzip),
]

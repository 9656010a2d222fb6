"""Identicon PNGs built with zlib and struct: a mirrored 5x5 grid coloured from a name's hash."""

import hashlib
import struct
import zlib

GRID = 5
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_rgb(width, height, rows):
    """A PNG (8-bit RGB) from `rows`, each a bytes object of width * 3."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (SIGNATURE + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def identicon(name, size=64):
    """A size x size identicon for `name` (the same name always gives the same bytes)."""
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    foreground = bytes((digest[0] // 2 + 64, digest[1] // 2 + 64, digest[2] // 2 + 64))
    background = b"\xf0\xf0\xf0"
    half = (GRID + 1) // 2
    cells = [[digest[3 + row * half + col] % 2 == 0 for col in range(half)] for row in range(GRID)]
    cell = size // (GRID + 1)
    margin = (size - cell * GRID) // 2
    rows = []
    for y in range(size):
        row = bytearray()
        grid_y = (y - margin) // cell if y >= margin else -1
        for x in range(size):
            grid_x = (x - margin) // cell if x >= margin else -1
            on = 0 <= grid_x < GRID and 0 <= grid_y < GRID and cells[grid_y][min(grid_x, GRID - 1 - grid_x)]
            row += foreground if on else background
        rows.append(bytes(row))
    return encode_rgb(size, size, rows)

#!/usr/bin/env python3
"""Draw the home-screen icons (web/img/icon-192.png, icon-512.png) from the shapes of
web/img/icon.svg: a rounded square in the site's accent colour with four pieces, one of
them in the focus colour. Plain Python (zlib and struct): no image library is needed.

    python scripts/make_icons.py          # writes the two PNGs
    python scripts/make_icons.py --check  # fails if the PNGs differ from what it draws
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "src" / "ludotheek" / "web" / "img"
ACCENT = (0x2F, 0x6F, 0x8F)  # --accent of css/ludotheek.css
PAPER = (0xF6, 0xF4, 0xEF)  # --bg
FOCUS = (0xE0, 0x8A, 0x1E)  # --focus
#: the SVG's 32-unit square: its corner radius and the four pieces (x, y, r, colour)
RADIUS = 7.0
PIECES = ((10, 12, 4, PAPER), (22, 12, 4, PAPER), (10, 22, 4, PAPER), (22, 22, 4, FOCUS))


def _rounded_square(x: float, y: float, size: float, r: float) -> float:
    """The signed distance from (x, y) to the square [0, size]² with rounded corners."""
    qx = abs(x - size / 2) - (size / 2 - r)
    qy = abs(y - size / 2) - (size / 2 - r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def _cover(distance: float) -> float:
    """How much of a pixel a shape covers, from the distance of its centre (pixels)."""
    return min(max(0.5 - distance, 0.0), 1.0)


def draw(size: int) -> bytes:
    """The icon at ``size`` × ``size`` pixels as RGBA rows (each with its filter byte)."""
    k = size / 32
    rows = bytearray()
    for py in range(size):
        rows.append(0)
        for px in range(size):
            x, y = px + 0.5, py + 0.5
            alpha = _cover(_rounded_square(x, y, size, RADIUS * k))
            colour = ACCENT
            for cx, cy, r, piece in PIECES:
                a = _cover(math.hypot(x - cx * k, y - cy * k) - r * k)
                if a > 0:
                    colour = tuple(round(c * (1 - a) + p * a) for c, p in zip(colour, piece))
            rows += bytes((*colour, round(alpha * 255)))
    return bytes(rows)


def png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8 bits, RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(draw(size), 9)) + chunk(b"IEND", b""))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    for size in (192, 512):
        path = WEB / f"icon-{size}.png"
        data = png(size)
        if check:
            if not path.is_file() or path.read_bytes() != data:
                print(f"{path} is not what scripts/make_icons.py draws", file=sys.stderr)
                return 1
        else:
            path.write_bytes(data)
            print(f"{path}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

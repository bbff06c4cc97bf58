"""The game's mark, a pyramid by the Nile under the sun, as SVG and as PNG at any size.

The installed app needs icons (tools/build.py writes them next to the web app
manifest). They are drawn here at build time from one list of flat shapes, so
the SVG and the PNGs always show the same picture, in the colours of the page
(web/front/style.css).

The PNGs come from a small scanline rasteriser and encoder using the standard
library only (zlib, struct). Anti-aliasing: each pixel row is sampled on
SUBROWS horizontal lines, and on each line the coverage of a pixel by a span
is exact. Same shapes and size give the same bytes, so the build stays
deterministic.

`python3 tools/icons.py OUT_DIR` writes icon.svg, icon-192.png and
icon-512.png there, to look at them.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

# Shapes are laid out in a VIEW x VIEW box, scaled to the size asked for.
VIEW = 512
SUBROWS = 4

# Colours of the page's palette (web/front/style.css).
SAND = "#efe1bf"
OCHRE = "#9c5f26"
OCHRE_DARK = "#7b4a1c"
LAND = "#f2cd52"
TANGERINE = "#ee8221"
RIVER = "#4f9dcc"
RIVER_DARK = "#1f5f8a"
INK = "#2b2113"

Point = tuple[float, float]
Rgba = tuple[float, float, float, float]


@dataclass(frozen=True)
class RoundedRect:
    x: float
    y: float
    width: float
    height: float
    radius: float
    fill: str

    def spans(self, y: float) -> list[tuple[float, float]]:
        """The x-intervals this shape covers on the horizontal line at height y."""
        top, bottom = self.y, self.y + self.height
        if not top <= y < bottom:
            return []
        r = self.radius
        inset = 0.0
        corner = max(top + r - y, y - (bottom - r))  # > 0 inside a corner's band
        if corner > 0:
            inset = r - math.sqrt(max(r * r - corner * corner, 0.0))
        return [(self.x + inset, self.x + self.width - inset)]

    def svg(self) -> str:
        return (
            f'<rect x="{_n(self.x)}" y="{_n(self.y)}" width="{_n(self.width)}" '
            f'height="{_n(self.height)}" rx="{_n(self.radius)}" fill="{self.fill}"/>'
        )


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str

    def spans(self, y: float) -> list[tuple[float, float]]:
        dy = y - self.cy
        if abs(dy) >= self.r:
            return []
        half = math.sqrt(self.r * self.r - dy * dy)
        return [(self.cx - half, self.cx + half)]

    def svg(self) -> str:
        return (
            f'<circle cx="{_n(self.cx)}" cy="{_n(self.cy)}" r="{_n(self.r)}" fill="{self.fill}"/>'
        )


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str

    def spans(self, y: float) -> list[tuple[float, float]]:
        """Even-odd rule, as SVG's fill-rule="evenodd"."""
        xs = []
        pts = self.points
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        return list(zip(xs[0::2], xs[1::2]))

    def svg(self) -> str:
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in self.points)
        return f'<polygon points="{points}" fill="{self.fill}" fill-rule="evenodd"/>'


Shape = RoundedRect | Circle | Polygon


def _wave(y: float, thickness: float, left: float, right: float, steps: int = 24) -> Polygon:
    """A band of the Nile: a gentle wave between left and right, centred on y."""
    top = [
        (
            left + (right - left) * i / steps,
            y - thickness / 2 + 6 * math.sin(2 * math.pi * i / steps * 2),
        )
        for i in range(steps + 1)
    ]
    bottom = [(x, py + thickness) for x, py in reversed(top)]
    return Polygon(tuple((round(x, 2), round(py, 2)) for x, py in top + bottom), RIVER)


# Back to front. The pyramid is seen from a little to the left: a lit west face
# and a shaded south face meet on the ridge; the base stands on a strip of land
# above the river.
APEX = (232.0, 92.0)
MARK: tuple[Shape, ...] = (
    RoundedRect(0, 0, VIEW, VIEW, 96, SAND),
    Circle(384, 140, 48, TANGERINE),
    Polygon((APEX, (60, 380), (300, 380)), LAND),
    Polygon((APEX, (300, 380), (452, 380)), OCHRE),
    # Courses of stone on the shaded face.
    *(
        Polygon(
            (
                (300 - 68 * t, 380 - 288 * t),
                (452 - 220 * t, 380 - 288 * t),
                (452 - 220 * (t + 0.03), 380 - 288 * (t + 0.03)),
                (300 - 68 * (t + 0.03), 380 - 288 * (t + 0.03)),
            ),
            OCHRE_DARK,
        )
        for t in (0.25, 0.5, 0.75)
    ),
    RoundedRect(40, 380, 432, 28, 6, OCHRE_DARK),
    _wave(440, 26, 72, 440),
)


def _n(value: float) -> str:
    """A number for SVG: no trailing zeros."""
    return f"{value:g}"


def svg(shapes: tuple[Shape, ...] = MARK) -> str:
    """The mark as a standalone SVG document (scales to any size)."""
    body = "\n  ".join(shape.svg() for shape in shapes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {VIEW}" '
        f'width="{VIEW}" height="{VIEW}">\n  <title>Mykerinos</title>\n  {body}\n</svg>\n'
    )


def _rgba(colour: str) -> Rgba:
    """'#rrggbb' -> premultiplied (r, g, b, a) in 0..1, opaque."""
    value = int(colour.removeprefix("#"), 16)
    return ((value >> 16 & 255) / 255, (value >> 8 & 255) / 255, (value & 255) / 255, 1.0)


def _paint(
    segments: list[tuple[float, float, int]], x0: float, x1: float, index: int
) -> list[tuple[float, float, int]]:
    """Segments of one line after painting [x0, x1) with shape `index` over them."""
    out = []
    for a, b, owner in segments:
        if b <= x0 or a >= x1:
            out.append((a, b, owner))
            continue
        if a < x0:
            out.append((a, x0, owner))
        if b > x1:
            out.append((x1, b, owner))
    out.append((x0, x1, index))
    out.sort()
    return out


def rasterize(size: int, shapes: tuple[Shape, ...] = MARK) -> list[list[Rgba]]:
    """Rows of straight (not premultiplied) RGBA pixels in 0..1, anti-aliased."""
    scale = size / VIEW
    colours = [_rgba(shape.fill) for shape in shapes]
    weight = 1 / SUBROWS
    rows = []
    for py in range(size):
        # Per channel: `edge` takes partly covered pixels, `run` is a difference
        # array for the fully covered ones (summed once per row).
        edge = [[0.0] * (size + 1) for _ in range(4)]
        run = [[0.0] * (size + 1) for _ in range(4)]
        for k in range(SUBROWS):
            y = (py + (k + 0.5) / SUBROWS) / scale
            segments: list[tuple[float, float, int]] = []
            for index, shape in enumerate(shapes):
                for a, b in shape.spans(y):
                    a, b = max(a * scale, 0.0), min(b * scale, float(size))
                    if a < b:
                        segments = _paint(segments, a, b, index)
            for a, b, index in segments:
                colour = colours[index]
                first, last = int(a), int(b)
                if first == last:
                    for c in range(4):
                        edge[c][first] += (b - a) * weight * colour[c]
                    continue
                for c in range(4):
                    value = colour[c] * weight
                    edge[c][first] += (first + 1 - a) * value
                    edge[c][last] += (b - last) * value
                    run[c][first + 1] += value
                    run[c][last] -= value
        row = []
        sums = [0.0, 0.0, 0.0, 0.0]
        for x in range(size):
            for c in range(4):
                sums[c] += run[c][x]
            alpha = sums[3] + edge[3][x]
            if alpha <= 1e-9:
                row.append((0.0, 0.0, 0.0, 0.0))
                continue
            r, g, b = ((sums[c] + edge[c][x]) / alpha for c in range(3))
            row.append((r, g, b, min(alpha, 1.0)))
        rows.append(row)
    return rows


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode_png(rows: list[list[Rgba]]) -> bytes:
    """8-bit RGBA PNG of rows of pixels in 0..1 (no metadata, no date)."""
    height, width = len(rows), len(rows[0])
    raw = bytearray()
    for row in rows:
        raw.append(0)  # filter: none
        for pixel in row:
            raw.extend(min(255, max(0, round(v * 255))) for v in pixel)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + _chunk(b"IEND", b"")
    )


def png(size: int, shapes: tuple[Shape, ...] = MARK) -> bytes:
    """The mark as a size x size PNG."""
    return encode_png(rasterize(size, shapes))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python3 tools/icons.py OUT_DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    (out / "icon.svg").write_text(svg())
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

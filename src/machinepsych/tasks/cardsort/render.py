"""Pillow rendering of a WCST-64 trial image (``docs/cardsort.md#wcst``).

Layout: the four key cards in a row at the top (positions 1-4, left to right), the response
card at the bottom left; white cards on a dark background; 1-4 figures per card (triangle,
star, cross, circle in red, green, yellow or blue). The image carries exactly the
information of ``wcst64.describe_layout``: nothing else is drawn (no numbers or
labels), so image and text inputs are comparable.
"""
from __future__ import annotations

import io
import math
import zlib
from functools import lru_cache

from PIL import Image, ImageDraw

from .cards import BERG_KEYS, FULL_DECK, Card

BACKGROUND = (40, 44, 52)
CARD = (255, 255, 255)
RGB = {"red": (220, 30, 30), "green": (20, 160, 60), "yellow": (240, 200, 0), "blue": (30, 80, 220)}
CW, CH, GAP = 150, 210, 30
# figure centres (fractions of the card) for 1-4 figures
SLOTS = {1: [(0.5, 0.5)], 2: [(0.5, 0.3), (0.5, 0.7)], 3: [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
         4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)]}


def _figure(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill) -> None:
    if shape == "circle":
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
    elif shape == "triangle":
        d.polygon([(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)], fill=fill)
    elif shape == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        d.polygon(pts, fill=fill)
    elif shape == "cross":
        w = r * 0.36
        d.rectangle([cx - r, cy - w, cx + r, cy + w], fill=fill)
        d.rectangle([cx - w, cy - r, cx + w, cy + r], fill=fill)
    else:
        raise ValueError(f"unknown shape {shape!r}")


def draw_card(img: Image.Image, card: Card, x: int, y: int) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([x, y, x + CW, y + CH], radius=10, fill=CARD)
    r = 26 if card.number < 3 else 22
    for fx, fy in SLOTS[card.number]:
        _figure(d, card.shape, x + fx * CW, y + fy * CH, r, RGB[card.color])


def render_trial(keys: list[Card] | tuple[Card, ...], card: Card) -> Image.Image:
    """The trial image: ``keys`` top row left to right, ``card`` bottom left."""
    w = 4 * CW + 5 * GAP
    h = 2 * CH + 3 * GAP + 20
    img = Image.new("RGB", (w, h), BACKGROUND)
    for i, k in enumerate(keys):
        draw_card(img, k, GAP + i * (CW + GAP), GAP)
    draw_card(img, card, GAP, 2 * GAP + CH + 20)
    return img


def _pillow_png(keys: tuple[Card, ...], card: Card) -> bytes:
    buf = io.BytesIO()
    render_trial(list(keys), card).save(buf, format="PNG")
    return buf.getvalue()


# A trial image's rows above BAND show only the key cards, the rows from BAND on only the
# response card (the row just above BAND is background in every layout). Pillow filters each
# row of a PNG by that row and the one above it, so a layout's filtered rows are the key
# order's rows above BAND followed by the card's rows from BAND; and zlib, fed the same bytes
# with the same settings, gives the same stream whether it is fed in one piece or two.
# :func:`trial_png` therefore learns, from each picture Pillow encodes, the key order's rows
# (kept as a compressor state after them) and the card's rows, and once it knows both of a
# layout it compresses only the card's part: the very bytes Pillow writes, at about a
# quarter of its CPU. (There are 24 key orders and 64 cards: a server with many people at
# once soon knows them all.)
BAND = 2 * GAP + CH
ROW_BYTES = 1 + 3 * (4 * CW + 5 * GAP)  # a filtered row: the filter type and the RGB pixels
ZLIB_ARGS = (6, zlib.DEFLATED, 15, 9, zlib.Z_FILTERED)  # Pillow's PNG default (compress_level 6)
MAX_IDAT = 16 * 1024  # Pillow writes one IDAT chunk up to far more; past this, it encodes itself
_KEY_ROWS: dict[tuple[Card, ...], tuple[bytes, bytes, "zlib._Compress"]] = {}
_CARD_ROWS: dict[Card, bytes] = {}


def _chunks(png: bytes) -> tuple[bytes, bytes]:
    """(everything before the image data, the image data) of a PNG holding one IDAT chunk."""
    at = png.index(b"IDAT") - 4
    n = int.from_bytes(png[at:at + 4], "big")
    return png[:at], png[at + 8:at + 8 + n]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")


def _learn(keys: tuple[Card, ...], card: Card, png: bytes) -> None:
    """Keep the key order's and the card's filtered rows of a picture Pillow encoded."""
    if keys in _KEY_ROWS and card in _CARD_ROWS:
        return
    head, idat = _chunks(png)
    rows = zlib.decompress(idat)
    _CARD_ROWS.setdefault(card, rows[BAND * ROW_BYTES:])
    if keys not in _KEY_ROWS:
        z = zlib.compressobj(*ZLIB_ARGS)
        _KEY_ROWS.setdefault(keys, (head, z.compress(rows[:BAND * ROW_BYTES]), z))


def _composed(keys: tuple[Card, ...], card: Card) -> bytes | None:
    """The layout's PNG from known rows (None when its rows are not both known, or its data
    would be larger than :data:`MAX_IDAT`)."""
    known, rows = _KEY_ROWS.get(keys), _CARD_ROWS.get(card)
    if known is None or rows is None:
        return None
    head, start, z = known
    z = z.copy()
    idat = start + z.compress(rows) + z.flush()
    return head + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"") if len(idat) <= MAX_IDAT else None


@lru_cache(maxsize=1)
def _composing_holds() -> bool:
    """Whether composed bytes are Pillow's here (checked once per process, on a layout whose
    key rows and card rows come from two other layouts; else Pillow encodes every layout)."""
    keys, card = tuple(reversed(BERG_KEYS)), FULL_DECK[-1]
    try:
        for k, c in ((keys, keys[0]), (BERG_KEYS, card)):
            _learn(k, c, _pillow_png(k, c))
        return _composed(keys, card) == _pillow_png(keys, card)
    except (ValueError, zlib.error):
        return False


@lru_cache(maxsize=2048)
def trial_png(keys: tuple[Card, ...], card: Card) -> bytes:
    """PNG bytes of :func:`render_trial`, the same bytes Pillow writes (cached: the same
    layout always gives the same bytes). The cache holds every layout a WCST-64 session can
    show (24 orders of the key cards x 64 cards, about 5 KB each): a server with many people
    at once makes each layout once, not once per person; and a layout whose key order and
    card have been seen in other layouts is composed from their rows (above)."""
    if len(keys) != len(BERG_KEYS):
        return _pillow_png(keys, card)
    if keys in _KEY_ROWS and card in _CARD_ROWS and _composing_holds():
        png = _composed(keys, card)
        if png is not None:
            return png
    png = _pillow_png(keys, card)
    _learn(keys, card, png)
    return png

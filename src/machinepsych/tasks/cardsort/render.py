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
import struct
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
# row of a PNG by that row and the one above it (its choice of filter does not depend on the
# compression level), so a layout's filtered rows are the key order's rows above BAND
# followed by the card's rows from BAND, and each part is what Pillow makes of that band
# alone, saved uncompressed (the band of the card taken from one row above BAND, that row
# then dropped). zlib, fed the same bytes with the same settings, gives the same stream
# whether it is fed in one piece or two. :func:`trial_png` therefore keeps each key order's
# rows as a compressor state after them (24 orders) and each card's rows (64 cards), and
# compresses only the card's part per layout: the very bytes Pillow writes, at about a
# quarter of its CPU (checked once per process against Pillow itself).
BAND = 2 * GAP + CH
WIDTH, HEIGHT = 4 * CW + 5 * GAP, 2 * CH + 3 * GAP + 20
ROW_BYTES = 1 + 3 * WIDTH  # a filtered row: the filter type and the RGB pixels
ZLIB_ARGS = (6, zlib.DEFLATED, 15, 9, zlib.Z_FILTERED)  # Pillow's PNG default (compress_level 6)
MAX_IDAT = 16 * 1024  # Pillow writes one IDAT chunk up to far more; past this, it encodes itself
_KEY_ROWS: dict[tuple[Card, ...], tuple[bytes, "zlib._Compress"]] = {}
_CARD_ROWS: dict[Card, bytes] = {}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")


HEAD = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0))


def _filtered_rows(img: Image.Image) -> bytes:
    """The rows of ``img`` as Pillow filters them for a PNG (saved uncompressed, read back)."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=0)
    png, at, data = buf.getvalue(), 8, []
    while at < len(png):
        n = int.from_bytes(png[at:at + 4], "big")
        if png[at + 4:at + 8] == b"IDAT":
            data.append(png[at + 8:at + 8 + n])
        at += 12 + n
    return zlib.decompress(b"".join(data))


def _key_rows(keys: tuple[Card, ...]) -> tuple[bytes, "zlib._Compress"]:
    """The compressed start and the compressor after the key order's rows (above BAND)."""
    got = _KEY_ROWS.get(keys)
    if got is None:
        z = zlib.compressobj(*ZLIB_ARGS)
        start = z.compress(_filtered_rows(render_trial(list(keys), keys[0]).crop((0, 0, WIDTH, BAND))))
        got = _KEY_ROWS.setdefault(keys, (start, z))
    return got


def _card_rows(card: Card) -> bytes:
    """The card's filtered rows (from BAND on)."""
    got = _CARD_ROWS.get(card)
    if got is None:
        band = render_trial(BERG_KEYS, card).crop((0, BAND - 1, WIDTH, HEIGHT))
        got = _CARD_ROWS.setdefault(card, _filtered_rows(band)[ROW_BYTES:])
    return got


def _composed(keys: tuple[Card, ...], card: Card) -> bytes | None:
    """The layout's PNG from its key rows and card rows (None where its image data would be
    larger than :data:`MAX_IDAT`)."""
    start, z = _key_rows(keys)
    z = z.copy()
    idat = start + z.compress(_card_rows(card)) + z.flush()
    return HEAD + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"") if len(idat) <= MAX_IDAT else None


@lru_cache(maxsize=1)
def _composing_holds() -> bool:
    """Whether composed bytes are Pillow's here (checked once per process; else Pillow
    encodes every layout)."""
    keys, card = tuple(reversed(BERG_KEYS)), FULL_DECK[-1]
    try:
        return _composed(keys, card) == _pillow_png(keys, card)
    except (ValueError, zlib.error):
        return False


@lru_cache(maxsize=2048)
def trial_png(keys: tuple[Card, ...], card: Card) -> bytes:
    """PNG bytes of :func:`render_trial`, the same bytes Pillow writes (cached: the same
    layout always gives the same bytes). The cache holds every layout a WCST-64 session can
    show (24 orders of the key cards x 64 cards, about 5 KB each): a server with many people
    at once makes each layout once, not once per person; and a layout is composed from its
    key order's rows and its card's rows (above), at about a quarter of an encoding's CPU."""
    if len(keys) == len(BERG_KEYS) and _composing_holds():
        png = _composed(keys, card)
        if png is not None:
            return png
    return _pillow_png(keys, card)

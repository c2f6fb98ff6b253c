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
from functools import lru_cache

from PIL import Image, ImageDraw

from .cards import Card

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


@lru_cache(maxsize=2048)
def trial_png(keys: tuple[Card, ...], card: Card) -> bytes:
    """PNG bytes of :func:`render_trial` (cached: the same layout always gives the same bytes).
    The cache holds every layout a WCST-64 session can show (24 orders of the key cards x 64
    cards, about 5 KB each): a server with many people at once encodes each layout once, not
    once per person (the encoding is most of an answer's CPU)."""
    buf = io.BytesIO()
    render_trial(list(keys), card).save(buf, format="PNG")
    return buf.getvalue()

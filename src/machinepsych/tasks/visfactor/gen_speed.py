"""Closure speed (CS1 Gestalt Completion, CS2 Concealed Words, CS3 Snowy Pictures).

See ``docs/visfactor.md#generators``. Pictures are the project's own silhouettes (icons.py); words are
rendered with Pillow's bundled font. Degradation counts follow the official severities
(easy 0.2, normal 0.4, hard 0.45); widths and counts are scaled to our canvas sizes."""
from __future__ import annotations

import math

import numpy as np
from PIL import Image

from .core import Item, canvas, font, generator
from .icons import ICON_NAMES, WORDS, draw_icon, icon_label

SEVERITY = {"easy": 0.2, "normal": 0.4, "hard": 0.45}
OUT = ' Respond with the answer as a JSON object {"answer": ...}, e.g. {"answer": "%s"}.'


# Accepted spellings in two words (or hyphenated) of the compound names: a person or a model
# writing "ice cream" or "light bulb" is right.
SPACED = {"icecream": ("ice cream", "ice-cream", "ice cream cone"), "lightbulb": ("light bulb", "light-bulb"),
          "firtree": ("fir tree",), "pinetree": ("pine tree",), "sailboat": ("sail boat",),
          "thunderbolt": ("thunder bolt",), "padlock": ("pad lock",), "snowman": ("snow man",)}


def accepted_names(name: str) -> tuple[str, ...]:
    """Every accepted answer of an object: its comma-separated names and their spaced forms."""
    names = name.split(",")
    return tuple(names) + tuple(v for n in names for v in SPACED.get(n, ()))


def _icon_item(rng, difficulty: str, subtest: str) -> tuple[str, Image.Image]:
    name = ICON_NAMES[int(rng.integers(len(ICON_NAMES)))]
    size = 256
    img, d = canvas(size, size)
    draw_icon(d, name, (16, 16, size - 32))
    return name, img


@generator("CS1")
def gen_cs1(rng, difficulty: str) -> Item:
    s = SEVERITY[difficulty]
    name, img = _icon_item(rng, difficulty, "CS1")
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    n = int(4 + 36 * s)
    strokes = []
    for _ in range(n):
        # official: random end points, width U{10..60} px on its (larger) pictures; [decision]
        # on our 256 px canvas the widths are quartered (U{3..15}).
        p = [float(v) for v in rng.uniform(0, 256, 4)]
        w = int(rng.integers(3, 16))
        d.line([(p[0], p[1]), (p[2], p[3])], fill="white", width=w)
        strokes.append([round(v, 1) for v in p] + [w])
    alts = accepted_names(name)
    q = ("The picture shows an incomplete black drawing of a common object; parts of it are missing. "
         "What object is it? Answer with one word." + OUT % "house")
    return Item("CS1", img, q, "word", name, params={"object": name, "strokes": strokes, "severity": s},
                answer_format="word", accepted=alts)


@generator("CS2")
def gen_cs2(rng, difficulty: str) -> Item:
    s = SEVERITY[difficulty]
    word = WORDS[int(rng.integers(len(WORDS)))]
    w, h = 256, 64
    stretch = float(rng.uniform(0.85, 1.15))
    stroke = int(rng.integers(0, 2))
    size = 46
    f = font(size)
    tw = f.getlength(word) * stretch + 2 * stroke
    scale = 0.9 * w / tw
    size = max(18, min(42, int(size * scale)))
    big_w = int(font(size).getlength(word) + 4 * stroke + 8)
    tmp, td = canvas(big_w, h)
    td.text((big_w / 2, h / 2), word, font=font(size), fill="black", anchor="mm", stroke_width=stroke, stroke_fill="black")
    tmp = tmp.resize((max(1, int(big_w * stretch)), h))
    img, d = canvas(w, h)
    img.paste(tmp, (int((w - tmp.width) / 2), 0))
    lines, dots = [], []
    for _ in range(int(1 + 40 * s)):
        length = float(rng.uniform(0.2, 0.6)) * w
        ang = float(rng.uniform(0, math.pi))
        cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
        dx, dy = math.cos(ang) * length / 2, math.sin(ang) * length / 2
        d.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], fill="white", width=5)
        lines.append([round(cx, 1), round(cy, 1), round(length, 1), round(ang, 3)])
    for _ in range(int(1 + 15 * s)):
        cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
        r = int(rng.integers(5, 8))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill="white")
        dots.append([round(cx, 1), round(cy, 1), r])
    q = "The picture shows an English word with parts of its letters erased. What is the word?" + OUT % "table"
    return Item("CS2", img, q, "word", word, params={"word": word, "font_size": size, "stretch": round(stretch, 3),
                                                      "bold": stroke, "lines": lines, "dots": dots, "severity": s},
                answer_format="word", accepted=(word,))


@generator("CS3")
def gen_cs3(rng, difficulty: str) -> Item:
    s = SEVERITY[difficulty]
    name, img = _icon_item(rng, difficulty, "CS3")
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    size = img.width
    # [decision] the official counts (white rectangles int(100 s), black 20-px segments int(5000 s),
    # 1-10 px wide) for pictures taken as 512 px wide, so on our 256 px canvas: the same counts,
    # segments 10 px long and 1-5 px wide. (Earlier versions also divided the counts by the area
    # ratio to a 1000 px picture, which left the silhouette standing out: a fifth of the
    # background inked against a solid object; now about 60%.)
    scale = size / 512
    n_rect, n_seg = int(100 * s), int(5000 * s)
    rx, ry = rng.uniform(0, size, (2, n_rect)).tolist()
    ra, rb = rng.integers(1, int(0.1 * size) + 1, (2, n_rect)).tolist()
    for x, y, a, b in zip(rx, ry, ra, rb):
        d.rectangle([x, y, x + a, y + b], fill="white")
    length = 20 * scale
    sx, sy = rng.uniform(0, size, (2, n_seg))
    ang = rng.uniform(0, math.pi, n_seg)
    ex, ey = (sx + length * np.cos(ang)).tolist(), (sy + length * np.sin(ang)).tolist()
    widths = np.maximum(1, np.round(rng.integers(1, 11, n_seg) * scale)).astype(int).tolist()
    for x0, y0, x1, y1, w in zip(sx.tolist(), sy.tolist(), ex, ey, widths):
        d.line([(x0, y0), (x1, y1)], fill="black", width=w)
    q = ("A picture of a common object is hidden in visual noise (snow). What object is it? Answer with one word."
         + OUT % "house")
    return Item("CS3", img, q, "word", name, params={"object": name, "white_rects": n_rect, "black_segments": n_seg,
                                                      "severity": s}, answer_format="word",
                accepted=accepted_names(name))


def canonical(name: str) -> str:
    return icon_label(name)

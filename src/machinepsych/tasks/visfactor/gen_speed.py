"""Closure speed (CS1 Gestalt Completion, CS2 Concealed Words, CS3 Snowy Pictures).

See ``docs/visfactor.md#generators``. Pictures are the project's own silhouettes (icons.py); words are
rendered with Pillow's bundled font. Degradation counts follow the official severities
(easy 0.2, normal 0.4, hard 0.45); widths and counts are scaled to our canvas sizes.

Generation 2 (issue 20): generation 1 drew every object with one fixed drawing at one place and
size, so the degraded picture's ink extent and ink share matched its object's clean drawing to the
pixel (a learner naming CS1 objects from the extent alone was right 9 times in 10), and drew every
word at a size fitted to its own width, so the drawn width picked the word among the 350. Now the
object is drawn at a random size (its longest side), place, turn and stretch (:func:`_placement`);
in CS1 the aspect ratio of its extent is drawn first, the same for every object, and the object
turned (tilted up to 45 degrees where it is long and thin) and stretched (at most 1.25) to take it,
and it is drawn as an outline (a fragmented contour once erased, as in Gollin's incomplete
figures), whose ink does not grow with the object's solid area as a silhouette's does. The word's
letters stand at an even pitch of random size, so the drawn width tells only the number of letters
(:func:`_word_picture`)."""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from .core import Item, canvas, font, generations
from .icons import ICON_NAMES, WORDS, draw_icon, icon_label

SEVERITY = {"easy": 0.2, "normal": 0.4, "hard": 0.45}
OUT = ' Respond with the answer as a JSON object {"answer": ...}, e.g. {"answer": "%s"}.'
SIZE = 256  # the picture's side (CS1, CS3)
# generation 2: the placed object's longest side (share of the picture), its largest turn
# (degrees either way; CS3) and its largest stretch (factor either way); margin in px; CS1: the
# extent's aspect ratio (drawn in [1/TARGET_ASPECT, TARGET_ASPECT] for every object), the extra
# turn beyond the least that reaches it, and the width of the drawn outline (px)
LONGEST, MAX_TURN, MAX_ASPECT, MARGIN = (0.45, 0.95), 15.0, 1.25, 8
TARGET_ASPECT, MATCH_TURN, OUTLINE = 1.35, 15, (3.5, 8.0)


# Accepted spellings in two words (or hyphenated) of the compound names: a person or a model
# writing "ice cream" or "light bulb" is right.
SPACED = {"icecream": ("ice cream", "ice-cream", "ice cream cone"), "lightbulb": ("light bulb", "light-bulb"),
          "firtree": ("fir tree",), "pinetree": ("pine tree",), "sailboat": ("sail boat",),
          "thunderbolt": ("thunder bolt",), "padlock": ("pad lock",), "snowman": ("snow man",)}


def accepted_names(name: str) -> tuple[str, ...]:
    """Every accepted answer of an object: its comma-separated names and their spaced forms."""
    names = name.split(",")
    return tuple(names) + tuple(v for n in names for v in SPACED.get(n, ()))


@lru_cache(maxsize=None)
def _clean(name: str) -> tuple[Image.Image, np.ndarray]:
    """The object's clean drawing (generation 1's picture, grey) and its ink pixels' centres (x, y)."""
    img = Image.new("L", (SIZE, SIZE), 255)
    draw_icon(ImageDraw.Draw(img), name, (16, 16, SIZE - 32), color=0, bg=255)
    ys, xs = np.nonzero(np.asarray(img) < 128)
    return img, np.column_stack([xs + 0.5, ys + 0.5])


def place_icon(name: str, place: dict) -> Image.Image:
    """The clean picture of object ``name`` placed by ``place`` (turn degrees, aspect, scale, dx, dy):
    each point p of the clean drawing goes to :func:`_linear` (place) * p + (dx, dy); with
    ``outline`` (CS1) only the silhouette's inner band of that width (px) is inked. Black on white, RGB."""
    src, _ = _clean(name)
    m = _linear(place)
    inv = np.linalg.inv(m)
    t = np.array([place["dx"], place["dy"]])
    c = -inv @ t
    out = src.transform((SIZE, SIZE), Image.Transform.AFFINE, (inv[0, 0], inv[0, 1], c[0], inv[1, 0], inv[1, 1], c[1]),
                        resample=Image.Resampling.BILINEAR, fillcolor=255)
    ink = np.asarray(out) < 128
    if place.get("outline"):
        from scipy.ndimage import distance_transform_edt
        ink &= distance_transform_edt(ink) <= place["outline"]
    return Image.fromarray(np.where(ink, 0, 255).astype(np.uint8)).convert("RGB")


def _linear(place: dict) -> np.ndarray:
    """scale * diag(sqrt(aspect), 1/sqrt(aspect)) * R(turn): turned, then stretched along x."""
    a = math.radians(place["turn"])
    r = math.sqrt(place["aspect"])
    return place["scale"] * np.diag([r, 1 / r]) @ np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])


TURNS = np.arange(-45, 46)  # the turns (degrees) a matched placement chooses among


@lru_cache(maxsize=None)
def _hull(name: str) -> tuple[np.ndarray, np.ndarray]:
    """The object's convex hull points and the aspect (width / height) of its extent at each of TURNS."""
    from scipy.spatial import ConvexHull

    pts = _clean(name)[1]
    hull = pts[ConvexHull(pts).vertices]
    a = np.radians(TURNS)[:, None]
    x = hull[:, 0] * np.cos(a) - hull[:, 1] * np.sin(a)
    y = hull[:, 0] * np.sin(a) + hull[:, 1] * np.cos(a)
    return hull, np.ptp(x, axis=1) / np.ptp(y, axis=1)


def _placement(rng, name: str, match: bool) -> dict:
    """A random size (the longest side of the placed object's extent, independent of the object),
    turn, aspect and place inside the picture. ``match`` (CS1): the extent's aspect ratio is drawn
    first, the same for every object, and the object turned (the least turn that reaches it, plus a
    random one of up to MATCH_TURN) and stretched (at most MAX_ASPECT) to take it."""
    hull, aspects = _hull(name)
    if match:
        target = float(rng.uniform(-1, 1)) * math.log(TARGET_ASPECT)
        gap = np.abs(np.log(aspects) - target)
        ok = gap <= math.log(MAX_ASPECT) + 1e-9
        if not ok.any():
            ok = gap == gap.min()
        least = np.abs(TURNS[ok]).min()
        pick = np.flatnonzero(ok & (np.abs(TURNS) <= least + MATCH_TURN))
        k = int(pick[int(rng.integers(len(pick)))])
        turn = float(TURNS[k])
        f = math.exp(float(np.clip(target - math.log(aspects[k]), -math.log(MAX_ASPECT), math.log(MAX_ASPECT))))
    else:
        turn = round(float(rng.uniform(-MAX_TURN, MAX_TURN)), 2)
        f = math.exp(float(rng.uniform(-1, 1)) * math.log(MAX_ASPECT))
    aspect = round(f, 4)
    longest = float(rng.uniform(*LONGEST)) * SIZE
    pts = hull @ _linear({"turn": turn, "aspect": aspect, "scale": 1.0}).T
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    scale = round(longest / float((hi - lo).max()), 4)
    lo, hi = lo * scale, hi * scale
    free = np.maximum(0.0, SIZE - 2 * MARGIN - (hi - lo))
    dx, dy = (MARGIN + rng.uniform(0, 1, 2) * free - lo).tolist()
    out = {"turn": turn, "aspect": aspect, "scale": scale, "dx": round(dx, 2), "dy": round(dy, 2)}
    if match:
        out["outline"] = round(float(rng.uniform(*OUTLINE)), 2)
    return out


def _icon_item(rng, generation: int, match: bool = False) -> tuple[str, Image.Image, dict | None]:
    name = ICON_NAMES[int(rng.integers(len(ICON_NAMES)))]
    if generation >= 2:
        place = _placement(rng, name, match)
        return name, place_icon(name, place), place
    img, d = canvas(SIZE, SIZE)
    draw_icon(d, name, (16, 16, SIZE - 32))
    return name, img, None


@generations("CS1")
def _cs1(rng, difficulty: str, generation: int) -> Item:
    s = SEVERITY[difficulty]
    name, img, place = _icon_item(rng, generation, match=True)
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
    params = {"object": name, "strokes": strokes, "severity": s}
    if place is not None:
        params["placement"] = place
    return Item("CS1", img, q, "word", name, params=params, answer_format="word", accepted=alts)


def _word_picture(rng, word: str, generation: int) -> tuple[Image.Image, dict]:
    """The clean word picture (256 x 64) and its drawing parameters."""
    w, h = 256, 64
    stretch = float(rng.uniform(0.85, 1.15))
    stroke = int(rng.integers(0, 2))
    if generation >= 2:
        # every letter centred in a cell of the same random pitch (a share of the letter size), so
        # the drawn width is the number of letters times the pitch, whichever the word
        size = int(rng.integers(30, 41))
        pitch = round(float(rng.uniform(0.6, 0.75)) * size * stretch, 2)
        f = font(size)
        tmp, td = canvas(int(math.ceil(w / stretch)), h)  # letters drawn at x / stretch, then all resized
        x0 = (w - pitch * len(word)) / 2
        for i, ch in enumerate(word):
            td.text(((x0 + (i + 0.5) * pitch) / stretch, h / 2), ch, font=f, fill="black", anchor="mm",
                    stroke_width=stroke, stroke_fill="black")
        tmp = tmp.resize((w, h))
        return tmp, {"font_size": size, "stretch": round(stretch, 3), "bold": stroke, "pitch": pitch,
                     "text_width": round(pitch * len(word), 2)}
    size = 46
    f = font(size)
    tw = f.getlength(word) * stretch + 2 * stroke
    scale = 0.9 * w / tw
    size = max(18, min(42, int(size * scale)))
    big_w = int(font(size).getlength(word) + 4 * stroke + 8)
    tmp, td = canvas(big_w, h)
    td.text((big_w / 2, h / 2), word, font=font(size), fill="black", anchor="mm", stroke_width=stroke, stroke_fill="black")
    tmp = tmp.resize((max(1, int(big_w * stretch)), h))
    img, _ = canvas(w, h)
    img.paste(tmp, (int((w - tmp.width) / 2), 0))
    return img, {"font_size": size, "stretch": round(stretch, 3), "bold": stroke}


@generations("CS2")
def _cs2(rng, difficulty: str, generation: int) -> Item:
    s = SEVERITY[difficulty]
    word = WORDS[int(rng.integers(len(WORDS)))]
    img, drawn = _word_picture(rng, word, generation)
    w, h = img.size
    d = ImageDraw.Draw(img)
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
    return Item("CS2", img, q, "word", word, params={"word": word, **drawn, "lines": lines, "dots": dots, "severity": s},
                answer_format="word", accepted=(word,))


@generations("CS3")
def _cs3(rng, difficulty: str, generation: int) -> Item:
    s = SEVERITY[difficulty]
    name, img, place = _icon_item(rng, generation)
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
    params = {"object": name, "white_rects": n_rect, "black_segments": n_seg, "severity": s}
    if place is not None:
        params["placement"] = place
    return Item("CS3", img, q, "word", name, params=params, answer_format="word", accepted=accepted_names(name))


def clean_picture(item: Item) -> Image.Image:
    """The clean object of a CS1/CS3 item where it stands in the picture (no strokes, no snow)."""
    name, place = item.params["object"], item.params.get("placement")
    if place is not None:
        return place_icon(name, place)
    img, d = canvas(SIZE, SIZE)
    draw_icon(d, name, (16, 16, SIZE - 32))
    return img


def canonical(name: str) -> str:
    return icon_label(name)

"""VZ1 Form Board polygons: the target shapes, cuts along lines of a few slopes with exact
(rational) coordinates, areas, and drawing a shape or a piece.
"""
from __future__ import annotations

from functools import lru_cache
from fractions import Fraction as Fr

import numpy as np

from .core import canvas


def _poly(s: str) -> list:
    pts = []
    for seg in s.split(";"):
        a = seg.strip().split("-")[0]
        y, x = map(int, a.split(","))
        pts.append((Fr(x), Fr(y)))
    return pts


VZ1_TARGETS = [_poly(s) for s in (
    "0,1-0,3; 0,3-1,3; 1,3-1,4; 1,4-3,4; 3,4-3,3; 3,3-4,3; 4,3-4,1; 4,1-3,1; 3,1-3,0; 3,0-1,0; 1,0-1,1; 1,1-0,1",
    "0,1-0,3; 0,3-2,4; 2,4-4,3; 4,3-4,1; 4,1-2,0; 2,0-0,1",
    "0,0-0,5; 0,5-5,5; 5,5-5,0; 5,0-0,0",
    "4,0-4,4; 4,4-0,2; 0,2-4,0",
)]


SLOPES = (None, Fr(0), Fr(1), Fr(-1), Fr(2), Fr(-2), Fr(3), Fr(-3))


def area(poly) -> Fr:
    return _area(tuple(poly))


@lru_cache(maxsize=1 << 16)
def _area(poly: tuple) -> Fr:
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1]))) / 2


def _clip(poly, f, sign):
    out = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp, fq = f(p) * sign, f(q) * sign
        if fp >= 0:
            out.append(p)
        if (fp > 0 and fq < 0) or (fp < 0 and fq > 0):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    # remove repeated and collinear vertices
    clean = []
    for v in out:
        if not clean or clean[-1] != v:
            clean.append(v)
    if len(clean) > 1 and clean[0] == clean[-1]:
        clean.pop()
    changed = True
    while changed and len(clean) >= 3:
        changed = False
        for i in range(len(clean)):
            a, b, c = clean[i - 1], clean[i], clean[(i + 1) % len(clean)]
            if (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) == 0:
                clean.pop(i)
                changed = True
                break
    return clean


def cut(poly, point, slope):
    """Split ``poly`` by the line through ``point`` with ``slope`` (None = vertical) into two
    simple pieces, or return None if the line does not cut it into exactly two. (Cached: the
    generators cut the same few shapes again and again; the pieces are never changed in place.)"""
    return _cut(tuple(poly), point, slope)


@lru_cache(maxsize=1 << 16)
def _cut(poly: tuple, point, slope):
    poly = list(poly)
    px, py = point
    if slope is None:
        def f(v): return v[0] - px
    else:
        def f(v): return (v[1] - py) - slope * (v[0] - px)
    a, b = _clip(poly, f, 1), _clip(poly, f, -1)
    if len(a) < 3 or len(b) < 3:
        return None
    for piece in (a, b):
        if sum(1 for v in piece if f(v) == 0) != 2:
            return None
    if area(a) + area(b) != area(poly):
        return None
    return a, b


def _random_cut(rng, poly, min_area):
    xs, ys = [v[0] for v in poly], [v[1] for v in poly]
    for _ in range(60):
        pt = (Fr(int(rng.integers(int(min(xs)), int(max(xs)) + 1))), Fr(int(rng.integers(int(min(ys)), int(max(ys)) + 1))))
        slope = SLOPES[int(rng.integers(len(SLOPES)))]
        res = cut(poly, pt, slope)
        if res and min(area(res[0]), area(res[1])) >= min_area:
            return res, [str(pt[0]), str(pt[1]), None if slope is None else str(slope)]
    return None


def _pj(poly):
    return [[str(x), str(y)] for x, y in poly]


def _draw_poly(d, poly, ox, oy, s, fill, outline="black"):
    d.polygon([(ox + float(x) * s, oy + float(y) * s) for x, y in poly], fill=fill, outline=outline, width=2)


def _piece_panel(poly, s=26):
    xs, ys = [float(v[0]) for v in poly], [float(v[1]) for v in poly]
    w, h = (max(xs) - min(xs)) * s + 16, (max(ys) - min(ys)) * s + 16
    img, d = canvas(max(w, 60), max(h, 60))
    ox = (img.width - (max(xs) - min(xs)) * s) / 2 - min(xs) * s
    oy = (img.height - (max(ys) - min(ys)) * s) / 2 - min(ys) * s
    _draw_poly(d, poly, ox, oy, s, (205, 205, 205))
    # dot hatching: the grid points inside the piece (even-odd rule, vectorised in floats)
    gx, gy = np.meshgrid(np.arange(int(min(xs) * s), int(max(xs) * s) + 1, 6),
                         np.arange(int(min(ys) * s), int(max(ys) * s) + 1, 6), indexing="ij")
    px, py = gx.ravel() / s, gy.ravel() / s
    inside = np.zeros(px.shape, bool)
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        x1, y1, x2, y2 = float(x1), float(y1), float(x2), float(y2)
        if y1 == y2:
            continue
        crosses = (y1 > py) != (y2 > py)
        inside ^= crosses & (px < x1 + (py - y1) * (x2 - x1) / (y2 - y1))
    for x, y in zip(gx.ravel()[inside].tolist(), gy.ravel()[inside].tolist()):
        d.point((ox + x, oy + y), fill=(90, 90, 90))
    return img


def _inside(p, poly) -> bool:
    x, y = p
    c = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            c = not c
    return c

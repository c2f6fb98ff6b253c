"""VZ1 tiling check: whether pieces, moved without turning, exactly fill a shape, and a piece's
shape up to translation.
"""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from .vz1_polygons import area


# VZ1 tiling check: can a set of pieces, moved without turning, exactly fill the target? Every
# vertex has coordinates in 1/60 steps (cut lines through grid points with slopes 0, +-1, +-2,
# +-3 or vertical meet there), so pieces are compared on a sample grid of 60 points per unit,
# offset so that no sample lies on a line of those slopes, and moved by whole samples.
_N = 60


_OFF = (0.1, 0.35)


_DIRS = sorted({math.atan2(dy, dx) % (2 * math.pi) for s_ in (0, 1, -1, 2, -2, 3, -3) for dx, dy in ((1, s_), (-1, -s_))}
               | {math.pi / 2, 3 * math.pi / 2})


_PROBES = [((a + b) / 2) for a, b in zip(_DIRS, _DIRS[1:] + [_DIRS[0] + 2 * math.pi])]
_PROBES = [(math.cos(t) * 1e-4, math.sin(t) * 1e-4) for t in _PROBES]


def _lexmin(poly):
    return min(poly, key=lambda v: (v[1], v[0]))


def _mask(poly, i0, i1, j0, j1):
    """Samples ((i + 0.1) / N, (j + 0.35) / N) inside ``poly``, i in [i0, i1), j in [j0, j1)."""
    xs = (np.arange(i0, i1) + _OFF[0]) / _N
    ys = (np.arange(j0, j1) + _OFF[1]) / _N
    px, py = np.meshgrid(xs, ys, indexing="ij")
    inside = np.zeros(px.shape, bool)
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        x1, y1, x2, y2 = float(x1), float(y1), float(x2), float(y2)
        if y1 == y2:
            continue
        with np.errstate(divide="ignore", invalid="ignore"):
            inside ^= ((y1 > py) != (y2 > py)) & (px < x1 + (py - y1) * (x2 - x1) / (y2 - y1))
    return inside


def _inside_f(x, y, edges) -> bool:
    """Is (x, y) inside the polygon of float ``edges`` ((x1, y1, x2, y2), non-horizontal)?"""
    c = False
    for x1, y1, x2, y2 in edges:
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            c = not c
    return c


def _fedges(poly):
    f = [(float(x), float(y)) for x, y in poly]
    return [(x1, y1, x2, y2) for (x1, y1), (x2, y2) in zip(f, f[1:] + f[:1]) if y1 != y2]


@lru_cache(maxsize=64)
def _target_mask(target: tuple):
    W = int(math.ceil(max(float(v[0]) for v in target) * _N))
    H = int(math.ceil(max(float(v[1]) for v in target) * _N))
    free = _mask(list(target), 0, W, 0, H)
    free.flags.writeable = False
    return W, H, free


@lru_cache(maxsize=1 << 14)
def _piece_mask(p: tuple):
    """The piece moved so that its lowest-leftmost vertex is at 0, its sample window and mask."""
    m = _lexmin(p)
    q = [(x - m[0], y - m[1]) for x, y in p]
    i0, i1 = math.floor(min(float(v[0]) for v in q) * _N), math.ceil(max(float(v[0]) for v in q) * _N)
    j1 = math.ceil(max(float(v[1]) for v in q) * _N)
    mask = _mask(q, i0, i1, 0, j1)
    mask.flags.writeable = False
    return q, i0, i1, j1, mask


def tiles(target, pieces) -> bool:
    """Do ``pieces`` (translated only) exactly tile ``target``? The lowest (then leftmost) point
    of what is still uncovered is a vertex of the target or of a placed piece, and the piece
    covering it has it as its own lowest-leftmost vertex: so each step tries every unused piece
    at that one position (complete), checking on the sample grid that it fits the uncovered part."""
    if sum(area(p) for p in pieces) != area(target):
        return False
    W, H, free0 = _target_mask(tuple(target))
    rel = [_piece_mask(tuple(p)) for p in pieces]

    tedges = _fedges(target)

    def search(free, placed, left):
        if not left:
            return not free.any()
        verts = {v for v in target} | {v for pl in placed for v in pl}
        pedges = [_fedges(pl) for pl in placed]
        touch = []
        for v in verts:
            fx, fy = float(v[0]), float(v[1])
            for dx, dy in _PROBES:
                x, y = fx + dx, fy + dy
                if _inside_f(x, y, tedges) and not any(_inside_f(x, y, pe) for pe in pedges):
                    touch.append(v)
                    break
        if not touch:
            return False
        v = min(touch, key=lambda u: (u[1], u[0]))
        vi, vj = int(v[0] * _N), int(v[1] * _N)
        tried = set()
        for n in left:
            q, i0, i1, j1, m = rel[n]
            shape = tuple(q)
            if shape in tried:
                continue
            tried.add(shape)
            a0, a1, b1 = vi + i0, vi + i1, vj + j1
            if a0 < 0 or a1 > W or b1 > H:
                continue
            window = free[a0:a1, vj:b1]
            if (m & ~window).any():
                continue
            f2 = free.copy()
            f2[a0:a1, vj:b1] &= ~m
            if search(f2, placed + [[(x + v[0], y + v[1]) for x, y in q]], [o for o in left if o != n]):
                return True
        return False

    return search(free0, [], list(range(len(pieces))))


def _shape_key(poly):
    return _shape_key_t(tuple(poly))


@lru_cache(maxsize=1 << 16)
def _shape_key_t(poly: tuple):
    m = _lexmin(poly)
    return tuple(sorted((x - m[0], y - m[1]) for x, y in poly))

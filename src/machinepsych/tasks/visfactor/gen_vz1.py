"""Visualization: VZ1 Form Board (VZ2 is in ``gen_vz2.py``, VZ3 in ``gen_cube.py``).

See ``docs/visfactor.md#generators`` (VZ1, VZ2, VZ3)."""
from __future__ import annotations

import itertools
import math
from functools import lru_cache, partial
from fractions import Fraction as Fr

import numpy as np

from .core import Item, canvas, generations, labelled_row

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


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


def _turned(poly, how: str):
    """``poly`` mirrored left-right ("x"), top-bottom ("y") or turned half round ("r")."""
    f = {"x": lambda x, y: (-x, y), "y": lambda x, y: (x, -y), "r": lambda x, y: (-x, -y)}[how]
    out = [f(x, y) for x, y in poly]
    if how != "r":
        out = out[::-1]  # keep the orientation of the vertex order
    mx, my = min(v[0] for v in out), min(v[1] for v in out)
    return [(x - mx, y - my) for x, y in out]


def _partition(rng, poly, k):
    """``poly`` cut into ``k`` pieces (each cut splits the largest piece; pieces >= 1 square):
    (pieces, cuts), or None where a cut was not found."""
    pieces, cuts = [poly], []
    while len(pieces) < k:
        pieces.sort(key=area, reverse=True)
        res = _random_cut(rng, pieces[0], Fr(1))
        if res is None:
            return None
        (a, b), c = res
        pieces = pieces[1:] + [a, b]
        cuts.append(c)
    return pieces, cuts


def _subsets_of_area(areas, total) -> list[tuple[int, ...]]:
    """The sets of pieces (index tuples, by size, then in order) whose areas add up to ``total``."""
    den = math.lcm(total.denominator, *(a.denominator for a in areas))
    ints, goal = [a.numerator * (den // a.denominator) for a in areas], total.numerator * (den // total.denominator)
    return [s for r in range(1, len(areas) + 1) for s in itertools.combinations(range(len(areas)), r)
            if sum(ints[i] for i in s) == goal]


def _with_wrong(rng, target, k: int, wrong):
    """``target`` cut into ``k`` pieces (_partition) and 5 - k wrong pieces, each made by
    ``wrong(rng, pieces)`` (None where it found none; 40 tries in all): (the five pieces, the
    cuts), or None where the cut or the wrong pieces were not found."""
    part = _partition(rng, target, k)
    if part is None:
        return None
    pieces, cuts = part
    distractors = []
    for _ in range(40):
        if len(distractors) == 5 - k:
            break
        piece = wrong(rng, pieces)
        if piece is not None:
            distractors.append(piece)
    return None if len(distractors) < 5 - k else (pieces + distractors, cuts)


def _fragment(rng, pieces, whole=None):
    """A wrong piece: one part of a cut of a random piece (at least half a square), or with
    ``whole`` one part of a cut of the whole shape (at least a square); None where none was found."""
    src = pieces[int(rng.integers(len(pieces)))]
    res = _random_cut(rng, src if whole is None else whole, Fr(1, 2) if whole is None else Fr(1))
    return None if res is None else res[0][int(rng.integers(2))]


def _vz1_search_v1(rng, target, tarea):
    """Generation 1: the solution and wrong pieces cut from its pieces (fragments); only the
    solution has the shape's area."""
    for _ in range(200):
        # [decision] five pieces all used only with probability 1/32 (chance of an all-true reply),
        # else 2-4 uniformly: with k ~ U{2..5} "all pieces" was right in 25% of items, 8x chance
        k = 5 if rng.random() < 1 / 32 else int(rng.integers(2, 5))
        made = _with_wrong(rng, target, k, _fragment)
        if made is None:
            continue
        allp, cuts = made
        # unique solution: only the solution set has the target's total area
        if _subsets_of_area([area(p) for p in allp], tarea) == [tuple(range(k))]:
            return allp, [True] * k + [False] * (5 - k), cuts
    raise RuntimeError("VZ1 generation failed")  # pragma: no cover


def _wrong_v2(rng, pieces, target):
    """Generation 2's wrong piece: of three kinds (see _vz1_search_v2)."""
    kind = (0, 0, 1, 2)[int(rng.integers(4))]
    if kind == 0:
        src = pieces[int(rng.integers(len(pieces)))]
        return _turned(src, "xyr"[int(rng.integers(3))])
    return _fragment(rng, pieces, None if kind == 1 else target)


def _vz1_search_v2(rng, target, tarea):
    """Generation 2: the solution and wrong pieces of three kinds (turned, fragment, other cut)."""
    for _ in range(400):
        # [decision] 2-5 pieces used, with probabilities proportional to the number of sets of
        # that size (10 : 10 : 5 : 1), as in a random set of at least two of the five: no count of
        # pieces is right in more than 1/26 of items (version 1: five with probability 1/32, else
        # 2-4 uniformly; before that U{2..5}, "all pieces" right in 25% of items)
        k = (2, 3, 4, 5)[int(np.searchsorted(np.cumsum([10, 10, 5, 1]), rng.random() * 26, side="right"))]
        # [decision] wrong pieces of three kinds: a solution piece mirrored or turned half round
        # (the same area, a shape that does not fit), a fragment cut from a solution piece (the
        # official kind, smaller) and one part of another cut of the whole shape (often larger).
        # Made only of fragments, the wrong pieces were the smallest ones: taking the largest
        # pieces until the shape's area was filled solved 51-58% of items (chance 3.1%).
        made = _with_wrong(rng, target, k, partial(_wrong_v2, target=target))
        if made is None:
            continue
        allp, cuts = made
        if len({_shape_key(p) for p in allp}) < 5:
            continue  # two pieces of the same shape
        truth = [True] * k + [False] * (5 - k)
        # unique solution: no other set of pieces fills the shape (sets of the right total area
        # are tried by the tiling check); [decision] and at least one other set has the shape's
        # area, so adding up areas does not find the answer (version 1 required the opposite:
        # only the solution had the right total area)
        areas = [area(p) for p in allp]
        subsets = _subsets_of_area(areas, tarea)
        if len(subsets) < 3 or any(s != tuple(range(k)) and tiles(target, [allp[i] for i in s]) for s in subsets):
            continue
        # [decision] the pieces a "largest first until the area is filled" rule would take are the
        # solution in only 1/4 of the items where they would be (thinned like CF1's keys)
        big = sorted(range(5), key=lambda i: -areas[i])
        if {*big[:k]} == set(range(k)) and sum(areas[i] for i in big[:k]) == tarea and len({areas[i] for i in big[:k + 1]}) == min(k + 1, 5) \
                and rng.random() >= 0.25:
            continue
        break
    else:  # pragma: no cover
        raise RuntimeError("VZ1 generation failed")
    return allp, truth, cuts


@lru_cache(maxsize=1 << 16)
def _turns(poly: tuple) -> tuple[str, ...]:
    """The ways of turning ``poly`` (mirrored left-right, top-bottom, half turn) that change its shape."""
    key = _shape_key(poly)
    return tuple(how for how in "xyr" if _shape_key(_turned(list(poly), how)) != key)


def _turn_one(rng, group):
    """``group`` with one piece that turning changes mirrored or turned half round (left where
    it was cut), or None where no piece changes."""
    turnable = [i for i, q in enumerate(group) if _turns(tuple(q))]
    if not turnable:
        return None
    j = turnable[int(rng.integers(len(turnable)))]
    ways = _turns(tuple(group[j]))
    turned = _turned(group[j], ways[int(rng.integers(len(ways)))])
    mx, my = min(v[0] for v in group[j]), min(v[1] for v in group[j])
    return group[:j] + [[(x + mx, y + my) for x, y in turned]] + group[j + 1:]


def _other_fillers(tarea, sol, wrong):
    """The sets of the pieces ``sol`` + ``wrong`` other than ``sol`` that the tiling check must
    reject (those of the shape's area), or None where two pieces have the same shape or fewer
    than four sets have the shape's area."""
    allp = sol + wrong
    if len({_shape_key(q) for q in allp}) < 5:
        return None
    subsets = _subsets_of_area([area(q) for q in allp], tarea)
    own = tuple(range(len(sol)))
    return None if len(subsets) < 4 else [[allp[i] for i in s] for s in subsets if s != own]


def _vz1_search_v3(rng, target, tarea):
    """Generation 3: the five pieces are two cuts of the shape, one into two pieces and one into
    three; one group is the solution (even odds) and one piece of the other group is mirrored or
    turned half round so that it no longer fits. Both groups have the shape's area and are made
    by the same process, and a pair of cuts is kept only if either group could be the solution
    (each with a piece of the other turned), so no property of a piece (area, share, vertices,
    slant, size rank) and no total tells the solution from the other group; which group fits is
    the question. Cuts into two and into three pieces are drawn into two pools and paired, which
    needs fewer cuts than drawing both anew for every try."""
    pools: tuple[list, list] = ([], [])
    tried: set = set()
    for _ in range(150):
        for pool, n in zip(pools, (2, 3)):
            part = _partition(rng, target, n)
            if part is not None:
                pool.append(part)
        for pair in itertools.product(range(len(pools[0])), range(len(pools[1]))):
            if pair in tried:
                continue
            tried.add(pair)
            (two, cuts2), (three, cuts3) = pools[0][pair[0]], pools[1][pair[1]]
            # [decision] at least four sets of pieces (the two groups and another pair) have the
            # shape's area, so adding up areas leaves at least four candidates
            if len(_subsets_of_area([area(q) for q in two + three], tarea)) < 4:
                continue
            two_t, three_t = _turn_one(rng, two), _turn_one(rng, three)
            # [decision] either group could be the solution: without this, the two-piece group's
            # cut was slanted more often when it was the wrong group (its turned piece had to
            # change shape and not fit), which a learner read (54% of k from the groups' slants)
            if two_t is None or three_t is None:
                continue
            a, b = _other_fillers(tarea, two, three_t), _other_fillers(tarea, three, two_t)
            # unique solution: no other set of pieces fills the shape
            if a is None or b is None or any(tiles(target, ps) for ps in a + b):
                continue
            if rng.random() < 0.5:
                return two + three_t, [True] * 2 + [False] * 3, cuts2
            return three + two_t, [True] * 3 + [False] * 2, cuts3
    raise RuntimeError("VZ1 generation failed")  # pragma: no cover


# Generation 4: pieces of unit squares drawn before the key (see _vz1_search_v4).
VZ1_SQUARES = {"easy": 4, "normal": 5, "hard": 6}  # squares per piece
VZ1_MAX_SIDE = 6  # the shape's width and height at most, in squares
VZ1_USED = 3  # pieces used, always: any three pieces have the shape's area


def outline(cells) -> list | None:
    """The polygon (x = column, y = row; collinear corners merged) of a set of unit squares, or
    None where they are not one simply connected piece without pinched corners."""
    ring = _ring(cells)
    if ring is None:
        return None
    pts = [p for i, p in enumerate(ring) if (ring[i - 1][0] == p[0]) != (p[0] == ring[(i + 1) % len(ring)][0])]
    return [(Fr(x), Fr(y)) for x, y in pts]


def _ring(cells) -> list | None:
    """The border of a set of unit squares as a ring of grid points (see :func:`outline`)."""
    sides = set()
    for r, c in cells:  # each square's sides, clockwise on the page
        sides |= {((c, r), (c + 1, r)), ((c + 1, r), (c + 1, r + 1)), ((c + 1, r + 1), (c, r + 1)), ((c, r + 1), (c, r))}
    border = {e for e in sides if (e[1], e[0]) not in sides}
    nxt: dict = {}
    for a, b in border:
        if a in nxt:
            return None  # two squares meet at a corner only
        nxt[a] = b
    start = min(nxt)
    ring, v = [start], nxt[start]
    while v != start:
        ring.append(v)
        v = nxt[v]
    return None if len(ring) != len(border) else ring  # else a hole, or parts apart


def cells_tile(board: frozenset, pieces) -> bool:
    """Do ``pieces`` (sets of squares (row, column), moved without turning) exactly cover
    ``board``? The first uncovered square (by row, then column) must be the first square of the
    piece covering it, so each step tries every unused piece at one place (complete)."""
    if sum(len(p) for p in pieces) != len(board):
        return False

    def search(free: frozenset, left: tuple) -> bool:
        if not left:
            return not free
        r0, c0 = min(free)
        for k, p in enumerate(left):
            pr, pc = min(p)
            placed = {(r - pr + r0, c - pc + c0) for r, c in p}
            if placed <= free and search(free - placed, left[:k] + left[k + 1:]):
                return True
        return False

    return search(frozenset(board), tuple(pieces))


def _at_origin(cells) -> frozenset:
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def _neighbours(cells) -> list:
    """The squares beside ``cells`` (sharing a side), sorted."""
    return sorted({(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))} - set(cells))


def _grown_piece(rng, n: int) -> frozenset:
    """A random piece of ``n`` unit squares: from one square, a uniformly drawn square beside
    the piece is added until it has ``n``."""
    cells = {(0, 0)}
    while len(cells) < n:
        nb = _neighbours(cells)
        cells.add(nb[int(rng.integers(len(nb)))])
    return _at_origin(cells)


def _assemble(rng, pieces: list) -> tuple[frozenset, list] | None:
    """The pieces put together into one shape, in a random order, each next one beside what is
    placed (touching along a side, no overlap, no hole, no two squares meeting at a corner only,
    at most :data:`VZ1_MAX_SIDE` wide and tall) at a place that keeps the shape's bounding box
    smallest (ties drawn): (the shape's squares, each piece's (row, column) offset), or None
    where a piece has no such place."""
    order = [int(i) for i in rng.permutation(len(pieces))]
    shape, offsets = set(pieces[order[0]]), {order[0]: (0, 0)}
    for k in order[1:]:
        p = pieces[k]
        moves = sorted({(u[0] - r, u[1] - c) for u in _neighbours(shape) for r, c in p})
        boxes: dict = {}  # bounding-box area -> the places giving it, in the order of moves
        r0, r1, c0, c1 = min(r for r, _ in shape), max(r for r, _ in shape), min(c for _, c in shape), max(c for _, c in shape)
        h, w = max(r for r, _ in p), max(c for _, c in p)  # the piece is at the origin
        for dr, dc in moves:
            height, width = max(r1, dr + h) - min(r0, dr) + 1, max(c1, dc + w) - min(c0, dc) + 1
            if height > VZ1_MAX_SIDE or width > VZ1_MAX_SIDE:
                continue
            placed = {(r + dr, c + dc) for r, c in p}
            if not placed & shape:
                boxes.setdefault(height * width, []).append(((dr, dc), placed))
        # the smallest box with a place that leaves one simply connected shape (checked lazily)
        fits = next((f for _, group in sorted(boxes.items())
                     if (f := [(o, pl) for o, pl in group if _ring(shape | pl) is not None])), None)
        if not fits:
            return None
        off, placed = fits[int(rng.integers(len(fits)))]
        shape |= placed
        offsets[k] = off
    r0, c0 = min(r for r, _ in shape), min(c for _, c in shape)
    return frozenset((r - r0, c - c0) for r, c in shape), [(offsets[k][0] - r0, offsets[k][1] - c0) for k in range(len(pieces))]


def _vz1_search_v4(rng, n: int):
    """Generation 4: five different pieces of ``n`` squares are drawn first, knowing nothing of
    the key; every set of three is put together into a shape that no other three pieces fill
    (eight tries each; new pieces where a set finds none); then one set, drawn uniformly, is the
    solution and its shape is shown. Given the pieces, each of the ten sets of three is the key
    with probability exactly 1/10, so no rule on the pieces alone (their areas, corners,
    perimeters, sizes) and the shape's area (always 3n) beats 1/10: only fitting the pieces into
    the shape tells. Returns (pieces, truth, shape's squares, the used pieces' offsets)."""
    sets = list(itertools.combinations(range(5), VZ1_USED))
    for _ in range(400):
        pieces = [_grown_piece(rng, n) for _ in range(5)]
        if len(set(pieces)) < 5:
            continue  # two pieces of the same shape
        shapes = []
        for s in sets:
            for _ in range(8):
                made = _assemble(rng, [pieces[i] for i in s])
                if made is not None and not any(cells_tile(made[0], [pieces[i] for i in o]) for o in sets if o != s):
                    shapes.append(made)
                    break
            else:
                break
        if len(shapes) < len(sets):
            continue  # some set of three makes no shape of its own: new pieces
        j = int(rng.integers(len(sets)))
        offsets = dict(zip(sets[j], shapes[j][1]))
        return pieces, [i in sets[j] for i in range(5)], shapes[j][0], [offsets.get(i) for i in range(5)]
    raise RuntimeError("VZ1 generation failed")  # pragma: no cover


# [decision] generation 4 (issue 30): the pieces are drawn first and the key last, uniformly
# among the ten sets of three, each of which makes a shape of its own (see _vz1_search_v4).
# Generation 3 cut the shape twice, into two and into three pieces, and a coin chose the
# solution group: taking the largest pieces that still fit landed on a group in about half the
# items (24% right, chance 5%), and the sets of the shape's area with the fewest corners or the
# largest bounding boxes were right in 28-31%. A tried generation 4 (d9d026f, not adopted) cut
# one board into thirds and drew the wrong pieces from other cuts: the used pieces fitted one
# board together and the wrong ones did not, which boosted trees read off widths and heights.
@generations("VZ1")
def _vz1(rng, difficulty: str, generation: int) -> Item:
    if generation >= 4:
        cells, truth, board, offsets = _vz1_search_v4(rng, VZ1_SQUARES[difficulty])
        target, allp = outline(board), [outline(c) for c in cells]
        extra = {"squares": [sorted(map(list, c)) for c in cells],
                 "offsets": [None if o is None else list(o) for o in offsets]}
    else:
        ti = int(rng.integers(4))
        target = VZ1_TARGETS[ti]
        search = {1: _vz1_search_v1, 2: _vz1_search_v2, 3: _vz1_search_v3}[generation]
        allp, truth, cuts = search(rng, target, area(target))
        extra = {"target": ti}
    order = [int(i) for i in rng.permutation(5)]
    allp = [allp[i] for i in order]
    truth = [truth[i] for i in order]
    if generation >= 4:
        extra = {k: [v[i] for i in order] for k, v in extra.items()}
        w, h = int(max(v[0] for v in target)), int(max(v[1] for v in target))
    else:
        w = h = 5
    img_t, d = canvas(w * 26 + 24, h * 26 + 24)
    _draw_poly(d, target, 12, 12, 26, "white")
    panels = [_piece_panel(p) for p in allp]
    img = labelled_row([img_t] + panels, ["shape"] + [str(i + 1) for i in range(5)])
    gold = tuple("T" if t else "F" for t in truth)
    q = ("Which of the pieces 1-5 together exactly make the shape on the left? Any number of pieces may be needed." + OUT +
         ' Give five T/F values (T = the piece is used), e.g. {"answer": ["T", "F", "T", "T", "F"]}.')
    return Item("VZ1", img, q, "rows", gold, tuple("12345"),
                [(f"Is piece {i + 1} part of the solution?", g) for i, g in enumerate(gold)], q,
                {**({"target": extra.pop("target")} if generation < 4 else {}), "target_poly": _pj(target),
                 "pieces": [_pj(p) for p in allp], **({"cuts": cuts} if generation < 4 else extra)}, "5 x T/F")

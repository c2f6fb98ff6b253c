"""VZ1 generation 4: pieces of unit squares drawn first, the shape three of them make last.
"""
from __future__ import annotations

import itertools
from fractions import Fraction as Fr


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

"""Visualization: VZ1 Form Board (VZ2 is in ``gen_vz2.py``, VZ3 in ``gen_cube.py``).

See ``docs/visfactor.md#generators`` (VZ1, VZ2, VZ3)."""
from __future__ import annotations

import itertools
import math
from functools import lru_cache, partial
from fractions import Fraction as Fr

import numpy as np

from .core import Item, canvas, generations, labelled_row
from .vz1_polygons import VZ1_TARGETS, _draw_poly, _piece_panel, _pj, _random_cut, area
from .vz1_squares import VZ1_SQUARES, _vz1_search_v4, outline
from .vz1_tiling import _shape_key, tiles


OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


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

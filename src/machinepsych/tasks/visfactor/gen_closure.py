"""Closure flexibility (CF1 Hidden Figures, CF2 Hidden Patterns, CF3 Copying).

See ``docs/visfactor.md#generators`` (CF1, CF2, CF3 and the fixed figures)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from .core import (LETTERS, Draws, Item, canvas, draw_edges, edges_json, framed, generations, labelled_row, lattice_edges,
                   mc_rows, norm_edge, stack, text_center)

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


def _parse_fig(s: str) -> set:
    out = set()
    for seg in s.split(";"):
        a, b = seg.strip().split("-")
        out.add(norm_edge(tuple(map(int, a.split(","))), tuple(map(int, b.split(",")))))
    return out


CF1_MODELS = [_parse_fig(s) for s in (
    "0,1-0,2; 0,2-0,3; 0,3-1,2; 1,2-2,2; 2,2-2,1; 2,1-1,0; 1,0-0,1",
    "0,0-0,1; 0,1-0,2; 0,2-0,3; 0,3-1,2; 1,2-2,1; 2,1-1,1; 1,1-0,0",
    "1,0-1,1; 1,1-0,2; 0,2-0,3; 0,3-1,3; 1,3-2,2; 2,2-2,1; 2,1-1,0",
    "2,0-1,1; 1,1-0,2; 0,2-1,3; 1,3-2,3; 2,3-2,2; 2,2-2,1; 2,1-2,0",
    "2,0-1,1; 1,1-0,1; 0,1-1,2; 1,2-1,3; 1,3-2,2; 2,2-2,1; 2,1-2,0",
)]
# How often each figure A-E is the single embedded one in unconstrained patterns, per grid size
# (measured; used to thin patterns to a uniform key, see _cf1_item).
CF1_KEY_SHARE = {5: (0.0873, 0.2217, 0.1207, 0.4727, 0.0977), 6: (0.1023, 0.2547, 0.0977, 0.447, 0.0983),
                 7: (0.11, 0.2733, 0.0977, 0.426, 0.093)}
CF2_MODEL = _parse_fig("0,2-0,1; 0,1-1,1; 1,1-2,0; 1,1-2,2")


def contains_at(pattern: set, model: set, rows: int, cols: int, anywhere: bool = True) -> bool:
    """Is ``model`` (translated, never rotated) a subset of ``pattern``'s edges?"""
    if not anywhere:
        return model <= pattern
    return any(all(e in pattern for e in placed) for placed in _placements(frozenset(model), rows, cols))


@lru_cache(maxsize=64)
def _placements(model: frozenset, rows: int, cols: int) -> tuple:
    """Every translation of ``model`` that fits a rows x cols lattice, as tuples of edges."""
    mr = max(max(a[0], b[0]) for a, b in model)
    mc = max(max(a[1], b[1]) for a, b in model)
    return tuple(tuple(norm_edge((a[0] + dr, a[1] + dc), (b[0] + dr, b[1] + dc)) for a, b in sorted(model))
                 for dr in range(rows - mr) for dc in range(cols - mc))


@lru_cache(maxsize=8)
def _lattice(rows: int, cols: int):
    """The lattice's edges, the border's edges, for each point the indices of its edges, and
    each edge's index."""
    edges = lattice_edges(rows, cols)
    perim = set()
    for c in range(cols - 1):
        perim |= {norm_edge((0, c), (0, c + 1)), norm_edge((rows - 1, c), (rows - 1, c + 1))}
    for r in range(rows - 1):
        perim |= {norm_edge((r, 0), (r + 1, 0)), norm_edge((r, cols - 1), (r + 1, cols - 1))}
    at: dict = {}
    for i, (a, b) in enumerate(edges):
        at.setdefault(a, []).append(i)
        at.setdefault(b, []).append(i)
    return tuple(edges), frozenset(perim), {p: tuple(v) for p, v in at.items()}, {e: i for i, e in enumerate(edges)}


@lru_cache(maxsize=8)
def _model_masks(rows: int, cols: int) -> tuple:
    """For each CF1 figure, the bit mask (over the lattice's edge indices) of each placement."""
    index = _lattice(rows, cols)[3]
    return tuple(tuple(sum(1 << index[e] for e in placed) for placed in _placements(frozenset(m), rows, cols))
                 for m in CF1_MODELS)


def _grow_pattern(rng, rows: int, cols: int) -> tuple[set, int]:
    """A pattern: the border plus random edges touching it, up to a target count; returned with
    its bit mask over the lattice's edge indices."""
    import bisect

    all_edges, perim, at, index = _lattice(rows, cols)
    target = max(len(perim), round(float(np.clip(rng.normal(0.2, 0.2), 0, 1)) * len(all_edges)))
    pattern = set(perim)
    mask = sum(1 << index[e] for e in perim)
    # candidates: edges not in the pattern that touch it, kept in the lattice's edge order
    touched = {p for e in pattern for p in e}
    cand = sorted({i for p in touched for i in at[p]} - {index[e] for e in pattern})
    while len(pattern) < target:
        i = cand.pop(int(rng.integers(len(cand))))
        e = all_edges[i]
        pattern.add(e)
        mask |= 1 << i
        for p in e:
            if p not in touched:
                touched.add(p)
                for j in at[p]:
                    if not mask >> j & 1:
                        k = bisect.bisect_left(cand, j)
                        if k == len(cand) or cand[k] != j:
                            cand.insert(k, j)
    return pattern, mask


@lru_cache(maxsize=1)
def _cf1_lures() -> tuple:
    """For each CF1 figure, its lures (generation 2): the figure with one line moved one step
    (to a parallel line of the same direction) inside the figure's bounding box, never onto
    another of its lines: the figure's size, box and direction counts, one line off."""
    out = []
    for m in CF1_MODELS:
        pts = [q for e in m for q in e]
        rows, cols = max(r for r, _ in pts), max(c for _, c in pts)
        lures = set()
        for e in sorted(m):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    (r1, c1), (r2, c2) = e
                    f = norm_edge((r1 + dr, c1 + dc), (r2 + dr, c2 + dc))
                    if f not in m and all(0 <= r <= rows and 0 <= c <= cols for r, c in f):
                        lures.add(frozenset((m - {e}) | {f}))
        out.append(tuple(sorted(tuple(sorted(lure)) for lure in lures)))
    return tuple(out)


def _cf1_pattern_v2(rng, size: int, key: int) -> tuple[set, list]:
    """Generation 2's pattern: the border, figure ``key`` and a lure of each other figure, each at
    a random position, plus a few random lines; drawn again until only ``key`` is embedded."""
    all_edges, perim, _, index = _lattice(size, size)
    masks = _model_masks(size, size)
    while True:
        pattern = set(perim)
        for j, m in enumerate(CF1_MODELS):
            shape = m if j == key else _cf1_lures()[j][int(rng.integers(len(_cf1_lures()[j])))]
            placed = _placements(frozenset(shape), size, size)
            pattern.update(placed[int(rng.integers(len(placed)))])
        rest = [e for e in all_edges if e not in pattern]
        for i in rng.choice(len(rest), size=int(rng.integers(size + 1)), replace=False):
            pattern.add(rest[int(i)])
        mask = sum(1 << index[e] for e in pattern)
        inside = [any(pm & mask == pm for pm in placements) for placements in masks]
        if inside == [j == key for j in range(5)]:
            return pattern, inside


def _cf1_pattern_v1(rng, size: int) -> tuple[set, list]:
    """Generation 1's pattern (see _cf1_item)."""
    # [decision] patterns are thinned to a uniform key: a pattern whose single embedded figure
    # is k is kept with probability min(share) / share[k], where share[k] is how often figure k
    # is the one embedded in unconstrained patterns (measured over 3,000 items per grid size).
    # Without this, B and D (whose lower edges run along the always-drawn border) were the key
    # of ~70% of items (D alone ~45%); thinning keeps the patterns' distribution given the key.
    share = CF1_KEY_SHARE[size]
    for _ in range(20000):
        pattern, mask = _grow_pattern(rng, size, size)
        inside = [any(pm & mask == pm for pm in placements) for placements in _model_masks(size, size)]
        # [decision] exactly one model embedded so the MC question has one answer and the
        # split rows derive from it (the official generator allows 1-4 and is MC-ambiguous).
        if sum(inside) == 1 and rng.random() < min(share) / share[inside.index(True)]:
            return pattern, inside
    raise RuntimeError("CF1: no pattern with exactly one embedded model")  # pragma: no cover


# [decision] generation 2: the key is drawn first (uniform) and the pattern is built from the
# border, the key figure and a lure of each other figure (that figure with one line moved one
# step, same direction), each at a random position, plus 0..grid random lines; it is drawn
# again until the key is the only figure embedded. Generation 1 grew random patterns and kept
# those with one embedded figure (thinned to a uniform key): which figure that was depended
# on the pattern's density and direction mix (the figure's own lines are in it), so "pattern
# edges" and "direction profile match" by figure position beat chance (boosted trees 26% of
# split items, chance 20%). Now every figure, or a near miss of it, is in every pattern.
@generations("CF1")
def _cf1_item(rng, difficulty: str, generation: int) -> Item:
    size = {"easy": 5, "normal": 6, "hard": 7}[difficulty]
    if generation >= 2:
        pattern, inside = _cf1_pattern_v2(rng, size, int(rng.integers(5)))
    else:
        pattern, inside = _cf1_pattern_v1(rng, size)
    gold = LETTERS[inside.index(True)]
    models = [framed(draw_edges(m, 3, 4)) for m in CF1_MODELS]
    top = labelled_row(models, list(LETTERS[:5]), title="Simple figures")
    bottom = labelled_row([draw_edges(pattern, size, size)], [""], title="Pattern")
    labels = tuple(LETTERS[:5])
    return Item(
        "CF1", stack([top, bottom]),
        "Which one of the five simple figures (A, B, C, D or E) is hidden in the pattern? It appears with the same size and "
        "orientation, possibly with other lines through it." + OUT + ' Answer with one letter, e.g. {"answer": "C"}.',
        "mc", gold, labels, mc_rows(labels, gold, "figure"),
        "For each simple figure A-E, say whether it is hidden in the pattern (same size and orientation)." + OUT +
        ' Give a list of five T/F values in the order A-E, e.g. {"answer": ["T", "F", "F", "F", "F"]}.',
        {"grid": size, "pattern": edges_json(pattern), "contained": [bool(x) for x in inside]},
        "letter A-E",
    )


@lru_cache(maxsize=1)
def _cf2_pairs() -> tuple:
    """CF2's model / lure pairs (generation 3): every unordered pair of four-line figures of the
    3 x 3 lattice (connected, five dots) where one is the other with one line moved to another
    place of the same direction, with the same degrees (sorted) at their five dots."""
    from itertools import combinations

    def degrees(f):
        deg: dict = {}
        for a, b in f:
            deg[a] = deg.get(a, 0) + 1
            deg[b] = deg.get(b, 0) + 1
        return deg

    def connected(f):
        deg = degrees(f)
        if len(deg) != 5:
            return False
        seen, todo = set(), [next(iter(deg))]
        while todo:
            v = todo.pop()
            if v not in seen:
                seen.add(v)
                todo += [b if a == v else a for a, b in f if v in (a, b)]
        return len(seen) == 5

    def direction(e):
        return e[1][0] - e[0][0], e[1][1] - e[0][1]

    edges = _cf2_lattice()[0]
    trees = {frozenset(c) for c in combinations(edges, 4) if connected(c)}
    pairs = set()
    for f in trees:
        for e in f:
            for g in edges:
                h = (f - {e}) | {g}
                if g not in f and direction(g) == direction(e) and h in trees and \
                        sorted(degrees(h).values()) == sorted(degrees(f).values()):
                    pairs.add(frozenset((f, h)))
    return tuple(sorted(tuple(sorted(tuple(sorted(f)) for f in pair)) for pair in pairs))


@lru_cache(maxsize=1)
def _cf2_lattice():
    edges = lattice_edges(3, 3)
    nbrs: dict = {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    return edges, nbrs


def _official_lines(draws) -> int:
    """The official design's number of lines of a figure: N(4, 4) clipped to [8, 20]."""
    return int(min(20, max(8, round(draws.normal(0.2 * 20, 0.2 * 20)))))


def _cf2_lines(draws) -> int:
    """A figure's number of lines: the official design's, a spanning tree (8 lines) plus random
    extra lines up to N(4, 4) clipped to [8, 20], drawn before the figure and whatever its key;
    20 (every line, which always contains the model) is drawn again."""
    while True:
        target = _official_lines(draws)
        if target < 20:
            return target


def _shuffle(draws, seq: list) -> list:
    """``seq`` shuffled in place (Fisher-Yates, from the last place down) and returned."""
    for i in range(len(seq) - 1, 0, -1):
        j = draws.index(i + 1)
        seq[i], seq[j] = seq[j], seq[i]
    return seq


def _spanning_pattern(draws, lines: int | None) -> set:
    """A random spanning tree of the 3 x 3 lattice (depth-first) plus random extra edges up to
    ``lines`` edges in all (the official design draws that number per figure; generation 1 drew
    it after the tree, ``lines`` None, and kept 20); ``draws`` gives uniform numbers in blocks
    (a few hundred patterns are drawn per item)."""
    n = 3
    all_edges, nbrs = _cf2_lattice()
    start = (draws.index(n), draws.index(n))
    seen, stackp, tree = {start}, [start], set()
    while stackp:
        v = stackp[-1]
        opts = [w for w in nbrs[v] if w not in seen]
        if not opts:
            stackp.pop()
            continue
        w = opts[draws.index(len(opts))]
        tree.add(norm_edge(v, w))
        seen.add(w)
        stackp.append(w)
    if lines is None:
        lines = _official_lines(draws)
    rest = _shuffle(draws, [e for e in all_edges if e not in tree])
    return tree | set(rest[: max(0, lines - len(tree))])


def _pattern_around(draws, lines: int, held: set) -> set:
    """A figure of ``lines`` lines holding ``held`` (a tree of the 3 x 3 lattice): the lattice's
    other edges in random order, those joining two parts added as in Kruskal's algorithm (a
    random spanning tree through ``held``), then the rest in the same order up to ``lines``."""
    all_edges = _cf2_lattice()[0]
    part = {p: p for e in all_edges for p in e}

    def root(p):
        while part[p] != p:
            part[p] = part[part[p]]
            p = part[p]
        return p

    for a, b in held:
        part[root(a)] = root(b)
    rest = _shuffle(draws, [e for e in all_edges if e not in held])
    out, extra = set(held), []
    for a, b in rest:
        ra, rb = root(a), root(b)
        if ra != rb:
            part[ra] = rb
            out.add((a, b))
        else:
            extra.append((a, b))
    return out | set(extra[: max(0, lines - len(out))])


@lru_cache(maxsize=1)
def cf2_trees() -> tuple[tuple, "np.ndarray"]:
    """Every four-line figure of the 3 x 3 lattice that is connected and touches five dots (a
    tree: 1,402 of them, in the lattice's edge order), and each one's bit mask over the
    lattice's 20 edges (generation 4's models)."""
    from itertools import combinations

    edges = _cf2_lattice()[0]
    index = {e: i for i, e in enumerate(edges)}
    trees = []
    for c in combinations(edges, 4):
        dots = {p for e in c for p in e}
        if len(dots) == 5 and _joined(c):
            trees.append(c)
    masks = np.array([sum(1 << index[e] for e in t) for t in trees], dtype=np.int64)
    masks.flags.writeable = False
    return tuple(trees), masks


def _joined(lines) -> bool:
    """Are ``lines`` (edges) one connected figure?"""
    seen, todo = set(), [lines[0][0]]
    while todo:
        v = todo.pop()
        if v not in seen:
            seen.add(v)
            todo += [b if a == v else a for a, b in lines if v in (a, b)]
    return seen == {p for e in lines for p in e}


def cf2_holders(figure_masks) -> "np.ndarray":
    """For every tree of :func:`cf2_trees`, the set of test figures holding it, as a 5-bit number
    (bit i: figure i)."""
    masks = cf2_trees()[1]
    out = np.zeros(len(masks), dtype=np.int64)
    for i, m in enumerate(figure_masks):
        out |= ((masks & int(m)) == masks).astype(np.int64) << i
    return out


CF2_MISSING = (3, 6)  # generation 4: each test figure is the lattice less 3-6 random lines


def _cf2_v4(rng, want: list[bool]) -> tuple[set, list[set]]:
    """Generation 4's model and test figures (see _cf2_item): the figures are drawn first,
    without the key, until every one of the 32 sets of figures is the exact set of holders of
    some four-line figure; the model is then drawn among the four-line figures whose holders
    are exactly the wanted true figures."""
    edges = _cf2_lattice()[0]
    full = (1 << len(edges)) - 1
    while True:
        figs = []
        for _ in range(5):
            gone = rng.choice(len(edges), size=int(rng.integers(CF2_MISSING[0], CF2_MISSING[1] + 1)), replace=False)
            figs.append(full & ~sum(1 << int(j) for j in gone))
        holders = cf2_holders(figs)
        if len(np.unique(holders)) == 32:
            break
    key = sum(1 << i for i, w in enumerate(want) if w)
    cands = np.flatnonzero(holders == key)
    model = set(cf2_trees()[0][int(cands[int(rng.integers(len(cands)))])])
    return model, [{e for j, e in enumerate(edges) if m >> j & 1} for m in figs]


# [decision] generation 4: the test figures are drawn first and say nothing about the key. Each
# figure is the 3 x 3 lattice less 3-6 random lines (the released figures are sparser: a random
# spanning tree plus lines, mostly 8 of 20), and the five are drawn again until every one of
# the 32 sets of figures (none, each single figure, ..., all five) is exactly the set of figures
# holding some four-line figure (connected, five dots: 1,402 of them); 20% of draws are kept.
# Then the true figures are drawn (a coin each) and the model uniformly among the four-line
# figures held by exactly them. So, for any rule that does not look at the model, every answer
# pattern is equally likely given the figures: whatever it reads off them (shared cores, groups,
# likeness, line counts) it is right on 1/32 of items and 1/2 of parts. In generation 3 the true
# figures held the model and the false ones a lure: two visible groups and a coin (46% of items
# for "find the two groups sharing a near-miss pair of four-line figures, guess which is T").
# [decision] generation 3: each item draws a model / lure pair uniformly among every pair of
# four-line figures (connected, five dots) where one is the other with one line moved to
# another place of the same direction, same degrees (_cf2_pairs, 1,892 pairs), and which of
# the two is the model by a coin. True figures hold the model and not the lure, false ones the
# lure and not the model, both drawn by one process (_pattern_around: the line count first,
# then a random spanning tree through the held figure plus extra lines). In generation 2 the
# false figures were merely figures without the (fixed) model, so the true ones were those
# most alike (they share the model's four lines: "more similar to the others than the median
# is true" right for 74% of parts) and the model's degree-3 dot showed (max degree >= 3: 60%).
# Now true and false figures are exchangeable but for the model itself (both rules 50%).
@generations("CF2")
def _cf2_item(rng, difficulty: str, generation: int) -> Item:
    """CF2 of generation 1, 2, 3 or 4 (the same at every difficulty)."""
    figs, truth = [], []
    want = [bool(rng.random() < 0.5) for _ in range(5)]
    model, lure = CF2_MODEL, None
    if generation >= 4:
        model, figs = _cf2_v4(rng, want)
        truth = ["T" if w else "F" for w in want]
        want = []  # the figures are made
    elif generation >= 3:  # the item's model and lure (see _cf2_item)
        pair = _cf2_pairs()[int(rng.integers(len(_cf2_pairs())))]
        model, lure = (set(f) for f in (pair if rng.random() < 0.5 else pair[::-1]))
    draws = Draws(rng)
    # [decision] each figure's number of lines is drawn first (the official distribution) and the
    # figure is then drawn with that many lines until its containment is the wanted one. The
    # official generator draws the figure and keeps it if it has the wanted containment, so
    # figures that contain the model have more lines: "T iff at least 9 lines" was right for 74%
    # of figures (its generator) and 76% (ours before version 2). Now the line count says nothing.
    for w in want:
        # generation 1 drew each figure's number of lines with the figure (_spanning_pattern)
        lines = _cf2_lines(draws) if generation >= 2 else None
        while True:
            if lure is None:
                p = _spanning_pattern(draws, lines)
                if (CF2_MODEL <= p) == w:
                    break
            else:
                held, other = (model, lure) if w else (lure, model)
                p = _pattern_around(draws, lines, held)
                if not other <= p:
                    break
        figs.append(p)
        truth.append("T" if w else "F")
    panels = [framed(draw_edges(p, 3, 3, cell=40, dots=True)) for p in [model] + figs]
    img = labelled_row(panels, ["model", "1", "2", "3", "4", "5"])
    q = ("The model pattern is shown first. For each test figure 1-5, does it contain the model pattern in the same "
         "position and orientation (extra lines may be present)?" + OUT +
         ' Give five T/F values in order, e.g. {"answer": ["T", "F", "T", "F", "F"]}.')
    params = {"figures": [edges_json(p) for p in figs]}
    if lure is not None:
        params.update(model=edges_json(model), lure=edges_json(lure))
    elif generation >= 4:
        params.update(model=edges_json(model))
    return Item("CF2", img, q, "rows", tuple(truth), tuple("12345"),
                [(f"Does figure {i + 1} contain the model?", t) for i, t in enumerate(truth)], q, params, "5 x T/F")


def _collinear(p, q, a, b) -> bool:
    """Are segments pq and ab on the same infinite line?"""
    def cross(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])
    return cross(p, q, a) == 0 and cross(p, q, b) == 0


def _on_segment(p, a, b) -> bool:
    cr = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return cr == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]) \
        and p != a and p != b


def _cf3_path(rng, steps: int, region: set, start: tuple | None = None, end: tuple | None = None,
              keep_short: bool = False) -> list | None:
    """A figure of ``steps`` steps inside ``region`` (a set of dots), from a random dot of it (or
    ``start``), by the official rule, ending at ``end`` if given; None if it cannot take that
    many steps there (or reach ``end`` with the last), or with ``keep_short`` the steps it took."""
    dots = sorted(region)
    path = [dots[int(rng.integers(len(dots)))]] if start is None else [start]
    while len(path) - 1 < steps:
        cand = []
        p = path[-1]
        segs = list(zip(path, path[1:]))
        last = end is not None and len(path) == steps
        for q in dots if end is None else [end] if last else [q for q in dots if q != end]:
            if q in path:
                continue
            # not collinear with an earlier segment (official rule); [decision] and no
            # vertex hidden inside a segment, so the drawn end is unambiguous
            if any(_collinear(p, q, a, b) for a, b in segs):
                continue
            if any(_on_segment(v, p, q) for v in path) or any(_on_segment(q, a, b) for a, b in segs):
                continue
            cand.append(q)
        if not cand:
            break
        path.append(cand[int(rng.integers(len(cand)))])
    return path if keep_short or len(path) - 1 == steps else None


def _cf3_v1(rng, n: int, steps: tuple) -> tuple:
    """Generation 1's figure and shift: the figure drawn first from a random dot (kept with fewer
    steps where it got stuck), then the shift among those that keep the copy on the grid."""
    grid = {(r, c) for r in range(n) for c in range(n)}
    for _ in range(500):
        k = int(rng.integers(steps[0], steps[1] + 1))
        path = _cf3_path(rng, k, grid, (int(rng.integers(n)), int(rng.integers(n))), keep_short=True)
        if len(path) - 1 >= steps[0]:
            break
    # [decision] the copy starts at a (possibly) different circled dot: a translation of the
    # start that keeps the whole copy on the grid.
    rs, cs = [p[0] for p in path], [p[1] for p in path]
    offs = [(dr, dc) for dr in range(-min(rs), n - max(rs)) for dc in range(-min(cs), n - max(cs))]
    dr, dc = offs[int(rng.integers(len(offs)))]
    return path, dr, dc


def _cf3_v2(rng, n: int, steps: int) -> tuple:
    """Generation 2's figure and shift."""
    # [decision] the copy's circled dot is a different dot from the figure's own start, except
    # with probability 1 / n^2 (what two independent dots give): the shift (dr, dc) from the
    # figure's start to the copy's is drawn first, as the difference of two random dots, and the
    # figure is then drawn where it and its shifted copy both fit. The official generator circles
    # the same dot in both grids, and our version 1 drew the shift among those that fit a figure
    # drawn first (none but (0, 0) for most figures of 4+ steps), so in 25-55% of items the copy
    # ended at the figure's own end dot, readable without copying.
    same = bool(rng.random() < 1 / n ** 2)
    steps = int(rng.integers(steps[0], steps[1] + 1))  # drawn once, so that small regions do not favour short figures
    for _ in range(2000):
        if same:
            dr = dc = 0
        else:
            a, b = rng.integers(n, size=2), rng.integers(n, size=2)
            dr, dc = int(b[0] - a[0]), int(b[1] - a[1])
            if dr == dc == 0:
                continue
        region = {(r, c) for r in range(max(0, -dr), min(n, n - dr)) for c in range(max(0, -dc), min(n, n - dc))}
        if len(region) < steps + 1:
            continue
        path = _cf3_path(rng, steps, region)
        if path is not None:
            return path, dr, dc
    raise RuntimeError("CF3 generation failed")  # pragma: no cover - practically unreachable


def _cf3_v3(rng, n: int, steps: int) -> tuple:
    """Generation 3's figure and shift (see _cf3_item)."""
    steps = int(rng.integers(steps[0], steps[1] + 1))
    while True:
        # the copy's start and end: two different dots, uniform; the figure's start: uniform among
        # the dots where the figure (the same displacement) fits, the copy's start and end
        # excepted (each is taken with probability 1 / n^2, what an independent dot gives)
        s2, k = (divmod(int(v), n) for v in rng.choice(n * n, size=2, replace=False))
        ddr, ddc = k[0] - s2[0], k[1] - s2[1]
        starts = [(r, c) for r in range(max(0, -ddr), min(n, n - ddr)) for c in range(max(0, -ddc), min(n, n - ddc))]
        u = rng.random()
        if u < 1 / n ** 2:
            s0 = s2
        elif u < 2 / n ** 2 and k in starts:
            s0 = k
        else:
            starts = [q for q in starts if q not in (s2, k)]
            if not starts:
                continue
            s0 = starts[int(rng.integers(len(starts)))]
        dr, dc = s2[0] - s0[0], s2[1] - s0[1]
        region = {(r, c) for r in range(max(0, -dr), min(n, n - dr)) for c in range(max(0, -dc), min(n, n - dc))}
        if len(region) < steps + 1:
            continue
        for _ in range(20):
            path = _cf3_path(rng, steps, region, s0, (s0[0] + ddr, s0[1] + ddc))
            if path is not None:
                return path, dr, dc


# [decision] generation 3: the copy's start and end are drawn first, two different dots
# uniformly, then the figure's start where the figure fits, and the figure is drawn with its
# number of steps from its start to the matching end (redrawn if it cannot get there). In
# generation 2 the figure was drawn freely and its net displacement is short for a random
# figure of a few steps, so the key was nearer the circled dot than other dots ("distance to
# copy start", with "figure steps"): now where the copy ends says nothing about its steps.
@generations("CF3")
def _cf3_item(rng, difficulty: str, generation: int) -> Item:
    n = 6 if difficulty == "hard" else 5
    steps = {"easy": (1, 3), "normal": (4, 4), "hard": (3, 6)}[difficulty]
    return cf3_item(n, *{1: _cf3_v1, 2: _cf3_v2, 3: _cf3_v3}[generation](rng, n, steps))


def cf3_item(n: int, path: list, dr: int, dc: int) -> Item:
    """The CF3 item of a figure ``path`` on an ``n`` x ``n`` grid whose copy starts ``(dr, dc)``
    from the figure's own start: the figure, the grid with the circled start, the question."""
    start2 = (path[0][0] + dr, path[0][1] + dc)
    end = (path[-1][0] + dr, path[-1][1] + dc)
    cell, pad = 34, 18

    def xy(p):
        return pad + p[1] * cell, pad + p[0] * cell

    size = pad * 2 + cell * (n - 1)
    a, d = canvas(size, size)
    for r in range(n):
        for c in range(n):
            x, y = xy((r, c))
            d.ellipse([x - 2, y - 2, x + 2, y + 2], fill=(120, 120, 120))
    d.line([xy(p) for p in path], fill="black", width=3, joint="curve")
    x, y = xy(path[0])
    d.ellipse([x - 8, y - 8, x + 8, y + 8], outline="black", width=2)
    b, d2 = canvas(size, size)
    for r in range(n):
        for c in range(n):
            x, y = xy((r, c))
            d2.ellipse([x - 3, y - 3, x + 3, y + 3], fill="black")
    x, y = xy(start2)
    d2.ellipse([x - 8, y - 8, x + 8, y + 8], outline="black", width=2)
    for i in range(n):  # row / column numbers
        text_center(d2, (pad + i * cell, 8), str(i + 1), 11, (90, 90, 90))
        text_center(d2, (7, pad + i * cell), str(i + 1), 11, (90, 90, 90))
    img = labelled_row([framed(a), framed(b)], ["figure", "copy here"])
    q = (f"Copy the figure onto the {n}x{n} dot grid on the right, starting at the circled dot (the circled dot of "
         "the figure goes there). At which dot does your copy end? Rows are numbered 1-{n} from the top, columns "
         "1-{n} from the left.".replace("{n}", str(n)) + OUT + ' Answer "(row, col)", e.g. {"answer": "(2, 5)"}.')
    gold = f"({end[0] + 1}, {end[1] + 1})"
    return Item("CF3", img, q, "cell", gold, params={"grid": n, "path": [list(p) for p in path],
                                                      "start2": list(start2)}, answer_format="(row, col)")

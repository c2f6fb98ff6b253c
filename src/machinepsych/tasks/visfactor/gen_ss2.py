"""Spatial scanning SS2 (Choosing a Path). See ``docs/visfactor.md#generators``."""
from __future__ import annotations

from functools import lru_cache
from itertools import filterfalse

from .core import Draws, Item, canvas, generations, mc_rows, text_center
from .street_map import _adj

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


@lru_cache(maxsize=8)
def _grid(shape: tuple[int, int]) -> dict:
    """Each point of a grid of ``shape`` (rows, columns) -> its 4-neighbours."""
    rows, cols = shape
    return {(r, c): tuple((r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                          if 0 <= r + dr < rows and 0 <= c + dc < cols) for r in range(rows) for c in range(cols)}


@lru_cache(maxsize=8)
def _numbered(shape: tuple[int, int]) -> tuple[list, dict, list]:
    """The points of a grid of ``shape`` numbered row-major: (the point of each number, the
    number of each point, each number's 4-neighbours' numbers in :func:`_grid`'s order). Walks
    run on the numbers (an int hashes at once, a tuple each time it is looked up)."""
    grid = _grid(shape)
    points = sorted(grid)
    number = {p: i for i, p in enumerate(points)}
    return points, number, [tuple(number[w] for w in grid[p]) for p in points]


class _Open(dict):
    """Each point's number -> its 4-neighbours' numbers (``nbrs``, in order) outside
    ``blocked``, worked out when first asked for (a walk visits a part of the grid)."""

    __slots__ = ("nbrs", "blocked")

    def __init__(self, nbrs: list, blocked: set):
        super().__init__()
        self.nbrs, self.blocked = nbrs, blocked

    def __missing__(self, v: int) -> tuple:
        out = self[v] = tuple(filterfalse(self.blocked.__contains__, self.nbrs[v]))
        return out


def _reaches(nbrs, src: int, targets: set) -> bool:
    """Whether a path along ``nbrs`` from ``src`` enters ``targets``."""
    if src in targets:
        return True
    seen, todo = {src}, [src]
    while todo:
        for w in nbrs[todo.pop()]:
            if w not in seen:
                if w in targets:
                    return True
                seen.add(w)
                todo.append(w)
    return False


def _loop_erased(walk: list) -> list:
    """The loop erasure of ``walk`` (each loop erased as it closes, in the order walked): from
    each point kept, the walk goes on from its last visit there (the same path; Lawler 1980)."""
    last = dict(zip(walk, range(len(walk))))  # a point -> its last visit
    path, i, end = [walk[0]], last[walk[0]], len(walk) - 1
    while i < end:
        v = walk[i + 1]
        path.append(v)
        i = last[v]
    return path


def _walk_to(draws, src, targets, blocked, shape) -> list | None:
    """A loop-erased random walk on the grid from ``src`` until it enters ``targets``, never
    entering ``blocked`` (a step of Wilson's algorithm); None if no target can be reached."""
    points, number, nbrs = _numbered(shape)
    stop = set(map(number.get, targets))  # points off the grid: never reached
    stop.discard(None)
    if blocked:
        walls = set(map(number.get, blocked))
        walls.discard(None)
        nbrs = _Open(nbrs, walls)
    start = number[src]
    if not _reaches(nbrs, start, stop):
        return None
    return [points[v] for v in _loop_erased(draws.walk(nbrs, start, stop))]


def _join_the_rest(rng, shape, tree, edges, starts) -> list:
    """Every point of the grid of ``shape`` not yet in ``tree`` joins it (Wilson's algorithm, in
    row-major order), never through a start; ``tree`` and ``edges`` are extended in place. Returns ``edges``."""
    for v in sorted(_grid(shape)):
        if v not in tree:
            w = _walk_to(rng, v, tree - starts, starts, shape)
            tree |= set(w)
            edges += list(zip(w, w[1:]))
    return edges


def ss2_network(rng, shape, F, circle, good, bad, generation=1):
    """A random spanning tree of the grid of ``shape`` (rows, columns; Wilson's algorithm:
    loop-erased random walks)
    in which the route from ``good`` to ``F`` passes ``circle`` and no route from a start in
    ``bad`` does. Walks are added in order: circle -> F, good -> circle (avoiding the first
    path), each bad start -> the tree (avoiding the good start's branch and the circle), then
    every other point -> the tree; a walk that cannot reach its target restarts the tree, so the
    starts and the circle are never redrawn. Generation 2: :func:`_ss2_network_v2`. Returns the
    tree's edges."""
    rng = Draws(rng)
    if generation >= 4:
        return _ss2_network_v4(rng, shape, F, circle, good, bad, generation)
    if generation >= 2:
        return _ss2_network_v2(rng, shape, F, circle, good, bad)
    starts = set()
    for _ in range(10_000):
        up = _walk_to(rng, circle, {F}, starts, shape)
        if up is None or good in up:
            continue
        tree = set(up)
        edges = list(zip(up, up[1:]))
        low = _walk_to(rng, good, {circle}, (tree - {circle}) | (starts - {good}), shape)
        if low is None:
            continue
        forbidden = set(low)  # the good start's branch, the circle included
        tree |= forbidden
        edges += list(zip(low, low[1:]))
        ok, bad_tree = True, set()
        for b in bad:
            if b in tree:
                ok = False
                break
            w = _walk_to(rng, b, tree - forbidden, forbidden, shape)
            if w is None:
                ok = False
                break
            tree |= set(w)
            bad_tree |= set(w)
            edges += list(zip(w, w[1:]))
        if not ok:
            continue
        return _join_the_rest(rng, shape, tree, edges, starts)
    raise RuntimeError(f"no SS2 network found for F={F}, circle={circle}, starts {good}, {bad}")  # pragma: no cover


# generation 5: after this many failed tries a walled-off wrong start may join an earlier wrong
# branch anywhere (as before generation 5), so that every geometry still gets a network
SS2_LOW_MERGES_AFTER = 200


def _ss2_network_v2(rng, shape, F, circle, good, bad, alike: bool = False):
    """Generation 2 of :func:`ss2_network`: every start leaves upwards (its 'stem', the point
    above it, is its own) and walks to the tree on its own branch, the answer first (to the
    circle), then the others outward from it along the bottom row (the nearest first), each to a
    lure, one of the first three points of the circle -> F line (later, after failed tries, a
    longer stretch of it), or, walled off from it, to an earlier wrong start's branch. Such a
    merge puts a junction on the earlier start's route below the circle, which the answer's route
    never has, so the answer's own branch gets a dead-end side line at the run before the first
    junction of one of the other starts (drawn at random): the run to the first junction is then
    the same for the answer as for the others. Every other point then joins the tree anywhere
    (Wilson's algorithm), side lines included.

    ``alike`` (generation 5): every start's branch is drawn alike, whichever is the answer: the
    starts are walked in a random order (not the answer first, then outward from it), a wrong
    start that goes round the circle, or is walled off from its target, joins the tree (an
    earlier wrong branch) only in the circle's half of the grid (the upper half; anywhere only
    after :data:`SS2_LOW_MERGES_AFTER` failed tries), so no two starts' branches meet in the
    lower half, and the answer gets no side line (no wrong branch has a junction there that the
    answer's lacks)."""
    starts = {good, *bad}
    order = sorted([good, *bad], key=lambda s: (abs(s[1] - good[1]), s[1]))
    if alike:
        order = sorted(order, key=lambda s: s[1])
    high = shape[0] // 2  # generation 5: rows above this (the circle's half) are where starts' branches may meet
    stem = {s: (s[0] - 1, s[1]) for s in order}
    stems = set(stem.values())
    for attempt in range(10_000):
        up = _walk_to(rng, circle, {F}, starts | stems, shape)
        if up is None:
            continue
        lures = min(3 + attempt // 10, len(up) - 1)
        tree, edges = set(up), list(zip(up, up[1:]))
        to_f = {v: len(up) - 1 - i for i, v in enumerate(up)}  # steps along the tree to F
        ok, bad_tree, branch = True, set(), {}
        # how many wrong starts pass close by the circle and then go round (their route from
        # there to F is longer than the circle's), the others join the line after the circle
        # (shorter): uniform 0-4, so the circle's own route to F ranks uniformly among them
        pool, m = list(bad), rng.index(5)
        detour = {pool.pop(rng.index(len(pool))) for _ in range(m)}
        if alike:  # a random order of the walks
            left, order = list(order), []
            while left:
                order.append(left.pop(rng.index(len(left))))
        for s in order:
            others = starts | (stems - {stem[s]})
            w = None
            if s in detour:  # to a point next to the circle, then on to the tree, round it
                near = [x for x in _near(circle, shape) if x not in tree and x not in others]
                for _ in range(20 if near else 0):
                    a = _walk_to(rng, stem[s], set(near), tree | others, shape)
                    if a is None:
                        break
                    keep = set(a) | {circle} | set(branch.get(good, ()))
                    target = {v for v in (tree - keep) - others if not alike or v[0] < high}
                    blocked = (keep - {a[-1]}) | others
                    if alike:  # the tree's points in the lower half are walls, not targets
                        blocked |= tree - target
                    b = _walk_to(rng, a[-1], target, blocked, shape)
                    if b is not None and len(b) - 1 + to_f[b[-1]] > to_f[circle]:
                        w = a + b[1:]
                        break
            if w is None:
                target = {circle} if s == good else set(up[1:1 + lures])
                w = _walk_to(rng, stem[s], target, (tree - target) | others, shape)
            if w is None and s != good and alike:  # generation 5: join an earlier branch in the circle's half
                target = {v for v in bad_tree - others if v[0] < high}
                w = _walk_to(rng, stem[s], target, (tree - target) | others, shape)
            if w is None and s != good and (not alike or attempt >= SS2_LOW_MERGES_AFTER):
                # walled off from the line: join an earlier branch
                target = bad_tree - others
                w = _walk_to(rng, stem[s], target, (tree - target) | others, shape)
            if w is None:
                ok = False
                break
            w = [s, *w]
            for i, v in enumerate(w):
                to_f[v] = to_f[w[-1]] + len(w) - 1 - i
            if s != good:
                bad_tree |= set(w)
            branch[s] = w
            tree |= set(w)
            edges += list(zip(w, w[1:]))
        if not ok:
            continue
        deg: dict = {}
        for a, b in edges:
            deg[a], deg[b] = deg.get(a, 0) + 1, deg.get(b, 0) + 1
        runs = [next((i for i, v in enumerate(branch[b][1:], 1) if deg[v] >= 3), len(branch[b]) - 1) for b in bad]
        d, kb = runs[rng.index(len(runs))], branch[good]
        if d < len(kb) and not alike:  # the answer's dead-end side line, as near that run as there is room
            for i in sorted(range(1, len(kb)), key=lambda i: (abs(i - d), i)):
                free = [x for x in _grid(shape)[kb[i]] if x not in tree and x not in starts and x not in stems]
                if free:
                    x = free[rng.index(len(free))]
                    tree.add(x)
                    edges.append((x, kb[i]))
                    break
        return _join_the_rest(rng, shape, tree, edges, starts)
    raise RuntimeError(f"no SS2 network found for F={F}, circle={circle}, starts {good}, {bad}")  # pragma: no cover


# generation 4: the rows at the bottom of the grid drawn before anything that depends on the answer
SS2_BAND = 3


def _ss2_band(rng, shape, starts) -> tuple[list, dict]:
    """Generation 4's bottom :data:`SS2_BAND` rows of the grid of ``shape``, drawn from the
    starts' positions alone (never from which start is the answer): each start, left to right,
    walks (loop-erased) up to the row above the band, never touching another start's line, then
    every other point of the band joins a line already drawn there or, on its own, that row (at
    a point no start's line leaves from), never through a start. So the band is a forest: every
    start its own tree, leaving it upwards at one point. Redrawn until every start gets out.
    Returns (the band's edges and the edges leaving it, {start: the point above the band its
    line leaves to})."""
    rows, cols = shape
    top = rows - 1 - SS2_BAND
    above = {(r, c) for r in range(top) for c in range(cols)}
    row_top = {(top, c) for c in range(cols)}
    starts = sorted(starts, key=lambda s: s[1])
    while True:
        tree, edges, exits, ok = set(), [], {}, True
        for s in starts:
            walls = above | (set(starts) - {s}) | tree | set(exits.values())
            w = _walk_to(rng, s, row_top - set(exits.values()), walls, shape)
            if w is None:
                ok = False
                break
            exits[s] = w[-1]
            tree |= set(w[:-1])
            edges += list(zip(w, w[1:]))
        if not ok:
            continue
        walls = above | set(exits.values()) | set(starts)
        for v in sorted((r, c) for r in range(top + 1, rows) for c in range(cols)):
            if v not in tree:
                w = _walk_to(rng, v, (tree - set(starts)) | (row_top - set(exits.values())), walls, shape)
                tree |= set(w[:-1])
                edges += list(zip(w, w[1:]))
        return edges, exits


def _ss2_network_v4(rng, shape, F, circle, good, bad, generation: int = 4):
    """Generation 4 of :func:`ss2_network`: the bottom band first (:func:`_ss2_band`, blind to
    the answer), then the rest of the grid above it as generation 2 draws a whole grid
    (:func:`_ss2_network_v2`), with each start's point above the band as that start. Generation
    5: the grid above the band with every start's branch drawn alike (``alike``)."""
    rows, cols = shape
    edges, exits = _ss2_band(rng, shape, [good, *bad])
    upper = (rows - SS2_BAND, cols)
    return edges + _ss2_network_v2(rng, upper, F, circle, exits[good], [exits[b] for b in bad], alike=generation >= 5)


def _near(p, shape) -> list:
    """The points of a grid of ``shape`` (rows, columns) next to ``p`` and diagonally next to it."""
    rows, cols = shape
    return [(p[0] + dr, p[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= p[0] + dr < rows and 0 <= p[1] + dc < cols]


# the grid the network is drawn on (rows, columns of points), per generation and difficulty
SS2_GRID = {1: {"easy": (5, 5), "normal": (7, 7), "hard": (9, 9)},
            3: {"easy": (9, 13), "normal": (11, 11), "hard": (13, 13)}}
# generation 4: generation 3's grid above the bottom band (SS2_BAND rows more)
SS2_GRID[4] = {d: (r + SS2_BAND, c) for d, (r, c) in SS2_GRID[3].items()}


@generations("SS2")
def _ss2(rng, difficulty: str, generation: int) -> Item:
    # [decision] generation 3: a larger grid (rows x columns of points: easy 9 x 13, normal
    # 11 x 11, hard 13 x 13; was 5 x 5, 7 x 7, 9 x 9), the network drawn as in generation 2. On
    # the small grids the five starts' branches filled the bottom rows: no dead end had room
    # there, so the only junctions near a start were where two wrong starts' branches merged,
    # which the answer's branch (it must reach the circle alone) never has. The answer's run from
    # its start to the first junction was then the longest more often than chance, more so the
    # farther it started from the circle (learned audit, normal: 35% of items, chance 20%). With
    # room for dead ends beside every branch the run is at chance at each of these sizes (the
    # sizes measured: docs/visfactor.md#generator-deviations).
    rows, cols = shape = SS2_GRID[max(g for g in SS2_GRID if g <= generation)][difficulty]
    # [decision] the picture's geometry is drawn first and independently of the answer: F on the
    # top row, the circle in the upper part, five starts on the bottom row (labelled left to
    # right), and the answer uniformly among the five. Only then is the network drawn, by
    # Wilson's algorithm constrained so that exactly that start's route passes the circle. So
    # nothing about where the starts, the circle and F are (nearest start, farthest, leftmost,
    # the one below the circle ...) tells which start is right: only the lines do. (Earlier
    # versions drew the network first; the right start was then the one nearest the circle in
    # ~45-54% of items.)
    F = (0, int(rng.integers(cols)))
    # the circle is off the side edges: there a network with the answer always exists (on an edge
    # next to F a start could be cut off from F by the answer's own route)
    # (generation 4: in the upper half of the grid above the bottom band)
    upper = rows - (SS2_BAND if generation >= 4 else 0)
    circle = (int(rng.integers(1, max(2, upper // 2))), int(rng.integers(1, cols - 1)))
    starts = [(rows - 1, int(c)) for c in sorted(rng.choice(cols, 5, replace=False))]
    gold_idx = int(rng.integers(5))
    good = starts[gold_idx]
    # [decision] generation 2: every start is a leaf of the tree (one line ends there) and the
    # other starts' routes pass close by the circle (lures). In generation 1 the other starts'
    # walks could end on each other but never on the answer's branch, so the answer was the
    # start with the fewest lines in 29% of hard items (chance 20%), and its route to F was the
    # longest in 42% (it alone went to the circle; the others joined the tree anywhere).
    # [decision] generation 4 (issue 30): the bottom SS2_BAND rows (everything within two grid
    # steps of a start) are drawn from the starts' positions alone, each start on a line of its
    # own there, and the network above them as in generation 3 on generation 3's grid (the grid
    # is SS2_BAND rows taller). In generation 3 the answer's branch was walked first and the
    # wrong starts' branches merged near the bottom: "the start with the most dead ends per line
    # within two grid steps" was right in 27-29% of items and boosted trees on the 5 x 5 points
    # around each start in 36-42% (chance 20%).
    # [decision] generation 5 (issue 30's second hunt): above the band, every start's branch is
    # drawn alike (random order, no merges in the lower half, no side line). Generation 4 drew
    # generation 3's network there, each start's exit from the band standing for that start, so
    # the shortcut moved to the exits: boosted trees on the 5 x 5 points around where each
    # start's line is three rows up 38.2% / 36.5% of normal items (chance 20%).
    tree = ss2_network(rng, shape, F, circle, good, [s for i, s in enumerate(starts) if i != gold_idx], generation)
    adj = _adj(tree)
    cell, pad = (44 if generation < 3 else 36), 30
    img, d = canvas(pad * 2 + cell * (cols - 1), pad * 2 + cell * (rows - 1) + 20)

    def P(p):
        return (pad + p[1] * cell, pad + p[0] * cell)

    for a, b in tree:
        d.line([P(a), P(b)], fill="black", width=3)
    for v, ws in adj.items():
        if len(ws) >= 3 or (len(ws) == 2 and (ws[0][0] != ws[1][0] and ws[0][1] != ws[1][1])):
            x, y = P(v)
            d.ellipse([x - 3, y - 3, x + 3, y + 3], fill="black")
    x, y = P(circle)
    d.ellipse([x - 10, y - 10, x + 10, y + 10], outline=(200, 0, 0), width=3)
    x, y = P(F)
    d.rectangle([x - 11, y - 24, x + 11, y - 4], fill="white")
    text_center(d, (x, y - 14), "F", 16, (0, 0, 180))
    for i, s in enumerate(starts):
        x, y = P(s)
        text_center(d, (x, y + 16), f"S{i + 1}", 14, (0, 0, 180))
    labels = (1, 2, 3, 4, 5)
    gold = gold_idx + 1
    q = ("Moving only along the lines, which starting point S1-S5 has a route to F that passes through the red "
         "circle? Exactly one does." + OUT + ' Answer with the number, e.g. {"answer": 3}.')
    params = {"n": rows, "edges": [[list(a), list(b)] for a, b in tree], "F": list(F), "circle": list(circle),
              "starts": [list(s) for s in starts]}
    if generation >= 3:
        params["cols"] = cols
    return Item("SS2", img, q, "mc", gold, labels, mc_rows(labels, gold, "starting point S"), "", params, "number 1-5")

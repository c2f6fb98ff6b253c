"""Spatial scanning (SS2 Choosing a Path, SS3 Map Planning). See ``docs/visfactor.md#generators``."""
from __future__ import annotations

import math
from collections import deque
from functools import lru_cache

from .core import LETTERS, Draws, Item, canvas, generator, mc_rows, text_center

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


def grid_segments(rows: int, cols: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                out.append(((r, c), (r + 1, c)))
    return out


def bfs(adj: dict, src) -> tuple[dict, dict]:
    """Distances and number of shortest paths from ``src``."""
    dist, count = {src: 0}, {src: 1}
    q = deque([src])
    while q:
        v = q.popleft()
        for w in adj.get(v, ()):
            if w not in dist:
                dist[w] = dist[v] + 1
                count[w] = count[v]
                q.append(w)
            elif dist[w] == dist[v] + 1:
                count[w] += count[v]
    return dist, count


def _adj(edges) -> dict:
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return adj


# ----------------------------------------------------------------------------- SS2
@lru_cache(maxsize=8)
def _grid(n: int) -> dict:
    """Each point of the n x n grid -> its 4-neighbours."""
    return {(r, c): tuple((r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                          if 0 <= r + dr < n and 0 <= c + dc < n) for r in range(n) for c in range(n)}


def _walk_to(draws, src, targets, blocked, n) -> list | None:
    """A loop-erased random walk on the grid from ``src`` until it enters ``targets``, never
    entering ``blocked`` (a step of Wilson's algorithm); None if no target can be reached."""
    grid = _grid(n)
    nbrs = {v: tuple(w for w in ws if w not in blocked) for v, ws in grid.items()} if blocked else grid
    seen, q = {src}, deque([src])  # can a target be reached at all?
    while q and not (seen & targets):
        v = q.popleft()
        for w in nbrs[v]:
            if w not in seen:
                seen.add(w)
                q.append(w)
    if not seen & targets:
        return None
    path, where = [src], {src: 0}
    v = src
    while v not in targets:
        nb = nbrs[v]
        v = nb[draws.index(len(nb))]
        if v in where:  # erase the loop just closed
            for u in path[where[v] + 1:]:
                del where[u]
            del path[where[v] + 1:]
        else:
            where[v] = len(path)
            path.append(v)
    return path


def ss2_network(rng, n, F, circle, good, bad):
    """A random spanning tree of the n x n grid (Wilson's algorithm: loop-erased random walks)
    in which the route from ``good`` to ``F`` passes ``circle`` and no route from a start in
    ``bad`` does. Walks are added in order: circle -> F, good -> circle (avoiding the first
    path), each bad start -> the tree (avoiding the good start's branch and the circle), then
    every other point -> the tree; a walk that cannot reach its target restarts the tree, so the
    starts and the circle are never redrawn. Returns the tree's edges."""
    rng = Draws(rng)
    for _ in range(10_000):
        up = _walk_to(rng, circle, {F}, set(), n)
        if good in up:
            continue
        tree = set(up)
        edges = list(zip(up, up[1:]))
        low = _walk_to(rng, good, {circle}, tree - {circle}, n)
        if low is None:
            continue
        forbidden = set(low)  # the good start's branch, the circle included
        tree |= forbidden
        edges += list(zip(low, low[1:]))
        ok = True
        for b in bad:
            if b in tree:
                ok = False
                break
            w = _walk_to(rng, b, tree - forbidden, forbidden, n)
            if w is None:
                ok = False
                break
            tree |= set(w)
            edges += list(zip(w, w[1:]))
        if not ok:
            continue
        for v in sorted((r, c) for r in range(n) for c in range(n)):
            if v not in tree:
                w = _walk_to(rng, v, tree, set(), n)
                tree |= set(w)
                edges += list(zip(w, w[1:]))
        return edges
    raise RuntimeError(f"no SS2 network found for F={F}, circle={circle}, starts {good}, {bad}")  # pragma: no cover


@generator("SS2")
def gen_ss2(rng, difficulty: str) -> Item:
    n = {"easy": 5, "normal": 7, "hard": 9}[difficulty]
    # [decision] the picture's geometry is drawn first and independently of the answer: F on the
    # top row, the circle in the upper part, five starts on the bottom row (labelled left to
    # right), and the answer uniformly among the five. Only then is the network drawn, by
    # Wilson's algorithm constrained so that exactly that start's route passes the circle. So
    # nothing about where the starts, the circle and F are (nearest start, farthest, leftmost,
    # the one below the circle ...) tells which start is right: only the lines do. (Earlier
    # versions drew the network first; the right start was then the one nearest the circle in
    # ~45-54% of items.)
    F = (0, int(rng.integers(n)))
    # the circle is off the side edges: there a network with the answer always exists (on an edge
    # next to F a start could be cut off from F by the answer's own route)
    circle = (int(rng.integers(1, max(2, n // 2))), int(rng.integers(1, n - 1)))
    starts = [(n - 1, int(c)) for c in sorted(rng.choice(n, 5, replace=False))]
    gold_idx = int(rng.integers(5))
    good = starts[gold_idx]
    tree = ss2_network(rng, n, F, circle, good, [s for i, s in enumerate(starts) if i != gold_idx])
    adj = _adj(tree)
    cell, pad = 44, 30
    img, d = canvas(pad * 2 + cell * (n - 1), pad * 2 + cell * (n - 1) + 20)

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
    return Item("SS2", img, q, "mc", gold, labels, mc_rows(labels, gold, "starting point S"), "",
                {"n": n, "edges": [[list(a), list(b)] for a, b in tree], "F": list(F), "circle": list(circle),
                 "starts": [list(s) for s in starts]}, "number 1-5")


# ----------------------------------------------------------------------------- SS3
QUAD = ("TL", "TR", "BL", "BR")


def building_segments(cell, quad):
    """The two street segments that border a building in ``quad`` of ``cell``."""
    r, c = cell
    top, bot, left, right = ((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))
    return {"TL": (top, left), "TR": (top, right), "BL": (bot, left), "BR": (bot, right)}[quad]


def perimeter(rows: int, cols: int) -> list[tuple[int, int]]:
    out = [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
    out += [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)]
    return out


def point_label(i: int) -> str:
    return LETTERS[i] if i < 26 else LETTERS[i // 26 - 1] + LETTERS[i % 26]


def draw_map(rows, cols, open_segs, blocked, buildings, labels=None, cell=44, pad=30, numbers=True, marks=None, label_size=11):
    img, d = canvas(pad * 2 + cell * (cols - 1), pad * 2 + cell * (rows - 1))

    def P(p):
        return (pad + p[1] * cell, pad + p[0] * cell)

    for a, b in open_segs + blocked:
        d.line([P(a), P(b)], fill=(90, 90, 90), width=3)
    for a, b in blocked:
        x, y = (P(a)[0] + P(b)[0]) / 2, (P(a)[1] + P(b)[1]) / 2
        d.ellipse([x - 5, y - 5, x + 5, y + 5], fill="white", outline="black", width=2)
    q = cell / 2
    for k, (cellrc, quad) in enumerate(buildings):
        r, c = cellrc
        x0 = pad + c * cell + (0 if quad[1] == "L" else q)
        y0 = pad + r * cell + (0 if quad[0] == "T" else q)
        # [decision] inset 7 px from the streets and road blocks of radius 5 at mid-street, so a
        # road block never covers a building box (they overlapped at inset 4, radius 6)
        d.rectangle([x0 + 7, y0 + 7, x0 + q - 7, y0 + q - 7], fill=(235, 235, 235), outline="black")
        if numbers:
            text_center(d, (x0 + q / 2, y0 + q / 2), str(k + 1) if numbers is True else numbers[k], label_size)
    if labels:
        for lab, p in labels:
            x, y = P(p)
            dx = -16 if p[1] == 0 else 16 if p[1] == cols - 1 else 0
            dy = -16 if p[0] == 0 else 16 if p[0] == rows - 1 else 0
            text_center(d, (x + dx, y + dy), lab, 13, (0, 0, 170))
    for lab, p in (marks or []):
        x, y = p
        text_center(d, (pad + x * cell, pad + y * cell), lab, 16, (200, 0, 0))
    return img


def random_map(rng, rows, cols, n_build, p_block=0.25):
    segs = grid_segments(rows, cols)
    blocked = [s for s in segs if rng.random() < p_block]
    open_segs = [s for s in segs if s not in blocked]
    cells = [(r, c) for r in range(rows - 1) for c in range(cols - 1)]
    pick = rng.choice(len(cells), n_build, replace=False)
    buildings = [(cells[int(i)], QUAD[int(rng.integers(4))]) for i in pick]
    return open_segs, blocked, buildings


def _seg_distance(p, a, b) -> float:
    """Distance from point ``p`` to the segment ``a``-``b`` (points (row, col))."""
    (py, px), (ay, ax), (by, bx) = p, a, b
    dy, dx = by - ay, bx - ax
    t = max(0.0, min(1.0, ((py - ay) * dy + (px - ax) * dx) / (dy * dy + dx * dx)))
    return math.hypot(py - (ay + t * dy), px - (ax + t * dx))


def building_centre(cell, quad) -> tuple[float, float]:
    return (cell[0] + (0.25 if quad[0] == "T" else 0.75), cell[1] + (0.25 if quad[1] == "L" else 0.75))


def _ss3_buildings(rng, rows, cols, nb, used, a, b, rank):
    """``nb`` buildings in distinct cells: one beside the route (a side of it on a street of
    ``used``), the others beside no street of it, with exactly ``rank`` of them nearer than the
    route's building to the straight line from ``a`` to ``b``; None if this map cannot."""
    slots = [((r, c), q) for r in range(rows - 1) for c in range(cols - 1) for q in QUAD]
    on = [s for s in slots if any(tuple(sorted(e)) in used for e in building_segments(*s))]
    off = [s for s in slots if s not in on]
    dist = {s: _seg_distance(building_centre(*s), a, b) for s in slots}
    for gi in rng.permutation(len(on)):
        gold = on[int(gi)]
        dg = dist[gold]
        near: dict = {}
        far: dict = {}
        for s in off:
            if s[0] == gold[0] or abs(dist[s] - dg) < 1e-9:
                continue
            (near if dist[s] < dg else far).setdefault(s[0], []).append(s)
        near_cells = sorted(near)
        if len(near_cells) < rank:
            continue
        pick_near = [near_cells[int(i)] for i in rng.permutation(len(near_cells))[:rank]]
        far_cells = sorted(set(far) - set(pick_near))
        if len(far_cells) < nb - 1 - rank:
            continue
        pick_far = [far_cells[int(i)] for i in rng.permutation(len(far_cells))[:nb - 1 - rank]]
        chosen = [gold] + [near[c][int(rng.integers(len(near[c])))] for c in pick_near] + \
                 [far[c][int(rng.integers(len(far[c])))] for c in pick_far]
        order = [int(i) for i in rng.permutation(nb)]
        return [chosen[i] for i in order], order.index(0)
    return None


@generator("SS3")
def gen_ss3(rng, difficulty: str) -> Item:
    rows, cols, nb = {"easy": (6, 7, 10), "normal": (7, 8, 10), "hard": (8, 9, 15)}[difficulty]
    per = perimeter(rows, cols)
    # [decision] the streets, road blocks and the two lettered points are drawn first, then the
    # buildings: one beside the route, the others beside none of its streets, placed so that the
    # route's building has a rank (by distance to the straight line between the two points) drawn
    # uniformly once per item. Drawn at random and kept when the route passes exactly one (the
    # official design), the building nearest that line was the answer in 64-68% of items.
    rank = int(rng.integers(nb))
    for _ in range(2000):
        open_segs, blocked, _ = random_map(rng, rows, cols, 0)
        adj = _adj(open_segs)
        found = None
        for _ in range(30):
            i, j = (int(x) for x in rng.choice(len(per), 2, replace=False))
            a, b = per[i], per[j]
            if a[0] == b[0] or a[1] == b[1] or a not in adj or b not in adj:
                continue
            dist, count = bfs(adj, a)
            if b not in dist or count[b] != 1:
                continue
            # recover the unique path
            path, v = [b], b
            while v != a:
                v = next(w for w in adj[v] if dist.get(w) == dist[v] - 1)
                path.append(v)
            used = {tuple(sorted(e)) for e in zip(path, path[1:])}
            placed = _ss3_buildings(rng, rows, cols, nb, used, a, b, rank)
            if placed is not None:
                buildings, k = placed
                found = (i, j, k, path)
                break
        if found:
            break
    else:  # pragma: no cover
        raise RuntimeError("SS3 generation failed")
    i, j, k, path = found
    labels = [(point_label(t), p) for t, p in enumerate(per)]
    img = draw_map(rows, cols, open_segs, blocked, buildings, labels)
    X, Y = point_label(i), point_label(j)
    q = (f"Find the shortest route along the streets from {X} to {Y} without passing a road block (small circle). "
         "The route passes beside exactly one numbered building (it runs along a side of it). Which building?"
         + OUT + ' Answer with the building number, e.g. {"answer": 4}.')
    return Item("SS3", img, q, "int", k + 1, tuple(range(1, nb + 1)), [], "",
                {"rows": rows, "cols": cols, "open": [[list(a), list(b)] for a, b in open_segs],
                 "blocked": [[list(a), list(b)] for a, b in blocked],
                 "buildings": [[list(c), qd] for c, qd in buildings], "from": X, "to": Y,
                 "from_point": list(per[i]), "to_point": list(per[j]), "path": [list(p) for p in path]},
                "building number")

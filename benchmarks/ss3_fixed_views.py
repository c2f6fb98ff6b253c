"""Why SS3 has no "streets around every building drawn before the answer" version (issue 30).

    .venv/bin/python benchmarks/ss3_fixed_views.py [--layouts 30] [--view-block 0.3] [--slack 4]

The exact way to put every rule about what is drawn around a building at chance (VZ1 version
4's way) is to draw those streets, the buildings and the two lettered points before the answer,
keep a layout only when every building can be made the answer, and draw the answer uniformly.
For SS3 "what is drawn around a building" is the audit's view: its two sides and the streets
continuing them at both ends (six streets). This script measures, per difficulty:

1. how much of the map those views are on the current version's items (seeds 50,000-): the share
   of all streets, and of the streets inside the two points' box;
2. on layouts drawn as version 4 draws them (the two points, buildings beside some route at most
   ``--slack`` steps longer than the shortest), with every view street set open or blocked first
   (each continuation blocked with probability ``--view-block``, at least one open at a
   building's corner, no building's side in another's view, no side at a lettered point), the
   share of buildings that can be the answer, split by why not:
   - *no way*: the side cannot be reached from both points without passing another building's
     side or a blocked view street (no road block placement can help);
   - *no rival-free route*: every route found (shortest routes beside the side, preferring view
     streets on ties, with the points of fixed-open view streets they touch twice taken away, up
     to 8 times) leaves a route as short made of fixed-open streets and itself, which no road
     block can cut;
3. the share of layouts in which every building can be the answer (what the exact design needs).

``--v4`` measures version 4's own street model the same way instead: on its layouts, the share
of buildings whose streets it can make (twenty draws each, as it gives the answer), the layouts
where it can for every building, and the CPU time per layout.
"""
from __future__ import annotations

import argparse
import heapq
from collections import Counter

import numpy as np

from machinepsych.tasks.visfactor.core import Draws, generate
from machinepsych.tasks.visfactor.gen_ss3 import SS3_BLOCK, SS3_SLACK, _manhattan, _ss3_layout, _ss3_prep, _ss3_streets, _ss3_view
from machinepsych.tasks.visfactor.street_map import QUAD, _adj, bfs, building_segments, grid_segments, perimeter

SIZES = {"easy": (6, 7, 10), "normal": (7, 8, 10), "hard": (8, 9, 15)}
W = 100  # a street's length in the route search; a fixed-open street is W - 1 (preferred on ties)


def coverage(diff: str, n: int = 200) -> tuple[float, float]:
    cov, box = [], []
    for s in range(n):
        p = generate("SS3", 50_000 + s, diff).params
        sides = [e for c, q in p["buildings"] for e in building_segments(tuple(c), q)]
        view = _ss3_view(p["rows"], p["cols"], sides, []) | set(sides)
        segs = grid_segments(p["rows"], p["cols"])
        a, b = p["from_point"], p["to_point"]
        inside = [e for e in segs if all(min(a[0], b[0]) <= x[0] <= max(a[0], b[0]) and
                                         min(a[1], b[1]) <= x[1] <= max(a[1], b[1]) for x in e)]
        cov.append(len(view) / len(segs))
        box.append(sum(e in view for e in inside) / len(inside))
    return float(np.mean(cov)), float(np.mean(box))


def _corner(s):
    (r, c), q = s
    return (r + (q[0] == "B"), c + (q[1] == "R"))


def _arms(rows, cols, s):
    """The streets leaving a building's corner other than its sides."""
    q, two = _corner(s), building_segments(*s)
    out = []
    for d in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        p = (q[0] + d[0], q[1] + d[1])
        if 0 <= p[0] < rows and 0 <= p[1] < cols and tuple(sorted((q, p))) not in two:
            out.append(tuple(sorted((q, p))))
    return out


def _components(segs) -> dict:
    parent: dict = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for u, w in segs:
        parent[find(u)] = find(w)
    groups: dict = {}
    for p in list(parent):
        groups.setdefault(find(p), set()).add(p)
    return {p: frozenset(g) for g in groups.values() for p in g}


def _dijkstra(adj, src) -> dict:
    d, h = {src: 0}, [(0, src)]
    while h:
        dv, v = heapq.heappop(h)
        if dv <= d[v]:
            for w, wt in adj[v]:
                if dv + wt < d.get(w, 1 << 30):
                    d[w] = dv + wt
                    heapq.heappush(h, (dv + wt, w))
    return d


def _descend(draws, d, adj, v) -> list:
    out = [v]
    while d[v]:
        steps = sorted(w for w, wt in adj[v] if d.get(w, -1) == d[v] - wt)
        v = steps[draws.index(len(steps))]
        out.append(v)
    return out


def _route(draws, segs, a, b, own, sides, fixed, fixed_open, comp) -> str:
    """"ok", "no way" or "no rival-free route" for the building whose open side is ``own``."""
    others = sides - {own}
    base = [s for s in segs if (s not in fixed or s in fixed_open) and s not in others and s != own]
    forbidden: set = set()
    for attempt in range(8):
        adj: dict = {a: [], b: []}
        for s in base:
            if s[0] not in forbidden and s[1] not in forbidden:
                wt = W - 1 if s in fixed_open else W
                adj.setdefault(s[0], []).append((s[1], wt))
                adj.setdefault(s[1], []).append((s[0], wt))
        da, db = _dijkstra(adj, a), _dijkstra(adj, b)
        ways = [(da[x] + db[y], x, y) for x, y in (own, own[::-1]) if x in da and y in db]
        if not ways:
            return "no way" if attempt == 0 else "no rival-free route"
        best = min(c for c, _, _ in ways)
        ways = [(x, y) for c, x, y in ways if c == best]
        x, y = ways[draws.index(len(ways))]
        path = next((r for r in (_descend(draws, da, adj, x)[::-1] + _descend(draws, db, adj, y) for _ in range(3))
                     if len(set(r)) == len(r)), None)
        if path is None:
            return "no rival-free route"
        si = path.index(x)
        along = [tuple(sorted(e)) in fixed_open or i == si for i, e in enumerate(zip(path, path[1:]))]
        seen: dict = {}
        bad = False
        i = 0
        while i < len(path):  # each fixed-open component must be met in one stretch along it
            c = comp.get(path[i])
            if c is None:
                i += 1
                continue
            j = i
            while j < len(path) - 1 and along[j]:
                j += 1
            if c in seen:
                bad = True
                drop = seen[c] if i <= si <= j else (i, j)
                forbidden |= {path[t] for t in range(drop[0], drop[1] + 1)} - {a, b}
                if i <= si <= j:
                    seen[c] = (i, j)
            else:
                seen[c] = (i, j)
            i = j + 1
        if bad:
            continue
        dist, count = bfs(_adj(set(fixed_open) | {tuple(sorted(e)) for e in zip(path, path[1:])}), a)
        return "ok" if dist.get(b) == len(path) - 1 and count[b] == 1 else "no rival-free route"
    return "no rival-free route"


def layouts(diff: str, n: int, view_block: float, slack: int, seed: int = 0) -> tuple[Counter, int, int]:
    rows, cols, nb = SIZES[diff]
    rng = np.random.default_rng(seed)
    draws = Draws(rng)
    per, segs = perimeter(rows, cols), grid_segments(rows, cols)
    slots = [((r, c), q) for r in range(rows - 1) for c in range(cols - 1) for q in QUAD]
    why: Counter = Counter()
    every = done = 0
    while done < n:
        i, j = (int(x) for x in rng.choice(len(per), 2, replace=False))
        a, b = per[i], per[j]
        if a[0] == b[0] or a[1] == b[1]:
            continue
        limit = _manhattan(a, b) + slack
        near = [s for s in slots if _arms(rows, cols, s) and not {a, b} & {p for e in building_segments(*s) for p in e}
                and any(min(_manhattan(a, u) + _manhattan(w, b), _manhattan(a, w) + _manhattan(u, b)) + 1 <= limit
                        for u, w in building_segments(*s))]
        chosen, cells, sides, views = [], set(), set(), set()
        for t in rng.permutation(len(near)):
            s = near[int(t)]
            two = set(building_segments(*s))
            view = _ss3_view(rows, cols, list(two), [])
            if s[0] in cells or two & (sides | views) or view & sides:
                continue
            chosen.append(s)
            cells.add(s[0])
            sides |= two
            views |= view
            if len(chosen) == nb:
                break
        else:
            continue
        shut = rng.integers(2, size=nb)
        open_ = [building_segments(*s)[1 - int(x)] for s, x in zip(chosen, shut)]
        order = sorted(views)
        while True:  # the view streets, answer-free; a corner with no open street is drawn again
            status = {e: bool(u >= view_block) for e, u in zip(order, rng.random(len(order)))}
            status.update({e: e in open_ for e in sides})
            if all(any(status[e] for e in _arms(rows, cols, s)) for s in chosen):
                break
        fixed_open = {e for e, v in status.items() if v}
        comp = _components(fixed_open)
        res = [_route(draws, segs, a, b, own, sides, set(status), fixed_open, comp) for own in open_]
        why.update(res)
        every += all(r == "ok" for r in res)
        done += 1
    return why, every, done


def version4(diff: str, n: int, seed: int = 1) -> tuple[int, int, int, float]:
    """(buildings whose streets version 4 can make, buildings, layouts where it can for every
    building, CPU seconds per layout) on ``n`` of its layouts."""
    import time

    rows, cols, nb = SIZES[diff]
    rng = np.random.default_rng(seed)
    per = perimeter(rows, cols)
    ok = every = 0
    t = time.process_time()
    for _ in range(n):
        i, j, _b, open_, shut = _ss3_layout(rng, rows, cols, nb, SS3_SLACK)
        prep = _ss3_prep(rows, cols, open_, shut, per[i], per[j])
        good = sum(any(_ss3_streets(rng, rows, cols, open_, shut, k, per[i], per[j], SS3_BLOCK, prep) is not None
                       for _ in range(20)) for k in range(nb))
        ok += good
        every += good == nb
    return ok, n * nb, every, (time.process_time() - t) / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layouts", type=int, default=30)
    ap.add_argument("--view-block", type=float, default=0.3)
    ap.add_argument("--slack", type=int, default=4)
    ap.add_argument("--difficulty", default="easy,normal,hard")
    ap.add_argument("--v4", action="store_true", help="version 4's street model instead")
    a = ap.parse_args()
    for diff in a.difficulty.split(","):
        if a.v4:
            ok, tot, every, sec = version4(diff, a.layouts)
            print(f"{diff:6s} version 4: buildings whose streets it can make {100 * ok / tot:.1f}% ({tot}); "
                  f"layouts where it can for every building {every}/{a.layouts}; {1000 * sec:.0f} ms of CPU per layout")
            continue
        cov, box = coverage(diff)
        why, every, n = layouts(diff, a.layouts, a.view_block, a.slack)
        tot = sum(why.values())
        print(f"{diff:6s} views cover {100 * cov:.0f}% of the streets ({100 * box:.0f}% in the two points' box); "
              f"buildings that can be the answer {100 * why['ok'] / tot:.1f}%, no way {100 * why['no way'] / tot:.1f}%, "
              f"no rival-free route {100 * why['no rival-free route'] / tot:.1f}% ({tot} buildings); "
              f"layouts with every building possible {every}/{n}")


if __name__ == "__main__":
    main()

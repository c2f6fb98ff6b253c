"""Version 1 of SS3, kept verbatim so that ``visfactor-ss3@1`` still makes the items of its stored
runs. Do not edit: the current generator is in ``gen_scan.py``; its shortcuts and fixes are in
``docs/visfactor.md#generator-deviations``. Version 1 of the other generators that issue 20 changed
(CF2, CF3, VZ1, VZ2, P3) is a ``generation`` of the current one in ``gen_closure.py``, ``gen_vz.py``
and ``gen_other.py``."""
from __future__ import annotations

from .core import Item, generator
from .gen_closure import OUT
from .gen_scan import _adj, bfs, building_segments, draw_map, perimeter, point_label, random_map


@generator("SS3", version=1)
def gen_v1_ss3(rng, difficulty: str) -> Item:
    rows, cols, nb = {"easy": (6, 7, 10), "normal": (7, 8, 10), "hard": (8, 9, 15)}[difficulty]
    per = perimeter(rows, cols)
    for _ in range(500):
        open_segs, blocked, buildings = random_map(rng, rows, cols, nb)
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
            passed = [k for k, (cl, qd) in enumerate(buildings) if any(tuple(sorted(s)) in used for s in building_segments(cl, qd))]
            if len(passed) == 1:
                found = (i, j, passed[0], path)
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


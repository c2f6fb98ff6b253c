"""Version 1 of SS3 and P3, kept verbatim so that ``visfactor-<id>@1`` still makes the items of
its stored runs. Do not edit: the current generators are in ``gen_scan.py`` and ``gen_other.py``;
their shortcuts and fixes are in ``docs/visfactor.md#generator-deviations``. Version 1 of the other
generators that issue 20 changed (CF2, CF3, VZ1, VZ2) is a ``generation`` of the current one in
``gen_closure.py`` and ``gen_vz.py``."""
from __future__ import annotations

from .core import (LETTERS, Item, balanced_distractors, draw_edges, edges_json, framed, generator, labelled_row,
                   lattice_edges, mc_rows)
from .gen_closure import OUT
from .gen_other import _mirror, _rot180
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


@generator("P3", version=1)
def gen_v1_p3(rng, difficulty: str) -> Item:
    n = {"easy": 4, "normal": 4, "hard": 5}[difficulty]
    allE = lattice_edges(n, n)
    k = {"easy": 7, "normal": 9, "hard": 12}[difficulty]
    key_rank = int(rng.integers(5))  # the key's consensus rank, drawn once (balanced_distractors)
    kinds = ["remove", "add", "move", "move2"] + ([] if difficulty == "hard" else ["mirror", "rot180"])

    def change(base, kind):
        bl, rest = sorted(base), [e for e in allE if e not in base]
        if kind == "remove":
            return base - {bl[int(rng.integers(len(bl)))]}
        if kind == "add":
            return base | {rest[int(rng.integers(len(rest)))]}
        if kind in ("move", "move2"):
            e = bl[int(rng.integers(len(bl)))]
            near = [f for f in rest if set(f) & set(e)]
            return None if not near else (base - {e}) | {near[int(rng.integers(len(near)))]}
        return _mirror(base, n) if kind == "mirror" else _rot180(base, n)

    # [decision] the wrong pictures are one change away from the target (line removed, added,
    # moved; mirror image or half turn) or two changes away, and four are chosen so that the
    # target is not the picture most like the others (balanced_distractors): built only as
    # single changes of the target, the target was that picture in ~93% of items.
    tries = 0
    while True:
        tries += 1
        if tries % 30 == 0:  # a rank no pool of this difficulty reaches in 30 targets is drawn again
            key_rank = int(rng.integers(5))
        target = {allE[int(i)] for i in rng.choice(len(allE), k, replace=False)}
        pool: list[frozenset] = []
        for kind in rng.permutation(kinds):
            v = change(target, str(kind))
            if v is not None:
                pool.append(frozenset(v))
                w = change(v, str(kinds[int(rng.integers(4))]))
                if w is not None:
                    pool.append(frozenset(w))
        uniq: list[frozenset] = []
        for v in pool:
            if v != target and v not in uniq:
                uniq.append(v)
        if len(uniq) < 4:
            continue
        uniq = [uniq[int(i)] for i in sorted(rng.permutation(len(uniq))[:12])]
        chosen = balanced_distractors(frozenset(target), uniq, rng, key_rank)
        if chosen is not None:
            variants = [set(uniq[i]) for i in chosen]
            break
    opts = variants + [target]
    order = [int(i) for i in rng.permutation(5)]
    opts = [opts[i] for i in order]
    gold = LETTERS[order.index(4)]
    cell = 30
    panels = [framed(draw_edges(o, n, n, cell=cell)) for o in opts]
    img = labelled_row([framed(draw_edges(target, n, n, cell=cell), width=3)] + panels, ["target"] + list(LETTERS[:5]))
    labels = tuple(LETTERS[:5])
    q = ("Which picture (A, B, C, D or E) is exactly the same as the target picture on the left?" + OUT +
         ' Answer with one letter, e.g. {"answer": "A"}.')
    return Item("P3", img, q, "mc", gold, labels, mc_rows(labels, gold, "picture"), "",
                {"grid": n, "target": edges_json(target), "options": [edges_json(o) for o in opts]}, "letter A-E")

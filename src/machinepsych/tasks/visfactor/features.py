"""Surface features of VisFactor items for the learned validity audit (``audit_learned.py``,
``docs/visfactor.md#learned-audit``).

Every subtest declares, in :data:`FEATURES`, the surface features of its answer *units* (the
things a participant chooses among or judges one by one: options, T/F parts, grid cells,
candidate words, test-figure x group pairs) and, in :data:`EXTRACT`, a function computing them
from the generated item (its structured parameters and, for the picture-naming subtests, the
amount of ink in its picture). The features describe what is drawn (counts of lines, holes,
pieces; areas; positions; distances; symmetry; overlap with the other options), never the
solution: no feature compares an option with the figure it must be identical to (P3), checks
containment (CF1, CF2), applies the folds (VZ2), translates the figure (CF3), rotates or mirrors
(S1, S2, MV1) or reads a relation (RL2). A learned classifier that beats structural chance on
them has found a shortcut.

Each unit also gets, automatically, its position among the item's units and, for every declared
feature, its difference from the item's mean and its rank within the item (so "the largest
piece" or "the option most like the others" are one feature away); see :func:`units`.

Extraction is cheap (well under a millisecond per item but for the word subtests, which score
every candidate word or object of the pool).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
import numpy as np

from .core import Item

Rows = list[list[float]]


@dataclass
class Units:
    """The learned audit's view of one item.

    ``X`` (units x features) and ``y`` (1 where the unit is the key / a true part). ``part``
    gives each unit's part: in ``fmt`` "choose" exactly one unit of each part is the key and a
    participant picks one per part; in ``fmt`` "binary" every unit is judged T or F (its part
    only groups the units for the structural chance and for a known number of T per part)."""

    X: np.ndarray
    y: np.ndarray
    part: np.ndarray
    fmt: str
    names: tuple[str, ...]

    @property
    def n_parts(self) -> int:
        return int(self.part.max()) + 1 if len(self.part) else 0


# ----------------------------------------------------------------------------- helpers
def _edges(data) -> frozenset:
    return frozenset((tuple(int(v) for v in a), tuple(int(v) for v in b)) if tuple(a) <= tuple(b)
                     else (tuple(int(v) for v in b), tuple(int(v) for v in a)) for a, b in data)


def _orient(e) -> int:
    (r0, c0), (r1, c1) = e
    dr, dc = r1 - r0, c1 - c0
    if dr == 0:
        return 0  # horizontal
    if dc == 0:
        return 1  # vertical
    return 2 if dr * dc > 0 else 3  # diagonal / anti-diagonal


def _orient_counts(es) -> list[float]:
    h = [0.0] * 4
    for e in es:
        h[_orient(e)] += 1
    return h


def _set_similarity(sets: list[frozenset]) -> tuple[list[float], list[float]]:
    """Per set: mean Jaccard similarity with the other sets, summed symmetric difference to them."""
    k = len(sets)
    jac, sd = [0.0] * k, [0.0] * k
    for i, j in combinations(range(k), 2):
        a, b = sets[i], sets[j]
        u = len(a | b)
        s = len(a & b) / u if u else 1.0
        d = float(len(a ^ b))
        jac[i] += s
        jac[j] += s
        sd[i] += d
        sd[j] += d
    return [v / max(1, k - 1) for v in jac], sd


def _mirror_sym(es, n: int) -> list[float]:
    """Is a lattice drawing (points 0..n-1) symmetric under a left-right mirror, an up-down mirror,
    a half turn?"""
    def m(f):
        return _edges([[f(a), f(b)] for a, b in es])
    return [float(m(lambda p: (p[0], n - 1 - p[1])) == es), float(m(lambda p: (n - 1 - p[0], p[1])) == es),
            float(m(lambda p: (n - 1 - p[0], n - 1 - p[1])) == es)]


def _ink(img) -> tuple[float, float, float]:
    """Share of dark pixels of a picture, and the width and height of their bounding box (shares)."""
    a = np.asarray(img.convert("L"), dtype=np.uint8) < 128
    if not a.any():
        return 0.0, 0.0, 0.0
    rows, cols = np.flatnonzero(a.any(axis=1)), np.flatnonzero(a.any(axis=0))
    return float(a.mean()), (cols[-1] - cols[0] + 1) / a.shape[1], (rows[-1] - rows[0] + 1) / a.shape[0]


def _choice_labels(item: Item) -> list[float]:
    return [1.0 if o == item.gold else 0.0 for o in item.options]


# ----------------------------------------------------------------------------- per subtest
# Each extractor returns (feature rows, labels, parts, fmt); fmt "choose" or "binary".
def _cf1(item: Item):
    from .gen_closure import CF1_MODELS

    pattern = _edges(item.params["pattern"])
    ph = np.array(_orient_counts(pattern))
    ph = ph / max(1.0, ph.sum())
    X = []
    for m in CF1_MODELS:
        pts = [q for e in m for q in e]
        mh = np.array(_orient_counts(_edges([[a, b] for a, b in m])))
        mh = mh / max(1.0, mh.sum())
        X.append([float(len(m)), float(max(c for _, c in pts) - min(c for _, c in pts)),
                  float(max(r for r, _ in pts) - min(r for r, _ in pts)), float(ph @ mh), float(len(pattern))])
    return X, _choice_labels(item), None, "choose"


def _cf2(item: Item):
    figs = [_edges(f) for f in item.params["figures"]]
    jac, sd = _set_similarity(figs)
    X = []
    for i, f in enumerate(figs):
        dots = {p for e in f for p in e}
        deg: dict = {}
        for a, b in f:
            deg[a] = deg.get(a, 0) + 1
            deg[b] = deg.get(b, 0) + 1
        X.append([float(len(f)), *_orient_counts(f), float(len(dots)), float(max(deg.values(), default=0)),
                  jac[i], sd[i], *_mirror_sym(f, 3)])
    return X, [1.0 if g == "T" else 0.0 for g in item.gold], None, "binary"


def _cf3(item: Item):
    p = item.params
    n = int(p["grid"])
    path = [tuple(int(v) for v in q) for q in p["path"]]
    s2 = tuple(int(v) for v in p["start2"])
    s0, e0 = path[0], path[-1]
    gr, gc = (int(v) - 1 for v in str(item.gold).strip("()").split(","))
    X, y = [], []
    for r in range(n):
        for c in range(n):
            q = (r, c)
            # no distance from the figure's own start or end dot: with the distance to the circled
            # dot they place the answer by triangulation (its distance to the figure's end is the
            # start shift, its distance to the circled dot the figure's start-to-end distance),
            # which is overlaying the two grids, i.e. copying (docs/visfactor.md#learned-audit);
            # whether a dot *is* the figure's start or end stays (the released generator's shortcut)
            X.append([r / (n - 1), c / (n - 1), float(q == s2), math.dist(q, s2), float(q == s0),
                      float(q == e0), float(r in (0, n - 1) or c in (0, n - 1)),
                      float(len(path) - 1), math.dist(s0, s2)])
            y.append(1.0 if (r, c) == (gr, gc) else 0.0)
    return X, y, None, "choose"


@lru_cache(maxsize=1)
def _icon_ink() -> dict[str, tuple[float, float, float]]:
    from .core import canvas
    from .icons import ICON_NAMES, draw_icon

    out = {}
    for name in ICON_NAMES:
        img, d = canvas(256, 256)
        draw_icon(d, name, (16, 16, 256 - 32))
        out[name] = _ink(img)
    return out


def _icons(item: Item):
    ink, w, h = _ink(item.image)
    X, y = [], []
    for name, (i2, w2, h2) in _icon_ink().items():
        X.append([i2, w2, h2, ink, w, h, abs(i2 - ink), abs(w2 - w), abs(h2 - h), float(len(name.split(",")[0]))])
        y.append(1.0 if name == item.gold else 0.0)
    return X, y, None, "choose"


def _cs2(item: Item):
    from .core import font
    from .icons import WORDS

    p = item.params
    size, s = int(p.get("font_size", 42)), float(p.get("stretch", 1.0))
    # the width the stimulus word takes on the picture: as drawn (CS2 generation 2 sets its letters at
    # an even pitch) or, for generation 1's proportional setting, the word's width in the font
    drawn = float(p["text_width"]) if "text_width" in p else font(size).getlength(str(p["word"])) * s
    widths = _word_widths(size) * s
    lengths = np.array([len(w) for w in WORDS], dtype=float)
    X = np.column_stack([lengths, widths, np.full(len(WORDS), drawn), np.abs(widths - drawn),
                         np.full(len(WORDS), float(len(p.get("lines", ())))),
                         np.full(len(WORDS), float(len(p.get("dots", ()))))])
    y = [1.0 if w in item.accepted or w == item.gold else 0.0 for w in WORDS]
    return X, y, None, "choose"


@lru_cache(maxsize=64)
def _word_widths(size: int) -> np.ndarray:
    from .core import font
    from .icons import WORDS

    f = font(size)
    return np.array([f.getlength(w) for w in WORDS], dtype=float)


def _frac_poly(poly) -> list[tuple[Fraction, Fraction]]:
    return [(Fraction(str(x)), Fraction(str(y))) for x, y in poly]


def _area(poly) -> float:
    a = Fraction(0)
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        a += x0 * y1 - x1 * y0
    return float(abs(a) / 2)


def _vz1(item: Item):
    p = item.params
    target = _area(_frac_poly(p["target_poly"]))
    polys = [_frac_poly(q) for q in p["pieces"]]
    areas = [_area(q) for q in polys]
    greedy, filled = set(), 0.0
    for i in sorted(range(len(areas)), key=lambda i: -areas[i]):
        if filled + areas[i] <= target + 1e-9:
            greedy.add(i)
            filled += areas[i]
    X = []
    for i, q in enumerate(polys):
        xs, ys = [float(v[0]) for v in q], [float(v[1]) for v in q]
        diag = any(a[0] != b[0] and a[1] != b[1] for a, b in zip(q, q[1:] + q[:1]))
        X.append([areas[i], areas[i] / target, float(len(q)), max(xs) - min(xs), max(ys) - min(ys), float(diag),
                  float(i in greedy), sum(areas) / target])
    return X, [1.0 if g == "T" else 0.0 for g in item.gold], None, "binary"


def _vz2(item: Item):
    p = item.params
    opts = [frozenset((round(float(h[0]), 3), round(float(h[1]), 3)) for h in o) for o in p["options"]]
    punch = (round(float(p["punch"][0]), 3), round(float(p["punch"][1]), 3))
    jac, sd = _set_similarity(opts)

    def sym(o, f) -> float:
        return float(frozenset((round(f(x, y)[0], 3), round(f(x, y)[1], 3)) for x, y in o) == o)

    X = []
    for i, o in enumerate(opts):
        X.append([float(len(o)), sym(o, lambda x, y: (3 - x, y)), sym(o, lambda x, y: (x, 3 - y)),
                  sym(o, lambda x, y: (y, x)), sym(o, lambda x, y: (3 - y, 3 - x)), sym(o, lambda x, y: (3 - x, 3 - y)),
                  float(punch in o), jac[i], sd[i], float(len(p.get("folds", ())))])
    return X, _choice_labels(item), None, "choose"


FACES = ("front", "back", "left", "right", "top", "bottom")
DIRS = ("N", "E", "S", "W")


def _vz3(item: Item):
    p = item.params
    squares = [tuple(q) for q in p["squares"]]
    x_face, o_face = tuple(p["x_face"]), tuple(p["o_face"])
    sq, d = p["numbered"][int(p["asked"]) - 1]  # "asked" is 1-based
    sq = tuple(sq)

    def adj(a, b) -> float:
        return float(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)

    item_f = [float(sq == x_face), float(sq == o_face), adj(sq, x_face), adj(sq, o_face),
              *(float(d == k) for k in DIRS), float(len(p["numbered"])), float(sum(adj(sq, q) for q in squares))]
    # the drawn faces that carry X and O (random from VZ3 generation 2; generation 1 drew them on top and front)
    xd, od = p.get("x_drawn", "top"), p.get("o_drawn", "front")
    X = []
    for lab in item.options:
        faces = p["letter_faces"][lab]
        X.append([*(float(f in faces) for f in FACES), float(xd in faces), float(od in faces), *item_f])
    return X, _choice_labels(item), None, "choose"


def _s1(item: Item):
    p = item.params
    nv = float(len(p["polygon"]))
    X = []
    for a in p["angles"]:
        t = math.radians(float(a))
        X.append([math.cos(t), math.sin(t), abs(((float(a) + 180) % 360) - 180) / 180, abs(math.sin(2 * t)), nv])
    return X, [1.0 if g == "T" else 0.0 for g in item.gold], None, "binary"


def _s2(item: Item):
    p = item.params
    v1 = {str(s): tuple(n) for n, s, _ in p["view1"]}
    v2 = {str(s): tuple(n) for n, s, _ in p["view2"]}
    shared = set(v1) & set(v2)
    same_place = sum(1 for s in shared if v1[s] == v2[s])
    return [[float(len(shared)), float(same_place), float(len(set(v1) | set(v2)))]], \
        [1.0 if item.gold == "T" else 0.0], None, "binary"


def _ss2(item: Item):
    p = item.params
    circle, F = p["circle"], p["F"]
    deg: dict = {}
    for a, b in p["edges"]:
        deg[tuple(a)] = deg.get(tuple(a), 0) + 1
        deg[tuple(b)] = deg.get(tuple(b), 0) + 1
    parent = _ss2_parents(p["edges"], tuple(F))
    X = [[math.dist(s, circle), abs(s[1] - circle[1]), abs(s[0] - circle[0]), float(s[1]), math.dist(s, F),
          float(deg.get(tuple(s), 0)), float(len(p["edges"])), _ss2_run(tuple(s), deg, parent)] for s in p["starts"]]
    return X, _choice_labels(item), None, "choose"


def _ss2_parents(edges, F) -> dict:
    """Each point of the network -> the next point on its route to F."""
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(tuple(a), []).append(tuple(b))
        adj.setdefault(tuple(b), []).append(tuple(a))
    parent, todo = {F: F}, [F]
    while todo:
        v = todo.pop()
        for w in adj.get(v, ()):
            if w not in parent:
                parent[w] = v
                todo.append(w)
    return parent


def _ss2_run(s, deg, parent) -> float:
    """The run from the start to its first junction (a point where another line branches off),
    which a glance at the start shows. Features of the whole route to F (its length, junctions,
    turns, where it comes nearest the circle) are left out: computing them is tracing the route,
    which is the test (docs/visfactor.md#learned-audit)."""
    steps, v = 0, s
    while parent.get(v, v) != v:
        v, steps = parent[v], steps + 1
        if deg.get(v, 0) >= 3:
            break
    return float(steps)


def _seg_dist(q, a, b) -> tuple[float, float]:
    """Distance from q to segment ab, and the projection's position along it (0..1)."""
    ax, ay, bx, by, qx, qy = a[0], a[1], b[0], b[1], q[0], q[1]
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((qx - ax) * dx + (qy - ay) * dy) / L))
    return math.dist(q, (ax + t * dx, ay + t * dy)), t


def _ss3(item: Item):
    from .street_map import building_segments

    p = item.params
    a, b = tuple(p["from_point"]), tuple(p["to_point"])
    open_ = {tuple(sorted((tuple(u), tuple(v)))) for u, v in p["open"]}
    blocked = {tuple(sorted((tuple(u), tuple(v)))) for u, v in p["blocked"]}
    X = []
    for cell, quad in p["buildings"]:
        r, c = cell
        centre = (r + (0.25 if quad[0] == "T" else 0.75), c + (0.25 if quad[1] == "L" else 0.75))
        d, t = _seg_dist(centre, a, b)
        segs = [tuple(sorted(s)) for s in building_segments(tuple(cell), quad)]
        inside = float(min(a[0], b[0]) <= centre[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= centre[1] <= max(a[1], b[1]))
        X.append([d, t, math.dist(centre, a), math.dist(centre, b), inside, float(sum(s in open_ for s in segs)),
                  float(sum(s in blocked for s in segs)), math.dist(a, b)])
    return X, [1.0 if o == item.gold else 0.0 for o in item.options], None, "choose"


def _p3(item: Item):
    p = item.params
    n = int(p["grid"])
    opts = [_edges(o) for o in p["options"]]
    jac, sd = _set_similarity(opts)
    X = [[float(len(o)), *_orient_counts(o), jac[i], sd[i], *_mirror_sym(o, n)] for i, o in enumerate(opts)]
    return X, _choice_labels(item), None, "choose"


def _i3(item: Item):
    p = item.params
    groups, tests = p["examples"], p["tests"]
    g = len(groups)
    X, y, part = [], [], []
    # the values all of a group's examples share (the rule's and any other): how many of them a
    # test figure has ("looks like what the group has in common", without asking which is the rule)
    common = [{(k, v) for k, v in grp[0].items() if all(ex.get(k) == v for ex in grp)} for grp in groups]
    for t, test in enumerate(tests):
        for gi, grp in enumerate(groups):
            sims = [sum(test[k] == ex.get(k) for k in test) for ex in grp]
            X.append([float(np.mean(sims)), float(max(sims)), float(min(sims)), gi / max(1, g - 1), float(g),
                      float(sum(test.get(k) == v for k, v in common[gi]))])
            y.append(1.0 if item.gold[t] == gi + 1 else 0.0)
            part.append(t)
    return X, y, part, "choose"


def _ma1(item: Item):
    p = item.params
    nums = [int(v) for v in p["numbers"]]
    pos = {v: i for i, v in enumerate(nums)}
    k = len(item.options)
    X = [[float(o), i / max(1, k - 1), pos.get(int(o), 0) / max(1, len(nums) - 1), float(int(o) % 2),
          float(int(o) // 10)] for i, o in enumerate(item.options)]
    return X, [1.0 if o == item.gold else 0.0 for o in item.options], None, "choose"


def _poly_stats(pts) -> tuple[float, float, float]:
    area = 0.0
    per = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        area += x0 * y1 - x1 * y0
        per += math.dist((x0, y0), (x1, y1))
    return float(len(pts)), abs(area) / 2, per


def _mv1(item: Item):
    p = item.params
    nv, area, per = _poly_stats([tuple(q) for q in p["test"]])
    study = [_poly_stats([tuple(q) for q in s]) for s in p["shapes"]]
    same_nv = [s for s in study if s[0] == nv]
    return [[nv, area, per, float(len(same_nv)), min((abs(s[1] - area) for s in same_nv), default=10.0),
             min((abs(s[2] - per) for s in same_nv), default=10.0), float(len(study))]], \
        [1.0 if item.gold == "T" else 0.0], None, "binary"


def _mv2(item: Item):
    p = item.params
    rows, cols = int(p["rows"]), int(p["cols"])
    cell, quad = p["buildings"][int(p["spot"])]
    return [[cell[0] / rows, cell[1] / cols, *(float(quad == q) for q in ("TL", "TR", "BL", "BR")),
             float(len(p["buildings"])), float(len(str(p["asked"]))), int(p["spot"]) / max(1, len(p["buildings"]) - 1)]], \
        [1.0 if item.gold == "T" else 0.0], None, "binary"


def _mv3(item: Item):
    p = item.params
    ns, nb = len(p["test"]["streets"]), len(p["test"]["buildings"])
    secs = [(len(s["streets"]), len(s["buildings"])) for s in p["sections"]]
    return [[float(ns), float(nb), float(sum(s[0] == ns for s in secs)), float(sum(s[1] == nb for s in secs)),
             float(sum(s == (ns, nb) for s in secs)), float(len(secs))]], \
        [1.0 if item.gold == "T" else 0.0], None, "binary"


def _rl2(item: Item):
    from .gen_other import DIAGRAMS

    p = item.params
    circles = [tuple(float(v) for v in c) for c in p["circles"]]
    over = inside = 0
    for (x0, y0, r0), (x1, y1, r1) in combinations(circles, 2):
        d = math.dist((x0, y0), (x1, y1))
        if d + min(r0, r1) <= max(r0, r1):
            inside += 1
        elif d < r0 + r1:
            over += 1
    # the class names are not used: the lexicon is small, so their spelling would name the relation
    return [[*(float(p["diagram"] == k) for k in DIAGRAMS), float(over), float(inside)]], \
        [1.0 if item.gold == "T" else 0.0], None, "binary"


# ----------------------------------------------------------------------------- registry
FEATURES: dict[str, tuple[str, ...]] = {
    "CF1": ("model edges", "model width", "model height", "direction profile match", "pattern edges"),
    "CF2": ("lines", "horizontal", "vertical", "diagonal", "anti-diagonal", "dots used", "max degree",
            "similarity to others", "difference to others", "mirror lr", "mirror ud", "half turn"),
    "CF3": ("row", "column", "is copy start", "distance to copy start", "is figure start", "is figure end",
            "on border", "figure steps", "start shift"),
    "CS1": ("object ink", "object width", "object height", "picture ink", "picture width", "picture height",
            "ink difference", "width difference", "height difference", "name length"),
    "CS2": ("word length", "word width", "drawn width", "width difference", "erasing lines", "erasing dots"),
    "VZ1": ("area", "share of shape", "vertices", "width", "height", "slanted edge", "largest-first fill",
            "pieces / shape area"),
    "VZ2": ("holes", "mirror lr", "mirror ud", "mirror diagonal", "mirror anti-diagonal", "half turn",
            "hole at punch", "similarity to others", "difference to others", "folds"),
    "VZ3": (*(f"edge on {f}" for f in FACES), "edge on X face", "edge on O face", "asked face is X", "asked face is O",
            "asked face next to X", "asked face next to O", *(f"asked edge {d}" for d in DIRS), "numbered edges", "asked face neighbours"),
    "S1": ("cos angle", "sin angle", "turn size", "off right angle", "vertices"),
    "S2": ("shared symbols", "shared at same face", "symbols seen"),
    "SS2": ("distance to circle", "columns to circle", "rows to circle", "column", "distance to F", "degree",
            "network edges", "run to first junction"),
    "SS3": ("distance to start-end line", "position along line", "distance to start", "distance to end",
            "in start-end box", "open sides", "blocked sides", "start-end distance"),
    "P3": ("lines", "horizontal", "vertical", "diagonal", "anti-diagonal", "similarity to others",
           "difference to others", "mirror lr", "mirror ud", "half turn"),
    "I3": ("mean attribute match", "best attribute match", "worst attribute match", "group", "groups",
           "shared common values"),
    "MA1": ("number", "option position", "page position", "odd", "tens"),
    "MV1": ("vertices", "area", "perimeter", "studied with same vertices", "nearest area (same vertices)",
            "nearest perimeter (same vertices)", "studied shapes"),
    "MV2": ("spot row", "spot column", "corner TL", "corner TR", "corner BL", "corner BR", "buildings",
            "name length", "spot index"),
    "MV3": ("streets", "buildings", "sections with same streets", "sections with same buildings",
            "sections with both", "sections"),
    "RL2": ("diagram all disjoint", "diagram one contains two disjoint", "diagram nested",
            "diagram contains and separate", "diagram one contains two overlapping", "diagram overlap and separate",
            "overlapping pairs", "contained pairs"),
}
FEATURES["CS3"] = FEATURES["CS1"]

EXTRACT: dict[str, Callable[[Item], tuple]] = {
    "CF1": _cf1, "CF2": _cf2, "CF3": _cf3, "CS1": _icons, "CS2": _cs2, "CS3": _icons, "VZ1": _vz1, "VZ2": _vz2,
    "VZ3": _vz3, "S1": _s1, "S2": _s2, "SS2": _ss2, "SS3": _ss3, "P3": _p3, "I3": _i3, "MA1": _ma1, "MV1": _mv1,
    "MV2": _mv2, "MV3": _mv3, "RL2": _rl2,
}


def _relative(X: np.ndarray, part: np.ndarray) -> np.ndarray:
    """Position within the part, then per feature: its difference from the part's mean and its rank
    within the part (0 = smallest, 1 = largest; ties share the mean rank)."""
    from scipy.stats import rankdata

    u, d = X.shape
    pos = np.zeros((u, 1))
    diff = np.zeros_like(X)
    rank = np.zeros_like(X)
    for j in np.unique(part):
        idx = np.flatnonzero(part == j)
        k = len(idx)
        if k < 2:
            continue
        pos[idx, 0] = np.arange(k) / (k - 1)
        sub = X[idx]
        diff[idx] = sub - sub.mean(axis=0)
        rank[idx] = (rankdata(sub, axis=0, method="average") - 1) / (k - 1)
    return np.hstack([pos, diff, rank])


def units(item: Item, mode: str = "default") -> Units:
    """The units of ``item`` in ``mode``, with their declared features and the relative ones.

    In split mode a choice item's options become T/F parts ("binary", all in one part); I3's
    test-figure x group pairs become T/F parts grouped by test figure."""
    X, y, part, fmt = EXTRACT[item.subtest](item)
    names = FEATURES[item.subtest]
    X = np.asarray(X, dtype=float).reshape(len(y), -1)
    if X.shape[1] != len(names):
        raise ValueError(f"{item.subtest}: {X.shape[1]} features computed, {len(names)} declared")
    part = np.zeros(len(y), dtype=int) if part is None else np.asarray(part, dtype=int)
    if len(y) > 1:  # items of several units: add the relative features
        full = np.hstack([X, _relative(X, part)])
        all_names = (*names, "position", *(f"{n} - mean" for n in names), *(f"{n} rank" for n in names))
    else:
        full, all_names = X, names
    if mode == "split" and fmt == "choose" and item.rows:
        fmt = "binary"
    return Units(np.nan_to_num(full), np.asarray(y, dtype=float), part, fmt, all_names)


def declared() -> dict[str, tuple[str, ...]]:
    """Every subtest's declared surface features (the CLI and the docs list them)."""
    return dict(FEATURES)


def describe(subtest: str) -> str:
    return ", ".join(FEATURES[subtest])


__all__ = ["Units", "FEATURES", "EXTRACT", "units", "declared", "describe"]

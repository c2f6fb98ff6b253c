"""Item-level shortcut rules of the VisFactor audit (issue 30; ``docs/visfactor.md#item-rules``).

A rule about the whole item answers from every option at once (which pieces to take, which
figures are alike, which start looks different), not from one option's features: the per-unit
learned audit cannot see it. Each rule here maps a generated item to the expected score of a
participant who follows it (1 right, 0 wrong, a fraction where the rule leaves a tie or a guess
among candidates), never reading the key. ``measure`` scores a rule on many items against the
item's structural chance (the best a participant who knows only the format and the answer
patterns' distribution does, as in the learned audit) with a one-sided binomial test; a rule is
a shortcut when it is significantly above that chance and its lift is at least :data:`MIN_LIFT`
or not significantly below it. VZ1's
"a set of pieces with the shape's area" is the task's own condition (the pieces used fill the
shape), measured as a reference. For SS2 and SS3, :func:`learned_local` trains boosted trees on
what is drawn around each option alone (:data:`LOCAL`; for SS2 also around where each start's
line is three rows up).
"""
from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction as Fr

import numpy as np

from .core import Item, edges_from_json, generate

MIN_LIFT = 0.05  # a shortcut is at least 5 points over chance, or not significantly less (the audits' bar)
ALPHA = 0.001
Z_UPPER = 1.959963984540054  # one-sided 97.5% upper bound of the lift


def _truth(item: Item) -> tuple[bool, ...]:
    return tuple(g == "T" for g in item.gold)


# ----------------------------------------------------------------------------- VZ1
def _vz1_areas(item: Item) -> tuple[list[Fr], Fr]:
    def area(pj):
        pts = [(Fr(x), Fr(y)) for x, y in pj]
        return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(pts, pts[1:] + pts[:1]))) / 2
    return [area(p) for p in item.params["pieces"]], area(item.params["target_poly"])


def _fills(areas: list[Fr], goal: Fr, largest: bool, skip: bool) -> list[frozenset[int] | None]:
    """The pieces a participant takes going from the largest (or smallest) piece on: each one
    that still fits (``skip``), or each one until the area is reached; None where the area is not
    hit exactly. One entry per order of the pieces by area (pieces of equal area in any order)."""
    out = []
    for order in itertools.permutations(range(len(areas))):
        if not all((areas[a] >= areas[b]) if largest else (areas[a] <= areas[b]) for a, b in zip(order, order[1:])):
            continue
        tot, pick = Fr(0), set()
        for i in order:
            if tot == goal:
                break
            if tot + areas[i] > goal and skip:
                continue
            pick.add(i)
            tot += areas[i]
        out.append(frozenset(pick) if tot == goal else None)
    return out


def vz1_fill(largest: bool, skip: bool) -> Callable[[Item], float]:
    def rule(item: Item) -> float:
        areas, goal = _vz1_areas(item)
        truth = frozenset(i for i, t in enumerate(_truth(item)) if t)
        picks = _fills(areas, goal, largest, skip)
        return sum(p == truth for p in picks) / len(picks)  # ties between equal pieces broken at random
    return rule


def vz1_area_sets(item: Item) -> float:
    """A set of pieces with the shape's area, drawn uniformly (the task's own condition: the
    pieces used fill the shape)."""
    areas, goal = _vz1_areas(item)
    sets = [frozenset(s) for r in range(1, 6) for s in itertools.combinations(range(5), r)
            if sum(areas[i] for i in s) == goal]
    truth = frozenset(i for i, t in enumerate(_truth(item)) if t)
    return (truth in sets) / len(sets) if sets else 0.0


def _vz1_corners(pj) -> float:
    return float(len(pj))


def _vz1_perimeter(pj) -> float:
    pts = [(float(Fr(x)), float(Fr(y))) for x, y in pj]
    return sum(math.dist(p, q) for p, q in zip(pts, pts[1:] + pts[:1]))


def _vz1_box(pj) -> float:
    xs, ys = [Fr(x) for x, _ in pj], [Fr(y) for _, y in pj]
    return float((max(xs) - min(xs)) * (max(ys) - min(ys)))


def vz1_extreme(score: Callable, lowest: bool) -> Callable[[Item], float]:
    """Among the sets of pieces with the shape's area, the one whose pieces have the lowest (or
    highest) summed ``score`` (corners, perimeter, bounding box: how simple or compact the
    pieces look); ties split evenly."""
    def rule(item: Item) -> float:
        areas, goal = _vz1_areas(item)
        sets = [s for r in range(1, 6) for s in itertools.combinations(range(5), r) if sum(areas[i] for i in s) == goal]
        if not sets:
            return 0.0
        sc = [score(p) for p in item.params["pieces"]]
        tot = [round(sum(sc[i] for i in s), 9) * (1 if lowest else -1) for s in sets]
        tied = [s for s, t in zip(sets, tot) if t == min(tot)]
        truth = tuple(i for i, t in enumerate(_truth(item)) if t)
        return (truth in tied) / len(tied)
    return rule


# ----------------------------------------------------------------------------- CF2
def _cf2_figs(item: Item) -> list[frozenset]:
    return [frozenset(edges_from_json(f)) for f in item.params["figures"]]


def cf2_alike(strict: bool) -> Callable[[Item], float]:
    """T for the figures sharing more lines with the other four than the median figure does
    (``strict``), or at least as many; the model is never looked at."""
    def rule(item: Item) -> float:
        figs = _cf2_figs(item)
        sim = [sum(len(f & g) for j, g in enumerate(figs) if j != i) for i, f in enumerate(figs)]
        med = sorted(sim)[2]
        guess = tuple((s > med) if strict else (s >= med) for s in sim)
        return float(guess == _truth(item))
    return rule


@functools.lru_cache(maxsize=1)
def _cf2_indices() -> tuple:
    """Indices into ``gen_closure.cf2_trees()`` of the near-miss pairs' figures: (first of each
    pair, second of each pair, every figure of a pair)."""
    from .gen_closure import _cf2_pairs, cf2_trees

    at = {frozenset(t): i for i, t in enumerate(cf2_trees()[0])}
    pairs = [tuple(at[frozenset(f)] for f in pair) for pair in _cf2_pairs()]
    a, b = (np.array(x, dtype=np.int64) for x in zip(*pairs))
    return a, b, np.unique(np.concatenate([a, b]))


def _cf2_holders(item: Item):
    """For every four-line figure (``gen_closure.cf2_trees``), its holders among the test
    figures as a 5-bit number, and the true figures as one."""
    from .gen_closure import cf2_holders

    index = {e: j for j, e in enumerate(_cf2_lattice_edges())}
    h = cf2_holders([sum(1 << index[e] for e in f) for f in _cf2_figs(item)])
    return h, sum(1 << i for i, t in enumerate(_truth(item)) if t)


def _bits(h) -> np.ndarray:
    return sum((h >> i) & 1 for i in range(5))


def cf2_two_cores(item: Item) -> float:
    """Find two four-line figures (a near-miss pair: one line moved) whose holders split the five
    figures into two groups, each group holding one and not the other; guess uniformly among the
    groups so found which one is T (the model never looked at)."""
    h, truth = _cf2_holders(item)
    a, b, _ = _cf2_indices()
    ha, hb = h[a], h[b]
    ok = (ha > 0) & (hb > 0) & ((ha & hb) == 0) & ((ha | hb) == 31)
    groups = set(ha[ok].tolist()) | set(hb[ok].tolist())
    if not groups:
        return 1 / 32
    return (truth in groups) / len(groups)


def cf2_shared_core(item: Item) -> float:
    """The four-line figure held by the most test figures (of those held by two to four), its
    holders marked T; ties split evenly."""
    h, truth = _cf2_holders(item)
    h = h[_cf2_indices()[2]]
    n = _bits(h)
    keep = (n >= 2) & (n <= 4)
    if not keep.any():
        return 1 / 32
    sets = set(h[keep & (n == n[keep].max())].tolist())
    return (truth in sets) / len(sets)


def cf2_most_held_set(item: Item) -> float:
    """The set of two to four test figures that holds, and alone holds, the most four-line
    figures (connected, five dots), marked T; ties split evenly (the model never looked at)."""
    h, truth = _cf2_holders(item)
    holders = Counter(h.tolist())
    sized = {k: c for k, c in holders.items() if 2 <= bin(k).count("1") <= 4}
    if not sized:
        return 1 / 32
    best = max(sized.values())
    tied = [k for k, c in sized.items() if c == best]
    return (truth in tied) / len(tied)


def _cf2_lattice_edges():
    from .gen_closure import _cf2_lattice

    return _cf2_lattice()[0]


def cf2_lines(item: Item) -> float:
    """T for the figures with more lines than the median figure."""
    n = [len(f) for f in _cf2_figs(item)]
    med = sorted(n)[2]
    return float(tuple(k > med for k in n) == _truth(item))


# ----------------------------------------------------------------------------- SS2
def _ss2_graph(item: Item):
    p = item.params
    adj: dict = {}
    for a, b in p["edges"]:
        adj.setdefault(tuple(a), set()).add(tuple(b))
        adj.setdefault(tuple(b), set()).add(tuple(a))
    return p, adj


def _argmax_hit(scores: Sequence[float], key: int) -> float:
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    return (key in tied) / len(tied)


def ss2_dead_ends(reach: int = 2, metric: str = "chebyshev", per_line: bool = True) -> Callable[[Item], float]:
    """The start with the most dead ends (points of one line, other than starts, F and the
    circle) per line within ``reach`` grid steps of it."""
    def rule(item: Item) -> float:
        p, adj = _ss2_graph(item)
        special = {tuple(s) for s in p["starts"]} | {tuple(p["F"]), tuple(p["circle"])}

        def near(v, s):
            d = (max(abs(v[0] - s[0]), abs(v[1] - s[1])) if metric == "chebyshev"
                 else abs(v[0] - s[0]) + abs(v[1] - s[1]))
            return d <= reach

        scores = []
        for s in p["starts"]:
            pts = [v for v in adj if near(v, s)]
            dead = sum(1 for v in pts if len(adj[v]) == 1 and v not in special)
            lines = sum(1 for v in pts for w in adj[v] if near(w, s) and v < w)
            scores.append(dead / max(lines, 1) if per_line else dead)
        return _argmax_hit(scores, int(item.gold) - 1)
    return rule


# ----------------------------------------------------------------------------- SS3
def _ss3_sides(item: Item, k: int) -> list[float]:
    """Building ``k``'s two street sides, the open one first (ties in drawing order): each side
    open or blocked, and for each of its two ends, the corner the two sides share first, whether
    the street goes on straight there open, blocked or not at all (map edge). Issue 30: ends in
    the order of their coordinates hid which end a road block was at (SS3 version 5 at easy:
    boosted trees 12.0% so, 13.8% with the corner first, on the same 3,000 items, chance 10%)."""
    from .gen_ss3 import ss3_side_ends

    p = item.params
    open_ = {tuple(sorted((tuple(u), tuple(v)))) for u, v in p["open"]}
    blocked = {tuple(sorted((tuple(u), tuple(v)))) for u, v in p["blocked"]}
    cell, quad = p["buildings"][k]
    return [f for segs in ss3_side_ends((tuple(cell), quad), lambda e: tuple(sorted(e)) in open_)
            for seg in segs for f in (float(seg in open_), float(seg in blocked))]


def ss3_open_side_goes_on(item: Item) -> float:
    """The building beside an open street that goes on straight, open, at both ends (ties split)."""
    scores = []
    for k in range(len(item.params["buildings"])):
        f = _ss3_sides(item, k)
        scores.append(float(any(f[6 * j] and f[6 * j + 2] and f[6 * j + 4] for j in (0, 1))))
    return _argmax_hit(scores, list(item.options).index(item.gold))


def ss3_nearest(to: str) -> Callable[[Item], float]:
    """The building whose centre is nearest the straight segment between the two lettered
    points (``to`` = "line") or its midpoint ("midpoint"), ties split: where the geometry drawn
    before the answer predicts it (a generator that redraws a layout when its answer cannot be
    made so favours the buildings that can)."""
    from .street_map import _seg_distance, building_centre

    def rule(item: Item) -> float:
        p = item.params
        a, b = tuple(p["from_point"]), tuple(p["to_point"])
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        scores = [-(_seg_distance(c, a, b) if to == "line" else math.dist(c, mid))
                  for c in (building_centre(tuple(cell), quad) for cell, quad in p["buildings"])]
        return _argmax_hit(scores, list(item.options).index(item.gold))
    return rule


# ----------------------------------------------------------------------------- I3
def i3_shared(group: Sequence[dict]) -> list[tuple[str, object]]:
    """The (attribute, value) pairs all examples of an I3 group share (its rule, its lures and any
    shared by chance)."""
    return [(k, v) for k, v in group[0].items() if all(f[k] == v for f in group)]


def i3_held_candidates(item: Item, which: str = "most", ties: str = "all") -> list[list[int]]:
    """For each test figure, the groups a participant who counts test figures picks (0-based).
    Each group's shared values are ranked by how many of the eight test figures hold them;
    ``which`` = "most": the most held is taken for the group's lure and a figure goes to the
    groups whose lure it lacks; "least": the least held is taken for the rule and a figure goes to
    the groups whose rule it holds. ``ties``: "all" (every tied value), "first" (the first in the
    attributes' order), "none" (no value: every group). No group left: every group."""
    tests = item.params["tests"]
    chosen = []
    for grp in item.params["examples"]:
        vals = i3_shared(grp)
        held = [sum(t[k] == v for t in tests) for k, v in vals]
        target = max(held) if which == "most" else min(held)
        tied = [kv for kv, c in zip(vals, held) if c == target]
        chosen.append(tied if ties == "all" else tied[:1] if ties == "first" or len(tied) == 1 else [])
    out = []
    for t in tests:
        if which == "most":
            cand = [h for h, kvs in enumerate(chosen) if kvs and all(t[k] != v for k, v in kvs)]
        else:
            cand = [h for h, kvs in enumerate(chosen) if any(t[k] == v for k, v in kvs)]
        out.append(cand or list(range(len(chosen))))
    return out


def i3_item_score(item: Item, candidates: Sequence[Sequence[int]]) -> float:
    """The expected share of whole items right when each figure's group is drawn from its candidates."""
    return math.prod((int(g) - 1 in c) / len(c) for c, g in zip(candidates, item.gold))


def i3_held(which: str, ties: str) -> Callable[[Item], float]:
    return lambda item: i3_item_score(item, i3_held_candidates(item, which, ties))


def i3_lacks_the_common_lure(item: Item) -> float:
    """Each group's examples share two values (its rule and its lure); the one more of the eight
    test figures hold is taken for the lure (ties: both), and each test figure goes to the group
    whose lure it lacks (ties split). The groups are never contrasted: version 2 gives a test
    figure every other group's lure and never its own, so a lure is held by most test figures
    and a rule value by few (issue 30's second hunt: 18-19% of hard items, chance 0.02%);
    version 3 gives each group's shared values to one group of test figures each."""
    return i3_item_score(item, i3_held_candidates(item, "most", "all"))


# ----------------------------------------------------------------------------- measuring
RULES: dict[str, dict[str, Callable[[Item], float]]] = {
    "VZ1": {
        "largest pieces first, each that still fits, until the area is filled": vz1_fill(True, True),
        "largest pieces first until the area is reached": vz1_fill(True, False),
        "smallest pieces first, each that still fits, until the area is filled": vz1_fill(False, True),
        "a set of pieces with the shape's area (the task's condition)": vz1_area_sets,
        "the set of the shape's area with the fewest corners": vz1_extreme(_vz1_corners, True),
        "the set of the shape's area with the least perimeter": vz1_extreme(_vz1_perimeter, True),
        "the set of the shape's area with the largest bounding boxes": vz1_extreme(_vz1_box, False),
    },
    "CF2": {
        "T iff more alike to the other four than the median": cf2_alike(True),
        "T iff at least as alike to the other four as the median": cf2_alike(False),
        "two groups sharing a near-miss pair of four-line cores, guess": cf2_two_cores,
        "the four-line core held by most figures (2-4), its holders T": cf2_shared_core,
        "the set of 2-4 figures that alone holds the most four-line figures, T": cf2_most_held_set,
        "T iff more lines than the median figure": cf2_lines,
    },
    "SS2": {
        "most dead ends per line within two steps (square)": ss2_dead_ends(2, "chebyshev"),
        "most dead ends per line within two steps (lines)": ss2_dead_ends(2, "manhattan"),
        "most dead ends within two steps (square)": ss2_dead_ends(2, "chebyshev", False),
    },
    "I3": {"each test figure to the group whose shared value most test figures hold it lacks": i3_lacks_the_common_lure,
           "each test figure to the group whose shared value most test figures hold it lacks (tied values: none)":
               i3_held("most", "none"),
           "each test figure to the group whose shared value fewest test figures hold it has": i3_held("least", "all")},
    "SS3": {"the building beside an open street that goes on at both ends": ss3_open_side_goes_on,
            "the building nearest the start-end line": ss3_nearest("line"),
            "the building nearest the midpoint of the two points": ss3_nearest("midpoint")},
}


def structural_chance(items: Sequence[Item]) -> float:
    """The best featureless participant's item accuracy: for T/F rows, a random pattern of the
    number of T with the most items per pattern; for one group per test figure (I3), one over
    the groups to the power of the figures; for one choice, one over the options."""
    if items[0].kind == "groups":
        return sum((1 / len(it.options)) ** len(it.gold) for it in items) / len(items)
    if items[0].kind != "rows":
        return sum(1 / len(it.options) for it in items) / len(items)
    n = len(items[0].gold)
    counts = Counter(sum(_truth(it)) for it in items)
    t, c = max(counts.items(), key=lambda kv: kv[1] / math.comb(n, kv[0]))
    return c / len(items) / math.comb(n, t)


@dataclass(frozen=True)
class RuleResult:
    subtest: str
    difficulty: str
    rule: str
    n: int
    rate: float
    chance: float
    p: float

    @property
    def shortcut(self) -> bool:
        """Significant (p < :data:`ALPHA`) and large enough: a lift whose one-sided 97.5% upper
        bound reaches :data:`MIN_LIFT`, the learned audit's bar (``audit_learned.effect_ok``). A
        lift must be at least 5 points or not significantly below 5: a bar on the estimate
        alone misses a true 5-point lift half of the time (SS3 version 4: 3.5-4.3 points on
        1,000 items, p down to 1e-5)."""
        se = math.sqrt(max(self.rate * (1 - self.rate), 1e-12) / max(1, self.n))
        return bool(self.p < ALPHA and self.rate - self.chance + Z_UPPER * se >= MIN_LIFT - 1e-12)


def measure(subtest: str, difficulty: str, n: int, generation: int | None = None, first_seed: int = 50_000,
            items: Sequence[Item] | None = None) -> list[RuleResult]:
    """Every rule of ``subtest`` on ``n`` items (seeds ``first_seed`` ...) at ``difficulty``."""
    from scipy.stats import binomtest

    items = items or [generate(subtest, first_seed + s, difficulty, generation) for s in range(n)]
    p0 = structural_chance(items)
    out = []
    for name, rule in RULES[subtest].items():
        hits = sum(rule(it) for it in items)
        p = binomtest(int(round(hits)), len(items), p0, alternative="greater").pvalue
        out.append(RuleResult(subtest, difficulty, name, len(items), hits / len(items), p0, p))
    return out


# ----------------------------------------------------------------------------- learned, local
def ss2_patch(item: Item, s: Sequence[int], reach: int = 2) -> list[float]:
    """What the area around a start shows: for every point within ``reach`` grid steps (a square
    window), whether it is on the grid, its number of lines, whether it is a dead end, and the
    lines to its right and below."""
    p, adj = _ss2_graph(item)
    rows, cols = int(p["n"]), int(p.get("cols", p["n"]))
    out = []
    for dr in range(-reach, reach + 1):
        for dc in range(-reach, reach + 1):
            v = (s[0] + dr, s[1] + dc)
            on = 0 <= v[0] < rows and 0 <= v[1] < cols
            nb = adj.get(v, set())
            out += [float(on), float(len(nb)), float(len(nb) == 1), float((v[0], v[1] + 1) in nb),
                    float((v[0] + 1, v[1]) in nb)]
    return out


def learned_local(items: Sequence[Item], features: Callable[[Item, int], list[float]]) -> float:
    """Item accuracy of boosted trees that score every option from ``features(item, k)`` alone
    (what is drawn around option k) and answer the best-scoring option, two-fold cross-fitted
    (each item scored by a model that never saw it)."""
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier
    from threadpoolctl import threadpool_limits

    k = len(items[0].options)
    X = np.array([[features(it, j) for j in range(k)] for it in items])  # items x options x features
    y = np.array([[float(o == it.gold) for o in it.options] for it in items])
    hits = 0.0
    idx = np.arange(len(items))
    for train, test in ((idx % 2 == 0, idx % 2 == 1), (idx % 2 == 1, idx % 2 == 0)):
        m = HistGradientBoostingClassifier(max_iter=100, max_depth=3, learning_rate=0.1, random_state=0)
        with threadpool_limits(1):  # small data: one thread beats contended OpenMP threads (as audit_learned)
            m.fit(X[train].reshape(-1, X.shape[2]), y[train].ravel())
            score = m.predict_proba(X[test].reshape(-1, X.shape[2]))[:, 1].reshape(-1, k)
        for sc, yy in zip(score, y[test]):
            hits += _argmax_hit(list(sc), int(np.argmax(yy)))
    return hits / len(items)


def ss2_local(item: Item, k: int) -> list[float]:
    return ss2_patch(item, item.params["starts"][k])


def ss2_exit(item: Item, s: Sequence[int], rise: int = 3) -> tuple[int, int]:
    """Where the line from start ``s`` first reaches ``rise`` rows above it, following the
    lines within those rows only (the nearest such point; ``s`` itself if it never does): what
    a participant finds by following each start's line a few steps up. SS2 version 4 drew the
    bottom three rows blind to the answer and version 3's network above them, with each start's
    point there as that start, so version 3's shortcut lay around that point (issue 30's second
    hunt: boosted trees on the 5 x 5 points around it 38% of normal items, chance 20%)."""
    _, adj = _ss2_graph(item)
    top = int(s[0]) - rise
    start = (int(s[0]), int(s[1]))
    seen, frontier = {start}, [start]
    while frontier:
        nxt = []
        for v in sorted(frontier):
            for w in sorted(adj.get(v, ())):
                if w[0] == top:
                    return w
                if w[0] > top and w not in seen:
                    seen.add(w)
                    nxt.append(w)
        frontier = nxt
    return start


def ss2_exit_local(item: Item, k: int) -> list[float]:
    return ss2_patch(item, ss2_exit(item, item.params["starts"][k]))


# per subtest: the classifiers' views of what is drawn around an option (rule name -> features)
LOCAL_RULE = "boosted trees on what is drawn around each option"
LOCAL = {"SS2": {LOCAL_RULE: ss2_local,
                 "boosted trees on what is drawn where each start's line is three rows up": ss2_exit_local},
         "SS3": {LOCAL_RULE: _ss3_sides}}


# ----------------------------------------------------------------------------- in `machinepsych audit`
# rules that are the task's own condition, measured as references, never flagged
REFERENCE = frozenset({"a set of pieces with the shape's area (the task's condition)"})
DIFFICULTIES = ("easy", "normal", "hard")


def audit_subtest(subtest: str, difficulty: str, n: int, seed: int = 0, generation: int | None = None) -> list[RuleResult]:
    """Every rule of ``subtest`` and, where it has one, the local classifier (:data:`LOCAL`), on
    ``n`` items of seeds ``seed * 1,000,000 + 500,000 ...`` (a range of their own) at
    ``difficulty``, with the same test and bar as :func:`measure`."""
    from scipy.stats import binomtest

    first = seed * 1_000_000 + 500_000
    items = [generate(subtest, first + s, difficulty, generation) for s in range(n)]
    out = measure(subtest, difficulty, n, items=items)
    if n >= 20:
        p0 = structural_chance(items)
        for name, features in LOCAL.get(subtest, {}).items():
            rate = learned_local(items, features)
            p = binomtest(int(round(rate * n)), n, p0, alternative="greater").pvalue
            out.append(RuleResult(subtest, difficulty, name, n, rate, p0, p))
    return out


def _percent(x: float) -> str:
    """A share as a percentage: one decimal, or two significant digits under 0.1% (I3's
    chance of eight right groups: 0.015%)."""
    return f"{100 * x:.1f}%" if x >= 0.001 else f"{100 * x:.2g}%"


class ItemAudit:
    """What ``machinepsych audit`` needs of a family's item-level audit (``TaskSpec.item_audit``):
    the targets of a test at a preset, and the run. A finding is flagged (:meth:`flagged`) when
    the rule is a shortcut (:attr:`RuleResult.shortcut`: p < :data:`ALPHA` and a lift whose upper
    bound reaches :data:`MIN_LIFT`) and not the task's own condition (:data:`REFERENCE`). The
    default n, 1,000 items per subtest and difficulty, flags SS3 version 4's 4-point lifts
    (p < 0.001 needs about 13.1% at a chance of 10%)."""

    default_n = 1000

    @staticmethod
    def targets(spec, preset: str | None) -> list[tuple[str, str, int | None]]:
        """(subtest, difficulty, generation) of a VisFactor test with item rules: every
        difficulty when no preset names one, else the preset's difficulty; [] for another test."""
        sub = getattr(spec.env_class, "subtest", "")
        if sub not in RULES:
            return []
        gen = getattr(spec.env_class, "generation", None)
        if preset is None:
            return [(sub, d, gen) for d in DIFFICULTIES]
        return [(sub, spec.resolve(preset).difficulty, gen)]

    @staticmethod
    def run(targets, n: int, seed: int = 0, progress: Callable[[str], None] | None = None) -> list[RuleResult]:
        out: list[RuleResult] = []
        for sub, diff, gen in targets:
            out += audit_subtest(sub, diff, n, seed, gen)
            if progress:
                progress(f"{sub} {diff}: done")
        return out

    @staticmethod
    def flagged(r: RuleResult) -> bool:
        return bool(r.shortcut and r.rule not in REFERENCE)

    @staticmethod
    def line(r: RuleResult) -> str:
        """One line per finding."""
        return (f"{r.subtest} {r.difficulty}: {r.rule}: {100 * r.rate:.1f}% of {r.n} items against a structural "
                f"chance of {_percent(r.chance)} (p = {r.p:.2g})")


ITEM_AUDIT = ItemAudit()

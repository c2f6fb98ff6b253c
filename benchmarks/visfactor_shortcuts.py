"""Construct-free shortcuts of the VisFactor generators (issue 20): each rule's success rate on
N items per difficulty, against the honest chance, with a one-sided binomial test.

    .venv/bin/python benchmarks/visfactor_shortcuts.py [--n 300] [--generation 1] [--only CF2,VZ1]

``--generation 1`` measures the generators before issue 20 (kept as ``visfactor-<id>@1``),
without it the current ones. VZ1, CF2, SS2 and SS3 also get issue 30's rules about the whole
item (``tasks/visfactor/item_rules.py``: every option at once, at every difficulty) and, for SS2
and SS3, boosted trees on what is drawn around each option. Rules with a fitted parameter
(CF2's line-count threshold, VZ1's area threshold) are fitted on the first half of the items
and scored on the second half. Each line gives the rate's exact 95% binomial interval. A
rule "fails" (is no shortcut) when its rate is not significantly above chance. The split-mode
rows compare "mark one row T at random" with the chance the environment reports.
"""
from __future__ import annotations

import argparse
import itertools
import math
from fractions import Fraction as Fr

import numpy as np
from scipy.stats import binomtest

from machinepsych.tasks.visfactor.core import generate
from machinepsych.tasks.visfactor.env import answer_view, chance

DIFFS = ("easy", "normal", "hard")


def items(sub, n, diff, gen):
    return [generate(sub, 50_000 + s, diff, gen) for s in range(n)]


def report(name, diff, hits, n, p0):
    """hits may be fractional (an expected count); the test uses the rounded count."""
    k = int(round(hits))
    p = binomtest(k, n, p0, alternative="greater").pvalue
    ci = binomtest(k, n, p0).proportion_ci(0.95)  # Monte-Carlo error: the rate's exact 95% interval
    flag = "SHORTCUT" if p < 0.001 and hits / n > p0 + 0.02 else ""
    print(f"{name:46s} {diff:6s} {100 * hits / n:6.1f}% [{100 * ci.low:4.1f}, {100 * ci.high:4.1f}]  "
          f"chance {100 * p0:5.1f}%  n={n:5d}  p={p:.2g} {flag}")


# ----------------------------------------------------------------------------- CF2
def cf2(its, diff):
    lines = [[len(f) for f in it.params["figures"]] for it in its]
    truth = [[g == "T" for g in it.gold] for it in its]
    half = len(its) // 2

    def acc(t, sgn, sel):
        parts = [((c >= t) == tr) if sgn else ((c < t) == tr) for i in sel for c, tr in zip(lines[i], truth[i])]
        return np.mean(parts)

    best = max(((t, s) for t in range(8, 21) for s in (True, False)), key=lambda ts: acc(*ts, range(half)))
    test = range(half, len(its))
    parts = [((c >= best[0]) == tr) if best[1] else ((c < best[0]) == tr) for i in test for c, tr in zip(lines[i], truth[i])]
    whole = [all(((c >= best[0]) == tr) if best[1] else ((c < best[0]) == tr) for c, tr in zip(lines[i], truth[i])) for i in test]
    report(f"CF2 parts: T iff lines {'>=' if best[1] else '<'} {best[0]} (fitted)", diff, sum(parts), len(parts), 0.5)
    report("CF2 items: the same rule", diff, sum(whole), len(whole), 1 / 32)


# ----------------------------------------------------------------------------- VZ1
def _poly(pj):
    return [(Fr(x), Fr(y)) for x, y in pj]


def _area(poly):
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1]))) / 2


def _inside(x, y, poly):
    c = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        x1, y1, x2, y2 = float(x1), float(y1), float(x2), float(y2)
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            c = not c
    return c


def covers_cell(poly):
    xs, ys = [float(v[0]) for v in poly], [float(v[1]) for v in poly]
    for i in range(math.floor(min(xs)), math.ceil(max(xs))):
        for j in range(math.floor(min(ys)), math.ceil(max(ys))):
            if all(_inside(i + a, j + b, poly) for a in (0.05, 0.5, 0.95) for b in (0.05, 0.5, 0.95)):
                return True
    return False


def vz1(its, diff):
    greedy, cover, area_sum, areas_all, truth_all = 0, [], 0.0, [], []
    for it in its:
        pieces = [_poly(p) for p in it.params["pieces"]]
        areas = [_area(p) for p in pieces]
        tarea = _area(_poly(it.params["target_poly"]))
        truth = [g == "T" for g in it.gold]
        order = sorted(range(5), key=lambda i: -areas[i])
        tot, pick = Fr(0), set()
        for i in order:
            if tot >= tarea:
                break
            pick.add(i)
            tot += areas[i]
        greedy += tot == tarea and pick == {i for i in range(5) if truth[i]}
        cover += [covers_cell(p) == t for p, t in zip(pieces, truth)]
        subsets = [s for r in range(1, 6) for s in itertools.combinations(range(5), r) if sum(areas[i] for i in s) == tarea]
        area_sum += (1 / len(subsets)) if tuple(i for i in range(5) if truth[i]) in subsets else 0
        areas_all.append([float(a) for a in areas])
        truth_all.append(truth)
    n = len(its)
    # chance: the best featureless participant (one pattern of the commonest number of used
    # pieces; for parts the commoner answer: 60% where three of five pieces are always used)
    from machinepsych.tasks.visfactor.item_rules import structural_chance

    p_item = structural_chance(its)
    share = float(np.mean([t for row in truth_all for t in row]))
    p_part = max(share, 1 - share)
    report("VZ1 items: largest pieces until the area is filled", diff, greedy, n, p_item)
    report("VZ1 parts: T iff the piece covers a grid cell", diff, sum(cover), len(cover), p_part)
    report("VZ1 items: a subset with the target's area (exp.)", diff, area_sum, n, p_item)
    half = n // 2
    cands = sorted({a for row in areas_all for a in row})

    def acc(t, sel):
        return np.mean([(a >= t) == tr for i in sel for a, tr in zip(areas_all[i], truth_all[i])])

    t = max(cands, key=lambda c: acc(c, range(half)))
    test = [(a >= t) == tr for i in range(half, n) for a, tr in zip(areas_all[i], truth_all[i])]
    report(f"VZ1 parts: T iff area >= {t:g} (fitted)", diff, sum(test), len(test), p_part)
    # the piece's area rank: is the largest piece more often used than the smallest?
    rank = [[tr for _, tr in sorted(zip(a, t_), key=lambda x: -x[0])] for a, t_ in zip(areas_all, truth_all)]
    print("    P(T) by area rank (largest first):", " ".join(f"{100 * np.mean([r[k] for r in rank]):.0f}%" for k in range(5)))


# ----------------------------------------------------------------------------- SS3
def _seg_dist(p, a, b):
    p, a, b = np.array(p, float), np.array(a, float), np.array(b, float)
    ab = b - a
    t = np.clip(np.dot(p - a, ab) / np.dot(ab, ab), 0, 1)
    return float(np.linalg.norm(p - (a + t * ab)))


def _centre(cell, quad):
    return (cell[0] + (0.25 if quad[0] == "T" else 0.75), cell[1] + (0.25 if quad[1] == "L" else 0.75))


def ss3(its, diff):
    near, line, mid = 0, 0, 0
    nb = len(its[0].params["buildings"])
    for it in its:
        a, b = it.params["from_point"], it.params["to_point"]
        d = [_seg_dist(_centre(c, q), a, b) for c, q in it.params["buildings"]]
        near += int(np.argmin(d)) + 1 == it.gold
        u = np.array(b, float) - np.array(a, float)
        dl = [abs(np.cross(u, np.array(_centre(c, q)) - np.array(a, float))) / np.linalg.norm(u)
              for c, q in it.params["buildings"]]
        line += int(np.argmin(dl)) + 1 == it.gold
        m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        dm = [math.dist(_centre(c, q), m) for c, q in it.params["buildings"]]
        mid += int(np.argmin(dm)) + 1 == it.gold
    report("SS3: the building nearest the start-end line", diff, near, len(its), 1 / nb)
    report("SS3: the building nearest the infinite line", diff, line, len(its), 1 / nb)
    report("SS3: the building nearest the midpoint", diff, mid, len(its), 1 / nb)


# ----------------------------------------------------------------------------- CF3
def cf3(its, diff):
    own = 0
    for it in its:
        end = it.params["path"][-1]
        own += it.gold == f"({end[0] + 1}, {end[1] + 1})"
    n = it.params["grid"]
    report("CF3: the figure's own end dot", diff, own, len(its), 1 / n ** 2)


# ----------------------------------------------------------------------------- P3, VZ2
def _sets(it, key):
    return [frozenset(tuple(map(tuple, e)) if key == "P3" else tuple(e) for e in o) for o in it.params["options"]]


def consensus(opts):
    """Index of the option with the least summed distance to the others, for three distances."""
    out = []
    sizes = np.array([len(o) for o in opts])
    for dist in ("l1", "sym", "jac"):
        D = np.zeros((5, 5))
        for i, j in itertools.product(range(5), range(5)):
            a, b = opts[i], opts[j]
            if dist == "l1":
                D[i, j] = len(a ^ b) + abs(sizes[i] - sizes[j])
            elif dist == "sym":
                D[i, j] = len(a ^ b)
            else:
                D[i, j] = 1 - len(a & b) / max(1, len(a | b))
        s = D.sum(axis=1)
        out.append(np.flatnonzero(s == s.min()))
    return out


def p3(its, diff, sub="P3"):
    hits = np.zeros(3)
    for it in its:
        opts = _sets(it, sub)
        g = "ABCDE".index(it.gold)
        for k, best in enumerate(consensus(opts)):
            hits[k] += (g in best) / len(best)
    for k, name in enumerate(("L1 + size", "symmetric difference", "Jaccard")):
        report(f"{sub}: the option most like the others ({name})", diff, hits[k], len(its), 0.2)


def _symmetric(o):
    pts = {(round(x, 3), round(y, 3)) for x, y in o}
    maps = (lambda x, y: (3 - x, y), lambda x, y: (x, 3 - y), lambda x, y: (y, x), lambda x, y: (3 - y, 3 - x))
    return any({(round(m(x, y)[0], 3), round(m(x, y)[1], 3)) for x, y in pts} == pts for m in maps)


def vz2(its, diff):
    hits, key_sym, dis_sym = 0.0, 0, 0
    for it in its:
        sym = [_symmetric(o) for o in it.params["options"]]
        g = "ABCDE".index(it.gold)
        hits += (1 / sum(sym) if sym[g] else 0) if any(sym) else 0.2
        key_sym += sym[g]
        dis_sym += sum(sym) - sym[g]
    report("VZ2: a mirror-symmetric hole pattern", diff, hits, len(its), 0.2)
    print(f"    symmetric: key {100 * key_sym / len(its):.0f}%, distractors {100 * dis_sym / (4 * len(its)):.0f}%")
    p3(its, diff, "VZ2")


# ----------------------------------------------------------------------------- split
def split(sub, its, diff):
    hit, rep = 0.0, 0.0
    for it in its:
        kind, _, gold, n = answer_view(it, "split")
        p_item, _ = chance(it, kind, n)
        rep += p_item
        if it.kind == "groups":  # one group per test figure
            hit += (1 / len(it.options)) ** len(it.gold)
        else:  # one T among the rows
            hit += 1 / n
    report(f"{sub} split: one row T at random (vs reported)", diff, hit, len(its), rep / len(its))


# ----------------------------------------------------------------------------- item-level (issue 30)
def item_level(sub, its, diff):
    """The rules about the whole item (tasks/visfactor/item_rules.py) and, where the subtest has
    one, boosted trees on what is drawn around each option, against the structural chance."""
    from machinepsych.tasks.visfactor.item_rules import LOCAL, learned_local, measure, structural_chance

    for r in measure(sub, diff, len(its), items=its):
        report(f"{sub}: {r.rule}", diff, r.rate * r.n, r.n, r.chance)
    for name, features in LOCAL.get(sub, {}).items():
        report(f"{sub}: {name}", diff, learned_local(its, features) * len(its), len(its), structural_chance(its))


ITEM_LEVEL = ("VZ1", "CF2", "SS2", "SS3", "I3")
RULES = {"CF2": cf2, "VZ1": vz1, "SS3": ss3, "CF3": cf3, "P3": p3, "VZ2": vz2}
SPLIT = ("CF1", "VZ2", "VZ3", "SS2", "P3", "I3")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--generation", type=int, default=None)
    ap.add_argument("--only", default="")
    ap.add_argument("--difficulty", default="")
    a = ap.parse_args()
    only = [s for s in a.only.split(",") if s]
    diffs = [d for d in a.difficulty.split(",") if d] or DIFFS
    for sub in only or list(dict.fromkeys([*RULES, *ITEM_LEVEL, *SPLIT])):
        for diff in diffs:
            gen = a.generation if (sub in RULES or sub in ITEM_LEVEL) and a.generation else None
            its = items(sub, a.n, diff, gen)
            if sub in RULES:
                RULES[sub](its, diff)
            if sub in ITEM_LEVEL:
                item_level(sub, its, diff)
            if sub in SPLIT:
                split(sub, its, diff)


if __name__ == "__main__":
    main()

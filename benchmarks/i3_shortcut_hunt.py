"""An outside shortcut hunt on VisFactor I3 (issue 30): rules a participant could follow without
contrasting the groups, on N items per difficulty from two seed ranges of their own.

    PYTHONPATH=src .venv/bin/python benchmarks/i3_shortcut_hunt.py [--n 1000] [--generation 2]
        [--first 700000 800000]

Each rule gives every test figure a set of groups (ties split evenly); the table gives the share
of whole items with all eight figures right and of figures right, against the structural chance
(each figure's group guessed: (1/groups)^8 of items, 1/groups of figures) with a one-sided
binomial test. "The values of a group" are those all three of its examples share (the rule and
its lures). Rules marked (reference) use the contrast between the groups, the task itself.
"Partition" solvers are compared with a chance of their own: a participant who sorts the test
figures into the groups' clusters without telling which cluster is which group gets 1/groups! of
items (1/2 or 1/6), whatever the generator.
"""
from __future__ import annotations

import argparse
import itertools
import math
from collections import Counter, defaultdict
from types import SimpleNamespace

import numpy as np
from scipy.stats import binomtest

from machinepsych.tasks.visfactor.core import generate
from machinepsych.tasks.visfactor.item_rules import i3_held_candidates, i3_shared as shared

DIFFS = ("easy", "normal", "hard")


def pick(scores):
    """The groups with the highest score (ties all)."""
    best = max(scores)
    return [h for h, s in enumerate(scores) if s == best]


def by_score(score):
    """A rule from ``score(item, figure index, group)``: each figure to its best-scoring groups."""
    def rule(p):
        return [pick([score(p, i, h) for h in range(len(p["examples"]))]) for i in range(8)]
    return rule


def held(p, kv):
    k, v = kv
    return sum(t[k] == v for t in p["tests"])


def lure_rule(which, ties):
    """The item audit's rules on counts of test figures (``item_rules.i3_held_candidates``)."""
    return lambda p: i3_held_candidates(SimpleNamespace(params=p), which, ties)


def similarity(kind):
    f = {"mean": np.mean, "max": max, "min": min}[kind]
    return by_score(lambda p, i, h: f([sum(p["tests"][i][k] == e[k] for k in e) for e in p["examples"][h]]))


def shared_held(p, i, h):
    t = p["tests"][i]
    return sum(t[k] == v for k, v in shared(p["examples"][h]))


def rarest_value(p, i, h):
    """Odd one out: the figure's value shown by the fewest examples of all groups (at least one);
    the group showing it most."""
    t, ex = p["tests"][i], p["examples"]
    counts = {k: sum(e[k] == t[k] for grp in ex for e in grp) for k in t}
    rare = min(c for c in counts.values() if c > 0) if any(counts.values()) else 0
    return sum(e[k] == t[k] for k, c in counts.items() if c == rare for e in ex[h])


def value_among_tests(which, toward):
    """The figure's value most (or least) common among the test figures; the group whose
    examples show it most (``toward``) or least."""
    def score(p, i, h):
        t, tests = p["tests"][i], p["tests"]
        counts = {k: sum(o[k] == t[k] for o in tests) for k in t}
        target = (max if which == "most" else min)(counts.values())
        n = sum(e[k] == t[k] for k, c in counts.items() if c == target for e in p["examples"][h])
        return n if toward else -n
    return by_score(score)


def contrast(p):
    """(reference) The attribute every group's examples hold constant, a different value each."""
    ex = p["examples"]
    keys = [k for k in ex[0][0] if all(len({e[k] for e in g}) == 1 for g in ex) and len({g[0][k] for g in ex}) == len(ex)]
    return [[h for h in range(len(ex)) if any(t[k] == ex[h][0][k] for k in keys)] or list(range(len(ex))) for t in p["tests"]]


def exclusive_value(p):
    """(reference) The value a group's examples share that no other group's example shows."""
    ex = p["examples"]
    own = [[(k, v) for k, v in shared(g) if not any(e[k] == v for o, og in enumerate(ex) if o != h for e in og)]
           for h, g in enumerate(ex)]
    return [[h for h, kvs in enumerate(own) if any(t[k] == v for k, v in kvs)] or list(range(len(ex))) for t in p["tests"]]


def partition(p):
    """Partition solver: choose one shared value per group so that every test figure holds
    exactly one of them; among all such choices one at random (whole item right with 1/#choices
    where the key's choice is among them)."""
    ex, tests = p["examples"], p["tests"]
    options = [shared(g) for g in ex]
    good = []
    for combo in itertools.product(*options):
        holds = [[h for h, (k, v) in enumerate(combo) if t[k] == v] for t in tests]
        if all(len(x) == 1 for x in holds):
            good.append([x[0] for x in holds])
    return good


RULES = {
    "lure = most held value, ties all (the audit's rule)": lure_rule("most", "all"),
    "lure = most held value, ties first": lure_rule("most", "first"),
    "lure = most held value, ties none": lure_rule("most", "none"),
    "rule = least held value, ties all": lure_rule("least", "all"),
    "rule = least held value, ties first": lure_rule("least", "first"),
    "most attributes in common, mean over examples": similarity("mean"),
    "most attributes in common, best example": similarity("max"),
    "most attributes in common, worst example": similarity("min"),
    "most shared values held": by_score(shared_held),
    "fewest shared values held": by_score(lambda p, i, h: -shared_held(p, i, h)),
    "odd one out: the group showing the figure's rarest value": by_score(rarest_value),
    "figure's most common value among tests, group showing it most": value_among_tests("most", True),
    "figure's most common value among tests, group showing it least": value_among_tests("most", False),
    "figure's least common value among tests, group showing it most": value_among_tests("least", True),
    "figure's least common value among tests, group showing it least": value_among_tests("least", False),
    "figure order: figure i to group 1 + i mod groups": lambda p: [[i % len(p["examples"])] for i in range(8)],
    "(reference) the attribute constant in every group, distinct values": contrast,
    "(reference) the value no other group's example shows": exclusive_value,
}


def score_rule(rule, items):
    whole, parts = [], []
    for it in items:
        cands = rule(it.params)
        per = [(int(g) - 1 in c) / len(c) for c, g in zip(cands, it.gold)]
        whole.append(math.prod(per))
        parts.append(np.mean(per))
    return np.array(whole), np.array(parts)


def learned_rows(train, test):
    """Rules fitted on one range and scored on the other: the most common group per figure
    position, and per similarity profile (for each group: the sorted attribute matches with its
    examples, and the number of its shared values the figure holds)."""
    out = {}
    pos = defaultdict(Counter)
    prof = defaultdict(Counter)

    def profile(p, i):
        t = p["tests"][i]
        return tuple((tuple(sorted(sum(t[k] == e[k] for k in t) for e in g)), shared_held(p, i, h), held(p, next(iter(
            [kv for kv in shared(g) if t[kv[0]] == kv[1]] or [("sides", None)])))) for h, g in enumerate(p["examples"]))

    for it in train:
        g = len(it.params["examples"])
        for i, gold in enumerate(it.gold):
            pos[(g, i)][gold - 1] += 1
            prof[profile(it.params, i)][gold - 1] += 1

    def from_table(table, key):
        def rule(p):
            g = len(p["examples"])
            res = []
            for i in range(8):
                c = table.get(key(p, i, g))
                if not c:
                    res.append(list(range(g)))
                    continue
                top = max(c.values())
                res.append([h for h, n in c.items() if n == top])
            return res
        return rule

    out["(learned) most common group per figure position"] = score_rule(from_table(pos, lambda p, i, g: (g, i)), test)
    out["(learned) most common group per figure's profile (matches, shared values held, their counts)"] = score_rule(
        from_table(prof, lambda p, i, g: profile(p, i)), test)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--generation", type=int, default=None)
    ap.add_argument("--first", type=int, nargs=2, default=(700_000, 800_000))
    a = ap.parse_args()
    print("| rule | difficulty | range | n | items % | chance % | p | figures % | chance % | p |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for diff in DIFFS:
        ranges = [[generate("I3", f + s, diff, a.generation) for s in range(a.n)] for f in a.first]
        for r, items in enumerate(ranges):
            g = np.array([len(it.params["examples"]) for it in items])
            c_item, c_part = float(np.mean((1 / g) ** 8)), float(np.mean(1 / g))
            rows = {name: score_rule(rule, items) for name, rule in RULES.items()}
            rows.update(learned_rows(ranges[1 - r], items))
            for name, (whole, parts) in rows.items():
                pw = binomtest(int(round(whole.sum())), len(items), c_item, alternative="greater").pvalue
                pp = binomtest(int(round(parts.sum() * 8)), 8 * len(items), c_part, alternative="greater").pvalue
                print(f"| {name} | {diff} | {a.first[r]} | {len(items)} | {100 * whole.mean():.2f} | {100 * c_item:.3g} | "
                      f"{pw:.2g} | {100 * parts.mean():.1f} | {100 * c_part:.1f} | {pp:.2g} |")
            good = [partition(it.params) for it in items]
            hit = np.mean([(list(np.array(it.gold) - 1) in gd) / len(gd) if gd else 0 for gd, it in zip(good, items)])
            c_bij = float(np.mean([1 / math.factorial(int(x)) for x in g]))
            print(f"| partition: one shared value per group, every figure holding exactly one | {diff} | {a.first[r]} | "
                  f"{len(items)} | {100 * hit:.2f} | {100 * c_bij:.3g} (clusters, any labelling) | "
                  f"{binomtest(int(round(hit * len(items))), len(items), c_bij, alternative='greater').pvalue:.2g} | | | |")


if __name__ == "__main__":
    main()

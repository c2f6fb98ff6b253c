"""I3 (Figure Classification): generation 2 made overall similarity to a group's examples stop
telling the group (generation 1: 86-93% of test figures); generation 3 (issue 30's second hunt)
makes how many test figures hold a group's shared value stop telling its rule from its lures.
Generations 1 and 2 stay reproducible."""

import numpy as np
import pytest

from machinepsych.tasks.visfactor.core import generate
from tests.support.visfactor_items import item_digest

GEN1_DIGEST = "42d92d59c538fbd3ceb4edf2cd6ade6fe0a0721d5d4a84010715dc06f4e4e9b2"
# generation 2, current until issue 30's I3 round (commit b0e46ee)
GEN2_DIGEST = "c4e182bbce7cf493b5ab659c0031c16f0c41f4abf9943411bb3467f696898ea5"


@pytest.mark.parametrize("generation,digest", [(1, GEN1_DIGEST), (2, GEN2_DIGEST)])
def test_older_generations_unchanged(generation, digest):
    # seeds 0-29 x easy/normal/hard: pictures, question, key, options (and a null), the full sha256
    assert item_digest("I3", generation, ("question", "gold", "options", "null"), seeds=30, length=None) == digest


def _common(grp, keys=None):
    """The (attribute, value) pairs all examples of a group share (of ``keys``, default all)."""
    return {(k, v) for k, v in grp[0].items() if (keys is None or k in keys) and all(f[k] == v for f in grp)}


def _items(n, gen=None):
    return [generate("I3", s, d, generation=gen) for s in range(n) for d in ("easy", "normal", "hard")]


@pytest.fixture(scope="module")
def new_items():
    return _items(120)


def test_key_is_the_exclusive_common_property(new_items):
    for it in new_items:
        ex, tests = it.params["examples"], it.params["tests"]
        g = len(ex)
        assert len(it.options) == g and len(tests) == 8 and all(len(grp) == 3 for grp in ex)
        assert g in {"easy": (2,), "normal": (2, 3), "hard": (3,)}[it.params["difficulty"]]
        # each group has exactly one common property that no example of another group has ...
        excl = []
        for gi, grp in enumerate(ex):
            own = [(k, v) for k, v in _common(grp)
                   if not any(f[k] == v for o, other in enumerate(ex) if o != gi for f in other)]
            assert len(own) == 1, (it.params["seed"], gi, own)
            excl.append(own[0])
        assert len({k for k, _ in excl}) == 1  # ... all of one attribute, the rule
        want = tuple(next(gi + 1 for gi, (k, v) in enumerate(excl) if t[k] == v) for t in tests)
        assert want == it.gold
        # every group shares the rule and g - 1 lure values (the rest may be common by chance, then
        # not only to it), and every test figure has exactly one of them: the own group's rule, one
        # lure of each other group, so what a test figure has in common with a group does not tell
        # the group
        keys = {excl[0][0], *it.params["lures"]}
        for t in tests:
            for grp in ex:
                assert len(_common(grp, keys)) == g and sum(t[k] == v for k, v in _common(grp, keys)) == 1


def _similarity_rates(items):
    """Share of test figures whose group is the one with the highest mean / max / min number of
    attributes shared with its examples (ties split), minus chance."""
    out = np.zeros(3)
    n = 0
    for it in items:
        ex, g = it.params["examples"], len(it.params["examples"])
        for t, gold in zip(it.params["tests"], it.gold):
            sims = np.array([[sum(t[k] == e[k] for k in t) for e in grp] for grp in ex])
            for j, f in enumerate((sims.mean(1), sims.max(1), sims.min(1))):
                best = np.flatnonzero(f == f.max())
                out[j] += (gold - 1 in best) / len(best) - 1 / g
            n += 1
    return out / n


def test_overall_similarity_is_at_chance(new_items):
    assert np.all(np.abs(_similarity_rates(new_items)) < 0.04)
    # the same rules found generation 1's groups far above chance
    assert np.all(_similarity_rates(_items(40, 1)) > 0.2)


def test_similarity_profile_does_not_tell_the_group(new_items):
    """For the full profile (per group: the sorted numbers of shared attributes), the own group is
    as often any group: a lookup table learned on half the items is at chance on the rest."""
    from collections import Counter, defaultdict

    rows = []
    for it in new_items:
        ex = it.params["examples"]
        for t, gold in zip(it.params["tests"], it.gold):
            prof = tuple(tuple(sorted(sum(t[k] == e[k] for k in t) for e in grp)) for grp in ex)
            rows.append((prof, gold - 1, len(ex)))
    half = len(rows) // 2
    table = defaultdict(Counter)
    for prof, gold, _ in rows[:half]:
        table[prof][gold] += 1
    lift = [(table[p].most_common(1)[0][0] == gold if table[p] else 1 / g) - 1 / g for p, gold, g in rows[half:]]
    assert abs(np.mean(lift)) < 0.05


def test_every_shared_value_is_held_by_one_group_of_test_figures(new_items):
    """Generation 3: the test figures holding any of a group's shared values (its rule or a lure)
    are exactly the test figures of one group, a different group for each value; so how many
    test figures hold a value is one group's size, for the rule as for a lure."""
    for it in new_items:
        ex, tests = it.params["examples"], it.params["tests"]
        keys = {it.params["rule"], *it.params["lures"]}
        for h, grp in enumerate(ex):
            holders = [frozenset(i for i, t in enumerate(tests) if t[k] == v) for k, v in _common(grp, keys)]
            by_group = [frozenset(i for i, gold in enumerate(it.gold) if gold - 1 == o) for o in range(len(ex))]
            assert sorted(holders, key=sorted) == sorted(by_group, key=sorted)
            rule_holders = frozenset(i for i, t in enumerate(tests) if t[it.params["rule"]] == grp[0][it.params["rule"]])
            assert rule_holders == by_group[h]
        # every test figure of a group has the same value on the rule and the lure attributes
        for o in range(len(ex)):
            assert len({tuple(t[k] for k in sorted(keys)) for t, gold in zip(tests, it.gold) if gold - 1 == o}) <= 1


def test_lure_counts_tell_the_rule_in_generation_2_not_3():
    # the lure rule of the item audit, and its variants (ties to the first value, or to no value;
    # the rule taken as the least held value): three groups, 150 items each
    from machinepsych.tasks.visfactor.item_rules import i3_held

    new, old = (_hard(150, gen) for gen in (None, 2))
    for which, ties in (("most", "all"), ("most", "first"), ("most", "none"), ("least", "all"), ("least", "first")):
        rule = i3_held(which, ties)
        assert np.mean([rule(it) for it in new]) < 0.002, (which, ties)  # chance (1/3)^8 = 0.00015
        assert np.mean([rule(it) for it in old]) > 0.08, (which, ties)


def _hard(n, gen):
    return [generate("I3", 700_000 + s, "hard", generation=gen) for s in range(n)]

"""Closure flexibility generators, issue 20: CF1 generation 2, CF2 generation 3, CF3 generation 3;
issue 30: CF2 generation 4.

The previous generations still make their items (pinned digests); the new keys are re-derived;
the construct-free rules the learned audit found are at chance on the new items (and were not on
the old ones)."""
import math

import numpy as np
import pytest

from machinepsych.tasks.visfactor.core import generate
from tests.support.visfactor_items import DIFFS, item_digest


def digest(sub, generation):
    """Seeds 0-7 x easy/normal/hard: pictures, question, key, options, split rows and question,
    parameters (as a JSON string)."""
    return item_digest(sub, generation, ("question", "gold", "options", "rows", "split_question", "params_json"))


@pytest.mark.parametrize("sub,generation,pinned", [
    ("CF1", 1, "de45755db5f37f49"), ("CF2", 3, "eaa08cbdd17d98dc"), ("CF2", 2, "00e3455f6c05cae5"),
    ("CF2", 1, "a875074f8d3d96a9"),
    ("CF3", 2, "531a4e0208562082"), ("CF3", 1, "07f8d580a6906648")])
def test_previous_generations_unchanged(sub, generation, pinned):
    assert digest(sub, generation) == pinned


def edges(f):
    return {tuple(sorted((tuple(a), tuple(b)))) for a, b in f}


# --- CF1 --------------------------------------------------------------------------------------
def embedded(pattern, figure, n):
    fig = [((a[0], a[1]), (b[0], b[1])) for a, b in figure]
    return any(all(tuple(sorted(((a[0] + dr, a[1] + dc), (b[0] + dr, b[1] + dc)))) in pattern for a, b in fig)
               for dr in range(-n, n) for dc in range(-n, n))


def test_cf1_key_only_figure_embedded_and_uniform():
    from machinepsych.tasks.visfactor.gen_closure import CF1_MODELS
    keys = []
    for d in DIFFS:
        for s in range(40):
            it = generate("CF1", s, d)
            pat = edges(it.params["pattern"])
            found = [embedded(pat, m, it.params["grid"]) for m in CF1_MODELS]
            assert found.count(True) == 1 and "ABCDE"[found.index(True)] == it.gold
            keys.append(it.gold)
    assert all(12 <= keys.count(k) <= 36 for k in "ABCDE")


# --- CF2 --------------------------------------------------------------------------------------
def test_cf2_figures_hold_model_or_lure():
    from machinepsych.tasks.visfactor.gen_closure import _cf2_pairs
    assert len(_cf2_pairs()) > 1000
    for s in range(60):
        it = generate("CF2", s, DIFFS[s % 3], generation=3)
        model, lure = edges(it.params["model"]), edges(it.params["lure"])
        assert len(model) == len(lure) == 4 and len(model & lure) == 3
        for f, g in zip(it.params["figures"], it.gold):
            f = edges(f)
            assert (model <= f, lure <= f) == ((True, False) if g == "T" else (False, True))


def test_cf2_generation_4_figures_say_nothing_about_the_key():
    """Generation 4 (issue 30): every one of the 32 sets of test figures is exactly the set of
    figures holding some four-line figure, so the true figures (held the model) are one set
    among 32 that the figures cannot tell apart; the model is a connected four-line figure on
    five dots; each figure is the lattice less 3-6 lines."""
    from machinepsych.tasks.visfactor.core import GENERATION, lattice_edges
    from machinepsych.tasks.visfactor.gen_closure import cf2_holders

    assert GENERATION["CF2"] == 4
    index = {e: i for i, e in enumerate(lattice_edges(3, 3))}
    for s in range(30):
        it = generate("CF2", s, DIFFS[s % 3])
        figs = [edges(f) for f in it.params["figures"]]
        model = edges(it.params["model"])
        assert "lure" not in it.params and len(model) == 4 and len({p for e in model for p in e}) == 5
        assert all(14 <= len(f) <= 17 for f in figs)
        assert tuple("T" if model <= f else "F" for f in figs) == it.gold
        holders = cf2_holders([sum(1 << index[e] for e in f) for f in figs])
        assert len(set(holders.tolist())) == 32


def cf2_rules(generation, n=300):
    """Part accuracy of 'the figures more similar to the others than the item's median are true'
    and 'figures with a dot of degree >= 3 are true'."""
    sim = deg = tot = 0
    for s in range(n):
        it = generate("CF2", s, "hard", generation=generation)
        figs = [edges(f) for f in it.params["figures"]]
        js = [np.mean([len(f & g) / len(f | g) for g in figs if g is not f]) for f in figs]
        med = np.median(js)
        for f, j, g in zip(figs, js, it.gold):
            d: dict = {}
            for a, b in f:
                d[a] = d.get(a, 0) + 1
                d[b] = d.get(b, 0) + 1
            sim += (j >= med) == (g == "T")
            deg += (max(d.values()) >= 3) == (g == "T")
            tot += 1
    return sim / tot, deg / tot


def test_cf2_consensus_and_degree_rules_at_chance():
    sim, deg = cf2_rules(3)
    assert 0.44 < sim < 0.56 and 0.44 < deg < 0.56


def test_cf2_rules_beat_chance_on_generation_2():
    sim, _ = cf2_rules(2, 60)
    assert sim > 0.65


# --- CF3 --------------------------------------------------------------------------------------
def test_cf3_key_by_replaying_moves():
    for d in DIFFS:
        for s in range(30):
            it = generate("CF3", s, d)
            path, pos, n = it.params["path"], list(it.params["start2"]), it.params["grid"]
            for (r0, c0), (r1, c1) in zip(path, path[1:]):
                pos = [pos[0] + r1 - r0, pos[1] + c1 - c0]
                assert 0 <= pos[0] < n and 0 <= pos[1] < n
            assert it.gold == f"({pos[0] + 1}, {pos[1] + 1})"


def cf3_copy_start_auc(generation, n=300):
    """AUC of 'nearer the circled dot of the copy grid' for the key against the other dots (the
    circled dot itself left out): 0.5 when where the copy ends says nothing about the circle."""
    wins = pairs = 0.0
    for s in range(n):
        it = generate("CF3", s, "hard", generation=generation)
        g, s2 = it.params["grid"], tuple(it.params["start2"])
        key = tuple(int(v) - 1 for v in it.gold.strip("()").split(","))
        dk = math.dist(key, s2)
        for q in np.ndindex(g, g):
            if q not in (key, s2):
                dq = math.dist(q, s2)
                wins += (dk < dq) + 0.5 * (dk == dq)
                pairs += 1
    return wins / pairs


def test_cf3_copy_end_not_nearer_the_circle():
    assert 0.45 < cf3_copy_start_auc(3) < 0.55
    assert cf3_copy_start_auc(2, 150) > 0.6

"""The learned validity audit of VisFactor (tasks/visfactor/features.py, audit_learned.py)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from machinepsych.tasks.visfactor import audit_learned as L
from machinepsych.tasks.visfactor.catalog import SUBTESTS
from machinepsych.tasks.visfactor.core import generate
from machinepsych.tasks.visfactor.features import EXTRACT, FEATURES, Units, units


def _choose_item(rng, k: int = 5, leak: bool = False) -> Units:
    key = int(rng.integers(k))
    y = np.zeros(k)
    y[key] = 1
    X = rng.normal(size=(k, 3))
    if leak:  # a surface feature equal to the answer
        X[:, 0] = y
    return Units(X, y, np.zeros(k, dtype=int), "choose", ("a", "b", "c"))


def _split_item(rng, k: int = 5) -> Units:
    y = np.zeros(k)
    y[int(rng.integers(k))] = 1
    return Units(rng.normal(size=(k, 2)), y, np.zeros(k, dtype=int), "binary", ("a", "b"))


def _item(sub: str, diff: str):
    errors = []
    for seed in range(3, 13):  # a generator being reworked may fail on a seed: features need one item
        try:
            return generate(sub, seed, diff)
        except RuntimeError as exc:  # pragma: no cover
            errors.append(exc)
    raise errors[-1]


@pytest.mark.parametrize("sub", sorted(SUBTESTS))
def test_every_subtest_declares_and_computes_features(sub):
    assert FEATURES.get(sub), f"{sub} declares no surface features"
    assert sub in EXTRACT
    for diff in ("easy", "hard"):
        item = _item(sub, diff)
        u = units(item)
        assert u.X.shape[0] == len(u.y) > 0 and u.X.shape[1] >= len(FEATURES[sub])
        assert np.isfinite(u.X).all()
        if u.fmt == "choose":  # exactly one key per part
            assert all(u.y[u.part == j].sum() == 1 for j in range(u.n_parts))
        if SUBTESTS[sub].split and item.rows:
            s = units(item, "split")
            assert s.fmt == "binary" and list(s.y > 0) == [g == "T" for _, g in item.rows]


def test_structural_chance_split_one_true_is_one_over_k():
    rng = np.random.default_rng(0)
    for k in (4, 5, 9):
        items = [_split_item(rng, k) for _ in range(200)]
        chance, part = L.structural_chance(items, items)
        assert np.allclose(chance, 1 / k)  # not 2^-k
        assert np.allclose(part, 1 - 1 / k)  # always F per part
    # independent fair T/F parts: about 2^-k
    items = []
    for _ in range(2000):
        y = (rng.random(5) < 0.5).astype(float)
        items.append(Units(rng.normal(size=(5, 2)), y, np.zeros(5, dtype=int), "binary", ("a", "b")))
    chance, _ = L.structural_chance(items, items)
    assert abs(chance.mean() - 2 ** -5) < 0.01
    # one choose-one part of k options: 1/k
    items = [_choose_item(rng, 7) for _ in range(50)]
    assert np.allclose(L.structural_chance(items, items)[0], 1 / 7)


def test_leaky_items_are_flagged_and_random_ones_not():
    rng = np.random.default_rng(1)
    leaky = [_choose_item(rng, leak=True) for _ in range(200)]
    plain = [_choose_item(rng) for _ in range(200)]
    findings = []
    for name, items in (("leaky", leaky), ("plain", plain)):
        for strat in L.STRATEGIES:
            for metric, st in L.evaluate(items, strat).items():
                f = L.LearnedFinding(name, "hard", "default", strat, metric, st)
                f.replication = st  # same data: the replication logic is tested separately
                findings.append(f)
    L.decide(findings)
    assert all(f.flagged for f in findings if f.subtest == "leaky")
    assert all(f.stat.accuracy > 95 for f in findings if f.subtest == "leaky")
    assert not any(f.flagged for f in findings if f.subtest == "plain")


def test_split_items_answered_with_known_count():
    rng = np.random.default_rng(2)
    items = [_split_item(rng) for _ in range(100)]
    for it in items:
        it.X[:, 0] = it.y + rng.normal(0, 0.01, len(it.y))
    r = L.cross_fit(items, "logistic")
    assert r["credit"].mean() > 0.95 and np.allclose(r["chance"], 0.2)


def _finding(acc, chance, n, p, rep=None):
    f = L.LearnedFinding("X", "hard", "default", "logistic", "item", L.Stat(acc, chance, p, n))
    f.replication = rep
    return f


def test_bonferroni_and_replication_on_synthetic_findings():
    # p = 1e-3 passes alone (0.01) but not after Bonferroni over 20 findings (0.0005)
    fs = [_finding(30, 20, 2000, 1e-3, L.Stat(30, 20, 1e-6, 2000))] + [_finding(20, 20, 2000, 0.5) for _ in range(19)]
    L.decide(fs)
    assert fs[0].m == 20 and not fs[0].candidate and not fs[0].flagged
    fs = [_finding(30, 20, 2000, 1e-3, L.Stat(30, 20, 1e-6, 2000))]
    L.decide(fs)
    assert fs[0].candidate and fs[0].replicated and fs[0].flagged
    # significant but not replicated on the second seed range: not flagged
    fs = [_finding(30, 20, 2000, 1e-9, L.Stat(21, 20, 0.3, 2000))]
    L.decide(fs)
    assert fs[0].candidate and fs[0].replicated is False and not fs[0].flagged
    # no replication run: not flagged
    fs = [_finding(30, 20, 2000, 1e-9)]
    L.decide(fs)
    assert fs[0].replicated is None and not fs[0].flagged
    # a tiny lift at a huge n: significant, too small
    fs = [_finding(21, 20, 200_000, 1e-12, L.Stat(21, 20, 1e-12, 200_000))]
    L.decide(fs)
    assert not fs[0].candidate and not fs[0].flagged


def test_false_positive_rate_without_replication_and_with():
    """Pure-chance item sets: a single range at alpha 0.01 (no Bonferroni) flags about 1%;
    requiring replication makes it about 1e-4."""
    rng = np.random.default_rng(3)
    n, p0, trials = 300, 0.5, 4000
    k1 = rng.binomial(n, p0, trials)
    k2 = rng.binomial(n, p0, trials)
    from scipy import stats

    p1 = stats.binom.sf(k1 - 1, n, p0)
    p2 = stats.binom.sf(k2 - 1, n, p0)
    assert (p1 < 0.01).mean() < 0.02
    assert ((p1 < 0.01) & (p2 < 0.01)).mean() < 0.002


def test_default_n_has_power_09_for_a_5_point_lift():
    assert L.power(L.DEFAULT_N, 0.5) >= 0.9
    assert L.power(L.DEFAULT_N, 0.45) >= 0.9
    assert L.power(L.DEFAULT_N, 0.2) >= 0.9
    assert L.power(L.DEFAULT_N - 300, 0.5) < 0.9  # not much larger than needed
    assert L.required_n(0.5, step=100) <= L.DEFAULT_N


def test_item_and_part_statistics():
    st = L.item_stat(np.ones(50), np.full(50, 0.2))
    assert st.accuracy == 100 and st.chance == pytest.approx(20) and st.p < 1e-30
    st = L.part_stat(np.full(30, 0.8), np.full(30, 0.8))
    assert st.p == 1.0 and math.isclose(st.lift, 0, abs_tol=1e-9)


def test_run_small_on_real_subtests():
    res = L.run([("RL2", "hard", "default"), ("CF1", "hard", "split")], n=60)
    assert {f.subtest for f in res.findings} == {"RL2", "CF1"}
    assert all(0 <= f.stat.chance <= 100 for f in res.findings)
    cf1 = [f for f in res.findings if f.subtest == "CF1" and f.metric == "item"]
    assert all(f.stat.chance == pytest.approx(20) for f in cf1)  # split of 5 options: 1/5, not 2^-5
    md = L.markdown(res)
    assert md.startswith("| subtest |") and "RL2" in md
    # in two processes: the same findings, in the same order
    par = L.run([("RL2", "hard", "default"), ("CF1", "hard", "split")], n=60, workers=2)
    assert [(f.subtest, f.strategy, f.metric, f.stat) for f in par.findings] == \
        [(f.subtest, f.strategy, f.metric, f.stat) for f in res.findings]


def test_the_learned_audit_is_reached_through_the_taskspec():
    from machinepsych.tasks.catalog import get_task

    spec = get_task("visfactor-vz2")
    assert spec.learned_audit is L.LEARNED_AUDIT
    assert spec.learned_audit.target(spec, "split") == ("VZ2", "normal", "split")
    assert spec.learned_audit.target(get_task("visfactor-rl2"), "hard") == ("RL2", "hard", "default")
    assert get_task("wcst").learned_audit is None


def test_cli_runs_the_learned_audit_at_hard_and_skips_it_on_request():
    import json

    from typer.testing import CliRunner

    from machinepsych.cli import app

    runner = CliRunner()
    res = runner.invoke(app, ["audit", "visfactor-rl2", "--preset", "hard", "--n", "20", "--learned-n", "40",
                              "--markdown", "--no-heuristic"])
    assert res.exit_code in (0, 1), res.output
    assert "| subtest | difficulty/mode | strategy |" in res.output and "| RL2 | hard/default |" in res.output
    res = runner.invoke(app, ["audit", "visfactor-rl2", "--preset", "hard", "--n", "20", "--no-learned", "--json"])
    assert res.exit_code in (0, 1) and "learned" not in json.loads(res.stdout)
    # no preset: the learned audit at every difficulty (RL2's default mode)
    res = runner.invoke(app, ["audit", "visfactor-rl2", "--n", "20", "--learned-n", "30", "--json"])
    found = json.loads(res.stdout)["learned"]["findings"]
    assert {(f["subtest"], f["difficulty"], f["mode"]) for f in found} == \
        {("RL2", d, "default") for d in ("easy", "normal", "hard")}
    from machinepsych.cli.audit import _learned_targets
    from machinepsych.tasks.catalog import get_task

    vz2, rl2, wcst = get_task("visfactor-vz2"), get_task("visfactor-rl2"), get_task("wcst")
    assert _learned_targets([(wcst, None)]) == []  # a family without one contributes nothing
    assert _learned_targets([(vz2, "split"), (wcst, None), (rl2, "hard")]) == \
        [(L.LEARNED_AUDIT, [("VZ2", "normal", "split"), ("RL2", "hard", "default")])]
    assert _learned_targets([(vz2, "split")], every_difficulty=True) == \
        [(L.LEARNED_AUDIT, [("VZ2", d, "split") for d in ("easy", "normal", "hard")])]
    # an older version audits its own generator (its label names the generation)
    assert _learned_targets([(get_task("visfactor-ss3@4"), "easy")]) == [(L.LEARNED_AUDIT, [("SS3@4", "easy", "default")])]
    assert L.LEARNED_AUDIT.n_for(True) == L.EVERY_DIFFICULTY_N < L.LEARNED_AUDIT.n_for(False) == L.DEFAULT_N


def test_the_learned_audit_of_an_older_version_generates_its_items():
    # before: the learned audit of visfactor-vz1@3 generated the current VZ1's items
    old = L.collect("VZ1@3", "normal", "default", 3)
    new = L.collect("VZ1", "normal", "default", 3)
    want = units(generate("VZ1", 0, "normal", 3), "default")
    assert np.array_equal(old[0].X, want.X) and not np.array_equal(new[0].X, want.X)


def test_the_docs_list_every_subtests_declared_features():
    # docs/visfactor.md's table of units and features is the one the audit computes
    import re
    from pathlib import Path

    from machinepsych.tasks.visfactor.features import FEATURES

    text = (Path(__file__).resolve().parents[3] / "docs" / "visfactor.md").read_text()
    table = text[text.index("| Subtest | Units | Declared features |"):]
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| (\w+) \| [^|]+ \| ([^|]+) \|$", table, re.M)}
    for sub, names in FEATURES.items():
        assert rows.get(sub) == ", ".join(names), f"docs/visfactor.md: the {sub} row of the features table"

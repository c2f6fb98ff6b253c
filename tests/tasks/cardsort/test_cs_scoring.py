"""Card-sorting scores against hand-worked examples (docs/cardsort.md#scores)."""
import numpy as np
import pandas as pd
import pytest

from machinepsych.core.scoring import score_session, score_sessions, summarize
from machinepsych.participants.agents import play_agent
from machinepsych.core.scoring import steps_frame
from machinepsych.tasks.cardsort.reflection_wcst import RB_CARD_LIST, ceiling, group_accuracy, simulate
from machinepsych.tasks.cardsort.scoring import run_lengths, wcst_metrics, worst_case_bound
from machinepsych.tasks.cardsort.vision_probe import probe_measures
from machinepsych.tasks.catalog import get_task


def example1():
    # rule colour until the first completion (trial 11), then shape; K = 10, n = 20
    rows = [(False, "color", {"number"})]
    rows += [(True, "color", {"color"})] * 10
    rows += [(False, "shape", {"color"}), (False, "shape", {"number"})]
    rows += [(True, "shape", {"shape"})] * 7
    return rows


def example2():
    # rule shape, then number after the first completion (trial 18); K = 10, n = 24
    rows = [(True, "shape", {"shape", "color"})]
    rows += [(True, "shape", {"shape"})] * 5
    rows += [(False, "shape", {"color"}), (False, "shape", set())]
    rows += [(True, "shape", {"shape"})] * 10
    rows += [(False, "number", {"shape", "color"}), (False, "number", {"color"})]
    rows += [(True, "number", {"number"})] * 4
    return rows


def metrics(rows, K=10):
    c, r, m = zip(*rows)
    return wcst_metrics(list(c), list(r), [frozenset(x) for x in m], K)


def test_worked_example_1():
    m = metrics(example1())
    assert m == {"accuracy": 85.0, "CC": 1.0, "PE": 1.0, "NPE": 2.0, "TFC": 11.0, "CLR": 65.0, "FMS": 0.0,
                 "errors": 3.0, "trials": 20.0}


def test_worked_example_2():
    m = metrics(example2())
    assert m["CC"] == 1 and m["TFC"] == 18 and m["FMS"] == 1
    assert m["PE"] == 1 and m["NPE"] == 3 and m["errors"] == 4
    assert m["CLR"] == pytest.approx(100 * 14 / 24)
    assert m["accuracy"] == pytest.approx(100 * 20 / 24)


def test_no_category_means_tfc_undefined_and_all_errors_npe():
    rows = [(False, "color", {"shape"})] * 5 + [(True, "color", {"color"})] * 9
    m = metrics(rows)
    assert m["TFC"] is None and m["CC"] == 0 and m["PE"] == 0 and m["NPE"] == 5


def test_run_length_restarts_after_criterion():
    assert run_lengths([True] * 12, 10) == list(range(1, 11)) + [1, 2]


def test_summary_tfc_sd_only_when_all_defined():
    s = summarize({1: {"TFC": 11.0}, 2: {"TFC": None}, 3: {"TFC": 13.0}})
    ci = s["TFC"].pop("ci95")  # the CI uses the defined sessions: t(0.975, 1) * sd(11, 13) / sqrt(2)
    low, high = s["TFC"].pop("ci_low"), s["TFC"].pop("ci_high")
    assert s["TFC"] == {"mean": 12.0, "sd": None, "n": 2, "ci_clipped": False}
    assert abs(ci - 12.7062047) < 1e-6 and low == pytest.approx(12 - ci) and high == pytest.approx(12 + ci)
    s = summarize({1: {"PE": 17.0}, **{i: {"PE": 0.0} for i in range(2, 11)}})
    # the paper's check: Gemini STA-VI PE values {17, 0 x 9} -> 1.70 (5.38)
    assert round(s["PE"]["mean"], 2) == 1.70 and round(s["PE"]["sd"], 2) == 5.38


def test_worst_case_bounds():
    assert worst_case_bound(6, 3) == 0.75
    assert round(worst_case_bound(6, 2), 3) == 0.857


def _csv_frame(tmp_path):
    rows = []
    for session, ex in (("a", example1()), ("b", example2())):
        for i, (c, r, m) in enumerate(ex):
            rows.append({"session": session, "trial": i + 1, "rule": r, "correct": c, "matches": ";".join(sorted(m))})
    path = tmp_path / "trials.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    return pd.read_csv(path)


def test_wcst_scorer_reads_a_csv_export(tmp_path):
    spec = get_task("wcst")
    out = score_sessions(spec, _csv_frame(tmp_path), default=spec.resolve(None, {"criterion": 10}))
    assert out["a"]["PE"] == 1 and out["a"]["CLR"] == 65.0
    assert out["b"]["FMS"] == 1 and out["b"]["TFC"] == 18
    for key in ("accuracy", "CC", "PE", "NPE", "TFC", "CLR", "FMS", "errors", "trials"):
        assert key in out["a"]
    assert summarize(out)["TFC"]["mean"] == pytest.approx(14.5)
    declared = {m.name for m in spec.metrics}
    assert set(out["a"]) <= declared


def test_wcst_scorer_missing_columns_is_an_error():
    from machinepsych.core.errors import ConfigError

    spec = get_task("wcst")
    with pytest.raises(ConfigError, match="rule"):
        score_session(spec, pd.DataFrame({"trial": [0], "correct": [True]}), spec.resolve())


def test_table_columns_and_primary_metrics():
    def table(t):
        return [m.name for m in get_task(t).metrics if m.table]

    assert table("wcst") == ["CC", "PE", "NPE", "TFC", "CLR", "FMS", "accuracy"]
    assert table("wcst-kennedy") == table("wcst")
    assert table("lnt") == ["accuracy", "accuracy_valid", "CC", "PE", "NPE"]
    assert table("wcst-shape") == ["accuracy", "accuracy_valid"]
    assert [get_task(t).primary for t in ("wcst", "lnt", "wcst-color", "wcst-reflection", "wcst-vision-probe")] == \
        ["accuracy", "accuracy", "accuracy", "wcst", "overall"]
    accuracy = get_task("wcst").scorer.metric("accuracy")
    assert accuracy.scale == (0.0, 100.0) and accuracy.unit == "%"


def test_lnt_and_accuracy_scores_invalid_as_errors():
    spec = get_task("lnt")
    frame = pd.DataFrame({"trial": range(4), "correct": [True, False, True, False],
                          "parse_status": ["parsed", "invalid", "parsed", "parsed"],
                          "rule": ["letter"] * 4, "matches": [["letter"], [], ["letter"], ["number"]]})
    out = score_session(spec, frame, spec.resolve())
    assert out["accuracy"] == 50.0 and out["accuracy_valid"] == pytest.approx(200 / 3) and out["invalid"] == 1
    assert out["P_w"] == pytest.approx(6 / 7)
    comp = score_session(get_task("wcst-shape"), frame, get_task("wcst-shape").resolve())
    assert comp == {"accuracy": 50.0, "accuracy_valid": pytest.approx(200 / 3), "invalid": 1.0, "trials": 4.0}


def test_reflection_ceiling_and_groups():
    assert ceiling([c.tokens for c in RB_CARD_LIST]).tolist() == [100, 100, 50, 100, 100, 100]
    assert group_accuracy(np.array([[1] * 12 + [0] * 12]), 12).tolist() == [[100.0, 0.0]]
    spec = get_task("wcst-reflection")
    steps, replies = play_agent(spec, spec.resolve("easy"), 0, "ideal")
    out = score_session(spec, steps_frame(steps, replies), spec.resolve("easy"))
    assert out["group3_norm"] == pytest.approx(2 * out["group3"])
    assert set(out) == {m.name for m in spec.metrics}


def test_reflection_chance_vectorised_matches_the_loop():
    spec = get_task("wcst-reflection")
    params = spec.resolve("easy")
    vec = simulate(params, 40_000, np.random.default_rng(1))["wcst"]
    loop = []
    for i in range(200):
        steps, replies = play_agent(spec, params, 1000 + i, "random")
        loop.append(score_session(spec, steps_frame(steps, replies), params)["wcst"])
    loop = np.array(loop)
    se = np.sqrt(vec.var() / len(vec) + loop.var() / len(loop))
    assert abs(vec.mean() - loop.mean()) < 4 * se
    assert loop.std() == pytest.approx(vec.std(), rel=0.25)
    # the published uniform chance on the released list: 23.95 %
    assert vec.mean() == pytest.approx(23.95, abs=0.2)


def test_probe_measures_reproduce_table2():
    # Gemini-like: 25 % of images counted as 6 cards, number wrong on 7/320 cards
    n = 64
    count = [6] * 16 + [5] * 48
    numbers = [[True] * 5 for _ in range(n)]
    wrong = 0
    for i in range(n):
        for j in range(5):
            if wrong < 7:
                numbers[i][j] = False
                wrong += 1
    feats = {"color": [[True] * 5] * n, "shape": [[True] * 5] * n, "number": numbers}
    m = probe_measures(count, [c == 5 for c in count], feats)
    assert m["acc_count"] == 75 and m["overcount_penalty"] == 12.5
    assert m["acc_number"] == pytest.approx(97.8125)
    assert m["overall"] == pytest.approx(96.97, abs=0.01)


def test_probe_chance_vectorised_matches_the_loop():
    spec = get_task("wcst-vision-probe")
    params = spec.resolve(None, {"n_trials": 8})
    vec = simulate_probe = spec.chance(params, 20_000, np.random.default_rng(0), "uniform")
    loop = {k: [] for k in vec}
    for i in range(60):
        steps, replies = play_agent(spec, params, i, "random")
        for k, v in score_session(spec, steps_frame(steps, replies), params).items():
            loop[k].append(v)
    for k in vec:
        a, b = simulate_probe[k], np.array(loop[k])
        se = np.sqrt(a.var() / len(a) + b.var() / len(b))
        assert abs(a.mean() - b.mean()) < 4 * se + 1e-9, k


@pytest.mark.parametrize("test", ("wcst", "wcst-kennedy", "wcst-shape", "wcst-reflection", "wcst-vision-probe",
                                  "lnt", "lnt-letter"))
def test_every_test_has_a_chance_simulator(test):
    # (its speed is a benchmark's figure, not a timed unit test on a shared machine)
    spec = get_task(test)
    params = spec.resolve(None, {"input": "image"} if test == "wcst" else {})
    sims = spec.chance(params, 200, np.random.default_rng(0), "uniform")
    assert spec.primary in sims and all(len(v) == 200 for v in sims.values())
    assert set(sims) <= {m.name for m in spec.metrics}


@pytest.mark.parametrize("test", ("wcst", "lnt"))
def test_chance_by_play_agrees_with_the_random_agent(test):
    spec = get_task(test)
    params = spec.resolve()
    sim = spec.chance(params, 300, np.random.default_rng(5), "uniform")
    loop = {k: [] for k in sim}
    for i in range(150):
        steps, replies = play_agent(spec, params, 50 + i, "random")
        for k, v in score_session(spec, steps_frame(steps, replies), params).items():
            if k in loop:
                loop[k].append(np.nan if v is None else v)
    for k in ("accuracy", "NPE", "CLR"):
        a, b = sim[k], np.array(loop[k], float)
        se = np.sqrt(a.var() / len(a) + b.var() / len(b))
        assert abs(a.mean() - b.mean()) < 4 * se + 1e-9, k

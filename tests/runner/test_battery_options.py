"""A battery's --preset, --difficulty, --mode and --param reach every member that has them,
are named for the members they do not reach, and what is stored is what was asked for."""
from __future__ import annotations

import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.runner.plan import ParticipantSpec, RunSpec, expand_tasks
from machinepsych.runner.run import create_run
from machinepsych.storage.store import Store


def _stored(tmp_path, battery, preset=None, params=None, difficulty=None, strategies=None, model="agent:random"):
    """{(test, preset, strategy): stored params} of a run made as ``run`` makes it."""
    notes: list[str] = []
    tasks = expand_tasks(battery, preset, params or {}, 1, difficulty, notes, own_strategies=bool(strategies))
    from machinepsych.runner.plan import battery_strategies

    st = Store(tmp_path / f"s{len(list(tmp_path.iterdir()))}.db")  # a new store each call
    run = create_run(st, RunSpec(tasks=tasks, participants=[ParticipantSpec(ref=model, base_url=None if model.startswith("agent:") else "http://127.0.0.1:9/v1")],
                                 strategies=battery_strategies(battery, strategies), name="r"))
    rows = {(s.task_id, s.preset, s.strategy): s.params for s in st.sessions(run.id)}
    return rows, notes


def test_reflection_bench_hard_is_stored_hard_without_oddball(tmp_path):
    rows, notes = _stored(tmp_path, "reflection-bench", difficulty="hard")
    tests = {t for t, _, _ in rows}
    assert tests == {"wpt", "wcst-reflection", "nback", "dcigt", "prlt", "mbt"}  # the paper's hard setting
    assert {p for _, p, _ in rows} == {"hard"}
    assert {(t, p["n"]) for (t, _, _), p in rows.items() if t in ("nback", "mbt")} == {("nback", 4), ("mbt", 4)}
    assert notes == ["reflection-bench: --difficulty hard left out oddball (as the paper ran it)"]
    # --preset hard is the same
    rows2, _ = _stored(tmp_path, "reflection-bench", preset="hard")
    assert rows2 == rows


def test_visfactor_split_runs_the_split_subtests_in_split_mode(tmp_path):
    split = {"cf1", "cf2", "vz2", "vz3", "s1", "ss2", "ss3", "p3", "i3"}
    for option in ({"preset": "split"}, {"params": {"mode": "split"}}):
        rows, notes = _stored(tmp_path, "visfactor", **option)
        assert {t.removeprefix("visfactor-") for t, _, _ in rows} == split
        assert all(p["mode"] == "split" for p in rows.values())
        assert len(notes) == 1 and "visfactor-cf3" in notes[0] and "visfactor-cf1" not in notes[0]


def test_members_without_an_option_run_as_they_are_and_are_named(tmp_path):
    rows, notes = _stored(tmp_path, "kennedy-nowak", preset="code-prompt", params={"n_trials": 12})
    assert {(t, p) for t, p, _ in rows} == {("wcst-kennedy", "code-prompt"), ("lnt", "code-prompt"),
                                             *((t, "default") for t in ("wcst-shape", "wcst-color", "wcst-number",
                                                                         "lnt-letter", "lnt-number"))}
    assert all(p["n_trials"] == 12 for p in rows.values())
    assert notes == ["kennedy-nowak: --preset code-prompt does not apply to wcst-shape, wcst-color, wcst-number, "
                     "lnt-letter, lnt-number (run as they are)"]
    rows, notes = _stored(tmp_path, "reflection-bench", params={"trials": 30})
    assert {t for (t, _, _), p in rows.items() if p.get("trials") == 30} == {"wpt", "nback", "dcigt", "prlt"}
    assert "wcst-reflection, oddball, mbt" in notes[0]


def test_paper_designs(tmp_path):
    """``--preset paper``: Reflection-Bench easy under its three strategies and hard under
    direct only (no Oddball); VisFactor every subtest, the paper's split variants, each also
    perturbed under direct."""
    rows, notes = _stored(tmp_path, "reflection-bench", preset="paper", model="openai:m")
    assert not notes
    hard = {(t, s) for t, p, s in rows if p == "hard"}
    assert hard == {(t, "direct") for t in ("wpt", "wcst-reflection", "nback", "dcigt", "prlt", "mbt")}
    assert {s for _, p, s in rows if p == "easy"} == {"free", "direct", "cot"}
    assert len({t for t, p, _ in rows if p == "easy"}) == 7
    notes = []
    tasks = expand_tasks("visfactor", "paper", {}, 1, None, notes)
    splits = {t.task.removeprefix("visfactor-") for t in tasks if t.preset == "split" and not t.params}
    # the paper's eight split rows (issue 29: SS3-S has its split mode)
    assert splits == {"cf1", "cf2", "vz2", "vz3", "s1", "ss3", "p3", "i3"}
    assert sum(1 for t in tasks if t.preset == "default" and not t.params) == 20
    pert = [t for t in tasks if t.params]
    assert len(pert) == 28 and all(t.strategies == ["direct"] for t in pert)
    # a strategy the user names wins over the design's
    tasks = expand_tasks("visfactor", "paper", {}, 1, None, own_strategies=True)
    assert all(t.strategies is None for t in tasks)


@pytest.mark.parametrize("args", [("reflection-bench", "bogus", {}, None), ("visfactor", None, {"mode": "sideways"}, None),
                                  ("visfactor", None, {}, "impossible"), ("kennedy-nowak", None, {"nosuch": 1}, None)])
def test_names_no_member_knows_are_refused(args):
    name, preset, params, difficulty = args
    with pytest.raises(ConfigError) as exc:
        expand_tasks(name, preset, params, 1, difficulty)
    assert "\n" not in str(exc.value)

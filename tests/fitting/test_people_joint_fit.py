"""``fit --per participant`` on stores of people: two people each take two sessions of a
bandit through the study link (the web app's own endpoints, under their platform ids), and
imported people whose file gives one person two sessions. Each person is one participant,
fitted jointly over both sessions, at the minimiser of the summed negative log-likelihood;
the report's "Model fits" shows the people."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest
from scipy.optimize import minimize

from machinepsych.fitting.data import session_data
from machinepsych.storage.export import trials_frame
from machinepsych.tasks.catalog import get_task
from tests.support.cli import main_in_process

pytest.importorskip("fastapi")

TRIALS = 24


def _take(lab, study, pid: str, rng) -> list[int]:
    """One person (platform id ``pid``, a browser of their own) takes every session of their
    slot, answering as a win-stay lose-shift player who slips now and then."""
    from machinepsych.storage import study as studies
    from tests.web.helpers import consent

    browser = lab.browser()
    first = consent(browser, study, f"PROLIFIC_PID={pid}&STUDY_ID=st1&SESSION_ID=se{pid}")
    order = studies.state_of(studies.assignment_for_participant(lab.store, study.id, pid))["order"]
    assert order[0] == first and len(order) == 2
    for sid in order:
        assert browser.get(f"/session/{sid}").status_code == 200
        last, won = None, True
        for t in range(TRIALS):
            options = browser.get(f"/session/{sid}/state").json()["options"]
            stay = last is not None and (won if rng.random() > 0.15 else not won)
            action = last if stay else options[int(rng.integers(len(options)))]
            if last is not None and not stay and action == last:
                action = options[(options.index(last) + 1) % len(options)]
            r = browser.post(f"/session/{sid}/answer", json={"trial": t, "phase": "test", "action": action,
                                                             "rt_ms": 650})
            assert r.status_code == 200, r.text
            last, won = action, bool(r.json().get("correct"))
        assert r.json()["done"] is True
    return order


def _summed_minimiser(model, datas):
    """The minimiser of the sessions' summed NLL (and the model's prior, if any, once): the
    best of a grid over the bounds (one vectorised call), polished by L-BFGS-B."""
    lo, hi = model.bounds[:, 0], model.bounds[:, 1]

    def summed(X):
        return sum(model.nll(X, d) for d in datas) + model.neg_log_prior(X)

    axes = [np.linspace(a, b, 9 if model.k <= 3 else 5) for a, b in zip(lo, hi)]
    grid = np.stack(np.meshgrid(*axes, indexing="ij"), -1).reshape(-1, model.k)
    x0 = grid[int(np.argmin(summed(grid)))]
    return minimize(lambda x: float(summed(x[None])[0]), x0, method="L-BFGS-B", bounds=list(zip(lo, hi)))


def _stored_datas(store, run_id: int, session_ids, spec):
    trials = trials_frame(store, run_id)
    params = {s.id: s.params for s in store.sessions(run_id)}
    return [session_data(spec.fit, trials[trials["session_id"] == sid].sort_values("trial").to_dict("records"),
                         spec.params_from(params[sid])) for sid in session_ids]


def _assert_minimiser(row, model, datas, identified: bool = True):
    """The row's NLL is its sessions' summed NLL at its parameters, and no lower sum is found
    from other starts; its parameters are the minimiser's where the sum identifies them."""
    fitted = np.array([[row[f"param_{p.name}"] for p in model.params]])
    assert row["nll"] == pytest.approx(float(sum(model.nll(fitted, d)[0] for d in datas)), rel=1e-9)
    best = _summed_minimiser(model, datas)
    assert row["nll"] == pytest.approx(float(sum(model.nll(best.x[None], d)[0] for d in datas)), abs=2e-3), (row, best.x)
    if identified:
        assert list(fitted[0]) == pytest.approx(list(best.x), abs=0.03)


def test_two_people_who_each_took_two_sessions_in_the_browser_are_two_participants(tmp_path, monkeypatch, capsys):
    from machinepsych.storage.store import Store
    from tests.web.helpers import Lab

    def cli(*args):
        return main_in_process(*args, "--store", "lab.db", cwd=tmp_path, monkeypatch=monkeypatch, capsys=capsys)

    r = cli("run", "prlt", "--model", "human", "--sessions", "2", "--repeat", "2", "--param", f"trials={TRIALS}",
            "--run-name", "lab", "--no-progress")
    assert r.returncode == 0, r.stderr
    lab = Lab(tmp_path)
    try:
        run = lab.store.get_run("lab")
        study = lab.study(run)
        rng = np.random.default_rng(4)
        taken = {pid: _take(lab, study, pid, rng) for pid in ("P1", "P2")}
    finally:
        lab.close()
    index = {s.id: s.index for s in Store(f"sqlite:///{tmp_path / 'lab.db'}").sessions(run.id)}

    r = cli("fit", "lab", "--per", "participant", "--model", "rw", "--model", "wsls", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    rows = [x for x in out["sessions"] if x["model"] == "rw"]
    assert sorted(x["who"] for x in rows) == ["id P1", "id P2"]  # one participant per person
    for row in rows:
        pid = row["who"].removeprefix("id ")
        assert row["sessions"] == 2 and row["n"] == 2 * TRIALS
        assert sorted(map(int, row["session_indices"].split())) == sorted(index[s] for s in taken[pid])
    assert out["summary"]["prlt | default"]["human"]["n"] == 2  # two participants, not four sessions

    # each person's parameters: the minimiser of the summed NLL of their two stored sessions
    store = Store(f"sqlite:///{tmp_path / 'lab.db'}", create=False)
    spec = get_task("prlt")
    model = spec.fit.model("rw")
    for row in rows:
        _assert_minimiser(row, model, _stored_datas(store, run.id, taken[row["who"].removeprefix("id ")], spec))

    # per session (the default), the four sessions each alone
    r = cli("fit", "lab", "--model", "rw", "--json")
    alone = json.loads(r.stdout)
    assert len(alone["sessions"]) == 4 and "who" not in alone["sessions"][0]

    r = cli("fit", "lab", "--per", "participant", "--model", "rw")
    assert r.returncode == 0 and "winning model per participant" in r.stdout

    # the report's Model fits: every session the two people took, and each person's two
    # sessions fitted jointly beside them; a person named by number, never by platform id (a
    # report may be shared)
    r = cli("report", "lab", "--json")
    assert r.returncode == 0, r.stderr
    fits = json.loads(r.stdout)["fits"]
    assert fits["summary"]["prlt | default"]["human"]["n"] == 4
    shown = {x["session"] for x in fits["sessions"] if x["participant_kind"] == "person"}
    assert shown == {index[s] for order in taken.values() for s in order}
    assert "P1" not in r.stdout and "P2" not in r.stdout
    joint = fits["participants"]
    assert joint["summary"]["prlt | default"]["human"]["n"] == 2  # two people, each over both sessions
    people = {x["who"]: x for x in joint["sessions"] if x["model"] == "rw"}
    assert sorted(people) == ["person 1", "person 2"]
    by_sessions = {x["session_indices"]: x for x in rows}  # fit --per participant's, by platform id
    for row in people.values():
        assert row["sessions"] == 2 and row["participant_kind"] == "person"
        same = by_sessions[row["session_indices"]]  # the same person's fit, under their platform id
        assert row["nll"] == pytest.approx(same["nll"], rel=1e-9) and row["param_alpha"] == same["param_alpha"]
    r = cli("report", "lab", "--out", "rep")
    assert r.returncode == 0 and "Model fits per participant" in r.stdout
    page = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", (tmp_path / "rep" / "index.html").read_text())
    assert "id='fits-participants'" in page and "P1" not in page and "P2" not in page  # (the figures aside)
    r = cli("export", "lab", "--fits", "--per", "participant", "--out", "people.csv")
    assert r.returncode == 0, r.stderr
    exported = (tmp_path / "people.csv").read_text()
    assert "id P1" in exported and "id P2" in exported  # the researcher's own file links fits to people


def test_an_imported_person_with_two_sessions_is_one_participant(tmp_path, monkeypatch, capsys):
    """BrainExplorer's players 1 and 8 played two sessions each (imported as subjects ``1`` and
    ``1-2``), player 2 one: fitted per participant, three participants, 1 and 8 over both of
    their sessions."""
    from machinepsych.storage.store import Store

    three = _three_players(tmp_path)

    def cli(*args):
        return main_in_process(*args, "--store", "s.db", cwd=tmp_path, monkeypatch=monkeypatch, capsys=capsys)

    r = cli("import-people", three, "--format", "cpm-two-step", "--run-name", "brain")
    assert r.returncode == 0 and "Imported 5 people" in r.stdout, r.stdout + r.stderr
    r = cli("fit", "brain", "--per", "participant", "--model", "model-based", "--json")
    assert r.returncode == 0, r.stderr
    rows = {x["who"]: x for x in json.loads(r.stdout)["sessions"]}
    assert {w: x["sessions"] for w, x in rows.items()} == {"human:1": 2, "human:2": 1, "human:8": 2}
    store = Store(str(tmp_path / "s.db"), create=False)
    run = store.get_run("brain")
    by_name = {s.participant_name: s for s in store.sessions(run.id)}
    spec = get_task("twostep-kool")
    model = spec.fit.model("model-based")
    for who in ("human:1", "human:8"):
        mine = [by_name[who], by_name[f"{who}-2"]]
        assert sorted(map(int, rows[who]["session_indices"].split())) == sorted(s.index for s in mine)
        datas = _stored_datas(store, run.id, [s.id for s in mine], spec)
        assert rows[who]["n"] == sum(d.n_choices for d in datas)
        if who == "human:8":  # player 1: test_the_fit_of_player_1_reaches_the_summed_minimum
            _assert_minimiser(rows[who], model, datas)


def _three_players(tmp_path) -> str:
    """BrainExplorer's players 1 and 8 (two sessions each) and 2 (one), as a file."""
    from tests.support.registry import cpm_data

    source = cpm_data("model_based_model_free.csv").read_text().splitlines()
    kept = [source[0], *(line for line in source[1:] if line.split(",", 1)[0] in {"1", "2", "8"})]
    (tmp_path / "three.csv").write_text("\n".join(kept) + "\n")
    return "three.csv"


def test_the_fit_of_player_1_reaches_the_summed_minimum(tmp_path):
    """BrainExplorer's player 1 under model-based: all three seed-0 starts ended at the corner
    alpha = 0, beta = 0 (NLL 102.19, where neither is identified); alpha 1, beta 1.17, p 0.55 gives
    98.33. A fit cornered from every start searches again from a finer grid (fit.py)."""
    from machinepsych.fitting.runs import fit_stored_runs
    from machinepsych.runner.people_import import import_people
    from machinepsych.storage.store import Store

    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    run = import_people(store, tmp_path / _three_players(tmp_path), "cpm-two-step", "brain")
    rows = fit_stored_runs(store, ["brain"], ("model-based",), 0, "participant").rows
    row = rows[rows["who"] == "human:1"].iloc[0].to_dict()
    ids = {s.participant_name: s.id for s in store.sessions(run.id)}
    spec = get_task("twostep-kool")
    _assert_minimiser(row, spec.fit.model("model-based"),
                      _stored_datas(store, run.id, [ids["human:1"], ids["human:1-2"]], spec))

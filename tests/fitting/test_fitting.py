"""Cognitive-model fits: the likelihoods against plain loops written here, the optimiser
against scipy's, recovery of known parameters, the built-in agents classified, and
``machinepsych fit`` on runs of agents, a model (loopback endpoint) and people."""
from __future__ import annotations

import html
import json
import math
import subprocess

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from scipy.optimize import minimize

from machinepsych.fitting.data import ChoiceData, session_data
from machinepsych.fitting.fit import fit_session, fit_sessions, winner
from machinepsych.fitting.models import PVLDelta, RescorlaWagner, SLM, Stack
from machinepsych.fitting.simulate import simulate_session
from machinepsych.core.scoring import step_row
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task
from tests.support.cli import CLI, cli_env


def bandit_data(choices, rewards, K=2):
    T = len(choices)
    return ChoiceData(tuple(range(K)), np.array(choices), np.array(rewards, dtype=float),
                      np.array([r > 0 for r in rewards], dtype=float), np.ones((T, K), dtype=bool))


def test_rw_likelihood_equals_a_plain_loop():
    rng = np.random.default_rng(3)
    choices = rng.integers(0, 2, 60)
    choices[[5, 17]] = -1  # invalid replies: no choice, nothing learnt
    rewards = rng.integers(0, 2, 60).astype(float)
    data = bandit_data(choices, rewards)
    alpha, beta, q0 = 0.37, 4.2, 0.5
    q, nll = [q0, q0], 0.0
    for c, r in zip(choices, rewards):
        if c < 0:
            continue
        e = [math.exp(beta * v) for v in q]
        nll -= math.log(e[c] / sum(e))
        q[c] += alpha * (r - q[c])
    model = RescorlaWagner(q0=q0)
    assert model.nll(np.array([[alpha, beta]]), data)[0] == pytest.approx(nll, rel=1e-12)
    # rows of a batch are independent: the same value in any row, next to other parameters
    batch = model.nll(np.array([[0.1, 1.0], [alpha, beta], [0.9, 20.0]]), data)
    assert batch[1] == pytest.approx(nll, rel=1e-12)


def test_pvl_delta_likelihood_equals_a_plain_loop():
    rng = np.random.default_rng(5)
    T = 50
    choices = rng.integers(0, 4, T)
    net = rng.choice([1.0, -2.5, 0.5, -12.5], T)
    data = ChoiceData(tuple(range(4)), choices, net, (net >= 0).astype(float), np.ones((T, 4), dtype=bool))
    A, a, lam, c = 0.6, 0.3, 1.8, 1.2
    ev, nll, theta = [0.0] * 4, 0.0, 3 ** c - 1
    for ch, x in zip(choices, net):
        e = [math.exp(theta * v) for v in ev]
        nll -= math.log(e[ch] / sum(e))
        u = abs(x) ** A if x >= 0 else -lam * abs(x) ** A
        ev[ch] += a * (u - ev[ch])
    assert PVLDelta().nll(np.array([[A, a, lam, c]]), data)[0] == pytest.approx(nll, rel=1e-10)


def test_slm_likelihood_equals_a_plain_loop():
    spec = get_task("wcst")
    params = spec.resolve()
    steps, _ = play_agent(spec, params, 11, "wsls")
    data = session_data(spec.fit, [step_row(s) for s in steps], params)
    r, p, d = 0.3, 0.2, 2.5
    a, nll = np.full(3, 1 / 3), 0.0
    for t in range(data.n_trials):
        m = data.features[t]
        pull = m @ a ** d  # Bishara et al. (2010): each weight to the power d, summed over matches
        prob = pull / pull.sum() if pull.sum() > 0 else np.full(4, 0.25)
        prob = 0.999 * prob + 0.001 * 0.25
        c = data.choice[t]
        nll -= math.log(prob[c])
        sig = (m[c] if data.win[t] else 1 - m[c]) * a
        sig = sig / sig.sum() if sig.sum() > 0 else a
        rate = r if data.win[t] else p
        a = (1 - rate) * a + rate * sig
    assert SLM().nll(np.array([[r, p, d]]), data)[0] == pytest.approx(nll, rel=1e-10)


def plain_one(m, X, data):
    from machinepsych.fitting import models as fm

    return fm.CognitiveModel.nll(m, X, data)


def test_slm_own_likelihood_equals_the_step_by_step_one_on_a_batch():
    """SLM.nll (what it reads of each trial computed once, attention as (D, R) arrays) gives
    what probs and learn give trial by trial, on sessions of different lengths, with a choice
    that could not be read, options not shown, and parameters at their bounds (where attention
    on a dimension underflows and the normalisations meet their floor)."""
    from machinepsych.fitting import models as fm

    datas = []
    for test, seed in (("wcst", 3), ("wcst-128", 4), ("wcst-reflection", 5)):
        spec = get_task(test)
        params = spec.resolve()
        steps, _ = play_agent(spec, params, seed, "wsls")
        datas.append(session_data(spec.fit, [step_row(s) for s in steps], params))
    datas[0].choice[5] = -1
    datas[0].shown[7:12, 1] = False
    m = SLM()
    rng = np.random.default_rng(2)
    X = m.bounds[:, 0] + (m.bounds[:, 1] - m.bounds[:, 0]) * rng.random((60, 3))
    X[:4] = [[1.0, 0.0, 5.0], [0.0, 1.0, 0.01], [1.0, 1.0, 5.0], [0.97, 0.9, 4.8]]
    stack = Stack(datas, np.full(3, 20))
    fast = m.nll(X, stack)
    plain = fm.CognitiveModel.nll(m, X, Stack(datas, np.full(3, 20)))
    assert fast == pytest.approx(plain, rel=1e-12)
    # a stack gathered from another (as a joint fit reads it) gives the same, whether each
    # session is read by a block of rows in a row (read once, broadcast) or by rows apart
    assert m.nll(X[::-1], stack.take(np.arange(60)[::-1])) == pytest.approx(fast[::-1], rel=1e-12)
    assert m.nll(X, Stack(datas).take(np.repeat([0, 1, 2], 20))) == pytest.approx(fast, rel=1e-12)
    assert m.nll(X[:20], Stack(datas).take(np.repeat(1, 20))) == pytest.approx(plain_one(m, X[:20], datas[1]), rel=1e-12)


def _nll_and_difference_gradient(m, data, hi, h: float = 1e-8):
    """The objective (the NLL, plus minus the log prior where the model has one) and its
    forward-difference gradient (scipy's default for L-BFGS-B: step 1e-8, backward at an upper
    bound) at ``x``, its k + 1 points in one call of the model's batched NLL instead of k + 1 calls."""
    def fg(x):
        step = np.where(x + h <= hi, h, -h)
        f = m.objective(np.vstack([x, x + np.diag(step)]), data)
        return float(f[0]), (f[1:] - f[0]) / step
    return fg


@pytest.mark.parametrize("test,model", [("prlt", "rw"), ("prlt", "rw-pn"), ("wcst", "slm"), ("dcigt", "pvl-delta"),
                                        ("wpt", "rw-cue")])
def test_optimum_matches_scipy_from_many_starts(test, model):
    """Our batched Newton reaches the optimum scipy's L-BFGS-B finds from ten starts."""
    spec = get_task(test)
    params = spec.resolve()
    m = spec.fit.model(model)
    rng = np.random.default_rng(1)
    theta = np.array([np.mean(p.plausible) for p in m.params])
    datas = [simulate_session(spec, params, m, theta, seed, rng)[0] for seed in (1, 2)]
    ours = fit_sessions(m, datas)
    for data, fit in zip(datas, ours):
        best = math.inf
        lo, hi = m.bounds[:, 0], m.bounds[:, 1]
        for x0 in lo + (hi - lo) * np.random.default_rng(7).random((10, m.k)):
            res = minimize(_nll_and_difference_gradient(m, data, hi), x0, jac=True, method="L-BFGS-B",
                           bounds=list(zip(lo, hi)))
            best = min(best, res.fun)
        reached = fit.nll + fit.extra.get("neg_log_prior", 0.0)
        assert reached <= best + 1e-3, (reached, best)


def test_known_parameters_are_recovered_on_a_long_session():
    spec = get_task("prlt")
    params = spec.resolve(overrides={"trials": 600})
    m = spec.fit.model("rw")
    rng = np.random.default_rng(2)
    data, _ = simulate_session(spec, params, m, np.array([0.3, 5.0]), 4, rng)
    fit = fit_session(m, data)
    assert fit.params["alpha"] == pytest.approx(0.3, abs=0.12)
    assert fit.params["beta"] == pytest.approx(5.0, abs=1.5)
    assert fit.se["alpha"] is not None and 0 < fit.se["alpha"] < 0.2
    assert fit.pseudo_r2 > 0.1 and fit.bic == pytest.approx(2 * fit.nll + 2 * math.log(fit.n))


@pytest.mark.parametrize("test,agent,expected", [("prlt", "wsls", "wsls"), ("prlt", "random", "random"),
                                                 ("wcst", "wsls", "rule-wsls"), ("wcst", "perseverative", "rule-persev"),
                                                 ("wcst", "random", "random")])
def test_built_in_agents_are_classified_as_what_they_are(test, agent, expected):
    spec = get_task(test)
    params = spec.resolve()
    datas = [session_data(spec.fit, [step_row(s) for s in play_agent(spec, params, seed, agent)[0]], params)
             for seed in range(8)]
    fits = {m.name: fit_sessions(m, datas) for m in spec.fit.models}
    won = [winner([fits[m.name][i] for m in spec.fit.models]) for i in range(len(datas))]
    assert sum(w == expected for w in won) >= 7, won


def run_cli(*args, cwd):
    return subprocess.run([*CLI, *args], cwd=cwd, env=cli_env(), capture_output=True, text=True, timeout=600)


def test_fit_command_on_a_run_of_agents_and_in_the_report(tmp_path, cli_in_process):
    # the fit command as a user runs it, in a subprocess; the run, the export and the reports
    # around it in this process (a Python start less each)
    in_process = cli_in_process
    r = in_process("run", "prlt", "--model", "agent:wsls", "--model", "agent:random", "--sessions", "4",
                   "--param", "trials=40", "--run-name", "agents", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = run_cli("fit", "agents", "--store", "s.db", "--json", "--out", "fits", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["summary"]["prlt"]["agent:wsls"]["winners"]["wsls"] == 1.0
    assert len(out["sessions"]) == 8 * len(get_task("prlt").fit.models)
    assert (tmp_path / "fits" / "fits.csv").read_text().startswith("run,session,task,condition")
    r = in_process("export", "agents", "--fits", "--format", "jsonl", "--out", "fits.jsonl", "--store", "s.db",
                   cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    exported = [json.loads(line) for line in (tmp_path / "fits.jsonl").read_text().splitlines()]
    assert len(exported) == len(out["sessions"]) and {"model", "nll", "bic", "param_alpha"} <= set(exported[0]) | {
        k for e in exported for k in e}
    r = in_process("report", "agents", "--store", "s.db", "--json", cwd=tmp_path)
    assert json.loads(r.stdout)["fits"]["summary"]["prlt"]["agent:wsls"]["n"] == 4
    r = in_process("report", "agents", "--store", "s.db", "--out", "rep", cwd=tmp_path)
    assert r.returncode == 0 and "Model fits" in r.stdout
    assert "<section id='fits'>" in (tmp_path / "rep" / "index.html").read_text()


def test_fit_command_bad_input_is_one_line(tmp_path, cli_in_process):
    # the console script's function in this process (the fit command itself runs as a
    # subprocess in test_fit_command_on_a_run_of_agents_and_in_the_report)
    run_cli = cli_in_process

    r = run_cli("run", "lnt", "--model", "agent:random", "--sessions", "1", "--run-name", "lnt", "--store", "s.db",
                cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = run_cli("run", "prlt", "--model", "agent:random", "--sessions", "1", "--param", "trials=6", "--run-name",
                "short", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    cases = [(("fit", "lnt"), "declares cognitive models"), (("fit", "nope"), "nope"),
             (("fit", "short", "--model", "bogus"), "--model 'bogus'"),
             (("fit", "--recover", "lnt"), "declares no cognitive models"),
             (("fit", "--recover", "prlt", "--param", "trials=-3"), "trials"),
             (("fit", "short", "--param", "trials=3"), "--param goes with --recover"),
             (("fit", "short", "--seed", "-1"), "--seed"),
             (("fit", "--recover", "prlt", "--n", "0"), "--n"),
             (("fit", "--recover", "prlt", "--longer", "0"), "--longer")]
    for args, said in cases:
        r = run_cli(*args, "--store", "s.db", cwd=tmp_path)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and said in lines[0], (args, r.stderr)
    r = run_cli("fit", "short", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 2 and "6 readable choices" in r.stderr  # skipped and said
    assert "run longer sessions (--param trials=...)" in r.stderr
    # the fix named is the test's own length parameter (wcst's is n_trials)
    r = run_cli("run", "wcst", "--model", "agent:random", "--sessions", "1", "--param", "n_trials=4", "--run-name",
                "shortw", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = run_cli("fit", "shortw", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 2 and "run longer sessions (--param n_trials=...)" in r.stderr, r.stderr


def test_parameter_intervals_are_cut_to_the_bounds_and_marked(capsys):
    from rich.console import Console

    from machinepsych.cli.fit import CUT_NOTE, print_fit_tables
    from machinepsych.fitting.runs import summarise

    model = get_task("prlt").fit.model("wsls")
    eps = [0.99, 0.97, 1.0, 0.85, 1.0]  # a mean near the upper bound: the t interval passes 1
    frame = pd.DataFrame({"task": "prlt", "condition": "c", "run": "r", "session": range(5), "model": "wsls",
                          "best": True, "param_epsilon": eps, "pseudo_r2": [-0.2, -0.1, -0.3, 0.1, -0.2]})
    summary = summarise(frame, [model])
    cell = summary["prlt"]["c"]["params"]["wsls"]["epsilon"]
    low, high = stats.t.interval(0.95, 4, loc=np.mean(eps), scale=stats.sem(eps))
    assert high > 1 and cell["hi"] == 1.0 and cell["lo"] == pytest.approx(low) and cell["cut"] is True
    console = Console(width=200, record=True)
    print_fit_tables({"summary": summary, "models": {"prlt": [model.describe()]}}, console)
    text = console.export_text()
    assert f"[{low:.2f}, 1.00]*" in text and CUT_NOTE in text
    assert "pseudo-R2 below 0: the model predicts these choices worse than the random model" in text
    from machinepsych.fitting.report import _fit_tables_html

    page = "".join(_fit_tables_html({"summary": summary, "models": {"prlt": [model.describe()]}}, "session", "sessions"))
    # the figure has no "*": its caption names the parameter and condition instead
    assert html.escape("wsls: interval cut to the parameter's bounds: epsilon (c)") in page and "pseudo-R2 below 0" in page
    assert CUT_NOTE not in page


def test_a_parameter_at_its_bound_is_marked_and_float_noise_is_no_negative_pseudo_r2():
    # before: "beta 30.00 [30.00, 30.00]" unmarked, and "pseudo-R2 below 0" listed a condition at -0.00
    from rich.console import Console

    from machinepsych.cli.fit import BOUND_NOTE, print_fit_tables
    from machinepsych.fitting.report import _fit_tables_html
    from machinepsych.fitting.runs import summarise

    model = get_task("prlt").fit.model("rw")
    high = next(p.high for p in model.params if p.name == "beta")
    frame = pd.DataFrame({"task": "prlt", "condition": "agent:wsls", "run": "r", "session": range(3), "model": "rw",
                          "best": True, "param_alpha": [1.0, 1.0, 1.0], "param_beta": [high] * 3,
                          "pseudo_r2": [-9e-16, 0.0, 0.0]})
    summary = summarise(frame, [model])
    console = Console(width=200, record=True)
    print_fit_tables({"summary": summary, "models": {"prlt": [model.describe()]}}, console)
    text = console.export_text()
    assert f"{high:.2f} [{high:.2f}, {high:.2f}]^" in text and BOUND_NOTE in text
    assert "pseudo-R2 below 0" not in text and "-0.00" not in text
    page = "".join(_fit_tables_html({"summary": summary, "models": {"prlt": [model.describe()]}}, "session", "sessions"))
    assert "fitted at the parameter&#x27;s bound: alpha (agent:wsls); beta (agent:wsls)" in page


def test_fit_on_a_model_run_through_a_loopback_endpoint(tmp_path, cli_in_process, no_api_keys):
    from tests.support.fake_openai import FakeOpenAIServer

    run_cli = cli_in_process  # in this process: the fit command's own process is tested above

    def reply(messages, n_options=4):
        return "left arm" if len(messages) % 3 else "right arm"

    with FakeOpenAIServer(reply=reply) as srv:
        r = run_cli("run", "prlt", "--model", "openai:fake-model", "--base-url", srv.base_url, "--sessions", "2",
                    "--param", "trials=20", "--run-name", "m", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = run_cli("fit", "m", "--store", "s.db", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["summary"]["prlt"]["openai:fake-model | direct"]["n"] == 2


def test_fit_on_people_who_took_the_test_in_the_browser(tmp_path, cli_in_process):
    from fastapi.testclient import TestClient

    from machinepsych.runner.plan import TaskRun
    from machinepsych.storage.store import Store
    from machinepsych.web.app import create_app
    from tests.web.helpers import ADMIN, human_run, lab_url

    url = f"sqlite:///{tmp_path / 'p.db'}"
    store = Store(url)
    run = human_run(store, [TaskRun(task="prlt", sessions=2, params={"trials": 20})], "people")
    app = create_app(url, admin_token=ADMIN)
    with TestClient(app, follow_redirects=True) as client:
        for s in store.sessions(run.id):
            client.get(lab_url(client, s.id))
            last = ("right", 1)
            for i in range(s.n_trials):  # a person who plays win-stay lose-shift
                arm = last[0] if last[1] else ("left" if last[0] == "right" else "right")
                d = client.post(f"/session/{s.id}/answer", json={"trial": i, "action": arm, "rt_ms": 600}).json()
                last = (arm, int("reward for your last choice was 1" in d["feedback"]))
    app.state.store.close()
    store.close()
    r = cli_in_process("fit", "people", "--store", str(tmp_path / "p.db"), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    sessions = json.loads(r.stdout)["sessions"]
    assert {s["participant_kind"] for s in sessions} == {"person"} and len({s["session"] for s in sessions}) == 2


def test_recover_command_prints_recovery_and_confusion(tmp_path, cli_in_process):
    r = cli_in_process("fit", "--recover", "prlt", "--n", "6", "--longer", "2", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    design = out["design"]
    assert set(design["confusion"]) == {m.name for m in get_task("prlt").fit.models}
    assert design["parameters"]["rw"]["alpha"]["kind"] == "learning rate"
    assert set(design["agents"]) == {"random", "wsls"}
    # an agent is classified by family: agent:random's sessions won by random-bias count as random
    models = get_task("prlt").fit
    assert models.model("random-bias").family == "random" and models.model("rw-pn").family == "rw"
    assert models.model("wsls").family == "wsls"
    for v in design["agents"].values():
        by_family = sum(s for m, s in v["won"].items() if models.model(m).family == v["family"])
        assert v["share"] == pytest.approx(by_family) and v["share"] >= v["won"][v["expected"]]
    for m, share in design["by_family"].items():
        assert share >= design["confusion"][m][m]
    # a learning rate not recovered at 40 trials (r's 95% lower bound below 0.8, the bar of every
    # design) was tried at 80, and said either way
    weak = [f"{m}.{p}" for m, ps in design["parameters"].items() for p, v in ps.items()
            if v["kind"] == "learning rate" and (v["lo"] is None or v["lo"] < 0.8)]
    assert set(out["needs"]) == set(weak)
    assert all(v in (None, 80) for v in out["needs"].values())
    assert [d["length"] for d in out["longer"]] == ([80] if weak else [])


def test_stack_pads_sessions_of_different_lengths():
    a = bandit_data([0, 1, 1], [1, 0, 1])
    b = bandit_data([1, 0], [0, 0])
    st = Stack([a, b], np.array([2, 1]))
    assert st.choice.tolist() == [[0, 1, 1], [0, 1, 1], [1, 0, -1]]
    m = RescorlaWagner()
    both = m.nll(np.array([[0.5, 2.0], [0.2, 1.0], [0.5, 2.0]]), st)
    assert both[0] == pytest.approx(m.nll(np.array([[0.5, 2.0]]), a)[0])
    assert both[2] == pytest.approx(m.nll(np.array([[0.5, 2.0]]), b)[0])


def test_single_rule_sorting_declares_only_the_models_it_can_tell_apart(capsys):
    from machinepsych.cli.fit import _say_not_identifiable
    from machinepsych.core.errors import ConfigError
    from machinepsych.fitting.runs import check_models

    shape = get_task("wcst-shape").fit
    assert [m.name for m in shape.models] == ["random", "random-bias", "rule-wsls"]
    assert dict(shape.agents) == {"random": "random", "wsls": "rule-wsls"}
    with pytest.raises(ConfigError, match="one rule throughout"):
        shape.model("slm")
    with pytest.raises(ConfigError, match=r"wcst-shape: one rule throughout.*choose from"):
        check_models([get_task("wcst-shape")], ["rule-persev"])
    check_models([get_task("wcst-shape"), get_task("wcst")], ["slm"])  # a model of one of the tests
    assert {m.name for m in get_task("wcst-kennedy").fit.models} >= {"rule-persev", "slm"}
    _say_not_identifiable(["wcst-shape", "wcst"])  # what fit prints beside the fits
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and err[0].startswith("wcst-shape: rule-persev not fitted (one rule throughout")


def test_longer_designs_double_up_to_the_factor_and_stop_at_the_longest_allowed():
    from machinepsych.fitting.recover import _longer_lengths, _longest

    assert _longer_lengths(25, 320, 8) == [50, 100, 200]
    assert _longer_lengths(100, 320, 8) == [200, 320]  # the longest the test allows, once
    assert _longer_lengths(72, 90, 8) == [90] and _longer_lengths(90, 90, 8) == []
    assert _longer_lengths(40, None, 1) == []
    assert _longest(get_task("wcst-reflection")) == 90 and _longest(get_task("wcst-128")) == 128


def test_slm_is_fitted_by_maximum_a_posteriori_and_reports_the_likelihood_alone():
    """Without its prior the SLM's likelihood puts the reward rate r at its bound 1 on sessions
    with no error after "correct" (here 5 of 10 consistent sessions of wcst-kennedy); the
    Beta(2, 2) prior keeps r inside. The fit's NLL (so AIC and BIC) is the likelihood alone."""
    class MaximumLikelihoodSLM(SLM):
        prior = ""

        def neg_log_prior(self, theta):
            return np.zeros(np.atleast_2d(theta).shape[0])

    spec = get_task("wcst-kennedy")
    params = spec.resolve()
    rng = np.random.default_rng(5)
    datas = [simulate_session(spec, params, SLM(), np.array([0.3, 0.3, 3.5]), s, rng)[0] for s in range(10)]
    ml, map_ = fit_sessions(MaximumLikelihoodSLM(), datas), fit_sessions(SLM(), datas)
    assert sum(f.params["r"] > 0.95 for f in ml) >= 3
    assert all(f.params["r"] < 0.9 for f in map_)
    for f, data in zip(map_, datas):
        theta = np.array([[f.params[k] for k in ("r", "p", "d")]])
        assert f.nll == pytest.approx(SLM().nll(theta, data)[0], rel=1e-9)
        assert f.extra["neg_log_prior"] == pytest.approx(SLM().neg_log_prior(theta)[0], rel=1e-9)
        assert f.aic == pytest.approx(2 * f.nll + 6)
    # the prior costs likelihood: each MAP fit's NLL is at least the ML fit's
    assert all(b.nll >= a.nll - 1e-6 for a, b in zip(ml, map_))


def test_model_of_one_runs_test_is_fitted_across_runs(tmp_path, cli_in_process):
    # --model is checked against the tests of all the runs together: rw (a bandit model) fits
    # the prlt run, and the wcst run, which declares neither rw nor wsls, is left out in one line
    for test, name in (("wcst", "w"), ("prlt", "p")):
        r = cli_in_process("run", test, "--model", "agent:wsls", "--sessions", "2", "--run-name", name,
                           "--store", "s.db", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
    r = cli_in_process("fit", "w", "p", "--model", "rw", "--store", "s.db", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {(s["task"], s["model"]) for s in out["sessions"]} == {("prlt", "rw")}
    assert list(out["left_out"]) == ["wcst"] and "declares none of --model rw" in out["left_out"]["wcst"]
    assert [ln for ln in r.stderr.splitlines() if ln.startswith("wcst:")] == [out["left_out"]["wcst"]]
    # one name of each test: each test fitted with the one it declares
    r = cli_in_process("fit", "w", "p", "--model", "rw", "--model", "slm", "--store", "s.db", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {(s["task"], s["model"]) for s in out["sessions"]} == {("prlt", "rw"), ("wcst", "slm")}
    assert out["left_out"] == {}
    # a name no run's test declares is still one line
    r = cli_in_process("fit", "w", "p", "--model", "bogus", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 2 and "--model 'bogus'" in r.stderr


def test_fit_of_a_run_with_no_complete_session_says_so(tmp_path, cli_in_process):
    # before: "no test of these runs declares cognitive models; tests with models: ... wcst ..."
    from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
    from machinepsych.runner.run import create_run
    from machinepsych.storage.store import Store

    store = Store(tmp_path / "s.db")
    create_run(store, RunSpec(tasks=[TaskRun(task="wcst", sessions=2)], participants=[ParticipantSpec(ref="agent:wsls")],
                              name="dead"))
    for s in store.sessions(store.get_run("dead").id):
        store.set_session_status(s.id, "failed")
    store.close()
    r = cli_in_process("fit", "dead", "--store", str(tmp_path / "s.db"), cwd=tmp_path)
    assert r.returncode == 2 and "Run dead has no complete sessions yet" in r.stderr
    assert "declares cognitive models" not in r.stderr

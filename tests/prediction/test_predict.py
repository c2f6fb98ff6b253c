"""``machinepsych predict`` against a recording endpoint with fixed log-probabilities: the stored
probabilities give exactly the expected NLL, the model is sent message for message what a
model taking the test would have been sent had it chosen what the person chose, bad inputs
are refused in one line before any call, and a killed prediction resumes without sending any
trial twice."""
from __future__ import annotations

import json
import math
import subprocess
import time

import pytest
from typer.testing import CliRunner

from machinepsych.analysis.prediction import prediction_report
from machinepsych.cli import app
from machinepsych.core.errors import ConfigError
from machinepsych.runner.people_import import import_people
from machinepsych.storage.store import Store
from tests.prediction.people import igt_people_csv
from tests.support.cli import CLI, cli_env
from tests.support.fake_openai import FakeOpenAIServer

# the top tokens at the answer of every reply (the model always writes "A")
TOP = {"A": -0.4, "B": -1.3, "C": -2.1, "D": -2.9, "The": -3.5}


class FixedLogprobs(FakeOpenAIServer):
    """Replies "A" with fixed log-probabilities of the four decks (and one other token)."""

    def chat_payload(self, body):
        out = super().chat_payload(body)
        out["choices"][0]["message"]["content"] = "A"
        if body.get("logprobs"):
            top = [{"token": t, "logprob": lp} for t, lp in TOP.items()]
            out["choices"][0]["logprobs"] = {"content": [{"token": "A", "logprob": TOP["A"], "top_logprobs": top}]}
        return out


@pytest.fixture()
def people(tmp_path):
    db = tmp_path / "s.db"
    csv = igt_people_csv(tmp_path / "igt.csv", people=3, trials=12)
    store = Store(db)
    import_people(store, csv, "generic", "people")
    store.close()
    return db, csv


@pytest.fixture
def predict(cli_in_process, monkeypatch, tmp_path, no_api_keys):
    """``predict(db, url, *extra)``: ``machinepsych predict`` in this process, 200 columns wide, no
    provider key in the environment (a true process is killed in the resume test below)."""
    monkeypatch.setenv("COLUMNS", "200")

    def run(db, url, *extra):
        return cli_in_process("predict", "people", "-m", "openai:fake-model", "--base-url", url, "--store", str(db),
                              "--no-progress", *extra, cwd=tmp_path)

    return run


def test_fixed_logprobs_give_exactly_the_expected_nll(people, predict):
    db, csv = people
    with FixedLogprobs() as srv:
        r = predict(db, srv.base_url, "--run-name", "pred")
        calls = srv.count
    assert r.returncode == 0, r.stderr
    assert "pseudo-R2" in r.stdout and "leave-one-person-out" in r.stdout
    legal = {d: math.exp(TOP[d]) for d in "ABCD"}
    total = sum(legal.values())
    choices = [line.split(",")[3] for line in csv.read_text().splitlines()[1:]]
    expected = sum(-math.log(legal[c] / total) for c in choices)
    store = Store(db)
    data = prediction_report(store, store.get_run("pred"))
    igt = data["tests"]["igt"]
    model = igt["predictors"][0]
    assert calls == 1 + len(choices)  # the probe, then one call per choice
    assert igt["choices"] == igt["predicted"] == len(choices) == model["trials"]
    assert model["nll"] == pytest.approx(expected, abs=1e-9)
    assert model["pseudo_r2"] == pytest.approx(1 - expected / (len(choices) * math.log(4)), abs=1e-12)
    assert model["accuracy"] == pytest.approx(choices.count("A") / len(choices))
    rand = igt["predictors"][1]
    assert rand["predictor"] == "random" and rand["nll"] == pytest.approx(len(choices) * math.log(4))
    assert rand["pseudo_r2"] == pytest.approx(0.0, abs=1e-12)
    cognitive = [p for p in igt["predictors"] if p["kind"] == "cognitive"]
    assert cognitive and all(p["trials"] == len(choices) for p in cognitive)
    agents = [p for p in igt["predictors"] if p["kind"] == "agent" and p["predictor"] != "random"]
    assert [p["predictor"] for p in agents] == ["agent:wsls"] and agents[0]["trials"] == len(choices)
    assert agents[0]["nll"] == pytest.approx(wsls_nll(csv), abs=1e-9)
    assert len(igt["people"]) == 3
    assert_whole_at(data, 80)
    store.close()
    shown = CliRunner().invoke(app, ["report", "pred", "--json", "--store", str(db)])
    assert shown.exit_code == 0, shown.output
    got = json.loads(shown.output)
    assert got["kind"] == "prediction" and got["prediction"]["tests"]["igt"]["predictors"][0]["nll"] == \
        pytest.approx(expected, abs=1e-9)
    page = CliRunner().invoke(app, ["report", "pred", "--store", str(db), "--out", str(db.parent / "rep")])
    assert page.exit_code == 0, page.output
    text = (db.parent / "rep" / "index.html").read_text()
    assert "<svg" in text and "leave-one-person-out" in text
    # with the people run it predicts: the people's report, and the prediction's tables, JSON and figure
    both = CliRunner().invoke(app, ["report", "people", "pred", "--json", "--store", str(db)])
    assert both.exit_code == 0, both.output
    got = json.loads(both.output)
    assert got["run"] == "people" and [p["run"] for p in got["prediction"]] == ["pred"]
    assert got["prediction"][0]["tests"]["igt"]["predictors"][0]["nll"] == pytest.approx(expected, abs=1e-9)
    page = CliRunner().invoke(app, ["report", "people", "pred", "--store", str(db), "--out", str(db.parent / "both")])
    assert page.exit_code == 0, page.output
    assert "agent:wsls" in page.output and "pseudo-R2" in page.output
    text = (db.parent / "both" / "index.html").read_text()
    section = text[text.index("<section id='prediction'>"):]
    assert "<svg" in section and "agent:wsls" in section and "leave-one-person-out" in section
    res = CliRunner().invoke(app, ["fit", "pred", "--store", str(db)])  # not what a prediction run is for: one line
    assert isinstance(res.exception, ConfigError) and "is a prediction run" in str(res.exception)
    from machinepsych.runner.predict import check_reported_with

    store = Store(db)
    pred = store.get_run("pred")
    assert [r.name for r in check_reported_with([store.get_run("people"), pred], [pred])] == ["people"]
    with pytest.raises(ConfigError, match="report people pred"):  # given without the people it predicts
        check_reported_with([pred, store.get_run("pred")], [pred])
    store.close()


def wsls_nll(csv) -> float:
    """The NLL of win-stay lose-shift with a lapse of 0.05 on the people of ``csv``, by its rule:
    uniform first; after a card with no net loss the same deck 0.95 + 0.0125; after a net loss
    each other deck 0.95 / 3 + 0.0125; any other deck 0.0125."""
    total, last = 0.0, {}
    for line in csv.read_text().splitlines()[1:]:
        _, who, _, deck, gain, loss = line.split(",")
        if who not in last:
            p = 0.25
        else:
            prev, won = last[who]
            p = (0.9625 if deck == prev else 0.0125) if won else (0.0125 if deck == prev else 0.95 / 3 + 0.0125)
        total -= math.log(p)
        last[who] = (deck, float(gain) - float(loss) >= 0)
    return total


def assert_whole_at(data, width: int) -> None:
    """The terminal tables at ``width`` columns: no line wider, nothing cut, every predictor
    named whole (in the table or its legend) with its NLL per trial."""
    import io

    from rich.console import Console

    from machinepsych.analysis.prediction import print_prediction

    buf = io.StringIO()
    print_prediction(data, Console(file=buf, width=width))
    text = buf.getvalue()
    assert all(len(line) <= width for line in text.splitlines()), text
    assert "…" not in text
    for r in data["tests"]["igt"]["predictors"]:
        assert r["predictor"] in text and f"{r['nll_per_trial']:.3f}" in text, r["predictor"]


class PersonsChoices(FakeOpenAIServer):
    """Answers trial i (the i-th user message of the request) with the reply ``choices[i]``."""

    choices: list = []

    def chat_payload(self, body):
        out = super().chat_payload(body)
        n = sum(m["role"] == "user" for m in body["messages"])
        out["choices"][0]["message"]["content"] = self.choices[n - 1]
        return out


def test_the_model_is_sent_what_a_model_that_chose_as_the_person_did_was_sent(people, predict):
    """A model run on the person's own session (same parameters and seed) whose model answers
    each trial as the person did receives, request for request and message for message, what
    the prediction sends."""
    db, csv = people
    choices = [line.split(",")[3] for line in csv.read_text().splitlines()[1:] if line.split(",")[1] == "p1"]
    store = Store(db)
    person = next(s for s in store.sessions(store.get_run("people").id) if s.participant_name == "human:p1")
    with FixedLogprobs() as srv:
        r = predict(db, srv.base_url, "--run-name", "pred")
        assert r.returncode == 0, r.stderr
        predicted = [b["messages"] for b in srv.bodies[1:]]  # the probe first
    assert_lived_as_predicted(store, person, choices, predicted, store.sessions(store.get_run("pred").id)[1])
    store.close()


def assert_lived_as_predicted(store, person, choices, predicted, pred_session) -> None:
    """A model run on ``person``'s session (same test, parameters and seed) whose model
    answers each trial as the person did received what the prediction sent: each request as
    sent on the wire is among the prediction's (``predicted``), and the stored requests of
    the two sessions are equal message for message."""
    from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
    from machinepsych.runner.run import create_run, run_sync
    from machinepsych.storage.export import request_messages

    from machinepsych.tasks.catalog import get_task

    PersonsChoices.choices = [get_task(person.task_id, person.task_version).answer.format(c) for c in choices]
    with PersonsChoices() as srv:
        spec = RunSpec(tasks=[TaskRun(task=person.task_id, preset=person.preset, params=person.params, sessions=1)],
                       participants=[ParticipantSpec(ref="openai:fake-model", base_url=srv.base_url)],
                       seed=person.seed, name="as-the-person")
        create_run(store, spec)
        stats = run_sync(store, "as-the-person", progress=False)
        assert stats.sessions_failed == 0, stats.failures
        lived = [b["messages"] for b in srv.bodies]
    lived_session = store.sessions(store.get_run("as-the-person").id)[0]
    assert len(lived) == len(choices) == pred_session.n_trials
    for i, sent in enumerate(lived):  # what the endpoint received, as sent on the wire
        assert sent in predicted, f"trial {i}"
    for i in range(len(choices)):  # the stored requests of the two sessions, message for message
        assert request_messages(store, pred_session.id, i) == request_messages(store, lived_session.id, i), f"trial {i}"
    assert [t.action for t in store.trials(lived_session.id)] == choices
    assert pred_session.instructions == lived_session.instructions


def browser_study(tmp_path, task: str, choosers, trials: int = 6) -> list[tuple[int, list]]:
    """People taking ``task`` in the browser (the web app), one per chooser: ``chooser(options,
    trial)`` is what that person clicks. Their (session id, choices)."""
    from machinepsych.runner.plan import TaskRun
    from tests.web.helpers import Lab, consent, human_run

    lab = Lab(tmp_path)
    out = []
    try:
        run = human_run(lab.store, [TaskRun(task=task, params={"trials": trials}, sessions=len(choosers))], "people")
        study = lab.study(run)
        for p, chooser in enumerate(choosers):
            browser = lab.browser()
            sid = consent(browser, study, f"PROLIFIC_PID=p{p + 1}")
            choices = []
            for i in range(trials):
                choices.append(chooser(browser.get(f"/session/{sid}/state").json()["options"], i))
                r = browser.post(f"/session/{sid}/answer", json={"trial": i, "phase": "test", "action": choices[-1],
                                                                 "rt_ms": 800})
                assert r.status_code == 200, r.text
            out.append((sid, choices))
    finally:
        lab.close()
    return out


def test_a_browser_study_session_is_replayed_as_the_person_lived_it(tmp_path, predict):
    """A person takes a bandit in the browser (the web app); the prediction sends the model
    what a model choosing as that person did would have been sent."""
    # right, left, left, right, ... as a person clicks
    ((sid, choices),) = browser_study(tmp_path, "prlt", [lambda options, i: options[i % 3 == 0]])
    db = tmp_path / "lab.db"
    with FixedLogprobs() as srv:
        r = predict(db, srv.base_url, "--run-name", "pred")
        assert r.returncode == 0, r.stderr
        predicted = [b["messages"] for b in srv.bodies[1:]]
    store = Store(db)
    person = store.session_rows([sid])[0]
    assert person.status == "complete" and [t.action for t in store.trials(sid)] == choices
    assert_lived_as_predicted(store, person, choices, predicted, store.sessions(store.get_run("pred").id)[0])
    store.close()


def test_people_of_a_browser_study_who_share_a_name_are_told_apart(tmp_path, predict):
    """A browser study's people are all participant "human": each is one person of the
    prediction (the measures per person, the cognitive models left out one at a time)."""
    browser_study(tmp_path, "igt", [lambda options, i: options[2 * (i % 3 == 0)],
                                    lambda options, i: options[2 * (i < 3)]])
    db = tmp_path / "lab.db"
    with FixedLogprobs() as srv:
        r = predict(db, srv.base_url, "--run-name", "pred")
        assert r.returncode == 0, r.stderr
    store = Store(db)
    table = prediction_report(store, store.get_run("pred"))["tests"]["igt"]
    store.close()
    assert table["choices"] == 12 and table["predicted"] == 12
    people = [p["person"] for p in table["people"]]
    assert len(people) == 2 and len(set(people)) == 2 and all(p.startswith("human #") for p in people)
    rows = {r["predictor"]: r for r in table["predictors"]}
    assert rows["random"]["trials"] == 12 and any(k.endswith("(leave-one-person-out)") for k in rows)


def _one_line(r) -> str:
    lines = [ln for ln in r.stderr.strip().splitlines() if ln.strip()]
    assert r.returncode == 2 and len(lines) == 1, (r.returncode, r.stderr)
    return lines[0]


def test_a_run_without_people_is_refused_in_one_line_before_any_call(tmp_path, predict):
    from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
    from machinepsych.runner.run import create_run, run_sync

    db = tmp_path / "a.db"
    store = Store(db)
    create_run(store, RunSpec(tasks=[TaskRun(task="igt", sessions=1)], participants=[ParticipantSpec(ref="agent:random")],
                              name="people"))
    run_sync(store, "people", progress=False)
    store.close()
    with FixedLogprobs() as srv:
        r = predict(db, srv.base_url)
        assert srv.count == 0
    assert "no complete people sessions" in _one_line(r)


def test_a_provider_without_log_probabilities_is_refused_in_one_line(people, monkeypatch, predict):
    db, _ = people
    r = subprocess.run([*CLI, "predict", "people", "-m", "anthropic:claude-x", "--store", str(db), "--no-progress"],
                       capture_output=True, text=True, env={**cli_env(), "ANTHROPIC_API_KEY": "sk-ant-test-0000"},
                       timeout=120)
    # each line names a fix predict takes (it has no --choice-probs to drop: probe 13)
    assert "log-probabilities" in _one_line(r) and "give predict a model at an endpoint" in _one_line(r)
    assert "--choice-probs" not in _one_line(r)
    with FakeOpenAIServer() as srv:  # answers, never with log-probabilities: refused by the probe
        plain = predict(db, srv.base_url, "--run-name", "never")
        assert srv.count == 1
    assert "returned no log-probabilities" in _one_line(plain) and "--choice-probs" not in _one_line(plain)
    assert _one_line(plain).endswith("give predict a model at an endpoint that returns them "
                                     "(-m openai:, vllm:, llamacpp:, ollama: NAME with --base-url)")
    store = Store(db)
    assert [r.name for r in store.list_runs()] == ["people"]  # nothing created
    store.close()


def test_a_test_without_options_is_refused_in_one_line(tmp_path, predict):
    from machinepsych.runner.plan import TaskRun
    from tests.web.helpers import human_run

    db = tmp_path / "o.db"
    store = Store(db)
    run = human_run(store, [TaskRun(task="oddball", sessions=1)], "people")
    for s in store.sessions(run.id):
        store.set_session_status(s.id, "complete")
    store.close()
    with FixedLogprobs() as srv:
        r = predict(db, srv.base_url)
        assert srv.count == 0
    assert "not one of a fixed set of options" in _one_line(r)


def test_a_killed_prediction_resumes_without_sending_a_trial_twice(people, predict):
    db, csv = people
    n = len(csv.read_text().splitlines()) - 1
    with FixedLogprobs(latency_s=0.15) as srv:
        proc = subprocess.Popen([*CLI, "predict", "people", "-m", "openai:fake-model", "--base-url", srv.base_url,
                                 "--store", str(db), "--no-progress", "--run-name", "pred", "--concurrency", "1"],
                                env=cli_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        while srv.count < 6 and time.time() < deadline:
            time.sleep(0.05)
        proc.kill()
        proc.wait()
        at_kill = srv.count
        store = Store(db)
        before = sum(store.trial_counts(store.get_run("pred").id).values())
        store.close()
        assert 0 < before < n
        r = predict(db, srv.base_url, "--run-name", "pred")
        sent = srv.count - at_kill
    assert r.returncode == 0, r.stderr
    assert "Continuing prediction run pred" in r.stdout
    assert sent == n - before  # no probe, and no trial stored before is sent again
    store = Store(db)
    pred = store.get_run("pred")
    for s in store.sessions(pred.id):
        assert [t.index for t in store.trials(s.id)] == list(range(12))
    assert prediction_report(store, pred)["tests"]["igt"]["predicted"] == n
    store.close()

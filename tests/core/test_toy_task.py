"""Adding a test is one new package plus one catalog line.

A toy test ("coin": guess which side a biased coin lands on) is written into a temporary
package through the public API only (``machinepsych.core`` and ``register_task``) and taken
through every layer: run, resume, report, report --json, export, chance, gallery and the web
app for people. No file of machinepsych is touched.
"""
from __future__ import annotations

import json
import sys
import textwrap

import pytest
from typer.testing import CliRunner

TOY = '''
"""A toy test: guess heads or tails of a coin that lands heads with probability p."""
from pydantic import Field

from machinepsych.core import (Agent, AnswerFormat, Choice, Environment, Observation, Params, Scorer, TaskSpec,
                               TextPart, choice_buttons, percent)
from machinepsych.core.parsing import parse_word


class CoinParams(Params):
    p: float = Field(0.8, ge=0.0, le=1.0)
    trials: int = Field(12, ge=1, le=200)


class Coin(Environment):
    Params = CoinParams

    @property
    def n_trials(self):
        return self.params.trials

    @property
    def action_space(self):
        return Choice(("heads", "tails"))

    def instructions(self):
        return "A coin is tossed on every trial. Guess how it lands."

    def _setup(self):
        self.sides = ["heads" if x < self.params.p else "tails" for x in self.rng.random(self.params.trials)]

    def _observe(self, feedback):
        return Observation(self.trial, {"toss": self.trial + 1}, (TextPart(f"Toss {self.trial + 1}: heads or tails?"),),
                           feedback, hidden={"side": self.sides[self.trial]})

    def _score(self, action):
        side = self.sides[self.trial]
        ok = action == side
        return self.outcome(ok, f"It was {side}.", side=side)


def score(trials, params):
    return {"accuracy": 100.0 * trials["correct"].fillna(False).astype(bool).mean()}


def majority(view):
    """Guess the side seen most often so far (ties: heads)."""
    seen = [s.feedback.split()[-1].rstrip(".") for s in view.history if s.feedback]
    return "tails" if seen.count("tails") > seen.count("heads") else "heads"


SPEC = TaskSpec(
    id="toy-coin", version=1, family="toy", title="Toy coin guessing", env_class=Coin,
    answer=AnswerFormat(parse=parse_word(("heads", "tails"), first=False), format=str,
                        form=choice_buttons(str.capitalize),
                        model_instruction="Answer with one word: heads or tails.",
                        person_instruction="Click Heads or Tails."),
    scorer=Scorer(score, (percent("accuracy", "accuracy"),), "accuracy"),
    presets={"default": {}, "fair": {"p": 0.5}}, default_sessions=2,
    agents={"ideal": Agent(majority, "guesses the side seen most often")},
)
'''


@pytest.fixture
def toy_task(tmp_path, monkeypatch):
    pkg = tmp_path / "toypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(textwrap.dedent(TOY))
    monkeypatch.syspath_prepend(str(tmp_path))
    from machinepsych.tasks import catalog

    catalog.register_task("toy-coin-v1", "toypkg:SPEC")
    yield "toy-coin"
    catalog.TASKS.pop("toy-coin-v1", None)
    catalog._loaded_tasks.pop("toy-coin-v1", None)
    sys.modules.pop("toypkg", None)


def cli(*args: str) -> str:
    from machinepsych.cli import app

    res = CliRunner().invoke(app, list(args), catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return res.output


def test_toy_test_through_every_layer(toy_task, tmp_path):
    store = f"sqlite:///{tmp_path / 'toy.db'}"
    # run: two built-in agents, the toy's own "ideal" and the automatic "random"
    cli("run", toy_task, "--model", "agent:ideal", "--model", "agent:random", "--sessions", "3", "--seed", "4",
        "--run-name", "toy1", "--store", store, "--no-progress")
    report = json.loads(cli("report", "toy1", "--json", "--store", store))
    summary = report["summary"]["toy-coin | default"]
    assert set(summary) == {"agent:ideal", "agent:random"}
    assert summary["agent:ideal"]["sessions"] == 3
    # a majority guesser on a p = 0.8 coin is right far more often than a random guesser
    assert summary["agent:ideal"]["accuracy"]["mean"] > summary["agent:random"]["accuracy"]["mean"]
    assert report["metrics"]["toy-coin"][0]["unit"] == "%"

    # resume: a run created but never driven is completed by `resume`
    from machinepsych.participants.spec import ParticipantSpec
    from machinepsych.runner.plan import RunSpec, TaskRun
    from machinepsych.runner.run import create_run
    from machinepsych.storage.store import Store

    st = Store(store)
    create_run(st, RunSpec(tasks=[TaskRun(task=toy_task, sessions=2)],
                           participants=[ParticipantSpec(ref="agent:ideal")], name="toy2", seed=4))
    out = cli("resume", "toy2", "--store", store, "--no-progress")
    assert "toy-coin" in out
    again = json.loads(cli("report", "toy2", "--json", "--store", store))
    first = [s["accuracy"] for s in report["sessions"] if s["condition"] == "agent:ideal"][:2]
    assert [s["accuracy"] for s in again["sessions"]] == first  # same seeds, same agent: same scores

    # HTML report and export
    cli("report", "toy1", "--store", store, "--out", str(tmp_path / "rep"))
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "toy-coin" in page and "accuracy (%)" in page
    cli("export", "toy1", "--store", store, "--out", str(tmp_path / "t.csv"))
    import pandas as pd

    df = pd.read_csv(tmp_path / "t.csv")
    assert len(df) == 6 * 12 and set(df["reply"]) <= {"heads", "tails"} and "side" in df.columns

    # chance: the generic loop over the real environment (the toy declares no simulator)
    ch = json.loads(cli("chance", toy_task, "--n", "300", "--seed", "1", "--json", "--store", store))
    assert ch["method"] == "loop" and 40 < ch["metrics"]["accuracy"]["mean"] < 60

    # gallery: the trials a person sees, with the hidden key beside them
    out = cli("gallery", toy_task, "--n", "3", "--out", str(tmp_path / "gal"))
    sheet = (tmp_path / "gal" / "toy-coin-default.html").read_text()
    assert "Toss 3: heads or tails?" in sheet and '&quot;side&quot;' in sheet and "Click Heads or Tails." in sheet

    # people: a human run answered in the web app
    cli("run", toy_task, "--model", "human", "--sessions", "1", "--run-name", "toyh", "--store", store, "--no-progress")
    from fastapi.testclient import TestClient

    from machinepsych.web.app import create_app
    from tests.web.helpers import lab_url

    client = TestClient(create_app(store))
    sid = next(s.id for s in st.sessions(st.get_run("toyh").id))
    page = client.get(lab_url(client, sid)).text
    assert "Click Heads or Tails." in page and "Answer with one word" not in page
    assert ">Heads" in page and "data-key='1'" in page
    state = client.get(f"/session/{sid}/state").json()
    assert "hidden" not in json.dumps(state) and state["options"] == ["heads", "tails"]
    for t in range(12):
        r = client.post(f"/session/{sid}/answer", json={"trial": t, "action": "heads", "rt_ms": 800})
        assert r.status_code == 200, r.text
    assert r.json()["done"] is True
    human = json.loads(cli("report", "toyh", "--json", "--store", store))
    assert human["summary"]["toy-coin | default"]["human"]["sessions"] == 1
    assert "toy-coin" in client.get("/results", headers={"Authorization": f"Bearer {client.app.state.admin_token}"}).text

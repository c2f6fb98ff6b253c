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

from machinepsych.analysis.prediction import prediction_report
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


def predict(db, url, *extra, timeout=120):
    return subprocess.run([*CLI, "predict", "people", "-m", "openai:fake-model", "--base-url", url, "--store", str(db),
                           "--no-progress", *extra], capture_output=True, text=True, env={**cli_env(), "COLUMNS": "200"},
                          timeout=timeout)


def test_fixed_logprobs_give_exactly_the_expected_nll(people):
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
    assert len(igt["people"]) == 3
    store.close()

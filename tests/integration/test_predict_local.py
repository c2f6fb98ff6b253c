"""``machinepsych predict`` with a real local model (SmolLM2-135M through llama-cpp-python's
server, every position's logits kept so it returns log-probabilities): a prediction of
imported people completes, every choice gets a probability under ``--answer structured``, and
a prediction killed part-way resumes with each trial stored once."""
from __future__ import annotations

import json
import subprocess
import time

import pytest

from machinepsych.runner.people_import import import_people
from machinepsych.storage.store import Store
from tests.prediction.people import igt_people_csv
from tests.support.cli import CLI, cli_env

pytestmark = pytest.mark.integration

PEOPLE, TRIALS = 2, 4  # the kill comes after 3 stored trials of 8


def test_a_local_model_predicts_imported_people_and_resumes_after_a_kill(llama_logprobs_server, tmp_path):
    logprobs_llama = llama_logprobs_server
    db = tmp_path / "s.db"
    store = Store(db)
    import_people(store, igt_people_csv(tmp_path / "igt.csv", people=PEOPLE, trials=TRIALS), "generic", "people")
    store.close()
    args = [*CLI, "predict", "people", "-m", logprobs_llama.model_spec, "--base-url", logprobs_llama.base_url,
            "--answer", "structured", "--store", str(db), "--run-name", "pred", "--no-progress", "--concurrency", "1",
            "--max-tokens", "20", "--timeout", "600"]
    proc = subprocess.Popen(args, env=cli_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 300
    stored = 0
    while stored < 3 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
        check = Store(db)
        runs = [r for r in check.list_runs() if r.name == "pred"]
        stored = sum(check.trial_counts(runs[0].id).values()) if runs else 0
        check.close()
    proc.kill()
    proc.wait()
    assert 0 < stored < PEOPLE * TRIALS
    r = subprocess.run(args, env={**cli_env(), "COLUMNS": "200"}, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    print(r.stdout)
    report = subprocess.run([*CLI, "report", "pred", "--json", "--store", str(db)], env=cli_env(),
                            capture_output=True, text=True, timeout=300)
    igt = json.loads(report.stdout)["prediction"]["tests"]["igt"]
    assert igt["choices"] == PEOPLE * TRIALS
    assert igt["predicted"] == PEOPLE * TRIALS  # structured: the enum value's token always carries the options
    model = igt["predictors"][0]
    assert model["kind"] == "model" and model["nll"] > 0 and model["pseudo_r2"] is not None
    store = Store(db)
    for s in store.sessions(store.get_run("pred").id):
        assert [t.index for t in store.trials(s.id)] == list(range(TRIALS))
    store.close()

"""The end-to-end reply benchmark reads a line shown on a later trial k after k-1 earlier answers it plays (benchmarks/parsing_end_to_end.py)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from parsing_end_to_end import CorpusEndpoint, measure_end_to_end  # noqa: E402

from machinepsych.tasks.catalog import get_task  # noqa: E402


def test_a_later_trial_is_read_after_the_earlier_answers():
    spec = get_task("dcigt")
    env = spec.make(spec.resolve("default", {}))
    env.reset(2)
    keep = env.step("CCC").next_observation.stimulus  # the keep/switch step after choosing CCC
    fifth = {"letter": "H", "position": 5, "n": 2}
    corpus = {"word": [{"test": "nback", "stimulus": fifth, "reply": "Not available.", "meant": "not available",
                        "_where": "word.jsonl:1"},
                       {"test": "nback", "stimulus": {"letter": "Q", "position": 99, "n": 2}, "reply": "yes",
                        "meant": "yes", "_where": "word.jsonl:2"}],
              "letter": [{"test": "dcigt", "stimulus": keep, "reply": "I will switch to BBB.", "meant": "BBB",
                          "_where": "letter.jsonl:1"}]}
    results, skipped = measure_end_to_end(corpus, max_seed=3, reask=0, log=lambda *a: None, max_step=8)
    assert [(s["where"], s["reason"].split(" (")[0]) for s in skipped] == [("word.jsonl:2", "not a trial of any seed/step")]
    by = {r["where"]: r for r in results}
    assert by["word.jsonl:1"]["trial"] == 5 and by["letter.jsonl:1"]["trial"] == 2
    for r in results:
        assert r["class"] == r["direct"] == "meant" and r["stored_stimulus_same"], r


def test_the_endpoint_answers_the_earlier_trials_first():
    ep = CorpusEndpoint()
    ep.start(["line"], before=0, script=["Selection: 1", "OK."])
    t1 = [{"role": "user", "content": "trial 1"}]
    t2 = t1 + [{"role": "assistant", "content": "Selection: 1"}, {"role": "user", "content": "feedback"}]
    t2q = t2 + [{"role": "assistant", "content": "OK."}, {"role": "user", "content": "trial 2"}]
    assert [ep.reply(t1), ep.reply(t2), ep.reply(t2q)] == ["Selection: 1", "OK.", "line"]

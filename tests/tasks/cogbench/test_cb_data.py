"""The released-format loader (clear errors naming file, record and field), the shipped corpus,
and sessions played on a released eval file."""
import copy

import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.cogbench import SPEC_A, SPEC_V
from machinepsych.tasks.cogbench.data import PROFILE_KEYS, corpus_size, load_released, shipped, synthetic_reference
from tests.tasks.cogbench.cb_helpers import eval_records, write


def test_shipped_corpus_meets_the_selection_rules_and_size():
    size = corpus_size()
    assert size == {**size, "topics": 3, "profiles": 4, "statements": 30, "articles": 30, "videos": 90}
    assert size["article_words"] > 4000 and size["video_words"] > 2000
    for bench in ("a", "v"):
        ds = shipped(bench)
        assert len({m.category for m in ds.topics}) == 3
        for m in ds.topics:
            assert len(m.statements) == 10 and len(set(m.statements)) == 10 and len(m.flows) == 11 and m.flows[0] == ""
            assert all(w not in s.lower().split() for s in m.statements for w in ("probably", "might", "maybe"))
            assert set(m.polarity) == {1, -1} and set(m.stance) == {1, -1}
        for p in ds.profiles:
            assert list(p) == list(PROFILE_KEYS)


def test_synthetic_reference_moves_with_the_flows():
    m = shipped("a").topic("Outdoor Adventures")
    ref = synthetic_reference(m, shipped("a").profile("Tomasz Nowak"))
    assert ref[0] == [3] * 10  # no lean on this topic: neutral before reading anything
    assert ref[4][0] == 5 and ref[4][1] == 1 and ref[10][0] == 1 and ref[10][1] == 5


def test_released_eval_file_loads_with_its_human_ratings(tmp_path):
    recs = eval_records()
    recs[1]["questionnaire"][0]["answer"]["human_rating"] = 5
    path = write(tmp_path, "eval_cogbench_v.json", recs)
    ds = load_released(tmp_path, "v")  # a folder: the eval file inside it
    assert ds.source == str(path) and [m.topic for m in ds.topics] == ["Topic A", "Topic B"]
    m = ds.topics[0]
    assert m.human[1][0] == 5 and m.flows[0] == "" and "spoken words" in m.flows[1] and "Article 1" in m.flows[1]
    assert m.profile["Name"] == "Ada Test"


def _bad(tmp_path, mutate, name="eval_cogbench_a.json"):
    recs = eval_records()
    mutate(recs)
    return write(tmp_path, name, recs)


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r[3].pop("topic"), r"record 3 has no field 'topic'"),
    (lambda r: r[0]["questionnaire"][1]["answer"].pop("human_rating"),
     r"record 0 \(topic 'Topic A', iteration 0\): questionnaire\[1\] has no field 'answer.human_rating'"),
    (lambda r: r[2]["questionnaire"][0]["answer"].update(human_rating=7),
     r"record 2 .*questionnaire\[0\]\.answer\.human_rating = 7 is out of range"),
    (lambda r: r[2]["questionnaire"][0]["answer"]["CoT"].update(rating=0),
     r"questionnaire\[0\]\.answer\.CoT\.rating = 0 is out of range"),
    (lambda r: r.__setitem__(slice(3, 5), [r[4], r[3]]), r"record 3 \(topic 'Topic A', iteration 4\): iterations out of order"),
    (lambda r: r[5].update(iteration=11), r"iteration must be an integer 0..10"),
    (lambda r: r[5]["questionnaire"][0].pop("question"), r"questionnaire\[0\] has no field 'question'"),
    (lambda r: r[6].update(information_flow="text"), r"information_flow must be a list"),
    (lambda r: r[1]["questionnaire"][2].update(question="other"), r"differs from iteration 0's"),
    (lambda r: r.__delitem__(10), r"topic 'Topic A' has 10 iterations"),
])
def test_malformed_released_files_give_clear_errors(tmp_path, mutate, message):
    path = _bad(tmp_path, mutate)
    with pytest.raises(ConfigError, match=message) as info:
        load_released(path, "a")
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def test_not_json_and_missing_profiles(tmp_path):
    p = tmp_path / "cogbench_a.json"
    p.write_text("[{", encoding="utf-8")
    with pytest.raises(ConfigError, match="is not JSON"):
        load_released(p, "a")
    plain = [{k: v for k, v in r.items() if k != "profile"} for r in copy.deepcopy(eval_records())]
    for r in plain:
        for q in r["questionnaire"]:
            q.pop("answer")
    p = write(tmp_path / "plain", "cogbench_a.json", plain)
    with pytest.raises(ConfigError, match="profile.json is missing"):
        load_released(p, "a")
    write(tmp_path / "plain", "profile.json", [{"Name": "Bo"}])
    assert load_released(p, "a").profiles[0]["Name"] == "Bo"


def test_sessions_on_a_released_file_use_its_profile_and_human_ratings(tmp_path):
    recs = eval_records(n_statements=3)
    path = write(tmp_path, "eval_cogbench_v.json", recs)
    params = SPEC_V.resolve(None, {"data": str(path), "statements": 3})
    assert params.data_sha256 and len(params.data_sha256) == 64
    steps, _ = play_agent(SPEC_V, params, 0, "random")
    assert len(steps) == 11
    assert steps[0].observation.stimulus["profile"]["Name"] == "Ada Test"
    assert steps[2].result.info["reference"] == {"1": 3, "2": 3, "3": 3}
    assert steps[2].result.info["reference_kind"] == "released human majority"
    assert SPEC_V.resolve(None, {"data": str(tmp_path)}).data_sha256 == params.data_sha256  # the folder: its v file
    path.write_text(path.read_text().replace("Article 3", "Article three"))
    with pytest.raises(ConfigError, match="has changed since this run was created"):
        SPEC_V.make(params).reset(0)


def test_params_are_checked():
    with pytest.raises(ConfigError, match="iterations"):
        SPEC_A.resolve(None, {"iterations": 11})
    with pytest.raises(ConfigError, match="forget_rate"):
        SPEC_A.resolve(None, {"forget_rate": 1.5})
    with pytest.raises(ConfigError, match="Unknown CogBench topic 'Cats'"):
        SPEC_A.make({"topic": "Cats"}).reset(0)

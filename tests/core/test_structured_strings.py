"""A free string given as a structured answer (a VisFactor word, an Oddball comment) is read by
the rules free text follows for that kind of answer: the word's normal form is stored, a hedge
between two words is invalid, a refusal is a refusal (real runs against a recording endpoint)."""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from machinepsych.core.spaces import FreeText
from machinepsych.core.structured import follows_schema, read_structured
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from tests.support.fake_openai import FakeOpenAIServer
from tests.support.runs import run_trials

REFUSAL = "I'm sorry, but I can't help with that."


@dataclass
class ConstantAnswer(FakeOpenAIServer):
    """Answers every request that carries a schema with ``{"answer": <answer>}``."""

    answer: str = ""

    def chat_payload(self, body):
        out = super().chat_payload(body)
        if body.get("response_format"):
            out["choices"][0]["message"]["content"] = json.dumps({"answer": self.answer})
        return out


def _structured_run(tmp_path, task: str, answer: str, params: dict):
    with ConstantAnswer(answer=answer) as srv:
        return run_trials(tmp_path / "s.db", RunSpec(
            tasks=[TaskRun(task=task, params=params, sessions=1)],
            participants=[ParticipantSpec(ref="openai:fake-model", base_url=srv.base_url)],
            answers=["structured"], name="strings"))


@pytest.mark.parametrize("answer, action, status", [
    ("The Bicycle.", "bicycle", "parsed"),     # stored in its normal form, as free text stores it
    ("bicycle or table", None, "invalid"),    # a hedge between two words: no answer
    (REFUSAL, None, "refusal"),
])
def test_a_structured_word_is_read_by_the_word_rules(tmp_path, answer, action, status):
    df = _structured_run(tmp_path, "visfactor-cs1", answer, {"n_items": 3})
    assert df["parse_status"].tolist() == [status] * len(df)
    assert df["action"].tolist() == [action] * len(df)


def test_a_structured_refusal_is_no_oddball_comment(tmp_path):
    df = _structured_run(tmp_path, "oddball", REFUSAL, {"passages": 2})
    assert df["parse_status"].tolist() == ["refusal", "refusal"] and df["action"].isna().all()
    (tmp_path / "b").mkdir()
    df = _structured_run(tmp_path / "b", "oddball", "  The third sentence is off-topic. ", {"passages": 2})
    assert df["action"].tolist() == ["The third sentence is off-topic."] * 2


def test_the_endpoint_check_asks_only_that_the_reply_follows_the_schema():
    # before a run the endpoint is asked without a trial's material: any string answer follows
    # the schema, even one a trial would not read as a word
    words = FreeText(read=lambda text: (None, "invalid"))
    assert follows_schema('{"answer": "bicycle or table"}', words)
    assert read_structured('{"answer": "bicycle or table"}', words) == (None, "invalid")
    assert not follows_schema('{"answer": 3}', words) and not follows_schema("bicycle", words)

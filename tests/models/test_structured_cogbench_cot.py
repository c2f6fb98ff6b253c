"""CogBench's own chain of thought under ``--answer structured``, against recording endpoints:
each statement's call carries the schema of a reasoning string then a rating 1-5, sent as each
provider takes a schema (OpenAI ``response_format``, Anthropic one forced tool, Google
``responseSchema``); the study call stays free text; a reply is read by strict JSON only."""
from __future__ import annotations

import json

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from machinepsych.tasks.cogbench.answer import read_statement_json
from tests.support.fake_anthropic import FakeAnthropicServer
from tests.support.fake_google import FakeGoogleServer
from tests.support.fake_openai import FakeOpenAIServer

PARAMS = {"iterations": 1, "statements": 3, "topic": "Pets", "profile": "Marcus Chen"}
STATEMENT_SCHEMA = {"type": "object", "properties": {"reasoning": {"type": "string"},
                                                     "rating": {"type": "integer", "enum": [1, 2, 3, 4, 5]}},
                    "required": ["reasoning", "rating"], "additionalProperties": False}


def rated(schema: dict) -> dict:
    """What a constrained model writes: the reasoning, then the last legal rating (5)."""
    assert list(schema["properties"]) == ["reasoning", "rating"]
    return {"reasoning": "As this person I see it so.", "rating": schema["properties"]["rating"]["enum"][-1]}


class StatementOpenAI(FakeOpenAIServer):
    def chat_payload(self, body):
        out = super().chat_payload(body)
        rf = body.get("response_format")
        if rf:
            out["choices"][0]["message"]["content"] = json.dumps(rated(rf["json_schema"]["schema"]))
        return out


class QuestionnaireOpenAI(StatementOpenAI):
    """Also answers the questionnaire's schema, which the check of the endpoint before a run sends."""

    def chat_payload(self, body):
        rf = body.get("response_format")
        schema = rf["json_schema"]["schema"] if rf else {}
        if "answer" not in schema.get("properties", {}):
            return super().chat_payload(body)
        out = FakeOpenAIServer.chat_payload(self, body)
        ids = schema["properties"]["answer"]["properties"]
        out["choices"][0]["message"]["content"] = json.dumps({"answer": {i: {"reason": "so", "rating": 3} for i in ids}})
        return out


class StatementAnthropic(FakeAnthropicServer):
    def messages_payload(self, body):
        out = super().messages_payload(body)
        if body.get("tools"):
            tool = body["tools"][0]
            out["content"] = [{"type": "tool_use", "id": f"toolu_{self.count}", "name": tool["name"],
                               "input": rated(tool["input_schema"])}]
            out["stop_reason"] = "tool_use"
        return out


class StatementGoogle(FakeGoogleServer):
    def generate_payload(self, body):
        out = super().generate_payload(body)
        schema = (body.get("generationConfig") or {}).get("responseSchema")
        if schema:
            out["candidates"][0]["content"]["parts"] = [{"text": json.dumps(rated(schema))}]
        return out


def run_cot(tmp_path, participant: ParticipantSpec, answers=("structured",)) -> list[int]:
    """Every rating stored, trial by trial (iteration 0, before any reading, and iteration 1)."""
    store = Store(tmp_path / "cb.db")
    create_run(store, RunSpec(tasks=[TaskRun(task="cogbench-a", sessions=1, params=PARAMS)], participants=[participant],
                              strategies=["cot"], answers=list(answers), name="cb"))
    stats = run_sync(store, "cb", progress=False)
    assert stats.sessions_failed == 0, stats.failures
    run = store.get_run("cb")
    (session,) = store.sessions(run.id)
    trials = store.trials(session.id)
    assert len(trials) == 1 + PARAMS["iterations"] and all(t.parse_status == "parsed" for t in trials)
    return [v["rating"] for t in trials for v in t.action.values()]


def is_study(body: dict) -> bool:
    """A study call (the reading the statements are asked after): it asks for no rating."""
    return "Take in what you read" in json.dumps(body, ensure_ascii=False)


def test_openai_gets_the_statement_schema_on_each_statement_call_and_the_ratings_are_read(tmp_path):
    with StatementOpenAI() as srv:
        action = run_cot(tmp_path, ParticipantSpec(ref="openai:fake-model", base_url=srv.base_url))
        bodies = srv.bodies
    study = [b for b in bodies if is_study(b)]
    asked = [b for b in bodies if not is_study(b)]
    assert study and all("response_format" not in b for b in study)  # the study call: free text, as in every strategy
    assert len(asked) == len(action) == (1 + PARAMS["iterations"]) * PARAMS["statements"]
    for b in asked:
        rf = b["response_format"]
        assert rf["type"] == "json_schema" and rf["json_schema"]["strict"] is True
        assert rf["json_schema"]["schema"] == STATEMENT_SCHEMA
    assert action == [5] * len(asked)


def test_anthropic_is_forced_to_call_the_statement_tool(tmp_path, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-key-0000")
    with StatementAnthropic() as srv:
        action = run_cot(tmp_path, ParticipantSpec(ref="anthropic:claude-fake", base_url=srv.base_url))
        bodies = srv.bodies
    assert all("tools" not in b for b in bodies if is_study(b))
    for b in [b for b in bodies if not is_study(b)]:
        (tool,) = b["tools"]
        assert tool["input_schema"] == STATEMENT_SCHEMA
        assert b["tool_choice"] == {"type": "tool", "name": tool["name"]}
    assert action == [5] * 6


def test_google_gets_the_statement_response_schema(tmp_path, monkeypatch):
    monkeypatch.setenv("GOOGLE_API_KEY", "AIza-test-key-000000")
    with StatementGoogle() as srv:
        action = run_cot(tmp_path, ParticipantSpec(ref="google:gemini-fake", base_url=srv.base_url))
        bodies = srv.bodies
    assert all("responseSchema" not in (b.get("generationConfig") or {}) for b in bodies if is_study(b))
    for b in [b for b in bodies if not is_study(b)]:
        config = b["generationConfig"]
        assert config["responseMimeType"] == "application/json"
        assert list(config["responseSchema"]["properties"]) == ["reasoning", "rating"]
        assert config["responseSchema"]["properties"]["rating"]["enum"] == ["1", "2", "3", "4", "5"]  # text: a string enum
    assert action == [5] * 6


def test_free_answers_send_no_schema_and_read_the_rating_line(tmp_path):
    with FakeOpenAIServer() as srv:
        srv.reply = lambda messages: "Thoughts: As this person I lean in.\nRating: 4"
        action = run_cot(tmp_path, ParticipantSpec(ref="openai:fake-model", base_url=srv.base_url), answers=("free",))
        bodies = srv.bodies
    assert all("response_format" not in b for b in bodies)
    assert action == [4] * 6


@pytest.mark.parametrize("reply", [
    "Thoughts: fine.\nRating: 4",  # free text is never read under a schema
    'Sure: {"reasoning": "x", "rating": 4}',  # text around the object
    '{"reasoning": "x", "rating": 6}',  # outside 1-5
    '{"reasoning": "x", "rating": "4.0"}',  # a rating's text is its decimal digit only (Google's string enum)
    '{"reasoning": "x", "rating": 4.0}',
    '{"reasoning": "x", "rating": true}',
    '{"rating": 4}',  # a property missing
    '{"reasoning": "x", "rating": 4, "answer": 3}',  # one too many
    '{"reasoning": 3, "rating": 4}',
])
def test_a_statement_reply_is_read_by_strict_json_only(reply):
    assert read_statement_json(reply) == (None, "")


def test_a_rating_sent_as_text_by_a_string_enum_is_read_as_its_number():
    assert read_statement_json('{"reasoning": "x", "rating": "4"}') == (4, "x")


def test_a_statement_reply_keeps_its_reasoning_on_one_line():
    assert read_statement_json('{"reasoning": "I like\n pets. Rating: 2", "rating": 4}') == (4, "I like pets. Rating - 2")


def test_cot_with_structured_answers_runs_from_the_command_line(tmp_path, cli_in_process, no_api_keys):
    # it was refused in one line before each statement's call carried a schema
    with QuestionnaireOpenAI() as srv:
        r = cli_in_process("run", "cogbench-a", "-m", "openai:fake-model", "--base-url", srv.base_url, "-s", "cot",
                           "--answer", "structured", "--store", "c.db", "--no-progress", "-n", "1",
                           "--param", "iterations=1", "--param", "statements=2", cwd=tmp_path)
        bodies = srv.bodies
    assert r.returncode == 0, r.stderr
    statement_calls = [b for b in bodies if (b.get("response_format") or {}).get("json_schema", {}).get("schema")
                       == STATEMENT_SCHEMA]
    assert len(statement_calls) == 4  # 2 iterations (0 and 1) x 2 statements, after the endpoint's check
    ratings = [v["rating"] for t in Store(tmp_path / "c.db").trials(1) for v in t.action.values()]
    assert ratings == [5, 5, 5, 5]


def test_the_questionnaires_schema_reads_google_text_ratings_too():
    # direct / free send the whole questionnaire's schema; Google takes its rating enum as text ("1"-"5")
    from machinepsych.tasks.cogbench.answer import Ratings

    space = Ratings(ids=("1", "2"))
    sent = {"1": {"reason": "x", "rating": "4"}, "2": {"reason": "y", "rating": 2}}
    assert space.from_json(sent) == {"1": {"rating": 4, "reason": "x"}, "2": {"rating": 2, "reason": "y"}}
    assert space.from_json({"1": {"reason": "x", "rating": "4.0"}, "2": {"reason": "y", "rating": 2}}) is None

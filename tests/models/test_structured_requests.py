"""Structured answers and option probabilities against recording endpoints (loopback servers
speaking each provider's wire format): what each provider is sent, that a structured reply is
read strictly, that the stored probabilities are exactly those a fixed-logprob endpoint
returned, and that an endpoint refusing the schema stops ``run`` in one line before anything
is created."""
from __future__ import annotations

import json
import math

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store
from tests.support.fake_anthropic import FakeAnthropicServer
from tests.support.fake_google import FakeGoogleServer
from tests.support.fake_openai import FakeOpenAIServer

# the top tokens at the answer of every reply of the fixed-logprob endpoint (card sorting)
FIXED_TOP = {"1": -0.7, "2": -1.6, "3": -2.3, "4": -3.0, "I": -2.0}


def _enum(schema: dict) -> list:
    return schema["properties"]["answer"]["enum"]


class StructuredOpenAI(FakeOpenAIServer):
    """Answers the first legal option as JSON when sent a schema, with fixed log-probabilities."""

    def chat_payload(self, body):
        out = super().chat_payload(body)
        rf = body.get("response_format")
        if rf:
            schema = rf["json_schema"]["schema"] if rf["type"] == "json_schema" else rf["schema"]
            value = _enum(schema)[0]
            head = '{"answer": '
            out["choices"][0]["message"]["content"] = head + json.dumps(value) + "}"
            if body.get("logprobs"):
                top = [{"token": t, "logprob": lp} for t, lp in FIXED_TOP.items()]
                out["choices"][0]["logprobs"] = {"content": [
                    {"token": head, "logprob": -0.01, "top_logprobs": []},
                    {"token": json.dumps(value), "logprob": FIXED_TOP.get(json.dumps(value), -1.0), "top_logprobs": top},
                    {"token": "}", "logprob": 0.0, "top_logprobs": []}]}
        return out


class ToolAnthropic(FakeAnthropicServer):
    """Calls the forced tool with the first legal option."""

    def messages_payload(self, body):
        out = super().messages_payload(body)
        if body.get("tools"):
            tool = body["tools"][0]
            out["content"] = [{"type": "tool_use", "id": f"toolu_{self.count}", "name": tool["name"],
                               "input": {"answer": _enum(tool["input_schema"])[0]}}]
            out["stop_reason"] = "tool_use"
        return out


class SchemaGoogle(FakeGoogleServer):
    """Answers JSON following ``responseSchema`` (its string enum)."""

    def generate_payload(self, body):
        out = super().generate_payload(body)
        schema = (body.get("generationConfig") or {}).get("responseSchema")
        if schema:
            out["candidates"][0]["content"]["parts"] = [{"text": json.dumps({"answer": _enum(schema)[0]})}]
        return out


def _run(tmp_path, participant: ParticipantSpec, *, strategy: str = "direct", n: int = 3):
    store = Store(tmp_path / "s.db")
    spec = RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": n}, sessions=1)], participants=[participant],
                   strategies=[strategy], answers=["structured"], name="structured")
    create_run(store, spec)
    stats = run_sync(store, "structured", progress=False)
    assert stats.sessions_failed == 0, stats.failures
    return trials_frame(store, "structured")


def test_openai_gets_a_strict_json_schema_and_the_stored_probabilities_are_the_endpoints(tmp_path):
    with StructuredOpenAI() as srv:
        df = _run(tmp_path, ParticipantSpec(ref="openai:fake-model", base_url=srv.base_url, choice_probs=True))
        body = srv.bodies[0]
    assert body["response_format"] == {"type": "json_schema", "json_schema": {
        "name": "answer", "strict": True, "schema": {
            "type": "object", "properties": {"answer": {"type": "integer", "enum": [1, 2, 3, 4]}},
            "required": ["answer"], "additionalProperties": False}}}
    assert body["logprobs"] is True and body["top_logprobs"] == 20
    assert (df["parse_status"] == "parsed").all() and (df["action"] == 1).all()
    assert set(df["answer_mode"]) == {"structured"}
    legal = {k: math.exp(v) for k, v in FIXED_TOP.items() if k in "1234"}
    total = sum(legal.values())
    for probs, outside in zip(df["choice_probs"], df["choice_probs_outside"]):
        assert probs == {k: p / total for k, p in legal.items()}  # exactly the endpoint's numbers
        assert outside == 1.0 - total
        assert abs(sum(probs.values()) - 1.0) < 1e-12


def test_cot_schema_asks_for_reasoning_before_the_answer(tmp_path):
    with StructuredOpenAI() as srv:
        _run(tmp_path, ParticipantSpec(ref="openai:fake-model", base_url=srv.base_url), strategy="cot", n=1)
        schema = srv.bodies[0]["response_format"]["json_schema"]["schema"]
    assert list(schema["properties"]) == ["reasoning", "answer"] == schema["required"]
    assert "logprobs" not in srv.bodies[0]  # only with --choice-probs


def test_llamacpp_gets_the_json_object_schema_its_servers_turn_into_a_grammar(tmp_path):
    with StructuredOpenAI() as srv:
        df = _run(tmp_path, ParticipantSpec(ref="llamacpp:fake-model", base_url=srv.base_url), n=1)
        body = srv.bodies[0]
    assert body["response_format"]["type"] == "json_object"
    assert _enum(body["response_format"]["schema"]) == [1, 2, 3, 4]
    assert df["parse_status"].tolist() == ["parsed"]


def test_anthropic_is_forced_to_call_one_answer_tool(tmp_path, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-key-0000")
    with ToolAnthropic() as srv:
        df = _run(tmp_path, ParticipantSpec(ref="anthropic:claude-fake", base_url=srv.base_url))
        body = srv.bodies[0]
    assert body["tool_choice"] == {"type": "tool", "name": "answer"}
    assert [t["name"] for t in body["tools"]] == ["answer"]
    assert _enum(body["tools"][0]["input_schema"]) == [1, 2, 3, 4]
    assert (df["parse_status"] == "parsed").all() and (df["action"] == 1).all()
    assert df["reply"].tolist() == ['{"answer": 1}'] * 3


def test_google_gets_a_response_schema(tmp_path, monkeypatch):
    monkeypatch.setenv("GOOGLE_API_KEY", "AIza-test-key-000000")
    with SchemaGoogle() as srv:
        df = _run(tmp_path, ParticipantSpec(ref="google:gemini-fake", base_url=srv.base_url))
        config = srv.bodies[0]["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    schema = config["responseSchema"]
    assert _enum(schema) == ["1", "2", "3", "4"]  # Gemini's enums are text; read back as the options
    assert "additionalProperties" not in json.dumps(schema)
    assert (df["parse_status"] == "parsed").all() and (df["action"] == 1).all()


class RefusingOpenAI(FakeOpenAIServer):
    def chat_payload(self, body):
        if body.get("response_format"):
            raise ValueError("response_format json_schema is not supported by this server")
        return super().chat_payload(body)


def test_an_endpoint_refusing_the_schema_stops_run_in_one_line_before_anything_is_created(tmp_path, cli_in_process,
                                                                                           no_api_keys):
    db = tmp_path / "refused.db"
    with RefusingOpenAI() as srv:
        r = cli_in_process("run", "wcst", "-m", "openai:fake-model", "--base-url", srv.base_url,
                           "--answer", "structured", "--store", str(db), "--no-progress", "-n", "1", cwd=tmp_path)
        probes = len(srv.bodies)
    assert r.returncode == 2, r.stderr
    lines = [ln for ln in r.stderr.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and "--answer free" in lines[0], r.stderr
    assert probes == 1 and not db.exists()


def test_an_endpoint_without_logprobs_stops_choice_probs_before_anything_is_created(tmp_path, cli_in_process,
                                                                                      no_api_keys):
    db = tmp_path / "nologprobs.db"
    with FakeOpenAIServer() as srv:  # answers, but never with logprobs
        r = cli_in_process("run", "wcst", "-m", "openai:fake-model", "--base-url", srv.base_url,
                           "--choice-probs", "--store", str(db), "--no-progress", "-n", "1", cwd=tmp_path)
    assert r.returncode == 2 and "drop --choice-probs" in r.stderr and not db.exists(), r.stderr


def test_report_json_and_export_show_the_answer_mode_per_condition(tmp_path):
    from machinepsych.analysis import report
    from machinepsych.storage.export import export_run

    store = Store(tmp_path / "r.db")
    with StructuredOpenAI() as srv:
        spec = RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": 2}, sessions=1)],
                       participants=[ParticipantSpec(ref="openai:fake-model", base_url=srv.base_url, choice_probs=True),
                                     ParticipantSpec(ref="agent:random")],
                       answers=["free", "structured"], name="modes")
        create_run(store, spec)
        run_sync(store, "modes", progress=False)
    data = report.to_json(report.build(store, "modes", trials=False))
    assert data["config"]["answers"] == ["free", "structured"]
    assert data["config"]["answer_modes"] == {"openai:fake-model | direct": "free",
                                              "openai:fake-model | direct | answer=structured": "structured",
                                              "agent:random": "free"}
    rows = {r["condition"]: r["answer"] for g in data["at_a_glance"] for r in g["rows"]}
    assert rows["openai:fake-model | direct | answer=structured"] == "structured"
    export_run(store, "modes", tmp_path / "t.csv")
    import csv

    with open(tmp_path / "t.csv") as f:
        got = list(csv.DictReader(f))
    assert {"answer_mode", "choice_probs", "choice_probs_outside"} <= set(got[0])
    structured = [r for r in got if r["answer_mode"] == "structured"]
    assert len(structured) == 2 and all(json.loads(r["choice_probs"]).keys() == {"1", "2", "3", "4"} for r in structured)
    assert all(float(r["choice_probs_outside"]) > 0 for r in structured)
    assert {r["answer_mode"] for r in got if r["participant"] == "agent:random"} == {""}


class BothModes(StructuredOpenAI):
    """Structured as above; a free request asking for log-probabilities gets card 1 with the same
    fixed log-probabilities (so ``--choice-probs`` runs under both answer modes)."""

    def chat_payload(self, body):
        out = super().chat_payload(body)
        if not body.get("response_format") and body.get("logprobs"):
            out["choices"][0]["message"]["content"] = "1"
            top = [{"token": t, "logprob": lp} for t, lp in FIXED_TOP.items()]
            out["choices"][0]["logprobs"] = {"content": [{"token": "1", "logprob": -0.7, "top_logprobs": top}]}
        return out


def test_published_numbers_stand_beside_the_free_condition_only(tmp_path, cli_in_process, no_api_keys):
    # the papers' participants answered freely: a structured-answer condition gets no published
    # row (tables, JSON, the WCST-64 layout: a cell of its own), and --choice-probs, which only
    # asks for the probabilities of the same reply, is no part of the condition
    with BothModes() as srv:
        for name, modes in (("both", ["--answer", "free", "--answer", "structured"]), ("only", ["--answer", "structured"])):
            r = cli_in_process("run", "wcst", "-m", "openai:fake-model", "--base-url", srv.base_url, *modes,
                               "--choice-probs", "-n", "1", "--store", "m.db", "--run-name", name, "--no-progress",
                               cwd=tmp_path)
            assert r.returncode == 0, r.stderr
    free, structured = "openai:fake-model | direct", "openai:fake-model | direct | answer=structured"
    r = cli_in_process("report", "both", "--store", "m.db", "--json", cwd=tmp_path)
    data = json.loads(r.stdout)
    assert set(data["config"]["answer_modes"]) == {free, structured}
    (wcst64,) = [lay for lay in data["layouts"] if lay["id"] == "wcst64"]
    labels = [row["label"] for row in wcst64["rows"]]
    assert f"STA-TI: {free}" in labels and f"STA-TI structured answers: {structured}" in labels
    assert [lb for lb in labels if lb.startswith("STA-TI: published:")]
    assert not [row for row in wcst64["rows"] if row["published"] and "structured" in row["label"]]
    published = [p for p in data["published"] if p["kind"] == "model"]
    assert published and all(p["beside"] == [free] for p in published)
    text = cli_in_process("report", "both", "--store", "m.db", cwd=tmp_path).stdout
    assert f"STA-TI structured answers: {structured}" in text and f"STA-TI: {structured}" not in text
    # a run of structured answers alone: no published number anywhere
    only = json.loads(cli_in_process("report", "only", "--store", "m.db", "--json", cwd=tmp_path).stdout)
    assert only["published"] == [] and not [row for lay in only["layouts"] for row in lay["rows"] if row["published"]]
    text = cli_in_process("report", "only", "--store", "m.db", cwd=tmp_path).stdout
    assert "STA-TI structured answers" in text
    assert not [p for p in published if f"published: {p['model']}" in text]

"""The Anthropic and Google adapters over real HTTP, against loopback servers that speak their
wire formats (``tests/support/fake_anthropic.py``, ``tests/support/fake_google.py``), through
the official SDKs pointed there with a base URL, as the OpenAI-compatible path is tested in
``test_openai_adapter.py``: request format (system prompt, roles, images), usage (cached and
image tokens), error classes, retries at the runner's boundary, keys sent only as headers,
and a whole run with ``ParticipantSpec.base_url`` reaching the adapter.
"""
from __future__ import annotations

import asyncio
import base64
import json
import re
from collections.abc import Iterator

import pytest

from machinepsych.core.errors import ModelCallError
from machinepsych.core.types import ImagePart, Message, TextPart
from machinepsych.models import make_model
from machinepsych.models.base import GenerateOptions
from machinepsych.models.retry import RetryPolicy, call_model
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store
from tests.support.fake_anthropic import FakeAnthropicServer
from tests.support.fake_google import FakeGoogleServer

PNG = b"\x89PNG\r\n\x1a\nfake-image-bytes"
MSGS = [
    Message.text("system", "You sort cards."),
    Message.text("user", "trial one"),
    Message("user", (TextPart("look at this"), ImagePart(PNG))),
    Message.text("assistant", "Selection: 2"),
    Message.text("user", "next"),
]
OPTS = GenerateOptions(temperature=0.0, max_tokens=16, seed=3, timeout_s=10)  # generous: loaded machines
SECRET = {"anthropic": "sk-ant-SECRET-0123456789", "google": "AIza-SECRET-0123456789"}
KEY_ENV = {"anthropic": "ANTHROPIC_API_KEY", "google": "GOOGLE_API_KEY"}
SPEC = {"anthropic": "anthropic:claude-fake", "google": "google:gemini-fake"}
PROVIDERS = ["anthropic", "google"]


@pytest.fixture(scope="module")
def servers() -> Iterator[dict]:
    with FakeAnthropicServer() as a, FakeGoogleServer() as g:
        yield {"anthropic": a, "google": g}


def _use(provider: str, servers: dict, monkeypatch):
    """Only ``provider``'s key in the environment; its server reset to a plain state."""
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv(KEY_ENV[provider], SECRET[provider])
    srv = servers[provider]
    srv.reset()
    srv.latency_s, srv.fault_rate, srv.cached_tokens = 0.0, 0.0, 0
    return srv


@pytest.fixture(params=PROVIDERS)
def provider(request, servers, monkeypatch):
    _use(request.param, servers, monkeypatch)
    return request.param


@pytest.fixture
def anthropic_srv(servers, monkeypatch):
    return _use("anthropic", servers, monkeypatch)


@pytest.fixture
def google_srv(servers, monkeypatch):
    return _use("google", servers, monkeypatch)


def mime_type(inline: dict) -> str | None:
    return inline.get("mimeType", inline.get("mime_type"))


def run(coro):
    return asyncio.run(coro)


async def generate(model, messages=MSGS, options=OPTS):
    try:
        return await model.generate(messages, options)
    finally:
        await model.aclose()


# --- request format ----------------------------------------------------------------------
def test_anthropic_request_over_http(anthropic_srv):
    srv = anthropic_srv
    c = run(generate(make_model(SPEC["anthropic"], base_url=srv.base_url)))
    assert c.text.startswith("Selection: ") and c.finish_reason == "end_turn" and c.model == "claude-fake"
    (body,) = srv.bodies
    # the system prompt is a cache breakpoint; so are the last message and the user turn before it
    assert body["system"] == [{"type": "text", "text": "You sort cards.", "cache_control": {"type": "ephemeral"}}]
    assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]  # consecutive users merged
    assert [[b.get("cache_control") for b in m["content"]] for m in body["messages"]] == [
        [None, None, {"type": "ephemeral"}], [None], [{"type": "ephemeral"}]]
    assert body["max_tokens"] == 16 and body["temperature"] == 0.0 and "seed" not in body
    blocks = body["messages"][0]["content"]
    assert [b["type"] for b in blocks] == ["text", "text", "image"]
    image = blocks[2]["source"]
    assert image["type"] == "base64" and image["media_type"] == "image/png"
    assert base64.b64decode(image["data"]) == PNG


def test_google_request_over_http(google_srv):
    srv = google_srv
    c = run(generate(make_model(SPEC["google"], base_url=srv.base_url)))
    assert c.text.startswith("Selection: ") and c.finish_reason == "STOP" and c.model == "gemini-fake-001"
    (req,) = [r for r in srv.requests if r.path.endswith(":generateContent")]
    assert re.fullmatch(r"/v1(beta)?/models/gemini-fake:generateContent", req.path), req.path
    body = req.body
    assert body["systemInstruction"]["parts"] == [{"text": "You sort cards."}]
    assert [c["role"] for c in body["contents"]] == ["user", "user", "model", "user"]
    assert body["generationConfig"] == {"temperature": 0.0, "maxOutputTokens": 16, "seed": 3}
    parts = body["contents"][1]["parts"]
    assert parts[0] == {"text": "look at this"}
    inline = parts[1]["inlineData"]
    # proto JSON: the API reads both spellings, and the SDK sends ``mime_type``
    assert mime_type(inline) == "image/png" and base64.b64decode(inline["data"]) == PNG


def test_key_sent_only_as_header(servers, provider):
    srv = servers[provider]
    model = make_model(SPEC[provider], base_url=srv.base_url)
    run(generate(model))
    (req,) = srv.requests
    header = {"anthropic": ("authorization", "x-api-key"), "google": ("x-goog-api-key",)}[provider]
    sent = {k.lower(): v for k, v in req.headers.items()}
    assert any(SECRET[provider] in sent.get(h, "") for h in header)
    assert SECRET[provider] not in json.dumps(req.body) and "SECRET" not in req.path
    assert "SECRET" not in json.dumps(model.describe()) and "SECRET" not in repr(model)
    assert model.describe()["base_url"] == srv.base_url


# --- usage --------------------------------------------------------------------------------
def test_anthropic_usage_with_cache_reads_and_writes(anthropic_srv):
    srv = anthropic_srv
    srv.cached_tokens, srv.cache_written_tokens = 3, 2
    try:
        c = run(generate(make_model(SPEC["anthropic"], base_url=srv.base_url)))
    finally:
        srv.cache_written_tokens = 0
    words = len("You sort cards. trial one look at this Selection: 2 next".split())
    # prompt tokens count uncached input, cache reads and cache writes; cached = the reads
    assert (c.usage.prompt_tokens, c.usage.cached_tokens, c.usage.completion_tokens) == (words, 3, 2)


def test_google_usage_with_image_cached_and_thought_tokens(google_srv):
    srv = google_srv
    srv.cached_tokens, srv.thought_tokens = 4, 5
    try:
        c = run(generate(make_model(SPEC["google"], base_url=srv.base_url)))
    finally:
        srv.thought_tokens = 0
    words = len("You sort cards. trial one look at this Selection: 2 next".split())
    assert c.usage.image_tokens == 258 and c.usage.prompt_tokens == words + 258
    assert c.usage.cached_tokens == 4 and c.usage.completion_tokens == 2 + 5  # thinking counts as output


# --- errors -------------------------------------------------------------------------------
@pytest.mark.parametrize("fault,status", [("429", 429), ("500", 500), ("503", 503), ("garbage", None),
                                          ("reset", None)])
def test_transient_faults(servers, provider, fault, status):
    srv = servers[provider]
    srv.script(fault)
    model = make_model(SPEC[provider], base_url=srv.base_url)

    async def go():
        with pytest.raises(ModelCallError) as info:
            await model.generate(MSGS, OPTS)
        ok = await model.generate(MSGS, OPTS)  # the same adapter keeps working after the fault
        await model.aclose()
        return info.value, ok

    err, ok = run(go())
    assert err.transient and err.status == status, str(err)
    assert ok.text.startswith("Selection: ")
    assert srv.count == 2  # the SDK did not retry on its own: retries belong to the runner
    assert "SECRET" not in str(err)


@pytest.mark.parametrize("fault,hint", [("401", "API key was rejected"), ("400", "rejected"),
                                        ("404", "model name")])
def test_permanent_faults(servers, provider, fault, hint):
    srv = servers[provider]
    srv.script(fault)
    with pytest.raises(ModelCallError) as info:
        run(generate(make_model(SPEC[provider], base_url=srv.base_url)))
    err = info.value
    assert not err.transient and err.status == int(fault) and hint in str(err)
    if fault == "401":
        assert KEY_ENV[provider] in str(err)  # names the variable to fix
    assert "SECRET" not in str(err) and srv.base_url in str(err)


def test_hang_times_out_as_transient(servers, provider):
    srv = servers[provider]
    srv.hang_s = 30
    srv.script("hang")
    with pytest.raises(ModelCallError) as info:
        run(generate(make_model(SPEC[provider], base_url=srv.base_url),
                     options=GenerateOptions(timeout_s=0.5)))
    assert info.value.transient and "timed out" in str(info.value)


# --- retries at the runner's boundary ------------------------------------------------------
def _call(model, policy):
    async def go():
        try:
            return await call_model(model, MSGS, OPTS, "answer", policy, 4)
        finally:
            await model.aclose()
    return run(go())


def test_rate_limit_is_retried_and_recorded(servers, provider):
    srv = servers[provider]
    srv.script("429", "503", None)
    call = _call(make_model(SPEC[provider], base_url=srv.base_url),
                 RetryPolicy(max_attempts=4, initial_s=0.01, jitter_s=0.01))
    assert call.reply.startswith("Selection: ") and call.attempts == 3 and srv.count == 3
    assert len(call.errors) == 2 and "HTTP 429" in call.errors[0] and "HTTP 503" in call.errors[1]
    assert call.usage.prompt_tokens > 0


def test_permanent_fault_is_not_retried(servers, provider):
    srv = servers[provider]
    srv.script("401")
    with pytest.raises(ModelCallError) as info:
        _call(make_model(SPEC[provider], base_url=srv.base_url), RetryPolicy(max_attempts=4, initial_s=0.01))
    assert not info.value.transient and srv.count == 1 and KEY_ENV[provider] in str(info.value)


# --- a whole run: ParticipantSpec.base_url reaches the adapter -----------------------------
def test_run_with_images_over_http(servers, provider, tmp_path, monkeypatch):
    monkeypatch.setenv("MACHINEPSYCH_RETRY_INITIAL_S", "0.01")
    srv = servers[provider]
    srv.cached_tokens = 1
    srv.script(None, "429")  # one rate limit inside the run: retried, recorded
    store = Store(tmp_path / f"{provider}.db")
    spec = RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": 4, "input": "image"}, sessions=1)],
                   participants=[ParticipantSpec(ref=SPEC[provider], base_url=srv.base_url, timeout_s=10)],
                   name=provider)
    create_run(store, spec)
    stats = run_sync(store, provider, progress=False)
    assert stats.sessions_failed == 0 and stats.retries == 1
    assert len(trials_frame(store, provider)) == 4
    calls = store.model_calls(t.id for _, t in store.trials_for_run(store.get_run(provider).id))
    assert len(calls) == 4 and sum(c.attempts for c in calls) == 5 and srv.count == 5
    assert all(c.prompt_tokens > 0 and c.completion_tokens == 2 and c.cached_tokens == 1 for c in calls)
    if provider == "google":
        assert all(c.image_tokens >= 258 for c in calls)  # every request carried at least one image
    images = 0
    for body in srv.bodies:
        if provider == "anthropic":
            blocks = [b for m in body["messages"] for b in m["content"]]
            images += sum(b["type"] == "image" and b["source"]["media_type"] == "image/png" for b in blocks)
        else:
            parts = [p for c in body["contents"] for p in c["parts"]]
            images += sum("inlineData" in p and mime_type(p["inlineData"]) == "image/png" for p in parts)
    assert images >= len(srv.bodies)
    store.close()

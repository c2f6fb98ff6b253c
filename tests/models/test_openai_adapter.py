"""OpenAI-compatible adapter against the real loopback server (tests/support/fake_openai.py)."""
from __future__ import annotations

import json

import pytest

from machinepsych.core.errors import MissingCredentialsError, ModelCallError, UnknownNameError
from machinepsych.models import OpenAIModel
from machinepsych.models.base import GenerateOptions
from machinepsych.models.openai_compat import DETAIL_MOST, parse_openai_response, status_error, to_openai_messages
from machinepsych.core.types import ImagePart, Message, TextPart

PNG = b"\x89PNG\r\n\x1a\nfake"
TRANSPORTS = ["aiohttp", "httpx", "direct"]
FAST = GenerateOptions(timeout_s=10, max_tokens=16, temperature=0.0, seed=3)  # generous: loaded CI machines


def test_text_messages_become_plain_strings():
    out = to_openai_messages([Message.text("system", "S"), Message("user", (TextPart("a"), TextPart("b")))])
    assert out == [{"role": "system", "content": "S"}, {"role": "user", "content": "a\nb"}]


def test_image_parts_become_data_urls():
    (msg,) = to_openai_messages([Message("user", (TextPart("look"), ImagePart(PNG)))])
    assert msg["content"][0] == {"type": "text", "text": "look"}
    assert msg["content"][1]["type"] == "image_url"
    assert msg["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")


def test_usage_parsing_with_cached_tokens():
    c = parse_openai_response(
        {"model": "m", "choices": [{"message": {"content": "hi"}, "finish_reason": "stop"}],
         "usage": {"prompt_tokens": 10, "completion_tokens": 2, "prompt_tokens_details": {"cached_tokens": 4}}},
        "m",
    )
    assert (c.text, c.usage.prompt_tokens, c.usage.completion_tokens, c.usage.cached_tokens) == ("hi", 10, 2, 4)
    assert parse_openai_response({"choices": [{"message": {"content": None}}]}, "m").usage.total == 0
    with pytest.raises(ValueError):
        parse_openai_response({"choices": []}, "m")


def test_missing_key_without_base_url(no_api_keys):
    with pytest.raises(MissingCredentialsError, match="OPENAI_API_KEY"):
        OpenAIModel("gpt-4o")


def test_unknown_transport(no_api_keys):
    with pytest.raises(UnknownNameError, match="aiohttp"):
        OpenAIModel("m", base_url="http://127.0.0.1:1/v1", transport="curl")  # type: ignore[arg-type]


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_generate_round_trip(fake_openai, no_api_keys, transport):
    fake_openai.cached_tokens = 1
    model = OpenAIModel("fake-model", base_url=fake_openai.base_url, transport=transport)
    msgs = [Message.text("system", "sort cards"), Message("user", (TextPart("trial 1"), ImagePart(PNG)))]
    c = await model.generate(msgs, FAST)
    await model.aclose()
    assert c.text.startswith("Selection: ") and c.finish_reason == "stop"
    assert c.usage.prompt_tokens == 4 and c.usage.completion_tokens == 2 and c.usage.cached_tokens == 1
    (body,) = fake_openai.bodies
    assert body["max_tokens"] == 16 and body["seed"] == 3 and body["temperature"] == 0.0
    assert body["messages"][1]["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")


async def test_key_sent_only_as_header(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-SECRET-0123456789")
    model = OpenAIModel("fake-model", base_url=fake_openai.base_url)
    await model.generate([Message.text("user", "q")], FAST)
    await model.aclose()
    req = fake_openai.requests[0]
    assert req.headers["Authorization"] == "Bearer sk-test-SECRET-0123456789"
    assert "SECRET" not in str(req.body)
    assert "SECRET" not in str(model.describe()) and "SECRET" not in repr(model)


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("fault,status", [("429", 429), ("500", 500), ("503", 503), ("garbage", None),
                                          ("reset", None), ("hang", None)])
async def test_transient_faults(fake_openai, no_api_keys, transport, fault, status):
    model = OpenAIModel("fake-model", base_url=fake_openai.base_url, transport=transport)
    fake_openai.script(fault)
    with pytest.raises(ModelCallError) as info:
        # only a hang should time out: other faults answer at once, even on a loaded machine
        await model.generate([Message.text("user", "q")], GenerateOptions(timeout_s=0.3 if fault == "hang" else 10))
    assert info.value.transient and info.value.status == status
    # the same adapter keeps working after the fault
    assert (await model.generate([Message.text("user", "q")], FAST)).text.startswith("Selection")
    await model.aclose()


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("fault,hint", [("401", "OPENAI_API_KEY"), ("404", "model name"), ("400", "rejected")])
async def test_permanent_faults(fake_openai, monkeypatch, transport, fault, hint):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-SECRET-0123456789")
    model = OpenAIModel("fake-model", base_url=fake_openai.base_url, transport=transport)
    fake_openai.script(fault)
    with pytest.raises(ModelCallError) as info:
        await model.generate([Message.text("user", "q")], FAST)
    await model.aclose()
    assert not info.value.transient and info.value.status == int(fault)
    assert hint in str(info.value) and "SECRET" not in str(info.value)


async def test_connection_refused_is_transient(no_api_keys, fake_openai_factory):
    srv = fake_openai_factory()
    url = srv.base_url
    srv.stop()
    model = OpenAIModel("m", base_url=url)
    with pytest.raises(ModelCallError) as info:
        await model.generate([Message.text("user", "q")], FAST)
    await model.aclose()
    assert info.value.transient


def test_random_faults_are_seeded(fake_openai_factory):
    import asyncio

    async def run(srv):
        model = OpenAIModel("m", base_url=srv.base_url, transport="direct")
        outcomes = []
        for i in range(20):
            try:
                # no "hang" faults here: a generous timeout keeps a slow, loaded machine from
                # turning a normal reply into a timeout (that made the outcomes differ)
                await model.generate([Message.text("user", str(i))], GenerateOptions(timeout_s=10))
                outcomes.append("ok")
            except ModelCallError as exc:
                outcomes.append("transient" if exc.transient else "permanent")
        await model.aclose()
        return outcomes

    a = asyncio.run(run(fake_openai_factory(fault_rate=0.3, seed=7, fault_kinds=("429", "500", "garbage"))))
    b = asyncio.run(run(fake_openai_factory(fault_rate=0.3, seed=7, fault_kinds=("429", "500", "garbage"))))
    assert a == b and "transient" in a and "ok" in a and "permanent" not in a


def _failure_from(transport: str, status: str, body: bytes) -> str:
    """The error a model raises when a loopback endpoint answers ``status`` (e.g. "500
    Internal Server Error") with ``body``."""
    import asyncio

    async def main() -> str:
        async def answer(reader, writer):
            await reader.readuntil(b"\r\n\r\n")
            writer.write(f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}"
                         "\r\nConnection: close\r\n\r\n".encode() + body)
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(answer, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        model = OpenAIModel("m", base_url=f"http://127.0.0.1:{port}/v1", transport=transport)
        try:
            with pytest.raises(ModelCallError) as err:
                await model.generate([Message.text("user", "hi")], FAST)
            return str(err.value)
        finally:
            await model.aclose()
            server.close()

    return asyncio.run(main())


@pytest.mark.parametrize("transport", ["direct", "httpx"])
def test_garbage_body_is_not_reported_as_a_codec(transport):
    """A 200 whose body is neither JSON nor UTF-8, its first bytes shaped like UTF-16 (NUL,
    byte, NUL, byte): "the body is not JSON", never a utf-16/utf-32 decode error (issue 30)."""
    msg = _failure_from(transport, "200 OK", b"\x00G\x00A\x00R\x00B\x00\xff garbage!")  # odd length: not UTF-16
    assert "not JSON" in msg and "utf-16" not in msg.lower() and "utf-32" not in msg.lower(), msg
    assert "\n" not in msg


@pytest.mark.parametrize("raw", [
    b'{"choices": [{"message": {"content": "Selection: 2"}}], "usage": {"prompt_tokens": 12}}',
    b'{"created": 1234567890123456789012, "x": [1e-7, -0.0, 2.5]}', b'{"a": NaN, "b": -Infinity}',
    '{"content": "caf\u00e9 \u2713"}'.encode(), b'{"s": "\\ud800"}', b'{"k": 1, "k": 2}'])
def test_reply_json_is_what_the_standard_library_reads(raw):
    """The direct transport reads a reply through orjson where it gives json.loads's value:
    the same value and types (big integers exact, NaN, lone surrogates, repeated keys)."""
    from machinepsych.models.openai_compat import json_body

    fast, standard = json_body(raw), json.loads(raw.decode("utf-8"))
    assert repr(fast) == repr(standard)


def _shown_raw(msg: str) -> list[str]:
    """The characters of ``msg`` a terminal would not print as themselves."""
    return [c for c in msg if not c.isprintable()]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_an_error_body_of_raw_bytes_stays_one_escaped_line(transport):
    """A 500 whose body is every byte value, 2,048 of them (NUL, ESC, newlines): the failure is
    one line with no control character in it, the body cut with its size (issue 30: on the
    direct transport it reached the terminal raw, three lines)."""
    msg = _failure_from(transport, "500 Internal Server Error", bytes(range(256)) * 8)
    assert "HTTP 500" in msg and not _shown_raw(msg), repr(msg)
    assert len(msg) < 500, len(msg)
    if transport == "direct":  # the SDKs say "Error code: 500" and keep the body to themselves
        assert "\\x00\\x01" in msg and "\\x1b" in msg and "(2,048 bytes in all)" in msg, msg


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_an_endpoints_error_message_cannot_colour_or_split_the_line(transport, monkeypatch):
    """A JSON ``error.message`` with a colour escape, a newline and a carriage return, and the
    key: printed escaped, folded into one line, the key still redacted, on every transport."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-SECRET-0123456789")
    text = "bad model \x1b[31m RED\nsecond line\rthird, key sk-test-SECRET-0123456789"
    msg = _failure_from(transport, "400 Bad Request", json.dumps({"error": {"message": text}}).encode())
    assert not _shown_raw(msg) and "SECRET" not in msg, repr(msg)
    assert "bad model \\x1b[31m RED second line third, key" in msg and "The request was rejected" in msg, msg


def test_a_long_error_message_is_cut_after_the_key_is_redacted(monkeypatch):
    """The cut comes after redaction: a key across the cut is masked, never left half shown."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-SECRET-0123456789")
    detail = "x" * (DETAIL_MOST - 10) + " sk-test-SECRET-0123456789 " + "y" * 5000
    msg = str(status_error(502, detail, where="host", key_env="OPENAI_API_KEY"))
    assert "sk-test-SEC" not in msg and "y" * 50 not in msg and "bytes in all)" in msg, msg
    # an escape is never cut in two
    for n in range(DETAIL_MOST - 8, DETAIL_MOST + 2):
        cut = str(status_error(502, "a" * n + "\x00" * 20, where="host", key_env="OPENAI_API_KEY"))
        assert "\\x00..." in cut or "a..." in cut, cut


def test_gave_up_message_names_each_error_once_without_double_stops():
    """The retry boundary's last word: one sentence, the repeated error said once, no ".."."""
    import asyncio

    from machinepsych.models.retry import RetryPolicy, call_model

    class Slow:
        name = "openai:slow"
        concurrency_key = staticmethod(lambda: "slow-test")

        async def generate(self, messages, options):
            await asyncio.sleep(1)

        def cost(self, usage):
            return None

    async def no_wait(_s):
        return None

    opts = GenerateOptions(timeout_s=0.01)
    with pytest.raises(ModelCallError) as err:
        asyncio.run(call_model(Slow(), [Message.text("user", "x")], opts, "choice",
                               RetryPolicy(max_attempts=3, sleep=no_wait), 1))
    msg = str(err.value)
    assert "gave up after 3 attempts" in msg and ".." not in msg, msg
    assert msg.count("timed out") == 1, msg
    with pytest.raises(ModelCallError) as err:  # --max-attempts 1: "after 1 attempt", as a person writes it
        asyncio.run(call_model(Slow(), [Message.text("user", "x")], opts, "choice",
                               RetryPolicy(max_attempts=1, sleep=no_wait), 1))
    assert "gave up after 1 attempt:" in str(err.value), str(err.value)

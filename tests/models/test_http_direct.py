"""The direct transport's HTTP client against small real servers that misbehave in the ways
real ones do: chunked bodies, a kept-alive connection closed while idle, a connection closed
mid-reply, ``Connection: close``, a reply that never ends."""
from __future__ import annotations

import asyncio
import gc
import json
import warnings

import pytest

from machinepsych.core.types import Message
from machinepsych.models.base import GenerateOptions
from machinepsych.core.errors import ModelCallError
from machinepsych.models import http_direct
from machinepsych.models.http_direct import DirectHTTPClient, HTTPConnectionError
from machinepsych.models.openai_compat import OpenAIModel

REPLY = json.dumps({"choices": [{"message": {"content": "Selection: 3"}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 5, "completion_tokens": 2}}).encode()


class Server:
    """A raw TCP server: ``behaviour(n, request_bytes, writer)`` answers the n-th request."""

    def __init__(self, behaviour):
        self.behaviour = behaviour
        self.requests: list[bytes] = []
        self.connections = 0

    async def __aenter__(self):
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.url = f"http://user:secret@127.0.0.1:{self.server.sockets[0].getsockname()[1]}/v1"
        return self

    async def __aexit__(self, *exc):
        self.server.close()
        await self.server.wait_closed()

    async def _handle(self, reader, writer):
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length")))
                body = await reader.readexactly(length)
                self.requests.append(head + body)
                keep = await self.behaviour(len(self.requests), head + body, writer)
                await writer.drain()
                if not keep:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


def ok(body: bytes = REPLY, extra: bytes = b"") -> bytes:
    return b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + extra + \
        b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body


async def post(client: DirectHTTPClient, n: int = 1, timeout: float = 5.0):
    return [await client.post("/chat/completions", b'{"x": %d}' % i, timeout) for i in range(n)]


async def test_keeps_the_connection_alive_and_sends_a_well_formed_request():
    async def answer(n, req, w):
        w.write(ok())
        return True

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {"Authorization": "Bearer k"})
        results = await post(client, 3)
        await client.close()
    assert results == [(200, REPLY)] * 3
    assert srv.connections == 1  # one kept-alive connection for the three requests
    head = srv.requests[0].split(b"\r\n\r\n")[0].decode()
    assert head.startswith("POST /v1/chat/completions HTTP/1.1")
    assert "Host: 127.0.0.1:" in head and "secret" not in head  # URL credentials are never sent
    assert "Authorization: Bearer k" in head and "Content-Length: 8" in head


async def test_chunked_body_is_reassembled():
    async def answer(n, req, w):
        half = len(REPLY) // 2
        w.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
        for part in (REPLY[:half], REPLY[half:]):
            w.write(b"%x\r\n" % len(part) + part + b"\r\n")
        w.write(b"0\r\n\r\n")
        return True

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        assert await post(client) == [(200, REPLY)]
        await client.close()


async def test_large_replies_read_together_on_several_connections_arrive_intact():
    """The client reads every connection's reply into one buffer: replies larger than it,
    written in pieces on four connections at once (chunked and with a length), each come back
    whole and unmixed."""
    assert 150_000 > http_direct.READ_BUFFER

    def body_for(req: bytes) -> bytes:
        k = int(req.rpartition(b'"x": ')[2].rstrip(b"}"))
        return bytes((k * 7 + i) % 251 for i in range(150_000 + k))

    async def answer(n, req, w):
        body = body_for(req)
        if n % 2:
            w.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body))
            pieces = [body[i:i + 20_000] for i in range(0, len(body), 20_000)]
        else:
            w.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            pieces = [b"%x\r\n%s\r\n" % (len(p), p) for p in (body[i:i + 30_000] for i in range(0, len(body), 30_000))]
            pieces.append(b"0\r\n\r\n")
        for piece in pieces:
            w.write(piece)
            await w.drain()
            await asyncio.sleep(0.001)  # the other connections' pieces come in between
        return True

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        replies = await asyncio.gather(*(client.post("/chat/completions", b'{"x": %d}' % k, 5.0) for k in range(4)))
        assert [r == (200, body_for(b'{"x": %d}' % k)) for k, r in enumerate(replies)] == [True] * 4
        assert srv.connections == 4
        await client.close()


async def test_connection_closed_while_idle_is_replaced_once():
    async def answer(n, req, w):  # answers, then closes the kept-alive connection
        w.write(ok())
        return False

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        assert await post(client, 3) == [(200, REPLY)] * 3
        await client.close()
    assert srv.connections == 3 and len(srv.requests) == 3


async def test_connection_close_header_is_honoured():
    async def answer(n, req, w):
        w.write(ok(extra=b"Connection: close\r\n"))
        return True  # the server would keep it open: the client must not reuse it

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        assert await post(client, 2) == [(200, REPLY)] * 2
        await client.close()
    assert srv.connections == 2


async def test_reply_cut_mid_body_fails_and_is_not_resent():
    async def answer(n, req, w):
        w.write(ok()[:-10])
        return False

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        with pytest.raises(HTTPConnectionError):
            await post(client)
        await client.close()
    assert len(srv.requests) == 1


async def test_a_reply_that_never_ends_times_out_and_the_connection_is_dropped():
    async def answer(n, req, w):
        if n == 1:
            w.write(ok()[:-10])  # then nothing
            await asyncio.sleep(1.0)
            return False
        w.write(ok())
        return True

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        with pytest.raises(TimeoutError):
            await client.post("/chat/completions", b"{}", 0.2)
        assert await post(client) == [(200, REPLY)]  # a new connection, not the half-read one
        await client.close()
    assert srv.connections == 2



async def test_requests_in_flight_share_one_timer_and_a_late_one_still_times_out():
    """The requests' deadlines (all of one bound) share one timer in the loop's heap instead
    of one each; a request whose reply never comes still fails at its own deadline, after
    earlier ones ended in time."""
    gate = asyncio.Event()

    async def answer(n, req, w):
        if b'"late"' in req:
            await asyncio.sleep(1.0)  # no answer within the bound: the connection stays open, silent
            return False
        await gate.wait()
        w.write(ok())
        return True

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        loop = asyncio.get_running_loop()
        calls = [asyncio.ensure_future(client.post("/chat/completions", b'{"x": %d}' % i, 60)) for i in range(40)]
        for _ in range(50):
            await asyncio.sleep(0.01)
            if len(srv.requests) == 40:
                break
        timers = len(loop._scheduled)
        gate.set()
        assert [r for r in await asyncio.gather(*calls)] == [(200, REPLY)] * 40
        assert timers <= 2  # one timer per request before: 40
        with pytest.raises(TimeoutError):
            await client.post("/chat/completions", b'"late"', 0.2)
        assert await post(client) == [(200, REPLY)]
        await client.close()

async def test_adapter_maps_status_and_connection_faults(no_api_keys):
    async def answer(n, req, w):
        if n == 1:
            body = b'{"error": {"message": "slow down"}}'
            w.write(b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
            return True
        if n == 2:
            w.write(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nnot j")
            return True
        w.write(ok())
        return True

    async with Server(answer) as srv:
        model = OpenAIModel("m", base_url=srv.url, transport="direct")
        opts = GenerateOptions(timeout_s=5)
        msgs = [Message.text("user", "hello")]
        with pytest.raises(ModelCallError) as rate:
            await model.generate(msgs, opts)
        with pytest.raises(ModelCallError) as garbage:
            await model.generate(msgs, opts)
        done = await model.generate(msgs, opts)
        await model.aclose()
    assert rate.value.transient and rate.value.status == 429 and "slow down" in str(rate.value)
    assert garbage.value.transient and "Malformed" in str(garbage.value)
    assert done.text == "Selection: 3" and done.usage.prompt_tokens == 5
    sent = json.loads(srv.requests[-1].split(b"\r\n\r\n", 1)[1])
    assert sent["messages"] == [{"role": "user", "content": "hello"}] and sent["model"] == "m"


async def test_unknown_host_and_refused_port_are_connection_errors(no_api_keys):
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for url in (f"http://127.0.0.1:{port}/v1", "http://no-such-host.invalid/v1"):
        model = OpenAIModel("m", base_url=url, transport="direct")
        with pytest.raises(ModelCallError) as info:
            await model.generate([Message.text("user", "q")], GenerateOptions(timeout_s=5))
        await model.aclose()
        assert info.value.transient and "Connection to" in str(info.value) and "cannot connect" in str(info.value)


async def test_opens_connections_ahead_and_sends_on_them():
    """``open(n)`` before a run's sessions start: each first request goes out on a connection
    already open (its bytes are written in the same step that builds it), none is opened
    later; a refused endpoint leaves nothing open and raises nothing."""
    async def answer(n, req, w):
        w.write(ok())
        return True

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        assert await client.open(4, timeout_s=5.0) == 4
        await asyncio.sleep(0.05)  # the server side has accepted them
        assert srv.connections == 4 and srv.requests == []
        assert await client.open(3, timeout_s=5.0) == 4  # enough are open already
        results = await asyncio.gather(*(client.post("/chat/completions", b'{"x": %d}' % i, 5.0) for i in range(4)))
        await client.close()
    assert results == [(200, REPLY)] * 4
    assert srv.connections == 4  # the four requests used the four open connections

    refused = DirectHTTPClient(srv.url, {})  # the server has closed: connections are refused
    assert await refused.open(2, timeout_s=5.0) == 0
    await refused.close()
    with pytest.raises(HTTPConnectionError, match="cannot connect"):
        await refused.post("/chat/completions", b"{}", 5.0)


async def test_opening_many_resolves_the_host_once_and_every_connection_carries_a_request(monkeypatch):
    """``open(n)`` to ``localhost``: the name is resolved for the first connection only (a
    lookup per connection cost a thread hop each), the others go to the address that
    answered, and each of the n carries a request."""
    async def answer(n, req, w):
        w.write(ok())
        return True

    lookups = []
    real = asyncio.BaseEventLoop.getaddrinfo

    async def counting(self, host, *args, **kwargs):
        lookups.append(host)
        return await real(self, host, *args, **kwargs)

    monkeypatch.setattr(asyncio.BaseEventLoop, "getaddrinfo", counting)
    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url.replace("127.0.0.1", "localhost"), {})
        assert await client.open(6, timeout_s=5.0) == 6
        results = await asyncio.gather(*(client.post("/chat/completions", b'{"x": %d}' % i, 5.0) for i in range(6)))
        await client.close()
    assert lookups == ["localhost"]
    assert results == [(200, REPLY)] * 6 and srv.connections == 6


async def test_closing_the_client_while_it_opens_connections_leaves_none_open():
    """A client closed while ``open`` is still adopting its connections closes every one it
    started: each connection the server accepted ends."""
    accepted, ended = [], []

    async def handle(reader, writer):
        accepted.append(writer)
        await reader.read()  # until the client closes its end
        ended.append(writer)
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    client = DirectHTTPClient(f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/v1", {})
    opening = asyncio.create_task(client.open(32, timeout_s=5.0))
    for _ in range(500):  # until the first connection is in and the others are being adopted
        await asyncio.sleep(0)
        if accepted and client._opening:
            break
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        await client.close()
        await opening
        del opening
        gc.collect()  # a socket left to the collector warns as it is closed
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]
    for _ in range(100):
        await asyncio.sleep(0.01)
        if len(ended) == len(accepted):
            break
    assert accepted and len(ended) == len(accepted)
    server.close()
    await server.wait_closed()


async def test_the_adapter_warms_only_the_direct_transport():
    async def answer(n, req, w):
        w.write(ok())
        return True

    async with Server(answer) as srv:
        direct = OpenAIModel("m", base_url=srv.url, transport="direct")
        await direct.warm(3)
        sdk = OpenAIModel("m", base_url=srv.url, transport="httpx")
        await sdk.warm(3)  # the SDK opens its connections on demand
        await asyncio.sleep(0.05)
        assert srv.connections == 3
        reply = await direct.generate([Message.text("user", "Which pile?")], GenerateOptions(timeout_s=5.0))
        await direct.aclose()
        await sdk.aclose()
    assert reply.text == "Selection: 3" and srv.connections == 3


async def test_a_connection_reset_after_the_request_is_raised_not_resent():
    """The request may have reached the server: the client never sends it again itself (the
    runner retries it and records the attempt's error), even on a kept-alive connection."""
    async def answer(n, req, w):
        if n == 1:
            w.write(ok())
            return True
        w.transport.abort()  # reset, no reply
        return False

    async with Server(answer) as srv:
        client = DirectHTTPClient(srv.url, {})
        assert await post(client) == [(200, REPLY)]
        with pytest.raises(HTTPConnectionError):
            await post(client)  # on the kept-alive connection
        await client.close()
    assert len(srv.requests) == 2 and srv.connections == 1

"""A lean loopback OpenAI-compatible endpoint for benchmarks: a fixed latency, almost no CPU.

The benchmarks measure the runner against an endpoint whose only cost is its latency, as a
remote server's would be. On a small machine the endpoint shares the cores with the runner,
so what it spends per request is taken from the runner: the full fake server
(``tests/support/fake_openai.py``, an aiohttp application with fault injection and request
recording) spends about 0.4 ms of CPU per request; this one, an ``asyncio.Protocol`` with the
``httptools`` request parser and a canned reply, a few tens of microseconds. It answers every
POST after ``--latency-ms`` with ``Selection: k``, k in 1..4 from the request body's length
(deterministic), and usage counts; no faults, no records (use the fake server for those).

The latency is kept to about 0.1 ms: the event loop waits with ``select()``, whose timeout
has microsecond resolution (``epoll``'s is whole milliseconds, rounded up, so a reply would
come up to 1 ms late and an endpoint meant to take 50 ms would take 50.5-51). ``GET /stats``
answers the number of replies and the sum of their actual latencies (request complete to
reply written), so a benchmark can show the latency it really got.

    python -m tests.support.loopback_endpoint --port 0 --latency-ms 50   # prints "PORT <n>"
"""
from __future__ import annotations

import argparse
import asyncio
import json
import selectors
import time
import urllib.request

import httptools

from tests.support.subprocess_server import server_process


def reply_body(request_len: int) -> bytes:
    text = f"Selection: {request_len % 4 + 1}"
    return json.dumps({
        "id": "chatcmpl-loopback", "object": "chat.completion", "model": "loopback",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": request_len // 4, "completion_tokens": 3, "total_tokens": request_len // 4 + 3},
    }).encode()


class _Stats:
    replies = 0
    latency_s = 0.0  # sum over the replies


class _Endpoint(asyncio.BufferedProtocol):
    """Requests are read into one buffer (a plain ``Protocol`` gets each read as a new 256 KiB
    bytes object, which can cost the C library three system calls a request: see
    ``machinepsych.models.http_direct``)."""

    buffer = memoryview(bytearray(256 * 1024))  # shared: each read is parsed before the next

    def __init__(self, latency_s: float):
        self.latency_s = latency_s
        self.parser = httptools.HttpRequestParser(self)
        self.transport: asyncio.Transport | None = None
        self.body_len = 0
        self.url = b""
        self.loop = asyncio.get_running_loop()

    def connection_made(self, transport) -> None:
        self.transport = transport

    def get_buffer(self, sizehint: int) -> memoryview:
        return self.buffer

    def buffer_updated(self, nbytes: int) -> None:
        try:
            self.parser.feed_data(self.buffer[:nbytes])
        except httptools.HttpParserError:
            self.transport.close()  # type: ignore[union-attr]

    def on_message_begin(self) -> None:
        self.body_len = 0
        self.url = b""

    def on_url(self, url: bytes) -> None:
        self.url += url

    def on_body(self, body: bytes) -> None:
        self.body_len += len(body)

    def on_message_complete(self) -> None:
        if self.parser.get_method() == b"GET" and self.url.endswith(b"/stats"):
            self._write(json.dumps({"replies": _Stats.replies, "latency_s": _Stats.latency_s}).encode())
            return
        self.loop.call_later(self.latency_s, self._answer, self.body_len, time.monotonic())

    def _answer(self, body_len: int, since: float) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        self._write(reply_body(body_len))
        _Stats.replies += 1
        _Stats.latency_s += time.monotonic() - since

    def _write(self, body: bytes) -> None:
        self.transport.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "  # type: ignore[union-attr]
                             + str(len(body)).encode() + b"\r\n\r\n" + body)


async def serve(host: str, port: int, latency_s: float) -> None:
    server = await asyncio.get_running_loop().create_server(lambda: _Endpoint(latency_s), host, port, backlog=4096)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


def endpoint_stats(base_url: str) -> tuple[int, float]:
    """(replies so far, sum of their actual latencies in seconds) of a running endpoint."""
    with urllib.request.urlopen(base_url + "/stats", timeout=10) as resp:
        stats = json.loads(resp.read())
    return stats["replies"], stats["latency_s"]


def loopback_in_subprocess(latency_ms: float = 50.0):
    """The endpoint in its own process: a context manager yielding (base URL, process id)."""
    return server_process("tests.support.loopback_endpoint", ["--latency-ms", str(latency_ms)],
                          "loopback endpoint")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--latency-ms", type=float, default=50.0)
    args = ap.parse_args()
    try:
        # select(): timers to the microsecond (an endpoint serves a few hundred connections at most)
        with asyncio.Runner(loop_factory=lambda: asyncio.SelectorEventLoop(selectors.SelectSelector())) as runner:
            runner.run(serve(args.host, args.port, args.latency_ms / 1000))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

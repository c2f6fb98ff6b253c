"""A lean HTTP/1.1 client for the ``direct`` transport: JSON POSTs over kept-alive connections.

One request costs a few tens of microseconds of CPU here, against about 0.3 ms through a
general-purpose client session (its request and response objects, cookie jar, tracing
hooks, timers and stream readers are most of the per-call cost at hundreds of concurrent
sessions). The parsing is done by ``httptools`` (the llhttp parser, as used by uvicorn):
status line, headers, Content-Length and chunked bodies, keep-alive. What is written here
is the connection pool: an idle connection is reused, a new one opened when none is idle.

Scope: one base URL (http or https), POST with a JSON body, the whole response read into
memory. No proxies, redirects, cookies or compression (no Accept-Encoding is sent, so a
server answers uncompressed). Before an idle kept-alive connection is reused it is polled
(no wait): one the server has closed, or that holds bytes nobody asked for, is dropped and
another used (as httpcore does). A request is never sent twice by this client: every failure
once it is sent, a connection closed at that very moment included, is raised for the runner
to classify, record and retry.

Replies are read into one buffer the client keeps (``asyncio.BufferedProtocol``): a plain
``Protocol`` has the event loop read every reply into a new 256 KiB bytes object, which the C
library maps, shrinks and unmaps each time while its heap has not grown past that size (three
system calls and a zeroed page: 29 us a read against 5 on the development machine; a process
whose heap has grown gets it from the heap, for less).
"""
from __future__ import annotations

import asyncio
import errno
import select
import socket
import ssl
from urllib.parse import urlsplit

import httptools

from machinepsych.core.deadlines import Deadlines, end


class HTTPConnectionError(ConnectionError):
    """The connection failed or closed before a complete response arrived."""


READ_BUFFER = 64 * 1024  # bytes read at most per read of a reply (a larger reply takes several)


class _Connection(asyncio.BufferedProtocol):
    """One TCP (or TLS) connection: one request at a time, its response parsed as it comes,
    read into ``buffer`` (shared by a client's connections: each read is parsed before the
    event loop reads anything else, and the parser copies what it keeps)."""

    __slots__ = ("transport", "parser", "waiter", "status", "chunks", "closed", "keep", "framed",
                 "headers_done", "rate_headers", "buffer", "poller")

    def __init__(self, buffer: memoryview) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = buffer
        self.poller: select.poll | None = None  # polls the socket while the connection is idle
        self.parser = httptools.HttpResponseParser(self)
        self.waiter: asyncio.Future | None = None
        self.status = 0
        self.chunks: list[bytes] = []
        self.closed = False
        self.keep = False
        self.framed = False  # the reply declares its length (Content-Length or chunked)
        self.headers_done = False
        self.rate_headers: dict[str, str] | None = None  # Retry-After and rate-limit headers, for the retry layer

    # asyncio.BufferedProtocol
    def connection_made(self, transport) -> None:
        self.transport = transport
        sock = transport.get_extra_info("socket")
        if sock is not None and hasattr(select, "poll"):
            self.poller = select.poll()
            self.poller.register(sock.fileno(), select.POLLIN)

    def get_buffer(self, sizehint: int) -> memoryview:
        return self.buffer

    def buffer_updated(self, nbytes: int) -> None:
        try:
            self.parser.feed_data(self.buffer[:nbytes])
        except httptools.HttpParserError as exc:
            self._fail(HTTPConnectionError(f"malformed HTTP response: {exc}"))
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.headers_done and not self.framed and self.waiter is not None and not self.waiter.done():
            self.keep = False  # a body without Content-Length or chunks ends with the connection
            self.waiter.set_result((self.status, b"".join(self.chunks)))
            return
        self._fail(HTTPConnectionError(f"connection closed{': ' + str(exc) if exc else ''} before the response ended"))

    # httptools callbacks (the status is read with the headers' end: no on_status callback)
    def on_header(self, name: bytes, value: bytes) -> None:
        low = name.lower()
        if low in (b"content-length", b"transfer-encoding"):
            self.framed = True
        elif low.startswith(_RATE_PREFIXES):
            if self.rate_headers is None:
                self.rate_headers = {}
            self.rate_headers[low.decode("latin-1")] = value.decode("latin-1")

    def on_headers_complete(self) -> None:
        self.status = self.parser.get_status_code()
        self.headers_done = True

    def on_body(self, body: bytes) -> None:
        self.chunks.append(body)

    def on_message_complete(self) -> None:
        self.keep = self.parser.should_keep_alive()
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result((self.status, b"".join(self.chunks)))

    # client side
    def send(self, data: bytes, loop: asyncio.AbstractEventLoop) -> asyncio.Future:
        self.waiter = loop.create_future()
        self.status, self.chunks, self.keep = 0, [], False
        self.framed = self.headers_done = False
        self.rate_headers = None
        self.transport.write(data)  # type: ignore[union-attr]
        return self.waiter

    def reusable(self) -> bool:
        """Open, and nothing readable on the socket: an idle HTTP/1.1 connection that can be
        read from has been closed by the server (end of file) or holds bytes that belong to
        no request; either way it must not carry the next one."""
        if self.closed or self.transport is None or self.transport.is_closing():
            return False
        if self.poller is not None:  # registered once, when the connection was made
            return not self.poller.poll(0)
        sock = self.transport.get_extra_info("socket")
        return sock is None or not _ready_now(sock.fileno(), write=False)

    def _fail(self, exc: Exception) -> None:
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_exception(exc)

    def close(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()


class DirectHTTPClient:
    """POSTs JSON to one base URL over a pool of kept-alive connections (one event loop)."""

    def __init__(self, base_url: str, headers: dict[str, str]):
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {base_url!r}")
        self.host = parts.hostname
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.ssl = ssl.create_default_context() if parts.scheme == "https" else None
        self.prefix = parts.path.rstrip("/")
        host_header = parts.netloc.rpartition("@")[2]  # never send credentials from the URL
        fixed = {"Host": host_header, "User-Agent": "machinepsych", "Accept": "application/json",
                 "Content-Type": "application/json", "Connection": "keep-alive", **headers}
        self._head_fields = "".join(f"{k}: {v}\r\n" for k, v in fixed.items())
        self._heads: dict[str, bytes] = {}  # path -> the request line and fixed headers, encoded
        self._buffer = memoryview(bytearray(READ_BUFFER))  # what every connection reads into
        self._idle: list[_Connection] = []
        self._all: set[_Connection] = set()
        self._opening: set[asyncio.Task] = set()
        self._deadlines: dict[float, Deadlines] = {}  # timeout -> the requests' deadlines with that bound
        self.loop = asyncio.get_running_loop()

    def _request(self, path: str, body: bytes) -> bytes:
        head = self._heads.get(path)
        if head is None:
            head = self._heads[path] = (f"POST {self.prefix}{path} HTTP/1.1\r\n{self._head_fields}Content-Length: "
                                        .encode("latin-1"))
        return b"%s%d\r\n\r\n%s" % (head, len(body), body)

    def _new_connection(self) -> _Connection:
        return _Connection(self._buffer)

    async def _connect(self) -> _Connection:
        try:
            _, conn = await self.loop.create_connection(
                self._new_connection, self.host, self.port, ssl=self.ssl, server_hostname=self.host if self.ssl else None)
        except OSError as exc:  # refused, unreachable, unknown host (gaierror), TLS failure
            raise HTTPConnectionError(f"cannot connect to {self.host}:{self.port}: {exc}") from exc
        self._all.add(conn)
        return conn

    async def open(self, n: int, timeout_s: float) -> int:
        """Open up to ``n`` connections at once, before the first requests, and keep them idle;
        returns how many are open. Sessions that start together then each send their first
        request as soon as it is built, instead of all waiting for their own connection and
        sending in one burst. A connection that fails is skipped (the requests report the
        fault); one still opening after ``timeout_s`` joins the pool when it is ready."""
        want = n - len(self._idle)
        if want <= 0:
            return len(self._idle)
        task = self.loop.create_task(self._open_many(want))
        self._opening.add(task)
        await asyncio.wait([task], timeout=timeout_s)
        return len(self._idle)

    async def _open_many(self, want: int) -> None:
        """The first connection the usual way (the host resolved, each of its addresses tried);
        the others to the address that answered, their connects all issued before any is
        waited for, so the handshakes (TLS ones too) overlap and the host is not resolved once
        per connection (a name like ``localhost`` cost a thread hop each time). Measured with
        64 connections to a loopback server (medians, interleaved): 6-8 ms instead of 9-12 ms,
        and 7-9.5 ms instead of 15-21 ms for ``localhost``."""
        started: list[socket.socket] = []
        adopted: set[socket.socket] = set()
        try:
            try:
                first = await self._connect()
            except HTTPConnectionError:
                return
            self._idle.append(first)
            sock = first.transport.get_extra_info("socket")  # type: ignore[union-attr]
            peer = first.transport.get_extra_info("peername")  # type: ignore[union-attr]
            if sock is None or peer is None:
                return
            for _ in range(want - 1):
                s = socket.socket(sock.family, socket.SOCK_STREAM)
                s.setblocking(False)
                if s.connect_ex(peer) in _CONNECTING:
                    started.append(s)
                else:
                    s.close()
            await asyncio.gather(*(self._adopt(s, adopted) for s in started))
        finally:
            for s in started:  # cancelled (the client closed) before these had a connection
                if s not in adopted:
                    s.close()
            self._opening.discard(asyncio.current_task())  # type: ignore[arg-type]

    async def _adopt(self, sock: socket.socket, adopted: set[socket.socket]) -> None:
        """``sock``, whose connect was issued, as an idle connection of the pool as soon as
        it is ready (and added to ``adopted``); closed if the connect failed."""
        try:
            if not _ready_now(sock.fileno(), write=True):  # a remote server: wait for the handshake
                ready = self.loop.create_future()
                self.loop.add_writer(sock.fileno(), _resolve_once, ready)
                try:
                    await ready
                finally:
                    self.loop.remove_writer(sock.fileno())
            if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                sock.close()
                return
            _, conn = await self.loop.create_connection(
                self._new_connection, sock=sock, ssl=self.ssl, server_hostname=self.host if self.ssl else None)
        except OSError:
            sock.close()
            return
        adopted.add(sock)
        self._all.add(conn)
        self._idle.append(conn)

    async def post(self, path: str, body: bytes, timeout_s: float | None = None) -> tuple[int, bytes]:
        """(status, body) of a POST; :class:`HTTPConnectionError` or TimeoutError on failure."""
        status, raw, _ = await self.post_with_headers(path, body, timeout_s)
        return status, raw

    async def post_with_headers(self, path: str, body: bytes,
                                timeout_s: float | None = None) -> tuple[int, bytes, dict[str, str] | None]:
        """(status, body, rate-limit headers) of a POST: the headers are only ``Retry-After``,
        ``retry-after-ms``, ``x-ratelimit-*`` and ``anthropic-ratelimit-*`` (names lower-case),
        None when the reply had none."""
        data = self._request(path, body)
        conn = None
        while self._idle:
            conn = self._idle.pop()
            if conn.reusable():
                break
            self._drop(conn)  # closed by the server while idle
            conn = None
        if conn is None:
            conn = await self._connect()
        # the exchange itself, in this coroutine (not one more awaited per call); its deadline
        # shares one timer with the other requests' of the same bound
        fut = conn.send(data, self.loop)
        entry = None if not timeout_s or timeout_s <= 0 else self._deadlines_of(timeout_s).add(fut)
        try:
            status, raw = await fut
            result = (status, raw, conn.rate_headers)
        except BaseException:
            self._drop(conn)  # cancelled, timed out or failed mid-response: never reused
            raise
        finally:
            if entry is not None:
                end(entry)
        if conn.keep and not conn.closed:
            self._idle.append(conn)
        else:
            self._drop(conn)
        return result

    def _deadlines_of(self, timeout_s: float) -> Deadlines:
        found = self._deadlines.get(timeout_s)
        if found is None:
            found = self._deadlines[timeout_s] = Deadlines(timeout_s, _expire)
        return found

    def _drop(self, conn: _Connection) -> None:
        conn.close()
        self._all.discard(conn)

    async def close(self) -> None:
        for task in list(self._opening):
            task.cancel()
        for conn in list(self._all):
            conn.close()
        for deadlines in self._deadlines.values():  # their requests end with their connections
            if deadlines.handle is not None:
                deadlines.handle.cancel()
        self._all.clear()
        self._idle.clear()
        await asyncio.sleep(0)  # let the transports run their connection_lost


_RATE_PREFIXES = (b"retry-after", b"x-ratelimit-", b"anthropic-ratelimit-")

# what a non-blocking connect returns: done, or under way (Windows: WSAEWOULDBLOCK)
_CONNECTING = {0, errno.EINPROGRESS, getattr(errno, "WSAEWOULDBLOCK", errno.EINPROGRESS)}


def _ready_now(fd: int, *, write: bool) -> bool:
    """``fd`` is readable (``write=False``: for an idle connection, the server closed it or
    sent bytes nobody asked for) or writable (``write=True``: a connect has finished,
    successfully or not; a loopback connect usually has by the time the call returns),
    without waiting."""
    if not hasattr(select, "poll"):  # Windows
        r, w, _ = select.select([] if write else [fd], [fd] if write else [], [], 0)
        return bool(w if write else r)
    poller = select.poll()
    poller.register(fd, select.POLLOUT if write else select.POLLIN)
    return bool(poller.poll(0))


def _resolve_once(fut: asyncio.Future) -> None:
    if not fut.done():
        fut.set_result(None)


def _expire(fut: asyncio.Future) -> None:
    if not fut.done():
        fut.set_exception(TimeoutError("no complete response within the timeout"))

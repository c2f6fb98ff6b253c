"""A real loopback HTTP server that speaks Anthropic's Messages API (``POST /v1/messages``).

Point the official ``anthropic`` SDK at it (``AnthropicModel(..., base_url=server.base_url)``)
to exercise the whole HTTP path. Everything else (scripted and random faults, ``trickle``,
``latency_s``, recorded requests) comes from :class:`tests.support.fake_openai.FakeOpenAIServer`;
this class changes the wire format:

* request: ``{"model", "max_tokens", "system"?, "messages": [{"role", "content": [blocks]}]}``
  with ``text`` and base64 ``image`` blocks;
* reply: a ``message`` object with ``content: [{"type": "text", ...}]``, ``stop_reason`` and
  ``usage`` (``input_tokens`` = uncached words, ``cache_read_input_tokens`` =
  ``cached_tokens``, ``cache_creation_input_tokens`` = ``cache_written_tokens``);
* errors: ``{"type": "error", "error": {"type", "message"}}`` with Anthropic's error types;
* ``prompt_cache=True``: cache reads and writes accounted as the API does, from the request's
  ``cache_control`` breakpoints (at most 4, else a 400): each breakpoint's prefix (the system
  blocks and message blocks up to it, in order) is written to a prefix cache; a request reads
  the longest cached prefix found at a breakpoint or up to 20 blocks before one
  (``cache_read_input_tokens``), writes what lies between it and its last breakpoint
  (``cache_creation_input_tokens``), and pays the rest as ``input_tokens``. Prefixes shorter
  than ``min_cache_tokens`` are not cached (the API's minimum: 1024 tokens for Sonnet and
  Opus). Tokens are words, as everywhere in the fakes.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .fake_openai import FakeOpenAIServer, _count_tokens, message_text

ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
               404: "not_found_error", 429: "rate_limit_error", 500: "api_error", 503: "api_error",
               504: "api_error", 529: "overloaded_error"}


@dataclass
class FakeAnthropicServer(FakeOpenAIServer):
    cache_written_tokens: int = 0
    prompt_cache: bool = False
    min_cache_tokens: int = 0
    cache_keys: set = field(default_factory=set, init=False, repr=False)

    @property
    def base_url(self) -> str:  # the SDK appends /v1/messages
        return f"http://{self.host}:{self.port}"

    @property
    def bodies(self) -> list[Any]:
        return [r.body for r in self.requests if r.path.endswith("/v1/messages")]

    def _app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/messages", self._messages)
        return app

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        return await self.handle(request, self.messages_payload, auth_headers=("x-api-key", "authorization"))

    def messages_payload(self, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            raise ValueError("messages: field required")
        if not isinstance(body.get("max_tokens"), int):
            raise ValueError("max_tokens: field required")
        msgs = body["messages"]
        for m in msgs:
            if m.get("role") not in ("user", "assistant"):
                raise ValueError(f"messages: unexpected role {m.get('role')!r}")
        roles = [m["role"] for m in msgs]
        if any(a == b for a, b in zip(roles, roles[1:])):
            raise ValueError("messages: roles must alternate between 'user' and 'assistant'")
        text = self.reply(msgs)
        words = _count_tokens(system_text(body.get("system"))) + sum(_count_tokens(message_text(m)) for m in msgs)
        if self.prompt_cache:
            read, written = self.prefix_cache(body)
        else:
            read = min(self.cached_tokens, words)
            written = min(self.cache_written_tokens, words - read)
        return {
            "id": f"msg_{self.count}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "claude-fake"),
            "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": words - read - written, "output_tokens": _count_tokens(text),
                      "cache_read_input_tokens": read, "cache_creation_input_tokens": written},
        }

    def prefix_cache(self, body: dict[str, Any]) -> tuple[int, int]:
        """(tokens read, tokens written) of a request under the API's prompt-cache accounting."""
        system = body.get("system")
        blocks: list[dict] = ([{"type": "text", "text": system}] if isinstance(system, str)
                              else list(system or []))
        for m in body["messages"]:
            content = m.get("content")
            for b in ([{"type": "text", "text": content}] if isinstance(content, str) else content or []):
                blocks.append({**b, "_role": m["role"]})
        marks = [i for i, b in enumerate(blocks) if b.get("cache_control")]
        if len(marks) > 4:
            raise ValueError(f"A maximum of 4 blocks with cache_control may be provided. Found {len(marks)}.")
        if not marks:
            return 0, 0
        sizes = [_count_tokens(b.get("text", "")) if b.get("type") == "text" else 100 for b in blocks]
        ends = [sum(sizes[:i + 1]) for i in range(len(sizes))]
        digest = hashlib.sha256(str(body.get("model")).encode())
        keys = []
        for b in blocks:  # the key of each prefix: the blocks up to it, without their cache_control
            digest.update(json.dumps({k: v for k, v in b.items() if k != "cache_control"}, sort_keys=True).encode())
            keys.append(digest.copy().hexdigest())
        hit = -1
        for m in marks:
            for j in range(m, max(-1, m - 20), -1):
                if keys[j] in self.cache_keys:
                    hit = max(hit, j)
                    break
        read = ends[hit] if hit >= 0 else 0
        last = marks[-1]
        written = 0
        if last > hit and ends[last] >= self.min_cache_tokens:
            written = ends[last] - read
        for m in marks:
            if ends[m] >= self.min_cache_tokens:
                self.cache_keys.add(keys[m])
        return read, written

    def error_response(self, status: int, code: str, message: str) -> web.Response:
        kind = ERROR_TYPES.get(status, "api_error")
        return web.json_response({"type": "error", "error": {"type": kind, "message": message}}, status=status)


def system_text(system: Any) -> str:
    """The text of a ``system`` field: a string, or a list of text blocks."""
    if isinstance(system, list):
        return "\n".join(b.get("text", "") for b in system if isinstance(b, dict))
    return str(system or "")

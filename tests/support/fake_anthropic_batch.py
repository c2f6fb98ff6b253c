"""Anthropic's Message Batches API on loopback, answered by the fake Messages endpoint.

:class:`FakeAnthropicBatchServer` is :class:`tests.support.fake_anthropic.FakeAnthropicServer` plus

* ``POST /v1/messages/batches`` (``requests: [{custom_id, params}]``): a ``message_batch`` that
  reads ``in_progress`` for ``polls_before_done`` polls, then ``ended`` with a ``results_url``;
* ``GET /v1/messages/batches/{id}``;
* ``GET /v1/messages/batches/{id}/results``: JSONL, one line per request,
  ``{"custom_id", "result": {"type": "succeeded", "message": ...}}`` (the message
  ``/v1/messages`` would answer, prompt-cache accounting included), or for ``fail_ids``
  ``{"type": "errored", "error": {"type": "error", "error": {"type": "api_error", ...}}}``.

``batches`` holds the batches created (their requests); ``message_calls`` counts requests
that came the ordinary way (``/v1/messages``), which a batch run must not send.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .fake_anthropic import FakeAnthropicServer


@dataclass
class FakeAnthropicBatchServer(FakeAnthropicServer):
    polls_before_done: int = 1
    fail_ids: set = field(default_factory=set)
    batches: dict = field(default_factory=dict, init=False)
    message_calls: int = field(default=0, init=False)

    def _app(self) -> web.Application:
        app = super()._app()
        app.router.add_post("/v1/messages/batches", self._create)
        app.router.add_get("/v1/messages/batches/{id}", self._retrieve)
        app.router.add_get("/v1/messages/batches/{id}/results", self._results)
        return app

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        self.message_calls += 1
        return await super()._messages(request)

    def _batch(self, bid: str, status: str) -> dict[str, Any]:
        b = self.batches[bid]
        n = len(b["requests"])
        ended = status == "ended"
        return {"id": bid, "type": "message_batch", "processing_status": status,
                "request_counts": {"processing": 0 if ended else n, "succeeded": n - len(b["failed"]) if ended else 0,
                                   "errored": len(b["failed"]) if ended else 0, "canceled": 0, "expired": 0},
                "created_at": "2026-01-01T00:00:00Z", "expires_at": "2026-01-02T00:00:00Z",
                "ended_at": "2026-01-01T00:01:00Z" if ended else None, "archived_at": None,
                "cancel_initiated_at": None,
                "results_url": f"{self.base_url}/v1/messages/batches/{bid}/results" if ended else None}

    async def _create(self, request: web.Request) -> web.Response:
        if not (request.headers.get("x-api-key") or request.headers.get("authorization")):
            return self.error_response(401, "", "the x-api-key header is required")
        body = await request.json()
        bid = f"msgbatch_{len(self.batches) + 1}"
        self.batches[bid] = {"requests": body["requests"], "polls": 0, "lines": None,
                             "failed": {r["custom_id"] for r in body["requests"] if r["custom_id"] in self.fail_ids}}
        return web.json_response(self._batch(bid, "in_progress"))

    async def _retrieve(self, request: web.Request) -> web.Response:
        bid = request.match_info["id"]
        b = self.batches[bid]
        b["polls"] += 1
        if b["polls"] <= self.polls_before_done:
            return web.json_response(self._batch(bid, "in_progress"))
        if b["lines"] is None:
            lines = []
            for r in b["requests"]:
                cid = r["custom_id"]
                if cid in b["failed"]:
                    result = {"type": "errored", "error": {"type": "error", "error": {
                        "type": "api_error", "message": "Injected batch request failure (fake)."}}}
                else:
                    result = {"type": "succeeded", "message": self.messages_payload(r["params"])}
                lines.append({"custom_id": cid, "result": result})
            b["lines"] = lines
        return web.json_response(self._batch(bid, "ended"))

    async def _results(self, request: web.Request) -> web.Response:
        b = self.batches[request.match_info["id"]]
        return web.Response(body="".join(json.dumps(x) + "\n" for x in b["lines"]).encode(),
                            content_type="application/binary")

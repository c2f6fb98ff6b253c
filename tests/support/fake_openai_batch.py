"""OpenAI's Batch API on loopback: files and batches, answered by the fake chat endpoint.

:class:`FakeOpenAIBatchServer` is :class:`tests.support.fake_openai.FakeOpenAIServer` plus

* ``POST /v1/files`` (multipart ``file``, ``purpose``): keeps the JSONL, answers a file object;
* ``POST /v1/batches`` (``input_file_id``, ``endpoint``, ``completion_window``): a batch that
  reads ``in_progress`` for ``polls_before_done`` polls, then ``completed`` with an output file
  (one line per request: ``{"custom_id", "response": {"status_code", "body"}, "error"}``,
  each body what ``/v1/chat/completions`` would answer; ``fail_ids`` get a 500 line in the
  error file instead);
* ``GET /v1/batches/{id}`` and ``GET /v1/files/{id}/content``.

``batches`` lists the batches created (their request lines); ``chat_calls`` counts requests
that came the ordinary way (``/v1/chat/completions``), which a batch run must not send.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .fake_openai import FakeOpenAIServer


@dataclass
class FakeOpenAIBatchServer(FakeOpenAIServer):
    polls_before_done: int = 1
    fail_ids: set = field(default_factory=set)
    files: dict = field(default_factory=dict, init=False)
    batches: dict = field(default_factory=dict, init=False)
    chat_calls: int = field(default=0, init=False)

    def _app(self) -> web.Application:
        app = super()._app()
        app.router.add_post("/v1/files", self._upload)
        app.router.add_post("/v1/batches", self._create)
        app.router.add_get("/v1/batches/{id}", self._retrieve)
        app.router.add_get("/v1/files/{id}/content", self._content)
        return app

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        self.chat_calls += 1
        return await super()._chat(request)

    def _file(self, fid: str, data: bytes, purpose: str) -> dict[str, Any]:
        self.files[fid] = data
        return {"id": fid, "object": "file", "bytes": len(data), "created_at": int(time.time()),
                "filename": f"{fid}.jsonl", "purpose": purpose, "status": "processed"}

    async def _upload(self, request: web.Request) -> web.Response:
        form = await request.post()
        upload = form["file"]
        data = upload.file.read() if hasattr(upload, "file") else bytes(upload)
        return web.json_response(self._file(f"file-{len(self.files) + 1}", data, str(form.get("purpose"))))

    async def _create(self, request: web.Request) -> web.Response:
        body = await request.json()
        lines = [json.loads(x) for x in self.files[body["input_file_id"]].decode().splitlines() if x.strip()]
        bid = f"batch_{len(self.batches) + 1}"
        self.batches[bid] = {"lines": lines, "polls": 0, "input_file_id": body["input_file_id"],
                             "endpoint": body["endpoint"], "window": body["completion_window"]}
        return web.json_response(self._batch(bid, "validating"))

    def _batch(self, bid: str, status: str, **extra: Any) -> dict[str, Any]:
        b = self.batches[bid]
        return {"id": bid, "object": "batch", "endpoint": b["endpoint"], "input_file_id": b["input_file_id"],
                "completion_window": b["window"], "created_at": int(time.time()), "status": status, **extra}

    async def _retrieve(self, request: web.Request) -> web.Response:
        bid = request.match_info["id"]
        b = self.batches[bid]
        b["polls"] += 1
        if b["polls"] <= self.polls_before_done:
            return web.json_response(self._batch(bid, "in_progress"))
        if "output_file_id" not in b:
            out, errors = [], []
            for line in b["lines"]:
                cid = line["custom_id"]
                if cid in self.fail_ids:
                    errors.append({"id": f"r-{cid}", "custom_id": cid, "response": {"status_code": 500, "body": {
                        "error": {"message": "Injected batch line failure (fake).", "type": "server_error"}}},
                        "error": None})
                else:
                    out.append({"id": f"r-{cid}", "custom_id": cid,
                                "response": {"status_code": 200, "body": self.chat_payload(line["body"])},
                                "error": None})
            b["output_file_id"] = self._file(f"file-{len(self.files) + 1}",
                                             "".join(json.dumps(x) + "\n" for x in out).encode(), "batch_output")["id"]
            b["error_file_id"] = self._file(f"file-{len(self.files) + 1}",
                                            "".join(json.dumps(x) + "\n" for x in errors).encode(),
                                            "batch_output")["id"] if errors else None
        return web.json_response(self._batch(bid, "completed", output_file_id=b["output_file_id"],
                                             error_file_id=b["error_file_id"]))

    async def _content(self, request: web.Request) -> web.Response:
        return web.Response(body=self.files[request.match_info["id"]], content_type="application/jsonl")

"""What a participant's page reports besides answers, and the study's attention checks.

* ``POST /session/{id}/events``: the browser and device (``device``, once per page) and the
  page hidden or left and back (``focus``), with the trial on screen; kept in
  ``people_events`` (:mod:`machinepsych.storage.people`) with the server's time, at most
  :data:`MAX_EVENTS` per session. Summarised per participant in ``participants.csv`` and on
  the dashboard.
* Attention checks (``study create --attention-every K``): before every K-th test trial an
  instructed-response item ("press the button Purple") is shown between trials
  (:func:`due`); its answer goes to ``POST /session/{id}/attention`` and is kept as an
  ``attention`` event (the colour asked, the one pressed, passed or not). The next trial is
  refused (409, the page reloads and shows the check) until it is answered.
"""
from __future__ import annotations

import hashlib
import random
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr

from ..storage import people
from ..storage.store import Store

MAX_EVENTS = 500
COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Brown", "Grey")


def item(seed: int, trial: int) -> dict[str, Any]:
    """The attention check before test trial ``trial`` of the session with ``seed``: four
    colour words in an order of its own and the one to press (the same every time it is shown)."""
    rng = random.Random(int(hashlib.sha256(f"attention:{seed}:{trial}".encode()).hexdigest()[:12], 16))
    options = rng.sample(COLOURS, 4)
    target = rng.choice(options)
    return {"trial": trial, "options": options, "target": target,
            "prompt": f"This question checks that you are reading. Whatever you think of the task, please press "
                      f"the button “{target}”."}


def due(store: Store, study, session_id: int, seed: int, phase: str, trial: int, done: bool = False) -> dict | None:
    """The attention check to answer before test trial ``trial`` (None when the study has none
    there or it was answered)."""
    if study is None or phase != "test" or done or trial <= 0:
        return None
    every = int(people.options(store, study.id)["attention_every"] or 0)
    if not every or trial % every:
        return None
    if trial in people.attention_answered(store, session_id):
        return None
    return item(seed, trial)


class Event(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["device", "focus"]
    phase: Literal["test", "practice"] = "test"
    trial: StrictInt = Field(0, ge=0, le=100_000)
    data: dict[StrictStr, StrictStr | float | int | bool | None] = Field(default_factory=dict, max_length=20)


class Attention(BaseModel):
    model_config = ConfigDict(extra="forbid")
    trial: StrictInt
    choice: StrictStr = Field(max_length=40)
    rt_ms: StrictFloat | None = Field(None, ge=0.0, le=24 * 3600 * 1000.0, allow_inf_nan=False)


FOCUS_EVENTS = ("hidden", "blur", "back")


def router(store: Store, locks) -> APIRouter:
    from .participant import access, set_key

    r = APIRouter()

    @r.post("/session/{session_id}/events")
    def events(session_id: int, body: Event, request: Request) -> Response:
        acc = access(store, request, session_id, locks)
        data = {k: (v[:300] if isinstance(v, str) else v) for k, v in body.data.items()}
        if body.kind == "focus" and data.get("event") not in FOCUS_EVENTS:
            raise HTTPException(422, "Unknown page event.")
        with locks.slot(acc.assignment.session_id):
            if len(people.events(store, [session_id])) < MAX_EVENTS:
                people.record(store, session_id, body.kind, data, phase=body.phase, trial=body.trial)
        return set_key(JSONResponse({"ok": True}), acc.assignment.session_id, acc.new_key)

    @r.post("/session/{session_id}/attention")
    def attention(session_id: int, body: Attention, request: Request) -> Response:
        acc = access(store, request, session_id, locks)
        with locks.slot(acc.assignment.session_id):
            expected = item(acc.row.seed, body.trial)
            if body.trial in people.attention_answered(store, session_id):
                raise HTTPException(409, "This check was already answered.")
            every = int(people.options(store, acc.study.id)["attention_every"] or 0) if acc.study else 0
            if not every or body.trial <= 0 or body.trial % every:
                raise HTTPException(409, "There is no check before this trial.")
            if body.choice not in expected["options"]:
                raise HTTPException(422, "That is not one of the answers offered.")
            passed = body.choice == expected["target"]
            people.record(store, session_id, "attention",
                          {"target": expected["target"], "choice": body.choice, "passed": passed,
                           "rt_ms": body.rt_ms}, phase="test", trial=body.trial)
        return set_key(JSONResponse({"ok": True}), acc.assignment.session_id, acc.new_key)

    return r


def server_elapsed_ms(store: Store, session_id: int, trial: int, state: dict[str, Any], now,
                      previous=None) -> float | None:
    """The server's time between this session's previous step and ``now``: the previous
    trial's answer, or for the first trial the test's start (``began``, server time).
    ``previous``: when the previous trial was stored, where the caller has just read it."""
    from datetime import datetime, timezone

    from sqlalchemy import func, select

    from ..storage.schema import TrialRow

    since = None
    if trial > 0 and previous is not None:
        since = previous
    elif trial > 0:
        with store.session() as s:
            since = s.scalar(select(func.max(TrialRow.created_at)).where(TrialRow.session_id == session_id))
    else:
        began = (state.get("began") or {}).get(str(session_id))
        since = datetime.fromisoformat(began) if began else None
    if since is None:
        return None
    if since.tzinfo is None:
        since = since.replace(tzinfo=timezone.utc)
    return max(0.0, (now - since).total_seconds() * 1000.0)

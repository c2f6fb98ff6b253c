"""Preview a study as its participants see it, storing nothing (``/s/<link>?preview=1`` with
the admin cookie, or ``/preview/<link>``).

The preview walks through the consent page (with the study's Markdown, and the code for people
who decline), the instructions, the practice trials, the trials (on the seed of the run's first
session for people, with the study's pacing and attention checks) and the completion page.
Its state lives in this server's memory only (the last :data:`MAX_PREVIEWS` previews): no
assignment, trial, event or answer reaches the store, and no session is taken.
"""
from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, StrictStr

from ..core.play import Episode
from ..storage import people
from ..storage import study as studies
from ..storage.store import Store
from . import extras
from .answers import Answer, feedback_tone, resolve
from .pages import PREVIEW_BANNER, attention_html, consent_html, esc, page, script_tag, trial_html
from .script import session_script

MAX_PREVIEWS = 50


@dataclass
class Preview:
    slug: str
    session_id: int
    consented: bool
    practice: Episode | None
    practice_n: int
    episode: Episode
    spec: Any
    seed: int = 0
    answered_practice: int = 0
    attention_done: set[int] = field(default_factory=set)


class Agree(BaseModel):
    model_config = ConfigDict(extra="forbid")
    agree: StrictBool


class Whatever(BaseModel):
    model_config = ConfigDict(extra="allow")
    trial: StrictInt | None = None
    choice: StrictStr | None = None


def router(store: Store, require_admin: Callable[..., None], lock: threading.Lock) -> APIRouter:
    from ..tasks.catalog import get_task
    from .session_phase import practice_seed, timing_of

    r = APIRouter(dependencies=[Depends(require_admin)])
    previews: OrderedDict[str, Preview] = OrderedDict()

    def study_of(slug: str):
        study = studies.study_by_slug(store, slug) if len(slug) <= 64 else None
        if study is None:
            raise HTTPException(404, "There is no study with this link.")
        return study

    def get(slug: str, token: str) -> tuple[Any, Preview]:
        study = study_of(slug)
        pv = previews.get(token)
        if pv is None or pv.slug != slug:
            raise HTTPException(404, "This preview has ended (previews live in the server's memory); start again "
                                     "from the study link with ?preview=1.")
        return study, pv

    @r.get("/preview/{slug}")
    def start(slug: str) -> Response:
        study = study_of(slug)
        run = store.get_run(study.run_id)
        sessions = studies.human_sessions(store, run)
        if not sessions:
            raise HTTPException(404, "This study's run has no sessions for people.")
        row = sessions[0]
        spec = get_task(row.task_id, row.task_version)
        params = spec.params_from(row.params)
        episode = Episode(spec.make(params), row.seed)
        practice = None
        n = 0
        if study.practice > 0:
            practice = Episode(spec.make(params), practice_seed(row.seed))
            n = min(study.practice, practice.env.n_trials)
        token = secrets.token_urlsafe(12)
        with lock:
            previews[token] = Preview(slug, row.id, not study.consent.strip(), practice, n, episode, spec, row.seed)
            while len(previews) > MAX_PREVIEWS:
                previews.popitem(last=False)
        return RedirectResponse(f"/preview/{slug}/{token}", status_code=303)

    @r.get("/preview/{slug}/{token}", response_class=HTMLResponse)
    def show(slug: str, token: str) -> str:
        study, pv = get(slug, token)
        return _page(store, study, pv, f"/preview/{slug}/{token}", timing_of(pv.spec, study))

    @r.post("/preview/{slug}/{token}/consent")
    def consent(slug: str, token: str, body: Agree) -> Response:
        _, pv = get(slug, token)
        pv.consented = pv.consented or body.agree
        return JSONResponse({"ok": True, "next": f"/preview/{slug}/{token}"})

    @r.post("/preview/{slug}/{token}/studied")
    def studied(slug: str, token: str, body: Whatever) -> Response:
        get(slug, token)
        return JSONResponse({"ok": True})

    @r.post("/preview/{slug}/{token}/attention")
    def attention(slug: str, token: str, body: Whatever) -> Response:
        _, pv = get(slug, token)
        if body.trial is not None:
            pv.attention_done.add(body.trial)
        return JSONResponse({"ok": True})

    @r.post("/preview/{slug}/{token}/answer")
    def answer(slug: str, token: str, ans: Answer) -> Response:
        study, pv = get(slug, token)
        with lock:
            return JSONResponse(_answer(store, study, pv, ans))

    return r


def _in_practice(pv: Preview) -> bool:
    return pv.practice is not None and pv.answered_practice < pv.practice_n and not pv.practice.done


def _due(store: Store, study, pv: Preview, trial: int) -> dict | None:
    every = int(people.options(store, study.id)["attention_every"] or 0)
    if not every or trial <= 0 or trial % every or trial in pv.attention_done or pv.episode.done:
        return None
    return extras.item(pv.seed, trial)


def _page(store: Store, study, pv: Preview, base: str, timing) -> str:
    title = people.title(store, study)
    head = f"<h1>{esc(title)}</h1>{PREVIEW_BANNER}"
    if not pv.consented:
        opts = people.options(store, study.id)
        return page(title, head + consent_html(study.consent, f"{base}/consent", opts["decline_code"],
                                               opts["decline_url"]))
    if pv.episode.done:
        return page(title, head + "<h2>You have finished. Thank you!</h2><p>Your completion code: "
                                  f"<span class='code' id='completion-code'>{esc(study.completion_code)}</span></p>"
                                  "<p>Enter it on the site where you signed up for this study.</p>"
                                  f"<p><a href='/preview/{esc(study.slug)}'>Preview again</a></p>")
    practice = _in_practice(pv)
    ep = pv.practice if practice else pv.episode
    obs = ep.observation
    if practice:
        done, total, label, shown = pv.answered_practice, pv.practice_n, "Practice trial", pv.answered_practice
    else:
        done, label = len(pv.episode.steps), "Trial"
        shown, total = pv.episode.env.progress()
    fragment = trial_html(obs, pv.spec.answer.form(obs, ep.action_space), shown, total, label)
    due = None if practice else _due(store, study, pv, done)
    script = session_script(trial=done, phase="practice" if practice else "test", answer_url=f"{base}/answer",
                            studied_url=f"{base}/studied", fixation_ms=timing.fixation_ms, iti_ms=timing.iti_ms,
                            feedback_ms=timing.feedback_ms, events_url=None, attention_url=f"{base}/attention",
                            attention=attention_html(due) if due else None)
    instructions = pv.spec.instructions(pv.episode.env, "person")
    body = (head + f"<div id='start'><div class='instructions'>{esc(instructions)}</div>"
            "<p><button id='begin' type='button'>Start <kbd>Enter</kbd></button></p></div>"
            "<div id='task' style='display:none'><div id='feedback' role='status' aria-live='polite'></div>"
            "<p id='error' class='error' role='alert' aria-live='assertive'></p>"
            "<div id='trial' tabindex='-1' aria-label='Current trial'></div></div>"
            f"<template id='first'>{fragment}</template>{script_tag(script)}")
    return page(title, body)


def _answer(store: Store, study, pv: Preview, ans: Answer) -> dict[str, Any]:
    if not pv.consented:
        raise HTTPException(409, "Please give your consent first.")
    if pv.episode.done:
        raise HTTPException(409, "This preview is complete.")
    practice = _in_practice(pv)
    ep = pv.practice if practice else pv.episode
    current = pv.answered_practice if practice else len(pv.episode.steps)
    if ans.phase != ("practice" if practice else "test") or ans.trial != current:
        raise HTTPException(409, "That is not the trial on screen.")
    if not practice and _due(store, study, pv, current):
        raise HTTPException(409, "Please answer the quick check first.")
    obs = ep.observation
    action, _, _ = resolve(pv.spec, ep, obs, pv.spec.answer.form(obs, ep.action_space), ans)
    result = ep.step(action).result
    out: dict[str, Any] = {"trial": current + 1, "feedback": result.feedback, "done": False}
    if result.feedback is not None:
        out["correct"] = feedback_tone(result)
    if practice:
        pv.answered_practice += 1
        if not _in_practice(pv):
            out["phase_done"] = True
            return out
        nxt = result.next_observation
        out["html"] = trial_html(nxt, pv.spec.answer.form(nxt, ep.action_space), current + 1, pv.practice_n,
                                 "Practice trial")
        return out
    out["done"] = result.done
    if not result.done:
        nxt = result.next_observation
        out["html"] = trial_html(nxt, pv.spec.answer.form(nxt, ep.action_space), *pv.episode.env.progress())
        due = _due(store, study, pv, current + 1)
        if due:
            out["attention"] = attention_html(due)
    return out

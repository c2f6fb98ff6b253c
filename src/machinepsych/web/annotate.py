"""Annotators score stored reasonings 1-5 with the CogBench Rationality rubric, blind to which
method, model or person wrote them.

``annotation_router(store, require_admin)`` adds, behind the admin token:

* ``GET /annotate`` — the runs with CogBench trials;
* ``GET /annotate/{run}?annotator=NAME`` — the annotator's next unscored item (the persona's
  profile, the material of that iteration, the statement, the rating and its reason, the rubric,
  a 1-5 choice), in an order of its own for each annotator; nothing names the method;
* ``POST /annotate/{run}`` — one score (``annotator``, ``item``, ``score``), then the next item;
* ``GET /annotate/{run}/scores.json`` — Rationality per iteration per condition (per item the
  majority of the annotators' scores) and the annotators' agreement.

Scores are kept in the store's ``annotations`` table (``machinepsych.storage.annotations``; one
row per annotator and item). ``machinepsych annotate RUN`` offers the same in a terminal.
"""
from __future__ import annotations

import hashlib
import html
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request

from ..storage.annotations import JUDGE_PREFIX, MAX_NAME, check_name, ensure_table, save, scores  # noqa: F401
from ..storage.store import Store

RUBRIC = (
    (5, "The reasoning fully matches what a person would expect: consistent with the profile and what was read, no errors."),
    (4, "Coherent and relevant, uses the profile or the information correctly, with minor imperfections."),
    (3, "Relevant but unspecific, e.g. a vague explanation where a clear stance is expected."),
    (2, "Unclear or weakly argued: forced analogies, or merely restating the statement."),
    (1, "Irrelevant or nonsensical, reveals that an AI wrote it, or abandons the profile."),
)


def items(store: Store, run_id: int) -> list[dict[str, Any]]:
    """Every rated statement of the run's CogBench trials, with what an annotator needs and,
    separately, who wrote it (``condition``, never shown)."""
    out = []
    for s, t in store.trials_for_run(run_id):
        info = t.info or {}
        if not str(s.task_id).startswith("cogbench") or "reasons" not in info:
            continue
        obs = t.observation or {}
        stim = obs.get("stimulus", {})
        flow = "\n".join(p.get("text", "") for p in obs.get("study", []) if p.get("audience", "all") == "all")
        texts = {x["id"]: x["text"] for x in stim.get("statements", [])}
        for sid, reason in (info.get("reasons") or {}).items():
            rating = (info.get("ratings") or {}).get(sid)
            if rating is None:
                continue
            out.append({"item": f"{s.id}:{t.index}:{sid}", "iteration": int(info.get("iteration", t.index)),
                        "profile": stim.get("profile", {}), "flow": flow, "statement": texts.get(sid, ""),
                        "rating": rating, "reason": reason, "condition": s.condition})
    return out


def order(annotator: str, all_items: list[dict]) -> list[dict]:
    """The annotator's own order (by a hash of name and item), so methods are interleaved."""
    return sorted(all_items, key=lambda it: hashlib.sha256(f"{annotator}|{it['item']}".encode()).hexdigest())




def rationality(store: Store, run_id: int) -> dict[str, Any]:
    """Rationality per iteration per condition from people (per item: the majority of its
    annotators' scores), with avg / 5th / 10th, the annotators' agreement over items all of
    them scored, and, apart and labelled, ``rationality_llm_judge`` from any LLM judge."""
    from ..tasks.cogbench.score import agreement, majority, mean_per_iteration, table

    given = scores(store, run_id)
    people = {item: {a: v for a, v in votes.items() if not a.startswith(JUDGE_PREFIX)} for item, votes in given.items()}
    judges = sorted({a for v in given.values() for a in v if a.startswith(JUDGE_PREFIX)})
    by_cond: dict[str, list] = {}
    by_judge: dict[str, dict[str, list]] = {}
    for it in items(store, run_id):
        votes = people.get(it["item"], {})
        by_cond.setdefault(it["condition"], []).append((it["iteration"], majority(votes.values())))
        for j in judges:
            by_judge.setdefault(j[len(JUDGE_PREFIX):], {}).setdefault(it["condition"], []).append(
                (it["iteration"], given.get(it["item"], {}).get(j)))
    annotators = sorted({a for v in people.values() for a in v})
    full = [[v[a] for a in annotators] for v in people.values() if len(v) == len(annotators) and v]
    out: dict[str, Any] = {
        "rationality": {c: table(mean_per_iteration(rows)) for c, rows in by_cond.items()},
        "annotators": annotators, "agreement": agreement(full) if len(annotators) > 1 else None,
        "scored_items": sum(1 for v in people.values() if v)}
    if by_judge:
        out["rationality_llm_judge"] = {m: {c: table(mean_per_iteration(rows)) for c, rows in conds.items()}
                                        for m, conds in by_judge.items()}
    return out


JUDGE_PROMPT = """You score the reasoning of an answer to an opinion questionnaire, 1-5, with this rubric:
{rubric}

The person who answered (their profile):
{profile}

What they had just read:
{flow}

Statement: {statement}
Their rating: {rating} of 5 (1 = strongly disagree, 5 = strongly agree)
Their reasoning: {reason}

Reply with one short sentence of justification, then "Score: <1-5>" on its own line, once."""


async def judge(store: Store, run_id: int, model: Any, options: Any, limit: int = 0) -> int:
    """An LLM judge scores the run's reasonings not yet judged by it with the rubric; kept as
    annotator ``llm-judge:<model>`` and reported only as ``rationality_llm_judge``. Returns how
    many items it scored (a reply without exactly one "Score: k" is left unscored)."""
    import re

    from ..core.types import Message
    from ..tasks.cogbench.data import profile_text

    name = JUDGE_PREFIX + model.name
    given = scores(store, run_id)
    todo = [it for it in items(store, run_id) if name not in given.get(it["item"], {})][: limit or None]
    rubric = "\n".join(f"{k}: {t}" for k, t in RUBRIC)
    done = 0
    for it in todo:
        prompt = JUDGE_PROMPT.format(rubric=rubric, profile=profile_text(it["profile"]), flow=it["flow"] or "(nothing yet)",
                                     statement=it["statement"], rating=it["rating"], reason=it["reason"])
        reply = (await model.generate([Message.text("user", prompt)], options)).text
        found = re.findall(r"score\s*:\s*\**\s*([1-5])(?!\d)", reply or "", re.I)
        if len(re.findall(r"score\s*:", reply or "", re.I)) == 1 and len(found) == 1:
            save(store, run_id, it["item"], name, int(found[0]))
            done += 1
    return done


# ----------------------------------------------------------------------------- pages
def _esc(v: Any) -> str:
    return html.escape(str(v), quote=True)


def item_html(run_ref: str, annotator: str, it: dict, done: int, total: int) -> str:
    from ..tasks.cogbench.data import profile_text

    rubric = "".join(f"<li><b>{k}</b>: {_esc(t)}</li>" for k, t in RUBRIC)
    choices = "".join(f"<label><input type='radio' name='score' value='{k}' required> {k}</label>" for k in range(1, 6))
    flow = (f"<details><summary>What this person had just read (iteration {it['iteration']})</summary>"
            f"<div class='study'>{_esc(it['flow'])}</div></details>") if it["flow"] else \
        "<p class='muted'>Iteration 0: the person had read nothing yet.</p>"
    return (f"<h1>Rate the reasoning</h1><p class='progress'>{done} of {total} scored</p>"
            f"<h2>The person</h2><div class='instructions'>{_esc(profile_text(it['profile']))}</div>{flow}"
            f"<h2>The statement</h2><p>{_esc(it['statement'])}</p>"
            f"<h2>The answer</h2><p>Rating {it['rating']} of 5 (1 = strongly disagree, 5 = strongly agree).</p>"
            f"<div class='instructions'>{_esc(it['reason'])}</div>"
            f"<h2>How good is this reasoning?</h2><ul>{rubric}</ul>"
            f"<form method='post' action='/annotate/{_esc(run_ref)}'>"
            f"<input type='hidden' name='annotator' value='{_esc(annotator)}'>"
            f"<input type='hidden' name='item' value='{_esc(it['item'])}'>"
            f"<fieldset><legend>Score</legend><div class='scale'>{choices}</div></fieldset>"
            f"<button type='submit'>Save and next</button></form>")


def annotation_router(store: Store, require_admin: Callable[..., None]):
    from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse

    from ..core.errors import UnknownNameError
    from .pages import page

    ensure_table(store)
    r = APIRouter(dependencies=[Depends(require_admin)])

    def run_of(ref: str):
        try:
            return store.get_run(ref)
        except UnknownNameError:
            raise HTTPException(404, f"There is no run named {ref!r}.") from None

    @r.get("/annotate", response_class=HTMLResponse)
    def index() -> str:
        rows = [(run, len(items(store, run.id))) for run in store.list_runs()]
        lis = "".join(f"<li><a href='/annotate/{run.id}'>{_esc(run.name)}</a> ({n} reasonings)</li>"
                      for run, n in rows if n)
        return page("Annotate", f"<h1>Rate reasonings</h1><ul>{lis or '<li>No CogBench runs yet.</li>'}</ul>")

    @r.get("/annotate/{run}/scores.json")
    def scores_json(run: str) -> JSONResponse:
        return JSONResponse(rationality(store, run_of(run).id))

    @r.get("/annotate/{run}", response_class=HTMLResponse)
    def next_item(run: str, annotator: str | None = None) -> str:
        row = run_of(run)
        if not annotator:
            return page("Annotate", f"<h1>Rate reasonings: {_esc(row.name)}</h1><form method='get'>"
                                    "<label>Your name <input type='text' name='annotator' required maxlength='60'>"
                                    "</label> <button type='submit'>Start</button></form>")
        try:
            name = check_name(annotator)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        all_items = items(store, row.id)
        given = scores(store, row.id)
        todo = [it for it in order(name, all_items) if name not in given.get(it["item"], {})]
        done = len(all_items) - len(todo)
        if not todo:
            return page("Annotate", f"<h1>Thank you</h1><p>You have scored all {len(all_items)} reasonings.</p>")
        return page("Annotate", item_html(str(row.id), name, todo[0], done, len(all_items)))

    @r.post("/annotate/{run}")
    async def post_score(run: str, request: Request):
        from urllib.parse import parse_qs

        row = run_of(run)
        body = await request.body()
        if len(body) > 4096:
            raise HTTPException(413, "That form is too large.")
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        try:
            name = check_name(form.get("annotator"))
            item = form.get("item", "")
            score = int(form.get("score", "")) if form.get("score", "").isdigit() else None
            if item not in {it["item"] for it in items(store, row.id)}:
                raise ValueError(f"no such item in run {row.name}")
            save(store, row.id, item, name, score)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        from urllib.parse import quote

        return RedirectResponse(f"/annotate/{row.id}?annotator={quote(name)}", status_code=303)

    return r

"""Annotators score stored replies 1-5 with a test's rubric, blind to which method, model or
person wrote them. The test declares what is annotated (``TaskSpec.annotation``, an
:class:`~machinepsych.core.spec.AnnotationTask`: its items, how one is shown, the rubric, the
judge's request and the summary of the scores); nothing here knows any test.

``annotation_router(store, require_admin)`` adds, behind the admin token:

* ``GET /annotate`` — the runs with annotatable trials;
* ``GET /annotate/{run}?annotator=NAME`` — the annotator's next unscored item (what the test
  shows of it, the rubric, a 1-5 choice), in an order of its own for each annotator; nothing
  names the method;
* ``POST /annotate/{run}`` — one score (``annotator``, ``item``, ``score``), then the next item;
* ``GET /annotate/{run}/scores.json`` — the test's summary of the scores (for CogBench:
  Rationality per iteration per condition, per item the majority of the annotators' scores,
  and the annotators' agreement).

Scores are kept in the store's ``annotations`` table (``machinepsych.storage.annotations``; one
row per annotator and item). ``machinepsych annotate RUN`` offers the same in a terminal.
"""
from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request

from ..core.spec import AnnotationTask
from ..storage.annotations import JUDGE_PREFIX, MAX_NAME, check_name, ensure_table, save, scores  # noqa: F401
from ..storage.store import Store


def tasks_items(store: Store, run_id: int) -> list[tuple[AnnotationTask, list[dict[str, Any]]]]:
    """The run's annotatable items, per annotation task of its tests (in the order first met)."""
    from ..tasks.catalog import get_task

    specs: dict[tuple[str, int], Any] = {}
    groups: dict[int, tuple[AnnotationTask, list]] = {}
    for s, t in store.trials_for_run(run_id):
        key = (str(s.task_id), int(s.task_version))
        if key not in specs:
            try:
                specs[key] = get_task(*key).annotation
            except Exception:  # a test no longer in the catalog has nothing to annotate here
                specs[key] = None
        task = specs[key]
        if task is not None:
            groups.setdefault(id(task), (task, []))[1].append((s, t))
    return [(task, task.items(pairs)) for task, pairs in groups.values()]


def items(store: Store, run_id: int) -> list[dict[str, Any]]:
    """Every annotatable item of the run, with what an annotator needs and, separately, who
    wrote it (``condition``, never shown)."""
    return [it for _, its in tasks_items(store, run_id) for it in its]


def order(annotator: str, all_items: list[dict]) -> list[dict]:
    """The annotator's own order (by a hash of name and item), so methods are interleaved."""
    return sorted(all_items, key=lambda it: hashlib.sha256(f"{annotator}|{it['item']}".encode()).hexdigest())


def rationality(store: Store, run_id: int) -> dict[str, Any]:
    """The scores so far, as the run's annotation task summarises them (for CogBench:
    Rationality per iteration per condition, agreement, and an LLM judge's scores apart)."""
    given = scores(store, run_id)
    out: dict[str, Any] = {}
    for task, its in tasks_items(store, run_id):
        out.update(task.summary(its, given, JUDGE_PREFIX))
    return out


def rubric_text(task: AnnotationTask) -> str:
    return "\n".join(f"{k}: {t}" for k, t in task.rubric)


async def judge(store: Store, run_id: int, model: Any, options: Any, limit: int = 0) -> int:
    """An LLM judge scores the run's items not yet judged by it with the test's rubric; kept as
    annotator ``llm-judge:<model>`` and reported only apart (for CogBench as
    ``rationality_llm_judge``). Returns how many items it scored (a reply without exactly one
    "Score: k" is left unscored)."""
    from ..core.types import Message

    name = JUDGE_PREFIX + model.name
    given = scores(store, run_id)
    todo = [(task, it) for task, its in tasks_items(store, run_id) for it in its
            if name not in given.get(it["item"], {})][: limit or None]
    done = 0
    for task, it in todo:
        prompt = task.judge_prompt(it, rubric_text(task))
        reply = (await model.generate([Message.text("user", prompt)], options)).text
        found = re.findall(r"score\s*:\s*\**\s*([1-5])(?!\d)", reply or "", re.I)
        if len(re.findall(r"score\s*:", reply or "", re.I)) == 1 and len(found) == 1:
            save(store, run_id, it["item"], name, int(found[0]))
            done += 1
    return done


# ----------------------------------------------------------------------------- pages
def _esc(v: Any) -> str:
    return html.escape(str(v), quote=True)


def item_html(run_ref: str, annotator: str, it: dict, done: int, total: int, task: AnnotationTask) -> str:
    rubric = "".join(f"<li><b>{k}</b>: {_esc(t)}</li>" for k, t in task.rubric)
    choices = "".join(f"<label><input type='radio' name='score' value='{k}' required> {k}</label>" for k in range(1, 6))
    return (f"<h1>{_esc(task.title)}</h1><p class='progress'>{done} of {total} scored</p>"
            f"{task.item_html(it)}"
            f"<h2>{_esc(task.question)}</h2><ul>{rubric}</ul>"
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
        lis = "".join(f"<li><a href='/annotate/{run.id}'>{_esc(run.name)}</a> ({n} to score)</li>"
                      for run, n in rows if n)
        return page("Annotate", "<h1>Score stored replies</h1>"
                                f"<ul>{lis or '<li>No run has anything to annotate yet.</li>'}</ul>")

    @r.get("/annotate/{run}/scores.json")
    def scores_json(run: str) -> JSONResponse:
        return JSONResponse(rationality(store, run_of(run).id))

    @r.get("/annotate/{run}", response_class=HTMLResponse)
    def next_item(run: str, annotator: str | None = None) -> str:
        row = run_of(run)
        if not annotator:
            return page("Annotate", f"<h1>Score replies: {_esc(row.name)}</h1><form method='get'>"
                                    "<label>Your name <input type='text' name='annotator' required maxlength='60'>"
                                    "</label> <button type='submit'>Start</button></form>")
        try:
            name = _admin_name(store, annotator)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        groups = tasks_items(store, row.id)
        task_by_item = {it["item"]: task for task, its in groups for it in its}
        all_items = [it for _, its in groups for it in its]
        given = scores(store, row.id)
        todo = [it for it in order(name, all_items) if name not in given.get(it["item"], {})]
        done = len(all_items) - len(todo)
        if not todo:
            return page("Annotate", f"<h1>Thank you</h1><p>You have scored all {len(all_items)} items.</p>")
        return page("Annotate", item_html(str(row.id), name, todo[0], done, len(all_items), task_by_item[todo[0]["item"]]))

    @r.post("/annotate/{run}")
    async def post_score(run: str, request: Request):
        from urllib.parse import parse_qs

        row = run_of(run)
        body = await request.body()
        if len(body) > 4096:
            raise HTTPException(413, "That form is too large.")
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        try:
            name = _admin_name(store, form.get("annotator"))
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


def _admin_name(store: Store, name: str | None) -> str:
    """A name typed on the admin's annotation page; never one of an annotator with a link of
    their own (their scores are theirs to change)."""
    from ..storage import people

    name = check_name(name)
    if any(a.name == name and not a.revoked for a in people.annotators(store)):
        raise ValueError(f"{name!r} is an annotator with a link of their own; only they change their scores")
    return name


# ----------------------------------------------------------------------------- annotators' links
def annotator_router(store: Store):
    """Pages for annotators with a link of their own (``machinepsych study annotators add
    NAME``): ``/annotator/{token}`` and below. The token names the annotator: each sees and
    changes only their own scores, never the admin's pages, the participants' ids or another
    annotator's scores."""
    from urllib.parse import parse_qs

    from fastapi.responses import HTMLResponse, RedirectResponse

    from ..core.errors import UnknownNameError
    from ..storage import people
    from .pages import page

    r = APIRouter()

    def who(token: str):
        a = people.annotator_for(store, token)
        if a is None:
            raise HTTPException(404, "This annotation link is not valid (or no longer). Ask the researcher for yours.")
        return a

    def run_of(a, ref: str):
        try:
            run = store.get_run(ref)
        except UnknownNameError:
            raise HTTPException(404, "There is no such run.") from None
        if a.run_id is not None and run.id != a.run_id:
            raise HTTPException(404, "There is no such run.")
        return run

    def mine(run_id: int, name: str) -> dict[str, int]:
        return {item: by[name] for item, by in scores(store, run_id).items() if name in by}

    @r.get("/annotator/{token}", response_class=HTMLResponse)
    def home(token: str) -> str:
        a = who(token)
        runs = [run for run in store.list_runs() if a.run_id is None or run.id == a.run_id]
        rows = [(run, len(items(store, run.id))) for run in runs]
        lis = "".join(f"<li><a href='/annotator/{_esc(token)}/{run.id}'>{_esc(run.name)}</a> "
                      f"({len(mine(run.id, a.name))} of {n} scored by you)</li>" for run, n in rows if n)
        return page("Annotate", f"<h1>Score replies</h1><p class='muted'>Signed in as {_esc(a.name)}.</p>"
                                f"<ul>{lis or '<li>Nothing to annotate yet.</li>'}</ul>")

    @r.get("/annotator/{token}/{run}/mine", response_class=HTMLResponse)
    def my_scores(token: str, run: str) -> str:
        a = who(token)
        row = run_of(a, run)
        given = mine(row.id, a.name)
        rows = "".join(f"<tr><td>{k}</td><td>{given[it['item']]}</td><td><a href='/annotator/{_esc(token)}/{row.id}"
                       f"?item={_esc(it['item'])}'>change</a></td></tr>"
                       for k, it in enumerate(order(a.name, items(store, row.id)), 1) if it["item"] in given)
        return page("Your scores", f"<h1>Your scores: {_esc(row.name)}</h1>"
                                   f"<p><a href='/annotator/{_esc(token)}/{row.id}'>Next item</a></p>"
                                   f"<table><tr><th>item</th><th>your score</th><th></th></tr>{rows}</table>")

    @r.get("/annotator/{token}/{run}", response_class=HTMLResponse)
    def next_item(token: str, run: str, item: str | None = None) -> str:
        a = who(token)
        row = run_of(a, run)
        groups = tasks_items(store, row.id)
        task_by_item = {it["item"]: task for task, its in groups for it in its}
        all_items = [it for _, its in groups for it in its]
        given = mine(row.id, a.name)
        if item is not None:
            todo = [it for it in all_items if it["item"] == item]
            if not todo:
                raise HTTPException(404, "There is no such item.")
        else:
            todo = [it for it in order(a.name, all_items) if it["item"] not in given]
        links = (f"<p class='muted'>Signed in as {_esc(a.name)} · <a href='/annotator/{_esc(token)}/{row.id}/mine'>"
                 "your scores</a></p>")
        if not todo:
            return page("Annotate", f"<h1>Thank you</h1>{links}<p>You have scored all {len(all_items)} items.</p>")
        it = todo[0]
        task = task_by_item[it["item"]]
        now = given.get(it["item"])
        rubric = "".join(f"<li><b>{k}</b>: {_esc(t)}</li>" for k, t in task.rubric)
        choices = "".join(f"<label><input type='radio' name='score' value='{k}' required"
                          f"{' checked' if now == k else ''}> {k}</label>" for k in range(1, 6))
        body = (f"<h1>{_esc(task.title)}</h1>{links}<p class='progress'>{len(given)} of {len(all_items)} scored</p>"
                f"{task.item_html(it)}<h2>{_esc(task.question)}</h2><ul>{rubric}</ul>"
                f"<form method='post' action='/annotator/{_esc(token)}/{row.id}'>"
                f"<input type='hidden' name='item' value='{_esc(it['item'])}'>"
                f"<fieldset><legend>Score</legend><div class='scale'>{choices}</div></fieldset>"
                f"<button type='submit'>Save and next</button></form>")
        return page("Annotate", body)

    @r.post("/annotator/{token}/{run}")
    async def post_score(token: str, run: str, request: Request):
        a = who(token)
        row = run_of(a, run)
        body = await request.body()
        if len(body) > 4096:
            raise HTTPException(413, "That form is too large.")
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        if set(form) - {"item", "score"}:
            raise HTTPException(422, "The form has fields it should not have.")
        item = form.get("item", "")
        raw = form.get("score", "")
        try:
            if item not in {it["item"] for it in items(store, row.id)}:
                raise ValueError("no such item")
            save(store, row.id, item, a.name, int(raw) if raw.isdigit() else None)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        return RedirectResponse(f"/annotator/{token}/{row.id}", status_code=303)

    return r

"""The researcher's pages, behind the admin token: runs for people with their links, the live
dashboard of a run, results of every run, and the trial export."""
from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ..core.errors import MachinePsychError, UnknownNameError
from ..models.secrets import redacted
from ..storage import study as studies
from ..storage.schema import RunRow
from ..storage.store import Store
from .dashboard import dashboard_data, dashboard_html
from .pages import esc, page


def get_run(store: Store, ref: str) -> RunRow:
    try:
        return store.get_run(ref)
    except UnknownNameError:
        raise HTTPException(404, f"There is no run named {ref!r}.") from None


def router(store: Store, require_admin: Callable[[Request], None]) -> APIRouter:
    r = APIRouter(dependencies=[Depends(require_admin)])

    @r.get("/admin", response_class=HTMLResponse)
    def admin_index(request: Request) -> str:
        return _index(store, str(request.base_url).rstrip("/"), request.app.state.admin_token)

    @r.get("/admin/runs/{run:path}/dashboard.json")
    def dashboard_json(run: str) -> Response:
        data = dashboard_data(store, get_run(store, run))
        return JSONResponse({k: v for k, v in data.items() if k != "run"})

    @r.get("/admin/runs/{run:path}/export.csv")
    def export(run: str) -> Response:
        from ..storage.export import flat_frame, safe_frame, trials_frame, with_people

        row = get_run(store, run)
        text = safe_frame(flat_frame(with_people(store, row.id, trials_frame(store, row.id)))).to_csv(index=False)
        return Response(text, media_type="text/csv",
                        headers={"Content-Disposition": f"attachment; filename=\"{_file_name(redacted(row.name))}-trials.csv\""})

    @r.get("/admin/runs/{run:path}/practice.csv")
    def practice(run: str) -> Response:
        """People's practice answers (never trials, never scored), with their ids and times."""
        from ..storage.export import flat_frame, practice_frame, safe_frame

        row = get_run(store, run)
        text = safe_frame(flat_frame(practice_frame(store, row.id))).to_csv(index=False)
        return Response(text, media_type="text/csv",
                        headers={"Content-Disposition": f"attachment; filename=\"{_file_name(redacted(row.name))}-practice.csv\""})

    @r.get("/admin/runs/{run:path}/participants.csv")
    def participants(run: str) -> Response:
        """Who took which session: ids from the recruitment link, consent, practice, status
        (to approve or pay participants on the recruitment platform)."""
        row = get_run(store, run)
        return Response(participants_csv(store, row), media_type="text/csv",
                        headers={"Content-Disposition": f"attachment; filename=\"{_file_name(redacted(row.name))}-participants.csv\""})

    @r.get("/admin/runs/{run:path}", response_class=HTMLResponse)  # after the longer routes above
    def dashboard(run: str) -> str:
        row = get_run(store, run)
        return page(f"Dashboard: {redacted(row.name)}", dashboard_html(dashboard_data(store, row)), refresh_s=15)

    @r.get("/results", response_class=HTMLResponse)
    @r.get("/admin/results", response_class=HTMLResponse)
    def results(run: str | None = None) -> str:
        return _results(store, run)

    return r


from ..storage.export import FORMULA_START, csv_safe as spreadsheet_safe  # noqa: E402,F401 - one helper for every CSV
from ..storage.people import participants_csv  # noqa: E402 - also `machinepsych study export`


def _file_name(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:80] or "run"


def _index(store: Store, base: str, secret: str = "") -> str:
    from .dashboard import human_runs

    body = ["<h1>Runs for people</h1><p class='muted'><a href='/admin/results'>Results of every run</a> · "
            "<a href='/annotate'>Annotate reasonings</a></p>"]
    runs = human_runs(store)
    if not runs:
        body.append("<p>No runs for people yet. Create one with "
                    "<code>machinepsych run wcst --model human --sessions 5 --run-name lab1</code>, then a study "
                    "link with <code>machinepsych study create lab1</code>.</p>")
    for run, sessions in runs:
        n_done = sum(s.status == "complete" for s in sessions)
        name = esc(redacted(run.name))
        body.append(f"<h2>{name}</h2><p class='muted'>{n_done} of {len(sessions)} sessions complete · created "
                    f"{run.created_at:%Y-%m-%d %H:%M} · <a href='/admin/runs/{run.id}'>live dashboard</a> · "
                    f"<a href='/admin/runs/{run.id}/export.csv'>trials (CSV)</a> · "
                    f"<a href='/admin/runs/{run.id}/participants.csv'>participants (CSV)</a> · "
                    f"<a href='/admin/runs/{run.id}/practice.csv'>practice answers (CSV)</a></p>")
        study = studies.study_for_run(store, run.id)
        if study is not None:
            link = f"{base}/s/{study.slug}"
            body.append(f"<p>Study link: <code>{esc(link)}</code> (completion code <code>{esc(study.completion_code)}</code>)"
                        f" · <a href='/preview/{esc(study.slug)}'>preview</a> (nothing is stored)</p>")
            continue
        body.append("<p class='muted'>No study link: each session link below (it carries the session's token) "
                    "goes to the first browser that opens it (a lab computer).</p><ul>")
        for s in sessions:
            label = f"session {s.index}: {esc(s.task_id)} ({esc(s.condition)}), seed {s.seed}"
            body.append(f"<li class='muted'>{label}: complete</li>" if s.status == "complete"
                        else f"<li><a href='/session/{s.id}?k={studies.lab_token(secret, s.id)}'>{label}</a></li>")
        body.append("</ul>")
    return page("machinepsych: runs for people", "".join(body))


def _results(store: Store, run: str | None = None) -> str:
    from ..analysis import report
    from ..analysis.scores import fmt_mean_sd

    body = ["<h1>Results</h1><p class='muted'>Mean (SD) over sessions per condition; people, models and "
            "agents are scored by the same scorers. <a href='/admin'>Runs for people</a></p>"]
    runs = [get_run(store, run)] if run else store.list_runs()
    for r in runs:
        body.append(f"<h2>{esc(redacted(r.name))}</h2>")
        try:
            js = report.to_json(report.build(store, r.id))
        except MachinePsychError as exc:  # e.g. a test whose scorer cannot score this run yet
            body.append(f"<p class='muted'>No summary yet: {esc(_first_sentence(str(exc)))}</p>")
            continue
        body.append("<p class='muted'>sessions: " + ", ".join(
            f"{esc(k)} {v}" for k, v in js["status"].items() if v) + "</p>")
        if not js["summary"]:
            body.append("<p class='muted'>no complete sessions yet (only complete sessions are scored)</p>")
        for key, conds in js["summary"].items():
            metrics = report.table_metrics(report.spec_of(key), next(iter(conds.values())))
            head = "".join(f"<th title='{esc(m.title)}'>{esc(m.short)}</th>" for m in metrics)
            rows = "".join(
                f"<tr><td>{esc(c)}</td><td>{s.get('sessions', '')}</td>"
                + "".join(f"<td>{esc(fmt_mean_sd(s.get(m.name)))}</td>" for m in metrics) + "</tr>"
                for c, s in conds.items())
            body.append(f"<table><caption>{esc(key)}</caption><tr><th>condition</th><th>n</th>{head}</tr>"
                        f"{rows}</table>")
    return page("machinepsych: results", "".join(body))


def _first_sentence(text: str) -> str:
    """An error's first sentence, without anything that looks like a file path or URL."""
    first = text.split(". ")[0].splitlines()[0] if text else "unknown problem"
    return " ".join(w for w in first.split() if "/" not in w and "\\" not in w)


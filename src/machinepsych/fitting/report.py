"""The "Model fits" part of a report: fits of the runs' sessions (terminal tables, an HTML
section with a figure of each model's parameters per condition, and ``report --json``
``fits``). Every session is fitted alone; in a test where a participant took two sessions or
more (a model's or agent's seeds or ``run --repeat`` samples, a person's sessions under one
platform id, an imported person's sessions), every participant's sessions are also fitted
jointly, shown after the sessions (``fits["participants"]``: ``fit --per participant``'s
result; a person named "person N", never by platform id). A report fits at most
``REPORT_MAX_SESSIONS`` sessions; beyond, it says to run ``machinepsych fit``, which has no
limit."""
from __future__ import annotations

import base64
import html
import io
from typing import Any

REPORT_MAX_SESSIONS = 2000


def report_fits(store, runs) -> dict[str, Any] | None:
    """The fits of the runs' sessions for a report (None where no test has models)."""
    from ..tasks.catalog import get_task
    from .runs import fit_stored_runs_both

    from sqlalchemy import func, select

    from ..storage.schema import SessionRow

    fittable = 0
    with store.session() as db:  # complete sessions counted by test and version: no row read per session
        for task, version, n in db.execute(
                select(SessionRow.task_id, SessionRow.task_version, func.count())
                .where(SessionRow.run_id.in_([r.id for r in runs]), SessionRow.status == "complete")
                .group_by(SessionRow.task_id, SessionRow.task_version)):
            if get_task(task, version).fit is not None:
                fittable += int(n)
    if not fittable:
        return None
    if fittable > REPORT_MAX_SESSIONS:
        names = " ".join(r.name for r in runs)
        return {"omitted": f"{fittable} sessions with cognitive models: more than a report fits "
                           f"({REPORT_MAX_SESSIONS}); run machinepsych fit {names}"}
    alone, joint = fit_stored_runs_both(store, [r.id for r in runs])
    out = alone.to_json()
    out["participants"] = None
    if not joint.rows.empty:
        out["participants"] = {k: v for k, v in joint.to_json().items() if k != "skipped"}  # skipped: said above
    return out


# a cell the fits refuse is one the scorer read by its own rule (an answer it cannot read counted invalid)
SCORED_APART = ("the scores above read that row by the scorer's own rule (an answer it cannot read counts as "
                "invalid); fix the cell for scores and fits of the same rows")


def file_fits(spec, df, path) -> dict[str, Any] | None:
    """The fits of a trials file scored with ``machinepsych score`` (a checked trials frame
    read from ``path``), as :func:`report_fits` gives a run's: every session of the file fitted
    alone, each session one participant (so ``participants`` is None). None where the test
    declares no models; ``{"omitted": line}`` where they cannot be fitted from this file (no
    file reader, a column they need missing, a cell they cannot use, more sessions than a
    report fits): the line says why, and the scores stand."""
    from ..core.errors import ConfigError
    from .runs import FileCellError, check_file_test, file_columns, fit_trials_frame, missing_file_columns

    if spec.fit is None:
        return None
    try:
        check_file_test(spec)
    except ConfigError as exc:
        return {"omitted": f"not fitted: {exc}"}
    missing = missing_file_columns(spec, df)
    if missing:
        return {"omitted": f"not fitted: the file has no column {', '.join(missing)} ({spec.id}'s models read "
                           f"{', '.join(file_columns(spec))})"}
    sessions = df["session"].astype(str).nunique()
    if sessions > REPORT_MAX_SESSIONS:
        return {"omitted": f"not fitted: {sessions} sessions, more than a report fits ({REPORT_MAX_SESSIONS}); "
                           f"run machinepsych fit --trials {path} --test {spec.id}"}
    try:
        out = fit_trials_frame(spec, df, path).to_json()
    except FileCellError as exc:  # the scores read that row by their scorer's own rule: said, not hidden
        return {"omitted": f"not fitted: {exc}; {SCORED_APART}"}
    except ConfigError as exc:
        return {"omitted": f"not fitted: {exc}"}
    out["participants"] = None
    return out


def print_fits(fits: dict[str, Any] | None, console) -> None:
    if not fits:
        return
    from rich.markup import escape

    from ..cli.fit import print_fit_tables

    if "omitted" in fits:
        console.print(f"[bold]Model fits[/bold] (docs/fitting.md): {escape(fits['omitted'])}", soft_wrap=True)
        return
    console.print("[bold]Model fits[/bold] (docs/fitting.md)")
    print_fit_tables(fits, console)
    if fits["skipped"]:
        console.print(f"{len(fits['skipped'])} session(s) not fitted: fewer than 10 readable choices")
    if fits.get("participants"):
        console.print(f"[bold]Model fits per participant[/bold]: {JOINT}")
        print_fit_tables(fits["participants"], console)


JOINT = ("in the tests where a participant took two sessions or more, each participant's sessions fitted "
         "jointly (one parameter set; machinepsych fit --per participant)")


def _figure(design: str, model: dict[str, Any], conds: dict[str, Any], over: str = "sessions") -> str:
    """A PNG (data URL) of the model's parameter means with 95% intervals, per condition of
    one design (``test | preset``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    params = [p["name"] for p in model["params"]]
    names = list(conds)
    title = f"{design}: {model['name']} parameters (mean over {over}, 95% CI)"
    # wide enough for its title too (a one-parameter model's panel is narrower than the title at 10 pt)
    width = max(2.6 * len(params) + 1.2, 0.075 * len(title) + 0.6)
    fig, axes = plt.subplots(1, len(params), figsize=(width, 0.45 * len(names) + 1.4), squeeze=False)
    for ax, p in zip(axes[0], params):
        for y, cond in enumerate(names):
            cell = conds[cond]["params"].get(model["name"], {}).get(p)
            if not cell:
                continue
            lo = cell["lo"] if cell["lo"] is not None else cell["mean"]
            hi = cell["hi"] if cell["hi"] is not None else cell["mean"]
            ax.errorbar(cell["mean"], y, xerr=[[cell["mean"] - lo], [hi - cell["mean"]]], fmt="o", color=f"C{y % 10}")
        ax.set_yticks(range(len(names)), names if ax is axes[0][0] else [""] * len(names), fontsize=9)
        ax.set_title(p, fontsize=10)
        ax.tick_params(axis="x", labelsize=9)
        ax.invert_yaxis()
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96)
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def fits_html(data: dict[str, Any]) -> str:
    """The report's "Model fits" section ("" where no test has models)."""
    fits = data.get("fits")
    if not fits:
        return ""
    parts = ["<section id='fits'><h2>Model fits</h2><p class='muted'>Maximum-likelihood fits of the cognitive "
             "models each test declares, per session (docs/fitting.md), one set of tables per design (test | "
             "preset, as the tables above): sessions of two designs are never pooled. Winner: the lowest BIC.</p>"]
    if "omitted" in fits:
        parts.append(f"<p>{html.escape(fits['omitted'])}</p></section>")
        return "".join(parts)
    parts.extend(_fit_tables_html(fits, "session", "sessions"))
    if fits["skipped"]:
        parts.append(f"<p class='muted'>{len(fits['skipped'])} session(s) not fitted: fewer than 10 readable "
                     "choices.</p>")
    if fits.get("participants"):
        parts.append(f"<h3 id='fits-participants'>Per participant</h3><p class='muted'>{html.escape(JOINT[0].upper())}"
                     f"{html.escape(JOINT[1:])}.</p>")
        parts.extend(_fit_tables_html(fits["participants"], "participant (sessions fitted jointly)", "participants"))
    parts.append("</section>")
    return "".join(parts)


def _fit_tables_html(fits: dict[str, Any], unit: str, over: str) -> list[str]:
    """Per design (``test | preset``, one each): the share of ``over`` each model wins per
    condition, and a figure of each model's parameters per condition, captioned where an
    interval was cut to the parameter's bounds (``*``) or the model predicts worse than the
    random one (pseudo-R2 below 0)."""
    from ..cli.fit import fit_table_notes

    parts = []
    for design, conds in fits["summary"].items():
        models = fits["models"].get(design, [])
        head = "".join(f"<th>{html.escape(m['name'])}</th>" for m in models)
        rows = "".join(f"<tr><td>{html.escape(c)}</td><td>{e['n']}</td>"
                       + "".join(f"<td>{100 * e['winners'].get(m['name'], 0):.0f}%</td>" for m in models) + "</tr>"
                       for c, e in conds.items())
        parts.append(f"<h3>{html.escape(design)}: winning model per {html.escape(unit)} (share of {over})</h3>"
                     f"<table><tr><th>condition</th><th>n</th>{head}</tr>{rows}</table>")
        for m in models:
            if m["params"]:
                parts.append(f"<figure><img src='{_figure(design, m, conds, over)}' alt='{html.escape(design)}: "
                             f"{html.escape(m['name'])} parameters per condition, over {over}'/>")
                notes = fit_table_notes(conds, m, words=True)  # the figure has no marks: named
                parts.append("".join(f"<figcaption class='muted'>{html.escape(m['name'])}: {html.escape(n)}</figcaption>"
                                     for n in notes) + "</figure>")
    return parts

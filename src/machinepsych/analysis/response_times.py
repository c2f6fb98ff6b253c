"""People's response times in the report: per test and condition, the median and the
interquartile range of the time from a question's onset to the answer, as measured in the
browser (a person's trial's ``latency_s``).

Only conditions whose participant is a person (``human``, ``human:<label>``) have a response
time: a model's or an agent's latency is the time its call took, not a response time, and is
not shown here. Practice trials are never trials of a session (they are kept with the
session's assignment, see :mod:`machinepsych.web.participant`), so none is counted; trials
without a measured time (a stored 0) are left out. As the scores, only complete sessions count.
"""
from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..storage.store import Store

TITLE = "Response times of people"
NOTE = ("seconds from a question's onset to the answer; median and interquartile range (Q1 to Q3) over the "
        "trials of the condition's complete sessions; practice trials excluded")


def response_times(store: Store, runs: list, labels: Mapping[tuple[int, str], str] | None = None,
                   keys: list[str] | None = None) -> list[dict[str, Any]]:
    """[{test, condition, run, sessions, n_trials, median_s, q1_s, q3_s}] for every test and
    condition of people in ``runs`` (in the order of ``keys``, the report's "test | preset"
    sections, then of the runs). ``labels`` maps (run id, condition) to the condition as the
    report shows it (a multi-run report keys clashing names by run)."""
    from sqlalchemy import or_, select

    from ..storage.schema import SessionRow, TrialRow

    if not runs:
        return []
    names = {r.id: r.name for r in runs}
    with store.session() as s:
        rows = s.execute(select(SessionRow.run_id, SessionRow.task_id, SessionRow.preset, SessionRow.condition,
                                SessionRow.id, TrialRow.latency_s)
                         .join(TrialRow, TrialRow.session_id == SessionRow.id)
                         .where(SessionRow.run_id.in_(list(names)), SessionRow.status == "complete",
                                or_(SessionRow.participant_name == "human", SessionRow.participant_name.like("human:%")))
                         .order_by(SessionRow.run_id, SessionRow.index, TrialRow.index)).all()
    cells: dict[tuple[str, int, str], tuple[list[float], set[int]]] = {}
    for run_id, task, preset, condition, session_id, latency in rows:
        cell = cells.setdefault((f"{task} | {preset}", run_id, condition), ([], set()))
        cell[1].add(session_id)
        if latency is not None and latency > 0:  # 0: no time measured for the trial
            cell[0].append(float(latency))
    order = {k: i for i, k in enumerate(keys or [])}
    run_order = {r.id: i for i, r in enumerate(runs)}
    out = []
    for (key, run_id, condition), (times, sessions) in sorted(
            cells.items(), key=lambda kv: (order.get(kv[0][0], len(order)), run_order[kv[0][1]])):
        q1, median, q3 = (float(v) for v in np.percentile(times, [25, 50, 75])) if times else (None, None, None)
        out.append({"test": key, "condition": (labels or {}).get((run_id, condition), condition), "run": names[run_id],
                    "sessions": len(sessions), "n_trials": len(times), "median_s": median, "q1_s": q1, "q3_s": q3})
    return out


def _s(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f}"


def print_response_times(data: dict[str, Any], console) -> None:
    """The terminal table (nothing where the report has no people)."""
    rows = data.get("response_times") or []
    if not rows:
        return
    from rich.text import Text

    from .fit_table import FitTable, print_fit

    ft = FitTable(f"{TITLE} (s)", "test: condition", ["sessions", "trials", "median", "IQR (Q1 to Q3)"])
    for r in rows:
        iqr = "-" if r["q1_s"] is None else f"{r['q1_s']:.2f} to {r['q3_s']:.2f}"
        ft.add(f"{r['test']}: {r['condition']}", [str(r["sessions"]), str(r["n_trials"]), _s(r["median_s"]), iqr])
    print_fit(console, ft)
    console.print(Text("  " + NOTE))


def response_times_html(data: dict[str, Any], cond_td) -> str:
    """The HTML section (empty where the report has no people); ``cond_td`` renders a
    condition's cell as the report's other tables do (colour and number)."""
    rows = data.get("response_times") or []
    if not rows:
        return ""
    body = "".join(
        f"<tr><td class='l'>{html.escape(r['test'])}</td>{cond_td(data, r['condition'])}<td>{r['sessions']}</td>"
        f"<td>{r['n_trials']}</td><td>{_s(r['median_s'])}</td><td>{_s(r['q1_s'])}</td><td>{_s(r['q3_s'])}</td></tr>"
        for r in rows)
    return (f"<section id='rt'><h2>{TITLE}</h2><table><caption>Response time (s) per test and condition</caption>"
            "<tr><th class='l'>test</th><th class='l'>condition</th><th>sessions</th><th>trials</th><th>median</th>"
            f"<th>Q1</th><th>Q3</th></tr>{body}</table><p class='muted'>{html.escape(NOTE[0].upper() + NOTE[1:])}. "
            "Models' and agents' call times are not response times and are not shown.</p></section>")

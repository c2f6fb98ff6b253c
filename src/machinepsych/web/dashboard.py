"""A run's live dashboard for the researcher: how many people completed, are taking, or
abandoned their sessions, and the scores per condition (people next to the run's models and
agents) with the chance lines the report's table judges "> chance" by (random answers', and a
fixed answer's where it is higher: :mod:`machinepsych.analysis.chance_bar`), from the report's
own functions."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..analysis.chance_bar import whose
from ..core.errors import MachinePsychError
from ..models.secrets import redacted
from ..participants.human import is_human_ref
from ..storage import study as studies
from ..storage.schema import RunRow, SessionRow
from ..storage.store import Store
from .pages import esc

def human_runs(store: Store) -> list[tuple[RunRow, list[SessionRow]]]:
    out = []
    for run in store.list_runs():
        refs = {p.get("ref", "") for p in (run.spec or {}).get("participants", [])}
        if any(is_human_ref(r) for r in refs):
            out.append((run, studies.human_sessions(store, run)))
    return out


def people_status(store: Store, run: RunRow, now: datetime | None = None) -> dict[str, int]:
    """Sessions for people by state: complete; in progress (held, active within the study's
    inactivity timeout); abandoned (released after that timeout: the copies that keep what
    the person had answered, and those held but inactive longer, about to be released);
    not started (nobody has it yet). A run without a study (lab sessions, never released)
    uses the default timeout."""
    now = now or studies.clock()
    timeout_min = studies.study_options(studies.study_for_run(store, run.id)).inactivity_min
    held = studies.assignments_for_run(store, run.id)
    counts = store.trial_counts(run.id)
    released = sum(1 for s in store.sessions(run.id) if s.status == studies.ABANDONED and is_human_ref(s.participant_name))
    out = {"complete": 0, "in progress": 0, "abandoned": released, "not started": 0}
    for s in studies.human_sessions(store, run):
        a = held.get(s.id)
        if s.status == "complete":
            out["complete"] += 1
        elif s.status == "withdrawn":  # the person withdrew: their data is deleted (study withdraw)
            out["withdrawn"] = out.get("withdrawn", 0) + 1
        elif a is None and not counts.get(s.id):
            out["not started"] += 1
        else:
            seen = studies.active_since(store, a.last_seen_at if a else s.started_at, now)
            idle_min = (now - seen).total_seconds() / 60.0
            out["abandoned" if idle_min > timeout_min else "in progress"] += 1
    return out


def people_checks(store: Store, run: RunRow) -> list[dict[str, Any]]:
    """Per session held by a person: the browser and device, how often the page was hidden or
    left (and for how long), and the attention checks passed (storage/people.py); then each
    released person's, on their abandoned copy (status ``abandoned``)."""
    from ..storage import people

    sessions = studies.human_sessions(store, run, released=True)
    seen = people.summary(people.events(store, [s.id for s in sessions]))
    return [{"session": s.index, "session_id": s.id, "status": s.status, **seen[s.id]} for s in sessions if s.id in seen]


def dashboard_data(store: Store, run: RunRow) -> dict[str, Any]:
    from ..analysis import report

    data: dict[str, Any] = {"run": run, "name": redacted(run.name), "people": people_status(store, run),
                            "inactivity_timeout_min": studies.study_options(studies.study_for_run(store, run.id))
                            .inactivity_min, "tests": [],
                            "note": "", "checks": people_checks(store, run)}
    try:
        built = report.build(store, run.id)
    except MachinePsychError as exc:
        data["note"] = "No scores yet: " + str(exc).split(". ")[0]
        return data
    for g in report.glance(built):
        m = g["metric"]
        data["tests"].append({
            "test": g["key"], "title": g["title"], "metric": m.short, "scale": list(m.scale),
            "rows": [{"condition": r["condition"], "n": r["n"], "mean": r["mean"], "ci95": r["ci95"],
                      "ci_low": r["ci_low"], "ci_high": r["ci_high"], "ci_clipped": r["ci_clipped"],
                      "above_chance": r["above_chance"]} for r in g["rows"]],
            # random answers' (as before); the lines the table judges by, the bar marked
            "chance": ({"mean": g["chance"].get("mean"), "p95": g["chance"].get("p95")} if g["chance"] else None),
            "chance_lines": [{k: x.get(k) for k in ("kind", "policy", "answer", "mean", "p95", "bar", "drawn", "label", "row")}
                             for x in g["chance_lines"]],
            "chance_bar": g["chance_bar"],
        })
    return data


def _ci(r: dict) -> str:
    """The 95% interval by its two ends, " (low to high)", within the metric's scale; "" for n = 1."""
    return "" if r.get("ci_low") is None else f" ({_num(r['ci_low'])} to {_num(r['ci_high'])})"


def _num(v: Any) -> str:
    return "–" if v is None else f"{v:.1f}"


def _scores_table(t: dict[str, Any]) -> str:
    """One test's scores: a bar per condition with a mark at each drawn chance line (the bar
    "> chance" is judged by in red, random answers' beside a higher fixed answer's in grey), and
    a row per chance line saying which answers it is of and whether it is the bar."""
    lo, hi = t["scale"]
    lines = t.get("chance_lines") or []
    values = [r["mean"] for r in t["rows"] if r["mean"] is not None] + [x["p95"] for x in lines if x["drawn"]]
    top = hi if hi is not None else max(values + [1.0])
    bottom = lo if lo is not None else min(values + [0.0])
    span = (top - bottom) or 1.0

    def at(v: float) -> float:
        return max(0.0, min(100.0, 100.0 * (v - bottom) / span))

    marks = "".join(f"<span class='{'chance' if x['bar'] else 'chance-other'}' style='left:{at(x['p95']):.1f}%' "
                    f"title='{esc(x['label'])}'></span>" for x in sorted(lines, key=lambda x: x["bar"]) if x["drawn"])

    def bar(v: float | None) -> str:
        if v is None:
            return ""
        return f"<div class='dbar' aria-hidden='true'><span style='width:{at(v):.1f}%'></span>{marks}</div>"

    def above(r: dict) -> str:
        return "–" if r.get("above_chance") is None else ("yes" if r["above_chance"] else "no")

    rows = "".join(f"<tr><td>{esc(r['condition'])}</td><td>{r['n']}</td><td>{_num(r['mean'])}{_ci(r)}</td>"
                   f"<td>{above(r)}</td><td>{bar(r['mean'])}</td></tr>" for r in t["rows"])
    rows += "".join(f"<tr class='chance-row'><td>{esc(x['row'])}</td><td></td><td>{_num(x['mean'])} "
                    f"(95th percentile {_num(x['p95'])})</td><td></td><td>{bar(x['mean'])}</td></tr>" for x in lines)
    drawn = sorted((x for x in lines if x["drawn"]), key=lambda x: not x["bar"])  # the bar's key first
    keys = [f"{'red' if x['bar'] else 'grey'} line: 95th percentile of {whose(x)}"
            + ("" if len(drawn) == 1 else ", the bar" if x["bar"] else ", not the bar") for x in drawn]
    head = "vs chance" + (f" ({'; '.join(keys)})" if keys else "")
    return (f"<table><caption>{esc(t['test'])}: {esc(t['metric'])}</caption><tr><th>condition</th><th>n</th>"
            f"<th>mean (95% CI)</th><th>&gt; chance</th><th>{esc(head)}</th></tr>{rows}</table>")


def dashboard_html(data: dict[str, Any]) -> str:
    people, timeout_min = data["people"], data["inactivity_timeout_min"]
    total = sum(people.values()) or 1
    out = [f"<h1>Dashboard: {esc(data['name'])}</h1><p class='muted'>Updates every 15 seconds. "
           "<a href='/admin'>All runs</a></p><h2>People</h2><table><tr><th>state</th><th>sessions</th></tr>"]
    out += [f"<tr><td>{esc(k)}</td><td>{v}</td></tr>" for k, v in people.items()]
    out.append(f"</table><p class='muted'>{people['complete']} of {total} complete; abandoned = released after the "
               f"study's inactivity timeout ({timeout_min:g} minute{'' if timeout_min == 1 else 's'}; what was answered "
               "is kept apart, never scored) or held but inactive for longer than it.</p><h2>Scores</h2>")
    if data["note"]:
        out.append(f"<p class='muted'>{esc(data['note'])}</p>")
    if not data["tests"] and not data["note"]:
        out.append("<p class='muted'>No complete sessions yet (only complete sessions are scored).</p>")
    for t in data["tests"]:
        out.append(_scores_table(t))
    checks = data.get("checks") or []
    if checks:
        out.append("<h2>Attention and focus</h2><table><tr><th>session</th><th>status</th><th>browser</th>"
                   "<th>device</th><th>screen</th><th>left the page</th><th>away (s)</th><th>attention checks passed</th></tr>")
        out += [f"<tr><td>{c['session']}</td><td>{esc(c['status'])}</td><td>{esc(c['browser'])}</td>"
                f"<td>{esc(c['device'])}</td><td>{esc(c['screen'])}</td><td>{c['focus_losses']}</td>"
                f"<td>{c['hidden_s']:.1f}</td><td>{c['attention_passed']} of {c['attention_answered']}</td></tr>"
                for c in checks]
        out.append("</table><p class='muted'>left the page: times the page was hidden (another tab or app) or lost "
                   "focus (another window) during the session.</p>")
    out.append("<style>.dbar{position:relative;width:220px;height:12px;background:#e6e6e6}"
               ".dbar span{display:block;height:100%;background:#0b57a4}"
               ".dbar .chance{position:absolute;top:-3px;width:3px;height:18px;background:#b3261e}"
               ".dbar .chance-other{position:absolute;top:-3px;width:2px;height:18px;background:#6b6b6b}"
               "</style>")
    return "".join(out)

"""Reports: the papers' table (mean (SD) per metric by model x condition) in the terminal,
an HTML report with figures, and every score as JSON."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pandas as pd
from rich.console import Console
from rich.table import Table

from ..scoring.reflection import PRIMARY_SCORE, overall_score
from ..storage.export import trials_frame
from ..storage.store import Store
from ..tasks.registry import get_task
from . import plots
from .figures import figures_for
from .scores import fmt_mean_sd, run_scores, summary_by_condition

TABLE_METRICS = {
    "wcst": ("CC", "PE", "NPE", "TFC", "CLR", "FMS", "accuracy"),
    "lnt": ("accuracy", "accuracy_valid", "CC", "PE", "NPE"),
    "accuracy": ("accuracy", "accuracy_valid"),
    "visfactor": ("accuracy", "acc_rows", "frct_paper", "random_acc", "human_norm", "invalid_rate"),
}
NOT_METRICS = ("trials", "invalid", "errors", "tokens", "cost_usd")


def _metrics_for(scorer: str, summary: dict[str, Any]) -> list[str]:
    wanted = TABLE_METRICS.get(scorer)
    keys = [k for k in summary if isinstance(summary[k], dict)]
    if wanted:
        return [m for m in wanted if m in keys]
    primary = [k for k in keys if k == PRIMARY_METRIC.get(scorer, scorer)]
    return (primary + [k for k in keys if k not in NOT_METRICS and k not in primary])[:8]


# The metric chance thresholds and the leading table column refer to, by scorer name.
PRIMARY_METRIC = {**PRIMARY_SCORE, "wcst": "accuracy", "lnt": "accuracy", "visfactor": "accuracy",
                  "accuracy": "accuracy"}


def chance_for(store: Store, task: str, params: dict) -> dict | None:
    """The cached chance simulation (``machinepsych chance``) for this test configuration:
    uniformly random valid answers, one session per score, the largest N cached."""
    key = get_task(task).key
    rows = []
    for r in store.chance_results():
        stored = {k: v for k, v in (r.params or {}).items() if not k.startswith("_")}
        extra = {k: v for k, v in (r.params or {}).items() if k.startswith("_")}
        if r.task_key == key and stored == params and extra.get("_responses", "uniform") == "uniform" \
                and extra.get("_sessions_per_score", 1) == 1:
            rows.append(r)
    return max(rows, key=lambda r: r.n).result if rows else None


def chance_threshold(ch: dict | None, scorer: str) -> tuple[str, dict] | None:
    """(metric, {mean, sd, p95}) of the test's primary metric under random play."""
    if not ch:
        return None
    metric = ch.get("primary") or PRIMARY_METRIC.get(scorer, scorer)
    cell = (ch.get("metrics") or {}).get(metric)
    return (metric, cell) if cell else None


def build(store: Store, run_ref: str | int) -> dict[str, Any]:
    run = store.get_run(run_ref)
    trials = trials_frame(store, run.id)
    scores = run_scores(store, run.id, trials)
    summary = summary_by_condition(scores)
    sessions = store.sessions(run.id)
    status = {s: sum(1 for x in sessions if x.status == s) for s in ("complete", "running", "pending", "failed")}
    chance = {}
    for s in sessions:
        k = f"{s.task_id} | {s.preset}"
        if k not in chance:
            chance[k] = chance_for(store, s.task_id, s.params)
    return {"run": run, "store": store, "trials": trials, "scores": scores, "summary": summary, "status": status, "chance": chance,
            "overall": reflection_overall(summary)}


def to_json(data: dict[str, Any]) -> dict[str, Any]:
    scores: pd.DataFrame = data["scores"]
    per_session = json.loads(scores.to_json(orient="records")) if not scores.empty else []
    return {"run": data["run"].name, "status": data["status"], "sessions": per_session,
            "summary": data["summary"], "chance": data["chance"], "reflection_overall": data["overall"]}


def print_tables(data: dict[str, Any], console: Console | None = None) -> None:
    console = console or Console()
    run = data["run"]
    console.print(f"[bold]Run {run.name}[/bold]  sessions: " + ", ".join(f"{k} {v}" for k, v in data["status"].items() if v))
    scores: pd.DataFrame = data["scores"]
    for key, conds in data["summary"].items():
        task = key.split(" | ")[0]
        scorer = scores[scores["task"] == task]["scorer"].iloc[0]
        first = next(iter(conds.values()))
        metrics = _metrics_for(scorer, first)
        thr = chance_threshold(data["chance"].get(key), scorer)
        table = Table(title=f"{key}  (mean (SD) over sessions)")
        table.add_column("condition")
        table.add_column("n", justify="right")
        for m in metrics:
            table.add_column(m, justify="right")
        if thr:
            table.add_column(f"{thr[0]} > chance p95", justify="center")
        for cond, summ in conds.items():
            row = [cond, str(summ["sessions"]), *[fmt_mean_sd(summ.get(m)) for m in metrics]]
            if thr:
                row.append(_above(summ, thr))
            table.add_row(*row)
        console.print(table)
        if thr:
            console.print(f"  chance ({thr[0]}, uniformly random answers, {data['chance'][key].get('n')} simulated "
                          f"sessions): mean {thr[1]['mean']:.2f}, SD {thr[1]['sd']:.2f}, 95th percentile {thr[1]['p95']:.2f}")
    for cond, overall in data.get("overall", {}).items():
        console.print(f"Reflection-Bench overall ({cond}): Table 2 form {_f(overall['table2'])}, "
                      f"Table 9 form {_f(overall['table9'])}; MBT (reported separately) {_f(overall['mbt'])}")


def _sample_images(data: dict[str, Any], task: str, k: int = 3) -> str:
    """The first images a participant saw in this test, with the answer given."""
    import base64

    trials: pd.DataFrame = data["trials"]
    if "images" not in trials:
        return ""
    rows = trials[(trials["task"] == task) & (trials["images"].fillna("") != "")].head(k)
    cells = []
    for _, r in rows.iterrows():
        png = data["store"].image(r["images"].split(";")[0])
        if png:
            src = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
            cells.append(f"<figure><img style='max-height:260px' src='{src}'/><figcaption>trial {r['trial']}: "
                         f"reply {html.escape(str(r['reply'])[:80])} ({r['parse_status']}, correct={r['correct']})"
                         "</figcaption></figure>")
    return ("<h3>Sample stimuli</h3>" + "".join(cells)) if cells else ""


def _f(v) -> str:
    return "-" if v is None else f"{v:.2f}"


def _above(summ: dict, thr: tuple[str, dict]) -> str:
    cell = summ.get(thr[0])
    if not cell or cell.get("mean") is None:
        return "-"
    return "yes" if cell["mean"] > thr[1]["p95"] else "no"


def reflection_overall(summary: dict[str, dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    """Per condition: the Reflection-Bench overall score as the paper forms it (Table 2: mean
    of six tasks; Table 9: without oddball; MBT reported separately)."""
    by_cond: dict[str, dict[str, float | None]] = {}
    for key, conds in summary.items():
        task = key.split(" | ")[0]
        metric = PRIMARY_SCORE.get(task, task)
        for cond, summ in conds.items():
            cell = summ.get(metric)
            if isinstance(cell, dict):
                by_cond.setdefault(cond, {})[task] = cell["mean"]
    out = {}
    for cond, scores in by_cond.items():
        t2, t9 = overall_score(scores, "table2"), overall_score(scores, "table9")
        if t2 is not None or t9 is not None:
            out[cond] = {"table2": t2, "table9": t9, "mbt": scores.get("mbt")}
    return out


def write_html(data: dict[str, Any], out_dir: str | Path) -> Path:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    run = data["run"]
    trials: pd.DataFrame = data["trials"]
    scores: pd.DataFrame = data["scores"]
    parts = [f"<h1>machinepsych report: {html.escape(run.name)}</h1>",
             f"<p>Created {run.created_at:%Y-%m-%d %H:%M} UTC. Sessions: "
             + ", ".join(f"{k} {v}" for k, v in data["status"].items() if v) + "</p>"]
    for key, conds in data["summary"].items():
        task = key.split(" | ")[0]
        scorer = scores[scores["task"] == task]["scorer"].iloc[0]
        metrics = _metrics_for(scorer, next(iter(conds.values())))
        thr = chance_threshold(data["chance"].get(key), scorer)
        parts.append(f"<h2>{html.escape(key)}</h2><table><tr><th>condition</th><th>n</th>"
                     + "".join(f"<th>{m}</th>" for m in metrics)
                     + (f"<th>{thr[0]} &gt; chance p95</th>" if thr else "") + "</tr>")
        for cond, summ in conds.items():
            parts.append(f"<tr><td>{html.escape(cond)}</td><td>{summ['sessions']}</td>"
                         + "".join(f"<td>{fmt_mean_sd(summ.get(m))}</td>" for m in metrics)
                         + (f"<td>{_above(summ, thr)}</td>" if thr else "") + "</tr>")
        parts.append("</table>")
        if thr:
            parts.append(f"<p>Chance ({thr[0]}; uniformly random valid answers, {data['chance'][key].get('n')} simulated "
                         f"sessions): mean {thr[1]['mean']:.2f}, SD {thr[1]['sd']:.2f}, 95th percentile {thr[1]['p95']:.2f} "
                         "(dashed line in the metric figure).</p>")
        parts.append(_sample_images(data, task))
        lines = {thr[0]: thr[1]["p95"]} if thr else {}
        figs = plots.metric_bars(scores, task, lines) + plots.accuracy_by_trial(trials, task)
        sub_t, sub_s = trials[trials["task"] == task], scores[scores["task"] == task]
        for fn in figures_for(task, scorer):
            figs += fn(sub_t, sub_s)
        for title, fig in figs:
            parts.append(f"<figure><img src='{plots.fig_to_data_url(fig)}'/><figcaption>{html.escape(title)}</figcaption></figure>")
    if data.get("overall"):
        parts.append("<h2>Reflection-Bench overall</h2><table><tr><th>condition</th><th>Table 2 (6 tasks)</th>"
                     "<th>Table 9 (5 tasks)</th><th>MBT (separate)</th></tr>")
        for cond, o in data["overall"].items():
            parts.append(f"<tr><td>{html.escape(cond)}</td><td>{_f(o['table2'])}</td><td>{_f(o['table9'])}</td>"
                         f"<td>{_f(o['mbt'])}</td></tr>")
        parts.append("</table>")
    for title, fig in plots.tokens_and_cost(scores):
        parts.append(f"<h2>Usage</h2><figure><img src='{plots.fig_to_data_url(fig)}'/><figcaption>{title}</figcaption></figure>")
    style = ("body{font-family:sans-serif;max-width:1100px;margin:auto;padding:1em}table{border-collapse:collapse}"
             "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child{text-align:left}"
             "figure{display:inline-block;margin:.5em}img{max-width:100%}")
    path = out / "index.html"
    path.write_text(f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(run.name)}</title>"
                    f"<style>{style}</style></head><body>{''.join(parts)}</body></html>", encoding="utf-8")
    (out / "scores.json").write_text(json.dumps(to_json(data), indent=2, default=str), encoding="utf-8")
    return path

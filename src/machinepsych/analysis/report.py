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
    return [k for k in keys if k not in NOT_METRICS][:8]


def chance_for(store: Store, task: str, params: dict) -> dict | None:
    """The cached chance simulation for this test configuration, if one was run."""
    key = get_task(task).key
    h = store.params_hash(params)
    rows = [r for r in store.chance_results() if r.task_key == key and r.params_hash == h]
    return max(rows, key=lambda r: r.n).result if rows else None


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
    return {"run": run, "trials": trials, "scores": scores, "summary": summary, "status": status, "chance": chance}


def to_json(data: dict[str, Any]) -> dict[str, Any]:
    scores: pd.DataFrame = data["scores"]
    per_session = json.loads(scores.to_json(orient="records")) if not scores.empty else []
    return {"run": data["run"].name, "status": data["status"], "sessions": per_session,
            "summary": data["summary"], "chance": data["chance"]}


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
        table = Table(title=f"{key}  (mean (SD) over sessions)")
        table.add_column("condition")
        table.add_column("n", justify="right")
        for m in metrics:
            table.add_column(m, justify="right")
        for cond, summ in conds.items():
            table.add_row(cond, str(summ["sessions"]), *[fmt_mean_sd(summ.get(m)) for m in metrics])
        console.print(table)
        ch = data["chance"].get(key)
        if ch:
            console.print(f"  chance (random play, {ch.get('n', '?')} sessions): mean {ch.get('mean')}, 95th percentile {ch.get('p95')}")


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
        parts.append(f"<h2>{html.escape(key)}</h2><table><tr><th>condition</th><th>n</th>"
                     + "".join(f"<th>{m}</th>" for m in metrics) + "</tr>")
        for cond, summ in conds.items():
            parts.append(f"<tr><td>{html.escape(cond)}</td><td>{summ['sessions']}</td>"
                         + "".join(f"<td>{fmt_mean_sd(summ.get(m))}</td>" for m in metrics) + "</tr>")
        parts.append("</table>")
        ch = data["chance"].get(key)
        if ch:
            parts.append(f"<p>Chance (uniformly random valid answers, {ch.get('n', '?')} simulated sessions): "
                         f"mean {ch.get('mean')}, SD {ch.get('sd')}, 95th percentile {ch.get('p95')}.</p>")
        figs = plots.metric_bars(scores, task) + plots.accuracy_by_trial(trials, task)
        sub_t, sub_s = trials[trials["task"] == task], scores[scores["task"] == task]
        for fn in figures_for(task, scorer):
            figs += fn(sub_t, sub_s)
        for title, fig in figs:
            parts.append(f"<figure><img src='{plots.fig_to_data_url(fig)}'/><figcaption>{html.escape(title)}</figcaption></figure>")
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

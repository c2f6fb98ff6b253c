"""A prediction run's report (``report``, ``report --json`` key ``prediction``, the HTML page):
per test, a table of every predictor's measures and a figure of their NLL per trial."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from .prediction import _num, person_rows, prediction_report, print_prediction


def to_json(store, run) -> dict[str, Any]:
    return {"run": run.name, "kind": "prediction", "state": store.run_state(run),
            "status": store.session_summary(run.id), "predicts": run.spec["predicts"]["run"],
            "prediction": prediction_report(store, run)}


def print_report(store, run, console) -> dict[str, Any]:
    data = to_json(store, run)
    s = data["status"]
    console.print(f"[bold]Prediction run {run.name}[/bold] ({data['state']}): {s['complete']} of {s['sessions']} "
                  f"people of run {data['predicts']} predicted", highlight=False)
    print_prediction(data["prediction"], console)
    return data


def nll_figure(test: dict[str, Any], width: int = 640) -> str:
    """Horizontal bars: each predictor's NLL per trial, the random model's as a dashed line
    (shorter is better); an inline SVG."""
    rows = [r for r in test["predictors"] if r["nll_per_trial"] is not None]
    if not rows:
        return ""
    left, bar, gap, top = 300, 18, 6, 24
    height = top + len(rows) * (bar + gap) + 24
    most = max(r["nll_per_trial"] for r in rows) * 1.1 or 1.0
    scale = (width - left - 60) / most
    colour = {"model": "#1f77b4", "agent": "#7f7f7f", "cognitive": "#ff7f0e"}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             'aria-label="negative log-likelihood per trial of each predictor" font-family="sans-serif" font-size="12">',
             f'<text x="{left}" y="14">NLL per trial (lower predicts better)</text>']
    for i, r in enumerate(rows):
        y = top + i * (bar + gap)
        w = r["nll_per_trial"] * scale
        parts.append(f'<text x="{left - 6}" y="{y + bar - 5}" text-anchor="end">{html.escape(r["predictor"])}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar}" fill="{colour.get(r["kind"], "#999")}"/>')
        parts.append(f'<text x="{left + w + 4:.1f}" y="{y + bar - 5}">{r["nll_per_trial"]:.3f}</text>')
    rand = next((r for r in rows if r["predictor"] == "random"), None)
    if rand is not None:
        x = left + rand["nll_per_trial"] * scale
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 18}" stroke="#333" '
                     'stroke-dasharray="4 3"/>')
    parts.append("</svg>")
    return "".join(parts)


def _people_html(t: dict[str, Any]) -> str:
    header, rows = person_rows(t)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def tests_html(p: dict[str, Any], level: int = 2) -> str:
    """Per test of prediction report ``p``: the measures table, the figure of NLL per trial and
    the table by person (``level``: the heading level of each test)."""
    sections = []
    h, h2 = f"h{level}", f"h{level + 1}"
    for task, t in p["tests"].items():
        head = "".join(f"<th>{col}</th>" for col in ("predictor", "kind", "trials", "NLL", "NLL/trial", "pseudo-R2",
                                                   "accuracy"))
        body = "".join(
            f"<tr><td>{html.escape(r['predictor'])}</td><td>{r['kind']}</td><td>{r['trials']}</td>"
            f"<td>{_num(r['nll'], 2)}</td><td>{_num(r['nll_per_trial'], 3)}</td><td>{_num(r['pseudo_r2'], 3)}</td>"
            f"<td>{_num(r['accuracy'], 3)}</td></tr>" for r in t["predictors"])
        sections.append(
            f"<section><{h}>{html.escape(task)}: {html.escape(p['model'])} predicting {len(t['people'])} people</{h}>"
            f"<p>{t['predicted']} of {t['choices']} choices given a probability by the model; every predictor is "
            "scored on those trials. Cognitive models: leave-one-person-out (each person predicted with the median "
            "parameters of the other people). Agents: their policy's own probabilities with a lapse of "
            f"{p.get('lapse', 0.05):g}, nothing fitted.</p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{nll_figure(t)}"
            f"<{h2}>NLL per trial by person</{h2}>{_people_html(t)}</section>")
    return "".join(sections)


def people_report_section(data: dict[str, Any]) -> str:
    """The "Predicting these people" section of a people run's HTML report given with the
    prediction runs of its people (``data["prediction"]``; "" without)."""
    preds = data.get("prediction") or []
    if not preds:
        return ""
    return ("<section id='prediction'><h2>Predicting these people</h2><p class='muted'>The probability each "
            "predictor gave each person's own choices (docs/predict.md).</p>"
            + "".join(f"<h3>Prediction run {html.escape(p['run'])}</h3>{tests_html(p, 4)}" for p in preds)
            + "</section>")


def write_html(data: dict[str, Any], out_dir: str | Path) -> Path:
    """``out_dir/index.html``: the prediction tables and figures, and ``prediction.json``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    p = data["prediction"]
    page = ("<!doctype html><html><head><meta charset='utf-8'>"
            f"<title>Prediction run {html.escape(data['run'])}</title>"
            "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto}table{border-collapse:collapse}"
            "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child{text-align:left}</style>"
            f"</head><body><h1>Prediction run {html.escape(data['run'])}</h1>"
            f"<p>{html.escape(p['model'])} predicting the people of run {html.escape(p['people_run'])}, choice by choice "
            "(docs/predict.md).</p>" + tests_html(p) + "</body></html>")
    path = out / "index.html"
    path.write_text(page)
    (out / "prediction.json").write_text(json.dumps(data, indent=2, default=str))
    return path

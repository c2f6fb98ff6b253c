"""The HTML report: the answer first, then how the run was made, then every test in detail.

Order of the page: the source papers' layouts (each paper's own summary table, open), at a glance (per test, each condition's primary score with its 95% CI,
the chance level and its 95th percentile, human norms on the same scale), the battery's own
summary, contents, the run's configuration, then per test the full table (mean (SD)), the
figures (one colour and one number per condition throughout, 95% CIs, at least 9 pt text at
the size shown) and sample stimuli with their key and the participant's reply.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pandas as pd

from ..core.atomic import atomic_path, write_text_atomic

from .report import (INVALID_WARN_PCT, battery_tables, chance_detail, glance, json_pieces, legend, norm_text, sample_candidates, spec_of,
                     table_metrics)
from . import multirun
from .figure_helper import FigureHelper
from .report_figures import USAGE, report_figures, sections
from .response_times import response_times_html
from .scores import fmt_mean_sd
from . import comparisons_view, layout_render, layouts, versus_people

STYLE = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1080px;margin:auto;padding:0 1em 3em;
color:#222;line-height:1.4}
h1{font-size:1.5em;margin:.6em 0 .2em} h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #ddd}
h3{font-size:1.05em;margin:1em 0 .3em}
table{border-collapse:collapse;margin:.4em 0 .8em} td,th{border:1px solid #ccc;padding:3px 8px;text-align:right} td.nw{white-space:nowrap}
td.l,th.l{text-align:left} caption{text-align:left;font-weight:600;padding:.2em 0}
.muted{color:#666;font-size:.92em} .sw{display:inline-block;width:.9em;height:.9em;border-radius:2px;
vertical-align:-.1em;margin-right:.4em} .yes{color:#1a7f37;font-weight:600} .no{color:#9a6700}
figure{margin:.8em 0} figcaption{font-size:.92em;color:#444} img{max-width:100%}
.stim{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:12px}
.stim div{border:1px solid #ddd;padding:8px;border-radius:4px;font-size:.92em} pre{white-space:pre-wrap;margin:.3em 0}
nav ol{columns:2}
td.warn{background:#fff1c2;color:#8a1c00;font-weight:600} p.warn{background:#fff1c2;border-left:4px solid #d4a000;
padding:.3em .6em;margin:.4em 0}
"""


def _anchor(key: str) -> str:
    return "t-" + re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")


def _f(v: float | None, digits: int = 2) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def _cond(data: dict[str, Any], cond: str) -> str:
    number = list(data["colours"]).index(cond) + 1 if cond in data["colours"] else "?"
    colour = data["colours"].get(cond, "#999")
    return f"<td class='l'><span class='sw' style='background:{colour}'></span>{number}. {html.escape(cond)}</td>"


def _glance_html(data: dict[str, Any]) -> str:
    parts = ["<section id='glance'><h2>At a glance</h2>"]
    for g in glance(data):
        m = g["metric"]
        people = versus_people.glance_reference(data, g["key"])  # z, percentile, normalised among its people
        against = [("z", "z-score among"), ("pctile", "percentile among"),
                   ("norm", "normalised score (0 = the random agent, 1 = the people's mean) against")] if people else []
        head = (f"<tr><th class='l'>condition</th><th>n</th><th>{html.escape(m.short)}</th><th>95% CI</th>"
                + ("<th>above chance p95</th>" if g["chance"] else "")
                + "<th title='share of answers that could not be read (invalid, refusal or empty; a questionnaire counts each rating)'>invalid %</th>"
                + "".join(f"<th title='{t} {html.escape(people['people'])}'>{h}</th>" for h, t in against) + "</tr>")
        blank = "<td></td>" * len(against)
        rows = []
        for r in g["rows"]:
            ci = "-"
            if r.get("ci_low") is not None:  # within the metric's declared scale (report.glance)
                ci = f"{r['ci_low']:.2f} to {r['ci_high']:.2f}" + (
                    "<span title='cut to the scale of the metric'>*</span>" if r.get("ci_clipped") else "")
            above = "" if not g["chance"] else (
                "<td>-</td>" if r["above_chance"] is None else
                f"<td class='{'yes' if r['above_chance'] else 'no'}'>{'yes' if r['above_chance'] else 'no'}</td>")
            placed = "".join(f"<td>{c}</td>" for c in versus_people.glance_cells(people, r["condition"])) if people else ""
            rows.append(f"<tr>{_cond(data, r['condition'])}<td>{r['n']}</td><td>{_f(r['mean'])}</td><td class='nw'>{ci}</td>{above}"
                        f"{_invalid_td(r)}{placed}</tr>")
        for e in g["norms"]:
            n = e["norm"]
            rows.append(f"<tr><td class='l'>{html.escape(norm_text(g, e))} <span class='muted'>(reference)</span></td><td></td>"
                        f"<td>{_f(n.value)}</td><td></td>{'<td></td>' if g['chance'] else ''}<td></td>{blank}</tr>")
        rows.append(layouts.published_trs(data, g["key"], [m.name], 1, (3 if g["chance"] else 2) + len(against),
                                          lambda p: _f(p.value) if p else "-"))  # the papers' rows, never in our n
        for x in g["chance_lines"]:  # named as the figure keys them (chance_bar)
            rows.append(f"<tr class='muted'><td class='l'>{html.escape(x['row'])}<br>"
                        f"<small>{html.escape(chance_detail(g, x))}</small></td>"
                        f"<td></td><td>{_f(x['mean'])}</td><td>p95 {_f(x['p95'])}</td><td></td><td></td>{blank}</tr>")
        warned = [r for r in g["rows"] if r["invalid_warning"]]
        if warned:
            parts.append("<p class='warn' role='note'>&#9888; " + "; ".join(
                f"{html.escape(r['condition'])}: {r['unread']:,} of {r['replies']:,} answers could not be read "
                f"({r['invalid_pct']:.1f}%)" for r in warned)
                + f". Above {INVALID_WARN_PCT:g}% unread, a score says more about the replies' format than about "
                "the ability tested: unread replies count as wrong or missing answers.</p>")
        parts.append(f"<table><caption><a href='#{_anchor(g['key'])}'>{html.escape(g['key'])}</a>: "
                     f"{html.escape(m.label or m.name)}</caption>{head}{''.join(rows)}</table>"
                     + "".join(f"<p class='muted'>{html.escape(n)}</p>" for n in (versus_people.glance_notes(people) if people else [])))
    for title, metrics, by_cond in battery_tables(data):
        parts.append(f"<table><caption>{html.escape(title)}</caption><tr><th class='l'>condition</th>"
                     + "".join(f"<th title='{html.escape(m.title)}'>{html.escape(m.short)}</th>" for m in metrics) + "</tr>"
                     + "".join(f"<tr>{_cond(data, c)}" + "".join(f"<td>{_f(v.get(m.name))}</td>" for m in metrics) + "</tr>"
                               for c, v in by_cond.items()) + "</table>")
    parts.append("</section>")
    return "".join(parts)


def _invalid_td(r: dict[str, Any]) -> str:
    """The row's share of unread replies; in the warning style above ``INVALID_WARN_PCT``."""
    if r["invalid_pct"] is None:
        return "<td>-</td>"
    title = f"{r['unread']:,} of {r['replies']:,} answers could not be read (invalid, refusal or empty)"
    if r["invalid_warning"]:
        return f"<td class='warn' title='{html.escape(title)}'>&#9888; {r['invalid_pct']:.1f}</td>"
    return f"<td title='{html.escape(title)}'>{r['invalid_pct']:.1f}</td>"


def _config_html(data: dict[str, Any]) -> str:
    if multirun.is_multi(data):  # several runs: each run's configuration under its name
        return multirun.config_html(data, _config_body)
    return "<section id='config'><h2>How this run was made</h2>" + _config_body(data["config"]) + "</section>"


def _config_body(cfg: dict[str, Any]) -> str:
    people = "".join(
        f"<li><b>{html.escape(str(p['ref']))}</b>"
        + "".join(f" · {html.escape(k)}={html.escape(str(v))}" for k, v in p.items() if k != "ref") + "</li>"
        for p in cfg["participants"])
    tests = "".join(
        f"<tr><td class='l'>{html.escape(t['test'])}</td><td class='l'>{html.escape(t['preset'])}</td><td>{t['sessions']}</td>"
        f"<td>{html.escape(t['seeds'])}</td><td class='l'><code>{html.escape(json.dumps(t['params']))}</code></td></tr>"
        for t in cfg["tests"].values())
    return (f"<p class='muted'>Created {cfg['created']}"
            + (f"; battery {html.escape(cfg['battery'])}" if cfg["battery"] else "")
            + f"; strategies {html.escape(', '.join(cfg['strategies']))}; personas {html.escape(', '.join(cfg['personas']))}; "
            "session <i>i</i> of every condition uses seed + <i>i</i>.</p>"
            f"<h3>Participants</h3><ul>{people}</ul>{_source_html(cfg)}{_history_html(cfg)}<h3>Tests</h3><table><tr><th class='l'>test</th><th class='l'>preset</th>"
            f"<th>sessions</th><th>seeds</th><th class='l'>parameters</th></tr>{tests}</table>")


def _source_html(cfg: dict[str, Any]) -> str:
    """Where imported people's data come from (``import-people``): source, licence, citation."""
    from .report import source_line

    source = cfg.get("source")
    return f"<h3>Source of the people's data</h3><p>{html.escape(source_line(source))}</p>" if source else ""


def _history_html(cfg: dict[str, Any]) -> str:
    """The run's changes after it was made (a participant repointed by resume --base-url/--model)."""
    from ..storage.history import describe_entry

    entries = cfg.get("history") or []
    return ("<h3>Changes</h3><ul>" + "".join(f"<li>{html.escape(describe_entry(e))}</li>" for e in entries) + "</ul>"
            if entries else "")


def _figure(f: dict[str, Any]) -> str:
    return (f"<figure><img src='{f['data_url']}' width='{f['width_px']}' data-min-pt='{f['min_pt']:.1f}' "
            f"alt='{html.escape(f['title'])}'/><figcaption>{html.escape(f['title'])}</figcaption></figure>")


def sample_trials(trials: pd.DataFrame, task: str, k: int = 3) -> pd.DataFrame:
    """``k`` trials of the test to show: one of each kind of stimulus first (with images, as
    the image condition shows them, and text only), from the first trial of each condition,
    then the first trials of the run."""
    candidates = sample_candidates(trials, task, k)
    shown = candidates["images"].fillna("").astype(str) != "" if "images" in candidates else \
        pd.Series(False, index=candidates.index)
    first_of_kind = shown.drop_duplicates().index.tolist()
    chosen = first_of_kind + [i for i in candidates.index if i not in first_of_kind]
    return candidates.loc[chosen[:k]]


def _stimuli_html(data: dict[str, Any], task: str, k: int = 3) -> str:
    """Sample trials of the test as shown (:func:`sample_trials`), with what the participant
    did not see (the key) and what it answered."""
    # the trials that may be shown, with every column, where the trial table has only some
    rows = sample_trials(data["samples"] if "samples" in data else data["trials"], task, k)
    cells = []
    for _, r in rows.iterrows():
        body = []
        for sha in [s for s in str(r.get("images") or "").split(";") if s]:
            png = data["store"].image(sha)
            if png:
                import base64

                body.append(f"<img src='data:image/png;base64,{base64.b64encode(png).decode('ascii')}' "
                            "style='max-height:240px'/>")
        if r.get("prompt_text"):
            body.append(f"<pre>{html.escape(str(r['prompt_text'])[:600])}</pre>")
        key = r.get("hidden") or {}
        key_text = html.escape(json.dumps(key, default=str)[:300]) if key else "(not recorded)"
        body.append(f"<p><b>Key</b> (not shown to the participant): <code>{key_text}</code><br><b>Reply</b> "
                    f"({html.escape(str(r['condition']))}): <code>{html.escape(str(r['reply'])[:200])}</code> · "
                    f"{html.escape(str(r['parse_status']))}, correct = {r['correct']}</p>")
        cells.append(f"<div><b>session {r['session']}, trial {int(r['trial']) + 1}</b>{''.join(body)}</div>")
    return f"<h3>Sample stimuli</h3><div class='stim'>{''.join(cells)}</div>" if cells else ""


def _test_html(data: dict[str, Any], key: str, conds: dict[str, Any], figures: list[dict[str, Any]]) -> str:
    spec = spec_of(key)
    metrics = table_metrics(spec, next(iter(conds.values())))
    parts = [f"<section id='{_anchor(key)}'><h2>{html.escape(key)} — {html.escape(spec.title)}</h2>"
             f"<p class='muted'>{html.escape(spec.citation)}{' · ' + html.escape(spec.docs) if spec.docs else ''}</p>",
             "<table><tr><th class='l'>condition</th><th>n</th>"
             + "".join(f"<th title='{html.escape(m.title)}'>{html.escape(m.short)}</th>" for m in metrics) + "</tr>"]
    for cond, summ in conds.items():
        parts.append(f"<tr>{_cond(data, cond)}<td>{summ['sessions']}</td>"
                     + "".join(f"<td>{fmt_mean_sd(summ.get(m.name))}</td>" for m in metrics) + "</tr>")
    parts.append(layouts.published_trs(data, key, [m.name for m in metrics], 1, 0))
    parts.append(f"</table><p class='muted'>Mean (SD) over sessions. {html.escape(legend(metrics))}</p>")
    parts += [_figure(f) for f in figures]
    parts.append(_stimuli_html(data, spec.id))
    parts.append("</section>")
    return "".join(parts)


def _usage_table(data: dict[str, Any]) -> str:
    """Per model participant: tokens, cached share of prompt tokens, cost and cost without caching."""
    from .terminal import USAGE_HEADERS, usage_cells, usage_notes

    usage = data.get("usage") or []
    if not usage:
        return ""
    head = "<tr><th class='l'>participant</th>" + "".join(f"<th>{html.escape(h)}</th>" for h in USAGE_HEADERS) + "</tr>"
    rows = "".join(f"<tr><td class='l'>{html.escape(u['participant'])}</td>"
                   + "".join(f"<td>{html.escape(c)}</td>" for c in usage_cells(u)) + "</tr>" for u in usage)
    notes = "".join(f"<p class='muted'>{html.escape(note)}.</p>" for u in usage for note in usage_notes(u))
    return (f"<table id='usage-table'><caption>Per model participant: share of prompt tokens read from the prompt "
            f"cache; cost, and what the calls would have cost without caching</caption>{head}{rows}</table>{notes}")


def write_html(data: dict[str, Any], out_dir: str | Path, helper: FigureHelper | None = None) -> Path:
    """Write the report to OUT_DIR/index.html (and scores.json); ``helper``: a figure helper
    started early (:func:`.report_figures.start_helper`) to draw with."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    run = data["run"]
    status = ", ".join(f"{k} {v}" for k, v in data["status"].items() if v)
    contents = "".join(f"<li><a href='#{_anchor(k)}'>{html.escape(k)}</a></li>" for k in data["summary"])
    from ..fitting.report import fits_html

    compared, fits = comparisons_view.html_section(data), fits_html(data)  # listed in the contents where shown
    body = [f"<h1>machinepsych report: {html.escape(run.name)}</h1>",
            f"<p class='muted'>Run state: {html.escape(data['state'])}; sessions: {html.escape(status)}. "
            "Scores are means over sessions; intervals are 95% confidence intervals of the mean (Student's t, "
            "cut to the metric's scale where marked *; none for one session).</p>",
            layout_render.layouts_html(data), _glance_html(data),  # the paper's own table first
            versus_people.html_section(data, _cond),  # each condition among the test's people
            compared,
            "<nav id='contents'><h2>Contents</h2><ol>"
            + ("<li><a href='#layouts'>Paper layouts</a></li>" if layouts.layouts(data) else "")
            + "<li><a href='#glance'>At a glance</a></li>"
            + ("<li><a href='#versus-people'>Against people</a></li>" if versus_people.beyond_glance(data) else "")
            + ("<li><a href='#comparisons'>Differences between conditions</a></li>" if compared else "")
            + f"<li><a href='#config'>How {'these runs were' if multirun.is_multi(data) else 'this run was'} made</a></li>"
            + ("<li><a href='#rt'>Response times of people</a></li>" if data.get("response_times") else "")
            + contents + ("<li><a href='#fits'>Model fits</a></li>" if fits else "")
            + "<li><a href='#usage'>Usage</a></li></ol></nav>",
            _config_html(data), response_times_html(data, _cond)]
    figures = report_figures(data, sections(data), helper)  # drawn now, or kept from an earlier report
    fold = len(data["summary"]) > layouts.FOLD_ABOVE  # many tests: each one's section folded under its heading
    body += [layouts.fold_section(_test_html(data, key, conds, figures[key]), fold) for key, conds in data["summary"].items()]
    body.append(fits)
    from .prediction_view import people_report_section

    body.append(people_report_section(data))
    usage = figures[USAGE]
    body.append("<section id='usage'><h2>Usage</h2>" + _usage_table(data) + ("".join(_figure(f) for f in usage) if usage else
                "<p class='muted'>No model tokens (built-in agents and people only).</p>") + "</section>")
    path = out / "index.html"
    from ..models.secrets import redacted  # a run's stored name or spec holding a known key: masked (14 ms a MB)

    write_text_atomic(path, redacted(f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(run.name)}</title>"
                    f"<meta name='viewport' content='width=device-width,initial-scale=1'><style>{STYLE}{layout_render.LAYOUT_STYLE}</style></head>"
                    f"<body>{''.join(body)}</body></html>"))
    with atomic_path(out / "scores.json") as tmp, open(tmp, "w", encoding="utf-8") as f:
        for piece in json_pieces(data):  # the sessions' rows a chunk at a time
            f.write(piece)
    return path

"""The report in a terminal: the answer first (each condition's primary score with its 95%
CI against chance), then every table metric as mean (SD), in tables that fit the terminal's
width without cutting a name or a number (long condition names become short codes with a
legend; metrics are split over several tables when there are more than fit)."""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from . import multirun
from .report import INVALID_WARN_PCT, battery_tables, glance, legend, spec_of, table_metrics
from .response_times import print_response_times
from . import published as published_rows
from .layouts import print_layouts
from .scores import fmt_mean_sd

CELL = 13  # "100.00 (12.34)" fits in a column of this width plus padding


def _fmt(v: float | None, digits: int = 2) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def _labels(conditions: list[str], width: int) -> tuple[dict[str, str], list[str]]:
    """Condition -> label shown; codes (c1, c2 ...) with a legend when names are too long."""
    longest = max((len(c) for c in conditions), default=0)
    if longest <= max(12, width // 4):
        return {c: c for c in conditions}, []
    codes = {c: f"c{i + 1}" for i, c in enumerate(conditions)}
    return codes, [f"{codes[c]} = {c}" for c in conditions]


def _table(title: str, label_width: int) -> Table:
    table = Table(title=title, title_justify="left", pad_edge=False, collapse_padding=True)
    table.add_column("condition", no_wrap=True, min_width=min(label_width, 40))
    table.add_column("n", justify="right", no_wrap=True)
    return table


def _print_legend(console: Console, lines: list[str]) -> None:
    for line in lines:
        console.print("  " + line, highlight=False, soft_wrap=False)


def print_glance(data: dict[str, Any], console: Console) -> None:
    width = console.width
    for g in glance(data):
        m = g["metric"]
        pub = published_rows.table_rows(data, g["key"], [m.name])  # the papers' rows: never in our n
        labels, legend_lines = _labels([r["condition"] for r in g["rows"]], width)
        pcodes, plegend = published_rows.codes(list(pub), width)
        labels, legend_lines = {**labels, **pcodes}, legend_lines + plegend
        table = _table(f"{g['key']}: {m.label or m.name}", max(len(v) for v in labels.values()))
        table.add_column(f"{m.name}{' (' + m.unit + ')' if m.unit else ''}", justify="right", no_wrap=True)
        table.add_column("95% CI", justify="right", no_wrap=True)
        if g["chance"]:
            table.add_column("> chance", justify="center", no_wrap=True)
        table.add_column("invalid %", justify="right", no_wrap=True)
        for r in g["rows"]:
            ci = ci_text(r)
            row = [labels[r["condition"]], str(r["n"]), _fmt(r["mean"]), ci]
            if g["chance"]:
                row.append("-" if r["above_chance"] is None else ("yes" if r["above_chance"] else "no"))
            row.append(_invalid_cell(r))
            table.add_row(*row, style="bold red" if r["invalid_warning"] else None)
        for label, cells in pub.items():
            table.add_row(escape(labels[label]), "", _fmt(cells[m.name].value), "-", *([""] if g["chance"] else []), "",
                          style="dim italic")
        console.print(table)
        _print_legend(console, legend_lines)
        for r in g["rows"]:
            if r["invalid_warning"]:
                console.print(f"  [bold red]! {escape(labels[r['condition']])}: {r['unread']:,} of {r['replies']:,} replies "
                              f"could not be read ({r['invalid_pct']:.1f}% > {INVALID_WARN_PCT:g}%); they score as "
                              "wrong or missing answers[/bold red]", highlight=False)
        if g["chance"]:
            c = g["chance"]
            console.print(f"  chance ({g['chance_n']} simulated sessions of random answers: "
                          f"{g.get('chance_policy_text') or 'uniform'}): mean {c['mean']:.2f}, "
                          f"95th percentile {c['p95']:.2f}", highlight=False)
        if any(r.get("ci_clipped") for r in g["rows"]):
            console.print("  * interval cut to the scale of the metric", highlight=False)
        for n in g["norms"]:
            console.print(f"  {n.label}: {n.value:.2f}" + (f" ({n.source})" if n.source else ""), highlight=False)


def ci_text(r: dict[str, Any]) -> str:
    """A 95% interval by its two ends, "low to high" ("*" where cut to the metric's scale);
    "-" without one (a single session)."""
    if r.get("ci_low") is None or r.get("ci_high") is None:
        return "-"
    return f"{r['ci_low']:.2f} to {r['ci_high']:.2f}{'*' if r.get('ci_clipped') else ''}"


def _invalid_cell(r: dict[str, Any]) -> str:
    """The share of replies that could not be read, marked ``!`` above the warning threshold."""
    if r["invalid_pct"] is None:
        return "-"
    return f"{'! ' if r['invalid_warning'] else ''}{r['invalid_pct']:.1f}"


def print_details(data: dict[str, Any], console: Console) -> None:
    width = console.width
    for key, conds in data["summary"].items():
        spec = spec_of(key)
        metrics = table_metrics(spec, next(iter(conds.values())))
        pub = published_rows.table_rows(data, key, [m.name for m in metrics])
        labels, legend_lines = _labels(list(conds), width)
        pcodes, plegend = published_rows.codes(list(pub), width)
        labels, legend_lines = {**labels, **pcodes}, legend_lines + plegend
        label_width = max(len(v) for v in labels.values())
        per_table = max(1, (width - label_width - 8) // (CELL + 3))
        for start in range(0, len(metrics), per_table):
            chunk = metrics[start:start + per_table]
            part = f" ({start // per_table + 1}/{-(-len(metrics) // per_table)})" if len(metrics) > per_table else ""
            table = _table(f"{key}: mean (SD) over sessions{part}", label_width)
            for m in chunk:
                table.add_column(m.short, justify="right", no_wrap=True, min_width=min(CELL, max(len(m.short), 6)))
            for cond, summ in conds.items():
                table.add_row(labels[cond], str(summ["sessions"]), *[fmt_mean_sd(summ.get(m.name)) for m in chunk])
            for label, cells in pub.items():
                if any(m.name in cells for m in chunk):
                    table.add_row(escape(labels[label]), "", *[published_rows.cell(cells.get(m.name)) for m in chunk],
                                  style="dim italic")
            console.print(table)
        _print_legend(console, legend_lines)
        console.print("  " + legend(metrics), highlight=False)


def print_tables(data: dict[str, Any], console: Console | None = None) -> None:
    console = console or Console()
    run = data["run"]
    if multirun.is_multi(data):  # several runs in one report: a line for each
        multirun.print_runs(data, console)
    else:
        console.print(f"[bold]Run {run.name}[/bold] ({data['state']}); sessions: "
                      + ", ".join(f"{k} {v}" for k, v in data["status"].items() if v), highlight=False)
        tests = (data.get("config") or {}).get("tests") or {}
        if tests:  # each test with its version (what models were sent depends on it)
            console.print("Tests: " + ", ".join(f"{t['test']} ({t['preset']})" for t in tests.values()), highlight=False)
        source = (data.get("config") or {}).get("source")
        if source:  # people imported from a data file: where they come from, licence, citation
            from .report import source_line
            console.print(source_line(source), highlight=False, markup=False)
    print_glance(data, console)
    for title, metrics, by_cond in battery_tables(data):
        print_summary_table(console, title, metrics, by_cond)
    print_layouts(data, console)  # each source paper's summary table, published rows beside ours
    print_details(data, console)
    print_response_times(data, console)  # people's only; nothing for models and agents
    print_usage(data, console)


def usage_cells(u: dict[str, Any]) -> list[str]:
    """A participant's usage row as shown (terminal and HTML): calls, prompt tokens, cached
    share, cache writes, completion tokens, cost, cost without caching."""
    share = "-" if u["cached_share"] is None else f"{u['cached_share']:.1%}"
    return [f"{u['calls']:,}", f"{u['prompt_tokens']:,}", share, f"{u['cache_write_tokens']:,}",
            f"{u['completion_tokens']:,}", f"${u['cost_usd']:.4f}", f"${u['uncached_cost_usd']:.4f}"]


USAGE_HEADERS = ["calls", "prompt tokens", "cached", "cache writes", "completion tokens", "cost",
                 "cost without caching"]


def print_usage(data: dict[str, Any], console: Console) -> None:
    """Per model participant: tokens, the share of prompt tokens read from the prompt cache,
    what the run cost and what it would have cost without caching."""
    usage = data.get("usage") or []
    if not usage:
        return
    table = Table(title="Usage per model participant", title_justify="left", pad_edge=False, collapse_padding=True)
    table.add_column("participant", no_wrap=True)
    for h in USAGE_HEADERS:
        table.add_column(h, justify="right", no_wrap=True)
    for u in usage:
        table.add_row(escape(u["participant"]), *usage_cells(u))
    console.print(table)
    for u in usage:
        if u["unpriced"]:
            console.print(f"  {escape(u['participant'])}: {u['unpriced']:,} calls of no known price are not in "
                          "the costs", highlight=False)


def _chunks(metrics: list, room: int) -> list[list]:
    """Metrics in groups whose columns (header or a number, plus borders) fit in ``room``."""
    out: list[list] = [[]]
    used = 0
    for m in metrics:
        w = max(len(m.short), 7) + 3
        if out[-1] and used + w > room:
            out.append([])
            used = 0
        out[-1].append(m)
        used += w
    return out


def print_summary_table(console: Console, title: str, metrics: list, by_cond: dict[str, dict[str, Any]]) -> None:
    """One value per condition and metric (a battery's summary, scores pooled over sessions),
    split over several tables where the columns do not fit the width; names never cut."""
    labels, legend_lines = _labels(list(by_cond), console.width)
    label_width = max(len(v) for v in labels.values())
    chunks = _chunks(metrics, console.width - label_width - 4)
    for k, chunk in enumerate(chunks):
        part = f" ({k + 1}/{len(chunks)})" if len(chunks) > 1 else ""
        table = Table(title=title + part, title_justify="left", pad_edge=False, collapse_padding=True)
        table.add_column("condition", no_wrap=True, min_width=min(label_width, 40))
        for m in chunk:
            table.add_column(m.short, justify="right", no_wrap=True, min_width=max(len(m.short), 6))
        for cond, values in by_cond.items():
            table.add_row(labels[cond], *[_fmt(values.get(m.name)) for m in chunk])
        console.print(table)
    _print_legend(console, legend_lines)
    console.print("  " + legend(metrics), highlight=False)

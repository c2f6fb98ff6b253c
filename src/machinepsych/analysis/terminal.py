"""The report in a terminal: each source paper's layout first, then the answer (each
condition's primary score with its 95% CI against chance), then every table metric as mean
(SD), in tables that fit the terminal's width without cutting a name or a number
(:mod:`.fit_table`: split into parts, long names as codes with a legend, or stacked)."""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from . import comparisons_view, multirun
from .report import INVALID_WARN_PCT, battery_tables, chance_detail, glance, legend, norm_text, spec_of, table_metrics, test_names
from .response_times import print_response_times
from . import published as published_rows
from ..models.secrets import redacted
from .fit_table import FitTable, print_fit
from .layout_render import print_layouts
from .scores import fmt_mean_sd
from .versus_people import GLANCE_HEADERS, glance_cells, glance_notes, glance_reference, print_versus

def _fmt(v: float | None, digits: int = 2) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def _codes(conditions: list[str], published: list[str]) -> dict[str, str]:
    """The short labels used where names do not fit: c1, c2 ... for our conditions, p1, p2 ...
    for the papers' rows."""
    return {**{c: f"c{i + 1}" for i, c in enumerate(conditions)}, **{p: f"p{i + 1}" for i, p in enumerate(published)}}


def _say(console: Console, text: str, style: str | None = None) -> None:
    """A line of report text, user text in it never read as markup or emoji codes."""
    console.print(Text(text, style=style or ""))


def print_glance(data: dict[str, Any], console: Console) -> None:
    for g in glance(data):
        m = g["metric"]
        pub = published_rows.table_rows(data, g["key"], [m.name])  # the papers' rows: never in our n
        codes = _codes([r["condition"] for r in g["rows"]], list(pub))
        headers = ["n", f"{m.name}{' (' + m.unit + ')' if m.unit else ''}", "95% CI"]
        headers += ["> chance"] if g["chance"] else []
        people = glance_reference(data, g["key"])  # z, percentile, normalised among the test's people
        against = GLANCE_HEADERS if people else []
        ft = FitTable(f"{g['key']}: {m.label or m.name}", "condition", [*headers, "invalid %", *against],
                      justify=["right", "right", "right", *(["center"] if g["chance"] else []), "right",
                               *["right"] * len(against)])
        for r in g["rows"]:
            row = [str(r["n"]), _fmt(r["mean"]), ci_text(r)]
            if g["chance"]:
                row.append("-" if r["above_chance"] is None else ("yes" if r["above_chance"] else "no"))
            ft.add(r["condition"], [*row, _invalid_cell(r), *(glance_cells(people, r["condition"]) if people else [])],
                   "bold red" if r["invalid_warning"] else None, codes[r["condition"]])
        for label, cells in pub.items():
            ft.add(label, ["", _fmt(cells[m.name].value), "-", *([""] if g["chance"] else []), "", *[""] * len(against)],
                   "dim italic", codes[label])
        print_fit(console, ft, glance_notes(people) if people else ())
        for r in g["rows"]:
            if r["invalid_warning"]:
                _say(console, f"  ! {r['condition']}: {r['unread']:,} of {r['replies']:,} answers could not be read "
                     f"({r['invalid_pct']:.1f}% > {INVALID_WARN_PCT:g}%); they score as wrong or missing answers",
                     "bold red")
        for x in g["chance_lines"]:  # named as the figure keys them (chance_bar)
            _say(console, f"  {x['row']}: mean {x['mean']:.2f}, 95th percentile {x['p95']:.2f} ({chance_detail(g, x)})")
        if any(r.get("ci_clipped") for r in g["rows"]):
            _say(console, "  * interval cut to the scale of the metric")
        for e in g["norms"]:
            n = e["norm"]
            _say(console, f"  {norm_text(g, e)}: {n.value:.2f}" + (f" ({n.source})" if n.source else ""))


def ci_text(r: dict[str, Any]) -> str:
    """A 95% interval by its two ends, "low to high" ("*" where cut to the metric's scale);
    "-" without one (a single session)."""
    if r.get("ci_low") is None or r.get("ci_high") is None:
        return "-"
    return f"{r['ci_low']:.2f} to {r['ci_high']:.2f}{'*' if r.get('ci_clipped') else ''}"


def _invalid_cell(r: dict[str, Any]) -> str:
    """The share of answers that could not be read, marked ``!`` above the warning threshold."""
    if r["invalid_pct"] is None:
        return "-"
    return f"{'! ' if r['invalid_warning'] else ''}{r['invalid_pct']:.1f}"


def print_details(data: dict[str, Any], console: Console) -> None:
    for key, conds in data["summary"].items():
        spec = spec_of(key)
        metrics = table_metrics(spec, next(iter(conds.values())))
        pub = published_rows.table_rows(data, key, [m.name for m in metrics])
        codes = _codes(list(conds), list(pub))
        ft = FitTable(f"{key}: mean (SD) over sessions", "condition", ["n", *[m.short for m in metrics]])
        for cond, summ in conds.items():
            ft.add(cond, [str(summ["sessions"]), *[fmt_mean_sd(summ.get(m.name)) for m in metrics]], code=codes[cond])
        for label, cells in pub.items():
            ft.add(label, ["", *[published_rows.cell(cells.get(m.name)) for m in metrics]], "dim italic", codes[label])
        print_fit(console, ft, [legend(metrics)])


def print_tables(data: dict[str, Any], console: Console | None = None) -> None:
    console = console or Console(emoji=False)
    run = data["run"]
    if multirun.is_multi(data):  # several runs in one report: a line for each
        multirun.print_runs(data, console)
    else:
        console.print(f"[bold]Run {escape(redacted(run.name))}[/bold] ({data['state']}); sessions: "
                      + ", ".join(f"{k} {v}" for k, v in data["status"].items() if v), highlight=False)
        tests = (data.get("config") or {}).get("tests") or {}
        if tests:  # each test with its version (what models were sent depends on it)
            _say(console, "Tests: " + ", ".join(test_names(tests)))
        source = (data.get("config") or {}).get("source")
        if source:  # people imported from a data file: where they come from, licence, citation
            from .report import source_line
            _say(console, source_line(source))
    print_layouts(data, console)  # each source paper's summary table first, published rows beside ours
    print_glance(data, console)
    print_versus(data, console)  # each condition among the test's people: z, percentile, normalised
    for title, metrics, by_cond in battery_tables(data):
        print_summary_table(console, title, metrics, by_cond)
    comparisons_view.print_comparisons(data, console)  # pairs of conditions, factorial effects
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
    ft = FitTable("Usage per model participant", "participant", USAGE_HEADERS)
    for i, u in enumerate(usage):
        ft.add(u["participant"], usage_cells(u), code=f"m{i + 1}")
    print_fit(console, ft)
    for u in usage:
        for note in usage_notes(u):
            _say(console, f"  {note}")


CUT_BY = {"--max-cost": "the budget's reply cap (--max-cost without --max-tokens caps every reply)",
          "--max-tokens": "--max-tokens", None: "the provider's length limit"}


def usage_notes(u: dict[str, Any]) -> list[str]:
    """What a participant's usage row leaves unsaid: calls of no known price, replies cut at a cap."""
    out = [f"{u['participant']}: {u['unpriced']:,} calls of no known price are not in the costs"] if u["unpriced"] else []
    if u.get("cut"):
        out.append(f"{u['participant']}: {u['cut']:,} repl{'y' if u['cut'] == 1 else 'ies'} cut at "
                   f"{CUT_BY[u.get('cut_by')]}, read as cut off")
    return out


def print_summary_table(console: Console, title: str, metrics: list, by_cond: dict[str, dict[str, Any]]) -> None:
    """One value per condition and metric (a battery's summary, scores pooled over sessions),
    split over several tables where the columns do not fit the width; names never cut."""
    ft = FitTable(title, "condition", [m.short for m in metrics])
    for i, (cond, values) in enumerate(by_cond.items()):
        ft.add(cond, [_fmt(values.get(m.name)) for m in metrics], code=f"c{i + 1}")
    print_fit(console, ft, [legend(metrics)])

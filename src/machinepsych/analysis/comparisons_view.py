"""The report's comparisons between conditions (:mod:`.comparisons`) and factorial effects
(:mod:`.factorial`) of each test's primary metric, and of the metrics asked for with ``report
--metric NAME`` (``all``: every table metric): computed once per report, shown as a compact
terminal table per test and metric, an HTML section and ``report --json``'s ``comparisons``."""
from __future__ import annotations

import html
import math
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import comparisons as cmp
from .factorial import factorial
from .report import spec_of

CACHE = "_comparisons"
METRICS = "comparison_metrics"  # the report's --metric names beyond each test's primary
ALL = "all"


def choose_metrics(data: dict[str, Any], names: list[str]) -> None:
    """Compare the conditions on ``names`` too (``all``: every table metric of each test),
    where a test has them. A name no test of the report has is a one-line error naming those
    there are."""
    from ..core.errors import ConfigError

    known = {m.name for k in data.get("summary") or {} for m in spec_of(k).metrics if m.table}
    wrong = [n for n in names if n != ALL and n not in known]
    if wrong:
        have = f"its metrics are: {', '.join(sorted(known))}, or 'all'" if known else "its tests have no scores yet"
        raise ConfigError(f"--metric {wrong[0]!r}: no test of this report has that metric; {have}")
    data[METRICS] = list(dict.fromkeys(names))
    data.pop(CACHE, None)


def metrics_of(data: dict[str, Any], key: str) -> list[str]:
    """The metrics compared for one test: its primary first, then those asked for."""
    spec = spec_of(key)
    asked = data.get(METRICS) or []
    extra = [m.name for m in spec.metrics if m.table and (ALL in asked or m.name in asked)]
    return list(dict.fromkeys([spec.primary, *extra]))


def of(data: dict[str, Any]) -> dict[str, Any]:
    """{"pairs": [table per test and metric], "factorial": [model per test]} of the report's
    scores (each test's primary metric and those asked for; the factorial model of the
    primary), computed on first use."""
    if CACHE not in data:
        scores = data["scores"]
        keys = list(data.get("summary") or {})
        primary = {k: spec_of(k).primary for k in keys}
        data[CACHE] = {"pairs": cmp.comparisons(scores, {k: metrics_of(data, k) for k in keys}),
                       "factorial": factorial(scores, {k.split(" | ")[0]: m for k, m in primary.items()})}
    return data[CACHE]


def to_json(data: dict[str, Any]) -> dict[str, Any]:
    """``report --json``'s ``comparisons``: the pairwise tables and the factorial models, with
    non-finite numbers (a power need beyond reach) as None."""
    def clean(v: Any) -> Any:
        if isinstance(v, float) and not math.isfinite(v):
            return None
        if isinstance(v, dict):
            return {k: clean(x) for k, x in v.items()}
        if isinstance(v, list):
            return [clean(x) for x in v]
        return v

    return clean({**of(data), "alpha": cmp.ALPHA, "power": cmp.POWER, "min_pairs": cmp.MIN_PAIRS})


def num(v: float | None, digits: int = 2) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def p_text(p: float | None) -> str:
    return "-" if p is None else ("<0.001" if p < 0.001 else f"{p:.3f}")


def power_text(n: float | None) -> str:
    if n is None:
        return "-"
    return f">{cmp.MAX_POWER_N:,}" if math.isinf(n) else f"{int(n):,}"


def pair_cells(r: dict[str, Any], labels: dict[str, str]) -> list[str]:
    """One comparison as shown: a, b, design and n, difference, its 95% CI, p, Holm p, effect,
    sessions for 80% power."""
    n = f"{r['n']}" if r["design"] == "paired" else f"{r['n_a']}/{r['n_b']}"
    star = "" if r["ci_method"] == "t" else ("b" if r["ci_method"] == cmp.BCA_WIDENED else "w")
    ci = "-" if r["ci_low"] is None else f"{r['ci_low']:.2f} to {r['ci_high']:.2f}{star}"
    eff = "-" if r["effect"] is None else f"{r['effect']:.2f}"
    return [labels.get(r["a"], r["a"]), labels.get(r["b"], r["b"]), f"{r['design']} {n}", f"{r['diff']:+.2f}", ci,
            p_text(r["p"]), p_text(r["p_holm"]), eff, power_text(r["sessions_for_80_power"])]


HEADERS = ["a", "b", "design n", "a - b", "95% CI", "p", "p Holm", "d", "n 80%"]
NOTE = (f"paired: on the seeds both share, {cmp.MIN_PAIRS} or more (Wilcoxon signed-rank mid-p, d = d_z, n = pairs); "
        "unpaired: fewer seeds shared, or people sharing a seed, each row says which (Welch t, d = Cohen's d, n = "
        "units of each: a participant's sessions of a seed, a person's session); CI by t, b = t widened to a BCa bootstrap "
        "interval's end (differences far from normal), w = Welch; p Holm: adjusted over the table; n 80%: sessions for 80% power at this effect")


def unpaired_notes(rows: list[dict[str, Any]]) -> list[str]:
    """Why the unpaired rows of a table are unpaired, one line per reason: "unpaired, only 2
    seeds shared; paired needs 3: x vs y; x vs z"."""
    pairs: dict[str, list[str]] = {}
    for r in rows:
        if r["design"] == "unpaired" and r.get("why"):
            pairs.setdefault(r["why"], []).append(f"{r['a']} vs {r['b']}")
    undefined: dict[str, list[str]] = {}
    for r in rows:
        if r.get("p_undefined"):
            undefined.setdefault(r["p_undefined"], []).append(f"{r['a']} vs {r['b']}")
    return ([f"unpaired, {why}: {'; '.join(p)}" for why, p in pairs.items()]
            + [f"p '-' where {why}: {'; '.join(p)}" for why, p in undefined.items()])


def print_comparisons(data: dict[str, Any], console: Console) -> None:
    """A compact table per test (primary metric) of every pair of its conditions, then each
    crossed design's factorial effects; split over parts where the width asks, never cut
    (:mod:`.fit_table`)."""
    from .fit_table import FitTable, print_fit

    found = of(data)
    for t in found["pairs"]:
        ft = FitTable(f"{t['key']}: {t['metric']}, differences between conditions", "a vs b", HEADERS[2:],
                      justify=["left", *["right"] * (len(HEADERS) - 3)])
        for i, r in enumerate(t["rows"]):
            cells = pair_cells(r, {})
            ft.add(f"{cells[0]} vs {cells[1]}", cells[2:], code=f"k{i + 1}")
        print_fit(console, ft, unpaired_notes(t["rows"]))
    if found["pairs"]:
        console.print(Text("  " + NOTE))
    for f in found["factorial"]:
        print_factorial(f, console)


def print_factorial(f: dict[str, Any], console: Console) -> None:
    from .fit_table import FitTable, print_fit

    ft = FitTable(f"{f['task']}: factorial effects on {f['metric']} (mixed model {f['model']}; "
                  f"{f['sessions']} sessions, {f['seeds']} seeds)", "effect", ["estimate", "95% CI", "chi2 (df)", "p"])
    for i, t in enumerate(f["terms"]):
        ci = "-" if t["ci_low"] is None else f"{t['ci_low']:.2f} to {t['ci_high']:.2f}"
        chi = "-" if t["chi2"] is None else f"{t['chi2']:.2f} ({t['df']})"
        ft.add(t["term"], [num(t["estimate"]), ci, chi, p_text(t["p"])], code=f"e{i + 1}")
    notes = [f["error"]] if f.get("error") else []
    contrasts = [f"{t['term']} = {t['contrast']}" for t in f["terms"] if t["contrast"]]
    if contrasts:
        notes.append("estimates (sum coding, Wald tests): " + "; ".join(contrasts))
    print_fit(console, ft, notes)


def html_section(data: dict[str, Any]) -> str:
    """The HTML report's section (empty without two conditions of one test)."""
    found = of(data)
    if not found["pairs"] and not found["factorial"]:
        return ""
    parts = ["<section id='comparisons'><h2>Differences between conditions</h2>",
             f"<p class='muted'>{html.escape(NOTE)}.</p>"]
    for t in found["pairs"]:
        parts.append(f"<h3>{html.escape(t['key'])}: {html.escape(t['metric'])}</h3><table><thead><tr>"
                     + "".join(f"<th>{html.escape(h)}</th>" for h in HEADERS) + "</tr></thead><tbody>")
        for r in t["rows"]:
            parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in pair_cells(r, {})) + "</tr>")
        parts.append("</tbody></table>")
        parts.extend(f"<p class='muted'>{html.escape(n)}</p>" for n in unpaired_notes(t["rows"]))
    for f in found["factorial"]:
        parts.append(f"<h3>{html.escape(f['task'])}: factorial effects on {html.escape(f['metric'])}</h3>"
                     f"<p class='muted'>Mixed model {html.escape(f['model'])}, {f['sessions']} sessions, "
                     f"{f['seeds']} seeds; Wald tests, sum coding.</p><table><thead><tr><th>effect</th>"
                     "<th>contrast</th><th>estimate</th><th>95% CI</th><th>chi2 (df)</th><th>p</th></tr></thead><tbody>")
        for t in f["terms"]:
            ci = "-" if t["ci_low"] is None else f"{t['ci_low']:.2f} to {t['ci_high']:.2f}"
            chi = "-" if t["chi2"] is None else f"{t['chi2']:.2f} ({t['df']})"
            parts.append(f"<tr><td>{html.escape(t['term'])}</td><td>{html.escape(t['contrast'] or '-')}</td>"
                         f"<td>{num(t['estimate'])}</td><td>{ci}</td><td>{chi}</td><td>{p_text(t['p'])}</td></tr>")
        parts.append("</tbody></table>" + (f"<p>{html.escape(f['error'])}</p>" if f.get("error") else ""))
    parts.append("</section>")
    return "".join(parts)

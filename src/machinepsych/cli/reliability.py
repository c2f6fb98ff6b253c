"""``machinepsych reliability RUN``: split-half and test-retest reliability of a run's scores
(see :mod:`machinepsych.analysis.reliability`)."""
from __future__ import annotations

import json
import sys
from typing import Any, Optional

import typer
from rich.markup import escape
from rich.table import Table

from .app import STORE_HELP, _store, _store_arg, app, console


def _f(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f}"


def _retest(t: dict[str, Any]) -> list[str]:
    if t["icc1"] is None:
        return ["-", "-", "-", f"{t['seeds']} x {t['k']}" if t["k"] else "-"]
    ci = "-" if t["ci_low"] is None else f"{t['ci_low']:.2f} to {t['ci_high']:.2f}"
    return [_f(t["icc1"]), ci, _f(t["icc1k"]), f"{t['seeds']} x {t['k']}"]


@app.command("reliability")
def reliability_cmd(run: str = typer.Argument(..., help="Run name or id."),
                    json_out: bool = typer.Option(False, "--json", help="Print as JSON."),
                    store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Split-half (odd/even trials, Spearman-Brown) and test-retest (ICC over sessions of the
    same seed: run --repeat K) reliability of every table metric, per test and condition."""
    from ..analysis.multirun import resolve_runs
    from ..analysis.reliability import run_reliability

    st = _store(store, create=False, readonly=True)
    chosen = resolve_runs(st, [run], _store_arg(st))[0]  # an unknown run: one line, before any work
    rows = run_reliability(st, chosen.id)
    st.close()
    if json_out:
        sys.stdout.write(json.dumps({"run": chosen.name, "reliability": rows}, indent=2) + "\n")
        return
    if not rows:
        console.print(f"Run {chosen.name} has no complete sessions yet.", highlight=False)
        return
    for key in dict.fromkeys(r["key"] for r in rows):
        table = Table(title=f"{key}: reliability", title_justify="left", pad_edge=False, collapse_padding=True)
        for h in ("condition", "metric", "n", "split-half r", "Spearman-Brown", "ICC(1)", "95% CI", "ICC(1,k)",
                  "seeds x k"):
            table.add_column(h, justify="left" if h in ("condition", "metric") else "right", no_wrap=True)
        for r in rows:
            if r["key"] == key:
                s = r["split_half"]
                table.add_row(escape(r["condition"]), r["metric"], str(r["sessions"]), _f(s["r"]),
                              _f(s["spearman_brown"]), *_retest(r["test_retest"]))
        console.print(table)
    console.print("  split-half: odd against even trials, each half scored as a session, over the sessions of a "
                  "condition; ICC(1): one-way random effects over sessions of the same seed (run --repeat K), "
                  "ICC(1,k): of their mean; '-': too few sessions, no variation, or a half the scorer cannot score",
                  highlight=False)

"""``machinepsych reliability RUN``: split-half and test-retest reliability of a run's scores
(see :mod:`machinepsych.analysis.reliability`)."""
from __future__ import annotations

import json
import sys
from typing import Any, Optional

import typer
from rich.text import Text

from .app import STORE_HELP, _store, _store_arg, app, console


def _f(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f}"


def _retest(t: dict[str, Any]) -> list[str]:
    if t["icc1"] is None:
        return ["-", "-", "-", f"{t['seeds']} x {t['k']}" if t["k"] else "-"]
    ci = "-" if t["ci_low"] is None else f"{t['ci_low']:.2f} to {t['ci_high']:.2f}"
    return [_f(t["icc1"]), ci, _f(t["icc1k"]), f"{t['seeds']} x {t['k']}"]


def _sets(s: dict[str, Any]) -> list[str]:
    """A condition's means on the two seed sets, and Welch's p of their difference."""
    p = "-" if s["p"] is None else ("<0.001" if s["p"] < 0.001 else f"{s['p']:.3f}")
    return [f"{_f(s['a']['mean'])} / {_f(s['b']['mean'])}", p]


@app.command("reliability")
def reliability_cmd(run: str = typer.Argument(..., help="Run name or id."),
                    json_out: bool = typer.Option(False, "--json", help="Print as JSON."),
                    store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Split-half (odd/even trials, Spearman-Brown), test-retest (ICC over sessions of the
    same seed: run --repeat K) and test-retest across two seed sets (interleaved halves of the
    seeds) of every table metric, per test and condition."""
    from ..analysis.fit_table import FitTable, print_fit
    from ..analysis.multirun import resolve_runs
    from ..analysis.reliability import across_seed_sets, run_reliability

    st = _store(store, create=False, readonly=True)
    chosen = resolve_runs(st, [run], _store_arg(st))[0]  # an unknown run: one line, before any work
    rows = run_reliability(st, chosen.id)
    st.close()
    across = across_seed_sets(rows)
    if json_out:
        sys.stdout.write(json.dumps({"run": chosen.name, "reliability": rows, "across_seed_sets": across},
                                    indent=2) + "\n")
        return
    if not rows:
        console.print(f"Run {chosen.name} has no complete sessions yet.", highlight=False)
        return
    for key in dict.fromkeys(r["key"] for r in rows):
        ft = FitTable(f"{key}: reliability", "condition", ["metric", "n", "split-half r", "Spearman-Brown", "ICC(1)",
                                                           "95% CI", "ICC(1,k)", "seeds x k", "seed sets a / b", "p a-b"],
                      justify=["left", *["right"] * 9])
        for i, r in enumerate(r for r in rows if r["key"] == key):
            s = r["split_half"]
            ft.add(r["condition"], [r["metric"], str(r["sessions"]), _f(s["r"]), _f(s["spearman_brown"]),
                                    *_retest(r["test_retest"]), *_sets(r["seed_sets"])], code=f"c{i + 1}")
        notes = [f"across seed sets, {a['metric']}: r of the {a['conditions']} conditions' means on the two sets "
                 f"{_f(a['r'])}, Spearman-Brown {_f(a['spearman_brown'])}" for a in across if a["key"] == key]
        print_fit(console, ft, notes)
    console.print(Text("  split-half: odd against even trials, each half scored as a session, over the sessions of a "
                       "condition; ICC(1): one-way random effects over sessions of the same seed (run --repeat K), "
                       "ICC(1,k): of their mean; seed sets a / b: the condition's mean on the 1st, 3rd ... and the "
                       "2nd, 4th ... seed, p a-b: Welch's p of their difference; across seed sets: the Pearson r "
                       "over conditions of their means on the two sets; '-': too few sessions or conditions, no "
                       "variation, or a half the scorer cannot score"))

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


def _p(p: float | None) -> str:
    return "-" if p is None else ("<0.001" if p < 0.001 else f"{p:.3f}")


def _sets(s: dict[str, Any]) -> list[str]:
    """A condition's means on the two seed sets, and Welch's p of their difference."""
    return [f"{_f(s['a']['mean'])} / {_f(s['b']['mean'])}", _p(s["p"])]


@app.command("reliability")
def reliability_cmd(runs: list[str] = typer.Argument(..., help="Run name or id; a second run: test-retest across the two runs."),
                    json_out: bool = typer.Option(False, "--json", help="Print as JSON."),
                    store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Split-half (odd/even trials, Spearman-Brown), test-retest (ICC over sessions of the
    same seed: run --repeat K) and test-retest across two seed sets (interleaved halves of the
    seeds) of every table metric, per test and condition. Given two runs (the same conditions
    on another day or another seed range): each run's table, then test-retest across the runs."""
    from ..analysis.multirun import resolve_runs
    from ..analysis.reliability import across_runs, across_seed_sets, reliability, run_scores
    from ..models.secrets import redacted
    from ..core.errors import ConfigError

    if len(runs) > 2:
        raise ConfigError(f"reliability takes one run or two (test-retest across them), got {len(runs)}; "
                          "give at most two runs")
    st = _store(store, create=False, readonly=True)
    chosen = resolve_runs(st, list(runs), _store_arg(st))  # an unknown run: one line, before any work
    names = [redacted(r.name) for r in chosen]  # a stored name holding a known key: masked
    if len(runs) == 2 and len(chosen) == 1:
        st.close()
        raise ConfigError(f"both runs given are {names[0]}; give two different runs")
    frames = [run_scores(st, run.id) for run in chosen]
    apart = _other_designs(st, chosen) if len(chosen) == 2 else []
    st.close()
    tables = [reliability(*f) for f in frames]
    retest, retest_across = across_runs(frames[0][0], frames[1][0]) if len(frames) == 2 else ([], [])
    if apart:  # a test run in another design is not retested: its sessions share seeds, not trials
        retest = [r for r in retest if r["key"] not in {d["key"] for d in apart}]
        retest_across = across_seed_sets(retest)
    if json_out:
        out: dict[str, Any] = {"run": names[0], "reliability": tables[0], "across_seed_sets": across_seed_sets(tables[0])}
        if len(chosen) == 2:
            out.update(run_b=names[1], reliability_b=tables[1], across_seed_sets_b=across_seed_sets(tables[1]),
                       across_runs=retest, across_runs_conditions=retest_across, different_designs=apart)
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
        return
    for name, rows in zip(names, tables):
        if len(chosen) == 2:
            console.print(Text(f"Run {name}", style="bold"))
        _print_run(name, rows)
    if len(chosen) == 2:
        for d in apart:
            console.print(Text(f"{d['key']}: not compared across runs: {names[0]} and {names[1]} are of "
                               f"different designs ({names[0]}: {d['a']}; {names[1]}: {d['b']})"))
        if retest or not apart:
            _print_across_runs(names[0], names[1], retest, retest_across)


def _other_designs(st, runs) -> list[dict[str, str]]:
    """[{key, a, b}] of the tests two runs share in different designs (version or parameters)."""
    from ..analysis.designs import differing
    from ..analysis.report import run_config

    a, b = (run_config(r, st.session_infos(r.id)) for r in runs)
    return [{"key": k, "a": da, "b": db} for k, (da, db) in sorted(differing(a, b).items())]


def _per_test(rows: list[dict[str, Any]], title, headers: list[str], cells, across: list[dict[str, Any]],
              note: str) -> None:
    """One table per test of ``rows`` (a row per condition and metric: ``cells(row)``), with the
    r over conditions of ``across`` under it (``note``: its words, with {metric} and {n})."""
    from ..analysis.fit_table import FitTable, print_fit

    for key in dict.fromkeys(r["key"] for r in rows):
        ft = FitTable(title(key), "condition", headers, justify=["left", *["right"] * (len(headers) - 1)])
        for i, r in enumerate(r for r in rows if r["key"] == key):
            ft.add(r["condition"], cells(r), code=f"c{i + 1}")
        notes = [note.format(metric=a["metric"], n=a["conditions"]) + f" {_f(a['r'])}, Spearman-Brown "
                 f"{_f(a['spearman_brown'])}" for a in across if a["key"] == key]
        print_fit(console, ft, notes)


def _print_run(name: str, rows: list[dict[str, Any]]) -> None:
    from ..analysis.reliability import across_seed_sets

    if not rows:
        console.print(f"Run {name} has no complete sessions yet.", highlight=False, markup=False)
        return
    _per_test(rows, lambda key: f"{key}: reliability",
              ["metric", "n", "split-half r", "Spearman-Brown", "ICC(1)", "95% CI", "ICC(1,k)", "seeds x k",
               "seed sets a / b", "p a-b"],
              lambda r: [r["metric"], str(r["sessions"]), _f(r["split_half"]["r"]), _f(r["split_half"]["spearman_brown"]),
                         *_retest(r["test_retest"]), *_sets(r["seed_sets"])],
              across_seed_sets(rows), "across seed sets, {metric}: r of the {n} conditions' means on the two sets")
    console.print(Text("  split-half: odd against even trials, each half scored as a session, over the sessions of a "
                       "condition; ICC(1): one-way random effects over sessions of the same seed (run --repeat K), "
                       "ICC(1,k): of their mean; seed sets a / b: the condition's mean on the 1st, 3rd ... and the "
                       "2nd, 4th ... seed, p a-b: Welch's p of their difference; across seed sets: the Pearson r "
                       "over conditions of their means on the two sets; '-': too few sessions or conditions, no "
                       "variation, or a half the scorer cannot score"))


def _print_across_runs(name_a: str, name_b: str, rows: list[dict[str, Any]], across: list[dict[str, Any]]) -> None:
    """Test-retest across two runs: per condition both have, the retest ICC on their shared
    seeds and the runs' comparison (paired on shared seeds, else Welch)."""
    if not rows:
        console.print(f"Runs {name_a} and {name_b} share no condition of the same test with scores; "
                      "test-retest across runs compares the same conditions (by label) in both.", highlight=False, markup=False)
        return
    _per_test(rows, lambda key: f"{key}: test-retest across runs {name_a} and {name_b}",
              ["metric", "seeds a / b / shared", "ICC(1)", "95% CI", "mean a / b", "design", "p"],
              lambda r: [r["metric"], f"{r['seeds_a']} / {r['seeds_b']} / {r['shared_seeds']}",
                         *_retest(r["test_retest"])[:2], f"{_f(r['comparison']['mean_a'])} / {_f(r['comparison']['mean_b'])}",
                         r["comparison"]["design"], _p(r["comparison"]["p"])],
              across, "across runs, {metric}: r of the {n} conditions' means in the two runs")
    console.print(Text("  ICC(1): one-way random effects over the shared seeds, each seed's mean in run a and in run b "
                       "as its two measurements; mean a / b and p: paired (Wilcoxon signed-rank mid-p) on the shared "
                       "seeds, unpaired (Welch) where fewer are shared; across runs: the Pearson r over conditions "
                       "of their means in the two runs; '-': too few seeds or conditions, or no variation"))

"""``machinepsych fit RUN [RUN ...]``: cognitive models fitted to every session of stored runs;
``machinepsych fit --recover TEST``: parameter and model recovery on the test's own design.
What is fitted is each test's declaration (``TaskSpec.fit``); nothing here knows a test."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from rich.markup import escape

from ..core.errors import ConfigError
from .app import STORE_HELP, _store, app, console, parse_params


def _num(v: Any, digits: int = 2) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


NOISE = 1e-9  # a pseudo-R2 this close to 0 is 0 (the random model's own fit reads -9e-16)


def _at_bound(cell: dict, bounds: list[float] | None) -> bool:
    """Whether a parameter's mean lies on one of its bounds: every fit there."""
    if not bounds:
        return False
    low, high = bounds
    tol = 1e-6 * (high - low)
    return abs(cell["mean"] - low) <= tol or abs(cell["mean"] - high) <= tol


def _interval(cell: dict, bounds: list[float] | None = None) -> str:
    """``mean [lo, hi]``, starred where the interval was cut to the parameter's bounds, and
    marked ``^`` where the mean lies on a bound."""
    mark = ("*" if cell.get("cut") else "") + ("^" if _at_bound(cell, bounds) else "")
    if cell.get("lo") is None:
        return _num(cell["mean"]) + mark
    return f"{_num(cell['mean'])} [{_num(cell['lo'])}, {_num(cell['hi'])}]" + mark


def _r2(v: float | None) -> str:
    return _num(None if v is None else 0.0 if abs(v) < NOISE else v)


CUT_NOTE = "* interval cut to the parameter's bounds"
BOUND_NOTE = "^ fitted at the parameter's bound (every fit there: the choices do not place it within its range)"
WORSE_NOTE = ("pseudo-R2 below 0: the model predicts these choices worse than the random model (every option "
              "shown equally likely)")


def fit_table_notes(conds: dict[str, Any], model: dict[str, Any], words: bool = False) -> list[str]:
    """The notes under a model's parameter table: intervals cut to the bounds (``*``), means at a
    bound (``^``), a pseudo-R2 below 0 (the conditions where it is). ``words``: for a figure,
    which has no marks, each note names the parameters and conditions."""
    name = model["name"]
    bounds = {p["name"]: p.get("bounds") for p in model.get("params", [])}
    cells = [(cond, p, c) for cond, e in conds.items() for p, c in e["params"].get(name, {}).items()]
    cut = [(cond, p) for cond, p, c in cells if c.get("cut")]
    at = [(cond, p) for cond, p, c in cells if _at_bound(c, bounds.get(p))]
    worse = [cond for cond, e in conds.items() if (e["pseudo_r2"].get(name) or 0) < -NOISE]

    def said(note: str, found: list[tuple[str, str]]) -> list[str]:
        if not found:
            return []
        if not words:
            return [note]
        return [note[2:].split(" (")[0] + ": " + "; ".join(f"{p} ({cond})" for cond, p in found)]

    return said(CUT_NOTE, cut) + said(BOUND_NOTE, at) + ([f"{WORSE_NOTE}: {', '.join(worse)}"] if worse else [])


def print_fit_tables(result: dict[str, Any], console) -> None:
    """Per design (``test | preset``, ``prl | default (trials=60)``: one table each, never two
    designs in one): the share of sessions each model wins, then each model's parameter means
    (95% intervals) and mean pseudo-R2, per condition; split over parts where the width asks,
    never cut."""
    from ..analysis.fit_table import FitTable, print_fit

    joint = result.get("per") == "participant"
    unit = "participant (its sessions fitted jointly)" if joint else "session"
    over = "participants" if joint else "sessions"
    for design, conds in result["summary"].items():
        models = result["models"].get(design, [])
        ft = FitTable(f"{design}: winning model per {unit} (BIC), share of {over}", "condition",
                      ["n", *[m["name"] for m in models]])
        for i, (cond, entry) in enumerate(conds.items()):
            ft.add(cond, [str(entry["n"]), *[f"{100 * entry['winners'].get(m['name'], 0):.0f}%" for m in models]],
                   code=f"c{i + 1}")
        print_fit(console, ft)
        for m in models:
            params = [p["name"] for p in m["params"]]
            if not params:
                continue
            pt = FitTable(f"{design}: {m['name']}, mean [95% CI] over {over}", "condition", [*params, "pseudo-R2"])
            for i, (cond, entry) in enumerate(conds.items()):
                cells = entry["params"].get(m["name"], {})
                bounds = {p["name"]: p.get("bounds") for p in m["params"]}
                pt.add(cond, [*[_interval(cells[p], bounds[p]) if p in cells else "-" for p in params],
                              _r2(entry["pseudo_r2"].get(m["name"]))], code=f"c{i + 1}")
            print_fit(console, pt, fit_table_notes(conds, m))


def print_recovery(result: dict[str, Any], console) -> None:
    from ..analysis.fit_table import FitTable, print_fit

    design, test = result["design"], result["test"]
    ft = FitTable(f"{test}: parameter recovery at {_length(design)} ({design['n']} sessions per model)",
                  "model.parameter", ["kind", "r (true, fitted)", "bias"], justify=["left", "right", "right"])
    for m, ps in design["parameters"].items():
        for p, v in ps.items():
            ft.add(f"{m}.{p}", [v["kind"], _num(v["r"]), _num(v["bias"], 3)])
    print_fit(console, ft, [f"r from {design['n']} sessions per model: no parameter can be judged recovered "
                            f"(r's 95% lower bound can reach 0.8 from --n {result['judged_from']})"]
              if result.get("too_few") else [])
    models = list(design["confusion"])
    ct = FitTable(f"{test}: model recovery (rows: generating model; share of its sessions won by each fit)",
                  "generated by", models)
    for m in models:
        ct.add(m, [f"{100 * design['confusion'][m][f]:.0f}%" for f in models])
    shares = ([f"shares of {design['n']} sessions each: cannot be judged with {design['n']} sessions (a model winning "
               f"all of them has its share's 95% lower bound at 90% from --n {result['models_judged_from']})"]
              if result.get("models_too_few") else [])
    print_fit(console, ct, shares)
    if design["agents"]:
        at = FitTable(f"{test}: built-in agents classified", "agent",
                      ["expected model", "won by it", "won by its family"], justify=["left", "right", "right"])
        for name, v in design["agents"].items():
            family = "" if v["family"] == v["expected"] else f" ({v['family']} family)"
            at.add(f"agent:{name}", [v["expected"] + family, f"{100 * v['won'][v['expected']]:.0f}%",
                                     f"{100 * v['share']:.0f}%"])
        print_fit(console, at, shares)


def _length(design: dict) -> str:
    return "the default design" if design["length"] is None else f"length {design['length']}"


@app.command("fit")
def fit_cmd(runs: list[str] = typer.Argument(None, help="Run names or ids (with --recover: the test id).", metavar="RUN [RUN ...]"),
            model: Optional[list[str]] = typer.Option(None, "--model", help="Fit only this model (repeatable); default: every model the test declares."),
            recover: bool = typer.Option(False, "--recover", help="Parameter and model recovery on the test's own seeded sessions (give the TEST instead of runs)."),
            n: int = typer.Option(40, "--n", min=3, max=10_000, help="With --recover: simulated sessions per model."),
            param: Optional[list[str]] = typer.Option(None, "--param", help="With --recover: a test parameter key=value (e.g. trials=200)."),
            longer: int = typer.Option(8, "--longer", min=1, max=64, help="With --recover: try designs up to this many times longer for learning rates recovered below r = 0.8 (1: the design only)."),
            sessions: int = typer.Option(8, "--sessions", min=1, max=8, help="With --recover, on a design that cannot be lengthened: try up to this many sessions per participant, fitted jointly (2, 3, 4, 6, 8; 1: the design only)."),
            per: str = typer.Option("session", "--per", help="What one fit is of: 'session' (each session alone) or 'participant' (a participant's sessions of a test fitted jointly: a model's or agent's sessions of a condition, a person's by platform id)."),
            seed: int = typer.Option(0, "--seed", min=0, max=2**32 - 1, help="Seed of the optimiser's starting points (and of --recover's simulations)."),
            trials: Optional[Path] = typer.Option(None, "--trials", help="Fit a trials file collected elsewhere (the file machinepsych score reads; its columns: docs/fitting.md) instead of runs; give its --test."),
            test: Optional[str] = typer.Option(None, "--test", help="With --trials: the test whose models are fitted (e.g. wcst, igt, prlt; its columns: docs/fitting.md)."),
            json_out: bool = typer.Option(False, "--json", help="Print the fits as JSON."),
            out: Optional[Path] = typer.Option(None, "--out", help="Folder to write fits.csv (one row per session and model) and fits.json into."),
            store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Fit the cognitive models each test declares to every complete session of the runs
    (maximum likelihood; docs/fitting.md), or check recovery with --recover TEST."""
    from .app import check_output_path

    if (trials is None) != (test is None):
        raise ConfigError("--trials FILE and --test TEST go together (fit --trials FILE --test TEST)")
    if trials is not None and (runs or recover):
        raise ConfigError("--trials fits a file instead of runs: give no RUN and no --recover")
    if not runs and trials is None:
        raise ConfigError("give the runs to fit (machinepsych fit RUN), or --recover TEST, or --trials FILE --test TEST")
    if not 0 <= seed < 2**32:
        raise ConfigError(f"--seed must be between 0 and {2**32 - 1} (got {seed})")
    if not recover and (n != 40 or longer != 8 or sessions != 8):
        raise ConfigError("--n, --longer and --sessions go with --recover")
    if per not in ("session", "participant"):
        raise ConfigError(f"--per must be 'session' or 'participant' (got {per!r})")
    if recover and per != "session":
        raise ConfigError("--per goes with fitting runs; --recover names the sessions per participant itself")
    if out is not None:
        check_output_path(out, "--out", folder=True)
    if recover:
        result = _recover(runs, n, param, seed, model, longer, sessions)
        if json_out:
            sys.stdout.write(json.dumps(result, indent=2) + "\n")
            return
        print_recovery(result, console)
        _say_not_identifiable([result["test"]])
        pp = result["per_participant"] or {"rates": {}, "models": {}}
        for key, length in result["needs"].items():
            console.print(f"{key}: " + (f"recovered at r >= 0.8 (95% lower bound) with {result_length_name(runs[0])} = {length}"
                                        if length else _per_participant_line(result, key, "rates") if key in pp["rates"]
                                        else f"cannot be judged from {n} sessions per model (r's 95% lower bound can "
                                             f"reach 0.8 from --n {result['judged_from']})" if result["too_few"]
                                        else f"not recovered at r >= 0.8 ({result['fixed']})" if result["fixed"]
                                        else f"not recovered at r >= 0.8 up to {longer} times the design length"))
        for m in pp["models"]:
            console.print(f"model recovery {m}: {100 * result['design']['by_family'][m]:.0f}% at the design, below 90%; "
                          + _per_participant_line(result, m, "models"))
        _write(out, result, None)
        return
    if param:
        raise ConfigError("--param goes with --recover (the fitted sessions keep their own parameters)")
    from ..fitting.runs import fit_stored_runs, fit_trials_file, tests_with_models
    from ..models.secrets import redacted

    if trials is not None:
        report = fit_trials_file(trials, test, tuple(model or ()), seed, per)
    else:
        st = _store(store, create=False, readonly=True)
        chosen = [st.get_run(ref) for ref in runs]  # an unknown run: one line, before any fitting
        if not any(s.status == "complete" for r in chosen for s in st.session_infos(r.id)):
            names = ", ".join(redacted(r.name) for r in chosen)
            raise ConfigError(f"Run{'s' if len(chosen) > 1 else ''} {names} ha{'ve' if len(chosen) > 1 else 's'} no "
                              "complete sessions yet: fit reads complete sessions (resume the run, or see "
                              "machinepsych runs)")
        report = fit_stored_runs(st, runs, tuple(model or ()), seed, per)
    if report.rows.empty and not report.skipped:
        raise ConfigError("no test of these runs declares cognitive models; tests with models: "
                          + ", ".join(tests_with_models()))
    if report.rows.empty:  # every session skipped: nothing to show, one line that says why
        s = report.skipped[0]
        more = f" (and {len(report.skipped) - 1} more session(s) alike)" if len(report.skipped) > 1 else ""
        raise ConfigError(f"nothing fitted: {s['run']} session {s['session']} ({s['task']}, {s['participant']}): "
                          f"{s['reason']}{more}; {_longer(s['task'])}")
    for line in report.left_out.values():  # a test that declares none of the --model names
        typer.echo(line, err=True)
    for s in report.skipped:
        typer.echo(f"skipped: {s['run']} session {s['session']} ({s['task']}, {s['participant']}): {s['reason']}",
                   err=True)
    if report.skipped:
        typer.echo(f"{len(report.skipped)} session(s) skipped for too few readable choices", err=True)
    _say_not_identifiable(report.tests)
    result = report.to_json()
    if json_out:
        sys.stdout.write(json.dumps(result, indent=2, default=str) + "\n")
    else:
        print_fit_tables(result, console)
    _write(out, result, report.rows)


def _say_not_identifiable(tests) -> None:
    """One line per fitted test that leaves models out because its design cannot identify them."""
    from ..tasks.catalog import get_task

    for test in tests:
        left = get_task(test).fit.not_identifiable
        for name, why in left.items():
            typer.echo(f"{test}: {name} not fitted ({why})", err=True)


def _longer(test: str) -> str:
    """How to run longer sessions of ``test``: through the parameter its models declare as
    its length (``ChoiceModels.length``), where they declare one."""
    from ..tasks.catalog import get_task

    length = get_task(test).fit.length
    return f"run longer sessions (--param {length}=...)" if length else "run longer sessions"


def result_length_name(test: str) -> str:
    from ..tasks.catalog import get_task

    return get_task(test).fit.length or "length"


def _per_participant_line(result: dict, key: str, kind: str) -> str:
    """Where the design cannot be lengthened: the sessions per participant (fitted jointly,
    ``fit --per participant``) at which a weak rate (``kind`` "rates") or model ("models") is
    recovered, with its figure there; for a rate, the figures of the curve fitted to every
    count simulated (``pooled``), and the count at which the curve itself reads 0.8 where that
    is fewer (r passes 0.8 between the two)."""
    pp = result["per_participant"]
    count = pp[kind][key]
    if kind == "rates":
        m, p = key.split(".", 1)
        at = f"r = {_num(result['design']['parameters'][m][p]['r'])} at the design; "
        again = (result.get("confirmed") or {}).get(key)
        if again and not again["passed"]:
            at = (f"r = {_num(result['design']['parameters'][m][p]['r'])} at the design, not confirmed over "
                  f"{again['n']} other participants (r = {_num(again['r'])}, 95% lower bound {_num(again['lo'])}); ")
        curve = (pp.get("pooled") or {}).get(key)
        over = (f" (the curve fitted to {_counts(curve)} sessions over {curve['n']} simulated participants"
                + (f"; the count is still near its edge at the {curve['batches']} batches the search adds at most: "
                   "another sample may name the next" if curve.get("capped") else "") + ")"
                if curve else "")
        if count is None:
            last = max((int(c) for c in curve["counts"]), default=1) if curve else 1
            there = f" ({_rate_figure(curve, last)} at {last})" if curve else ""
            return (f"{at}{result['fixed']}; r >= 0.8 with 95% confidence not reached up to {last} sessions per "
                    f"participant fitted jointly{there}{over}")
        reach = pp["reaches"].get(key)
        if reach is not None and reach < count:
            return (f"{at}{result['fixed']}; with sessions per participant fitted jointly{over}, r reads 0.8 or more "
                    f"from {reach} sessions (r = {_num(curve['counts'][str(reach)]['r'])}) and clears it with 95% "
                    f"confidence at {count} ({_rate_figure(curve, count)}): plan {count} "
                    f"(machinepsych fit --per participant)")
        return (f"{at}{result['fixed']}; recovered with {count} sessions per participant fitted jointly "
                f"({_rate_figure(curve, count)}){over}; machinepsych fit --per participant")
    if count is None:
        last = pp["tried"][-1]["sessions"] if pp["tried"] else 1
        return f"{result['fixed']}; not recovered up to {last} sessions per participant fitted jointly"
    step = next(t for t in pp["tried"] if t["sessions"] == count)
    return (f"{result['fixed']}; recovered with {count} sessions per participant fitted jointly "
            f"({100 * step['by_family'][key]:.0f}%; machinepsych fit --per participant)")


def _counts(curve: dict) -> str:
    """The counts a pooled curve was fitted to, in words: "1, 2, 3 and 4"."""
    seen = [c for c, v in curve["counts"].items() if v["observed"] is not None]
    return ", ".join(seen[:-1]) + f" and {seen[-1]}" if len(seen) > 1 else "".join(seen)


def _rate_figure(curve: dict, count: int) -> str:
    """A rate's r on the pooled curve at a count of sessions per participant, with its 95%
    lower bound (the count is named where the bound clears 0.8) and the count's own r."""
    cell = curve["counts"][str(count)]
    bound = f", at least {_num(cell['lo'])} with 95% confidence" if cell.get("lo") is not None else ""
    own = f"; its own sample {_num(cell['observed'])}" if cell.get("observed") is not None else ""
    return f"r = {_num(cell['r'])}{bound}{own}"


def _recover(runs: list[str], n: int, param: Optional[list[str]], seed: int, model, longer: int,
             sessions: int = 8) -> dict:
    from ..fitting.recover import recover
    from ..tasks.catalog import get_task

    if len(runs) != 1:
        raise ConfigError(f"--recover takes one test (got {len(runs)}: {' '.join(runs)})")
    if model:
        raise ConfigError("--model does not go with --recover (recovery simulates and fits every model)")
    spec = get_task(runs[0])
    overrides = parse_params(param)
    if spec.fit is not None:
        spec.resolve(overrides=overrides)  # a bad parameter: one line before any simulation
    if not 1 <= longer <= 64:
        raise ConfigError(f"--longer must be between 1 and 64 (got {longer})")
    if not 1 <= sessions <= 8:
        raise ConfigError(f"--sessions must be between 1 and 8 (got {sessions})")
    return recover(spec, n, overrides, seed, longer, sessions)


def _write(out: Optional[Path], result: dict, rows) -> None:
    if out is None:
        return
    from ..core.atomic import write_bytes_atomic

    out.mkdir(exist_ok=True)
    write_bytes_atomic(out / "fits.json", json.dumps(result, indent=2, default=str).encode())
    if rows is not None and not rows.empty:
        write_bytes_atomic(out / "fits.csv", rows.to_csv(index=False).encode())
    typer.echo(f"written: {out}", err=True)

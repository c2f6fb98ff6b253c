"""Several runs in one report (``machinepsych report RUN [RUN ...]``).

A design split over runs (input x strategy over two runs, a battery's tests next to their
components, easy next to hard, ``--preset split`` next to the default mode) is put side by side:
each run is read as a one-run report is (:func:`.report.build`), then the runs' conditions are
put into one set of tables and figures:

* a condition whose name occurs in more than one of the runs (the same participant, strategy,
  persona and parameters) is shown with its run, ``agent:ideal | run=wcst-a``, in every table,
  figure and JSON row (the label's last part, in the form of its parameters); other conditions
  keep their names;
* a test's table ("test | preset") holds the conditions of every run that gave that test;
  chance levels are listed once per test ("test | preset"), as in one run;
* sessions are numbered on from one run to the next in the tables and figures (each run's
  own session numbers are kept in the JSON's ``sessions``, with their run);
* "How this run was made" lists each run; every at-a-glance row of the JSON names its run.

A report of a single run is exactly the one-run report (plus the JSON's ``runs`` list, each
at-a-glance row's ``run`` and ``response_times``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pandas as pd

from ..core.errors import ConfigError, UnknownNameError
from ..storage.store import Store
from . import designs, report
from .response_times import response_times

RUN_PART = " | run="  # a condition keyed by its run: "openai:x | direct | run=NAME"

# what report.build hands its on_read callback (the figures' data)
READ = ("run", "store", "trials", "scores", "chance", "conditions", "colours")


def resolve_runs(store: Store, refs: list[str | int], hint: str = "") -> list:
    """The runs named (names or ids), each once, in the order given. An unknown one is a
    one-line error that names the runs there are and how to list them (``hint``: the
    ``--store`` argument to show in it)."""
    runs, seen = [], set()
    for i, ref in enumerate(refs, 1):
        try:
            run = store.get_run(ref)
        except UnknownNameError as exc:
            where = f" (run {i} of the {len(refs)} given)" if len(refs) > 1 else ""
            message = str(exc).replace(repr(exc.name), repr(exc.name) + where, 1)
            unknown = UnknownNameError(exc.kind, exc.name, exc.valid)  # still an unknown name
            unknown.args = (f"{message} List the runs with: machinepsych runs{hint}",)
            raise unknown from None
        if run.id not in seen:
            seen.add(run.id)
            runs.append(run)
    if not runs:
        raise ConfigError("report needs at least one run name or id (see: machinepsych runs)")
    return runs


def build(store: Store, refs: list[str | int], *, trials: bool | str = True,
          on_read: Callable[[dict[str, Any]], None] | None = None, hint: str = "") -> dict[str, Any]:
    """The report's data of one or several runs (see the module's description): the one-run
    report's keys, plus ``runs`` [{run, id, state, status, config}], ``condition_runs``
    {condition shown: run name} and ``response_times`` (people's, per test and condition)."""
    runs = resolve_runs(store, refs, hint)
    if len(runs) == 1:
        data = report.build(store, runs[0].id, trials=trials, on_read=on_read)
        parts, labels = [data], {}
        data["condition_runs"] = {c: runs[0].name for c in data["conditions"]}
    else:
        parts = [report.build(store, r.id, trials=trials) for r in runs]
        data, labels = merge(parts)
        if on_read is not None:
            on_read({k: data[k] for k in READ})
    data["runs"] = [{"run": p["run"].name, "id": p["run"].id, "state": p["state"], "status": p["status"],
                     "config": p["config"]} for p in parts]
    data["response_times"] = response_times(store, [p["run"] for p in parts], labels, list(data["summary"]))
    from ..fitting.report import report_fits  # cognitive models fitted to the sessions (docs/fitting.md)

    data["fits"] = report_fits(store, [p["run"] for p in parts])
    return data


def shown_labels(parts: list[dict[str, Any]]) -> dict[tuple[int, str], str]:
    """(run id, condition) -> the condition as the report shows it: with its run where the
    same name occurs in more than one of the runs."""
    counts = Counter(c for p in parts for c in dict.fromkeys(p["conditions"]))
    return {(p["run"].id, c): (f"{c}{RUN_PART}{p['run'].name}" if counts[c] > 1 else c)
            for p in parts for c in p["conditions"]}


def merge(parts: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[tuple[int, str], str]]:
    """One report's data from several one-run reports (:func:`.report.build`), and the
    conditions' labels."""
    labels = shown_labels(parts)
    names = [p["run"].name for p in parts]
    shown = designs.split([(p["run"].name, p["config"]) for p in parts])  # a test in several designs
    parts = [_redesign(p, {k: v for (n, k), v in shown.items() if n == p["run"].name}) for p in parts]

    def relabel(p: dict[str, Any], cond: str) -> str:
        return labels.get((p["run"].id, cond), cond)

    trials, scores, samples, offset = [], [], [], 0
    for p in parts:
        size = 0
        for frame, out in ((p["trials"], trials), (p["scores"], scores), (p.get("samples"), samples)):
            if frame is None or frame.empty or "session" not in frame:
                continue
            f = frame.copy()
            if "condition" in f:
                f["condition"] = f["condition"].map(lambda c, p=p: relabel(p, c))
            if "run" in f:
                f["run"] = p["run"].name
            else:
                f.insert(0, "run", p["run"].name)
            f["run_session"] = f["session"]
            f["session"] = f["session"] + offset
            size = max(size, int(frame["session"].max()) + 1)
            out.append(f)
        offset += size
    summary: dict[str, dict[str, Any]] = {}
    chance: dict[str, Any] = {}
    batteries: dict[str, dict[str, Any]] = {}
    pooled: dict[str, dict[str, Any]] = {}
    by_condition: dict[tuple[str, str], list[int]] = {}
    total = [0, 0]
    status: dict[str, int] = {}
    for p in parts:
        for key, conds in p["summary"].items():
            for c, v in conds.items():
                summary.setdefault(key, {})[relabel(p, c)] = v
        for key, ch in p["chance"].items():
            chance.setdefault(key, ch)  # once per test and preset, as within one run
        for target, source in ((batteries, p["batteries"]), (pooled, p.get("pooled") or {})):
            for key, conds in source.items():
                for c, v in conds.items():
                    target.setdefault(key, {})[relabel(p, c)] = v
        replies = p.get("replies") or {}
        for (key, c), cell in replies.get("by_condition", {}).items():
            by_condition[(key, relabel(p, c))] = list(cell)
        total = [a + b for a, b in zip(total, replies.get("run", (0, 0)))]
        for k, v in p["status"].items():
            status[k] = status.get(k, 0) + v
    states = [p["state"] for p in parts]
    conditions = [relabel(p, c) for p in parts for c in p["conditions"]]
    run = SimpleNamespace(id=None, name=" + ".join(names), spec=None, created_at=parts[0]["run"].created_at)
    # the sample trials with every column, where each run's trial table holds only some
    extra = ({"samples": pd.concat(samples, ignore_index=True) if samples else parts[0]["samples"]}
             if all("samples" in p for p in parts) else {})
    data = {
        **extra, "run": run, "store": parts[0]["store"],
        "trials": (None if any(p["trials"] is None for p in parts)
                   else pd.concat(trials, ignore_index=True) if trials else parts[0]["trials"]),
        "scores": pd.concat(scores, ignore_index=True) if scores else pd.DataFrame(),
        "summary": summary, "replies": {"by_condition": by_condition, "run": total}, "status": status,
        "chance": chance, "batteries": batteries,
        "state": states[0] if len(set(states)) == 1 else ", ".join(f"{n} {s}" for n, s in zip(names, states)),
        "pooled": pooled, "conditions": conditions, "colours": report.palette(conditions),
        "config": {p["run"].name: p["config"] for p in parts},
        "designs": shown,  # {(run, test | preset): preset shown} of a test run in several designs
        # how each condition shown answered (run --answer), as one run's config.answer_modes
        "answer_modes": {relabel(p, c): m for p in parts for c, m in ((p.get("config") or {}).get("answer_modes")
                                                                       or {}).items()},
        "condition_runs": {relabel(p, c): p["run"].name for p in parts for c in p["conditions"]},
    }
    return data, labels


def _redesign(part: dict[str, Any], presets: dict[str, str]) -> dict[str, Any]:
    """A one-run report's data with each test run in a design of its own shown under its own
    preset (``{test | preset: preset shown}``, :func:`.designs.split`): its scores, trials and
    tables keyed ``test | preset (trials=60)``, apart from the other runs' design."""
    presets = {k: v for k, v in presets.items() if k.partition(" | ")[2] != v}
    if not presets:
        return part
    out = dict(part)

    def key(k: str) -> str:
        return f"{k.partition(' | ')[0]} | {presets[k]}" if k in presets else k

    for name in ("trials", "scores", "samples"):
        frame = part.get(name)
        if frame is None or frame.empty or "task" not in frame or "preset" not in frame:
            continue
        f = frame.copy()
        f["preset"] = [presets.get(f"{t} | {p}", p) for t, p in zip(f["task"], f["preset"])]
        out[name] = f
    for name in ("summary", "chance", "pooled"):
        out[name] = {key(k): v for k, v in (part.get(name) or {}).items()}
    replies = dict(part.get("replies") or {})
    replies["by_condition"] = {(key(k), c): v for (k, c), v in replies.get("by_condition", {}).items()}
    out["replies"] = replies
    return out


def is_multi(data: dict[str, Any]) -> bool:
    return len(data.get("runs") or ()) > 1


def folder_name(data: dict[str, Any]) -> str:
    """The default report folder's name: the run's, or the runs' joined by '+' (each by its id
    where its name holds a known key: :func:`~machinepsych.runner.plan.run_ref`)."""
    from ..runner.plan import run_ref

    if is_multi(data):
        return "+".join(run_ref(r["run"], r["id"]) for r in data["runs"])[:200]
    return run_ref(data["run"].name, data["run"].id)


def own_session_numbers(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per-session rows of ``report --json`` with each session's number within its own run."""
    for s in rows:
        if "run_session" in s:
            s["session"] = s.pop("run_session")
    return rows


def extend_json(data: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """``report --json`` with the runs: ``runs``, each at-a-glance row's ``run``, each session's
    own run and its number within it, and people's ``response_times``."""
    run = data["run"]
    runs = data.get("runs") or [{"run": run.name, "id": run.id, "state": data["state"], "status": data["status"],
                                 "config": data.get("config")}]
    of = data.get("condition_runs") or {}
    for g in out.get("at_a_glance", []):
        for r in g["rows"]:
            r["run"] = of.get(r["condition"], run.name if len(runs) == 1 else None)
    out["runs"] = runs
    out["response_times"] = data.get("response_times") or []
    return out


def print_runs(data: dict[str, Any], console) -> None:
    """The terminal report's first lines for several runs: each run, its state, its sessions
    and its tests with their versions."""
    from rich.text import Text

    from ..models.secrets import redacted
    from .report import test_names

    console.print(f"[bold]{len(data['runs'])} runs in one report[/bold]; sessions: "
                  + ", ".join(f"{k} {v}" for k, v in data["status"].items() if v), highlight=False)
    for r in data["runs"]:
        tests = (r.get("config") or {}).get("tests") or {}
        console.print(Text(f"  Run {redacted(r['run'])} ({r['state']}); sessions: "
                           + ", ".join(f"{k} {v}" for k, v in r["status"].items() if v)
                           + ("; tests: " + ", ".join(test_names(tests)) if tests else "")))
        source = (r.get("config") or {}).get("source")
        if source:  # imported people's data: where from, licence, citation
            from .report import source_line
            console.print(Text("    " + source_line(source)))
    if any(RUN_PART in c for c in data["conditions"]):
        console.print(Text(f"  A condition found in more than one run is shown with its run: ...{RUN_PART}NAME."))


def config_html(data: dict[str, Any], one_run: Callable[[dict[str, Any]], str]) -> str:
    """'How these runs were made': each run's configuration, as a one-run report shows it."""
    import html

    return ("<section id='config'><h2>How these runs were made</h2>"
            + "".join(f"<h3>Run {html.escape(r['run'])} <span class='muted'>({html.escape(r['state'])})</span></h3>"
                      + one_run(r["config"]) for r in data["runs"]) + "</section>")

"""``machinepsych chance TASK``: chance level of a test by simulating random play.

Plays N sessions of the test's random participant (its declared random policy, e.g. every
valid answer equally likely, or Yes/No on every N-back letter; ``--responses`` picks another
the test declares), scores them with the test's own formulas and prints the mean, SD and 95th
percentile of every metric. N defaults to what this machine simulates in about 12 seconds (at
least 1,000, at most 10^6; see ``analysis/chance.py``); the output says N and how it was
chosen. A progress bar with an ETA runs on stderr (``--no-progress`` hides it). Results are
cached in the store per (test, parameters, policy, N, seed) when the store offers
``get_chance``/``put_chance``; ``--no-cache`` skips it (without ``--n`` the cached result of the
largest N is used).
"""
from __future__ import annotations

import json
from typing import Any, Optional

import typer

from .app import app


def compute(task: str, difficulty: str | None, params: dict[str, Any], n: int | None, seed: int,
            responses: str | None = None, sessions: int = 1, store_url: str | None = None,
            use_cache: bool = True, progress=None, on_n=None) -> dict[str, Any]:
    """The chance result, from the store's cache when present, else simulated (and cached).
    ``n`` None: the cached result of the largest N for this configuration and seed, else the
    default N (:func:`machinepsych.analysis.chance.choose_n`)."""
    from ..analysis.chance import chance, chance_key, check_request
    from ..core.errors import UnknownNameError
    from ..storage.store import Store
    from ..tasks.catalog import get_task

    if not 0 <= seed < 2**31:  # numeric options in range before anything is simulated or opened
        from ..core.errors import ConfigError

        raise ConfigError(f"--seed must be between 0 and 2^31 (got {seed})")
    spec = get_task(task)
    if difficulty is not None and difficulty not in spec.presets:
        raise UnknownNameError(f"difficulty of {spec.id}", difficulty, spec.presets)
    resolved = spec.resolve(difficulty, params)
    check_request(spec, n, responses, sessions)  # before any store is opened
    policy = spec.policy(responses)
    key_params = chance_key(resolved, policy.name, sessions)
    store = Store(store_url) if use_cache else None
    if store is not None:
        if n is None:
            rows = [r for r in store.chance_results()
                    if r.task_key == spec.key and r.params == key_params and r.seed == seed]
            hit = max(rows, key=lambda r: r.n).result if rows else None
        else:
            hit = store.get_chance(spec.key, key_params, n, seed)
        if hit is not None:
            return {**hit, "cached": True}
    result = chance(spec, resolved, n=n, seed=seed, responses=policy.name, sessions_per_score=sessions,
                    progress=progress, on_n=on_n)
    result["difficulty"] = difficulty
    if store is not None:
        store.put_chance(spec.key, key_params, result["n"], seed, result)
    return {**result, "cached": False}


class _Bar:
    """The chance simulation's progress bar on stderr (sessions, elapsed time, ETA), as the run
    command shows one: "timing" while the default N is chosen, then the sessions simulated;
    removed when the simulation ends."""

    def __init__(self, title: str, enabled: bool):
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                                   TimeRemainingColumn)

        self.prog = Progress(TextColumn(f"[bold]{title}"), TextColumn("{task.description}"), BarColumn(bar_width=None),
                             MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                             console=Console(stderr=True), disable=not enabled, transient=True)
        self.task = self.prog.add_task("timing", total=None)
        self.prog.start()

    def sessions(self, total: int) -> None:
        self.prog.reset(self.task, total=total, description="sessions")

    def update(self, done: int, total: int) -> None:
        self.prog.update(self.task, completed=done, total=total)

    def stop(self) -> None:
        self.prog.stop()


@app.command("chance")
def chance_cmd(
    task: str = typer.Argument(..., help="Test id, e.g. wpt, prlt, wcst-reflection."),
    difficulty: Optional[str] = typer.Option(None, "--difficulty", "-d", help="Preset: easy or hard."),
    param: Optional[list[str]] = typer.Option(None, "--param", "-p", help="Parameter override k=v (repeatable)."),
    n: Optional[int] = typer.Option(None, "--n", min=2, max=100_000_000, help="Number of simulated scores. Default: what this machine "
                                    "simulates in about 12 s (timed first; at least 1,000, at most 10^6)."),
    seed: int = typer.Option(0, "--seed", min=0, max=2**31, help="Random seed."),
    responses: Optional[str] = typer.Option(None, "--responses", help="The random participant's policy: the "
                                            "test's default (e.g. yes-no for nback), or uniform (every valid "
                                            "answer equally likely) or another the test declares (a wrong name lists them)."),
    sessions: int = typer.Option(1, "--sessions", min=1, max=1000, help="Average this many sessions per score (the paper's DC-IGT row uses 2)."),
    store: Optional[str] = typer.Option(None, "--store", help="Result store URL or SQLite path (cache)."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Do not read or write the store's cache."),
    no_progress: bool = typer.Option(False, "--no-progress", help="Hide the progress bar."),
    json_out: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Chance level of a test: mean, SD and 95th percentile of random play."""
    from ..analysis.chance import DEFAULT_SECONDS
    from .app import parse_params

    if not 0 <= seed < 2**31:  # before the progress bar starts (one line, nothing else on stderr)
        from ..core.errors import ConfigError

        raise ConfigError(f"--seed must be between 0 and 2^31 (got {seed})")
    bar = _Bar(task, not no_progress)
    try:
        result = compute(task, difficulty, parse_params(param), n, seed, responses, sessions, store, not no_cache,
                         progress=bar.update, on_n=lambda total: bar.sessions(total * sessions))
    finally:
        bar.stop()
    if json_out:
        typer.echo(json.dumps(result, default=str, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    n_used = result["n"]
    how = ("cached" if result.get("cached") else
           f"default N: about {DEFAULT_SECONDS:g} s here" if result.get("n_default") else "N given")
    table = Table(title=f"Chance level of {result['task']} ({difficulty or 'default'}; n={n_used:,}, seed={seed}; {how})")
    for col in ("metric", "mean", "SD", "95th percentile"):
        table.add_column(col)
    for name, m in result["metrics"].items():
        mark = " *" if name == result.get("primary") else ""
        table.add_row(name + mark, f"{m['mean']:.2f}", f"{m['sd']:.2f}", f"{m['p95']:.2f}")
    console = Console(emoji=False)
    console.print(table)
    policy = result.get("policy") or result.get("responses") or "uniform"
    seconds = f" in {result['seconds']:.1f} s" if result.get("seconds") is not None and not result.get("cached") else ""
    console.print(f"{n_used:,} simulated {'scores' if sessions > 1 else 'sessions'}{seconds}; random participant "
                  f"({result.get('responses') or 'uniform'}): {policy}", highlight=False)
    from ..tasks.catalog import get_task

    const = get_task(task).constant_policy
    if const is not None and result.get("responses") != const.name:
        # reports judge "> chance" against the higher of this and the best constant answer's where
        # that answer needs only the format; a design's fixed labels are printed, not the bar
        if const.design:
            console.print(f"A participant who knows the design scores more with a fixed answer: --responses "
                          f"{const.name} ({const.description}); reports print it beside this chance, but judge "
                          f"\"> chance\" against random answers (the best option keeps one label in every session).",
                          highlight=False)
        else:
            console.print(f"A participant who knows the format scores more with a fixed answer: "
                          f"--responses {const.name} ({const.description}); reports judge \"> chance\" against the "
                          f"higher 95th percentile.", highlight=False)

"""Command-line interface: ``machinepsych --help``."""
from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from pydantic import ValidationError
from typer.exceptions import TyperException
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..core.errors import ConfigError, MachinePsychError, StoreUnavailable, require_file
from . import process
from .app import STORE_HELP, _store, _store_arg, app, console, err, os_error_line, parse_params

@app.command("tasks")
def tasks_cmd(json_out: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """List every test and battery with its presets and parameters."""
    from ..tasks.catalog import all_batteries, all_tasks, task_versions

    rows = []
    for spec in all_tasks():
        # what a run without --preset gets: the defaults with the default preset applied
        # (wcst-color's rule='color', lnt-letter's task='letter')
        resolved = spec.resolve("default")
        fields = {k: repr(getattr(resolved, k)) for k in spec.Params.model_fields}
        rows.append({"id": spec.id, "version": spec.version, "versions": task_versions(spec.id),
                     "family": spec.family, "title": spec.title,
                     "presets": spec.presets, "parameters": fields, "sessions": spec.default_sessions,
                     "citation": spec.citation, "agents": sorted(spec.all_agents()), "primary": spec.primary,
                     "docs": spec.docs})
    batteries = [{"id": b.id, "title": b.title, "tests": [f"{i.task}:{i.preset}" for i in b.items]} for b in all_batteries()]
    if json_out:
        console.print_json(json.dumps({"tests": rows, "batteries": batteries}, default=str))
        return
    # two columns: the id (never broken) and what the test is, wrapped at words in what is left
    table = Table(title="Tests", show_lines=True)
    table.add_column("test (older versions)", no_wrap=True)
    table.add_column("title; presets; parameters (default); agents; sessions", overflow="fold")
    for r in rows:
        older = [f"{r['id']}@{v}" for v in r["versions"] if v != r["version"]]  # kept for old runs
        table.add_row(Text("\n".join([f"{r['id']}-v{r['version']}", *older])), Text("\n".join([
            r["title"], "presets: " + ", ".join(r["presets"]),
            "parameters: " + ", ".join(f"{k}={v}" for k, v in r["parameters"].items()),
            "agents: " + ", ".join(r["agents"]), f"sessions: {r['sessions']}"])))
    console.print(table)
    if batteries:
        bt = Table(title="Batteries")
        bt.add_column("id", no_wrap=True)
        bt.add_column("tests", overflow="fold")
        for b in batteries:
            bt.add_row(Text(b["id"]), Text(", ".join(b["tests"])))
        console.print(bt)


TRANSPORTS = ("auto", "aiohttp", "httpx", "direct")


def check_model_options(*, concurrency: int, timeout: float, reask: int, temperature: float | None,
                        max_tokens: int | None, model_seed: int | None, transport: str, price_file: str | None) -> None:
    """The model options of ``run``, each checked against its range before anything is created."""
    checks = [
        (1 <= concurrency <= 1024, f"--concurrency must be between 1 and 1024 (got {concurrency})"),
        (0 < timeout <= 3600, f"--timeout must be more than 0 and at most 3600 seconds (got {timeout})"),
        (0 <= reask <= 10, f"--reask must be between 0 and 10 (got {reask})"),
        (temperature is None or 0 <= temperature <= 2, f"--temperature must be between 0 and 2 (got {temperature})"),
        (max_tokens is None or 1 <= max_tokens <= 1_000_000, f"--max-tokens must be between 1 and 1000000 (got {max_tokens})"),
        (model_seed is None or 0 <= model_seed < 2**31, f"--model-seed must be between 0 and 2^31 (got {model_seed})"),
        (transport in TRANSPORTS, f"--transport must be one of {', '.join(TRANSPORTS)} (got {transport!r})"),
    ]
    if price_file is not None:
        require_file(price_file, "--prices", "give the JSON file of prices")
    for ok, message in checks:
        if not ok:
            raise ConfigError(message)
    if price_file is not None:  # read now: a malformed file is refused whoever runs (agents too)
        from ..models.pricing import read_price_file

        read_price_file(price_file)


WORKERS_HELP = ("Processes on this machine splitting the sessions, each with its own event loop, writing to the "
                "same store (with --executor ray: the number of Ray tasks; default one per CPU of the cluster).")
EXECUTOR_HELP = "local (this machine) or ray (sessions as Ray tasks; see docs/scale.md)."
RAY_ADDRESS_HELP = ("Address of a running Ray cluster (HOST:6379 or ray://HOST:10001); without it a local Ray "
                    "instance is started. Needs a --store all machines reach (PostgreSQL).")


@app.command("run")
def run_cmd(
    task: str = typer.Argument(..., help="Test or battery id (see `machinepsych tasks`)."),
    model: list[str] = typer.Option(["agent:ideal"], "--model", "-m", help="Participant: agent:random|wsls|perseverative|ideal, openai:NAME, anthropic:NAME, google:NAME. Repeatable."),
    base_url: Optional[str] = typer.Option(None, "--base-url", help="Endpoint of the provider: an OpenAI-compatible server (vLLM, Ollama, llama.cpp ...), or an Anthropic or Google gateway. No credentials in the URL: keys come from the provider's key variable."),
    strategy: Optional[list[str]] = typer.Option(None, "--strategy", "--method", "-s", help="direct | cot | free (and scot | mad for visual tests; a test may declare its own, e.g. CogBench coggpt | react | reflexion). Repeatable; --method is the same option. Default: direct, or a battery's published strategies."),
    persona: list[str] = typer.Option(["none"], "--persona", help="none | goal_maint | inhib_ctrl | adapt_upd. Repeatable."),
    answer: list[str] = typer.Option(["free"], "--answer", help="free (a reply in words, read by the test's parser) | structured (JSON following the answer's schema, which the provider enforces; read by strict JSON parsing; a condition of its own, see docs/parsing.md). Repeatable: each is its own condition, on the same seeds. Models only."),
    choice_probs: bool = typer.Option(False, "--choice-probs", help="Store each answer's legal options with their probabilities (from the endpoint's log-probabilities; OpenAI, vLLM, llama.cpp) in the columns choice_probs and choice_probs_outside."),
    sessions: Optional[int] = typer.Option(None, "--sessions", "-n", min=1, max=100_000, help="Sessions per condition (default: the published count)."),
    seed: int = typer.Option(0, "--seed", min=0, max=2**62 - 1, help="Seed of session 0; session i uses seed + i."),
    preset: Optional[str] = typer.Option(None, "--preset", help="Preset of the test."),
    difficulty: Optional[str] = typer.Option(None, "--difficulty", help="easy | hard (| normal): picks the preset of that name."),
    param: list[str] = typer.Option([], "--param", "-p", help="Test parameter key=value. Repeatable."),
    input_mode: list[str] = typer.Option([], "--input", help="text | image (tests that support both). Repeatable: each input is its own condition, on the same seeds."),
    mode: Optional[str] = typer.Option(None, "--mode", help="Item mode of visual tests: default | split."),
    perturb: Optional[str] = typer.Option(None, "--perturb", help="Image perturbations, comma-separated: geometric,photometric."),
    run_name: Optional[str] = typer.Option(None, "--run-name", help="Name of the run (default: generated)."),
    store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP),
    temperature: Optional[float] = typer.Option(None, "--temperature", min=0, max=2),
    max_tokens: Optional[int] = typer.Option(None, "--max-tokens", min=1, max=1_000_000),
    model_seed: Optional[int] = typer.Option(None, "--model-seed", min=0, max=2**31 - 1, help="Sampling seed sent to providers that support one."),
    timeout: float = typer.Option(120.0, "--timeout", min=0, max=3600, help="Seconds per model call."),
    reask: int = typer.Option(0, "--reask", min=0, max=10, help="Re-ask up to N times when a reply cannot be parsed (off by default; recorded)."),
    concurrency: int = typer.Option(8, "--concurrency", min=1, max=1024, help="Concurrent calls per endpoint."),
    max_attempts: int = typer.Option(6, "--max-attempts", min=1, max=100, help="Attempts per model call on transient faults."),
    price_file: Optional[str] = typer.Option(None, "--prices", help="JSON/TOML price table overriding the built-in one."),
    system_as_user: bool = typer.Option(False, "--system-as-user", help="Send the system prompt as the first user message."),
    text_only: bool = typer.Option(False, "--text-only", help="The model has no vision: send a text placeholder instead of each image."),
    transport: str = typer.Option("auto", "--transport", help="OpenAI-compatible HTTP path: aiohttp or httpx (official SDK client), direct (a lean HTTP client with kept-alive connections; lowest overhead, for local and cluster-internal servers at high concurrency; no proxy support), or auto: direct for a server on this machine (localhost, 127.x, ::1), aiohttp otherwise."),
    data: Optional[str] = typer.Option(None, "--data", help="Your copy of a published data file, for tests that read one (sets the parameter 'data')."),
    no_progress: bool = typer.Option(False, "--no-progress", help="Hide the progress bar."),
    workers: int = typer.Option(1, "--workers", min=1, max=256, help=WORKERS_HELP),
    executor: str = typer.Option("local", "--executor", help=EXECUTOR_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
    rpm: Optional[float] = typer.Option(None, "--rpm", min=0, max=10_000_000, help="The endpoint's request limit per minute (your tier's): calls are paced under it from the start. Without it the limit is learned from the endpoint's headers and 429s."),
    tpm: Optional[float] = typer.Option(None, "--tpm", min=0, max=10_000_000_000, help="The endpoint's token limit per minute (prompt + reply): paced likewise."),
    rate_limit_wait: float = typer.Option(600.0, "--rate-limit-wait", min=0, max=86_400, help="Seconds a call may keep being refused (429) before it gives up; 429s do not use --max-attempts."),
    max_cost: Optional[float] = typer.Option(None, "--max-cost", min=0, max=1_000_000, help="Cost budget in USD: no call is sent that would take the run's recorded cost past it; the run stops resumable (raise it with resume --max-cost)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the sessions, calls, estimated tokens and cost per participant, and create nothing."),
    repeat: int = typer.Option(1, "--repeat", min=1, max=100, help="Sessions per seed and condition (default 1): K sessions of every seed, for the test-retest reliability of a model sampled at --temperature above 0 (machinepsych reliability RUN)."),
    batch: bool = typer.Option(False, "--batch", help="Send the calls through OpenAI's Batch API or Anthropic's Message Batches API at half price (results within 24 h); for tests whose sessions are single-turn (docs/providers.md)."),
) -> None:
    """Run a test or battery: every participant x strategy x persona x session."""
    from ..runner.plan import ParticipantSpec, RunSpec, expand_tasks
    from ..runner.run import create_run, prepare_run

    check_model_options(concurrency=concurrency, timeout=timeout, reask=reask, temperature=temperature,
                        max_tokens=max_tokens, model_seed=model_seed, transport=transport, price_file=price_file)
    if data is not None:
        require_file(data, "--data")
    params = parse_params(param)
    if data is not None:
        params["data"] = str(Path(data).resolve())
    if mode:
        params["mode"] = mode
    if perturb:
        params["perturb"] = [p.strip() for p in perturb.split(",") if p.strip()]
    tasks, notes = [], []  # each --input a condition: the test configurations of each, once each
    for value in dict.fromkeys(input_mode) or [None]:
        for t in expand_tasks(task, preset, params if value is None else {**params, "input": value}, sessions,
                              difficulty, notes, own_strategies=bool(strategy), own_personas=persona != ["none"]):
            if t not in tasks:
                tasks.append(t)
    participants = [ParticipantSpec(ref=m, base_url=base_url, temperature=temperature, max_tokens=max_tokens,
                                    seed=model_seed, timeout_s=timeout, reask=reask, concurrency=concurrency,
                                    price_file=price_file, system_as_user=system_as_user, transport=transport, text_only=text_only,
                                    rpm=rpm, tpm=tpm, rate_limit_wait_s=rate_limit_wait, batch=batch,
                                    choice_probs=choice_probs) for m in model]
    from ..runner.plan import battery_strategies
    from ..tasks.catalog import is_battery

    spec = RunSpec(tasks=tasks, participants=participants, strategies=battery_strategies(task, strategy),
                   personas=persona, answers=list(dict.fromkeys(answer)), seed=seed, name=run_name, max_attempts=max_attempts,
                   battery=task.strip().lower() if is_battery(task) else None, max_cost_usd=max_cost,
                   repeat=repeat)
    from ..runner.run import check_executor
    from ..storage.store import normalise_url

    check_executor(workers=workers, executor=executor, ray_address=ray_address, store_url=normalise_url(store))
    prepared = prepare_run(spec, without_keys=dry_run)  # everything checked before the store is opened
    if batch:
        from ..models.batch import check_batch

        check_batch(spec)
    if max_cost is not None:
        from ..participants.factory import build_participant
        from ..runner.budget import check_priced

        check_priced([build_participant(p) for p in participants], max_cost)
    for note in dict.fromkeys(notes):  # the battery members an option did not reach, on stderr
        err.print(note, markup=False, highlight=False, soft_wrap=True)
    if dry_run:
        return _print_estimate(prepared, participants)
    if "structured" in spec.answers or choice_probs:
        from ..participants.factory import build_participant
        from ..runner.answers import probe_endpoints

        # each endpoint asked once, as a trial would ask it, before anything is created
        probe_endpoints(spec, [build_participant(p) for p in participants])
    st = _store(store)
    run = create_run(st, prepared)
    n = len(prepared.rows)
    console.print(f"Run [bold]{escape(run.name)}[/bold] ({n} session{'' if n == 1 else 's'}) -> {st.safe_url}")
    if any(p.is_human for p in participants):
        console.print("Sessions for people are taken in the browser: "
                      f"machinepsych serve --store {st.url}  (then open http://127.0.0.1:8000/)")
    _execute(st, run, progress=not no_progress, workers=workers, executor=executor, ray_address=ray_address)


def _print_estimate(prepared, participants) -> None:
    """``run --dry-run``: what the run would send and cost; nothing is created."""
    from ..runner.estimate import ASSUMPTIONS, estimate_run

    estimates = estimate_run(prepared, participants)
    console.print(f"Dry run of [bold]{prepared.name}[/bold]: {len(prepared.rows)} sessions; nothing was created.")
    table = Table(title="Estimate (before any call)")
    for col in ("participant", "sessions", "calls", "prompt tokens", "reply tokens", "cost (USD)"):
        table.add_column(col, justify="left" if col == "participant" else "right")
    total, known = 0.0, True
    for e in estimates:
        if e.cost_usd is None:
            known = False
            cost = f"unknown (no price for {', '.join(sorted(e.unpriced))}; --prices)"
        else:
            total += e.cost_usd
            cost = f"{e.cost_usd:,.4f}"
        table.add_row(e.participant, str(e.sessions), f"{e.calls:,}", f"{e.prompt_tokens:,.0f}",
                      f"{e.completion_tokens:,.0f}", cost)
    console.print(table)
    priced = [e for e in estimates if e.cost_usd is not None]
    if priced:
        console.print(f"Total: ${total:,.4f}" + ("" if known else " for the priced participants"), highlight=False)
    elif estimates:
        console.print("Total: unknown (no participant has a price)", highlight=False)
    console.print(f"Assumptions: {ASSUMPTIONS}.", highlight=False, soft_wrap=True)


def _execute(st, run, *, progress: bool, workers: int, executor: str, ray_address: str | None) -> None:
    """Run (or resume) the run's open sessions, then print its report: the chance levels are
    simulated and the report's modules imported beside the sessions, and the scoring keeps
    the embeddings it computes for the report's figures."""
    from ..analysis.chance import ChancePrefetch
    from ..runner.budget import BudgetExceeded, cap_note
    from ..runner.plan import run_ref
    from ..runner.run import run_sync
    from ..storage.vector_use import kept_vectors_for

    note = cap_note(run.spec or {})  # --max-cost without --max-tokens: the reply cap, said once
    if note:
        console.print(note, highlight=False, soft_wrap=True, markup=False)

    chance = ChancePrefetch(st, run.id)  # the report's chance levels, simulated beside the run (once it is locked)
    process.exit_without_final_collection()

    def locked() -> None:
        # the chance child is forked before the report's modules are imported in a thread: a
        # fork taken while another thread is half-way through an import copies that module's
        # import lock held, and the child waits on it for ever
        chance.start()
        process.import_report_modules_in_background()
    try:
        with kept_vectors_for(st, (t["task"] for t in (run.spec or {}).get("tasks", ()))):
            stats = run_sync(st, run.id, progress=progress, workers=workers, executor=executor, ray_address=ray_address,
                             on_locked=locked)
    except StoreUnavailable as exc:  # one line, with the command that continues the run
        raise StoreUnavailable(f"{exc}; continue with: machinepsych resume {run_ref(run.name, run.id)}{_store_arg(st)}") from None
    except BudgetExceeded as exc:  # --max-cost reached: the run stops, resumable
        st.set_run_status(run.id, "incomplete")
        stored = float(st.run_totals(run.id)["cost_usd"])  # with the calls that were in flight then
        raise BudgetExceeded(f"{exc}; ${stored:.5f} stored once the calls in flight had returned; the run stopped "
                             f"and can continue with: machinepsych resume {run_ref(run.name, run.id)}"
                             f"{_store_arg(st)} --max-cost USD") from None
    chance.wait()
    process.leave_at_once_after(executor)
    _finish(st, run.name, stats)


def _finish(st, name: str, stats) -> None:
    import gc

    from ..analysis import report, terminal  # not html_report: its figures import matplotlib

    from ..runner.plan import run_ref

    run = st.get_run(name)
    name = run_ref(run.name, run.id)  # as the lines below give it to a command: never a key
    if (run.spec or {}).get("kind") == "prediction":  # resumed through `resume`: the prediction's tables
        from ..analysis.prediction_view import print_report

        print_report(st, run, console)
        if stats.failures:
            err.print(failure_line(stats.failures, f"machinepsych resume {name}{_store_arg(st)}"), soft_wrap=True,
                      highlight=False, markup=False, emoji=False)
            raise typer.Exit(1)
        return

    gc.disable()  # the report makes little garbage; collections would walk the run's heap
    try:
        data = report.build(st, name, trials=False)  # the tables read the stored scores
        asked = any(p.get("choice_probs") for p in (run.spec or {}).get("participants", []))
        probs = report.choice_probs_counts(st, run) if asked else None  # --choice-probs: answers without them
        with process.closing_beside(st):  # everything is read: the store closes while the tables print
            terminal.print_tables(data, console)
    finally:
        gc.enable()
        st.close()  # done already unless the report failed
    if stats.cached_share is not None:
        saved = ""
        if stats.cached_tokens or stats.cache_write_tokens:
            saved = (f"; cost ${stats.cost_usd:.4f}, without caching ${stats.uncached_cost_usd:.4f}"
                     + (f" ({stats.cache_write_tokens:,} tokens written to the cache)" if stats.cache_write_tokens else ""))
        console.print(f"Prompt tokens served from the endpoint's cache: {stats.cached_share:.0%}{saved}",
                      highlight=False, soft_wrap=True)
    replies, unread = data["replies"]["models"]  # every stored model trial of the run, this call's and earlier ones
    pct = report.invalid_pct(replies, unread)
    warn = pct is not None and pct > report.INVALID_WARN_PCT
    models = any(report.is_model_ref(str(p.get("ref", ""))) for p in (run.spec or {}).get("participants", []))
    console.print(("[bold red]" if warn else "") + report.unread_line(replies, unread, models)
                  + ("[/bold red]" if warn else ""),
                  highlight=False, soft_wrap=True)
    if probs is not None:
        read, without = probs
        console.print(f"{without:,} of {read:,} read answers have no option probabilities "
                      "(no one position in the reply that the parser read the answer from; none guessed)",
                      highlight=False, soft_wrap=True)
    store_arg = _store_arg(st)
    if stats.failures:
        err.print(failure_line(stats.failures, f"machinepsych resume {name}{store_arg}"), soft_wrap=True,
                  highlight=False, markup=False, emoji=False)
        raise typer.Exit(1)
    # no --out: report writes reports/NAME by default and makes reports/ itself, where --out
    # never makes a missing parent (a typo in a path is an error); so the line works as pasted, and
    # it is never wrapped (a long store path folded mid-word by the console could not be pasted)
    console.print(f"Report: machinepsych report {name}{store_arg}", soft_wrap=True, markup=False, highlight=False,
                  emoji=False)


def failure_line(failures: list[str], resume: str) -> str:
    """The sessions that failed, in one line: each distinct error once (a session's entry is
    "session I (CONDITION): ERROR"), and the command that continues the run."""
    by_error: dict[tuple[str, str], list[str]] = {}
    for f in failures:
        where, _, error = f.partition(": ")
        index, _, condition = where.removeprefix("session ").partition(" ")
        by_error.setdefault((error, condition), []).append(index)
    parts = [f"session{'s' if len(w) > 1 else ''} {_listed(w)} {c}: {e}".replace("  ", " ")
             for (e, c), w in by_error.items()]
    n = len(failures)
    return (f"error: {n} session{'s' if n > 1 else ''} failed (their trials are saved; continue with: {resume}): "
            + " | ".join(parts))


def _listed(items: list[str], most: int = 5) -> str:
    return ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")


@app.command("resume")
def resume_cmd(run: str = typer.Argument(..., help="Run name or id."),
               store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP),
               no_progress: bool = typer.Option(False, "--no-progress"),
               workers: int = typer.Option(1, "--workers", min=1, max=256, help=WORKERS_HELP),
               executor: str = typer.Option("local", "--executor", help=EXECUTOR_HELP),
               ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
               base_url: Optional[str] = typer.Option(None, "--base-url", help="Point the run's model participant at this endpoint first (a run started with a wrong URL); recorded in the run's history. No credentials in the URL."),
               model: Optional[str] = typer.Option(None, "--model", "-m", help="Use this model for the participant's unfinished sessions (same provider family: openai, vllm, ollama, llamacpp are one); recorded in the run's history."),
               participant: Optional[str] = typer.Option(None, "--participant", help="Which model participant --base-url/--model changes (needed when the run has several)."),
               max_cost: Optional[float] = typer.Option(None, "--max-cost", min=0, max=1_000_000, help="Set (raise) the run's cost budget in USD before resuming; recorded in the run's history.")) -> None:
    """Continue an interrupted run: every unfinished session from its last committed trial
    (on this machine, in worker processes or on Ray, however it was started)."""
    from ..models.secrets import redacted
    from ..runner.repoint import apply_repoint, plan_repoint
    from ..storage.history import describe_change
    from ..runner.run import check_executor, check_not_running
    from ..storage.store import normalise_url

    check_executor(workers=workers, executor=executor, ray_address=ray_address, store_url=normalise_url(store))
    st = _store(store, create=False)
    r = st.get_run(run)
    check_not_running(st, r)  # before anything else starts
    if max_cost is not None:
        from ..runner.budget import check_max_cost, raise_budget

        check_max_cost(max_cost)
    change = plan_repoint(st, r, base_url=base_url, model=model, participant=participant)  # checked, not yet written
    if change is not None:
        apply_repoint(st, change)
        r = st.get_run(r.id)
        console.print(f"Repointed {redacted(describe_change(change.entry))} ({change.entry['sessions']} unfinished "
                      "session(s)); recorded in the run's history", highlight=False, soft_wrap=True)
    if max_cost is not None and max_cost != (r.spec or {}).get("max_cost_usd"):
        raise_budget(st, r, max_cost)
        r = st.get_run(r.id)
        console.print(f"Cost budget set to ${max_cost:.4f}; recorded in the run's history", highlight=False)
    _execute(st, r, progress=not no_progress, workers=workers, executor=executor, ray_address=ray_address)


@app.command("report")
def report_cmd(runs: list[str] = typer.Argument(..., help="Run names or ids: several runs are put side by side in one report.", metavar="RUN [RUN ...]"),
               out: Optional[Path] = typer.Option(None, "--out", help="Folder for the HTML report (default reports/RUN, reports/RUN1+RUN2 for several)."),
               json_out: bool = typer.Option(False, "--json", help="Print every score as JSON instead."),
               metric: list[str] = typer.Option([], "--metric", help="Compare the conditions on this metric too, beside each test's primary (repeatable; 'all': every table metric)."),
               store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Print the results table and write an HTML report with figures, of one run or of
    several side by side (a condition found in more than one run is shown with its run)."""
    from ..analysis import comparisons_view, multirun, report
    from .app import check_output_path

    if out is not None and not json_out:
        check_output_path(out, "--out", folder=True)  # before the store is opened
    st = _store(store, create=False, readonly=True)
    chosen = multirun.resolve_runs(st, runs, _store_arg(st))  # an unknown run: one line, before any work
    predictions = [r for r in chosen if (r.spec or {}).get("kind") == "prediction"]  # machinepsych predict's runs
    if predictions and len(chosen) == 1:
        return _prediction_report(st, chosen[0], out, json_out)
    if predictions:  # reported with the people run each predicts
        from ..runner.predict import check_reported_with

        chosen = check_reported_with(chosen, predictions)
    if json_out:  # no figures: the stored scores, without the trials frame where none needs it
        data = multirun.build(st, [r.id for r in chosen], trials=False)
        comparisons_view.choose_metrics(data, metric)  # a metric no test has: one line
        _with_predictions(st, data, predictions)
        for piece in report.json_pieces(data):  # the sessions' rows a chunk at a time
            sys.stdout.write(piece)
        sys.stdout.write("\n")
        _leave_at_once(st)
        return
    from ..analysis import html_report, report_figures, terminal

    # where the figures will be drawn, a helper imports matplotlib while the run is read
    helper = report_figures.start_helper(st, chosen[0].id if len(chosen) == 1 else None)
    # the helper draws while the summaries are computed and the tables printed
    data = multirun.build(st, [r.id for r in chosen], trials=report.FIGURES,  # only the trial columns drawn
                          on_read=lambda read: report_figures.start_drawing(read, helper))
    try:
        comparisons_view.choose_metrics(data, metric)  # a metric no test has: one line, before anything is written
    except ConfigError:
        if helper is not None:
            helper.close()
        raise
    _with_predictions(st, data, predictions)
    terminal.print_tables(data, console)
    from ..fitting.report import print_fits

    print_fits(data.get("fits"), console)
    if predictions:
        from ..analysis.prediction import print_prediction

        for p in data["prediction"]:
            print_prediction(p, console)
    path = html_report.write_html(data, out or Path("reports") / multirun.folder_name(data), helper=helper)
    console.print(escape(f"HTML report: {path}"))
    _leave_at_once(st)


def _with_predictions(st, data: dict, predictions: list) -> None:
    """``data["prediction"]``: the measures of each prediction run given with its people run."""
    if predictions:
        from ..analysis.prediction import prediction_report

        data["prediction"] = [prediction_report(st, p) for p in predictions]


def _prediction_report(st, run, out: Optional[Path], json_out: bool) -> None:
    """A prediction run's report: its measures per test (docs/predict.md)."""
    from ..analysis import prediction_view

    if json_out:
        sys.stdout.write(json.dumps(prediction_view.to_json(st, run), indent=2, default=str) + "\n")
    else:
        data = prediction_view.print_report(st, run, console)
        path = prediction_view.write_html(data, out or Path("reports") / run.name)
        console.print(escape(f"HTML report: {path}"))
    _leave_at_once(st)


def _leave_at_once(st) -> None:
    """Close the store; the command then ends without the interpreter's teardown of the
    report's modules and frames (about 0.3 s)."""
    st.close()
    process.leave_at_once = True


def _export_inspect(run: str, out: Path, images: Optional[Path], store: Optional[str]) -> None:
    """``export --format inspect``: the run as an inspect_ai log, one sample per session (docs/inspect.md)."""
    if images:
        raise ConfigError("--images: an inspect log carries the run's images itself; leave --images out")
    import importlib.util

    if importlib.util.find_spec("inspect_ai") is None:
        raise ConfigError("--format inspect needs inspect_ai: pip install 'machinepsych[inspect]'")
    from ..integrations.inspect.export import write_run_log

    st = _store(store, create=False, readonly=True)
    path, n = write_run_log(st, run, out)
    console.print(f"Wrote {n} sessions (one inspect sample each) to {path}; view it with: "
                  f"inspect view --log-dir {path.parent}", markup=False, highlight=False, soft_wrap=True)


@app.command("export")
def export_cmd(run: str = typer.Argument(..., help="Run name or id."),
               fmt: str = typer.Option("csv", "--format", help="csv | parquet | jsonl | inspect (an inspect_ai log: one sample per session; --out FILE.eval)"),
               out: Path = typer.Option(..., "--out", help="Output file."),
               images: Optional[Path] = typer.Option(None, "--images", help="Also write every image of the run as DIR/<sha256>.png (the `images` column names them)."),
               fits: bool = typer.Option(False, "--fits", help="Export the cognitive-model fits of the run's sessions instead (one row per session and model; docs/fitting.md)."),
               per: str = typer.Option("session", "--per", help="With --fits: 'session' (each session alone) or 'participant' (one row per participant and model, its sessions fitted jointly, as fit --per participant)."),
               store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Export a run's trials, one row per trial (columns: see README, 'Data format'), or with
    --fits its cognitive-model fits, one row per session and model."""
    from ..storage.export import export_run, write_images
    from .app import check_output_path

    check_output_path(out, "--out")  # before the store is opened or anything created
    if per not in ("session", "participant"):
        raise ConfigError(f"--per must be 'session' or 'participant' (got {per!r})")
    if per != "session" and not fits:
        raise ConfigError("--per goes with --fits (trials are exported one row per trial)")
    if fits:
        return _export_fits(run, out, fmt, images, store, per)
    if fmt.strip().lower() == "inspect":
        return _export_inspect(run, out, images, store)
    if images:
        check_output_path(images, "--images", folder=True)
    st = _store(store, create=False, readonly=True)
    hashes: set[str] = set()
    # row by row, in memory that does not grow with the run; people's platform ids and timestamps
    rows = export_run(st, run, out, fmt, images=hashes if images else None)
    console.print(f"Wrote {rows} trials to {out}")
    if images:
        n = write_images(st, hashes, images)
        console.print(f"Wrote {n} images to {images}")


def _export_fits(run: str, out: Path, fmt: str, images: Optional[Path], store: Optional[str],
                 per: str = "session") -> None:
    from ..core.atomic import atomic_path
    from ..fitting.runs import fit_stored_runs, tests_with_models

    fmt = fmt.strip().lower()
    if fmt not in ("csv", "jsonl", "parquet"):
        raise ConfigError(f"--fits is exported as csv, jsonl or parquet (got --format {fmt})")
    if images:
        raise ConfigError("--images does not go with --fits (fits have no images)")
    st = _store(store, create=False, readonly=True)
    report = fit_stored_runs(st, [st.get_run(run).name], per=per)
    if report.rows.empty:
        raise ConfigError("no session of this run has a cognitive-model fit; tests with models: "
                          + ", ".join(tests_with_models()))
    with atomic_path(out) as tmp:
        if fmt == "csv":
            report.rows.to_csv(tmp, index=False)
        elif fmt == "jsonl":
            report.rows.to_json(tmp, orient="records", lines=True)
        else:
            report.rows.to_parquet(tmp, index=False)
    if per == "participant":
        console.print(f"Wrote {len(report.rows)} fits ({len(report.rows.drop_duplicates(['run', 'design', 'condition', 'who']))} "
                      f"participants, their sessions fitted jointly) to {out}")
        return
    console.print(f"Wrote {len(report.rows)} fits ({report.rows['session'].nunique()} sessions) to {out}")


def family_file_scorer(name: str):
    """The file scorer of the test family called ``name`` (``TaskSpec.file_scorer`` of its
    tests, e.g. ``cogbench``), or None when ``name`` is not such a family. Only the tests whose
    ids start with ``name-`` are looked up, so only that family is imported."""
    from ..tasks.catalog import get_task, task_ids

    name = name.strip().lower()
    for tid in task_ids():
        if tid.startswith(name + "-"):
            spec = get_task(tid)
            if spec.family == name and spec.file_scorer is not None:
                return spec.file_scorer
    return None


def print_file_scores(scorer, result, json_out: bool, title: str) -> None:
    """A family's file scores: its notes on stderr, then JSON or the family's table."""
    view = scorer.view(result)
    for note in view.notes:  # on stderr, so --json stays one JSON document
        sys.stderr.write(note + "\n")
    if json_out:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    t = Table(title=title)
    for i, col in enumerate(view.columns):
        t.add_column(col, justify="left" if i == 0 else "right")
    for row in view.rows:
        t.add_row(*row)
    Console(emoji=False).print(t)
    for line in view.footer:
        Console(emoji=False).print(line, markup=False, highlight=False)


@app.command("score")
def score_cmd(test: str = typer.Argument(..., help="Test id whose scorer to use (wcst, wcst-kennedy, lnt or any other test), or a test family with a file scorer (cogbench)."),
              file: Path = typer.Argument(..., help="CSV or JSONL with columns session, trial, rule, correct, matches[, criterion]; for a family, its own files (cogbench: a released eval file or an export)."),
              criterion: Optional[int] = typer.Option(None, "--criterion", min=1, max=10_000, help="Category criterion K (default: column, else the test's)."),
              json_out: bool = typer.Option(False, "--json"),
              method: Optional[str] = typer.Option(None, "--method", help="A family's file scorer: the method (cogbench: in a released eval file) or strategy/condition (in an export) to score."),
              official: bool = typer.Option(False, "--official", help="A family's file scorer: the published evaluation code's arithmetic exactly (cogbench: -1 a category, divide by 10, NaN propagating)."),
              no_fits: bool = typer.Option(False, "--no-fits", help="Print the scores only: do not fit the test's models to the file's sessions (seconds a session, up to 2,000 sessions).")) -> None:
    """Score trials collected elsewhere (e.g. human data) with the same scorers; where the
    test has models and the file their columns, print their fits too (docs/fitting.md), unless
    ``--no-fits``."""
    scorer = family_file_scorer(test)
    if scorer is not None:  # the family's own reader (cogbench: released eval files and its exports)
        from ..participants.human import is_human_ref

        result = scorer.score(file, method=method, official=official, is_person=is_human_ref)
        return print_file_scores(scorer, result, json_out, f"{test.strip().lower()}: {file}")
    if official:
        raise ConfigError(f"--official applies to a test family's file scorer (e.g. cogbench), not to {test}")
    from ..core.scoring import score_sessions, summarize
    from ..storage.trials_file import check_rule_words, check_task_column, read_trials_file
    from ..tasks.catalog import get_task

    spec = get_task(test)
    df = check_rule_words(read_trials_file(file), file, spec.id, spec.family)
    check_task_column(df, file, spec.id, "score {test} FILE")
    if criterion is not None and criterion < 1:
        raise ConfigError(f"--criterion must be at least 1 (got {criterion})")
    params = spec.resolve(None, {"criterion": criterion} if criterion else {})
    by_session = session_criteria(spec, df, file) if criterion is None else {}
    try:
        per = {str(k): v for k, v in score_sessions(spec, df, by_session, default=params).items()}
    except KeyError as exc:
        raise ConfigError(f"{file}: the {spec.id} scorer needs a column {exc.args[0]!r}") from None
    except (ValueError, TypeError) as exc:  # a cell its scorer cannot read (a reward "yes", points "x")
        if not _cell_conversion(exc):
            raise  # a scorer's own error (a bug), not the user's cell: shown as such
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ConfigError(f"{file}: the {spec.id} scorer cannot use a cell ({first}); give each column "
                          "the values machinepsych export writes (README, 'Data format')") from None
    summ = summarize(per)
    from ..fitting.report import file_fits, print_fits

    fitted = spec.fit and not no_fits
    if json_out:  # the fits where the test has models; the scores stand whatever the fits say
        fits = file_fits(spec, df, file) if fitted else None
        sys.stdout.write(json.dumps({"sessions": per, "summary": summ, **({"fits": fits} if fitted else {})},
                                    indent=2, default=str) + "\n")
        return
    from ..analysis.scores import fmt_mean_sd

    metrics = list(next(iter(per.values())).keys()) if per else []
    table = Table(title=f"{test}: {file}")
    table.add_column("session")
    for m in metrics:
        table.add_column(m, justify="right")
    for sid, m in per.items():
        table.add_row(sid, *["-" if m[k] is None else f"{m[k]:.2f}" for k in metrics])
    table.add_row("mean (SD)", *[fmt_mean_sd(summ.get(k)) for k in metrics])
    console.print(table)  # the scores first: fitting a file's sessions takes seconds each
    if not no_fits:
        print_fits(file_fits(spec, df, file), console)


# what int() and float() say of a cell that is no number at all (a JSONL list or object)
_CONVERSION_TYPE_ERRORS = ("int() argument must be", "float() argument must be")


def _cell_conversion(exc: Exception) -> bool:
    """Whether a scorer's error is a cell it could not convert: a ValueError (a reward "yes",
    points "x"), or the TypeError of int() or float() given a list or object (a JSONL cell
    ``[1, 2]``); any other TypeError is the scorer's own."""
    return isinstance(exc, ValueError) or str(exc).startswith(_CONVERSION_TYPE_ERRORS)


def session_criteria(spec, df, file: Path) -> dict:
    """{session: the test's parameters with that session's ``criterion`` column} (each
    session scored with its own K); every row of a session must give the same criterion, a
    session without one takes the test's default. Empty without a ``criterion`` column."""
    if "criterion" not in df:
        return {}
    if "criterion" not in spec.Params.model_fields:
        raise ConfigError(f"{file}: a criterion column, but {spec.id} has no criterion parameter; "
                          "remove the column or score with a card-sorting test")
    out = {}
    for sid, values in df.groupby("session", sort=True)["criterion"]:
        ks = sorted({int(float(v)) for v in values if not (v is None or (isinstance(v, float) and v != v)
                                                          or str(v).strip() == "")})
        if len(ks) > 1:
            raise ConfigError(f"{file}: session {sid}: its rows disagree on criterion ({', '.join(map(str, ks))}); "
                              "give one criterion per session")
        if ks:
            out[sid] = spec.resolve(None, {"criterion": ks[0]})
    return out


DEMO_BATTERY = "rule-switching"


@app.command("demo")
def demo_cmd(store: str = typer.Option("demo.db", "--store", help=STORE_HELP),
             out: Path = typer.Option(Path("reports/demo"), "--out"),
             sessions: int = typer.Option(10, "--sessions", min=1, max=100_000)) -> None:
    """Offline demo: the rule-switching battery on every built-in agent, then the report."""
    from ..analysis import html_report, report, terminal
    from ..runner.plan import ParticipantSpec, RunSpec, default_run_name, expand_tasks
    from ..runner.run import create_run, run_sync

    if sessions < 1:
        raise ConfigError(f"--sessions must be at least 1 (got {sessions})")
    agents = ("random", "wsls", "perseverative", "ideal")
    spec = RunSpec(tasks=expand_tasks(DEMO_BATTERY, None, {}, sessions),
                   participants=[ParticipantSpec(ref=f"agent:{a}") for a in agents],
                   name=default_run_name("demo"), battery=DEMO_BATTERY)
    st = _store(store)
    run = create_run(st, spec)
    console.print(f"Demo run [bold]{run.name}[/bold]: {st.session_summary(run.id)['sessions']} sessions on built-in agents -> {st.safe_url}")
    run_sync(st, run.id, progress=True)
    data = report.build(st, run.id)
    terminal.print_tables(data, console)
    from ..fitting.report import print_fits

    print_fits(data.get("fits"), console)
    path = html_report.write_html(data, out)
    console.print(f"HTML report: {path.resolve()}")


def bounded_line(text: str, most: int = 2000) -> str:
    """An error message as one line of at most ``most`` characters (a value quoted from a
    user's file may be megabytes long): the middle is cut, and says how much."""
    text = " ".join(text.splitlines())
    if len(text) <= most:
        return text
    keep = most // 2
    return f"{text[:keep]} [... {len(text) - 2 * keep:,} characters cut ...] {text[-keep:]}"


DAMAGED_LINE = ("The store is damaged (SQLite: database disk image is malformed): a page it read is not what "
                "SQLite wrote: restore it from a copy (`sqlite3 FILE .recover` may save "
                "what the other pages hold)")


def damaged_store(exc: BaseException) -> bool:
    """SQLite's word for a file whose pages are broken (a damaged page the header does not
    reveal: the cut-short file is refused before it is opened, storage.identity)."""
    if "DatabaseError" not in {c.__name__ for c in type(exc).__mro__}:  # sqlite3's or SQLAlchemy's
        return False
    text = str(exc)
    return "database disk image is malformed" in text or "file is not a database" in text


def main() -> None:
    """The console script: every error a user can cause is one line on stderr and exit code 2."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        err.print("aborted")
        sys.exit(130)
    except TyperException as exc:  # usage errors: unknown command or option, missing argument, not a number ...
        ctx = getattr(exc, "ctx", None)
        hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        err.print(f"[red]error:[/red] {escape(message + hint)}", soft_wrap=True, highlight=False)
        sys.exit(2)
    except StoreUnavailable as exc:  # the store went away mid-command (disk full, connection lost): resumable
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True, highlight=False)
        sys.exit(3)
    except MachinePsychError as exc:
        from ..runner.budget import BudgetExceeded

        stopped = isinstance(exc, BudgetExceeded)  # --max-cost reached: resumable, like a store gone away
        err.print(f"[red]{'stopped' if stopped else 'error'}:[/red] {bounded_line(str(exc))}", soft_wrap=True,
                  highlight=False)
        sys.exit(3 if stopped else 2)
    except OSError as exc:  # disk full, permission, path errors of any file a command writes or reads
        err.print(f"[red]error:[/red] {escape(os_error_line(exc))}", soft_wrap=True, highlight=False)
        sys.exit(3)
    except Exception as exc:  # noqa: BLE001 - only SQLite's damaged-file errors are turned into a line
        if not damaged_store(exc):
            raise
        err.print(f"[red]error:[/red] {escape(DAMAGED_LINE)}", soft_wrap=True, highlight=False)
        sys.exit(2)
    except ValidationError as exc:  # a typed config (run spec) rejected a value
        first = exc.errors()[0]
        err.print(f"[red]error:[/red] {escape('.'.join(map(str, first['loc'])) + ': ' + first['msg'])}", soft_wrap=True,
                  highlight=False)
        sys.exit(2)
    code = code if isinstance(code, int) else 0
    if process.leave_at_once and process.started_as_the_command():
        process.exit_now(code)
    sys.exit(code)


if __name__ == "__main__":
    main()

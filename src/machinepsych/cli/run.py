"""``machinepsych run``: a test or battery on every participant, strategy, persona and session,
its model options checked before anything is created (``--dry-run``: the estimate only)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.table import Table

from ..core.errors import ConfigError, require_file
from .app import STORE_HELP, _store, app, console, err, parse_params
from .execution import EXECUTOR_HELP, RAY_ADDRESS_HELP, WORKERS_HELP, execute_run

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
    execute_run(st, run, progress=not no_progress, workers=workers, executor=executor, ray_address=ray_address)


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

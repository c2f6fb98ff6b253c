"""``machinepsych annotate RUN``: score a run's stored replies 1-5 with its test's rubric in a
terminal (the same as the web pages at ``/annotate``), let an opt-in LLM judge score them, or
print the scores so far. What is annotated and how it is shown is the test's
(``TaskSpec.annotation``); nothing here knows any test."""
from __future__ import annotations

import json
import sys
from typing import Optional

import typer

from ..core.errors import ConfigError
from .app import STORE_HELP, _store, app


def check_judge(judge: str, base_url: Optional[str]) -> None:
    """One line, before anything is asked of anyone, for a --judge that is a URL or a --base-url
    carrying credentials; neither echoes the credentials."""
    from ..models.urls import credentials_advice, redact_urls, url_credentials

    provider = judge.split(":", 1)[0].strip().lower()
    if "://" in judge:  # (a bare "@" may be a model version, e.g. claude-3-5-sonnet@20240620)
        found = url_credentials(judge)
        creds = f" and carries credentials ({', '.join(found)}), which are not used" if found else ""
        raise ConfigError(f"--judge {redact_urls(judge)} is a URL{creds}: give "
                          "--judge provider:model (e.g. openai:gpt-4o-mini) and the endpoint, without credentials, "
                          "as --base-url; the key goes in the provider's environment variable (e.g. OPENAI_API_KEY)")
    if base_url:
        advice = credentials_advice(base_url, provider)
        if advice:
            raise ConfigError(advice)


@app.command("annotate")
def annotate_cmd(run: str = typer.Argument(..., help="Run name or id with trials to annotate (e.g. CogBench reasonings)."),
                 annotator: Optional[str] = typer.Option(None, "--annotator", help="Your name (scores are kept per annotator)."),
                 limit: int = typer.Option(0, "--limit", min=0, max=1_000_000, help="Stop after this many items (0: all left)."),
                 scores: bool = typer.Option(False, "--scores", help="Print the scores so far (CogBench: Rationality per iteration and agreement) instead."),
                 judge: Optional[str] = typer.Option(None, "--judge", help="Opt-in LLM judge (provider:model) scoring the items with the rubric; reported apart (CogBench: rationality_llm_judge)."),
                 base_url: Optional[str] = typer.Option(None, "--base-url", help="The judge's endpoint (local or self-hosted models)."),
                 store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Score stored replies 1-5 with the test's rubric, blind to the method (the same as the
    web pages at /annotate), or print the scores so far."""
    from ..web.annotate import check_name, ensure_table, order, rationality, save, tasks_items
    from ..web.annotate import scores as given_scores

    if limit < 0:
        raise ConfigError(f"--limit must be 0 or more (got {limit})")
    if judge:
        check_judge(judge, base_url)
    st = _store(store, create=False)
    row = st.get_run(run)
    ensure_table(st)
    if scores:
        sys.stdout.write(json.dumps(rationality(st, row.id), indent=2) + "\n")
        return
    if judge:
        import asyncio

        from ..models import make_model
        from ..models.base import GenerateOptions
        from ..web.annotate import judge as run_judge

        model = make_model(judge, base_url=base_url)

        async def judged() -> int:
            try:
                return await run_judge(st, row.id, model, GenerateOptions(temperature=0.0, max_tokens=200), limit)
            finally:  # the model's HTTP session closed, so no "Unclosed client session" follows the error
                close = getattr(model, "aclose", None)
                if close is not None:
                    await close()

        n = asyncio.run(judged())
        typer.echo(f"{judge} scored {n} items (kept apart from people's scores, e.g. rationality_llm_judge).")
        return
    try:
        name = check_name(annotator)
    except ValueError as exc:
        raise ConfigError(f"--annotator: {exc}") from None
    given = given_scores(st, row.id)
    groups = tasks_items(st, row.id)
    task_by_item = {it["item"]: task for task, its in groups for it in its}
    todo = [it for it in order(name, [it for _, its in groups for it in its]) if name not in given.get(it["item"], {})]
    if not todo:
        typer.echo("Nothing left to score.")
        return
    for n, it in enumerate(todo[: limit or None]):
        task = task_by_item[it["item"]]
        rubric = "\n".join(f"  {k}: {t}" for k, t in task.rubric)
        typer.echo(f"\n--- {n + 1} of {len(todo)} ---\n{task.item_text(it)}\n{task.question}\n{rubric}")
        score = None
        while score is None:
            text = typer.prompt("Score 1-5").strip()
            score = int(text) if text in ("1", "2", "3", "4", "5") else None
            if score is None:
                typer.echo("Please type a whole number from 1 to 5.")
        save(st, row.id, it["item"], name, score)
    typer.echo("Saved.")

"""``machinepsych predict PEOPLE_RUN --model M``: the probability a model gives each person's own
choices, the model walked through each person's session as the person lived it (docs/predict.md).
Everything is checked before any call; a run of that name that predicts the same people is
continued where it stopped."""
from __future__ import annotations

from typing import Optional

import typer

from .app import STORE_HELP, _store, app, console


@app.command("predict")
def predict_cmd(
    people_run: str = typer.Argument(..., help="The run of people to predict (import-people or a browser study): name or id."),
    model: str = typer.Option(..., "--model", "-m", help="A model with log-probabilities: openai:NAME, vllm:NAME, llamacpp:NAME, ollama:NAME."),
    base_url: Optional[str] = typer.Option(None, "--base-url", help="Endpoint of the OpenAI-compatible server. No credentials in the URL."),
    strategy: str = typer.Option("direct", "--strategy", "-s", help="direct | cot | free: the suffix of each trial message, as in run."),
    answer: str = typer.Option("free", "--answer", help="free (a reply in words, read by the test's parser) | structured (JSON of the answer's schema; with --strategy direct)."),
    run_name: Optional[str] = typer.Option(None, "--run-name", help="Name of the prediction run (default: generated); an existing prediction of the same people by that name is continued."),
    store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP),
    temperature: Optional[float] = typer.Option(0.0, "--temperature", min=0, max=2, help="Sampling temperature of the replies (the probabilities are read at the answer either way)."),
    max_tokens: Optional[int] = typer.Option(None, "--max-tokens", min=1, max=1_000_000),
    timeout: float = typer.Option(120.0, "--timeout", min=0, max=3600, help="Seconds per model call."),
    concurrency: int = typer.Option(8, "--concurrency", min=1, max=1024, help="Concurrent calls per endpoint (people's sessions in parallel)."),
    no_progress: bool = typer.Option(False, "--no-progress", help="Hide the progress bar."),
) -> None:
    """Predict people's choices with a model, trial by trial, and compare with cognitive models."""
    from rich.markup import escape

    from ..models.secrets import redacted
    from ..participants.factory import build_participant
    from ..participants.spec import ParticipantSpec
    from ..runner.answers import probe_endpoints
    from ..runner.plan import check_run_name
    from ..runner.predict import NEEDS_LOGPROBS, is_prediction, prepare_prediction
    from ..runner.run import check_not_running, run_sync

    if run_name is not None:
        check_run_name(run_name)
    participant = ParticipantSpec(ref=model, base_url=base_url, temperature=temperature, max_tokens=max_tokens,
                                  timeout_s=timeout, concurrency=concurrency, choice_probs=True)
    st = _store(store, create=False)
    existing = _existing(st, run_name)
    if existing is not None:
        people = st.get_run(people_run)
        if not is_prediction(existing) or existing.spec["predicts"]["run_id"] != people.id:
            from ..core.errors import ConfigError

            raise ConfigError(f"--run-name {run_name}: a run of that name exists and does not predict run "
                              f"{redacted(people.name)}; pick another --run-name")
        check_not_running(st, existing)
        run = existing
        console.print(f"Continuing prediction run [bold]{escape(redacted(run.name))}[/bold]", highlight=False)
    else:
        spec, run_spec, rows = prepare_prediction(st, people_run, participant, strategy, answer, run_name)
        probe_endpoints(run_spec, [build_participant(p) for p in run_spec.participants],  # logprobs, before the run
                        no_probs_fix=NEEDS_LOGPROBS)
        run = st.create_run(spec["name"], spec, rows)
        console.print(f"Prediction run [bold]{escape(redacted(run.name))}[/bold]: {model} predicts {len(rows)} people of run "
                      f"{escape(redacted(spec['predicts']['run']))}", highlight=False)
    stats = run_sync(st, run.id, progress=not no_progress)
    from ..analysis.prediction import prediction_report, print_prediction

    print_prediction(prediction_report(st, run), console)
    if stats.failures:
        from .execution import failure_line
        from .app import err

        err.print(failure_line(stats.failures, f"machinepsych predict {people_run} --model {model} "
                               f"--run-name {redacted(run.name)}"), soft_wrap=True, highlight=False, markup=False)
        raise typer.Exit(1)


def _existing(st, name: str | None):
    from ..core.errors import UnknownNameError

    if name is None:
        return None
    try:
        return st.get_run(name)
    except (UnknownNameError, LookupError, KeyError):
        return None

"""``machinepsych study create RUN``: the recruitment link of a run's sessions for people.

Everyone who opens the link is given the next free seeded session of the run (so a run of N
sessions is taken by N people); the recruitment platform's ids in the link are recorded; an
optional consent page, practice trials, a completion code and a redirect frame the test.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .app import App, app

study_app = App(help="Recruitment links for runs taken by people (see `machinepsych serve`).",
                        no_args_is_help=True)
app.add_typer(study_app, name="study")

PROLIFIC = "PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}"


def _read_consent(path: Path | None) -> str:
    from ..core.errors import ConfigError

    if path is None:
        return ""
    if not path.is_file():
        raise ConfigError(f"--consent {path}: no such file (give a text file with the consent wording)")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"--consent {path}: cannot be read as UTF-8 text ({type(exc).__name__})") from None
    if not text.strip():
        raise ConfigError(f"--consent {path} is empty; write the consent text into it")
    return text.strip()


def check_base_url(url: str) -> None:
    """The address participants open: an http(s) URL with a host and no credentials."""
    from urllib.parse import urlsplit

    from ..core.errors import ConfigError

    try:
        parts = urlsplit(url.strip())
        ok = parts.scheme in ("http", "https") and bool(parts.hostname) and parts.username is None
    except ValueError:
        ok = False
    if not ok:
        raise ConfigError(f"--base-url {url!r} is not an http(s) address with a host and no credentials "
                          "(e.g. https://study.example.org)")


@study_app.command("create")
def create_cmd(
    run: str = typer.Argument(..., help="The run whose sessions for people the link gives out (name or id)."),
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
    consent: Optional[Path] = typer.Option(None, "--consent", help="Text file shown as the consent page."),
    practice: int = typer.Option(0, "--practice", help="Practice trials before the test (not scored; 0-50)."),
    completion_code: Optional[str] = typer.Option(None, "--completion-code",
                                                  help="Code shown at the end (default: a random one)."),
    redirect: Optional[str] = typer.Option(None, "--redirect", help="Address the participant is sent to at the end."),
    fixation_ms: Optional[int] = typer.Option(None, "--fixation-ms", help="Fixation cross before each trial (ms)."),
    iti_ms: Optional[int] = typer.Option(None, "--iti-ms", help="Blank interval between trials (ms)."),
    feedback_ms: Optional[int] = typer.Option(None, "--feedback-ms", help="How long feedback stays on screen (ms)."),
    base_url: str = typer.Option("http://127.0.0.1:8000", "--base-url",
                                 help="Where `machinepsych serve` is reachable for participants."),
) -> None:
    """Make the study link of RUN and print it."""
    from ..storage.store import Store
    from ..storage.study import check_study_options, create_study

    text = _read_consent(consent)
    timing = {k: v for k, v in {"fixation_ms": fixation_ms, "iti_ms": iti_ms, "feedback_ms": feedback_ms}.items()
              if v is not None}
    check_study_options(text, practice, completion_code, redirect, timing)  # before the store is opened
    check_base_url(base_url)
    st = Store(store, create=False)
    try:
        row = create_study(st, st.get_run(run), consent=text, practice=practice, completion_code=completion_code,
                           redirect_url=redirect, timing=timing)
        link = f"{base_url.rstrip('/')}/s/{row.slug}"
        typer.echo(f"Study link: {link}")
        typer.echo(f"On Prolific: {link}?{PROLIFIC}")
        typer.echo(f"Completion code: {row.completion_code}")
        typer.echo("Serve it with `machinepsych serve` on the same store.")
    finally:
        st.close()


@study_app.command("list")
def list_cmd(
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
    base_url: str = typer.Option("http://127.0.0.1:8000", "--base-url", help="Where `machinepsych serve` is reachable."),
) -> None:
    """The study links of the store, with how many sessions each has given out."""
    from ..storage.store import Store
    from ..storage.study import assignments_for_run, human_sessions, list_studies

    check_base_url(base_url)
    st = Store(store, create=False, readonly=True)
    try:
        rows = list_studies(st)
        if not rows:
            typer.echo("No study links yet: machinepsych study create RUN")
        for row in rows:
            run = st.get_run(row.run_id)
            n = len(human_sessions(st, run))
            taken = len(assignments_for_run(st, run.id))
            typer.echo(f"{run.name}: {base_url.rstrip('/')}/s/{row.slug} ({taken} of {n} sessions given out; "
                       f"completion code {row.completion_code})")
    finally:
        st.close()

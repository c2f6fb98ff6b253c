"""``machinepsych study create RUN``: the recruitment link of a run's sessions for people.

Everyone who consents through the link reserves the run's next free slot (one seeded session
per test of the run, in the study's order); the recruitment platform's ids in the link are
recorded; an optional consent page, practice trials, a completion code and a redirect frame
the test. A slot left inactive past ``--inactivity-timeout`` is released for the next person.
``study add-sessions`` adds slots; ``study pause|close|open`` stop or resume the link.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .app import App, app

study_app = App(help="Recruitment links for runs taken by people (see `machinepsych serve`).",
                        no_args_is_help=True)
app.add_typer(study_app, name="study")

DEFAULT_BASE_URL = "http://127.0.0.1:8000"
PROLIFIC = "PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}"


def _read_consent(path: Path | None) -> str:
    from ..core.errors import ConfigError, require_file

    if path is None:
        return ""
    require_file(path, "--consent", "give a text file with the consent wording")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"--consent {path}: cannot be read as UTF-8 text ({type(exc).__name__})") from None
    if not text.strip():
        raise ConfigError(f"--consent {path} is empty; write the consent text into it")
    return text.strip()


def check_base_url(url: str) -> None:
    """The address participants open: an http(s) URL with a host, a valid port and no
    credentials, nothing after its path (a query or fragment would swallow the ``/s/CODE`` the
    link appends: the browser would ask for the root page) and no spaces. One line naming the
    fix, the URL echoed with any password masked (``***@``)."""
    from urllib.parse import urlsplit

    from ..core.errors import ConfigError
    from ..models.urls import redact_url

    shown = redact_url(url)
    example = "(e.g. https://study.example.org or https://example.org/lab)"
    try:
        parts = urlsplit(url.strip())
        port = parts.port  # ValueError for a port out of 0-65535 or not a number
    except ValueError:
        raise ConfigError(f"--base-url {shown!r} has an invalid port; give a port from 1 to 65535 {example}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username is not None:
        raise ConfigError(f"--base-url {shown!r} is not an http(s) address with a host and no credentials {example}")
    if port == 0:
        raise ConfigError(f"--base-url {shown!r} has port 0; give a port from 1 to 65535 {example}")
    if parts.query or parts.fragment or url.strip().endswith(("?", "#")):
        raise ConfigError(f"--base-url {shown!r} has a query or fragment (?... or #...), which would swallow the "
                          f"study's path /s/CODE; give the address without it {example}")
    if any(c.isspace() for c in url.strip()):
        raise ConfigError(f"--base-url {shown!r} contains a space; give the address without spaces (or with %20) "
                          f"{example}")


@study_app.command("create")
def create_cmd(
    run: str = typer.Argument(..., help="The run whose sessions for people the link gives out (name or id)."),
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
    consent: Optional[Path] = typer.Option(None, "--consent", help="Text file shown as the consent page."),
    practice: int = typer.Option(0, "--practice", min=0, max=50, help="Practice trials before the test (not scored; 0-50)."),
    completion_code: Optional[str] = typer.Option(None, "--completion-code",
                                                  help="Code shown at the end (default: a random one)."),
    redirect: Optional[str] = typer.Option(None, "--redirect", help="Address the participant is sent to at the end."),
    fixation_ms: Optional[int] = typer.Option(None, "--fixation-ms", min=0, max=60_000, help="Fixation cross before each trial (ms)."),
    iti_ms: Optional[int] = typer.Option(None, "--iti-ms", min=0, max=60_000, help="Blank interval between trials (ms)."),
    feedback_ms: Optional[int] = typer.Option(None, "--feedback-ms", min=0, max=60_000, help="How long feedback stays on screen (ms)."),
    inactivity_timeout: float = typer.Option(30.0, "--inactivity-timeout", metavar="MINUTES",
                                             help="Release a person's sessions after this many minutes without "
                                                  "activity (their partial trials are kept apart, marked abandoned)."),
    time_limit: str = typer.Option("none", "--time-limit", metavar="kit|none|SECONDS",
                                   help="Time limit of each test, timed on the server: kit (the test's published "
                                        "limit, e.g. VisFactor's), none, or seconds."),
    order: str = typer.Option("fixed", "--order", metavar="fixed|latin",
                              help="Order of the tests of a battery run: the run's (fixed) or counterbalanced "
                                   "across participants by a balanced Latin square (latin)."),
    title: Optional[str] = typer.Option(None, "--title", help="The study's title people see (default: a neutral "
                                                                "one, 'A short thinking task'; never the test's name)."),
    attention_every: int = typer.Option(0, "--attention-every", min=0, max=10_000, metavar="K",
                                        help="An attention check (press the named button) before every K-th trial "
                                             "(0: none)."),
    decline_code: Optional[str] = typer.Option(None, "--decline-code",
                                               help="Code shown to people who do not consent (e.g. Prolific's "
                                                    "'no consent' code)."),
    decline_redirect: Optional[str] = typer.Option(None, "--decline-redirect",
                                                   help="Address people who do not consent are sent to."),
    cards: str = typer.Option("picture", "--cards", metavar="picture|text",
                              help="Card sorts: the cards as a picture (default) or described in words."),
    base_url: str = typer.Option(DEFAULT_BASE_URL, "--base-url",
                                 help="Where `machinepsych serve` is reachable for participants (kept with the study: "
                                      "`study list` prints its link there)."),
) -> None:
    """Make the study link of RUN and print it."""
    from ..storage.store import Store
    from ..storage.study import check_options, check_study_options, create_study

    text = _read_consent(consent)
    timing = {k: v for k, v in {"fixation_ms": fixation_ms, "iti_ms": iti_ms, "feedback_ms": feedback_ms}.items()
              if v is not None}
    check_study_options(text, practice, completion_code, redirect, timing)  # before the store is opened
    check_options(inactivity_timeout, time_limit, order)
    from ..storage import people

    extra = {"title": title, "attention_every": attention_every, "decline_code": decline_code,
             "decline_url": decline_redirect, "cards": cards}
    people.check_options(extra)
    check_base_url(base_url)
    st = Store(store, create=False)
    try:
        row = create_study(st, st.get_run(run), consent=text, practice=practice, completion_code=completion_code,
                           redirect_url=redirect, timing=timing, inactivity_min=inactivity_timeout,
                           time_limit=time_limit, order=order, base_url=base_url)
        people.set_options(st, row, **extra)
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
    base_url: Optional[str] = typer.Option(None, "--base-url",
                                           help="Print the links with this address instead of each study's own "
                                                "(the --base-url it was created with)."),
) -> None:
    """The study links of the store, each at its own address, with how many sessions it has given out."""
    from ..models.secrets import redacted
    from ..storage.store import Store
    from ..storage.study import assignments_for_run, list_studies, slots, study_options

    if base_url is not None:
        check_base_url(base_url)
    st = Store(store, create=False, readonly=True)
    try:
        rows = list_studies(st)
        if not rows:
            typer.echo("No study links yet: machinepsych study create RUN")
        for row in rows:
            run = st.get_run(row.run_id)
            groups = slots(st, run)
            held = assignments_for_run(st, run.id)
            taken = sum(1 for g in groups if g[0].id in held)
            opts = study_options(row)
            where = (base_url or opts.base_url or DEFAULT_BASE_URL).rstrip("/")
            typer.echo(f"{redacted(run.name)}: {where}/s/{row.slug} [{opts.state}] ({taken} of {len(groups)} "
                       f"slots held; completion code {row.completion_code}; inactivity timeout "
                       f"{opts.inactivity_min:g} min; time limit {opts.time_limit}; order {opts.order})")
    finally:
        st.close()


def _study_of(st, run: str):
    from ..models.secrets import redacted
    from ..runner.plan import run_ref
    from ..core.errors import ConfigError
    from ..storage.study import study_for_run

    row = st.get_run(run)
    study = study_for_run(st, row.id)
    if study is None:
        raise ConfigError(f"run {redacted(row.name)!r} has no study link; make one with `machinepsych study create "
                          f"{run_ref(row.name, row.id)}`")
    return row, study


@study_app.command("add-sessions")
def add_sessions_cmd(
    run: str = typer.Argument(..., help="The run (name or id)."),
    n: int = typer.Argument(..., min=1, max=10_000, help="How many more people the run takes (a slot each: every test of the run)."),
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
) -> None:
    """Add N slots for people to RUN, on the next seeds."""
    from ..models.secrets import redacted
    from ..storage.store import Store
    from ..storage.study import add_sessions

    st = Store(store, create=False)
    try:
        row = st.get_run(run)
        added = add_sessions(st, row, n)
        typer.echo(f"Added {added} session{'s' if added != 1 else ''} ({n} slot{'s' if n != 1 else ''}) to "
                   f"{redacted(row.name)}.")
    finally:
        st.close()


def _set_state(run: str, store: str | None, state: str, said: str) -> None:
    from ..models.secrets import redacted
    from ..storage.store import Store
    from ..storage.study import set_study_state

    st = Store(store, create=False)
    try:
        row, study = _study_of(st, run)
        set_study_state(st, study, state)
        typer.echo(f"The study of {redacted(row.name)} is {state}: {said}")
    finally:
        st.close()


@study_app.command("pause")
def pause_cmd(run: str = typer.Argument(..., help="The run (name or id)."),
              store: Optional[str] = typer.Option(None, "--store", help="Result store.")) -> None:
    """Take no new participants (those holding sessions go on)."""
    _set_state(run, store, "paused", "no new participant is taken; people holding sessions go on.")


@study_app.command("close")
def close_cmd(run: str = typer.Argument(..., help="The run (name or id)."),
              store: Optional[str] = typer.Option(None, "--store", help="Result store.")) -> None:
    """Close the link: nobody starts, and nobody goes on."""
    _set_state(run, store, "closed", "nobody starts and nobody goes on.")


@study_app.command("open")
def open_cmd(run: str = typer.Argument(..., help="The run (name or id)."),
             store: Optional[str] = typer.Option(None, "--store", help="Result store.")) -> None:
    """Open (or reopen) the link."""
    _set_state(run, store, "open", "new participants are taken.")


@study_app.command("withdraw")
def withdraw_cmd(
    participant_id: str = typer.Argument(..., help="The person's id on the recruitment platform (e.g. PROLIFIC_PID)."),
    run: Optional[str] = typer.Option(None, "--run", help="Only this run's study (default: every study)."),
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
) -> None:
    """Delete everything of a person who withdraws: their trials, scores, page events, practice
    answers, consent and ids. Their session stays, empty, as 'withdrawn' (never given to anyone
    else); the deletion is logged without the id."""
    from ..core.errors import ConfigError
    from ..storage import people
    from ..storage.store import Store

    st = Store(store, create=False)
    try:
        done = people.withdraw(st, participant_id, run)
        if not done:
            raise ConfigError(f"no session of {'run ' + run if run else 'any study'} is held by participant id "
                              f"{participant_id!r}; `machinepsych study list` shows the studies")
        for d in done:
            typer.echo(f"Withdrawn: session {d['session_index']} (id {d['session_id']}) of run {d['run_id']}: deleted "
                       f"{d['trials']} trials, {d['practice']} practice answers, {d['events']} page events and "
                       "the person's ids and consent. Logged (without the id).")
        if done and done[0].get("log_cleared") is False:
            typer.echo("The store's write-ahead log could not be emptied while another program reads the store: "
                       "stop `machinepsych serve` (it empties the log when it closes) to leave no copy behind.")
    finally:
        st.close()


@study_app.command("export")
def export_cmd(
    run: str = typer.Argument(..., help="The run (name or id)."),
    out: Path = typer.Option(..., "--out", help="Folder to write participants.csv and practice.csv into."),
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
) -> None:
    """Write the run's participants (ids, consent, times, page events) and their practice answers
    as CSV, as the admin pages give them (the trials: `machinepsych export RUN`)."""
    from ..storage.export import flat_frame, practice_frame, safe_frame
    from ..storage.people import participants_csv
    from ..storage.store import Store
    from .app import check_output_path

    check_output_path(out, "--out", folder=True)  # before the store is opened or anything created
    st = Store(store, create=False, readonly=True)
    try:
        row = st.get_run(run)
        people_text = participants_csv(st, row)
        practice = practice_frame(st, row.id)
        out.mkdir(parents=True, exist_ok=True)
        (out / "participants.csv").write_text(people_text, encoding="utf-8")
        safe_frame(flat_frame(practice)).to_csv(out / "practice.csv", index=False)
        n_people = max(0, len(people_text.splitlines()) - 1)
        typer.echo(f"Wrote {n_people} sessions to {out / 'participants.csv'} and {len(practice)} practice answers "
                   f"to {out / 'practice.csv'}{_why_empty(st, row, n_people)}")
    finally:
        st.close()


def _why_empty(st, row, n_sessions: int) -> str:
    """Why an export holds nobody, said after the line (empty when someone is there)."""
    from ..models.secrets import redacted
    from ..runner.plan import run_ref
    from ..storage.study import assignments_for_run, study_for_run

    if n_sessions == 0:
        return (f": run {redacted(row.name)} has no sessions for people (its participants are agents or models; "
                f"`machinepsych export {run_ref(row.name, row.id)}` writes their trials)")
    if not assignments_for_run(st, row.id):
        made = study_for_run(st, row.id) is not None
        return (": no person has taken this study yet" if made else
                f": no study link was made for run {redacted(row.name)} yet (machinepsych study create "
                f"{run_ref(row.name, row.id)})")
    return ""


annotators_app = App(help="Annotators with a link of their own (each sees and changes only their own scores).",
                     no_args_is_help=True)
study_app.add_typer(annotators_app, name="annotators")


@annotators_app.command("add")
def annotators_add_cmd(
    name: str = typer.Argument(..., help="The annotator's name (letters, digits, spaces, - _ .)."),
    run: Optional[str] = typer.Option(None, "--run", help="Only this run's replies (default: every run)."),
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
    base_url: str = typer.Option("http://127.0.0.1:8000", "--base-url", help="Where `machinepsych serve` is reachable."),
) -> None:
    """Give NAME an annotation link (shown once; adding the name again replaces the link)."""
    from ..storage import people
    from ..storage.store import Store

    check_base_url(base_url)
    st = Store(store, create=False)
    try:
        run_id = st.get_run(run).id if run else None
        token = people.add_annotator(st, name, run_id)
        typer.echo(f"Annotation link for {name.strip()}: {base_url.rstrip('/')}/annotator/{token}")
        typer.echo("Give it to them only: it opens their own scores (no admin page, no participant ids).")
    finally:
        st.close()


@annotators_app.command("list")
def annotators_list_cmd(
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
) -> None:
    """The annotators with a link (the links themselves are not kept)."""
    from ..storage import people
    from ..storage.store import Store

    st = Store(store, create=False, readonly=True)  # only reads: works under ?mode=ro
    try:
        rows = people.annotators(st)
        if not rows:
            typer.echo("No annotators yet: machinepsych study annotators add NAME")
        for a in rows:
            where = f"run {a.run_id}" if a.run_id is not None else "every run"
            typer.echo(f"{a.name}: {where}{' (link revoked)' if a.revoked else ''}")
    finally:
        st.close()


@annotators_app.command("remove")
def annotators_remove_cmd(
    name: str = typer.Argument(..., help="The annotator's name."),
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
) -> None:
    """Revoke NAME's link (their scores stay)."""
    from ..core.errors import ConfigError
    from ..storage import people
    from ..storage.store import Store

    st = Store(store, create=False)
    try:
        if not people.remove_annotator(st, name.strip()):
            raise ConfigError(f"no annotator named {name!r}")
        typer.echo(f"The link of {name.strip()} no longer works; their scores are kept.")
    finally:
        st.close()

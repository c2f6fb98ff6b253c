"""Studies and assignments: which person holds which session of a run for people.

A *study* is the recruitment link of one run (``machinepsych study create RUN``): every person
arriving through it is given the next free seeded session of the run's sessions for people.
An *assignment* ties one session to one browser: a random key, kept in the browser as a
cookie and stored here only as its SHA-256, so nobody else (another browser, a script that
guesses session numbers) can answer that session. Runs without a study give their sessions
to the first browser that opens the session's link (a lab computer).
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from machinepsych.core.errors import ConfigError
from machinepsych.core.spec import Timing
from .schema import AssignmentRow, RunRow, SessionRow, StudyRow, utcnow
from .store import Store

CODE_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MAX_CONSENT_CHARS = 100_000
MAX_PRACTICE = 50


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def new_key() -> str:
    return secrets.token_urlsafe(24)


def key_matches(assignment: AssignmentRow | None, key: str | None) -> bool:
    return bool(assignment is not None and key and hmac.compare_digest(assignment.key_hash, key_hash(key)))


def check_study_options(consent: str, practice: int, completion_code: str | None, redirect_url: str | None,
                        timing: dict[str, int]) -> None:
    """Every option of a study, checked before anything is stored (one line naming the fix)."""
    if len(consent) > MAX_CONSENT_CHARS:
        raise ConfigError(f"the consent text is longer than {MAX_CONSENT_CHARS} characters; shorten the file")
    if not 0 <= practice <= MAX_PRACTICE:
        raise ConfigError(f"--practice must be between 0 and {MAX_PRACTICE} trials (got {practice})")
    if completion_code is not None and not CODE_RE.match(completion_code):
        raise ConfigError("--completion-code must be 1-64 letters, digits, '-' or '_' (as recruitment platforms issue)")
    if redirect_url is not None:
        parts = urlsplit(redirect_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in redirect_url):
            raise ConfigError("--redirect must be a web address starting with https:// (or http://), without spaces")
    Timing(**timing)  # ranges (0..60000 ms), one line


def human_sessions(store: Store, run: RunRow) -> list[SessionRow]:
    from machinepsych.participants.human import is_human_ref

    return [s for s in store.sessions(run.id) if is_human_ref(s.participant_name)]


def create_study(store: Store, run: RunRow, *, consent: str = "", practice: int = 0,
                 completion_code: str | None = None, redirect_url: str | None = None,
                 timing: dict[str, int] | None = None) -> StudyRow:
    timing = {k: int(v) for k, v in (timing or {}).items() if v is not None}
    check_study_options(consent, practice, completion_code, redirect_url, timing)
    if not human_sessions(store, run):
        raise ConfigError(f"run {run.name!r} has no sessions for people; create one with "
                          "`machinepsych run TEST --model human --sessions N --run-name NAME`")
    if study_for_run(store, run.id) is not None:
        raise ConfigError(f"run {run.name!r} already has a study link; `machinepsych study list` shows it")
    row = StudyRow(run_id=run.id, slug=secrets.token_urlsafe(12), consent=consent, practice=practice,
                   completion_code=completion_code or secrets.token_hex(4).upper(), redirect_url=redirect_url,
                   timing=timing)
    with store.session() as s:
        s.add(row)
        s.commit()
    return row


def study_for_run(store: Store, run_id: int) -> StudyRow | None:
    with store.session() as s:
        return s.scalar(select(StudyRow).where(StudyRow.run_id == run_id))


def study_by_slug(store: Store, slug: str) -> StudyRow | None:
    with store.session() as s:
        return s.scalar(select(StudyRow).where(StudyRow.slug == slug))


def study_by_id(store: Store, study_id: int) -> StudyRow | None:
    with store.session() as s:
        return s.get(StudyRow, study_id)


def list_studies(store: Store) -> list[StudyRow]:
    with store.session() as s:
        return list(s.scalars(select(StudyRow).order_by(StudyRow.id)))


def assignment_for_session(store: Store, session_id: int) -> AssignmentRow | None:
    with store.session() as s:
        return s.scalar(select(AssignmentRow).where(AssignmentRow.session_id == session_id))


def assignments_for_run(store: Store, run_id: int) -> dict[int, AssignmentRow]:
    with store.session() as s:
        q = (select(AssignmentRow).join(SessionRow, SessionRow.id == AssignmentRow.session_id)
             .where(SessionRow.run_id == run_id))
        return {a.session_id: a for a in s.scalars(q)}


def assignment_for_participant(store: Store, study_id: int, participant_id: str) -> AssignmentRow | None:
    with store.session() as s:
        return s.scalar(select(AssignmentRow).where(AssignmentRow.study_id == study_id,
                                                    AssignmentRow.participant_id == participant_id))


def claim(store: Store, session_id: int, *, study_id: int | None = None, participant_id: str | None = None,
          recruitment: dict[str, Any] | None = None) -> tuple[AssignmentRow, str] | None:
    """Give ``session_id`` to a new browser: returns (assignment, key), or None when someone
    holds it already (the unique session constraint settles a race between two servers)."""
    key = new_key()
    row = AssignmentRow(session_id=session_id, study_id=study_id, participant_id=participant_id,
                        recruitment=recruitment or {}, key_hash=key_hash(key), practice=[])
    with store.session() as s:
        s.add(row)
        try:
            s.commit()
        except IntegrityError:
            return None
    return row, key


def assign_next(store: Store, study: StudyRow, participant_id: str,
                recruitment: dict[str, Any]) -> tuple[AssignmentRow, str] | None:
    """The next free seeded session of the study's run (in session order) for a new
    participant; None when every session is taken."""
    run = store.get_run(study.run_id)
    taken = assignments_for_run(store, run.id)
    for sess in human_sessions(store, run):
        if sess.id in taken or sess.status != "pending":
            continue
        got = claim(store, sess.id, study_id=study.id, participant_id=participant_id, recruitment=recruitment)
        if got is not None:
            return got
        if assignment_for_participant(store, study.id, participant_id) is not None:
            return None  # the same participant arrived twice at once: the caller resumes instead
    return None


def rotate_key(store: Store, assignment_id: int) -> str:
    """A new browser key for a returning participant (the old browser's key stops working)."""
    key = new_key()
    with store.session() as s:
        s.execute(update(AssignmentRow).where(AssignmentRow.id == assignment_id).values(key_hash=key_hash(key)))
        s.commit()
    return key


def touch(store: Store, assignment_id: int, **values: Any) -> None:
    """Record activity (and any of consented_at, practice, practice_done)."""
    with store.session() as s:
        s.execute(update(AssignmentRow).where(AssignmentRow.id == assignment_id).values(last_seen_at=utcnow(), **values))
        s.commit()

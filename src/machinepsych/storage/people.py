"""What a study of people keeps besides its sessions' trials (``docs/people.md``).

Four tables, apart from ``Base`` (as the report's cache tables: opening a store never creates
them, the first write does, so a store made before them opens unchanged):

* ``study_options``: a study's options beyond its link (the title people see, attention
  checks, the code and address for people who decline consent, cards as pictures or text);
* ``people_events``: what a participant's page reports besides answers: the browser and
  device (``device``), the page hidden or left (``focus``: ``visibilitychange``/``blur``),
  attention checks answered (``attention``), each with the server's time;
* ``annotator_tokens``: the link of each annotator (``study annotators add NAME``), kept as
  the SHA-256 of its token;
* ``withdrawals``: the log of ``study withdraw PID`` (when, which session, how much was
  deleted; never the person's id).
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import weakref
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import JSON, Boolean, DateTime, Integer, String, Text, delete, inspect, select, text, update
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from ..core.errors import ConfigError
from .schema import AssignmentRow, ModelCallRow, RunRow, ScoreRow, SessionRow, StudyRow, TrialRow, utcnow
from .store import Store


class PeopleBase(DeclarativeBase):
    """Tables of studies of people, created when first written (see the module)."""


class StudyOptionsRow(PeopleBase):
    __tablename__ = "study_options"
    study_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    options: Mapped[dict] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EventRow(PeopleBase):
    __tablename__ = "people_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(Integer, index=True)
    kind: Mapped[str] = mapped_column(String(20))  # device | focus | attention
    phase: Mapped[str] = mapped_column(String(20), default="")
    trial: Mapped[int | None] = mapped_column(Integer, nullable=True)
    data: Mapped[dict] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AnnotatorRow(PeopleBase):
    __tablename__ = "annotator_tokens"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    run_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: every run
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class WithdrawalRow(PeopleBase):
    __tablename__ = "withdrawals"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(Integer)
    session_id: Mapped[int] = mapped_column(Integer)
    session_index: Mapped[int] = mapped_column(Integer)
    trials: Mapped[int] = mapped_column(Integer)
    practice: Mapped[int] = mapped_column(Integer)
    events: Mapped[int] = mapped_column(Integer)
    note: Mapped[str] = mapped_column(Text, default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


_READY: set[int] = set()


def ensure(store: Store) -> None:
    """Create the tables (once per engine)."""
    if id(store.engine) not in _READY:
        PeopleBase.metadata.create_all(store.engine, checkfirst=True)
        _READY.add(id(store.engine))
        for key in [k for k in _ABSENT if k[0] == id(store.engine)]:
            _ABSENT.pop(key, None)


_ABSENT: dict[tuple[int, str], float] = {}
_PRESENT: "weakref.WeakKeyDictionary[Any, set[str]]" = weakref.WeakKeyDictionary()  # by engine
ABSENT_RECHECK_S = 2.0


def _has(store: Store, table: str) -> bool:
    """Whether the store has the table. An absent one is looked for again after
    :data:`ABSENT_RECHECK_S` (another process may create it), not on every request."""
    import time

    if id(store.engine) in _READY or table in _PRESENT.get(store.engine, ()):
        return True
    key = (id(store.engine), table)
    if time.monotonic() - _ABSENT.get(key, -ABSENT_RECHECK_S) < ABSENT_RECHECK_S:
        return False
    try:
        found = inspect(store.engine).has_table(table)
    except Exception:  # noqa: BLE001 - a store we cannot inspect has none
        found = False
    if not found:
        _ABSENT[key] = time.monotonic()
    else:  # a table once there stays (none is ever dropped): not inspected again for every request
        _PRESENT.setdefault(store.engine, set()).add(table)
    return found


def has_events(store: Store) -> bool:
    """Whether the store has the table of page events (made by the first event written)."""
    return _has(store, "people_events")


# ----------------------------------------------------------------------------- options
NEUTRAL_TITLE = "A short thinking task"
CARDS = ("picture", "text")
DEFAULTS: dict[str, Any] = {"title": "", "attention_every": 0, "decline_code": None, "decline_url": None,
                            "cards": "picture"}
MAX_TITLE = 120
MAX_ATTENTION_EVERY = 1000
CODE_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def check_options(opts: dict[str, Any]) -> dict[str, Any]:
    """The options with their defaults, checked (one line naming the fix)."""
    unknown = set(opts) - set(DEFAULTS)
    if unknown:
        raise ConfigError(f"unknown study option(s): {', '.join(sorted(unknown))}")
    out = {**DEFAULTS, **{k: v for k, v in opts.items() if v is not None}}
    title = str(out["title"] or "").strip()
    if len(title) > MAX_TITLE or any(c in title for c in "\n\r\t"):
        raise ConfigError(f"--title must be one line of at most {MAX_TITLE} characters")
    out["title"] = title
    every = out["attention_every"]
    if isinstance(every, bool) or not isinstance(every, int) or not 0 <= every <= MAX_ATTENTION_EVERY:
        raise ConfigError(f"--attention-every must be a whole number of trials, 0 (none) to {MAX_ATTENTION_EVERY}")
    if out["decline_code"] is not None and not CODE_RE.match(str(out["decline_code"])):
        raise ConfigError("--decline-code must be 1-64 letters, digits, '-' or '_' (as recruitment platforms issue)")
    url = out["decline_url"]
    if url is not None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in url):
            raise ConfigError("--decline-redirect must be a web address starting with https:// (or http://)")
    if out["cards"] not in CARDS:
        raise ConfigError(f"--cards must be one of {', '.join(CARDS)}")
    return out


def options(store: Store, study_id: int | None) -> dict[str, Any]:
    """A study's options (the defaults for a store or study without any)."""
    if study_id is None or not _has(store, "study_options"):
        return dict(DEFAULTS)
    with store.session() as s:
        row = s.get(StudyOptionsRow, study_id)
    return {**DEFAULTS, **(row.options if row else {})}


def set_options(store: Store, study: StudyRow, **opts: Any) -> dict[str, Any]:
    """Keep a study's options (merged over what it had) and give pending card-sort sessions
    of its run the cards' form (pictures unless ``cards="text"``)."""
    merged = check_options({**{k: v for k, v in options(store, study.id).items() if k in DEFAULTS}, **opts})
    ensure(store)
    with store.session() as s:
        row = s.get(StudyOptionsRow, study.id)
        if row is None:
            s.add(StudyOptionsRow(study_id=study.id, options=merged))
        else:
            row.options, row.updated_at = merged, utcnow()
        s.commit()
    apply_cards(store, study.run_id, merged["cards"])
    return merged


def title(store: Store, study: StudyRow | None) -> str:
    """What people see as the page's title: the study's own, else a neutral one (never the test's)."""
    return (options(store, study.id)["title"] if study is not None else "") or NEUTRAL_TITLE


def apply_cards(store: Store, run_id: int, cards: str) -> int:
    """Card sorts taken by people show the cards as a picture (the image the models' image
    input gets, ``tasks/cardsort/render.py``) unless the study says ``text``: the run's
    sessions for people that have no trial yet get ``input`` accordingly, where the test has
    that parameter and the run did not set it. Returns how many sessions changed."""
    from ..participants.human import is_human_ref
    from ..tasks.catalog import get_task

    want = "image" if cards == "picture" else "text"
    with store.session() as s:
        run = s.get(RunRow, run_id)
        explicit = {t.get("task") for t in (run.spec or {}).get("tasks", []) if "input" in (t.get("params") or {})}
        sessions = list(s.scalars(select(SessionRow).where(SessionRow.run_id == run_id)))
        ids = [x.id for x in sessions]
        started = set(s.scalars(select(TrialRow.session_id).where(TrialRow.session_id.in_(ids))))
        started |= set(s.scalars(select(AssignmentRow.session_id).where(AssignmentRow.session_id.in_(ids))))
        changed = 0
        for row in sessions:
            if (not is_human_ref(row.participant_name) or row.id in started or row.status != "pending"
                    or row.task_id in explicit or (row.params or {}).get("input", want) == want):
                continue
            try:
                field = get_task(row.task_id, row.task_version).env_class.Params.model_fields.get("input")
            except Exception:  # noqa: BLE001 - a test not in the catalog is left as it is
                continue
            if field is None or want not in str(field.annotation):
                continue
            row.params = {**row.params, "input": want}
            changed += 1
        s.commit()
    return changed


# ----------------------------------------------------------------------------- events
KINDS = ("device", "focus", "attention")


def record(store: Store, session_id: int, kind: str, data: dict[str, Any], *, phase: str = "",
           trial: int | None = None) -> None:
    ensure(store)
    with store.session() as s:
        s.add(EventRow(session_id=session_id, kind=kind, phase=phase, trial=trial, data=data))
        s.commit()


def events(store: Store, session_ids: list[int], kind: str | None = None) -> list[EventRow]:
    if not session_ids or not has_events(store):
        return []
    q = select(EventRow).where(EventRow.session_id.in_(session_ids)).order_by(EventRow.id)
    if kind:
        q = q.where(EventRow.kind == kind)
    with store.session() as s:
        return list(s.scalars(q))


def attention_answered(store: Store, session_id: int) -> set[int]:
    """The trials before which this session's attention check was answered."""
    return {e.trial for e in events(store, [session_id], "attention") if e.trial is not None}


def summary(rows: list[EventRow]) -> dict[int, dict[str, Any]]:
    """Per session: the last device reported, how often the page was hidden or left and for
    how long, and the attention checks passed of those answered."""
    out: dict[int, dict[str, Any]] = {}
    for e in rows:
        d = out.setdefault(e.session_id, {"browser": "", "device": "", "screen": "", "focus_losses": 0,
                                          "hidden_s": 0.0, "attention_passed": 0, "attention_answered": 0})
        data = e.data or {}
        if e.kind == "device":
            d["browser"] = browser_name(str(data.get("ua", "")))
            d["device"] = "touch" if data.get("touch") else "pointer"
            d["screen"] = f"{data.get('screen_w', '')}x{data.get('screen_h', '')}"
        elif e.kind == "focus" and data.get("event") in ("hidden", "blur"):
            d["focus_losses"] += 1
        elif e.kind == "focus" and data.get("event") == "back":
            d["hidden_s"] += float(data.get("away_ms") or 0.0) / 1000.0
        elif e.kind == "attention":
            d["attention_answered"] += 1
            d["attention_passed"] += bool(data.get("passed"))
    for d in out.values():
        d["hidden_s"] = round(d["hidden_s"], 1)
    return out


def browser_name(ua: str) -> str:
    """A browser's family and major version from its user agent, and the system ("Chrome 126 (Android)")."""
    found = ""
    for name, pat in (("Edge", r"Edg/(\d+)"), ("Firefox", r"Firefox/(\d+)"), ("Chrome", r"(?:Chrome|Chromium)/(\d+)"),
                      ("Safari", r"Version/(\d+).*Safari")):
        m = re.search(pat, ua)
        if m:
            found = f"{name} {m.group(1)}"
            break
    system = next((s for s, pat in (("Android", "Android"), ("iOS", r"iPhone|iPad"), ("Windows", "Windows"),
                                    ("macOS", "Mac OS X"), ("Linux", "Linux")) if re.search(pat, ua)), "")
    return (found or "other") + (f" ({system})" if system else "")


# ----------------------------------------------------------------------------- participants
def participants_csv(store: Store, run: RunRow) -> str:
    """One row per session for people: its status and trial count, the person's platform ids,
    consent, practice count, times (UTC with its offset, as practice.csv writes them) and the
    page events' summary (participants.csv). The slots come first, then the released people:
    each abandoned copy (status ``abandoned``, ``released_at``) with the person who left it."""
    import csv
    import io

    from . import study as studies
    from .export import _iso, csv_safe

    def utc(t) -> str:
        return _iso(t) or ""

    held = studies.assignments_for_run(store, run.id)
    counts = store.trial_counts(run.id)
    sessions = studies.human_sessions(store, run, released=True)
    seen = summary(events(store, [s.id for s in sessions]))
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["session", "session_id", "task", "condition", "status", "trials", "participant_id", "PROLIFIC_PID",
                "STUDY_ID", "SESSION_ID", "consented_at", "practice_trials", "assigned_at", "last_seen_at",
                "started_at", "finished_at", "released_at", *EVENT_COLUMNS])
    for s in sessions:
        a = held.get(s.id)
        rec = (a.recruitment if a else {}) or {}
        ev = seen.get(s.id, {})
        w.writerow([csv_safe(v) for v in [s.index, s.id, s.task_id, s.condition, s.status, counts.get(s.id, 0),
                    a.participant_id if a else "", rec.get("PROLIFIC_PID", ""), rec.get("STUDY_ID", ""),
                    rec.get("SESSION_ID", ""), utc(a.consented_at if a else None),
                    len(a.practice) if a else 0, utc(a.created_at if a else None), utc(a.last_seen_at if a else None),
                    utc(s.started_at), utc(s.finished_at),
                    (studies.state_of(a).get("released_at") or "") if s.status == studies.ABANDONED else "",
                    *[ev.get(k, "") for k in EVENT_COLUMNS]]])
    return out.getvalue()


# per participant, from the page's events (storage/people.py): browser and device, how often the
# page was hidden or left and for how long, attention checks passed of those answered
EVENT_COLUMNS = ["browser", "device", "screen", "focus_losses", "hidden_s", "attention_passed", "attention_answered"]


# ----------------------------------------------------------------------------- withdrawal
def withdraw(store: Store, participant_id: str, run_ref: str | int | None = None) -> list[dict[str, Any]]:
    """Delete everything of the person with recruitment id ``participant_id`` (in every study,
    or the study of ``run_ref``): their trials and the model calls, scores and page events of
    their sessions, and their assignment (platform ids, practice answers, consent). Their
    sessions are those of their slot while they hold it, the abandoned copies once it was
    released (a released slot's sessions are the next person's). Each stays as ``withdrawn``
    (never given to anyone else). Logged in ``withdrawals`` without the id. Returns what was
    deleted per session."""
    from .study import order_of, state_of

    ensure(store)
    run_id = store.get_run(run_ref).id if run_ref is not None else None
    done = []
    sqlite = store.engine.dialect.name == "sqlite"
    with store.session() as s:
        if sqlite:  # what is deleted is overwritten with zeros, not left in free pages of the file
            s.execute(text("PRAGMA secure_delete=ON"))
        q = select(AssignmentRow).where(AssignmentRow.participant_id == participant_id)
        found = list(s.scalars(q))
        for a in found:
            released = state_of(a).get("released")
            own = [int(c) for c in released.values()] if released else order_of(a)
            rows = [r for r in (s.get(SessionRow, sid) for sid in own) if r is not None]
            if not rows or (run_id is not None and rows[0].run_id != run_id):
                continue
            n_practice = len(a.practice or [])
            s.delete(a)
            for row in rows:
                done.append(_withdraw_session(s, row, n_practice if row.id == a.session_id else 0))
        s.commit()
        if sqlite:
            s.execute(text("PRAGMA secure_delete=OFF"))
    if done and sqlite:
        cleared = truncate_log(store)
        for d in done:
            d["log_cleared"] = cleared
    return done


def _withdraw_session(s, row: SessionRow, n_practice: int) -> dict[str, Any]:
    """Delete one session's trials (and their model calls), scores and page events, mark it
    ``withdrawn`` and log it (in the caller's transaction)."""
    trial_ids = list(s.scalars(select(TrialRow.id).where(TrialRow.session_id == row.id)))
    if trial_ids:
        s.execute(delete(ModelCallRow).where(ModelCallRow.trial_id.in_(trial_ids)))
    n_trials = s.execute(delete(TrialRow).where(TrialRow.session_id == row.id)).rowcount
    s.execute(delete(ScoreRow).where(ScoreRow.session_id == row.id))
    n_events = s.execute(delete(EventRow).where(EventRow.session_id == row.id)).rowcount
    s.execute(update(SessionRow).where(SessionRow.id == row.id).values(status="withdrawn", error=None))
    log = {"run_id": row.run_id, "session_id": row.id, "session_index": row.index, "trials": n_trials,
           "practice": n_practice, "events": n_events}
    s.add(WithdrawalRow(**log, note="withdrawn by the participant"))
    return log


def truncate_log(store: Store, wait_s: float = 10.0) -> bool:
    """Copy SQLite's write-ahead log into the database file and truncate it to nothing (the
    deleted rows' old pages stay in the ``-wal`` file until then); retried while a reader of
    another connection still needs the old pages. True once the log is empty."""
    import time

    deadline = time.monotonic() + wait_s
    while True:
        with store.engine.connect() as c:
            busy = c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").first()[0]
        if not busy or time.monotonic() > deadline:
            return not busy
        time.sleep(0.1)


def withdrawals(store: Store) -> list[WithdrawalRow]:
    if not _has(store, "withdrawals"):
        return []
    with store.session() as s:
        return list(s.scalars(select(WithdrawalRow).order_by(WithdrawalRow.id)))


# ----------------------------------------------------------------------------- annotators
def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def add_annotator(store: Store, name: str, run_id: int | None = None) -> str:
    """A new annotator with a link of their own: returns the token (shown once; kept hashed).
    Adding a name again gives it a new token (the old link stops working)."""
    from .annotations import JUDGE_PREFIX, check_name

    try:
        name = check_name(name)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if name.startswith(JUDGE_PREFIX):
        raise ConfigError(f"an annotator's name may not start with {JUDGE_PREFIX!r} (kept for LLM judges)")
    ensure(store)
    token = secrets.token_urlsafe(24)
    with store.session() as s:
        row = s.scalar(select(AnnotatorRow).where(AnnotatorRow.name == name))
        if row is None:
            s.add(AnnotatorRow(name=name, run_id=run_id, token_hash=token_hash(token)))
        else:
            row.token_hash, row.run_id, row.revoked = token_hash(token), run_id, False
        s.commit()
    return token


def annotator_for(store: Store, token: str | None) -> AnnotatorRow | None:
    if not token or len(token) > 200 or not _has(store, "annotator_tokens"):
        return None
    h = token_hash(token)
    with store.session() as s:
        row = s.scalar(select(AnnotatorRow).where(AnnotatorRow.token_hash == h))
    if row is None or row.revoked or not hmac.compare_digest(row.token_hash, h):
        return None
    return row


def annotators(store: Store) -> list[AnnotatorRow]:
    if not _has(store, "annotator_tokens"):
        return []
    with store.session() as s:
        return list(s.scalars(select(AnnotatorRow).order_by(AnnotatorRow.id)))


def remove_annotator(store: Store, name: str) -> bool:
    if not _has(store, "annotator_tokens"):
        return False
    with store.session() as s:
        n = s.execute(update(AnnotatorRow).where(AnnotatorRow.name == name).values(revoked=True)).rowcount
        s.commit()
    return bool(n)

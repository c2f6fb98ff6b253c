"""Studies and assignments: which person holds which sessions of a run for people.

A *study* is the recruitment link of one run (``machinepsych study create RUN``). A person
who consents through it reserves a *slot*: the run's sessions for people that share one seed,
one per test of the run (a single session for a run of one test, the whole battery for a run
of several), in the order the study sets (``fixed``: the run's order; ``latin``: a row of a
balanced Latin square, counterbalanced across slots). Nothing is reserved before consent.
An *assignment* ties the slot to the browser that consented: a random key, kept in that
browser as a cookie and stored here only as its SHA-256; the assignment row sits on the
slot's first session (its *anchor*). A slot is held while its person is active and released
after the study's inactivity timeout: its partial trials (and any finished test of the
battery) move to copies of its sessions marked ``abandoned`` (kept for the record, never
scored), and the slot starts again from trial 0 for the next person.

Runs without a study are taken on a lab computer through each session's own link, which
carries an unguessable token (:func:`lab_token`).

Per-person server state (the battery order, the timed phases' server timestamps, every
exposure of a study page, a release) is kept under :data:`STATE` in the assignment's
``recruitment`` JSON (beside the recruitment platform's ids); study options beyond pacing
under :data:`OPTIONS` in the study's ``timing`` JSON. Both need no schema change.
"""
from __future__ import annotations

import hashlib
import json
import hmac
import re
import secrets
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from machinepsych.core.errors import ConfigError
from machinepsych.core.spec import Timing
from .schema import AssignmentRow, RunRow, ScoreRow, SessionRow, StudyRow, TrialRow, utcnow
from .run_queries import ABANDONED
from .store import Store

CODE_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MAX_CONSENT_CHARS = 100_000
MAX_PRACTICE = 50
STATE = "_server"   # the assignment's server state, in its recruitment JSON
OPTIONS = "options"  # the study's options beyond pacing, in its timing JSON
DEFAULT_INACTIVITY_MIN = 30.0
MAX_INACTIVITY_MIN = 7 * 24 * 60
STATES = ("open", "paused", "closed")
ORDERS = ("fixed", "latin")
MAX_ADD = 10_000


def clock() -> datetime:
    """Now (UTC): every time this module and the web app's timing read (tests replace it)."""
    return utcnow()


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def new_key() -> str:
    return secrets.token_urlsafe(24)


def key_matches(assignment: AssignmentRow | None, key: str | None) -> bool:
    return bool(assignment is not None and key and hmac.compare_digest(assignment.key_hash, key_hash(key)))


def lab_token(secret: str, session_id: int) -> str:
    """The token of a lab session's link (``/session/N?k=TOKEN``): an HMAC of the session id
    under the server's secret (the admin token), so it cannot be guessed from the number."""
    return hmac.new(secret.encode("utf-8"), f"lab-session:{session_id}".encode(), hashlib.sha256).hexdigest()[:32]


def lab_token_matches(secret: str, session_id: int, given: str | None) -> bool:
    return bool(given) and hmac.compare_digest(lab_token(secret, session_id), str(given))


# --- study options --------------------------------------------------------------------------

@dataclass(frozen=True)
class StudyOptions:
    """``inactivity_min``: a held slot is released after this many minutes without a request;
    ``time_limit``: ``none``, ``kit`` (each test's published limit, :attr:`Timing.time_limit_s`)
    or a number of seconds per test; ``order``: ``fixed`` or ``latin``; ``state``: ``open``,
    ``paused`` (no new participant; those holding a slot go on) or ``closed`` (nobody goes on);
    ``base_url``: where participants reach the server (``study create --base-url``; None for a
    study made before it was kept)."""

    inactivity_min: float = DEFAULT_INACTIVITY_MIN
    time_limit: str = "none"
    order: str = "fixed"
    state: str = "open"
    base_url: str | None = None


def parse_time_limit(value: str | int | float | None) -> str:
    """``kit``, ``none`` or a whole number of seconds (1-86400), as stored."""
    if value is None:
        return "none"
    text = str(value).strip().lower()
    if text in ("kit", "none"):
        return text
    try:
        seconds = float(text)
    except ValueError:
        raise ConfigError(f"--time-limit must be kit, none or a number of seconds (got {value!r})") from None
    if not 1 <= seconds <= 86_400:
        raise ConfigError(f"--time-limit must be between 1 and 86400 seconds (got {value})")
    return str(int(seconds)) if seconds == int(seconds) else str(seconds)


def check_options(inactivity_min: float, time_limit: str, order: str) -> StudyOptions:
    """The study's options, checked here alone (one message for every value out of range: 0, -1, 1e9)."""
    if not 0 < float(inactivity_min) <= MAX_INACTIVITY_MIN:
        raise ConfigError(f"--inactivity-timeout must be more than 0 and at most {MAX_INACTIVITY_MIN} minutes "
                          f"(got {float(inactivity_min):g})")
    if order not in ORDERS:
        raise ConfigError(f"--order must be fixed or latin (got {order!r})")
    return StudyOptions(float(inactivity_min), parse_time_limit(time_limit), order)


def study_options(study: StudyRow | None) -> StudyOptions:
    raw = ((study.timing if study else None) or {}).get(OPTIONS) or {}
    return StudyOptions(float(raw.get("inactivity_min", DEFAULT_INACTIVITY_MIN)), str(raw.get("time_limit", "none")),
                        str(raw.get("order", "fixed")), str(raw.get("state", "open")), raw.get("base_url"))


def pacing(study: StudyRow | None) -> dict[str, int]:
    """The study's pacing overrides (fixation_ms, iti_ms, feedback_ms)."""
    return {k: v for k, v in ((study.timing if study else None) or {}).items() if k != OPTIONS}


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


def human_sessions(store: Store, run: RunRow, *, released: bool = False) -> list[SessionRow]:
    """The run's sessions for people; with ``released``, then the abandoned copies of released
    sessions (left out otherwise)."""
    from machinepsych.participants.human import is_human_ref

    mine = [s for s in store.sessions(run.id) if is_human_ref(s.participant_name)]
    return [s for s in mine if s.status != ABANDONED] + ([s for s in mine if s.status == ABANDONED] if released else [])


def create_study(store: Store, run: RunRow, *, consent: str = "", practice: int = 0,
                 completion_code: str | None = None, redirect_url: str | None = None,
                 timing: dict[str, int] | None = None, inactivity_min: float = DEFAULT_INACTIVITY_MIN,
                 time_limit: str | int = "none", order: str = "fixed", base_url: str | None = None) -> StudyRow:
    timing = {k: int(v) for k, v in (timing or {}).items() if v is not None}
    check_study_options(consent, practice, completion_code, redirect_url, timing)
    opts = check_options(inactivity_min, str(time_limit), order)
    if not human_sessions(store, run):
        raise ConfigError(f"run {run.name!r} has no sessions for people; create one with "
                          "`machinepsych run TEST --model human --sessions N --run-name NAME`")
    if study_for_run(store, run.id) is not None:
        raise ConfigError(f"run {run.name!r} already has a study link; `machinepsych study list` shows it")
    timing[OPTIONS] = {"inactivity_min": opts.inactivity_min, "time_limit": opts.time_limit, "order": opts.order,
                       "state": "open", "base_url": base_url.rstrip("/") if base_url else None}
    row = StudyRow(run_id=run.id, slug=secrets.token_urlsafe(12), consent=consent, practice=practice,
                   completion_code=completion_code or secrets.token_hex(4).upper(), redirect_url=redirect_url,
                   timing=timing)
    with store.session() as s:
        s.add(row)
        s.commit()
    from .people import apply_cards  # card sorts show pictures to people by default (study option --cards)

    apply_cards(store, run.id, "picture")
    return row


def set_study_state(store: Store, study: StudyRow, state: str) -> StudyRow:
    """Open, pause or close a study's link."""
    if state not in STATES:
        raise ConfigError(f"a study is open, paused or closed (got {state!r})")
    timing = dict(study.timing or {})
    timing[OPTIONS] = {**(timing.get(OPTIONS) or {}), "state": state}
    with store.session() as s:
        s.execute(update(StudyRow).where(StudyRow.id == study.id).values(timing=timing))
        s.commit()
    return study_by_id(store, study.id)


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


# --- slots ----------------------------------------------------------------------------------

def slots(store: Store, run: RunRow) -> list[list[SessionRow]]:
    """The run's sessions for people grouped by person: one session per test sharing a
    participant and a seed, in the run's order of tests; slots in session order."""
    groups: dict[tuple[str, int], list[SessionRow]] = {}
    for s in human_sessions(store, run):
        groups.setdefault((s.participant_name, s.seed), []).append(s)
    return sorted(groups.values(), key=lambda g: g[0].index)


def slot_of(store: Store, row: SessionRow) -> list[SessionRow]:
    """The slot a session belongs to (itself and the other tests of its person)."""
    if row.status == ABANDONED:
        return [row]
    with store.session() as s:
        same = list(s.scalars(select(SessionRow).where(SessionRow.run_id == row.run_id,
                                                       SessionRow.participant_name == row.participant_name,
                                                       SessionRow.seed == row.seed,
                                                       SessionRow.status != ABANDONED)
                              .order_by(SessionRow.index)))
    return same or [row]


def state_of(a: AssignmentRow | None) -> dict[str, Any]:
    return dict(((a.recruitment if a else None) or {}).get(STATE) or {})


def order_of(a: AssignmentRow) -> list[int]:
    """The person's sessions, in the order they take them."""
    return [int(x) for x in state_of(a).get("order") or [a.session_id]]


def session_with_study(store: Store, session_id: int) -> tuple[SessionRow | None, StudyRow | None,
                                                               AssignmentRow | None]:
    """The session, its run's study and the assignment on the session itself (each None when
    there is none), in one query: what every request of a person reads first."""
    with store.session() as s:
        got = s.execute(select(SessionRow, StudyRow, AssignmentRow)
                        .outerjoin(StudyRow, StudyRow.run_id == SessionRow.run_id)
                        .outerjoin(AssignmentRow, AssignmentRow.session_id == SessionRow.id)
                        .where(SessionRow.id == session_id)).first()
    return (got[0], got[1], got[2]) if got is not None else (None, None, None)


_UNREAD = object()


def holder(store: Store, row: SessionRow, on_row: Any = _UNREAD) -> AssignmentRow | None:
    """The assignment holding the slot of ``row`` (on the slot's anchor session).
    ``on_row``: the assignment on ``row`` itself (or None), where the caller has just read it."""
    a = assignment_for_session(store, row.id) if on_row is _UNREAD else on_row
    if a is not None:
        return a
    anchor = slot_of(store, row)[0]
    if anchor.id == row.id:
        return None
    a = assignment_for_session(store, anchor.id)
    return a if a is not None and row.id in order_of(a) else None


def assignment_by_key(store: Store, key: str | None) -> AssignmentRow | None:
    if not key:
        return None
    with store.session() as s:
        return s.scalar(select(AssignmentRow).where(AssignmentRow.key_hash == key_hash(key)))


def williams_rows(n: int) -> list[list[int]]:
    """A balanced Latin square (Williams design) of ``n`` treatments: every test appears once
    in each position and follows every other test equally often (``2n`` rows for odd ``n``)."""
    if n <= 1:
        return [list(range(n))]
    first, lo, hi = [0], 1, n - 1
    for j in range(1, n):
        if j % 2:
            first.append(lo)
            lo += 1
        else:
            first.append(hi)
            hi -= 1
    rows = [[(x + r) % n for x in first] for r in range(n)]
    if n % 2:
        rows += [list(reversed(r)) for r in rows]
    return rows


def slot_order(slot: list[SessionRow], slot_index: int, order: str) -> tuple[list[int], str]:
    """The session ids of a slot in the order its person takes them, and how it was set."""
    if order != "latin" or len(slot) < 2:
        return [s.id for s in slot], "fixed"
    rows = williams_rows(len(slot))
    r = slot_index % len(rows)
    return [slot[i].id for i in rows[r]], f"latin square row {r + 1} of {len(rows)}"


# --- assignments ----------------------------------------------------------------------------

def assignment_for_session(store: Store, session_id: int) -> AssignmentRow | None:
    with store.session() as s:
        return s.scalar(select(AssignmentRow).where(AssignmentRow.session_id == session_id))


def assignments_for_run(store: Store, run_id: int) -> dict[int, AssignmentRow]:
    """Every session of the run held by a person (each session of a battery slot, and the
    abandoned copies of a released one) -> its assignment."""
    with store.session() as s:
        q = (select(AssignmentRow).join(SessionRow, SessionRow.id == AssignmentRow.session_id)
             .where(SessionRow.run_id == run_id))
        rows = list(s.scalars(q))
    out: dict[int, AssignmentRow] = {}
    for a in rows:
        st = state_of(a)
        for sid in ([] if st.get("released_at") else order_of(a)):
            out.setdefault(sid, a)
        for copy in (st.get("released") or {}).values():
            out[int(copy)] = a
        out[a.session_id] = a
    return out


def assignment_for_participant(store: Store, study_id: int, participant_id: str) -> AssignmentRow | None:
    with store.session() as s:
        return s.scalar(select(AssignmentRow).where(AssignmentRow.study_id == study_id,
                                                    AssignmentRow.participant_id == participant_id))


def claim(store: Store, session_id: int, *, study_id: int | None = None, participant_id: str | None = None,
          recruitment: dict[str, Any] | None = None, consented_at: datetime | None = None,
          ) -> tuple[AssignmentRow, str] | None:
    """Give ``session_id`` (a slot's anchor) to a new browser: returns (assignment, key), or
    None when someone holds it already (the unique session constraint settles a race)."""
    key = new_key()
    now = clock()
    row = AssignmentRow(session_id=session_id, study_id=study_id, participant_id=participant_id,
                        recruitment=recruitment or {}, key_hash=key_hash(key), practice=[],
                        consented_at=consented_at, created_at=now, last_seen_at=now)
    with store.session() as s:
        s.add(row)
        try:
            s.commit()
        except IntegrityError:
            return None
    return row, key


def is_released(a: AssignmentRow | None) -> bool:
    return bool(state_of(a).get("released_at"))


def _aware(t: datetime | None) -> datetime | None:
    return t if t is None or t.tzinfo else t.replace(tzinfo=timezone.utc)


def active_since(store: Store, seen: datetime | None, now: datetime) -> datetime:
    """From when a person's inactivity counts: their last request, but never before the server
    over ``store`` started (``store.serving_since``, set by the web app): while the server was
    down the open page's heartbeats failed, and that downtime is not the person's."""
    since = _aware(getattr(store, "serving_since", None))
    seen = _aware(seen) or now
    return max(seen, since) if since is not None else seen


def expired(store: Store, a: AssignmentRow, study: StudyRow | None, now: datetime | None = None) -> bool:
    """Held, not finished, and inactive longer than the study's timeout (lab sessions and
    released or finished slots never expire), counted from :func:`active_since`."""
    if study is None or is_released(a):
        return False
    now = now or clock()
    seen = active_since(store, a.last_seen_at, now)
    if now - seen <= timedelta(minutes=study_options(study).inactivity_min):
        return False
    with store.session() as s:
        done = {r.status for r in s.scalars(select(SessionRow).where(SessionRow.id.in_(order_of(a))))}
    return done != {"complete"}


def release(store: Store, a: AssignmentRow, now: datetime | None = None) -> None:
    """Free the slot of ``a``: every session of it that was touched (and its anchor) is
    copied as an ``abandoned`` session that takes its trials (each marked ``abandoned``) and
    scores, and the page events the person's page reported (``people_events``: the next person
    on the slot starts without them); the assignment moves to the anchor's copy; the sessions
    start again from trial 0."""
    from .people import EventRow, has_events

    now = now or clock()
    st = state_of(a)
    if st.get("released_at"):
        return
    events = has_events(store)
    moved: dict[str, int] = {}
    with store.session() as s:
        base = min([0, *s.scalars(select(SessionRow.index).where(SessionRow.run_id == (
            s.get(SessionRow, a.session_id).run_id)))])
        for sid in order_of(a):
            row = s.get(SessionRow, sid)
            trials = list(s.scalars(select(TrialRow).where(TrialRow.session_id == sid)))
            if row is None or (not trials and row.status == "pending" and sid != a.session_id):
                continue
            base -= 1
            copy = SessionRow(**{c: getattr(row, c) for c in (
                "run_id", "task_id", "task_version", "preset", "params", "seed", "participant", "participant_name",
                "strategy", "persona", "condition", "instructions", "n_trials", "started_at", "finished_at")},
                index=base, status=ABANDONED, error=f"released after inactivity at {now.isoformat()}")
            s.add(copy)
            s.flush()
            for t in trials:
                t.session_id = copy.id
                t.info = {**(t.info or {}), "abandoned": True}
            s.execute(update(ScoreRow).where(ScoreRow.session_id == sid).values(session_id=copy.id))
            if events:
                s.execute(update(EventRow).where(EventRow.session_id == sid).values(session_id=copy.id))
            s.execute(update(SessionRow).where(SessionRow.id == sid).values(
                status="pending", started_at=None, finished_at=None, error=None))
            moved[str(sid)] = copy.id
        st.update(released_at=now.isoformat(), released=moved)
        rec = {**(a.recruitment or {}), STATE: st}
        s.execute(update(AssignmentRow).where(AssignmentRow.id == a.id).values(
            session_id=moved[str(a.session_id)], recruitment=rec))
        s.commit()


def release_inactive(store: Store, study: StudyRow, now: datetime | None = None, hold=None) -> int:
    """Release every slot of the study held by someone inactive past the timeout. ``hold``:
    the lock of a slot by its anchor session (the web app's per-person lock), held while it
    is looked at again and released, so no request of that person is half-way through."""
    n = 0
    with store.session() as s:
        held = list(s.scalars(select(AssignmentRow).where(AssignmentRow.study_id == study.id)))
    for a in held:
        if not expired(store, a, study, now):
            continue
        with hold(a.session_id) if hold is not None else nullcontext():
            a = assignment_for_session(store, a.session_id)
            if a is not None and expired(store, a, study, now):
                release(store, a, now)
                n += 1
    return n


def assign_next(store: Store, study: StudyRow, participant_id: str, recruitment: dict[str, Any],
                now: datetime | None = None, hold=None) -> tuple[AssignmentRow, str] | None:
    """Reserve the next free slot of the study's run for a participant who has just
    consented (inactive holders are released first, under ``hold``: see
    :func:`release_inactive`); None when every slot is held."""
    now = now or clock()
    release_inactive(store, study, now, hold)
    run = store.get_run(study.run_id)
    taken = assignments_for_run(store, run.id)
    counts = store.trial_counts(run.id)
    order = study_options(study).order
    for k, slot in enumerate(slots(store, run)):
        if any(sess.id in taken or sess.status != "pending" or counts.get(sess.id) for sess in slot):
            continue
        ids, label = slot_order(slot, k, order)
        rec = {**recruitment, STATE: {"order": ids, "order_label": label,
                                      "tests": [next(x.task_id for x in slot if x.id == i) for i in ids]}}
        got = claim(store, slot[0].id, study_id=study.id, participant_id=participant_id, recruitment=rec,
                    consented_at=now)
        if got is not None:
            return got
        if assignment_for_participant(store, study.id, participant_id) is not None:
            return None  # the same participant consented twice at once: the caller resumes instead
    return None


def add_sessions(store: Store, run: RunRow, n: int) -> int:
    """``n`` more slots for people: copies of the run's last slot on the next seeds (every
    test of the battery); returns how many sessions were added."""
    if not 1 <= n <= MAX_ADD:
        raise ConfigError(f"add-sessions takes 1 to {MAX_ADD} slots (got {n})")
    groups = slots(store, run)
    if not groups:
        raise ConfigError(f"run {run.name!r} has no sessions for people")
    last = groups[-1]
    with store.session() as s:
        top = max(s.scalars(select(SessionRow.index).where(SessionRow.run_id == run.id)))
        seed = max(s.scalars(select(SessionRow.seed).where(SessionRow.run_id == run.id)))
        added = 0
        for _ in range(n):
            seed += 1
            for row in last:
                top += 1
                s.add(SessionRow(**{c: getattr(row, c) for c in (
                    "run_id", "task_id", "task_version", "preset", "params", "participant", "participant_name",
                    "strategy", "persona", "condition", "instructions", "n_trials")},
                    index=top, seed=seed, status="pending"))
                added += 1
        s.execute(update(RunRow).where(RunRow.id == run.id, RunRow.status == "complete").values(status="incomplete"))
        s.commit()
    return added


def update_state(store: Store, assignment_id: int, fn, current: AssignmentRow | None = None) -> dict[str, Any]:
    """Read-modify-write the assignment's server state (the caller holds the app's lock), and
    record the activity. ``current``: the assignment as the caller read it under that lock
    (not read again). The state is written only where ``fn`` changed it."""
    if current is None:
        with store.session() as s:
            current = s.get(AssignmentRow, assignment_id)
    st, statement = state_update(current, fn)
    with store.engine.begin() as c:
        c.execute(statement)
    return st


def state_update(current: AssignmentRow, fn) -> tuple[dict[str, Any], Any]:
    """What :func:`update_state` writes, not written: the new state and the UPDATE statement
    (for a caller that writes it in a transaction of its own, e.g. with a trial)."""
    st = state_of(current)
    before = json.dumps(st, sort_keys=True, default=str)
    fn(st)
    values: dict[str, Any] = {"last_seen_at": clock()}
    if json.dumps(st, sort_keys=True, default=str) != before:
        values["recruitment"] = {**(current.recruitment or {}), STATE: st}
    return st, update(AssignmentRow.__table__).where(AssignmentRow.id == current.id).values(**values)


def rotate_key(store: Store, assignment_id: int) -> str:
    """A new browser key for the assignment (the old browser's key stops working)."""
    key = new_key()
    with store.session() as s:
        s.execute(update(AssignmentRow).where(AssignmentRow.id == assignment_id).values(key_hash=key_hash(key)))
        s.commit()
    return key


def touch(store: Store, assignment_id: int, **values: Any) -> None:
    """Record activity (and any of consented_at, practice, practice_done)."""
    with store.session() as s:
        s.execute(update(AssignmentRow).where(AssignmentRow.id == assignment_id).values(last_seen_at=clock(), **values))
        s.commit()

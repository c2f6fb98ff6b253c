"""Tidy export: one row per trial.

Columns (all runs):
  run, session (index within the run), session_id, task, task_version, preset, participant,
  participant_kind (person, agent or model), strategy (empty for people), persona, condition,
  seed, trial (0-based), stimulus (JSON), prompt_text (the
  trial's text parts), images (SHA-256 of the trial's images, ``;``-separated), feedback
  (given after this trial), reply (raw), action (parsed, JSON), parse_status
  (parsed/invalid/refusal/empty), reasked, correct, reward, latency_s (a person's response
  time measured in the browser; empty where none was measured), stored_at (the server's time
  the trial was stored, ISO 8601 UTC), prompt_tokens,
  completion_tokens, cached_tokens, image_tokens, cost_usd, n_calls, hidden (JSON: what the
  participant was not shown, e.g. the answer key or the rule in force),
plus every key of the test's step ``info`` as its own column (e.g. card sorting: rule,
matches, choice, criterion, run_length, category_completed, card). In CSV, list values of
strings are written ``;``-separated (e.g. ``matches`` = ``color;shape``) and dicts as JSON;
Parquet keeps them as JSON strings. People's trials also carry, from their ``info``:
``rt_ms``, ``rt_note`` (why ``rt_ms`` is empty: missing, too fast), ``server_elapsed_ms`` and
``answered_at``. :func:`with_people` adds, for sessions taken by people, the recruitment
platform's ids and the assignment's timestamps (:data:`PEOPLE_COLUMNS`); ``machinepsych export``
and the web export add them.

Every CSV written here (and by the web app) goes through :func:`csv_safe`: a text cell that
a spreadsheet would run as a formula gets a leading apostrophe.
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from machinepsych.core.atomic import atomic_path, write_bytes_atomic
from machinepsych.core.errors import ConfigError
from ..core.scoring import with_info
from .store import Store

BASE_COLUMNS = [
    "run", "session", "session_id", "task", "task_version", "preset", "participant", "participant_kind", "strategy",
    "persona", "condition", "seed", "trial", "stimulus", "prompt_text", "images", "feedback", "reply", "action",
    "parse_status", "reasked", "correct", "reward", "latency_s", "stored_at", "prompt_tokens", "completion_tokens",
    "cached_tokens", "image_tokens", "cost_usd", "n_calls", "hidden",
]


def trials_frame(store: Store, run_ref: str | int) -> pd.DataFrame:
    """All trials of a run as a DataFrame with Python objects (lists, dicts) in cells."""
    run = store.get_run(run_ref)
    pairs = store.trials_for_run(run.id)
    calls = store.call_counts(run.id)
    rows = []
    kinds: dict[str, str] = {}
    for s, t in pairs:
        obs = t.observation or {}
        kind = kinds.get(s.participant_name) or kinds.setdefault(s.participant_name, participant_kind(s.participant_name))
        info = t.info or {}
        created = getattr(t, "created_at", None)
        parts = obs.get("parts", [])
        row = {
            "run": run.name, "session": s.index, "session_id": s.id, "task": s.task_id, "task_version": s.task_version,
            "preset": s.preset, "participant": s.participant_name, "participant_kind": kind,
            "strategy": "" if kind == "person" else s.strategy, "persona": s.persona,
            "condition": s.condition, "seed": s.seed, "trial": t.index, "stimulus": obs.get("stimulus", {}),
            "prompt_text": "\n".join(p["text"] for p in parts if p.get("type") == "text" and p.get("audience", "all") != "person"),
            "images": ";".join(p["sha256"] for p in parts if p.get("type") == "image"),
            "feedback": t.feedback, "reply": t.reply, "action": t.action, "parse_status": t.parse_status,
            "reasked": t.reasked, "correct": t.correct, "reward": t.reward,
            # a person's trial without a measured time has rt_note (the column holds 0 then)
            "latency_s": None if kind == "person" and (info.get("rt_note") or not t.latency_s) else t.latency_s,
            "stored_at": _iso(created),
            "prompt_tokens": t.prompt_tokens, "completion_tokens": t.completion_tokens,
            "cached_tokens": t.cached_tokens, "image_tokens": t.image_tokens, "cost_usd": t.cost_usd,
            "n_calls": calls.get(t.id, 0), "hidden": obs.get("hidden", {}),
        }
        rows.append(with_info(row, t.info))
    df = pd.DataFrame(rows)
    if df.empty:
        df = pd.DataFrame(columns=BASE_COLUMNS)
    return df


def participant_kind(name: str) -> str:
    """``person`` (``human``, ``human:<label>``), ``agent`` (``agent:<name>``) or ``model``."""
    from ..participants.human import is_human_ref

    if is_human_ref(name):
        return "person"
    return "agent" if str(name).startswith("agent:") else "model"


def _iso(t) -> str | None:
    if t is None:
        return None
    if isinstance(t, str):
        return t
    from datetime import timezone

    return (t if t.tzinfo else t.replace(tzinfo=timezone.utc)).isoformat()


# the recruitment platform's ids, as the study link recorded them
PLATFORM_IDS = ("PROLIFIC_PID", "STUDY_ID", "SESSION_ID", "participant", "participant_id", "id")
PEOPLE_COLUMNS = ["participant_id", "PROLIFIC_PID", "STUDY_ID", "SESSION_ID", "assigned_at", "consented_at",
                  "last_seen_at", "session_started_at", "session_finished_at"]


def people_of_run(store: Store, run_id: int) -> dict[int, dict]:
    """Per session taken by a person: :data:`PEOPLE_COLUMNS` (platform ids, timestamps)."""
    from .study import assignments_for_run

    held = assignments_for_run(store, run_id)
    out = {}
    for s in store.sessions(run_id):
        if participant_kind(s.participant_name) != "person":
            continue
        a = held.get(s.id)
        rec = (a.recruitment if a else {}) or {}
        out[s.id] = {"participant_id": a.participant_id if a else None,
                     **{k: rec.get(k) for k in ("PROLIFIC_PID", "STUDY_ID", "SESSION_ID")},
                     "assigned_at": _iso(a.created_at) if a else None,
                     "consented_at": _iso(a.consented_at) if a else None,
                     "last_seen_at": _iso(a.last_seen_at) if a else None,
                     "session_started_at": _iso(s.started_at), "session_finished_at": _iso(s.finished_at)}
    return out


def with_people(store: Store, run_ref: str | int, df: pd.DataFrame) -> pd.DataFrame:
    """``df`` (rows with ``session_id``) with :data:`PEOPLE_COLUMNS` after ``participant_kind``
    (empty for models and agents); unchanged for a run without people."""
    run = store.get_run(run_ref)
    found = people_of_run(store, run.id)
    if not found:
        return df
    out = df.copy()
    at = list(out.columns).index("participant_kind") + 1 if "participant_kind" in out.columns else len(out.columns)
    for k, col in enumerate(PEOPLE_COLUMNS):
        values = [found.get(int(sid), {}).get(col) for sid in out["session_id"]] if len(out) else []
        out.insert(at + k, col, pd.Series(values, index=out.index, dtype=object))
    return out


def practice_frame(store: Store, run_ref: str | int) -> pd.DataFrame:
    """People's practice answers (never trials, never scored): one row per practice trial with
    the session, the person's platform ids and timestamps, and what was answered."""
    from .study import assignments_for_run

    run = store.get_run(run_ref)
    held = assignments_for_run(store, run.id)
    people = people_of_run(store, run.id)
    rows = []
    for s in sorted(store.sessions(run.id), key=lambda s: s.index):
        a = held.get(s.id)
        if a is None or s.id not in people:
            continue
        for p in a.practice or []:
            rows.append({"run": run.name, "session": s.index, "session_id": s.id, "task": s.task_id,
                         "participant": s.participant_name, "participant_kind": "person", **people[s.id],
                         "practice_trial": p.get("trial"), "reply": p.get("reply"), "action": p.get("action"),
                         "correct": p.get("correct"), "feedback": p.get("feedback"),
                         "rt_ms": p.get("rt_ms"), "rt_note": p.get("rt_note", ""),
                         "answered_at": p.get("answered_at")})
    cols = ["run", "session", "session_id", "task", "participant", "participant_kind", *PEOPLE_COLUMNS,
            "practice_trial", "reply", "action", "correct", "feedback", "rt_ms", "rt_note", "answered_at"]
    return pd.DataFrame(rows, columns=cols)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(value):
    """A text cell a spreadsheet would run as a formula (a participant typed ``=HYPERLINK(...)``;
    it starts with = + - @, a tab or a carriage return) gets a leading apostrophe; numbers, and
    text that reads as a number ("-3.5"), are left alone. The store keeps the text as typed."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        try:
            float(value)
        except ValueError:
            return "'" + value
    return value


def safe_frame(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` with every cell through :func:`csv_safe` (for CSV)."""
    return df.map(csv_safe)


def request_messages(store: Store, session_id: int, trial_index: int) -> list[dict]:
    """The exact messages of the final model request of a trial (images as SHA-256 refs).

    Trials store their request as a delta on the previous trial's request
    (``{"context_messages": k, "messages": [...]}``); this walks back and rebuilds it."""
    trials = {t.index: t for t in store.trials(session_id)}
    if trial_index not in trials:
        raise ConfigError(f"session {session_id} has no trial {trial_index}")

    def build(i: int) -> list[dict]:
        m = trials[i].messages or {}
        k = m.get("context_messages", 0)
        prefix = build(i - 1)[:k] if k and i > 0 else []
        return prefix + list(m.get("messages", []))

    return build(trial_index)


def export_images(store: Store, df: pd.DataFrame, folder: str | Path) -> int:
    """Write each distinct image of the trials as ``folder/<sha256>.png``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    hashes = {h for cell in df.get("images", []) if isinstance(cell, str) for h in cell.split(";") if h}
    for h in hashes:
        png = store.image(h)
        if png is not None:
            write_bytes_atomic(folder / f"{h}.png", png)
    return len(hashes)


def _flatten_cell(v):
    if isinstance(v, (list, tuple)):
        if all(isinstance(x, str) for x in v):
            return ";".join(v)
        return json.dumps(v)
    if isinstance(v, dict):
        return json.dumps(v, sort_keys=True)
    return v


def flat_frame(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    for col in out.columns:
        if out[col].dtype == object:
            out[col] = out[col].map(_flatten_cell)
    return out


def write_export(df: pd.DataFrame, path: str | Path, fmt: str | None = None) -> Path:
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".") or "csv").lower()
    if fmt not in ("csv", "parquet", "jsonl"):
        raise ConfigError(f"Unknown export format {fmt!r}. Use csv, parquet or jsonl.")
    path.parent.mkdir(parents=True, exist_ok=True)
    flat = flat_frame(df)
    with atomic_path(path) as tmp:  # written whole or not at all (no partial file on a full disk)
        if fmt == "csv":
            safe_frame(flat).to_csv(tmp, index=False)
        elif fmt == "parquet":
            for col in flat.columns:
                if flat[col].dtype == object:
                    flat[col] = flat[col].map(lambda v: v if v is None or isinstance(v, str) else json.dumps(v) if isinstance(v, (list, dict)) else str(v))
            flat.to_parquet(tmp, index=False)
        else:
            df.to_json(tmp, orient="records", lines=True, default_handler=str)
    return path

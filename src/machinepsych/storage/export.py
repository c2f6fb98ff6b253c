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
  participant was not shown, e.g. the answer key or the rule in force), answer_mode (how a
  model answered: free or structured; empty for agents and people), choice_probs (``run
  --choice-probs``: JSON object option -> probability at the answer, normalised over the legal
  options) and choice_probs_outside (the probability mass outside them),
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

One row function (:func:`trial_row`) serves both ways of reading a run: :func:`trials_frame`
(the whole run as a DataFrame, for reports and scores) and :func:`export_run`, which writes a
file in memory that does not grow with the run (``machinepsych export``): sessions are read
in chunks of at most :data:`CHUNK_TRIALS` trials, each row written as it is built (CSV,
JSONL) or in Parquet row groups; a first pass reads only the trials' ``info`` (through a
server-side cursor) for the columns it adds. Files are written under a temporary name and
renamed into place. One difference from the DataFrame: a numeric column with empty cells keeps
its integers as integers (``3``, where the DataFrame's CSV had ``3.0``).
"""
from __future__ import annotations

import csv
import itertools
import json
import math
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from machinepsych.core.atomic import atomic_path, write_bytes_atomic
from machinepsych.core.errors import ConfigError
from ..core.scoring import with_info
from ..models.secrets import redacted
from .frame_columns import Column
from .store import Store

BASE_COLUMNS = [
    "run", "session", "session_id", "task", "task_version", "preset", "participant", "participant_kind", "strategy",
    "persona", "condition", "seed", "trial", "stimulus", "prompt_text", "images", "feedback", "reply", "action",
    "parse_status", "reasked", "correct", "reward", "latency_s", "stored_at", "prompt_tokens", "completion_tokens",
    "cached_tokens", "image_tokens", "cost_usd", "n_calls", "hidden", "answer_mode", "choice_probs",
    "choice_probs_outside",
]


def trials_frame(store: Store, run_ref: str | int, columns: Iterable[str] | None = None) -> pd.DataFrame:
    """All trials of a run as a DataFrame with Python objects (lists, dicts) in cells.
    ``columns``: only these of the columns (those the run's trials have), each the same
    values and dtype as in the whole frame; None: every column."""
    run = store.get_run(run_ref)
    pairs = store.trials_for_run(run.id)  # a list, or an iterator that reads the trials in chunks
    keep = None if columns is None else frozenset(columns)
    calls = store.call_counts(run.id) if keep is None or "n_calls" in keep else {}
    kinds: dict[str, str] = {}
    rows = (trial_row(run.name, s, t, calls.get(t.id, 0), kinds) for s, t in pairs)
    df = rows_frame(rows if keep is None else ({k: v for k, v in r.items() if k in keep} for r in rows))
    if df.empty:
        df = pd.DataFrame(columns=BASE_COLUMNS if keep is None else [c for c in BASE_COLUMNS if c in keep])
    return df


# a column's repeated values are kept once while it has at most this many distinct ones
INTERN_LIMIT = 4096


def rows_frame(rows: Iterable[dict], batch: int = 2000) -> pd.DataFrame:
    """``pd.DataFrame(list(rows))`` (columns in order of first appearance, a key a row lacks
    NaN, the same dtypes), built column by column from an iterator, ``batch`` rows at a time:
    no list of row dicts; a column of ints, floats, bools or strings held as an array while it
    is built (:class:`.frame_columns.Column`), and each other column's repeated values
    (strings, and dicts and lists alike by their items) held once while it has at most
    :data:`INTERN_LIMIT` distinct ones (500,000 trials of a test whose stimuli repeat: one
    object per distinct stimulus)."""
    columns: dict[str, Column] = {}
    n = 0
    it = iter(rows)
    while chunk := list(itertools.islice(it, batch)):
        keys: dict[str, None] = {}
        last = None
        for r in chunk:
            if r.keys() != last:  # rows of one test mostly share their keys
                keys.update(dict.fromkeys(r))
                last = r.keys()
        for key in keys:
            col = columns.get(key)
            if col is None:
                col = columns[key] = Column(n, INTERN_LIMIT)
            col.extend([r.get(key, np.nan) for r in chunk], _interned)
        n += len(chunk)
        for col in columns.values():
            if len(col) < n:
                col.extend([np.nan] * (n - len(col)), _interned)
    if not n:
        return pd.DataFrame()
    out = {}
    for key in list(columns):
        out[key] = columns.pop(key).series()  # the column's dtype inferred as DataFrame(rows) does
    return pd.DataFrame(out)


def _interned(values: list, column: Column) -> list:
    """``values`` with each string, dict or list replaced by the first equal one met in the
    column; the column's memo dropped (None) once it holds more than :data:`INTERN_LIMIT`."""
    memo = column.memo
    out = []
    for v in values:
        if isinstance(v, str):
            v = memo.setdefault(v, v)
        elif isinstance(v, (dict, list)) and (k := _json_key(v)) is not None:
            v = memo.setdefault(k, v)
        out.append(v)
    if len(memo) > INTERN_LIMIT:
        column.memo = None
    return out


def _json_key(value: dict | list) -> tuple | None:
    """A key equal for equal values of the same types (``1``, ``1.0`` and ``True`` differ):
    flat ones by their items, nested ones by their JSON; None for one that has neither."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    key = (type(value), *((k, type(v), v) for k, v in items))
    try:
        hash(key)
        return key
    except TypeError:  # a nested dict or list
        pass
    try:
        return type(value), json.dumps(value)
    except (TypeError, ValueError):  # not JSON-like: kept as it is
        return None


def trial_row(run_name: str, s, t, n_calls: int, kinds: dict[str, str]) -> dict:
    """The exported row of trial ``t`` of session ``s`` (``kinds``: participant kinds by name,
    filled as they are met)."""
    obs = t.observation or {}
    kind = kinds.get(s.participant_name) or kinds.setdefault(s.participant_name, participant_kind(s.participant_name))
    info = t.info or {}
    created = getattr(t, "created_at", None)
    parts = obs.get("parts", [])
    row = {
        "run": run_name, "session": s.index, "session_id": s.id, "task": s.task_id, "task_version": s.task_version,
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
        "n_calls": n_calls, "hidden": obs.get("hidden", {}),
        # how a model answered (free / structured), and --choice-probs: the legal options'
        # probabilities at the answer (JSON object) and the mass outside them
        "answer_mode": "" if kind != "model" else (getattr(s, "answer_mode", None) or "free"),
        "choice_probs": getattr(t, "choice_probs", None), "choice_probs_outside": getattr(t, "choice_probs_outside", None),
    }
    return with_info(row, t.info)


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

    people = [r.id for r in store.session_refs(run_id) if participant_kind(r.participant_name) == "person"]
    if not people:
        return {}
    held = assignments_for_run(store, run_id)
    out = {}
    for s in (s for at in range(0, len(people), 1000) for s in store.session_rows(people[at:at + 1000])):
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
            rows.append({"run": redacted(run.name), "session": s.index, "session_id": s.id, "task": s.task_id,
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
    return write_images(store, {h for cell in df.get("images", []) if isinstance(cell, str)
                                for h in cell.split(";") if h}, folder)


def write_images(store: Store, hashes: set[str], folder: str | Path) -> int:
    """Write each image of ``hashes`` as ``folder/<sha256>.png``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
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
    """Write a table of trials (or any rows) with the writers of :func:`export_run` (the same
    cell encodings), whole or not at all."""
    import numpy as np

    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".") or "csv").strip().lower()
    if fmt not in FORMATS:
        raise ConfigError(f"Unknown export format {fmt!r}. Use csv, parquet or jsonl.")
    columns = [str(c) for c in df.columns]

    def plain(v):
        return v.item() if isinstance(v, np.generic) else v

    rows = ({c: plain(v) for c, v in zip(columns, values)} for values in df.itertuples(index=False, name=None))
    extra = {c: "" for c in columns if c not in BASE_COLUMNS}
    for c in extra:
        for v in df[c]:
            extra[c] = _merge_kind(extra[c], _kind(plain(v)))
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as tmp:  # written whole or not at all (no partial file on a full disk)
        if fmt == "csv":
            _write_csv(tmp, columns, rows)
        elif fmt == "jsonl":
            _write_jsonl(tmp, columns, rows)
        else:
            _write_parquet(tmp, columns, extra, rows)
    return path

# -- the streaming export (machinepsych export) -------------------------------------------
CHUNK_TRIALS = 20_000  # at most this many trials (and 1,000 sessions) read at a time
GROUP = 20_000  # rows per Parquet row group
FORMATS = ("csv", "parquet", "jsonl")

_INT = {"session", "session_id", "task_version", "seed", "trial", "prompt_tokens", "completion_tokens",
        "cached_tokens", "image_tokens", "n_calls"}
_FLOAT = {"reward", "latency_s", "cost_usd", "choice_probs_outside"}
_BOOL = {"reasked", "correct"}


def iter_trial_rows(store: Store, run, chunk_trials: int = CHUNK_TRIALS) -> Iterator[dict]:
    """Every row of :func:`trials_frame`, in the same order, read a chunk of sessions at a time."""
    kinds: dict[str, str] = {}
    group: list[int] = []
    size = 0
    name = redacted(run.name)  # a stored name holding a known key: masked, as report masks it

    def rows(ids: list[int]) -> Iterator[dict]:
        pairs = store.trials_without_messages(run.id, ids)  # the export has no request messages
        calls = store.call_counts(run.id, session_ids=ids)
        for s, t in pairs:
            yield trial_row(name, s, t, calls.get(t.id, 0), kinds)

    for ref in store.session_refs(run.id):
        group.append(ref.id)
        size += ref.n_trials
        if size >= chunk_trials or len(group) >= 1000:
            yield from rows(group)
            group, size = [], 0
    if group:
        yield from rows(group)


def _kind(v: Any) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    return "str"


def _merge_kind(a: str, b: str) -> str:
    if not a or a == b:
        return b or a
    if not b:
        return a
    return "float" if {a, b} <= {"int", "float"} else "str"


def info_columns(store: Store, run_id: int) -> dict[str, str]:
    """The columns the trials' ``info`` adds, in order of first appearance, with their kind
    (bool, int, float, str; "" where every value is empty): one pass over that column only,
    through a server-side cursor."""
    from sqlalchemy import select

    from .schema import SessionRow, TrialRow

    s, t = SessionRow.__table__.c, TrialRow.__table__.c
    q = (select(t.info).select_from(TrialRow.__table__.join(SessionRow.__table__, s.id == t.session_id))
         .where(s.run_id == run_id).order_by(s.index, t.index))
    base = set(BASE_COLUMNS)
    cols: dict[str, str] = {}
    with store.engine.connect() as conn:
        for (info,) in conn.execution_options(stream_results=True, yield_per=2000).execute(q):
            for k, v in (info or {}).items():
                name = k if k not in base else f"info_{k}"
                cols[name] = _merge_kind(cols.get(name, ""), _kind(v))
    return cols


def export_run(store: Store, run_ref: str | int, path: str | Path, fmt: str | None = None,
               images: set[str] | None = None) -> int:
    """Write a run's trials to ``path`` (csv, jsonl or parquet): the rows and columns of
    :func:`with_people` over :func:`trials_frame`, in memory that does not grow with the run,
    written whole or not at all. Returns the number of rows; ``images``: a set to which the
    hashes of the trials' images are added."""
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".") or "csv").strip().lower()
    if fmt not in FORMATS:
        raise ConfigError(f"Unknown export format {fmt!r}. Use csv, parquet or jsonl.")
    if fmt == "parquet":
        import importlib.util

        if importlib.util.find_spec("pyarrow") is None:
            from machinepsych.core.errors import MissingDependencyError

            raise MissingDependencyError("pyarrow", "export --format parquet", "parquet")
    run = store.get_run(run_ref)
    info = info_columns(store, run.id)
    people = people_of_run(store, run.id)  # people's sessions only (platform ids, timestamps)
    base = list(BASE_COLUMNS)
    if people:
        at = base.index("participant_kind") + 1
        base[at:at] = PEOPLE_COLUMNS
    columns = base + list(info)
    rows = iter_trial_rows(store, run)
    if people:
        rows = _with_people_rows(rows, people)
    if images is not None:
        rows = _collect_images(rows, images)
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as tmp:  # written whole or not at all (no partial file on a full disk)
        if fmt == "csv":
            return _write_csv(tmp, columns, rows)
        if fmt == "jsonl":
            return _write_jsonl(tmp, columns, rows)
        return _write_parquet(tmp, columns, info, rows)


def _with_people_rows(rows: Iterator[dict], people: dict[int, dict]) -> Iterator[dict]:
    for row in rows:
        row.update(people.get(row["session_id"], {}))
        yield row


def _collect_images(rows: Iterator[dict], into: set[str]) -> Iterator[dict]:
    for row in rows:
        if row["images"]:
            into.update(h for h in row["images"].split(";") if h)
        yield row


def _csv_cell(v: Any) -> Any:
    v = _flatten_cell(v)
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    return csv_safe(v)


def _write_csv(path: Path, columns: list[str], rows: Iterator[dict]) -> int:
    n = 0
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(columns)
        for row in rows:
            w.writerow([_csv_cell(row.get(c)) for c in columns])
            n += 1
    return n


def _finite(v: Any) -> Any:
    return None if isinstance(v, float) and not math.isfinite(v) else v


def _write_jsonl(path: Path, columns: list[str], rows: Iterator[dict]) -> int:
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps({c: _finite(row.get(c)) for c in columns}, default=str, ensure_ascii=False))
            f.write("\n")
            n += 1
    return n


def _write_parquet(path: Path, columns: list[str], info: dict[str, str], rows: Iterator[dict]) -> int:
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {"bool": pa.bool_(), "int": pa.int64(), "float": pa.float64(), "str": pa.string(), "": pa.string()}
    kinds = {c: "int" if c in _INT else "float" if c in _FLOAT else "bool" if c in _BOOL else "str"
             for c in columns}
    kinds.update(info)
    schema = pa.schema([(c, types[kinds[c]]) for c in columns])

    def cell(c: str, v: Any) -> Any:
        k = kinds[c]
        if v is None or (isinstance(v, float) and math.isnan(v)):
            return None
        if k in ("str", ""):
            v = _flatten_cell(v)
            return v if isinstance(v, str) else json.dumps(v) if isinstance(v, (list, dict)) else str(v)
        if k == "float":
            return float(v)
        return v

    n = 0
    with pq.ParquetWriter(path, schema) as writer:
        batch: dict[str, list] = {c: [] for c in columns}
        for row in rows:
            for c in columns:
                batch[c].append(cell(c, row.get(c)))
            n += 1
            if n % GROUP == 0:
                writer.write_table(pa.table(batch, schema=schema))
                batch = {c: [] for c in columns}
        if batch[columns[0]] or n == 0:
            writer.write_table(pa.table(batch, schema=schema))
    return n

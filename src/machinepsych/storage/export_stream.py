"""A run's trials exported row by row, in memory that does not grow with the run.

``export_run`` writes what ``export.trials_frame`` + ``export.write_export`` write (the same
columns, in the same order, the same cell encodings), without building the table: the
trials are read through a server-side cursor (``stream_results``, ``yield_per``), each
row is written as it comes (CSV, JSONL) or in row groups of ``GROUP`` rows (Parquet, through
pyarrow). A first pass reads only the trials' ``info`` column, for the columns it adds (and,
for Parquet, their types). The file is written under a temporary name and moved into place,
so an interrupted export leaves no partial file. 200,000 trials: see docs/scale.md, "Memory".

One difference from the table: a numeric column with empty cells keeps its integers as
integers (the table wrote ``3.0`` for 3 where another row had none).
"""
from __future__ import annotations

import csv
import json
import math
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from machinepsych.core.errors import ConfigError
from .export import BASE_COLUMNS, _flatten_cell
from .schema import ModelCallRow, SessionRow, TrialRow
from .store import Store

YIELD = 2000  # rows fetched from the cursor at a time
GROUP = 20_000  # rows per Parquet row group

_INT = {"session", "session_id", "task_version", "seed", "trial", "prompt_tokens", "completion_tokens",
        "cached_tokens", "image_tokens", "n_calls"}
_FLOAT = {"reward", "latency_s", "cost_usd"}
_BOOL = {"reasked", "correct"}


def _query(run_id: int, info_only: bool = False):
    s, t = SessionRow.__table__.c, TrialRow.__table__.c
    if info_only:
        cols = [t.info]
    else:
        n_calls = (select(func.count()).select_from(ModelCallRow.__table__)
                   .where(ModelCallRow.__table__.c.trial_id == t.id).scalar_subquery().label("n_calls"))
        cols = [s.id.label("sid"), s.index.label("s_index"), s.task_id, s.task_version, s.preset, s.participant_name,
                s.strategy, s.persona, s.condition, s.seed, t.index.label("t_index"), t.observation, t.feedback,
                t.reply, t.action, t.parse_status, t.reasked, t.correct, t.reward, t.latency_s, t.prompt_tokens,
                t.completion_tokens, t.cached_tokens, t.image_tokens, t.cost_usd, t.info, n_calls]
    return (select(*cols).select_from(TrialRow.__table__.join(SessionRow.__table__, s.id == t.session_id))
            .where(s.run_id == run_id).order_by(s.index, t.index))


def _stream(store: Store, stmt) -> Iterator[Any]:
    with store.engine.connect() as conn:
        result = conn.execution_options(stream_results=True, yield_per=YIELD).execute(stmt)
        yield from result


def _row(run_name: str, r) -> dict:
    obs = r.observation or {}
    parts = obs.get("parts", [])
    row = {
        "run": run_name, "session": r.s_index, "session_id": r.sid, "task": r.task_id, "task_version": r.task_version,
        "preset": r.preset, "participant": r.participant_name, "strategy": r.strategy, "persona": r.persona,
        "condition": r.condition, "seed": r.seed, "trial": r.t_index, "stimulus": obs.get("stimulus", {}),
        "prompt_text": "\n".join(p["text"] for p in parts
                                 if p.get("type") == "text" and p.get("audience", "all") != "person"),
        "images": ";".join(p["sha256"] for p in parts if p.get("type") == "image"),
        "feedback": r.feedback, "reply": r.reply, "action": r.action, "parse_status": r.parse_status,
        "reasked": r.reasked, "correct": r.correct, "reward": r.reward, "latency_s": r.latency_s,
        "prompt_tokens": r.prompt_tokens, "completion_tokens": r.completion_tokens,
        "cached_tokens": r.cached_tokens, "image_tokens": r.image_tokens, "cost_usd": r.cost_usd,
        "n_calls": r.n_calls, "hidden": obs.get("hidden", {}),
    }
    for k, v in (r.info or {}).items():  # as core.scoring.with_info
        row[k if k not in row else f"info_{k}"] = v
    return row


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
    (bool, int, float, str; "" where every value is empty)."""
    base = set(BASE_COLUMNS)
    cols: dict[str, str] = {}
    for (info,) in _stream(store, _query(run_id, info_only=True)):
        for k, v in (info or {}).items():
            name = k if k not in base else f"info_{k}"
            cols[name] = _merge_kind(cols.get(name, ""), _kind(v))
    return cols


def _finite(v: Any) -> Any:
    return None if isinstance(v, float) and not math.isfinite(v) else v


def _csv_cell(v: Any) -> Any:
    v = _flatten_cell(v)
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    return v


def export_run(store: Store, run_ref: str | int, path: str | Path, fmt: str | None = None,
               images: set[str] | None = None) -> int:
    """Write the run's trials to ``path`` (csv, jsonl or parquet); returns the number of
    rows. ``images``: a set to which the hashes of the trials' images are added."""
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".") or "csv").lower()
    if fmt not in ("csv", "parquet", "jsonl"):
        raise ConfigError(f"Unknown export format {fmt!r}. Use csv, parquet or jsonl.")
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            from machinepsych.core.errors import MissingDependencyError

            raise MissingDependencyError("pyarrow", "export --format parquet", "parquet") from None
    run = store.get_run(run_ref)
    info = info_columns(store, run.id)
    columns = BASE_COLUMNS + list(info)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    rows = (_row(run.name, r) for r in _stream(store, _query(run.id)))
    if images is not None:
        rows = _collect_images(rows, images)
    try:
        if fmt == "csv":
            n = _write_csv(tmp, columns, rows)
        elif fmt == "jsonl":
            n = _write_jsonl(tmp, columns, rows)
        else:
            n = _write_parquet(tmp, columns, info, rows)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return n


def _collect_images(rows: Iterator[dict], into: set[str]) -> Iterator[dict]:
    for row in rows:
        if row["images"]:
            into.update(h for h in row["images"].split(";") if h)
        yield row


def _write_csv(path: Path, columns: list[str], rows: Iterator[dict]) -> int:
    n = 0
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(columns)
        for row in rows:
            w.writerow([_csv_cell(row.get(c)) for c in columns])
            n += 1
    return n


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
             for c in BASE_COLUMNS}
    kinds.update(info)
    schema = pa.schema([(c, types[kinds[c]]) for c in columns])

    def cell(c: str, v: Any) -> Any:
        k = kinds[c]
        if v is None or (isinstance(v, float) and math.isnan(v)):
            return None
        if k in ("str", ""):
            v = _flatten_cell(v)
            return v if isinstance(v, str) else str(v)
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

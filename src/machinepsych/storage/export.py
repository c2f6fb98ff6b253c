"""Tidy export: one row per trial.

Columns (all runs):
  run, session (index within the run), session_id, task, task_version, preset, participant,
  strategy, persona, condition, seed, trial (0-based), stimulus (JSON), prompt_text (the
  trial's text parts), images (SHA-256 of the trial's images, ``;``-separated), feedback
  (given after this trial), reply (raw), action (parsed, JSON), parse_status
  (parsed/invalid/refusal/empty), reasked, correct, reward, latency_s, prompt_tokens,
  completion_tokens, cached_tokens, image_tokens, cost_usd, n_calls, hidden (JSON: what the
  participant was not shown, e.g. the answer key or the rule in force),
plus every key of the test's step ``info`` as its own column (e.g. card sorting: rule,
matches, choice, criterion, run_length, category_completed, card). In CSV, list values of
strings are written ``;``-separated (e.g. ``matches`` = ``color;shape``) and dicts as JSON;
Parquet keeps them as JSON strings.
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
    "run", "session", "session_id", "task", "task_version", "preset", "participant", "strategy", "persona",
    "condition", "seed", "trial", "stimulus", "prompt_text", "images", "feedback", "reply", "action",
    "parse_status", "reasked", "correct", "reward", "latency_s", "prompt_tokens", "completion_tokens",
    "cached_tokens", "image_tokens", "cost_usd", "n_calls", "hidden",
]


def trials_frame(store: Store, run_ref: str | int) -> pd.DataFrame:
    """All trials of a run as a DataFrame with Python objects (lists, dicts) in cells."""
    run = store.get_run(run_ref)
    pairs = store.trials_for_run(run.id)
    calls = store.call_counts(run.id)
    rows = []
    for s, t in pairs:
        obs = t.observation or {}
        parts = obs.get("parts", [])
        row = {
            "run": run.name, "session": s.index, "session_id": s.id, "task": s.task_id, "task_version": s.task_version,
            "preset": s.preset, "participant": s.participant_name, "strategy": s.strategy, "persona": s.persona,
            "condition": s.condition, "seed": s.seed, "trial": t.index, "stimulus": obs.get("stimulus", {}),
            "prompt_text": "\n".join(p["text"] for p in parts if p.get("type") == "text" and p.get("audience", "all") != "person"),
            "images": ";".join(p["sha256"] for p in parts if p.get("type") == "image"),
            "feedback": t.feedback, "reply": t.reply, "action": t.action, "parse_status": t.parse_status,
            "reasked": t.reasked, "correct": t.correct, "reward": t.reward, "latency_s": t.latency_s,
            "prompt_tokens": t.prompt_tokens, "completion_tokens": t.completion_tokens,
            "cached_tokens": t.cached_tokens, "image_tokens": t.image_tokens, "cost_usd": t.cost_usd,
            "n_calls": calls.get(t.id, 0), "hidden": obs.get("hidden", {}),
        }
        rows.append(with_info(row, t.info))
    df = pd.DataFrame(rows)
    if df.empty:
        df = pd.DataFrame(columns=BASE_COLUMNS)
    return df


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
            flat.to_csv(tmp, index=False)
        elif fmt == "parquet":
            for col in flat.columns:
                if flat[col].dtype == object:
                    flat[col] = flat[col].map(lambda v: v if v is None or isinstance(v, str) else json.dumps(v) if isinstance(v, (list, dict)) else str(v))
            flat.to_parquet(tmp, index=False)
        else:
            df.to_json(tmp, orient="records", lines=True, default_handler=str)
    return path

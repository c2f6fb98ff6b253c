"""A run's history: the changes made to it after it was created, kept as a list ``history``
in its stored spec (``runs.spec``), oldest first. Two kinds: ``budget`` (``resume RUN --max-cost
USD``: ``{"event": "budget", "at": ..., "from": 1.0, "to": 2.5}``, see
:mod:`machinepsych.runner.budget`) and ``repoint``
(``machinepsych resume RUN --base-url URL`` / ``--model NAME``, see
:mod:`machinepsych.runner.repoint`)::

    {"event": "repoint", "at": "2025-01-31 09:12 UTC", "participant": "openai:m",
     "from": {"ref": "openai:m", "base_url": "http://host/wrong/v1"},
     "to": {"ref": "openai:m", "base_url": "http://host/v1"},
     "sessions": 4, "trials_kept": 0}

Being part of the spec's JSON, it needs no table or column of its own: a store made before it
existed reads an empty history. No key is ever part of it (URLs with credentials are refused).
"""
from __future__ import annotations

from typing import Any


def history(spec: dict | None) -> list[dict[str, Any]]:
    """The run's recorded changes, oldest first; empty for a run never changed."""
    return list((spec or {}).get("history") or [])


def describe_change(entry: dict) -> str:
    """What a repoint changed: ``openai:m: base URL http://a/v1 -> http://b/v1``."""
    old, new = entry.get("from") or {}, entry.get("to") or {}
    parts = []
    if old.get("ref") != new.get("ref"):
        parts.append(f"model {old.get('ref')} -> {new.get('ref')}")
    if old.get("base_url") != new.get("base_url"):
        parts.append(f"base URL {old.get('base_url') or '(provider default)'} -> "
                     f"{new.get('base_url') or '(provider default)'}")
    return f"{entry.get('participant')}: {'; '.join(parts)}"


def describe_entry(entry: dict) -> str:
    """One line for a history entry, as the report shows it."""
    if entry.get("event") == "budget":  # resume --max-cost (runner/budget.py)
        old = entry.get("from")
        return (f"{entry.get('at')}: cost budget raised from "
                f"{'none' if old is None else f'${old:.4f}'} to ${entry.get('to'):.4f} (--max-cost) before resuming")
    if entry.get("event") != "repoint":
        return f"{entry.get('at')}: {entry.get('event')}"
    return (f"{entry.get('at')}: repointed {describe_change(entry)} before resuming ({entry.get('sessions')} "
            f"unfinished session(s); {entry.get('trials_kept')} trial(s) stored before stay as they were answered)")

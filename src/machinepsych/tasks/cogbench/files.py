"""CogBench's file scorer (``TaskSpec.file_scorer``; ``machinepsych score cogbench FILE --method NAME``):
scores of results made elsewhere.

FILE is either a released-format eval file (``eval_cogbench_a.json`` / ``eval_cogbench_v.json``:
records whose questionnaire items carry ``answer.human_rating`` and ``answer.<Method>``; any file
the published evaluation code reads, e.g. several profiles per topic as the released agent's
save() writes them, fractional Rationality, -1 and NaN) or a file that ``machinepsych export``
wrote for a cogbench run (CSV, JSONL or Parquet; columns ``iteration``, ``ratings``,
``reference`` and ``strategy``/``condition``). It gives Authenticity per iteration (and per
question, the paper's Eq. 2) and Rationality per iteration pooled over the file, with avg / 5th
/ 10th (NaN as null), the items used and dropped, and one line saying how the arithmetic differs
from the published code's (``official=True`` reproduces that arithmetic on eval files). In an
export that holds sessions taken by people (participant ``human``), the reference is the people's
majority rating of each item (same topic, profile, iteration and statement) instead of the
trials' stored reference; ``reference`` says which.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from machinepsych.core.errors import ConfigError, UnknownNameError, require_file
from machinepsych.core.spec import FileScorer, FileView

from .score import DIFFERENCES, majority, per_iteration, score_eval_records, table


def _decoded(v: Any) -> Any:
    if isinstance(v, str) and v.strip().startswith("{"):
        try:
            return json.loads(v)
        except json.JSONDecodeError:
            return v
    return v


def _default_is_person(ref: str) -> bool:
    return ref == "human" or ref.startswith("human:")


def check_eval_records(records: list, path: str) -> None:
    """What the published evaluation code needs of an eval file, checked with clear errors:
    records with an ``iteration`` and a ``questionnaire`` list of items with an ``answer``
    object; ratings whole numbers 1-5, -1 or missing/NaN; Rationality any number 1-5, -1 or
    missing/NaN. Topic, information flow and profile are not needed for scoring, and a topic
    may appear once per profile that read it."""
    from .data import check_answer

    for i, r in enumerate(records):
        where = f"{path}: record {i}"
        if not isinstance(r, dict):
            raise ConfigError(f"{where} is not an object")
        it = r.get("iteration")
        if isinstance(it, bool) or not isinstance(it, int) or it < 0:
            raise ConfigError(f"{where}: iteration must be a whole number 0..10 (got {it!r})")
        where = f"{path}: record {i} (topic {r.get('topic')!r}, iteration {it})"
        q = r.get("questionnaire")
        if not isinstance(q, list):
            raise ConfigError(f"{where}: questionnaire must be a list")
        for j, item in enumerate(q):
            check_answer(item, f"{where}: questionnaire[{j}]")


def score_file(path: Path, method: str | None = None, official: bool = False,
               is_person: Callable[[str], bool] | None = None) -> dict[str, Any]:
    """Scores of a released eval file or of an export (see the module). ``is_person(ref)``
    tells the participants that are people (default: ``human`` or ``human:...``)."""
    path = Path(path)
    is_person = is_person or _default_is_person
    require_file(path)
    if path.suffix.lower() == ".json":
        try:  # NaN is read as the published code reads it (Python's json)
            records = json.loads(path.read_bytes().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{path}: not a JSON file ({str(exc).splitlines()[0]})") from None
        if isinstance(records, list) and records and isinstance(records[0], dict) and "questionnaire" in records[0]:
            check_eval_records(records, str(path))
            if not method:
                raise ConfigError(f"{path}: name the method to score with --method (e.g. --method CoT)")
            return score_eval_records(records, method, official=official)
    if official:
        raise ConfigError(f"{path}: --official applies to released eval files (the published code reads only those)")
    import pandas as pd

    suffix = path.suffix.lower()
    try:
        df = (pd.read_json(path, lines=suffix != ".json") if suffix in (".jsonl", ".ndjson", ".json")
              else pd.read_parquet(path) if suffix == ".parquet" else pd.read_csv(path))
    except (ValueError, UnicodeDecodeError, OSError) as exc:
        raise ConfigError(f"{path}: cannot read it ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})") from None
    for col in ("iteration", "ratings", "reference"):
        if col not in df:
            raise ConfigError(f"{path}: not a cogbench export nor a released eval file (no column {col!r})")
    if "task" in df:
        df = df[df["task"].astype(str).str.startswith("cogbench")]
    df_all = df
    people = people_reference(df, is_person)
    if method:
        keys = [c for c in ("strategy", "condition", "participant") if c in df]
        mask = pd.Series(False, index=df.index)
        for c in keys:
            mask |= df[c].astype(str).str.lower() == method.lower()
        if not mask.any():
            names = sorted({str(v) for c in keys for v in df[c].dropna()})
            raise UnknownNameError("method", method, names)
        df = df[mask]
    rows = []
    use_people = bool(people) and not df.get("participant", pd.Series(dtype=str)).astype(str).map(is_person).all()
    for _, r in df.iterrows():
        ratings, ref = _decoded(r["ratings"]) or {}, _decoded(r["reference"]) or {}
        for sid in ref:
            h = people.get(_item_key(r, sid)) if use_people else ref.get(sid)
            rows.append((int(r["iteration"]), ratings.get(sid), h))
    per_t, counts = per_iteration(rows)
    source = (f"people in this file (majority of each item's ratings, {people_n(df_all, is_person)} sessions)"
              if use_people else "the stored reference of each trial")
    return {"authenticity": table(per_t), "rationality": table({}), "items": counts, "reference": source,
            "arithmetic": "default", "differences": DIFFERENCES}


def _item_key(r, sid: str) -> tuple:
    stim = _decoded(r.get("stimulus")) if "stimulus" in r else None
    profile = r.get("profile") if "profile" in r else (stim or {}).get("profile", {}).get("Name")
    return (str(r.get("topic")), str(profile), int(r["iteration"]), str(sid))


def people_reference(df, is_person: Callable[[str], bool] = _default_is_person) -> dict[tuple, int]:
    """Where people took sessions of the run: per item (topic, profile, iteration, statement)
    the majority of their ratings (ties: nearest the median, then lower)."""
    if "participant" not in df:
        return {}
    votes: dict[tuple, list] = {}
    for _, r in df[df["participant"].astype(str).map(is_person)].iterrows():
        for sid, v in (_decoded(r["ratings"]) or {}).items():
            votes.setdefault(_item_key(r, sid), []).append(v)
    return {k: m for k, v in votes.items() if (m := majority(v)) is not None}


def people_n(df, is_person: Callable[[str], bool] = _default_is_person) -> int:
    if "participant" not in df or "session" not in df:
        return 0
    return int(df.loc[df["participant"].astype(str).map(is_person), "session"].nunique())


SERIES = ("authenticity", "authenticity_per_question", "rationality")


def view(result: Mapping[str, Any]) -> FileView:
    """The terminal table: one row per iteration and avg / 5th / 10th, a column per score."""
    names = [n for n in SERIES if n in result]
    notes = []
    if result.get("arithmetic") != "official":
        for name in names:
            gone = [str(t) for t in range(1, 11) if result[name].get(str(t)) is None]
            if gone and len(gone) < 10:
                notes.append(f"note: {name} avg is over the {10 - len(gone)} defined iterations of 1..10 "
                             f"(undefined or absent: {', '.join(gone)}); the released code divides by 10")
    rows = tuple((k, *("-" if _gone(result[n].get(k)) else f"{result[n][k]:.3f}" for n in names))
                 for k in result["authenticity"])
    footer = [f"items used {result['items']['used']}, dropped {result['items']['dropped']}"]
    if result.get("reference"):
        footer.append(f"reference: {result['reference']}")
    footer.append(("arithmetic: official (the published evaluation code's)" if result.get("arithmetic") == "official"
                   else result.get("differences", DIFFERENCES)))
    return FileView(("iteration", *names), rows, tuple(notes), tuple(footer))


def _gone(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


FILE_SCORER = FileScorer(score_file, view, "a released eval_cogbench_*.json (--method NAME) or a cogbench export")

"""``machinepsych score cogbench FILE --method NAME``: CogBench scores of results made elsewhere.

FILE is either a released-format eval file (``eval_cogbench_a.json`` / ``eval_cogbench_v.json``:
records whose questionnaire items carry ``answer.human_rating`` and ``answer.<Method>``) or a
file that ``machinepsych export`` wrote for a cogbench run (CSV, JSONL or Parquet; columns
``iteration``, ``ratings``, ``reference`` and ``strategy``/``condition``). It prints Authenticity
and Rationality per iteration pooled over the file, with avg / 5th / 10th (NaN as null) and
the items used and dropped. In an export that holds sessions taken by people (participant
``human``), the reference is the people's majority rating of each item (same topic, profile,
iteration and statement) instead of the trials' stored reference; ``reference`` says which.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

from ..core.errors import ConfigError, UnknownNameError
from ..participants.human import is_human_ref


def _decoded(v: Any) -> Any:
    if isinstance(v, str) and v.strip().startswith("{"):
        try:
            return json.loads(v)
        except json.JSONDecodeError:
            return v
    return v


def score_file(path: Path, method: str | None) -> dict[str, Any]:
    from ..tasks.cogbench.data import check_records
    from ..tasks.cogbench.score import per_iteration, score_eval_records, table

    if not path.is_file():
        raise ConfigError(f"No such file: {path}")
    if path.suffix.lower() == ".json":
        try:
            records = json.loads(path.read_bytes().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{path}: not a JSON file ({str(exc).splitlines()[0]})") from None
        if isinstance(records, list) and records and isinstance(records[0], dict) and "questionnaire" in records[0]:
            check_records(records, str(path), eval_file=True)
            if not method:
                raise ConfigError(f"{path}: name the method to score with --method (e.g. --method CoT)")
            return score_eval_records(records, method)
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
    people = people_reference(df)
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
    use_people = bool(people) and not df.get("participant", pd.Series(dtype=str)).astype(str).map(is_human_ref).all()
    for _, r in df.iterrows():
        ratings, ref = _decoded(r["ratings"]) or {}, _decoded(r["reference"]) or {}
        for sid in ref:
            h = people.get(_item_key(r, sid)) if use_people else ref.get(sid)
            rows.append((int(r["iteration"]), ratings.get(sid), h))
    per_t, counts = per_iteration(rows)
    source = (f"people in this file (majority of each item's ratings, {people_n(df_all)} sessions)" if use_people
              else "the stored reference of each trial")
    return {"authenticity": table(per_t), "rationality": table({}), "items": counts, "reference": source}


def _item_key(r, sid: str) -> tuple:
    stim = _decoded(r.get("stimulus")) if "stimulus" in r else None
    profile = r.get("profile") if "profile" in r else (stim or {}).get("profile", {}).get("Name")
    return (str(r.get("topic")), str(profile), int(r["iteration"]), str(sid))


def people_reference(df) -> dict[tuple, int]:
    """Where people took sessions of the run: per item (topic, profile, iteration, statement)
    the majority of their ratings (ties: nearest the median, then lower)."""
    from ..tasks.cogbench.score import majority

    if "participant" not in df:
        return {}
    votes: dict[tuple, list] = {}
    for _, r in df[df["participant"].astype(str).map(is_human_ref)].iterrows():
        for sid, v in (_decoded(r["ratings"]) or {}).items():
            votes.setdefault(_item_key(r, sid), []).append(v)
    return {k: m for k, v in votes.items() if (m := majority(v)) is not None}


def people_n(df) -> int:
    if "participant" not in df or "session" not in df:
        return 0
    return int(df.loc[df["participant"].astype(str).map(is_human_ref), "session"].nunique())


def print_scores(result: dict[str, Any], json_out: bool, title: str) -> None:
    for name in ("authenticity", "rationality"):
        gone = [str(t) for t in range(1, 11) if result[name].get(str(t)) is None]
        if gone and len(gone) < 10:  # said on stderr, so --json stays one JSON document
            sys.stderr.write(f"note: {name} avg is over the {10 - len(gone)} defined iterations of 1..10 "
                             f"(undefined or absent: {', '.join(gone)}); the released code divides by 10\n")
    if json_out:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    from rich.console import Console
    from rich.table import Table

    t = Table(title=title)
    for col in ("iteration", "authenticity", "rationality"):
        t.add_column(col, justify="right")
    for k in result["authenticity"]:
        t.add_row(k, *["-" if result[n].get(k) is None else f"{result[n][k]:.3f}" for n in ("authenticity", "rationality")])
    Console().print(t)
    Console().print(f"items used {result['items']['used']}, dropped {result['items']['dropped']}")


# ----------------------------------------------------------------------------- annotate
import typer  # noqa: E402

from .app import STORE_HELP, _store, app  # noqa: E402


@app.command("annotate")
def annotate_cmd(run: str = typer.Argument(..., help="Run name or id with CogBench trials."),
                 annotator: Optional[str] = typer.Option(None, "--annotator", help="Your name (scores are kept per annotator)."),
                 limit: int = typer.Option(0, "--limit", help="Stop after this many items (0: all left)."),
                 scores: bool = typer.Option(False, "--scores", help="Print Rationality per iteration and agreement instead."),
                 judge: Optional[str] = typer.Option(None, "--judge", help="Opt-in LLM judge (provider:model) scoring the reasonings with the rubric; reported apart as rationality_llm_judge."),
                 base_url: Optional[str] = typer.Option(None, "--base-url", help="The judge's endpoint (local or self-hosted models)."),
                 store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Score stored CogBench reasonings 1-5 with the Rationality rubric, blind to the method
    (the same as the web pages at /annotate), or print the Rationality scores so far."""
    from ..web.annotate import RUBRIC, check_name, ensure_table, items, order, rationality, save
    from ..web.annotate import scores as given_scores
    from ..tasks.cogbench.data import profile_text

    if limit < 0:
        raise ConfigError(f"--limit must be 0 or more (got {limit})")
    st = _store(store, create=False)
    row = st.get_run(run)
    ensure_table(st)
    if scores:
        sys.stdout.write(json.dumps(rationality(st, row.id), indent=2) + "\n")
        return
    if judge:
        import asyncio

        from ..models import make_model
        from ..models.base import GenerateOptions
        from ..web.annotate import judge as run_judge

        model = make_model(judge, base_url=base_url)
        n = asyncio.run(run_judge(st, row.id, model, GenerateOptions(temperature=0.0, max_tokens=200), limit))
        typer.echo(f"{judge} scored {n} reasonings (kept apart as rationality_llm_judge).")
        return
    try:
        name = check_name(annotator)
    except ValueError as exc:
        raise ConfigError(f"--annotator: {exc}") from None
    given = given_scores(st, row.id)
    todo = [it for it in order(name, items(st, row.id)) if name not in given.get(it["item"], {})]
    if not todo:
        typer.echo("Nothing left to score.")
        return
    rubric = "\n".join(f"  {k}: {t}" for k, t in RUBRIC)
    for n, it in enumerate(todo[: limit or None]):
        typer.echo(f"\n--- {n + 1} of {len(todo)} ---\nThe person:\n{profile_text(it['profile'])}\n")
        typer.echo(f"Iteration {it['iteration']}. Statement: {it['statement']}\nRating {it['rating']} of 5. "
                   f"Reason: {it['reason']}\n{rubric}")
        score = None
        while score is None:
            text = typer.prompt("Score 1-5").strip()
            score = int(text) if text in ("1", "2", "3", "4", "5") else None
            if score is None:
                typer.echo("Please type a whole number from 1 to 5.")
        save(st, row.id, it["item"], name, score)
    typer.echo("Saved.")


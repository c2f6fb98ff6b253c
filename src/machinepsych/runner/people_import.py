"""People's trial-level data from the literature, stored as runs (``machinepsych import-people``;
docs/people-data.md).

A file is read into a long table (``subject``, ``trial``, ``choice`` and the test's own
columns, one row per trial, ``line`` the file's line number), checked in full, and only then
stored: each person becomes a session of participant ``human:<subject>`` whose choices are
replayed through the test's environment under the schedule that person saw
(``TaskSpec.people``), so each stored trial is what the environment produces, and every
outcome is checked against the file. The data stay in the user's copy: only the trials are
stored, with the source, its licence and citation in the run spec (``source``).
"""
from __future__ import annotations

import hashlib
import importlib
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pandas as pd

from ..core.errors import ConfigError, require_file
from ..core.spec import PeopleCellError, TaskSpec
from ..core.tables import need_columns as _need, read_table as _read_table
from ..core.types import Turn
from ..storage.store import Store
from ..tasks.catalog import all_tasks, get_task
from .session import trial_record

HBAYESDM_CITATION = ("Ahn, W.-Y., Haines, N., & Zhang, L. (2017). Revealing neurocomputational mechanisms of "
                     "reinforcement learning and decision-making with the hBayesDM package. Computational "
                     "Psychiatry, 1, 24-57")

CPM_CITATION = ("Dome, L., Hezemans, F., Wagner, B. J., Webb, A., Carrera, M., & Hauser, T. cpm-toolbox: a toolbox "
                "for computational psychiatry and psychology (version 0.26.0), https://cpm-toolbox.net")


@dataclass(frozen=True)
class Format:
    """A file format: how its table becomes the long table of one test."""

    name: str
    task: str | None  # None: the file's ``task`` column names it
    read: Callable[[Path], pd.DataFrame] | str  # or a family's "module:function", imported when used
    source: dict[str, str]


def read_hbayesdm_igt(path: Path) -> pd.DataFrame:
    """hBayesDM's IGT file (tab-separated: trial, choice 1-4, gain, loss <= 0, subjID)."""
    df = _read_table(path, "\t")
    _need(df, path, ("subjID", "trial", "choice", "gain", "loss"))
    out = df.rename(columns={"subjID": "subject"})
    loss = pd.to_numeric(out["loss"], errors="coerce")
    bad = out[loss > 0]
    if len(bad):  # hBayesDM writes losses as negative amounts
        raise ConfigError(f"{path}: line {bad['line'].iloc[0]}, column loss: {bad['loss'].iloc[0]!r} is positive; "
                          "hbayesdm-igt losses are amounts <= 0")
    out["loss"] = [str(-v) if pd.notna(v) else s for v, s in zip(loss, out["loss"])]
    return out


def read_generic(path: Path) -> pd.DataFrame:
    """The generic long CSV (comma-separated; docs/people-data.md#generic)."""
    df = _read_table(path, ",")
    _need(df, path, ("task", "subject", "trial", "choice"))
    return df


def _hbayesdm(name: str, test: str | None, read: Callable[[Path], pd.DataFrame] | str, title: str, files: str,
              beside: str = "") -> Format:
    """A format for example files of hBayesDM's source package (``hbayesdm/common/extdata/``)."""
    return Format(name, test, read, {
        "name": f"hBayesDM example data: {title} ({files})",
        "origin": f"pip download --no-deps --no-binary hbayesdm hbayesdm==1.1.1 (hbayesdm/common/extdata/{files}{beside})",
        "licence": "GPL-3.0", "citation": HBAYESDM_CITATION})


_BANDIT = "machinepsych.tasks.bandit.people"
FORMATS: dict[str, Format] = {
    "hbayesdm-igt": _hbayesdm("hbayesdm-igt", "igt", read_hbayesdm_igt, "Iowa Gambling Task", "igt_exampleData.txt"),
    "hbayesdm-wcs": _hbayesdm("hbayesdm-wcs", "wcst-128", "machinepsych.tasks.cardsort.people_wcs:read_hbayesdm_wcs",
                              "Wisconsin Card Sorting Test, 128 cards", "wcs_exampleData.txt",
                              ", with wcs_answersheet.txt beside it"),
    "steingroever-igt": Format("steingroever-igt", "igt", "machinepsych.tasks.igt.steingroever:read_steingroever_igt", {
        "name": "Steingroever et al. (2015): many-labs Iowa Gambling Task data, the 100-trial studies",
        "origin": "supplied by the user (choice_100.csv, wi_100.csv, lo_100.csv, index_100.csv)",
        "licence": "as supplied", "citation": "Steingroever, H., et al. (2015). Data from 617 healthy participants "
        "performing the Iowa gambling task: A \"many labs\" collaboration. Journal of Open Psychology Data, 3(1). "
        "https://doi.org/10.5334/jopd.ak"}),
    "hbayesdm-bandit2arm": _hbayesdm("hbayesdm-bandit2arm", "bandit2arm", f"{_BANDIT}:read_hbayesdm_bandit2arm",
                                     "two-armed bandit", "bandit2arm_exampleData.txt"),
    "hbayesdm-prl": _hbayesdm("hbayesdm-prl", "prl", f"{_BANDIT}:read_hbayesdm_prl", "probabilistic reversal learning",
                              "prl_exampleData.txt or prl_multipleB_exampleData.txt"),
    "hbayesdm-bandit4arm": _hbayesdm("hbayesdm-bandit4arm", None, f"{_BANDIT}:read_hbayesdm_bandit4arm",
                                     "four-armed bandit", "bandit4arm_exampleData.txt or bandit4arm2_exampleData.txt"),
    "cpm-bandit": Format("cpm-bandit", "bandit-pairs", f"{_BANDIT}:read_cpm_bandit", {
        "name": "cpm-toolbox example data: bandit of four machines in pairs (bandit_small.csv)",
        "origin": "pip download --no-deps cpm-toolbox==0.26.0 (cpm/datasets/data/bandit_small.csv)",
        "licence": "AGPL-3.0", "citation": CPM_CITATION}),
    "hbayesdm-ts": _hbayesdm("hbayesdm-ts", "twostep", "machinepsych.tasks.twostep.people:read_hbayesdm_ts",
                             "two-step task", "ts_exampleData.txt"),
    "cpm-two-step": Format("cpm-two-step", "twostep-kool", "machinepsych.tasks.twostep_kool.people:read_cpm_two_step", {
        "name": "cpm-toolbox example data: deterministic two-step task (two_step_adults.csv, Smid et al. 2022; or "
                "model_based_model_free.csv, BrainExplorer)",
        "origin": "pip download --no-deps cpm-toolbox==0.26.0 (cpm/datasets/data/two_step_adults.csv or "
                  "model_based_model_free.csv)",
        "licence": "AGPL-3.0", "citation": CPM_CITATION + "; two_step_adults.csv: Smid et al. (2022). Computational "
        "and behavioral correlates of developmental changes in model-based/model-free decision-making. "
        "Developmental Science, e13380"}),
    "generic": Format("generic", None, read_generic, {
        "name": "generic long CSV", "origin": "the user's own file", "licence": "as supplied", "citation": ""}),
}


def _reader(read: Callable[[Path], pd.DataFrame] | str) -> Callable[[Path], pd.DataFrame]:
    if callable(read):
        return read
    module, _, name = read.partition(":")
    return getattr(importlib.import_module(module), name)


def _task_of(fmt: Format, df: pd.DataFrame, path: Path) -> TaskSpec:
    if fmt.task is not None:
        return get_task(fmt.task)
    names = [t for t in dict.fromkeys(df["task"].str.strip()) if t]
    if len(names) != 1:
        raise ConfigError(f"{path}: column task must name one test in every row (found {', '.join(names) or 'none'})")
    spec = get_task(names[0])
    if spec.people is None:
        readable = ", ".join(t.id for t in all_tasks() if t.people is not None)
        raise ConfigError(f"{path}: test {spec.id} has no reader of people's data; import-people reads: {readable}")
    return spec


def _cell_int(row: pd.Series, column: str) -> int:
    text = str(row[column]).strip()
    try:
        return int(float(text)) if float(text).is_integer() else int("x")
    except ValueError:
        raise PeopleCellError(int(row["line"]), column, f"{row[column]!r} is not a whole number") from None


@dataclass
class Person:
    subject: str
    params: dict[str, Any]
    records: list  # the trial records the environment produced
    # who took the session where one person's several sessions are several subjects (a
    # BrainExplorer player's second session is subject ``<userID>-2``, person ``<userID>``)
    person: str = ""


def read_people(path: str | Path, format_name: str) -> tuple[TaskSpec, list[Person]]:
    """Read and check a file in full: each person's trials replayed through the environment
    and checked against the file (nothing stored)."""
    if format_name not in FORMATS:
        raise ConfigError(f"--format {format_name!r} is not known; choose one of: {', '.join(FORMATS)}")
    path = Path(path).expanduser()
    require_file(path, fix="give the path of your copy of the data")
    fmt = FORMATS[format_name]
    df = _reader(fmt.read)(path)
    if df.empty:
        raise ConfigError(f"{path}: the file has no rows")
    spec = _task_of(fmt, df, path)
    try:
        return spec, _people(df, spec, path)
    except PeopleCellError as exc:
        raise ConfigError(f"{path}: {exc}") from None


def _people(df: pd.DataFrame, spec: TaskSpec, path: Path) -> list[Person]:
    people = spec.people
    assert people is not None
    _need(df, path, people.columns)
    df["subject"] = df["subject"].str.strip()
    blank = df[df["subject"] == ""]
    if len(blank):
        raise PeopleCellError(int(blank["line"].iloc[0]), "subject", "is empty")
    records = df.to_dict("records")  # rows as dicts: iterrows builds a Series per row, far slower
    df["trial_no"] = [_cell_int(r, "trial") for r in records]
    actions = []
    for r in records:
        try:
            actions.append(people.choice(r["choice"]))
        except ValueError as exc:
            raise PeopleCellError(int(r["line"]), "choice", str(exc)) from None
    df["action"] = pd.Series(actions, index=df.index, dtype=object)
    df["latency"] = _latencies(df) if "rt_ms" in df else 0.0
    out = []
    for subject, rows in df.groupby("subject", sort=False):
        rows = rows.sort_values("trial_no", kind="stable")
        dup = rows[rows["trial_no"].duplicated()]
        if len(dup):
            raise PeopleCellError(int(dup["line"].iloc[0]), "trial",
                                  f"trial {dup['trial_no'].iloc[0]} of subject {subject} appears twice")
        try:
            params = spec.resolve(None, people.params(rows)).model_dump(mode="json")
        except ConfigError as exc:
            raise PeopleCellError(int(rows["line"].iloc[0]), "subject", f"subject {subject}: {exc}") from None
        records = replay(spec, params, [None if isinstance(a, float) and a != a else a for a in rows["action"]],
                         list(rows["latency"]))
        _check_outcomes(rows, records, people.columns)
        person = str(rows["person"].iloc[0]) if "person" in rows else ""
        out.append(Person(str(subject), params, records, person if person != str(subject) else ""))
    return out


def _check_outcomes(rows: pd.DataFrame, records: list, columns: tuple[str, ...]) -> None:
    """Every outcome the file records is the one the environment produced."""
    for row, rec in zip(rows.to_dict("records"), records):
        for c in columns:
            if rec.action is None or c not in rec.info:
                continue
            if abs(float(row[c]) - float(rec.info[c])) > 1e-9:
                raise PeopleCellError(int(row["line"]), c, f"{row[c]} differs from the {rec.info[c]:g} that the "
                                      "schedule gives this choice")


def _latencies(df: pd.DataFrame) -> list[float]:
    """A reader's ``rt_ms`` column (the person's response time in milliseconds, where the
    source has one) as seconds; a blank cell is no time (0, as for a file without times)."""
    out = []
    for line, cell in zip(df["line"], df["rt_ms"]):
        text = str(cell).strip()
        if text in ("", "nan", "NA"):
            out.append(0.0)
            continue
        try:
            ms = float(text)
        except ValueError:
            ms = math.nan
        if not math.isfinite(ms) or ms < 0:
            raise PeopleCellError(int(line), df.attrs.get("rt_column", "rt_ms"),
                                  f"{cell!r} is not a response time (milliseconds, 0 or more)")
        out.append(ms / 1000.0)
    return out


def replay(spec: TaskSpec, params: dict[str, Any], actions: list[Any], latencies: list[float] | None = None) -> list:
    """The trial records of one person's actions played through the environment (with each
    trial's response time in seconds where the source has them)."""
    env = spec.make(params)
    obs = env.reset(0)
    records = []
    for i, action in enumerate(actions):
        reply = spec.answer.format(action) if action is not None else ""
        turn = Turn(reply=reply, action=action, status="parsed" if action is not None else "empty", calls=(),
                    latency_s=latencies[i] if latencies else 0.0)
        result = env.step(action)
        records.append(trial_record(obs, turn, result, i))
        obs = result.next_observation
    return records


def import_people(store: Store, path: str | Path, format_name: str, run_name: str,
                  people: tuple[TaskSpec, list[Person]] | None = None, citation: str = "") -> Any:
    """Store a checked file as a run: one complete session per person, scored. A file of
    the user's own (``generic``) is cited only as ``citation`` says (none: no citation)."""
    from .scoring import score_and_store

    spec, persons = people or read_people(path, format_name)
    path = Path(path).expanduser()
    fmt = FORMATS[format_name]
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    source = {**fmt.source, "format": format_name, "file": path.name, "sha256": digest}
    if citation:
        source["citation"] = citation
    condition = f"people | {format_name}"
    rows = [dict(task_id=spec.id, task_version=spec.version, preset="default", params=p.params, seed=0,
                 participant={"kind": "human", "imported": True, **({"person": p.person} if p.person else {})},
                 participant_name=f"human:{p.subject}",
                 strategy="agent", persona="none", condition=condition,
                 instructions=spec.instructions(spec.make(p.params), "person"), status="pending",
                 n_trials=len(p.records)) for p in persons]
    run_spec = {"name": run_name, "kind": "people-import", "source": source,
                "tasks": [{"task": spec.id, "preset": "default", "params": {}, "sessions": len(persons)}],
                "participants": [{"ref": "human"}], "strategies": [], "personas": [], "seed": 0}
    run = store.create_run(run_name, run_spec, rows)
    for row, person in zip(store.sessions(run.id), persons):
        for rec in person.records:
            store.commit_trial_sync(row.id, rec)
        store.set_session_status(row.id, "complete")
    score_and_store(store, run, store.sessions(run.id))
    store.set_run_status(run.id, "complete")
    return run

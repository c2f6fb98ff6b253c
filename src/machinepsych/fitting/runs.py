"""Fits of stored runs: every complete session of every test that declares cognitive models,
fitted with each candidate model; the winning model per session, and per condition the
models' frequencies and parameter means with 95% intervals. Works the same on sessions of
models, agents and people, and on a trials file scored with ``machinepsych score``.

``per="participant"`` fits a participant's sessions of a test jointly (one parameter vector;
:func:`~machinepsych.fitting.fit.fit_participants`) instead of each session alone. A
participant is, within a run and condition: a model or an agent, all its sessions (its seeds
and ``run --repeat`` samples); a person, the sessions of one platform id (``participant_id``
recorded by the study link) or of one imported subject (``human:<subject>``); a person with
neither is a slot of the run (one session per test), fitted alone.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from ..core.errors import ConfigError
from ..core.spec import TaskSpec
from .data import ChoiceData, session_data
from .fit import Fit, fit_participants

PER = ("session", "participant")  # what one fit is of: a session alone, or a participant's sessions jointly

MIN_CHOICES = 10  # a session with fewer readable choices is not fitted (said and counted)


@dataclass
class SessionInfo:
    """Who took a session, and under which condition."""

    run: str
    session: int
    condition: str
    participant: str
    kind: str
    params: Mapping[str, Any]
    who: str = ""  # the participant the session belongs to ("": its ``participant`` name)
    design: str = ""  # the test's design as the report shows it (``prl | default (trials=60)``)

    @property
    def unit(self) -> tuple[str, str, str, str]:
        """The participant whose sessions ``per="participant"`` fits jointly: never over two
        designs (a participant's easy and hard sessions are two units)."""
        return self.run, self.design, self.condition, self.who or self.participant


@dataclass
class FitReport:
    """Per-session fits (``rows``: one per session and model, each with its ``design``), the
    winners, and the summary per design and condition (``summary`` and ``models`` keyed by
    design, ``test | preset`` as the report's tables are: :func:`summarise`); ``skipped``:
    sessions not fitted, with the reason; ``left_out``:
    per test that declares none of the models asked for (``--model``), the line that says so
    (its sessions are not fitted)."""

    rows: pd.DataFrame
    summary: dict[str, dict[str, Any]] = field(default_factory=dict)
    skipped: list[dict[str, Any]] = field(default_factory=list)
    models: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    per: str = "session"
    left_out: dict[str, str] = field(default_factory=dict)

    @property
    def tests(self) -> list[str]:
        """The tests fitted, each once."""
        return list(dict.fromkeys(self.rows["task"])) if not self.rows.empty else []

    def to_json(self) -> dict[str, Any]:
        rows = self.rows.replace({np.nan: None}).to_dict("records") if not self.rows.empty else []
        return {"per": self.per, "sessions": rows, "summary": self.summary, "skipped": self.skipped,
                "models": self.models, "left_out": self.left_out}


def check_models(specs: Iterable[TaskSpec], names: Sequence[str]) -> None:
    """Every ``--model`` name is a model of at least one of ``specs`` (one line otherwise)."""
    specs = [s for s in specs if s.fit]
    known = sorted({m.name for s in specs for m in s.fit.models})
    for name in names:
        if name not in known:
            why = next((f" ({s.id}: {s.fit.not_identifiable[name]})" for s in specs if name in s.fit.not_identifiable), "")
            raise ConfigError(f"--model {name!r} is not a model of these tests{why}; choose from: {', '.join(known)}")


def left_out_line(spec: TaskSpec, names: Sequence[str]) -> str | None:
    """The line that says ``spec`` is not fitted because it declares none of ``names`` (the
    ``--model`` names, each a model of another test); None where it declares one of them or
    no names were given."""
    if not names or spec.fit is None or any(m.name in names for m in spec.fit.models):
        return None
    return (f"{spec.id}: not fitted, it declares none of --model {', '.join(names)} "
            f"(its models: {', '.join(m.name for m in spec.fit.models)})")


def fit_test(spec: TaskSpec, sessions: list[tuple[SessionInfo, list[dict[str, Any]]]],
             models: Sequence[str] = (), seed: int = 0, per: str = "session", repeated: bool = False) -> FitReport:
    """Fit ``spec``'s models (all, or those named) to its sessions (info, trial records): each
    session alone, or (``per="participant"``) each participant's sessions jointly; with
    ``repeated``, only where some participant has two sessions or more (else nothing)."""
    decl = spec.fit
    if decl is None:
        raise ConfigError(f"{spec.id} declares no cognitive models")
    chosen = [m for m in decl.models if not models or m.name in models]
    units: dict[Any, list[tuple[SessionInfo, ChoiceData]]] = {}
    skipped = []
    for n, (info, records) in enumerate(sessions):
        data = session_data(decl, sorted(records, key=lambda r: r["trial"]), spec.params_from(info.params))
        if data.n_choices < MIN_CHOICES:
            skipped.append({"run": info.run, "session": info.session, "task": spec.id, "participant": info.participant,
                            "reason": f"{data.n_choices} readable choices (at least {MIN_CHOICES} are fitted)"})
            continue
        if not info.design:  # a trials file's sessions: the test's default design
            info = replace(info, design=f"{spec.id} | default")
        key = info.unit if per == "participant" else n
        units.setdefault(key, []).append((info, data))
    groups = list(units.values())
    if repeated and max(map(len, groups), default=0) < 2:
        return FitReport(pd.DataFrame(), per=per)
    datas = [[d for _, d in g] for g in groups]
    fits: dict[str, list[Fit]] = {m.name: fit_participants(m, datas, seed) for m in chosen} if datas else {}
    rows = []
    for i, group in enumerate(groups):
        info = group[0][0]
        unit_fits = [fits[m.name][i] for m in chosen]
        best = min(unit_fits, key=lambda f: f.bic).model
        joint = {"who": info.unit[-1], "sessions": len(group),
                 "session_indices": " ".join(str(g.session) for g, _ in group)} if per == "participant" else {}
        for f in unit_fits:
            rows.append({"run": info.run, "session": info.session, **joint, "task": spec.id, "design": info.design,
                         "condition": info.condition, "participant": info.participant,
                         "participant_kind": info.kind, **f.row(), "best": f.model == best})
    frame = pd.DataFrame(rows)
    described = [m.describe() for m in chosen]
    return FitReport(frame, summarise(frame, chosen), skipped,
                     {d: described for d in (frame["design"].unique() if not frame.empty else ())}, per)


def _interval(values: np.ndarray, low: float, high: float) -> dict[str, Any]:
    """The mean of a parameter over fits with its 95% t interval, cut to the parameter's bounds
    [low, high] (no fit lies outside them, nor does their mean): ``cut`` says it was."""
    mean = float(np.mean(values))
    if values.size < 2:
        return {"mean": mean, "lo": None, "hi": None, "cut": False}
    from scipy.special import stdtrit

    half = float(stdtrit(values.size - 1, 0.975) * np.std(values, ddof=1) / math.sqrt(values.size))
    lo, hi = max(mean - half, low), min(mean + half, high)
    return {"mean": mean, "lo": lo, "hi": hi, "cut": bool(lo > mean - half or hi < mean + half)}


def summarise(frame: pd.DataFrame, models: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """{design (``test | preset``, as the report's tables are keyed): {condition: {"n": sessions,
    "winners": {model: share}, "params": {model: {param: {mean, lo, hi, cut}}}, "pseudo_r2":
    {model: mean}}}} (``cut``: the 95% interval was cut to the parameter's bounds). Sessions of
    two designs (``prl`` at 100 and at 60 trials, a battery's easy and hard ``prlt``) are never
    pooled: a condition's frequencies and means are of one design."""
    out: dict[str, dict[str, Any]] = {}
    if frame.empty:
        return out
    for (design, cond), df in frame.groupby(["design", "condition"], sort=False):
        n = int(df["session"].nunique()) if df["run"].nunique() == 1 else int(df[["run", "session"]].drop_duplicates().shape[0])
        winners = df[df["best"]]["model"].value_counts()
        entry: dict[str, Any] = {"n": n, "winners": {m.name: float(winners.get(m.name, 0)) / n for m in models},
                                 "params": {}, "pseudo_r2": {}}
        for m in models:
            mdf = df[df["model"] == m.name]
            if mdf.empty:
                continue
            entry["pseudo_r2"][m.name] = float(mdf["pseudo_r2"].mean())
            entry["params"][m.name] = {}
            for p in m.params:
                entry["params"][m.name][p.name] = _interval(mdf[f"param_{p.name}"].to_numpy(dtype=float), p.low, p.high)
        out.setdefault(str(design), {})[str(cond)] = entry
    return out


def merge(reports: Iterable[FitReport], per: str = "session") -> FitReport:
    reports = list(reports)
    frames = [r.rows for r in reports if not r.rows.empty]
    merged = FitReport(pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(), per=per)
    for r in reports:
        for design, conds in r.summary.items():
            merged.summary.setdefault(design, {}).update(conds)
        merged.skipped.extend(r.skipped)
        merged.models.update(r.models)
        merged.left_out.update(r.left_out)
    return merged


def fit_frame(trials: pd.DataFrame, infos: Mapping[Any, SessionInfo], spec_of, models: Sequence[str] = (),
              seed: int = 0, per: str = "session", repeated: bool = False) -> FitReport:
    """Fit the sessions of a trials frame (export columns: ``session_id`` or ``session``,
    ``task``, ``trial``, ``stimulus``, ``action``, ...). ``infos`` maps the session key to its
    :class:`SessionInfo`; ``spec_of(key)`` gives the session's TaskSpec (None: not fitted)."""
    key = "session_id" if "session_id" in trials.columns else "session"
    by_test: dict[str, tuple[TaskSpec, list]] = {}
    for sid, df in trials.groupby(key, sort=True):
        spec = spec_of(sid)
        if spec is None or spec.fit is None:
            continue
        by_test.setdefault(spec.key, (spec, []))[1].append((infos[sid], df.to_dict("records")))
    left_out = {spec.id: line for spec, _ in by_test.values() if (line := left_out_line(spec, models))}
    merged = merge((fit_test(spec, sessions, models, seed, per, repeated) for spec, sessions in by_test.values()
                    if spec.id not in left_out), per)
    merged.left_out.update(left_out)
    return merged


def fit_stored_runs(store, run_refs: Sequence[str], models: Sequence[str] = (), seed: int = 0,
                    per: str = "session") -> FitReport:
    """Fit the complete sessions of stored runs (one line if none of their tests has models),
    each alone or (``per="participant"``) each participant's jointly."""
    if per not in PER:
        raise ConfigError(f"--per must be one of: {', '.join(PER)} (got {per!r})")
    return merge((fit_frame(trials, infos, spec_of, models, seed, per)
                  for trials, infos, spec_of in _stored(store, run_refs, models, per == "participant")), per)


def fit_stored_runs_both(store, run_refs: Sequence[str], anonymous: bool = True) -> tuple[FitReport, FitReport]:
    """What a report shows: every session fitted alone, and, in the tests where a participant
    took two sessions or more, every participant's sessions fitted jointly (the trials read
    once). ``anonymous``: a person is named by number within the run ("person 1"), never by
    the platform id the study link recorded."""
    alone, joint = [], []
    for trials, infos, spec_of in _stored(store, run_refs, (), True, anonymous):
        alone.append(fit_frame(trials, infos, spec_of))
        joint.append(fit_frame(trials, infos, spec_of, per="participant", repeated=True))
    return merge(alone), merge(joint, "participant")


def _stored(store, run_refs: Sequence[str], models: Sequence[str], who: bool, anonymous: bool = False):
    """Per run with a test that has models: (its complete sessions' trials, their
    :class:`SessionInfo` by session id, the TaskSpec of a session id); ``who``: each person's
    sessions named by who they are (:func:`_people`). Each session's ``design`` is its test's
    key as the report's tables show it: ``test | preset``, or ``test | preset (trials=60)``
    where the runs give the test in more than one design (:func:`..analysis.designs.split`)."""
    from ..analysis.designs import split
    from ..analysis.multirun import shown_labels
    from ..analysis.report import run_config
    from ..models.secrets import redacted
    from ..runner.plan import run_ref
    from ..storage.export import participant_kind, trials_frame
    from ..tasks.catalog import get_task

    runs = [store.get_run(ref) for ref in run_refs]
    for run in runs:
        if (run.spec or {}).get("kind") == "prediction":  # machinepsych predict: no outcomes of the model's own
            raise ConfigError(f"run {redacted(run.name)} is a prediction run (a model's answers along people's "
                              f"sessions, without outcomes of their own); fit the people run "
                              f"{redacted(run.spec['predicts']['run'])}, "
                              f"and see machinepsych report {run_ref(run.name, run.id)}")
    complete = {run.id: {s.id: s for s in store.sessions(run.id) if s.status == "complete"} for run in runs}
    # a condition in more than one run is keyed by its run, as the report shows it: two imports
    # of one format ("people | cpm-two-step") stay two conditions, neither hiding the other
    labels = shown_labels([{"run": run, "conditions": [s.condition for s in complete[run.id].values()]} for run in runs])
    # the designs from every session, as the report reads them: a test in two designs is two tables
    shown = split([(run.name, run_config(run, store.session_infos(run.id))) for run in runs])
    specs_of = {run.id: {sid: get_task(s.task_id, s.task_version) for sid, s in complete[run.id].items()}
                for run in runs}
    # the --model names are checked once, against the tests of all the runs: a name one run's
    # tests declare is fitted there, and a test that declares none of them is left out and said
    check_models([sp for specs in specs_of.values() for sp in specs.values()], models)
    for run in runs:
        sessions, specs = complete[run.id], specs_of[run.id]
        if not any(sp.fit for sp in specs.values()):
            continue
        trials = trials_frame(store, run.id)
        trials = trials[trials["session_id"].isin(list(sessions))]
        people = _people(store, run.id, sessions, anonymous) if who else {}
        infos = {sid: SessionInfo(redacted(run.name), s.index, labels[(run.id, s.condition)], s.participant_name,
                                  participant_kind(s.participant_name), s.params, people.get(sid, ""),
                                  f"{s.task_id} | {shown.get((run.name, f'{s.task_id} | {s.preset}'), s.preset)}")
                 for sid, s in sessions.items()}
        yield trials, infos, specs.get


def _people(store, run_id: int, sessions: Mapping[int, Any], anonymous: bool = False) -> dict[int, str]:
    """Per session taken by a person, who the person is: the platform id the study link
    recorded (``anonymous``: "person N", numbered in the order of the run's sessions), else an
    imported subject (``human:<subject>``; the person an import records for a subject that is
    one of a person's several sessions, ``human:8`` for ``human:8-2``), else the slot (the name
    and seed its tests share: one session per test)."""
    from ..storage.export import participant_kind, people_of_run

    ids = people_of_run(store, run_id)
    out: dict[int, str] = {}
    numbers: dict[str, int] = {}
    for sid, s in sorted(sessions.items(), key=lambda kv: kv[1].index):
        if participant_kind(s.participant_name) != "person":
            continue
        pid = (ids.get(sid) or {}).get("participant_id")
        person = (s.participant or {}).get("person")
        if pid and anonymous:
            out[sid] = f"person {numbers.setdefault(pid, len(numbers) + 1)}"
            continue
        out[sid] = (f"id {pid}" if pid else f"human:{person}" if person
                    else s.participant_name if s.participant_name != "human" else f"{s.participant_name} seed {s.seed}")
    return out


def tests_with_models() -> list[str]:
    """The catalog's tests that declare cognitive models (latest versions)."""
    from ..tasks.catalog import get_task, task_ids

    return [t for t in task_ids() if get_task(t).fit is not None]


def file_columns(spec: TaskSpec) -> tuple[str, ...]:
    """Every column a trials file of ``spec`` needs for its models to be fitted (``a (or b)``
    where another column can stand for one)."""
    alternatives = spec.fit.file_alternatives
    return ("session", "trial", "correct",
            *(f"{c} (or {alternatives[c]})" if c in alternatives else c for c in spec.fit.file_columns))


def missing_file_columns(spec: TaskSpec, df: pd.DataFrame) -> list[str]:
    """The columns ``spec``'s models need that the trials frame lacks."""
    alternatives = spec.fit.file_alternatives
    return [c for c in spec.fit.file_columns if c not in df.columns and alternatives.get(c) not in df.columns]


def check_file_test(spec: TaskSpec) -> None:
    """One line where ``spec``'s trials files cannot be fitted: it declares no models, or no
    file reader (naming the tests that have one)."""
    from ..tasks.catalog import all_tasks

    if spec.fit is None or spec.fit.file_record is None:
        readable = ", ".join(t.id for t in all_tasks() if t.fit is not None and t.fit.file_record is not None)
        raise ConfigError(f"fit --trials reads trials files of {readable}; {spec.id} is not one of them")


def fit_trials_file(path, test: str, models: Sequence[str] = (), seed: int = 0, per: str = "session") -> FitReport:
    """Fit the sessions of a trials file collected elsewhere (the file ``machinepsych score``
    reads: ``session``, ``trial``, ``correct`` and the columns the test declares,
    ``ChoiceModels.file_columns``), each session under the condition ``file | NAME`` (``file |
    NAME | CONDITION`` where the file has a ``condition`` column), as a
    person's: every row read through the test's ``file_record`` and fitted as a stored run's
    trials are. Bad input is one line naming the file, its line and the column."""
    from pathlib import Path

    from ..storage.trials_file import check_task_column, read_trials_file
    from ..tasks.catalog import get_task

    spec = get_task(test)
    check_file_test(spec)
    check_models([spec], models)
    path = Path(path)
    df = read_trials_file(path)
    check_task_column(df, path, spec.id, "fit --trials FILE --test {test}")
    missing = missing_file_columns(spec, df)
    if missing:
        raise ConfigError(f"{path}: missing column(s) {', '.join(missing)}; fit --trials --test {spec.id} needs "
                          f"{', '.join(file_columns(spec))} (docs/fitting.md)")
    return fit_trials_frame(spec, df, path, models, seed, per)


def _file_condition(path, session: str, rows: pd.DataFrame) -> str:
    """The condition of one session of a trials file: ``file | NAME``, and where the file has a
    ``condition`` column (an export of a run does), ``file | NAME | CONDITION``, so that the
    conditions of one run are fitted apart, as ``fit RUN`` fits them. A session whose rows hold
    two conditions is one line."""
    from ..core.tables import blank

    if "condition" not in rows.columns:
        return f"file | {path.name}"
    held = list(dict.fromkeys(str(c).strip() for c in rows["condition"] if not blank(c)))
    if len(held) > 1:
        raise ConfigError(f"{path}: session {session} holds more than one condition ({', '.join(held)}); "
                          f"give each session one condition")
    return f"file | {path.name}" + (f" | {held[0]}" if held else "")


class FileCellError(ConfigError):
    """A cell of a trials file the test's ``file_record`` cannot use (its file, line and column)."""


def fit_trials_frame(spec: TaskSpec, df: pd.DataFrame, path, models: Sequence[str] = (), seed: int = 0,
                     per: str = "session") -> FitReport:
    """Fit the sessions of a checked trials frame read from ``path`` (it has every column of
    :func:`file_columns`); each session of the file is a person's, under its condition
    (:func:`_file_condition`). A
    cell the test's ``file_record`` cannot use is one line naming the file, its line and the
    column, raised before anything is fitted."""
    from ..storage.trials_file import row_name

    params = spec.resolve()
    sessions = []
    for i, (name, rows) in enumerate(df.assign(line=df.index).groupby(df["session"].astype(str), sort=False)):
        condition = _file_condition(path, name, rows)
        records = []
        for row in rows.sort_values("trial").to_dict("records"):
            try:
                records.append({**row, **spec.fit.file_record(row)})
            except ValueError as exc:  # a CSV's line (its header is line 1), a JSONL's or Parquet's record
                raise FileCellError(f"{path}: {row_name(path, row['line'], 'line')}: {exc}") from None
        info = SessionInfo(run=path.name, session=i, condition=condition, participant=f"session {name}",
                           kind="person", params=params.model_dump())
        sessions.append((info, records))
    return fit_test(spec, sessions, models, seed, per)

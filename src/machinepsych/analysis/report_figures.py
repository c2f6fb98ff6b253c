"""The HTML report's figures: what each section draws, drawing it, and keeping it in the store.

A test's section shows the generic figures (its metrics by condition, accuracy by trial) and
the test's own (``TaskSpec.figures``); the usage section shows tokens and cost. Drawing is most
of a report's time, so:

* each section's drawn figures are kept in the store (:mod:`machinepsych.storage.figures`)
  under a digest of the data they draw (the section's trials and scores, its chance line, the
  report's colours) and of the code that draws them (the source of this module, :mod:`.plots`,
  :mod:`.svg_figures` and the packages of the test's figure functions, and the matplotlib
  version); a report of an unchanged run embeds them without importing matplotlib;
* the generic figures are written as SVG (:mod:`.svg_figures`, milliseconds); the tests' own
  are drawn by matplotlib, one job per figure function, shared between this process and one
  forked helper when there are several jobs and cores (same figures, same order); the
  ``report`` command starts the helper before it reads the run (:mod:`.figure_helper`).
"""
from __future__ import annotations

import hashlib
import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pandas as pd

from ..core.spec import TaskSpec
from ..storage import embeddings
from ..storage import figures as figure_store
from . import figure_helper
from .figure_helper import FigureHelper
from .chance_bar import chance_lines
from .published import figure_points
from .report import spec_of
from .versus_people import bands

USAGE = "usage"  # the section of tokens and cost per condition


def section_frames(data: dict[str, Any], key: str) -> tuple[TaskSpec, pd.DataFrame, pd.DataFrame, dict, dict]:
    """(spec, trials, scores, chance lines ({metric: [line, ...]}, :func:`.chance_bar.chance_lines`,
    those drawn), colours of the conditions present) of a test's section, conditions in run order
    (computed once per report)."""
    memo = data.setdefault("_section_frames", {})
    if key not in memo:
        memo[key] = _section_frames(data, key)
    return memo[key]


def _section_frames(data: dict[str, Any], key: str) -> tuple[TaskSpec, pd.DataFrame, pd.DataFrame, dict, dict]:
    spec = spec_of(key)
    order = {c: i for i, c in enumerate(data["colours"])}
    trials: pd.DataFrame = data["trials"]
    scores: pd.DataFrame = data["scores"]
    sub_t, sub_s = _in_order(trials, spec.id, order), _in_order(scores, spec.id, order)
    # the chance lines the table judges "> chance" by (chance_bar), on the primary metric's panel
    drawn = [x for x in chance_lines(spec, data["chance"].get(key)) if x["drawn"]]
    lines = {spec.primary: drawn} if drawn else {}
    present = {c: data["colours"][c] for c in data["colours"] if c in set(sub_s["condition"])}
    return spec, sub_t, sub_s, lines, present


def _in_order(frame: pd.DataFrame, task: str, order: dict[str, int]) -> pd.DataFrame:
    """The test's rows, conditions in run order (stable): where the frame holds only that test
    in that order already (a run of one test: 500,000 trials), a shallow copy (copy-on-write:
    no data copied)."""
    rows = frame["task"] == task
    if not rows.all():
        frame = frame[rows]
    rank = frame["condition"].map(order)
    return frame.copy(deep=False) if rank.is_monotonic_increasing else frame.sort_values("condition", key=lambda s: s.map(order),
                                                                         kind="stable")


def generic_figures(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The section's generic figures, written as SVG (no matplotlib)."""
    from . import svg_figures

    if key == USAGE:
        return svg_figures.tokens_and_cost(data["scores"], data["colours"])
    spec, sub_t, sub_s, lines, _ = section_frames(data, key)
    return (svg_figures.metric_bars(sub_s, spec, lines, data["colours"], figure_points(data, key), bands(data, key))
            + svg_figures.accuracy_by_trial(sub_t, spec.id, data["colours"]))


def _jobs(data: dict[str, Any], key: str) -> int:
    """The section's own figure functions (a test's ``TaskSpec.figures``), drawn by matplotlib."""
    return 0 if key == USAGE else len(spec_of(key).figures)


def job_figures(data: dict[str, Any], key: str, j: int) -> list:
    """The (title, matplotlib figure) pairs of the test's j-th figure function."""
    from . import plots

    spec, sub_t, sub_s, _, present = section_frames(data, key)
    plots.use_colours(present)
    return spec.figures[j](sub_t, sub_s, spec)


def section_figures(data: dict[str, Any], key: str) -> list:
    """Every (title, matplotlib figure) of a test's own figure functions, in page order."""
    return [f for j in range(_jobs(data, key)) for f in job_figures(data, key, j)]


def _draw_job(data: dict[str, Any], key: str, j: int) -> list[dict[str, Any]]:
    from . import plots

    out = []
    for title, fig in job_figures(data, key, j):
        r = plots.render(fig)
        out.append({"title": title, "data_url": r.data_url, "width_px": r.width_px, "min_pt": r.min_pt})
    return out


# -- digests -----------------------------------------------------------------------------
def _files_digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for p in sorted(set(paths)):
        h.update(str(p.name).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


@lru_cache(maxsize=None)
def _matplotlib_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("matplotlib")
    except PackageNotFoundError:  # pragma: no cover - matplotlib is a dependency
        return "?"


@lru_cache(maxsize=None)
def _code_digest(task: str | None) -> str:
    """The drawing code of a section: plots.py, svg_figures.py, chance_bar.py and this module,
    plus, for a test, the Python files of the packages that hold its figure functions (and of
    their parent package, where family helpers live)."""
    here = Path(__file__).resolve()
    paths = [here, here.with_name("plots.py"), here.with_name("svg_figures.py"), here.with_name("chance_bar.py")]
    if task is not None:
        from ..tasks.catalog import get_task

        for fn in get_task(task).figures:
            module = sys.modules.get(fn.__module__)
            if module is not None and getattr(module, "__file__", None):
                paths.append(Path(module.__file__).resolve())
                folder = Path(module.__file__).resolve().parent
                for pkg in (folder, folder.parent):  # the test's package and its family's
                    if (pkg / "__init__.py").exists():
                        paths += list(pkg.glob("*.py"))
    return _files_digest(paths) + _matplotlib_version()


def _hash_frame(h, df: pd.DataFrame, rows: int = 20_000) -> None:
    """Feed ``df`` to the hash ``h`` as JSON, ``rows`` rows at a time (never the whole
    frame's JSON at once: 500,000 trials would be a few hundred MB of text)."""
    h.update(json.dumps([list(map(str, df.columns)), len(df)]).encode())
    for start in range(0, len(df), rows):
        h.update(df.iloc[start:start + rows].to_json(orient="values", default_handler=str, date_format="iso").encode())


def digest(data: dict[str, Any], key: str) -> str:
    """What a section's figures depend on: its data and the code that draws them."""
    h = hashlib.sha256()
    if key == USAGE:
        scores: pd.DataFrame = data["scores"]
        cols = [c for c in ("condition", "tokens", "cost_usd") if c in scores]
        h.update(_code_digest(None).encode())
        _hash_frame(h, scores[cols])
        h.update(json.dumps(data["colours"]).encode())
        return h.hexdigest()
    spec, sub_t, sub_s, lines, present = section_frames(data, key)
    h.update(_code_digest(spec.id).encode())
    h.update(json.dumps([spec.key, lines, present, data["colours"], figure_points(data, key), bands(data, key)],
                        default=str).encode())
    _hash_frame(h, sub_t)
    _hash_frame(h, sub_s)
    return h.hexdigest()


# -- drawing -----------------------------------------------------------------------------
def _order(data: dict[str, Any], jobs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Larger sections first (more trials to plot)."""
    counts = data["trials"]["task"].value_counts()
    return sorted(jobs, key=lambda job: -int(counts.get(spec_of(job[0]).id, 0)))


def _draw(data: dict[str, Any], keys: list[str], helper: FigureHelper | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every figure of the sections: the generic ones written here as SVG, the tests' own drawn
    by matplotlib. With more than one figure function to draw and more than one core, a forked
    helper (``helper``, started early, or one forked now) shares them with this process, which
    writes the SVGs first and then takes jobs from the back while any are left."""
    if helper is not None and helper.declined:  # too much data for its pipe: one forked below inherits them
        helper = None
    if helper is not None and helper.given:  # every section's jobs, handed over by start_drawing
        jobs = helper.jobs
    else:
        jobs = _all_jobs(data, keys)
        if helper is None and len(jobs) > 1 and figure_helper.can_fork():
            _import_matplotlib()  # once, before the helper is forked
            helper = figure_helper.FigureHelper(data["store"], _draw_job, data=data)
        if helper is not None and jobs:
            helper.give(data, jobs)
    generic = {k: generic_figures(data, k) for k in keys}
    if helper is None or not jobs:
        if helper is not None:
            helper.close()
        results = {i: _draw_job(data, *job) for i, job in enumerate(jobs)}
    else:
        results = {}
        if not helper.split:  # a helper forked late shares the jobs with this process
            while (i := helper.claims.take(front=False)) is not None:
                results[i] = _draw_job(data, *jobs[i])
        drawn, failure = helper.collect()
        results.update(drawn)
        for i, job in enumerate(jobs):
            if i not in results:
                results[i] = _draw_job(data, *job)  # raises here what failed in the helper
        if failure and len(results) < len(jobs):  # pragma: no cover - the line above raised
            raise RuntimeError(failure)
    by_job = {job: results[i] for i, job in enumerate(jobs)}
    return {k: generic[k] + [r for j in range(_jobs(data, k)) for r in by_job[(k, j)]] for k in keys}


def _all_jobs(data: dict[str, Any], keys: list[str]) -> list[tuple[str, int]]:
    return _order(data, [(k, j) for k in keys for j in range(_jobs(data, k))])


def sections(data: dict[str, Any]) -> list[str]:
    """The sections of a report with figures: each test's (``test | preset``, in the order of
    the scores, as in the summary), then the usage section."""
    scores: pd.DataFrame = data["scores"]
    tests = [] if scores.empty else [f"{t} | {p}" for t, p in zip(scores["task"], scores["preset"])]
    return [*dict.fromkeys(tests), USAGE]


def start_drawing(data: dict[str, Any], helper: FigureHelper | None) -> None:
    """Hand a helper started early the figure jobs of every section as soon as the run is
    read (``report.build(on_read=...)``), before the summaries, tables and digests are
    computed (the store keeps no figure of the run, so every section is drawn). A run of more
    than :data:`.figure_helper.PIPE_ROWS` trials is not sent: the helper is let go, and the
    figures are drawn by one forked once the run is read (it inherits them)."""
    if helper is not None and not helper.given:
        if len(data["trials"]) > figure_helper.PIPE_ROWS:
            helper.decline()
        else:
            helper.give(data, _all_jobs(data, sections(data)))


def _import_matplotlib() -> None:
    from . import plots  # noqa: F401


def start_helper(store, run_id: int) -> FigureHelper | None:
    """A figure helper started before the run is read (see :mod:`.figure_helper`), or None
    where the report will not draw (its figures are kept) or cannot share the drawing."""
    return figure_helper.start_early(store, run_id, _draw_job)


def report_figures(data: dict[str, Any], keys: list[str],
                   helper: FigureHelper | None = None) -> dict[str, list[dict[str, Any]]]:
    """{section: [{title, data_url, width_px, min_pt}, ...]} for the given sections (test keys
    and ``USAGE``): kept ones from the store, the others drawn now (shared with ``helper``, a
    helper started early, where given) and kept."""
    store, run_id = data["store"], data["run"].id  # None: several runs in one report, none kept
    digests = {k: digest(data, k) for k in keys}
    found = figure_store.cached(store, run_id, digests) if run_id is not None else {}
    missing = [k for k in keys if k not in found]
    if not missing and helper is not None:
        helper.close()
    if missing:
        with embeddings.kept_vectors(store):  # the Oddball figure reads what its scoring embedded
            drawn = _draw(data, missing, helper)
        if run_id is not None:
            figure_store.keep(store, run_id, {k: (digests[k], drawn[k]) for k in missing})
        found.update(drawn)
    return {k: found[k] for k in keys}

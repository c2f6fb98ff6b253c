"""Published results beside a run's own: which rows of the published tables
(:mod:`machinepsych.published`) belong to the run's tests and conditions.

A published row stands beside a run's condition when it is of the same test and metric, the
same test configuration and the same condition:

* **preset**: Reflection-Bench's ``easy`` / ``hard`` rows match a preset with the same
  difficulty parameters (``default``, ``easy`` and ``paper-sequence`` are all easy); another
  named preset (``no-exclusivity``) must be the run's; an empty preset matches every preset
  that keeps the parameters the test's published presets change at their defaults (a
  ``paper-layout`` WCST-64 run is compared with Table 1, a ``no-exclusivity`` one is not);
* **input**, **mode**, **perturb**: the row's value (empty: the test's default; ``*``: any)
  equals the condition's (absent from a condition label: the default);
* **persona**: the row's (empty: none) equals the condition's;
* **strategy**: a model's condition matches rows of its own strategy; built-in agents and
  people take tests without one, so they are set beside the rows of the direct-answer
  strategy where the test has such rows (all rows otherwise); rows marked ``*`` (human norms,
  chance) match every strategy;
* **answer mode**: every published row is of free answers (the papers read what their
  participants wrote or clicked); a condition run with ``--answer structured`` (labelled
  ``answer=structured``: the answer constrained to a JSON Schema, a different condition from
  the papers') stands beside no published row. ``--choice-probs`` only asks for the
  probabilities of the reply the model gives anyway: it is no part of the condition.

Published rows are shown labelled ``published: MODEL (condition)``, never averaged with the
run's sessions and never counted in its n. ``kind == "chance"`` rows (published random
baselines) go only into the paper layouts and JSON: the report shows its own chance levels.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ..core.errors import ConfigError, UnknownNameError
from ..core.spec import FREE, PRESENTATION
from ..published import ANY, PublishedRow, load_rows
from ..tasks.catalog import get_battery, get_task, is_battery

PERSONAS = ("none", "goal_maint", "inhib_ctrl", "adapt_upd")
CONDITION_PARAMS = PRESENTATION
# parameters that choose the paper's own materials (its sequence, its released passages): a run
# on them is still the published configuration
MATERIALS = {"sequence", "materials", "data", "reference"}


def parse_condition(condition: str) -> dict[str, Any]:
    """A run's condition label (``participant | strategy | persona | key=value ...``) as
    fields: participant, strategy (None for agents and people), persona, answer (``free``
    unless the label says ``answer=structured``), input, mode, perturb (None where the label
    leaves the parameter at its default)."""
    parts = [p.strip() for p in condition.split(" | ")]
    out: dict[str, Any] = {"participant": parts[0], "strategy": None, "persona": "none", "answer": FREE,
                           "input": None, "mode": None, "perturb": None}
    rest = parts[1:]
    fixed = parts[0].startswith("agent:") or parts[0] == "human" or parts[0].startswith("human:")
    if rest and not fixed and "=" not in rest[0]:
        out["strategy"] = rest.pop(0)
    for p in rest:
        if "=" in p:
            k, _, v = p.partition("=")
            out[k.strip()] = v.strip()
        elif p in PERSONAS:
            out["persona"] = p
    return out


def _norm(key: str, value: Any) -> str:
    if value is None:
        return ""
    if key == "perturb":
        items = value if isinstance(value, (list, tuple)) else str(value).split(",")
        return ",".join(sorted(str(v).strip() for v in items if str(v).strip()))
    return str(value)


@lru_cache(maxsize=None)
def _defaults(test: str) -> dict[str, Any]:
    return get_task(test).Params().model_dump(mode="json")


@lru_cache(maxsize=None)
def _resolved(test: str, preset: str) -> dict[str, Any] | None:
    try:
        return get_task(test).resolve(preset, {}).model_dump(mode="json")
    except (ConfigError, UnknownNameError, ValueError):
        return None


def _changed_keys(test: str, presets: Iterable[str]) -> set[str]:
    """Parameters the given presets set away from the defaults."""
    base = _defaults(test)
    keys: set[str] = set()
    for p in presets:
        r = _resolved(test, p)
        if r:
            keys |= {k for k, v in r.items() if base.get(k) != v}
    return keys - set(CONDITION_PARAMS)


@lru_cache(maxsize=None)
def _published_presets(test: str) -> tuple[str, ...]:
    return tuple(sorted({r.preset for r in load_rows() if r.test == test and r.preset}))


def preset_matches(test: str, row_preset: str, preset: str) -> bool:
    """Whether a run's preset of ``test`` is the published row's test configuration."""
    if row_preset == ANY:
        return True
    if is_battery(test):  # a battery's rows (Reflection-Bench overall): the difficulty of its tests
        return row_preset in ("", preset) or (row_preset == "easy" and preset in ("", "default"))
    ours = _resolved(test, preset)
    if ours is None:
        return False
    keys = _changed_keys(test, _published_presets(test)) if not row_preset else None
    if row_preset:
        theirs = _resolved(test, row_preset)
        if theirs is None:
            return False
        keys = _changed_keys(test, [row_preset]) | _difficulty_keys(test)
        if not keys:  # a preset at the defaults (oddball's easy): the same parameters
            keys = (set(ours) | set(theirs)) - set(CONDITION_PARAMS) - MATERIALS
        return all(ours.get(k) == theirs.get(k) for k in keys)
    base = _defaults(test)
    return all(ours.get(k) == base.get(k) for k in keys)


@lru_cache(maxsize=None)
def _difficulty_keys(test: str) -> set[str]:
    """The parameters in which a test's ``easy`` and ``hard`` presets differ."""
    spec = get_task(test)
    if "easy" not in spec.presets or "hard" not in spec.presets:
        return set()
    easy, hard = _resolved(test, "easy") or {}, _resolved(test, "hard") or {}
    return {k for k in set(easy) | set(hard) if easy.get(k) != hard.get(k)} - set(CONDITION_PARAMS)


@lru_cache(maxsize=None)
def _has_direct(test: str) -> bool:
    return any(r.test == test and r.strategy == "direct" for r in load_rows())


def condition_matches(row: PublishedRow, condition: str) -> bool:
    c = parse_condition(condition)
    if c["answer"] != FREE:  # the papers' participants answered freely: structured answers are another condition
        return False
    if row.strategy not in ("", ANY):
        if c["strategy"] is None:  # agents and people: beside the direct-answer rows
            if _has_direct(row.test) and row.strategy != "direct":
                return False
        elif c["strategy"] != row.strategy:
            return False
    if row.persona != ANY and (row.persona or "none") != c["persona"]:
        return False
    defaults = _defaults(row.test) if not is_battery(row.test) else {}
    for key in CONDITION_PARAMS:
        want = getattr(row, key)
        if want == ANY:
            continue
        have = c[key] if c[key] is not None else defaults.get(key)
        if _norm(key, want or defaults.get(key)) != _norm(key, have):
            return False
    return True


def rows_for(keys: Iterable[tuple[str, str, str]], *, kinds: tuple[str, ...] = ("model", "human", "reference", "chance")
             ) -> list[PublishedRow]:
    """The published rows of a set of (test, metric, condition) keys, in file order, each once.

    ``test`` is a test id or a report key ``"test | preset"`` (the preset then has to match,
    see :func:`preset_matches`); ``condition`` is a run's condition label (participant first)."""
    wanted: dict[tuple[str, str], list[tuple[str | None, str]]] = {}
    for test, metric, condition in keys:
        tid, _, preset = test.partition(" | ")
        wanted.setdefault((_canonical(tid), metric), []).append((preset or None, condition))
    out = []
    for row in load_rows():
        if row.kind not in kinds:
            continue
        for preset, condition in wanted.get((row.test, row.metric), ()):
            if (preset is None or preset_matches(row.test, row.preset, preset)) and condition_matches(row, condition):
                out.append(row)
                break
    return out


def _canonical(test: str) -> str:
    if is_battery(test):
        return test
    try:
        return get_task(test).id
    except (ConfigError, UnknownNameError):
        return test


def report_keys(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(``test | preset``, metric, condition) of every metric of every test and condition of a
    report (the tests' metrics, their pooled metrics and the battery's summary metrics)."""
    keys = []
    for key, conds in data.get("summary", {}).items():
        spec = get_task(key.split(" | ")[0])
        names = [m.name for m in spec.metrics] + ([m.name for m in spec.pooled.metrics] if spec.pooled else [])
        keys += [(key, m, c) for c in conds for m in names]
    for name, by_cond in (data.get("batteries") or {}).items():
        battery = get_battery(name)
        members = {i.task for i in battery.items}
        settings = {"hard" if _is_hard(k) else "easy" for k in data.get("summary", {}) if k.split(" | ")[0] in members}
        keys += [(f"{name} | {s}", m.name, c) for s in sorted(settings) for c in by_cond for m in battery.summary_metrics]
    return keys


def _is_hard(key: str) -> bool:
    test, _, preset = key.partition(" | ")
    return "hard" in get_task(test).presets and preset_matches(test, "hard", preset)


def for_report(data: dict[str, Any]) -> list[PublishedRow]:
    """Every published row that stands beside one of the report's conditions (computed once).
    A test run with parameters of its own (``--param n_trials=12``) is another design: it
    gets no published rows (the number of items of a test of independent items, ``n_items``,
    only changes the precision and is allowed)."""
    if "_published" not in data:
        changed = _own_parameters(data)
        keys = [k for k in report_keys(data) if k[0] not in changed]
        data["_published"] = rows_for(keys) if data.get("summary") else []
    return data["_published"]


SAMPLE = {"n_items"}


def _own_parameters(data: dict[str, Any]) -> set[str]:
    """The report keys (``test | preset``) run with parameters other than their preset's, in
    any of the report's runs (a key several runs share is one table: one run of its own
    parameters makes the table another design)."""
    from .report import run_configs

    out = set()
    shown = data.get("designs") or {}  # a test in another design than the other runs': its own key
    for run, t in ((n, t) for n, config in run_configs(data) for t in (config.get("tests") or {}).values()):
        test = str(t.get("test", "")).rsplit("-v", 1)[0]
        preset = t.get("preset", "default")
        try:
            resolved = _resolved(_canonical(test), preset)
        except Exception:  # noqa: BLE001 - an unknown test has nothing published
            continue
        if resolved is None:
            continue
        params = t.get("params") or {}
        ignore = set(CONDITION_PARAMS) | MATERIALS | SAMPLE
        if any(k not in ignore and k in resolved and resolved[k] != v for k, v in params.items()):
            key = f"{_canonical(test)} | {preset}"
            out.add(f"{_canonical(test)} | {shown.get((run, key), preset)}")
    return out


def beside(data: dict[str, Any], key: str, metrics: Iterable[str] | None = None) -> list[PublishedRow]:
    """The published rows shown in a test's tables (``key`` = ``test | preset``): models,
    people and references, not published chance levels."""
    test = get_task(key.split(" | ")[0]).id
    names = set(metrics) if metrics is not None else None
    rows = for_report(data)
    conds = data["summary"].get(key, {})
    out = []
    for r in rows:
        if r.test != test or r.kind == "chance" or (names is not None and r.metric not in names):
            continue
        if any(preset_matches(test, r.preset, key.split(" | ")[1]) and condition_matches(r, c) for c in conds):
            out.append(r)
    return out


def by_label(rows: Iterable[PublishedRow]) -> dict[str, dict[str, PublishedRow]]:
    """{row label: {metric: row}}: a published model's values of one table row, in order."""
    out: dict[str, dict[str, PublishedRow]] = {}
    for r in rows:
        out.setdefault(r.label, {}).setdefault(r.metric, r)
    return out


def to_json(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The report's ``published`` key: the rows beside the run (source, model, condition,
    metric, value; sd, n and note where known), each with ``beside``: the run's conditions
    it stands beside (a structured-answer condition never is one)."""
    keys = report_keys(data)
    out = []
    for r in for_report(data):
        beside = [c for key, metric, c in keys if metric == r.metric and _canonical(key.split(" | ")[0]) == r.test
                  and preset_matches(r.test, r.preset, key.partition(" | ")[2]) and condition_matches(r, c)]
        out.append({**r.as_json(), "beside": list(dict.fromkeys(beside))})
    return out


def cell(row: PublishedRow | None, digits: int = 2) -> str:
    """A published value as the tables show it: value (SD), or value (-) where no SD was published."""
    if row is None:
        return "-"
    return f"{row.value:.{digits}f} ({row.sd:.{digits}f})" if row.sd is not None else f"{row.value:.{digits}f} (-)"


def table_rows(data: dict[str, Any], key: str, metrics: Iterable[str]) -> dict[str, dict[str, PublishedRow]]:
    """{label: {metric: row}} of the published rows shown in a test's table of ``metrics``."""
    return by_label(beside(data, key, metrics))


def figure_points(data: dict[str, Any], key: str) -> dict[str, list[tuple[str, float]]]:
    """{metric: [(label, value)]} of the published rows a test's figure marks beside its bars."""
    out: dict[str, list[tuple[str, float]]] = {}
    if not data.get("summary") or key not in data["summary"]:
        return out
    for r in beside(data, key):
        out.setdefault(r.metric, []).append((r.label, r.value))
    return out

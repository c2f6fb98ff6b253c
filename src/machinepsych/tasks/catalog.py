"""The catalog: one line per test (and per battery), imported lazily.

Each line maps a versioned id to ``"package.module:NAME"`` (Gymnasium's ``entry_point``):
looking a test up imports that test's package only. Tests outside this package register
the same way, with :func:`register_task` / :func:`register_battery` at run time or through
the ``machinepsych.tasks`` / ``machinepsych.batteries`` entry-point groups of an installed
distribution. Ids are case-insensitive (``visfactor-VZ2`` is ``visfactor-vz2``).

A test's id alone names its latest version; ``wcst-v1`` or ``wcst@1`` names version 1. A
test gets a new version whenever what it sends a model changes; the old versions stay in the
catalog with their old behaviour, so stored runs keep reproducing (docs/README.md#versions).
"""
from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from ..core.errors import ConfigError, UnknownNameError
from ..core.spec import Battery, TaskSpec

_CS = "machinepsych.tasks.cardsort"
_RB = "machinepsych.tasks.reflection"
_VF = "machinepsych.tasks.visfactor"
VISFACTOR_SUBTESTS = ("CF1", "CF2", "CF3", "CS1", "CS2", "CS3", "VZ1", "VZ2", "VZ3", "S1", "S2", "SS2", "SS3",
                      "P3", "I3", "MA1", "MV1", "MV2", "MV3", "RL2")

# how many versions each VisFactor subtest has (the last is the one its id names; each older one
# is the module attribute <ID>_V<k>): the memory subtests' v2 takes the study page away from
# models, and each redesign of a generator by issue 20 (no construct-free shortcut) is a version
# (tasks/visfactor/subtests.history says which)
VISFACTOR_VERSIONS = {"CF1": 2, "CF2": 4, "CF3": 3, "CS1": 2, "CS2": 2, "CS3": 2, "VZ1": 4, "VZ2": 3, "VZ3": 2,
                      "S1": 1, "S2": 2, "SS2": 5, "SS3": 6, "P3": 3, "I3": 3, "MA1": 2, "MV1": 2, "MV2": 2,
                      "MV3": 3, "RL2": 1}

TASKS: dict[str, str] = {
    # v2: the feedback line is sent once (v1 sent it twice)
    "wcst-v1": f"{_CS}.wcst64:SPEC_V1",
    "wcst-v2": f"{_CS}.wcst64:SPEC",
    "wcst-128-v1": f"{_CS}.wcst128:SPEC",
    "wcst-kennedy-v1": f"{_CS}.kennedy:SPEC",
    "wcst-shape-v1": f"{_CS}.components:SHAPE",
    "wcst-color-v1": f"{_CS}.components:COLOR",
    "wcst-number-v1": f"{_CS}.components:NUMBER",
    "wcst-reflection-v1": f"{_CS}.reflection_wcst:SPEC_V1",
    "wcst-reflection-v2": f"{_CS}.reflection_wcst:SPEC",
    "wcst-vision-probe-v1": f"{_CS}.vision_probe:SPEC",
    "lnt-v1": f"{_CS}.lnt:SPEC",
    "lnt-letter-v1": f"{_CS}.lnt:LETTER",
    "lnt-number-v1": f"{_CS}.lnt:NUMBER",
    "wpt-v1": f"{_RB}.wpt:SPEC",
    "oddball-v1": f"{_RB}.oddball:SPEC",
    "nback-v1": f"{_RB}.nback:SPEC",
    "dcigt-v1": f"{_RB}.dcigt:SPEC",
    "prlt-v1": f"{_RB}.prlt:SPEC",
    "mbt-v1": f"{_RB}.mbt:SPEC",
    "igt-v1": "machinepsych.tasks.igt:SPEC",
    "bandit2arm-v1": "machinepsych.tasks.bandit:TWO_ARM",
    "prl-v1": "machinepsych.tasks.bandit:PRL",
    "bandit4arm-v1": "machinepsych.tasks.bandit:FOUR_ARM",
    "bandit4arm-gl-v1": "machinepsych.tasks.bandit:FOUR_ARM_GL",
    "bandit-pairs-v1": "machinepsych.tasks.bandit:PAIRS",
    "twostep-v1": "machinepsych.tasks.twostep:SPEC",
    "twostep-kool-v1": "machinepsych.tasks.twostep_kool:SPEC",
    # v2: each flow is taken away from models once read (v1 kept it in the statement requests)
    "cogbench-a-v1": "machinepsych.tasks.cogbench:SPEC_A_V1",
    "cogbench-a-v2": "machinepsych.tasks.cogbench:SPEC_A",
    "cogbench-v-v1": "machinepsych.tasks.cogbench:SPEC_V_V1",
    "cogbench-v-v2": "machinepsych.tasks.cogbench:SPEC_V",
    **{f"visfactor-{s.lower()}-v{k}": f"{_VF}.subtests:{s}" + ("" if k == n else f"_V{k}")
       for s, n in VISFACTOR_VERSIONS.items() for k in range(1, n + 1)},
}
BATTERIES: dict[str, str] = {
    "rule-switching": f"{_CS}.battery:BATTERY",
    "kennedy-nowak": f"{_CS}.battery:KENNEDY",
    "reflection-bench": f"{_RB}.battery:BATTERY",
    "visfactor": f"{_VF}.subtests:BATTERY",
    "wcst64": f"{_CS}.battery:WCST64",
    "cogbench": "machinepsych.tasks.cogbench.battery:BATTERY",
}

_loaded_tasks: dict[str, TaskSpec] = {}
_loaded_batteries: dict[str, Battery] = {}
_plugins_read = False


def register_task(key: str, entry_point: str | TaskSpec) -> None:
    """Add a catalog line: ``key`` is ``ID-vN``; ``entry_point`` is ``"module:NAME"`` (or the
    spec itself)."""
    _split(key)
    if key in TASKS and TASKS[key] != entry_point:
        raise ConfigError(f"test {key} is already in the catalog ({TASKS[key]})")
    if isinstance(entry_point, TaskSpec):
        _loaded_tasks[key] = entry_point
        entry_point = f"<object {entry_point.id}>"
    TASKS[key] = entry_point


def register_battery(battery_id: str, entry_point: str | Battery) -> None:
    if isinstance(entry_point, Battery):
        _loaded_batteries[battery_id] = entry_point
        entry_point = f"<object {battery_id}>"
    BATTERIES[battery_id] = entry_point


def _read_plugins() -> None:
    global _plugins_read
    if _plugins_read:
        return
    _plugins_read = True
    installed = entry_points()  # one pass over the installed distributions for both groups
    for ep in installed.select(group="machinepsych.tasks"):
        TASKS.setdefault(ep.name, ep.value)
    for ep in installed.select(group="machinepsych.batteries"):
        BATTERIES.setdefault(ep.name, ep.value)


def _split(key: str) -> tuple[str, int]:
    base, sep, v = key.rpartition("-v")
    if not sep or not v.isdigit():
        raise ConfigError(f"catalog key {key!r} must be ID-vN, e.g. wcst-v1")
    return base, int(v)


def _load(entry_point: str, what: str):
    module, _, name = entry_point.partition(":")
    obj = importlib.import_module(module)
    try:
        return getattr(obj, name)
    except AttributeError:
        raise ConfigError(f"{what}: {module} has no {name!r} (catalog line {entry_point!r})") from None


_by_id: tuple[tuple[str, ...], dict[str, dict[int, str]]] = ((), {})  # the catalog's keys, and their ids' versions


def _versions() -> dict[str, dict[int, str]]:
    """Each test id's versions and their catalog keys (built again only when the catalog's
    keys change: a run looks its test up once per session). Read-only for callers."""
    global _by_id
    _read_plugins()
    keys = tuple(TASKS)
    if keys == _by_id[0]:
        return _by_id[1]
    out: dict[str, dict[int, str]] = {}
    for key in keys:
        base, v = _split(key)
        out.setdefault(base, {})[v] = key
    _by_id = (keys, out)
    return out


def task_ids() -> list[str]:
    return sorted(_versions())


def battery_ids() -> list[str]:
    _read_plugins()
    return sorted(BATTERIES)


def split_version(name: str) -> tuple[str, int | None]:
    """``wcst@1`` / ``wcst-v1`` -> (``wcst``, 1); ``wcst`` -> (``wcst``, None). Ids are
    lower-cased; a suffix that is not a version number is left in the id."""
    name = name.strip().lower()
    versions = _versions()
    base, sep, v = name.rpartition("@")
    if sep:
        v = v.strip().removeprefix("v")
        if not v.isdigit():
            raise ConfigError(f"test {name!r}: the version after '@' must be a number, e.g. wcst@1")
        return base.strip(), int(v)
    if name not in versions:
        base, sep, v = name.rpartition("-v")
        if sep and v.isdigit() and base in versions:
            return base, int(v)
    return name, None


def get_task(task_id: str, version: int | None = None) -> TaskSpec:
    """Look up a test by id (``wcst``: its latest version) or versioned id (``wcst-v1`` or
    ``wcst@1``), importing only its package. ``version`` (stored runs give it) wins over a
    version in the id."""
    name, named = split_version(task_id)
    version = version if version is not None else named
    versions = _versions()
    if name not in versions:
        raise UnknownNameError("test", task_id, list(versions) + battery_ids())
    by_version = versions[name]
    if version is None:
        version = max(by_version)
    if version not in by_version:
        raise UnknownNameError(f"version of {name}", str(version), map(str, by_version), plural=f"versions of {name}")
    key = by_version[version]
    if key not in _loaded_tasks:
        spec = _load(TASKS[key], f"test {key}")
        if not isinstance(spec, TaskSpec) or spec.key != key:
            raise ConfigError(f"catalog line {key} -> {TASKS[key]} is not the TaskSpec of {key}")
        _loaded_tasks[key] = spec
    return _loaded_tasks[key]


def is_battery(name: str) -> bool:
    _read_plugins()
    return name.strip().lower() in BATTERIES


def get_battery(battery_id: str) -> Battery:
    name = battery_id.strip().lower()
    if not is_battery(name):
        raise UnknownNameError("battery", battery_id, BATTERIES)
    if name not in _loaded_batteries:
        _loaded_batteries[name] = _load(BATTERIES[name], f"battery {name}")
    return _loaded_batteries[name]


def task_versions(task_id: str) -> list[int]:
    """The versions of a test in the catalog, oldest first."""
    name, _ = split_version(task_id)
    versions = _versions()
    if name not in versions:
        raise UnknownNameError("test", task_id, list(versions) + battery_ids())
    return sorted(versions[name])


def is_latest(spec: TaskSpec) -> bool:
    """Whether ``spec`` is its test's latest version (what its id alone names)."""
    return spec.version == max(_versions().get(spec.id, {spec.version: None}))


def all_tasks() -> list[TaskSpec]:
    """Every test at its latest version (imports every test package)."""
    return sorted((get_task(t) for t in task_ids()), key=lambda s: (s.family, s.id))


def all_batteries() -> list[Battery]:
    return [get_battery(b) for b in battery_ids()]

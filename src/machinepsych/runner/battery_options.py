"""A battery's run options (``--preset``, ``--difficulty``, ``--param``, ``--mode``,
``--perturb``, ``--input``) applied to its members.

* A preset (or difficulty) goes to every member that has a preset of that name; a name the
  battery itself declares (``Battery.designs``, e.g. ``paper``: the paper's whole design)
  replaces the battery's configurations; a name neither knows is an error.
* A parameter goes to every member that has it and accepts the value (``mode=split`` only to
  the VisFactor subtests with a split mode); a key no member has, or a value none accepts, is
  an error.
* A member without the setting runs as it is, unless the battery says the setting leaves it
  out (``Battery.leaves_out``: the paper ran the setting without it). Either way the members
  are named in one note, which the command prints on stderr.

Everything is checked here, before any run is created.
"""
from __future__ import annotations

from typing import Any

from ..core.errors import ConfigError, UnknownNameError
from ..core.spec import Battery, BatteryItem, TaskSpec
from ..tasks.catalog import get_task

__all__ = ["expand_battery", "battery_presets"]


def battery_presets(battery: Battery) -> list[str]:
    """Every preset name a battery run accepts: its designs and its members' presets."""
    names = list(battery.designs)
    for item in battery.items:
        names += [p for p in get_task(item.task).presets if p not in names]
    return names


def _value_text(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


def _accepts(spec: TaskSpec, preset: str, params: dict[str, Any]) -> bool:
    try:
        spec.resolve(preset, params)
    except ConfigError:
        return False
    return True


def expand_battery(battery: Battery, preset: str | None, params: dict[str, Any], difficulty: str | None = None,
                   *, keep_strategies: bool = True, keep_personas: bool = True) -> tuple[list[tuple[BatteryItem, str, dict[str, Any]]], str | None]:
    """([(item, preset, params)] to run, the note naming the members an option did not reach
    or left out, or None). ``keep_strategies`` / ``keep_personas`` False drop the items' own
    strategies / personas (the run names its own)."""
    if preset and difficulty and preset != difficulty:
        raise ConfigError(f"--preset {preset} and --difficulty {difficulty}: a battery takes one of them")
    setting = preset or difficulty
    option = "--preset" if preset else "--difficulty"
    items = battery.items
    if setting and setting in battery.designs:
        items, setting = battery.designs[setting], None
    elif setting and not any(setting in get_task(i.task).presets for i in items):
        raise UnknownNameError(f"preset of {battery.id}", setting, battery_presets(battery),
                               plural=f"presets of {battery.id} and its tests")
    specs = {item.task: get_task(item.task) for item in items}
    unknown = sorted(k for k in params if not any(k in s.Params.model_fields for s in specs.values()))
    if unknown:
        valid = {f for s in specs.values() for f in s.Params.model_fields}
        raise UnknownNameError(f"parameter of the {battery.id} tests", unknown[0], valid,
                               plural=f"parameters of the {battery.id} tests")
    missing: dict[str, list[str]] = {}  # option text -> members that run without it
    left: dict[str, list[str]] = {}  # option text -> members left out
    out: list[tuple[BatteryItem, str, dict[str, Any]]] = []
    for item in items:
        spec = specs[item.task]
        pre, own = item.preset, dict(item.params)
        skip = None
        if setting:
            if setting in spec.presets:
                pre = setting
            elif spec.id in battery.leaves_out.get(setting, ()):
                skip = f"{option} {setting}"
            else:
                missing.setdefault(f"{option} {setting}", []).append(spec.id)
        for key, value in params.items():
            text = f"{key}={_value_text(value)}"
            if skip:
                break
            if key in spec.Params.model_fields and _accepts(spec, pre, {**own, key: value}):
                own[key] = value
            elif spec.id in battery.leaves_out.get(text, ()):
                skip = text
            else:
                missing.setdefault(text, []).append(spec.id)
        if skip:
            left.setdefault(skip, []).append(spec.id)
            continue
        spec.resolve(pre, own)  # the battery's own configuration, validated with a clear error
        item = BatteryItem(item.task, item.preset, item.sessions, item.params,
                           item.strategies if keep_strategies else (), item.personas if keep_personas else ())
        out.append((item, pre, own))
    for key, value in params.items():  # a value no member takes is a mistake, not a partial setting
        text = f"{key}={_value_text(value)}"
        if len(missing.get(text, [])) + len(left.get(text, [])) == len(items):
            first = next(s for s in specs.values() if key in s.Params.model_fields)
            first.resolve(None, {key: value})  # raises its one-line error
            raise ConfigError(f"--param {text}: no test of {battery.id} takes it")
    if not out:
        raise ConfigError(f"{battery.id}: the options leave no test to run")
    parts = [f"{opt} left out {', '.join(ids)} (as the paper ran it)" for opt, ids in left.items()]
    parts += [f"{opt} does not apply to {', '.join(ids)} (run as they are)" for opt, ids in missing.items()]
    return out, (f"{battery.id}: " + "; ".join(parts)) if parts else None

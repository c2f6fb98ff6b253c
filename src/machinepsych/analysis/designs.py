"""A test's design in a run: its version and its parameters (those a condition label does not
name: ``input``, ``mode`` and ``perturb`` are conditions of one design). Two runs of one test
and preset made with other parameters (``prl`` at 100 trials and ``--param trials=60``) or of
another version give sessions that share seeds but not their trials: they are never paired
nor pooled as one. A report of several runs shows each other design as a table of its own,
``test | preset (trials=60)`` (the parameters in which it differs from its preset), and
``reliability RUN RUN`` compares no test whose designs differ.
"""
from __future__ import annotations

import json
from typing import Any

from ..core.spec import PRESENTATION


def designs(config: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """{``test | preset``: the design (``test``: test-vN, ``params``)} of a run's configuration
    (:func:`.report.run_config`); a test and preset listed once per presentation (``input=image``)
    is one design."""
    out: dict[str, dict[str, Any]] = {}
    for t in (config.get("tests") or {}).values():
        task = str(t.get("test", "")).rsplit("-v", 1)[0]
        own = sorted(t.get("per_person") or ())  # imported people's own schedules: not the design
        params = {k: v for k, v in (t.get("params") or {}).items() if k not in PRESENTATION and k not in own}
        out.setdefault(f"{task} | {t.get('preset', 'default')}", {"test": t.get("test"), "params": params, "own": own})
    return out


def _signature(design: dict[str, Any], own: set[str]) -> str:
    """A design's version and parameters, but for those some person set for themselves (``own``:
    an imported person's schedule, whatever the other runs' value)."""
    return json.dumps([design["test"], {k: v for k, v in design["params"].items() if k not in own}],
                      sort_keys=True, default=str)


def differences(key: str, design: dict[str, Any], versions: bool = False) -> str:
    """The parameters in which a design differs from its preset's (``trials=60``), led by its
    version where ``versions`` (``prl-v1, trials=60``)."""
    from .published import _resolved

    task, _, preset = key.partition(" | ")
    base = _resolved(task, preset) or {}
    parts = [str(design["test"])] if versions else []
    parts += [f"{k}={_short(v)}" for k, v in design["params"].items() if base.get(k, v) != v or k not in base]
    return ", ".join(parts)


def _short(value: Any) -> str:
    text = ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def split(configs: list[tuple[str, dict[str, Any]]]) -> dict[tuple[str, str], str]:
    """{(run name, ``test | preset``): the preset to show} for each test of the runs given
    (name, configuration) that is run in more than one design: each design other than the
    preset's own is shown as ``preset (its differences)``; designs the differences cannot
    tell apart are told apart by their runs."""
    by_key: dict[str, dict[str, list[str]]] = {}
    found: dict[str, dict[str, Any]] = {}
    every = [(name, designs(config)) for name, config in configs]
    own: dict[str, set[str]] = {}
    for _, tests in every:
        for key, design in tests.items():
            own.setdefault(key, set()).update(design["own"])
    for name, tests in every:
        for key, design in tests.items():
            sig = _signature(design, own[key])
            by_key.setdefault(key, {}).setdefault(sig, []).append(name)
            found[sig] = design
    out: dict[tuple[str, str], str] = {}
    for key, sigs in by_key.items():
        if len(sigs) < 2:
            continue
        versions = len({found[s]["test"] for s in sigs}) > 1
        shown = {s: differences(key, found[s], versions) for s in sigs}
        preset = key.partition(" | ")[2]
        for sig, names in sigs.items():
            text = shown[sig]
            if list(shown.values()).count(text) > 1:
                text = ", ".join(filter(None, [text, *(f"run={n}" for n in names)]))
            for name in names:
                out[(name, key)] = f"{preset} ({text})" if text else preset
    return out


def differing(config_a: dict[str, Any], config_b: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """{``test | preset``: (design of a, design of b) as :func:`differences` words them} of the
    tests two runs share in different designs."""
    a, b = designs(config_a), designs(config_b)
    out = {}
    for key in a.keys() & b.keys():
        own = {*a[key]["own"], *b[key]["own"]}
        if _signature(a[key], own) != _signature(b[key], own):
            versions = a[key]["test"] != b[key]["test"]
            out[key] = (differences(key, a[key], versions) or "its preset's parameters",
                        differences(key, b[key], versions) or "its preset's parameters")
    return out

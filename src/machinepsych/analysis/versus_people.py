"""Scores set against people: where a test ("test | preset") of a report has a people
reference, each other condition's score is placed among those people.

A *people reference* is a condition all of whose sessions are people's (participants
``human`` or ``human:<label>``: the browser study, or a run made by ``import-people``); in a
report of several runs (``report MODEL_RUN PEOPLE_RUN``) the people of one run are the
reference of the other run's conditions on the same test and preset. On the test's primary
metric (declared by its ``TaskSpec``), each other condition's mean score gets

* ``z``: (score - people's mean) / people's SD (n - 1), None with fewer than two people or no
  spread;
* ``percentile``: the share of the people scoring below it, ties counted half, in percent
  (``scipy.stats.percentileofscore(kind="mean")``);
* ``normalised``: CogBench's normalisation (Coda-Forno et al., 2024), (score - random agent) /
  (people's mean - random agent): 0 is the random agent, 1 the people's mean. The random agent's
  level is the mean of the report's ``agent:random`` sessions of that test, or, where it has
  none, the test's simulated chance level (the report's chance table).

``z`` and ``percentile`` are on the metric's own direction (a higher score, a higher z);
``higher_is_better`` says which way is better.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pandas as pd

from ..participants.human import is_human_ref
from .report import spec_of

RANDOM_AGENT = "agent:random"
NORMALISED = "normalised: 0 = random agent, 1 = people's mean (CogBench)"


def _kind(participants: pd.Series) -> str:
    names = {str(p) for p in participants}
    if all(is_human_ref(p) for p in names):
        return "people"
    return "random" if names == {RANDOM_AGENT} else "other"


def _random_level(data: dict[str, Any], key: str, metric: str, sub: pd.DataFrame,
                  kinds: pd.Series) -> tuple[float | None, str]:
    """The random agent's level on ``metric``: the report's agent:random sessions of the test,
    else its simulated chance level."""
    randoms = [c for c, k in kinds.items() if k == "random"]
    values = sub.loc[sub["condition"].isin(randoms), metric].dropna()
    if len(values):
        return float(values.astype(float).mean()), f"{', '.join(randoms)} ({len(values)} sessions)"
    ch = (data.get("chance") or {}).get(key) or {}
    cell = (ch.get("metrics") or {}).get(metric)
    if cell and cell.get("mean") is not None:
        return float(cell["mean"]), f"chance simulation ({ch.get('n')} sessions of random answers)"
    return None, "none"


def _placed(score: float, people: list[float], mean: float, sd: float | None,
            random: float | None) -> dict[str, float | None]:
    from scipy.stats import percentileofscore

    return {"z": (score - mean) / sd if sd else None,
            "percentile": float(percentileofscore(people, score, kind="mean")),
            "normalised": (score - random) / (mean - random) if random is not None and mean != random else None}


def versus_people(data: dict[str, Any]) -> list[dict[str, Any]]:
    """One entry per test and people reference (see the module): the reference (``people``,
    its ``n``, ``mean``, ``sd``), the random agent's level and where it comes from, and
    ``rows``, each other condition's ``n``, ``mean``, ``z``, ``percentile``, ``normalised``.
    Computed once per report."""
    if "_versus_people" in data:
        return data["_versus_people"]
    out: list[dict[str, Any]] = []
    scores: pd.DataFrame = data.get("scores")
    runs = data.get("condition_runs") or {}
    if scores is not None and not scores.empty and "participant" in scores:
        for key in data["summary"]:
            task, preset = key.split(" | ")[:2]
            spec = spec_of(key)
            metric = spec.scorer.metric(spec.primary)
            sub = scores[(scores["task"] == task) & (scores["preset"] == preset)]
            if metric.name not in sub:
                continue
            kinds = sub.groupby("condition", sort=False)["participant"].agg(_kind)
            refs = [c for c, k in kinds.items() if k == "people"]
            if not refs:
                continue
            random, random_source = _random_level(data, key, metric.name, sub, kinds)
            by_cond = {c: g[metric.name].dropna().astype(float).tolist() for c, g in sub.groupby("condition", sort=False)}
            for ref in refs:
                people = by_cond[ref]
                if not people:
                    continue
                mean = sum(people) / len(people)
                sd = float(pd.Series(people).std(ddof=1)) if len(people) > 1 else None
                rows = [{"condition": c, "run": runs.get(c), "n": len(v), "mean": sum(v) / len(v),
                         **_placed(sum(v) / len(v), people, mean, sd, random)}
                        for c, v in by_cond.items() if c != ref and v]
                out.append({"key": key, "test": spec.id, "metric": metric.name, "label": metric.label or metric.name,
                            "higher_is_better": metric.higher_is_better, "people": ref, "people_run": runs.get(ref),
                            "n": len(people), "mean": mean, "sd": sd, "min": min(people), "max": max(people),
                            "random": random, "random_source": random_source, "rows": rows})
    data["_versus_people"] = out
    return out


def bands(data: dict[str, Any], key: str) -> dict[str, list[tuple[float, float, float, str]]]:
    """{metric: [(mean - SD, mean, mean + SD, label)]}: each people reference of a test as a
    band (its mean, plus and minus one SD, on every metric of the test's table) in the test's
    figure of metrics by condition."""
    out: dict[str, list[tuple[float, float, float, str]]] = {}
    refs = [v for v in versus_people(data) if v["key"] == key]
    if not refs:
        return out
    scores: pd.DataFrame = data["scores"]
    task, preset = key.split(" | ")[:2]
    sub = scores[(scores["task"] == task) & (scores["preset"] == preset)]
    for v in refs:
        who = f"people ({v['people']})" if len(refs) > 1 else "people"
        people = sub[sub["condition"] == v["people"]]
        for m in spec_of(key).metrics:
            values = people[m.name].dropna().astype(float) if m.table and m.name in people else pd.Series(dtype=float)
            if len(values):
                mean, sd = float(values.mean()), float(values.std(ddof=1)) if len(values) > 1 else 0.0
                out.setdefault(m.name, []).append((mean - sd, mean, mean + sd, f"{who}: mean ± 1 SD"))
    return out


def _f(v: float | None, digits: int = 2) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def against(v: dict[str, Any]) -> str:
    sd = f", SD {_f(v['sd'])}" if v["sd"] is not None else ""
    return f"{v['metric']} against people ({v['people']}: n {v['n']}, mean {_f(v['mean'])}{sd})"


def heading(v: dict[str, Any]) -> str:
    return f"{v['key']}: {against(v)}"


def notes(v: dict[str, Any]) -> list[str]:
    direction = {True: "higher is better", False: "lower is better", None: "neither direction is better"}
    return [f"random agent: {_f(v['random'])} ({v['random_source']}); {NORMALISED}",
            f"z: (score - people's mean) / people's SD; percentile: share of the people scoring below, ties half; "
            f"{v['metric']}: {direction[v['higher_is_better']]}"]


HEADERS = ["n", "score", "z", "percentile", "normalised"]
GLANCE_HEADERS = ["z", "pctile", "norm"]  # the at-a-glance table's columns against its test's first people


def glance_reference(data: dict[str, Any], key: str) -> dict[str, Any] | None:
    """The people reference whose z, percentile and normalised score the at-a-glance table of
    the test shows (its first; the others have tables of their own)."""
    return next((v for v in versus_people(data) if v["key"] == key and v["rows"]), None)


def glance_cells(v: dict[str, Any] | None, condition: str) -> list[str]:
    """A condition's z, percentile and normalised score in the at-a-glance table ("-" for the
    people themselves)."""
    r = next((r for r in v["rows"] if r["condition"] == condition), None) if v else None
    return ["-"] * 3 if r is None else [_f(r["z"]), _f(r["percentile"], 1), _f(r["normalised"])]


def glance_notes(v: dict[str, Any]) -> list[str]:
    """What the at-a-glance table's columns against people mean, and who the people are."""
    return [f"{GLANCE_HEADERS[0]}, {GLANCE_HEADERS[1]}, {GLANCE_HEADERS[2]}: "
            f"{against(v)}", *notes(v)]


def cells(r: dict[str, Any]) -> list[str]:
    return [str(r["n"]), _f(r["mean"]), _f(r["z"]), _f(r["percentile"], 1), _f(r["normalised"])]


def beyond_glance(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The people references with conditions to place that the at-a-glance tables do not show
    (a test's second and further references)."""
    return [v for v in versus_people(data) if v["rows"] and glance_reference(data, v["key"]) is not v]


def print_versus(data: dict[str, Any], console) -> None:
    """The terminal's tables of scores against people beyond the first of each test (the first
    is in the at-a-glance table; nothing where no test has people)."""
    from rich.text import Text

    from .fit_table import FitTable, print_fit

    for v in beyond_glance(data):
        ft = FitTable(heading(v), "condition", HEADERS)
        for i, r in enumerate(v["rows"]):
            ft.add(r["condition"], cells(r), code=f"c{i + 1}")
        print_fit(console, ft)
        for line in notes(v):
            console.print(Text("  " + line))


def html_section(data: dict[str, Any], cond: Callable[[dict[str, Any], str], str]) -> str:
    """The HTML report's section of scores against people beyond the at-a-glance tables' (``cond``
    draws a condition's cell)."""
    found = beyond_glance(data)
    if not found:
        return ""
    parts = ["<section id='versus-people'><h2>Against people</h2>"]
    for v in found:
        head = "<tr><th class='l'>condition</th>" + "".join(f"<th>{h}</th>" for h in HEADERS) + "</tr>"
        rows = "".join(f"<tr>{cond(data, r['condition'])}" + "".join(f"<td>{c}</td>" for c in cells(r)) + "</tr>"
                       for r in v["rows"])
        parts.append(f"<table><caption>{html.escape(heading(v))}</caption>{head}{rows}</table>"
                     + "".join(f"<p class='muted'>{html.escape(n)}</p>" for n in notes(v)))
    parts.append("</section>")
    return "".join(parts)


def to_json(data: dict[str, Any], at_a_glance: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``report --json``'s ``versus_people``; each ``at_a_glance`` row also gets its own
    placings, ``versus_people`` [{people, z, percentile, normalised}] (empty without people)."""
    found = versus_people(data)
    for g in at_a_glance:
        for row in g["rows"]:
            row["versus_people"] = [{"people": v["people"], **{k: r[k] for k in ("z", "percentile", "normalised")}}
                                    for v in found if v["key"] == g["key"]
                                    for r in v["rows"] if r["condition"] == row["condition"]]
    return [dict(v, rows=[dict(r) for r in v["rows"]]) for v in found]

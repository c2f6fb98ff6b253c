"""CogBench's Authenticity (Table 2) and Rationality (Table 3) rows, the paper layout of
``cogbench-a`` and ``cogbench-v`` (``TaskSpec.layouts``; :mod:`machinepsych.analysis.layouts`):
average, 5th and last iteration, per information flow (articles ``a``, videos ``v``).

Authenticity is a kappa against a reference: the released human majority with ``--data``, or,
on the shipped corpus, a SYNTHETIC reference scripted from its stance labels (no people rated
it). The ``reference`` column says which, for every row of ours, so a kappa against the
synthetic reference is never read as one against people (the published rows are against people).
"""
from __future__ import annotations

from typing import Any

COGBENCH_METRICS = ("authenticity_avg", "authenticity_5th", "authenticity_last", "rationality_avg",
                    "rationality_5th", "rationality_last")
COGBENCH_SHORT = {"authenticity_avg": "Auth avg", "authenticity_5th": "Auth 5th", "authenticity_last": "Auth last",
                  "rationality_avg": "Rat avg", "rationality_5th": "Rat 5th", "rationality_last": "Rat last"}
TESTS = ("cogbench-a", "cogbench-v")


def reference_name(kind: str | None) -> str:
    """The short name of a pooled condition's Authenticity reference."""
    if not kind:
        return "-"
    if kind.startswith("synthetic"):
        return "synthetic"
    return "people" if "human" in kind else kind


def cogbench(inp):
    from machinepsych.analysis.layouts import Layout, row, tasks_in

    keys = [k for k in inp.pooled if k.split(" | ")[0] in TESTS]
    if not keys and not (set(TESTS) & tasks_in(inp.scores)):
        return None
    rows = []
    synthetic = False
    for key in keys:
        bench = key.split(" | ")[0][-1]
        for cond, vals in inp.pooled[key].items():
            ref = reference_name(vals.get("reference"))
            synthetic |= ref == "synthetic"
            rows.append(row(f"{bench}: {cond}", {"reference": ref,
                                                 **{COGBENCH_SHORT[m]: vals.get(m) for m in COGBENCH_METRICS}}))
        pub: dict[str, dict[str, Any]] = {}
        firsts: dict[str, Any] = {}
        for r in inp.published:
            if r.test == key.split(" | ")[0] and r.metric in COGBENCH_METRICS:
                pub.setdefault(r.label, {"reference": "people"})[COGBENCH_SHORT[r.metric]] = r.value
                firsts.setdefault(r.label, r)
        rows += [row(f"{bench}: {label}", vals, firsts[label]) for label, vals in pub.items()]
    notes = ["a = articles, v = short videos. Authenticity: Cohen's kappa with the reference ratings (column "
             "reference: people = the released human majority, synthetic = the shipped corpus's scripted reference, "
             "which no person rated), pooled over every session of a condition, averaged over iterations 1..T; 5th "
             "and last iteration. Rationality: people's annotations (1-5), empty until annotated.",
             "Published: CogBench Tables 2-3, GPT-4 on the released data with 10 iterations, kappa against people "
             "(shown only beside runs of the default preset)."]
    if synthetic:
        notes.append("A kappa against the synthetic reference measures agreement with a script, not with people: "
                     "it is not comparable with the published kappas. Run with --data (the released files) for "
                     "the human majority.")
    return Layout("cogbench", "CogBench: Authenticity and Rationality (Tables 2-3)",
                  ["condition", "reference", *COGBENCH_SHORT.values()], rows, notes, digits=3)

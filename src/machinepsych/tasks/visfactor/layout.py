"""VisFactor's one table (Table 1), the paper layout of the subtests (``TaskSpec.layouts``;
:mod:`machinepsych.analysis.layouts`): the subtests run (with their split variants) x
conditions.

Every row compares like with like. The paper's accuracy counts parts (every T/F judgement, every
group number) for CF2, VZ1, S1, I3 and every split variant, and items elsewhere; the column of a
condition holds ours computed the same way (``acc_rows`` or ``accuracy``), the published
accuracies beside it. Where the paper counts parts, our item accuracy (every part right) has its
own column (``items``). ``official``: the same replies read as the official evaluator reads them
(``accuracy_official``, items), beside the leaderboard's. ``chance``: the paper's metric of a
participant who knows the format and gives one answer throughout (``random_constant``: F to
every part of a split item scores 80%), and the kit's human norm stands only beside rows on its
own scale, never beside a split variant.
"""
from __future__ import annotations

from typing import Any

PART_DEFAULT = {"CF2", "VZ1", "S1", "I3"}  # the paper's default accuracy counts parts


def paper_metric(subtest: str, mode: str) -> str:
    """The metric of the paper's accuracy for a subtest in a mode."""
    return "acc_rows" if mode == "split" or subtest in PART_DEFAULT else "accuracy"


def _published_name(r) -> str:
    from machinepsych.analysis.published import parse_condition

    name = f"{r.model} ({parse_condition('x | ' + r.condition)['strategy'] or '-'})"
    return name + (" official" if r.metric == "accuracy_official" else "")


def visfactor(inp):
    from machinepsych.analysis.layouts import Layout, mean, row, tasks_in
    from machinepsych.analysis.published import parse_condition
    from machinepsych.tasks.catalog import get_task

    from .catalog import SUBTESTS
    from . import task_id

    have = tasks_in(inp.scores)
    tests = [task_id(s) for s in SUBTESTS if task_id(s) in have]
    if not tests:
        return None
    df = inp.scores[inp.scores["task"].isin(tests)]
    conds = list(dict.fromkeys(parse_condition(c)["participant"] + _cond_rest(c) for c in df["condition"]))
    labels = {c: f"c{i + 1}" for i, c in enumerate(conds)}
    columns = ["subtest", "metric"]
    for c in conds:
        columns += [labels[c], f"{labels[c]} items", f"{labels[c]} official"]
    columns += ["chance", "norm %", "norm kit"]
    pub_cols: dict[str, str] = {}
    for r in inp.published:
        if r.kind in ("model", "reference") and r.metric in ("accuracy", "acc_rows", "accuracy_official"):
            pub_cols.setdefault(_published_name(r), r.source)
    columns += [f"published: {n}" for n in pub_cols]
    rows = []
    for test in tests:
        spec = get_task(test)
        sub = spec.id.split("-")[1].upper()
        tdf = df[df["task"] == test]
        for mode in dict.fromkeys(parse_condition(c)["mode"] or "default" for c in tdf["condition"]):
            paper = paper_metric(sub, mode)
            values: dict[str, Any] = {"metric": "parts" if paper == "acc_rows" else "items"}
            in_mode = tdf[[(parse_condition(x)["mode"] or "default") == mode for x in tdf["condition"]]]
            for c in conds:
                sel = in_mode[[(parse_condition(x)["participant"] + _cond_rest(x)) == c for x in in_mode["condition"]]]
                if sel.empty:
                    continue
                values[labels[c]] = mean(sel, paper)
                if paper != "accuracy":
                    values[f"{labels[c]} items"] = mean(sel, "accuracy")
                values[f"{labels[c]} official"] = mean(sel, "accuracy_official")
            values["chance"] = mean(in_mode, "random_constant")
            # the kit's norm is of the kit's own format, answered freely: never beside a split
            # variant, nor a row whose every condition answered structured (--answer structured)
            free = any(parse_condition(x)["answer"] != "structured" for x in in_mode["condition"])
            if mode != "split" and free:
                norm = next((n for n in spec.norms if n.metric == paper), None)
                if norm is not None:
                    values["norm %"] = norm.value
                values["norm kit"] = next((r.value for r in inp.published if r.test == spec.id and r.kind == "human"
                                           and r.metric == "frct_paper"), None)
            for r in inp.published:
                if r.test != spec.id or r.kind not in ("model", "reference"):
                    continue
                if r.metric not in (paper, "accuracy_official") or (r.mode or "default") != mode:
                    continue
                values.setdefault(f"published: {_published_name(r)}", r.value)
            label = sub + ("-S" if mode == "split" else "")
            rows.append(row(label, {"subtest": label, **values}))
    notes = [f"{labels[c]} = {c}" + (" (structured answers: a condition the papers did not run; the norm and "
                                       "published columns are of free answers)" if "answer=structured" in c else "")
             for c in conds]
    notes += ["metric: what the row's accuracies count, as the paper's Table 1 does: parts (each T/F judgement or "
              "group number: CF2, VZ1, S1, I3 and every split variant) or items. cN: ours on that metric, beside the "
              "published accuracies; cN items: our item accuracy (every part right) where the paper counts parts; "
              "cN official: the same replies read as the official evaluator reads them (items), beside the v2 "
              "leaderboard's.",
              "chance: the row's metric for a participant who knows the format and gives one answer to everything "
              "(F to every part of a split item: 80% where one option in five is T), not the 50% of guessing each "
              "part.",
              "norm %: the FRCT kit's norm group, converted to a percentage on the row's metric (default rows only: "
              "the kit's format, and a free-answer condition in the row); norm kit: the norm in kit points (the paper's Table 2 sets it beside FRCT scores).",
              "published: VisFactor Tables 1 and 3, and the v2 leaderboard (official scoring of the released "
              "items)."]
    return Layout("visfactor", "VisFactor: subtests x conditions", columns, rows, notes, digits=1)


def _cond_rest(cond: str) -> str:
    """A condition's label less its mode (the VisFactor layout has a row per mode)."""
    parts = [p for p in cond.split(" | ")[1:] if not p.startswith("mode=")]
    return "".join(" | " + p for p in parts)

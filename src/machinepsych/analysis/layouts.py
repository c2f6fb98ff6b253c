"""Paper layouts: per source paper, the summary table it leads with, from the report's scores
and the published rows that stand beside the run (:mod:`.published`).

Each layout is a small function ``(LayoutInput) -> Layout | None`` that returns None unless
the run has the tests it needs:

* ``reflection-bench``: Reflection-Bench's model x task table (Tables 2-9): each condition's
  score on WPT, WCST, Oddball, N-back, DC-IGT, PRLT, the overall score of Table 2 (six tests)
  and of Table 9 (five, no Oddball) and MBT, per difficulty (easy, hard);
* ``visfactor``: VisFactor's one table: the subtests run (with their split variants) x
  conditions, our accuracy beside the official evaluator's reading of the same replies
  (``accuracy_official``), the human norm of the FRCT kit (converted to a percentage, and in
  kit points) and the published accuracies;
* ``wcst64``: the WCST-64 study's 2x2 (input text/image x strategy direct/CoT), then the
  role-played impairments (personas) and the exclusivity ablation, CC PE NPE TFC CLR FMS;
* ``kennedy-nowak``: Kennedy & Nowak's switching test against its single-rule components:
  the worst-case bound P_w = n / (n + t - 1) (n = 6 successes before a switch, t rules: 0.75
  for the WCST, 6/7 for the LNT) and the bound scaled by the components' mean accuracy,
  P_w x mean component accuracy, with the switching accuracy's gap to it;
* ``cogbench``: CogBench's Authenticity (Table 2) and Rationality (Table 3) rows, average,
  5th and last iteration, per information flow (articles ``a``, videos ``v``).

Published rows are labelled ``published: MODEL (condition)`` and never enter our values.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..published import PublishedRow
from ..tasks.catalog import get_task
from .published import for_report, parse_condition, preset_matches
from .scores import MeanSD


@dataclass
class LayoutInput:
    """What a layout is built from: the report's per-session scores, the published rows
    beside the run, and the scores pooled over sessions (CogBench)."""

    scores: pd.DataFrame
    published: list[PublishedRow]
    pooled: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Layout:
    id: str
    title: str
    columns: list[str]
    rows: list[dict[str, Any]]  # {"label", "published": bool, "source", "values": {column: value}}
    notes: list[str] = field(default_factory=list)
    digits: int = 2

    def as_json(self) -> dict[str, Any]:
        rows = [{**r, "sd": {c: v.sd for c, v in r["values"].items() if isinstance(v, MeanSD)}} for r in self.rows]
        return {"id": self.id, "title": self.title, "columns": self.columns, "rows": rows, "notes": self.notes}


def _row(label: str, values: dict[str, Any], published: PublishedRow | None = None, source: str = "") -> dict[str, Any]:
    return {"label": label, "published": published is not None or bool(source),
            "source": source or (published.source if published else ""), "values": values}


def _means(scores: pd.DataFrame, task: str, metric: str) -> dict[tuple[str, str], float]:
    """{(preset, condition): mean (SD) over sessions} of a test's metric."""
    if scores.empty or metric not in scores:
        return {}
    df = scores[scores["task"] == task]
    if df.empty or df[metric].isna().all():
        return {}
    g = df.groupby(["preset", "condition"], sort=False)[metric].agg(["mean", "std"])
    return {k: MeanSD(v["mean"], v["std"]) for k, v in g.iterrows() if pd.notna(v["mean"])}


def _tasks(scores: pd.DataFrame) -> set[str]:
    return set(scores["task"]) if not scores.empty and "task" in scores else set()


def _setting(task: str, preset: str) -> str:
    spec = get_task(task)
    if "hard" in spec.presets and preset_matches(task, "hard", preset):
        return "hard"
    return "easy"


# ----------------------------------------------------------------------------- Reflection-Bench
RB_COLUMNS = (("WPT", "wpt", "wpt"), ("WCST", "wcst-reflection", "wcst"), ("Oddball", "oddball", "oddball"),
              ("N-back", "nback", "nback"), ("DC-IGT", "dcigt", "dcigt"), ("PRLT", "prlt", "prlt"),
              ("MBT %", "mbt", "mbt_pct"))


def reflection_bench(inp: LayoutInput) -> Layout | None:
    from ..tasks.reflection.battery import overall_score

    present = _tasks(inp.scores) & {t for _, t, _ in RB_COLUMNS}
    if len(present) < 2:
        return None
    ours: dict[tuple[str, str], dict[str, Any]] = {}
    for col, task, metric in RB_COLUMNS:
        for (preset, cond), v in _means(inp.scores, task, metric).items():
            ours.setdefault((_setting(task, preset), cond), {})[col] = v
    rows = []
    theirs: dict[tuple[str, str], dict[str, Any]] = {}
    first: dict[tuple[str, str], PublishedRow] = {}
    by_test = {t: c for c, t, _ in RB_COLUMNS}
    for r in inp.published:
        if r.test == "reflection-bench":
            col = {"table2": "Overall (T2)", "table9": "Overall (T9)"}.get(r.metric)
        else:
            col = by_test.get(r.test) if r.metric == get_task(r.test).primary else None
        if col is None:
            continue
        setting = r.preset or "easy"
        key = (setting, r.label)
        theirs.setdefault(key, {})[col] = r.value
        first.setdefault(key, r)
    columns = [c for c, t, _ in RB_COLUMNS if t in present] + ["Overall (T2)", "Overall (T9)"]
    if "mbt" not in present:
        columns = [c for c in columns if c != "MBT %"]
    for setting in ("easy", "hard"):
        block = [(k, v) for k, v in ours.items() if k[0] == setting]
        if not block:
            continue
        for (_, cond), vals in block:
            scores = {t: vals.get(c) for c, t, _ in RB_COLUMNS}
            vals = {**vals, "Overall (T2)": overall_score(scores, "table2"), "Overall (T9)": overall_score(scores, "table9")}
            rows.append(_row(f"{cond} [{setting}]", vals))
        have = {c for (_, _), v in block for c, x in v.items() if x is not None}
        have |= {"Overall (T2)"} if {"WPT", "WCST", "Oddball", "N-back", "DC-IGT", "PRLT"} <= have else set()
        have |= {"Overall (T9)"} if {"WPT", "WCST", "N-back", "DC-IGT", "PRLT"} <= have else set()
        for (s, label), vals in theirs.items():  # only the columns this block of ours has
            shown = {c: v for c, v in vals.items() if c in have}
            if s == setting and shown:
                rows.append(_row(f"{label} [{setting}]", shown, first[(s, label)]))
    if not rows:
        return None
    return Layout("reflection-bench", "Reflection-Bench: model x task (Tables 2-9)", ["condition", *columns], rows, [
        "Scores 0-100; ours: mean (SD) over sessions. Overall (T2) = mean of WPT, WCST, Oddball, N-back, DC-IGT, PRLT; "
        "Overall (T9) = the same without Oddball; MBT is not in either.",
        "Published: Reflection-Bench Tables 3-8 (per task, easy), Table 2 (overall, easy) and Table 9 (hard; "
        "chance rows: the paper's simulation, not ours). Published Oddball scores used another embedding model."])


# ----------------------------------------------------------------------------- VisFactor
PART_DEFAULT = {"CF2", "VZ1", "S1", "I3"}  # the paper's default accuracy counts parts


def visfactor(inp: LayoutInput) -> Layout | None:
    from ..tasks.catalog import VISFACTOR_SUBTESTS

    tests = [f"visfactor-{s.lower()}" for s in VISFACTOR_SUBTESTS if f"visfactor-{s.lower()}" in _tasks(inp.scores)]
    if not tests:
        return None
    df = inp.scores[inp.scores["task"].isin(tests)]
    conds = list(dict.fromkeys(parse_condition(c)["participant"] + _cond_rest(c) for c in df["condition"]))
    labels = {c: f"c{i + 1}" for i, c in enumerate(conds)}
    columns = ["subtest"]
    for c in conds:
        columns += [f"{labels[c]} acc", f"{labels[c]} official"]
    columns += ["norm %", "norm kit"]
    pub_cols: dict[str, str] = {}
    for r in inp.published:
        if r.kind in ("model", "reference") and r.metric in ("accuracy", "acc_rows", "accuracy_official"):
            name = f"{r.model} ({parse_condition('x | ' + r.condition)['strategy'] or '-'})"
            name += " official" if r.metric == "accuracy_official" else ""
            pub_cols.setdefault(name, r.source)
    columns += [f"published: {n}" for n in pub_cols]
    rows = []
    for test in tests:
        spec = get_task(test)
        sub = spec.id.split("-")[1].upper()
        tdf = df[df["task"] == test]
        for mode in dict.fromkeys(parse_condition(c)["mode"] or "default" for c in tdf["condition"]):
            paper = "acc_rows" if mode == "split" or sub in PART_DEFAULT else "accuracy"
            values: dict[str, Any] = {"subtest": sub + ("-S" if mode == "split" else "")}
            for c in conds:
                sel = tdf[[(parse_condition(x)["participant"] + _cond_rest(x)) == c
                           and (parse_condition(x)["mode"] or "default") == mode for x in tdf["condition"]]]
                if sel.empty:
                    continue
                values[f"{labels[c]} acc"] = _mean(sel, "accuracy")
                values[f"{labels[c]} official"] = _mean(sel, "accuracy_official")
            norm = next((n for n in spec.norms), None)
            if norm is not None:
                values["norm %"] = f"{norm.value:.1f}" + (" (parts)" if norm.metric == "acc_rows" else "")
            kit = next((r.value for r in inp.published if r.test == spec.id and r.kind == "human"
                        and r.metric == "frct_paper"), None)
            values["norm kit"] = kit
            for r in inp.published:
                if r.test != spec.id or r.kind not in ("model", "reference"):
                    continue
                if r.metric not in (paper, "accuracy_official") or (r.mode or "default") != mode:
                    continue
                name = f"{r.model} ({parse_condition('x | ' + r.condition)['strategy'] or '-'})"
                name += " official" if r.metric == "accuracy_official" else ""
                values.setdefault(f"published: {name}", r.value)
            rows.append(_row(values.pop("subtest"), values))
    for row in rows:
        row["values"] = {"subtest": row["label"], **row["values"]}
    notes = [f"{labels[c]} = {c}" for c in conds]
    notes += ["acc: accuracy (an item counts only if every part is right); official: the same replies read as "
              "the official evaluator reads them (accuracy_official).",
              "norm %: the FRCT kit's norm group, converted to a percentage (of parts where marked); norm kit: the "
              "norm in kit points (the paper's Table 2 sets it beside FRCT scores).",
              "published: VisFactor Table 1 and 3 accuracies (the paper's accuracy: parts for CF2, VZ1, S1, I3 and "
              "the split variants), and the v2 leaderboard (official scoring of the released items)."]
    return Layout("visfactor", "VisFactor: subtests x conditions", columns, rows, notes, digits=1)


def _cond_rest(cond: str) -> str:
    """A condition's label less its mode (the VisFactor layout has a row per mode)."""
    parts = [p for p in cond.split(" | ")[1:] if not p.startswith("mode=")]
    return "".join(" | " + p for p in parts)


def _mean(df: pd.DataFrame, metric: str) -> float | None:
    if metric not in df or df[metric].isna().all():
        return None
    return MeanSD(df[metric].mean(), df[metric].std())


# ----------------------------------------------------------------------------- WCST-64 study
WCST_METRICS = ("CC", "PE", "NPE", "TFC", "CLR", "FMS", "accuracy")


def design_cell(strategy: str | None, inp: str | None, persona: str = "none", preset: str = "default") -> str:
    """The WCST-64 study's name of a condition: STA/CoT - TI/VI, then the persona or the
    exclusivity ablation."""
    s = {"direct": "STA", "cot": "CoT", None: "agent", "": "human", "*": "human"}.get(strategy, strategy or "-")
    cell = f"{s}-{'VI' if inp == 'image' else 'TI'}"
    if persona and persona != "none":
        cell += f" {persona}"
    if preset == "no-exclusivity":
        cell += " w/o exclusivity"
    return cell


def wcst64(inp: LayoutInput) -> Layout | None:
    if "wcst" not in _tasks(inp.scores):
        return None
    df = inp.scores[inp.scores["task"] == "wcst"]
    groups: dict[str, list[dict[str, Any]]] = {}
    for (preset, cond), g in df.groupby(["preset", "condition"], sort=False):
        c = parse_condition(cond)
        cell = design_cell(c["strategy"], c["input"], c["persona"], preset)
        vals = {m: _mean(g, m) for m in WCST_METRICS}
        vals["n"] = len(g)
        groups.setdefault(cell, []).append(_row(f"{cell}: {cond}", vals))
    pub: dict[str, dict[str, Any]] = {}
    for r in inp.published:
        if r.test != "wcst" or r.metric not in WCST_METRICS:
            continue
        cell = design_cell(r.strategy, r.input, r.persona or "none", r.preset or "default")
        key = f"{cell}: {r.label}"
        row = pub.setdefault(key, {"cell": cell, "row": _row(key, {"n": r.n}, r)})
        sd = f" ({r.sd:.2f})" if r.sd is not None else ""
        row["row"]["values"][r.metric] = f"{r.value:.2f}{sd}"
    for p in pub.values():
        groups.setdefault(p["cell"], []).append(p["row"])

    def order(cell: str) -> tuple:
        base, _, extra = cell.partition(" ")
        return (bool(extra), "exclusivity" in extra, extra, ["STA-TI", "STA-VI", "CoT-TI", "CoT-VI"].index(base)
                if base in ("STA-TI", "STA-VI", "CoT-TI", "CoT-VI") else -1, base)
    rows = [r for cell in sorted(groups, key=order) for r in groups[cell]]
    return Layout("wcst64", "WCST-64 study: input x strategy (2x2), personas, exclusivity ablation",
                  ["condition", "n", *WCST_METRICS], rows, [
                      "STA = direct answer, CoT = chain of thought; TI = text input, VI = image input; agents take the "
                      "test without a strategy. Ours: mean (SD) over sessions; published: mean (SD) over 10 repetitions "
                      "(people: 30 adults), from Hao, Alexandre & Yu (2024) Tables 1, 3 (CC without the exclusivity "
                      "sentence) and 4 (personas).",
                      "TFC: mean over the sessions that completed a category."])


# ----------------------------------------------------------------------------- Kennedy & Nowak
KENNEDY = (("WCST", "wcst-kennedy", ("wcst-shape", "wcst-color", "wcst-number"), 3),
           ("LNT", "lnt", ("lnt-letter", "lnt-number"), 2))


def component_bound(component_accuracies: list[float], n: int = 6, t: int = 3) -> tuple[float, float]:
    """(P_w, P_w x mean component accuracy), both in percent: P_w = n / (n + t - 1) is the
    accuracy of a participant that applies every rule perfectly and can switch, but must try
    every one of the t rules after each switch (Kennedy & Nowak); scaled by the mean accuracy
    (percent) of the single-rule components, it is what that switching strategy scores with
    the participant's own rule-following."""
    from ..tasks.cardsort.scoring import worst_case_bound

    pw = worst_case_bound(n, t)
    mean = sum(component_accuracies) / len(component_accuracies)
    return 100 * pw, pw * mean


def kennedy_nowak(inp: LayoutInput) -> Layout | None:
    tasks = _tasks(inp.scores)
    designs = [d for d in KENNEDY if d[1] in tasks and any(c in tasks for c in d[2])]
    if not designs:
        return None
    rows = []
    for name, switch, comps, t in designs:
        acc = {x: {c: v for (_, c), v in _means(inp.scores, x, "accuracy").items()} for x in (switch, *comps)}
        for cond in acc[switch]:
            rows.append(_row(f"{name}: {cond}", _kennedy_values(acc[switch][cond], [acc[c].get(cond) for c in comps], t)))
        pub: dict[str, dict[str, float]] = {}
        firsts: dict[str, PublishedRow] = {}
        for r in inp.published:
            if r.test in (switch, *comps) and r.metric in ("accuracy", "accuracy_valid"):
                pub.setdefault(r.label, {})[r.test] = r.value
                firsts.setdefault(r.label, r)
        for label, vals in pub.items():
            if switch in vals:
                rows.append(_row(f"{name}: {label}", _kennedy_values(vals[switch], [vals.get(c) for c in comps], t),
                                 firsts[label]))
    return Layout("kennedy-nowak", "Kennedy & Nowak: switching vs components, worst-case bound P_w",
                  ["test: condition", "switching", "comp 1", "comp 2", "comp 3", "comp mean", "P_w", "P_w x comp",
                   "gap"], rows, [
                      "Accuracy in percent. comp 1-3: WCST shape, colour, number; LNT letter, number (rule named, no "
                      "switching). P_w = n/(n+t-1) with n = 6 successes before a switch and t rules (WCST 75.0, "
                      "LNT 85.7): a participant that follows every rule perfectly and can switch, but tries every rule "
                      "after each switch. P_w x comp = P_w x mean component accuracy / 100 (the same strategy with the "
                      "participant's own rule-following); gap = switching - P_w x comp.",
                      "Published: Kennedy & Nowak Tables 1-2 (LNT values over valid replies, as their code scores)."])


def _kennedy_values(switch: float | None, comps: list[float | None], t: int) -> dict[str, Any]:
    vals: dict[str, Any] = {"switching": switch}
    for i, c in enumerate(comps):
        vals[f"comp {i + 1}"] = c
    known = [c for c in comps if c is not None]
    if known and len(known) == len(comps):
        pw, bound = component_bound(known, 6, t)
        vals.update({"comp mean": sum(known) / len(known), "P_w": pw, "P_w x comp": bound,
                     "gap": None if switch is None else switch - bound})
    else:
        from ..tasks.cardsort.scoring import worst_case_bound

        vals["P_w"] = 100 * worst_case_bound(6, t)
    return vals


# ----------------------------------------------------------------------------- CogBench
COGBENCH_METRICS = ("authenticity_avg", "authenticity_5th", "authenticity_last", "rationality_avg",
                    "rationality_5th", "rationality_last")
COGBENCH_SHORT = {"authenticity_avg": "Auth avg", "authenticity_5th": "Auth 5th", "authenticity_last": "Auth last",
                  "rationality_avg": "Rat avg", "rationality_5th": "Rat 5th", "rationality_last": "Rat last"}


def cogbench(inp: LayoutInput) -> Layout | None:
    keys = [k for k in inp.pooled if k.split(" | ")[0] in ("cogbench-a", "cogbench-v")]
    if not keys and not ({"cogbench-a", "cogbench-v"} & _tasks(inp.scores)):
        return None
    rows = []
    for key in keys:
        bench = key.split(" | ")[0][-1]
        for cond, vals in inp.pooled[key].items():
            rows.append(_row(f"{bench}: {cond}", {COGBENCH_SHORT[m]: vals.get(m) for m in COGBENCH_METRICS}))
        pub: dict[str, dict[str, Any]] = {}
        firsts: dict[str, PublishedRow] = {}
        for r in inp.published:
            if r.test == key.split(" | ")[0] and r.metric in COGBENCH_METRICS:
                pub.setdefault(r.label, {})[COGBENCH_SHORT[r.metric]] = r.value
                firsts.setdefault(r.label, r)
        rows += [_row(f"{bench}: {label}", vals, firsts[label]) for label, vals in pub.items()]
    return Layout("cogbench", "CogBench: Authenticity and Rationality (Tables 2-3)",
                  ["condition", *COGBENCH_SHORT.values()], rows, [
                      "a = articles, v = short videos. Authenticity: Cohen's kappa with the human majority, pooled over "
                      "every session of a condition, averaged over iterations 1..T; 5th and last iteration. Rationality: "
                      "human annotations (1-5), empty until annotated.",
                      "Published: CogBench Tables 2-3, GPT-4 on the released data with 10 iterations (shown only beside "
                      "runs of the default preset)."], digits=3)


LAYOUTS: tuple[Callable[[LayoutInput], Layout | None], ...] = (reflection_bench, visfactor, wcst64, kennedy_nowak,
                                                                 cogbench)


def layouts(data: dict[str, Any]) -> list[Layout]:
    """The paper layouts of a report, those whose tests the run has (computed once)."""
    if "_layouts" not in data:
        inp = LayoutInput(data["scores"], for_report(data), data.get("pooled") or {})
        data["_layouts"] = [lay for fn in LAYOUTS if (lay := fn(inp)) is not None]
    return data["_layouts"]


def to_json(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [lay.as_json() for lay in layouts(data)]


# ----------------------------------------------------------------------------- rendering
# (the layouts as terminal tables and HTML: .layout_render)
def published_trs(data: dict[str, Any], key: str, metrics: list[str], lead: int, trail: int,
                  fmt: Callable[[Any], str] | None = None) -> str:
    """The published rows of a test's HTML table (``key`` = ``test | preset``): the label,
    ``lead`` empty cells (n ...), one cell per metric, ``trail`` empty cells; shaded and
    labelled published, the source in the row's tooltip."""
    from .published import cell, table_rows

    out = []
    for label, cells in table_rows(data, key, metrics).items():
        src = "; ".join(dict.fromkeys(r.source + (f" ({r.note})" if r.note else "") for r in cells.values()))
        vals = "".join(f"<td>{html.escape(fmt(cells.get(m)) if fmt else cell(cells.get(m)))}</td>" for m in metrics)
        out.append(f"<tr class='published' title='{html.escape(src)}'><td class='l'>{html.escape(label)}</td>"
                   + "<td></td>" * lead + vals + "<td></td>" * trail + "</tr>")
    return "".join(out)


def fold_section(section: str, fold: bool) -> str:
    """A test's HTML section with its body folded under its heading (HTML details/summary),
    closed where ``fold``; the section keeps its id, so the contents' links still reach it."""
    start, end = section.find("<h2>"), section.find("</h2>")
    if start < 0 or end < 0 or not section.endswith("</section>"):
        return section
    return (section[:start] + f"<details class='test'{'' if fold else ' open'}><summary>" + section[start:end + 5]
            + "</summary>" + section[end + 5:-len("</section>")] + "</details></section>")


FOLD_ABOVE = 3  # a report of more tests than this shows each test's section folded

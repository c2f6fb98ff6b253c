"""The card-sorting papers' layouts (``TaskSpec.layouts``; :mod:`machinepsych.analysis.layouts`):

* ``wcst64``: the WCST-64 study's 2x2 (input text/image x strategy direct/CoT), then the
  role-played impairments (personas) and the exclusivity ablation, CC PE NPE TFC CLR FMS;
  and its Table 2 (the vision probe's feature recognition) beside ``wcst-vision-probe`` runs;
* ``kennedy-nowak``: Kennedy & Nowak's switching test against its single-rule components:
  the worst-case bound P_w = n / (n + t - 1) (n = 6 successes before a switch, t rules: 0.75
  for the WCST, 6/7 for the LNT) and the bound scaled by the components' mean accuracy,
  P_w x mean component accuracy, with the switching accuracy's gap to it. The WCST rows are
  on ``accuracy`` and the LNT rows on ``accuracy_valid`` (over valid replies), as the paper
  scored each; the other accuracy of a switching test has its own column.
"""
from __future__ import annotations

from typing import Any

WCST_METRICS = ("CC", "PE", "NPE", "TFC", "CLR", "FMS", "accuracy")
PROBE_METRICS = ("acc_count", "acc_color", "acc_shape", "acc_number", "overall")


def design_cell(strategy: str | None, inp: str | None, persona: str = "none", preset: str = "default",
                answer: str = "free") -> str:
    """The WCST-64 study's name of a condition: STA/CoT - TI/VI, then the answer mode where it
    is not the paper's (``structured answers``: a cell of its own, never under the paper's
    STA/CoT rows), the persona or the exclusivity ablation."""
    s = {"direct": "STA", "cot": "CoT", None: "agent", "": "human", "*": "human"}.get(strategy, strategy or "-")
    cell = f"{s}-{'VI' if inp == 'image' else 'TI'}"
    if answer != "free":
        cell += f" {answer} answers"
    if persona and persona != "none":
        cell += f" {persona}"
    if preset == "no-exclusivity":
        cell += " w/o exclusivity"
    return cell


def _cells(inp, test: str, metrics: tuple[str, ...], cell_of) -> dict[str, list[dict[str, Any]]]:
    """{design cell: rows}, ours (mean over sessions) then the published ones of ``test``."""
    from machinepsych.analysis.layouts import mean, row
    from machinepsych.analysis.published import parse_condition

    df = inp.scores[inp.scores["task"] == test]
    groups: dict[str, list[dict[str, Any]]] = {}
    for (preset, cond), g in df.groupby(["preset", "condition"], sort=False):
        c = parse_condition(cond)
        cell = cell_of(c["strategy"], c["input"], c["persona"], preset, c["answer"])
        vals: dict[str, Any] = {m: mean(g, m) for m in metrics}
        vals["n"] = len(g)
        groups.setdefault(cell, []).append(row(f"{cell}: {cond}", vals))
    pub: dict[str, dict[str, Any]] = {}
    for r in inp.published:
        if r.test != test or r.metric not in metrics:
            continue
        cell = cell_of(r.strategy, r.input, r.persona or "none", r.preset or "default")
        key = f"{cell}: {r.label}"
        entry = pub.setdefault(key, {"cell": cell, "row": row(key, {"n": r.n}, r)})
        sd = f" ({r.sd:.2f})" if r.sd is not None else ""
        entry["row"]["values"][r.metric] = f"{r.value:.2f}{sd}"
    for p in pub.values():
        groups.setdefault(p["cell"], []).append(p["row"])
    return groups


def wcst64(inp):
    from machinepsych.analysis.layouts import Layout, tasks_in

    if "wcst" not in tasks_in(inp.scores):
        return None
    groups = _cells(inp, "wcst", WCST_METRICS, design_cell)

    def order(cell: str) -> tuple:
        base, _, extra = cell.partition(" ")
        return (bool(extra), "exclusivity" in extra, extra, ["STA-TI", "STA-VI", "CoT-TI", "CoT-VI"].index(base)
                if base in ("STA-TI", "STA-VI", "CoT-TI", "CoT-VI") else -1, base)
    rows = [r for cell in sorted(groups, key=order) for r in groups[cell]]
    return Layout("wcst64", "WCST-64 study: input x strategy (2x2), personas, exclusivity ablation",
                  ["condition", "n", *WCST_METRICS], rows, [
                      "STA = direct answer, CoT = chain of thought; TI = text input, VI = image input; agents take the "
                      "test without a strategy; structured answers (--answer structured, the answer constrained to a "
                      "JSON Schema) are a condition the paper did not run: their own rows, with no published row. Ours: "
                      "mean (SD) over sessions; published: mean (SD) over 10 repetitions (people: 30 adults), from Hao, "
                      "Alexandre & Yu (2024) Tables 1, 3 (CC without the exclusivity sentence) and 4 (personas).",
                      "TFC: mean over the sessions that completed a category."])


def vision_probe(inp):
    """The WCST-64 study's Table 2: how well each model reads the cards of the image input
    (count, colour, shape, number, overall), beside ``wcst-vision-probe`` runs. The probe
    shows only pictures, so every row of it is of the image input."""
    from machinepsych.analysis.layouts import Layout, tasks_in

    if "wcst-vision-probe" not in tasks_in(inp.scores):
        return None
    groups = _cells(inp, "wcst-vision-probe", PROBE_METRICS,
                    lambda *c: "VI" if c[4:] in ((), ("free",)) else f"VI {c[4]} answers")
    rows = [r for g in groups.values() for r in g]
    return Layout("wcst-vision-probe", "WCST-64 study: visual feature recognition (Table 2)",
                  ["condition", "n", *PROBE_METRICS], rows, [
                      "Percent over the 64 pictures of a session (count: five cards named; colour, shape, number: per "
                      "card; overall: count and the 15 features per picture, less a penalty for extra cards). Ours: "
                      "mean over sessions; published: Hao, Alexandre & Yu (2024) Table 2, one pass per model."])


KENNEDY = (("WCST", "wcst-kennedy", ("wcst-shape", "wcst-color", "wcst-number"), 3, "accuracy", None),
           ("LNT", "lnt", ("lnt-letter", "lnt-number"), 2, "accuracy_valid", "accuracy"))
OTHER = "switching, invalid = wrong"


def component_bound(component_accuracies: list[float], n: int = 6, t: int = 3) -> tuple[float, float]:
    """(P_w, P_w x mean component accuracy), both in percent: P_w = n / (n + t - 1) is the
    accuracy of a participant that applies every rule perfectly and can switch, but must try
    every one of the t rules after each switch (Kennedy & Nowak); scaled by the mean accuracy
    (percent) of the single-rule components, it is what that switching strategy scores with
    the participant's own rule-following."""
    from .scoring import worst_case_bound

    pw = worst_case_bound(n, t)
    mean = sum(component_accuracies) / len(component_accuracies)
    return 100 * pw, pw * mean


def kennedy_nowak(inp):
    from machinepsych.analysis.layouts import Layout, means, row, tasks_in

    tasks = tasks_in(inp.scores)
    designs = [d for d in KENNEDY if d[1] in tasks and any(c in tasks for c in d[2])]
    if not designs:
        return None
    rows = []
    for name, switch, comps, t, metric, other in designs:
        acc = {x: {c: v for (_, c), v in means(inp.scores, x, metric).items()} for x in (switch, *comps)}
        alt = {c: v for (_, c), v in means(inp.scores, switch, other).items()} if other else {}
        for cond in acc[switch]:
            vals = kennedy_values(acc[switch][cond], [acc[c].get(cond) for c in comps], t)
            if other:
                vals[OTHER] = alt.get(cond)
            rows.append(row(f"{name}: {cond}", vals))
        pub: dict[str, dict[str, float]] = {}
        firsts: dict[str, Any] = {}
        for r in inp.published:
            if r.test in (switch, *comps) and r.metric == metric:
                pub.setdefault(r.label, {})[r.test] = r.value
                firsts.setdefault(r.label, r)
        for label, vals in pub.items():
            if switch in vals:
                rows.append(row(f"{name}: {label}", kennedy_values(vals[switch], [vals.get(c) for c in comps], t),
                                firsts[label]))
    return Layout("kennedy-nowak", "Kennedy & Nowak: switching vs components, worst-case bound P_w",
                  ["test: condition", "switching", "comp 1", "comp 2", "comp 3", "comp mean", "P_w", "P_w x comp",
                   "gap", OTHER], rows, [
                      "Accuracy in percent, as the paper scored each test: WCST rows over every trial (an invalid reply "
                      "is wrong), LNT rows over valid replies (accuracy_valid; their code's denominator), the LNT's "
                      f"accuracy over every trial in its own column ({OTHER}). comp 1-3: WCST shape, colour, number; "
                      "LNT letter, number (rule named, no switching). P_w = n/(n+t-1) with n = 6 successes before a "
                      "switch and t rules (WCST 75.0, LNT 85.7): a participant that follows every rule perfectly and can "
                      "switch, but tries every rule after each switch. P_w x comp = P_w x mean component accuracy / 100 "
                      "(the same strategy with the participant's own rule-following); gap = switching - P_w x comp.",
                      "Published: Kennedy & Nowak Tables 1-2."])


def kennedy_values(switch: float | None, comps: list[float | None], t: int) -> dict[str, Any]:
    from .scoring import worst_case_bound

    vals: dict[str, Any] = {"switching": switch}
    for i, c in enumerate(comps):
        vals[f"comp {i + 1}"] = c
    known = [c for c in comps if c is not None]
    if known and len(known) == len(comps):
        pw, bound = component_bound(known, 6, t)
        vals.update({"comp mean": sum(known) / len(known), "P_w": pw, "P_w x comp": bound,
                     "gap": None if switch is None else switch - bound})
    else:
        vals["P_w"] = 100 * worst_case_bound(6, t)
    return vals

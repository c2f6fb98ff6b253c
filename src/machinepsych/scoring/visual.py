"""Scorers of the visual tests: VisFactor (``visfactor``) and the WCST vision probe
(``wcst-vision-probe``).

VisFactor (spec visfactor.md §3, §5, §6):
* ``accuracy`` (= ``acc_strict``): an item counts only if every part is right (v2 official).
* ``acc_rows``: per binary row / part (v1 split accuracy, and v1 default for judgment tests).
* ``acc_mc``: v1 default accuracy of multiple-choice tests (same as accuracy there).
* ``frct_paper``: the per-test formulas recovered from the paper's Table 2 (U·(2a−1) or U·a).
* ``frct_kit``: right − wrong over the native units (number right for CF3, CS1-3, SS2, SS3).
* ``random_acc`` / ``random_rows``: the chance level of this very session (uniform guessing
  over each trial's options), ``random_paper``: the paper's Table 1 baseline, and
  ``human_norm``: the FRCT kit norm (an FRCT score, to compare with ``frct_paper``).
Vision probe (wcst-and-lnt.md §1.10): ACC_count, ACC_color/shape/number (per card),
overcount penalty P and Overall = (ACC_count + 5·ΣACC_f − P) / 16.
"""
from __future__ import annotations

from typing import Any

import pandas as pd

from .registry import register_scorer

# Table 1 random baselines (%), default / split (spec §2, §9.1)
PAPER_RANDOM = {"CF1": (20.0, 50.0), "CF2": (50.0, 50.0), "CF3": (4.0, None), "VZ1": (50.0, None), "VZ2": (20.0, 50.0),
                "VZ3": (14.6, 14.6), "S1": (50.0, 50.0), "S2": (50.0, None), "SS2": (20.0, None), "SS3": (9.1, 9.1),
                "P3": (20.0, 50.0), "I3": (42.9, 42.9)}
NUMBER_RIGHT = {"CF3", "CS1", "CS2", "CS3", "SS2", "SS3"}


def human_norms() -> dict[str, float | None]:
    from ..tasks.visual.catalog import SUBTESTS

    return {s: m.human_norm for s, m in SUBTESTS.items()}


def _chance(stim: dict) -> tuple[float, float]:
    """(chance of a fully correct trial, chance per row) under uniform random guessing."""
    kind, n = stim["answer_kind"], int(stim.get("n_rows", 1))
    if kind in ("rows", "tf"):
        return 0.5 ** n, 0.5
    if kind == "groups":
        p = 1 / len(stim["options"])
        return p ** n, p
    if kind == "cell":
        p = 1 / int(stim["params"]["grid"]) ** 2
        return p, p
    if kind == "word":
        from ..tasks.visual.icons import ICON_NAMES, WORDS

        pool = WORDS if stim["subtest"] == "CS2" else ICON_NAMES
        return 1 / len(pool), 1 / len(pool)
    p = 1 / max(1, len(stim["options"]))
    return p, p


def frct_paper(subtest: str, mode: str, a: float) -> float | None:
    from ..tasks.visual.catalog import SUBTESTS

    meta = SUBTESTS[subtest]
    rule = meta.frct_split if mode == "split" and meta.frct_split else meta.frct
    if rule is None:
        return None
    units, two_sided = rule
    return units * (2 * a - 1) if two_sided else units * a


@register_scorer("visfactor")
def score_visfactor(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    if trials.empty:
        return {"accuracy": None}
    subtest = str(trials["subtest"].iloc[0])
    mode = str(trials["mode"].iloc[0])
    kind = str(trials["kind"].iloc[0])
    correct = trials["correct"].fillna(False).astype(bool)
    rows = [bool(x) for r in trials["rows_correct"] for x in r]
    acc = float(correct.mean())
    acc_rows = sum(rows) / len(rows) if rows else None
    judgments = mode == "split" or kind in ("rows", "groups")
    a = acc_rows if judgments else acc
    if subtest in NUMBER_RIGHT and not judgments:
        kit = float(correct.sum())
    elif judgments:
        kit = float(sum(rows) - (len(rows) - sum(rows)))
    else:
        kit = float(correct.sum() - (~correct).sum())
    chances = [_chance(s) for s in trials["stimulus"]]
    paper = PAPER_RANDOM.get(subtest, (None, None))[1 if mode == "split" else 0]
    return {
        "accuracy": acc,
        "acc_strict": acc,
        "acc_rows": acc_rows,
        "acc_mc": acc if kind == "mc" else None,
        "frct_paper": frct_paper(subtest, mode, a),
        "frct_kit": kit,
        "random_acc": sum(c[0] for c in chances) / len(chances),
        "random_rows": sum(c[1] for c in chances) / len(chances),
        "random_paper": None if paper is None else paper / 100,
        "human_norm": human_norms().get(subtest),
        "invalid_rate": float((trials["parse_status"] != "parsed").mean()) if "parse_status" in trials else None,
    }


def probe_measures(count: list, count_ok: list, feats: dict[str, list[list[bool]]]) -> dict[str, float]:
    """Seed 000 §4.3 measures from per-image counts and per-card feature correctness."""
    n = len(count)
    out = {"acc_count": 100 * sum(map(bool, count_ok)) / n}
    for f, per_img in feats.items():
        out[f"acc_{f}"] = 100 * sum(sum(map(bool, r)) for r in per_img) / (n * 5)
    out["overcount_penalty"] = 100 * sum(0.5 * max(0, (c or 0) - 5) for c in count) / n
    out["overall"] = (out["acc_count"] + 5 * sum(out[f"acc_{f}"] for f in feats) - out["overcount_penalty"]) / 16
    return out


@register_scorer("wcst-vision-probe")
def score_probe(trials: pd.DataFrame, params: dict[str, Any]) -> dict[str, float | None]:
    if trials.empty:
        return {"overall": None}
    counts = [None if pd.isna(c) else int(c) for c in trials["count"]]
    feats = {f: [list(v) for v in trials[f"{f}_correct"]] for f in ("color", "shape", "number")}
    return probe_measures(counts, list(trials["count_correct"]), feats)

"""CogBench scores: Authenticity (Cohen's kappa per iteration), Rationality (mean 1-5 per
iteration), their avg / 5th / 10th summaries, the majority rule and inter-annotator agreement.

Authenticity_t is the unweighted Cohen's kappa (scikit-learn's ``cohen_kappa_score``) between
the participant's ratings and the reference ratings over **all** items of iteration t, pooled
over every topic and profile scored together (as the published evaluation code does; a kappa
of one item is undefined). Items whose rating or reference is missing (-1, unparsed) are
dropped and counted. Where both lists hold one and the same single category the expected
agreement is 1 and kappa is undefined: NaN, reported as such. The avg is taken over the
iterations 1..10 that are present and defined; how many were left out is reported beside it
(the published code divides by 10 regardless: ``divide_by_ten=True`` reproduces that).

Released eval files can also be scored with the published evaluation code's own arithmetic
(``official=True``, :func:`score_eval_records`): every item counts, a -1 (not annotated) human
rating or rating is a category of its own, Rationality is the plain mean with -1 averaged in,
the avg is the sum over the present iterations 1..10 divided by 10, and a NaN anywhere (an
undefined kappa, a missing score) makes the avg NaN. :data:`DIFFERENCES` says in one line what
the default does differently.

The paper (Lv et al., 2024, Eq. 2) defines Authenticity_t as the mean over the questionnaire's
statements of a kappa per statement; the published code computes one kappa over all items of
the iteration. Both are offered: ``authenticity`` (per iteration, the code's, the default and
what the paper's tables were computed with) and ``authenticity_per_question`` (Eq. 2: statement
j's kappa at iteration t pooled over the file's topics and profiles, averaged over j).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

NAN = float("nan")


def kappa(a: Sequence[int], b: Sequence[int]) -> float:
    """Unweighted Cohen's kappa of two equal-length rating lists; NaN when undefined (no items,
    or a single category shared by both lists)."""
    if len(a) == 0:
        return NAN
    if len(set(a) | set(b)) == 1:
        return NAN
    from sklearn.metrics import cohen_kappa_score

    with np.errstate(all="ignore"):
        value = float(cohen_kappa_score(list(a), list(b)))
    return value


def majority(ratings: Iterable[int | None]) -> int | None:
    """The majority (plurality) of several people's ratings; a tie goes to the tied value
    nearest the median of all the ratings, then to the lower one. None if nobody rated."""
    vals = [int(r) for r in ratings if r is not None and r != -1]
    if not vals:
        return None
    counts = {v: vals.count(v) for v in set(vals)}
    top = max(counts.values())
    tied = sorted(v for v, c in counts.items() if c == top)
    med = float(np.median(vals))
    return min(tied, key=lambda v: (abs(v - med), v))


def per_iteration(rows: Iterable[tuple[int, int | None, int | None]]) -> tuple[dict[int, float], dict[str, int]]:
    """Authenticity per iteration from (iteration, rating, reference) rows: {t: kappa}, and the
    counts of items used and dropped (missing rating or reference)."""
    by_t: dict[int, tuple[list[int], list[int]]] = {}
    used = dropped = 0
    for t, r, h in rows:
        if r is None or h is None or _missing(r) or _missing(h):
            dropped += 1
            by_t.setdefault(int(t), ([], []))
            continue
        used += 1
        a, b = by_t.setdefault(int(t), ([], []))
        a.append(int(r))
        b.append(int(h))
    return {t: kappa(a, b) for t, (a, b) in sorted(by_t.items())}, {"used": used, "dropped": dropped}


def _missing(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v)) or v == -1


def mean_per_iteration(rows: Iterable[tuple[int, float | None]]) -> dict[int, float]:
    """Rationality per iteration: the mean score of the items of iteration t (missing dropped;
    NaN where none was scored)."""
    by_t: dict[int, list[float]] = {}
    for t, s in rows:
        lst = by_t.setdefault(int(t), [])
        if s is not None and not _missing(s):
            lst.append(float(s))
    return {t: (float(np.mean(v)) if v else NAN) for t, v in sorted(by_t.items())}


def summary(per_t: Mapping[int, float], last: int = 10, divide_by_ten: bool = False) -> dict[str, Any]:
    """avg over iterations 1..last (defined values only; ``missing`` counts iterations absent or
    NaN), the 5th and the last iteration's value (NaN where absent)."""
    defined = [per_t[t] for t in range(1, last + 1) if t in per_t and not math.isnan(per_t[t])]
    if divide_by_ten:
        avg = sum(defined) / last if defined else NAN
    else:
        avg = float(np.mean(defined)) if defined else NAN
    return {"avg": avg, "5th": per_t.get(5, NAN), f"{last}th": per_t.get(last, NAN), "missing": last - len(defined)}


def table(per_t: Mapping[int, float], last: int = 10) -> dict[str, float | None]:
    """{"0": k0, ..., "10": k10, "avg": ..., "5th": ..., "10th": ...} with NaN as None."""
    s = summary(per_t, last)
    out: dict[str, float | None] = {str(t): _none(per_t.get(t, NAN)) for t in range(0, last + 1)}
    out.update({"avg": _none(s["avg"]), "5th": _none(s["5th"]), f"{last}th": _none(s[f"{last}th"])})
    return out


def _none(v: float) -> float | None:
    return None if v is None or (isinstance(v, float) and math.isnan(v)) else float(v)


# ----------------------------------------------------------------------------- agreement
def polarity(v: int) -> int:
    """4-5 -> positive (1), 3 -> neutral (0), 1-2 -> negative (-1)."""
    return int(v >= 4) - int(v <= 2)


def agreement(table_: Sequence[Sequence[int]]) -> dict[str, float | None]:
    """Inter-annotator agreement of items x raters (every rater rated every item, 1-5):
    Fleiss' kappa on the 5-point and polarity scales (statsmodels) and the mean Spearman rho
    over rater pairs. None where undefined (fewer than two raters or items)."""
    arr = np.asarray(table_, dtype=int)
    if arr.ndim != 2 or arr.shape[0] < 2 or arr.shape[1] < 2:
        return {"fleiss_kappa": None, "fleiss_kappa_polarity": None, "spearman": None}
    from scipy.stats import spearmanr
    from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

    def fk(x: np.ndarray) -> float | None:
        counts, _ = aggregate_raters(x)
        with np.errstate(all="ignore"):
            v = float(fleiss_kappa(counts, method="fleiss"))
        return None if math.isnan(v) else v

    import warnings

    rhos = []
    for i in range(arr.shape[1]):
        for j in range(i + 1, arr.shape[1]):
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a constant rater: rho undefined, left out
                rho = spearmanr(arr[:, i], arr[:, j]).statistic
            if not math.isnan(rho):
                rhos.append(float(rho))
    return {"fleiss_kappa": fk(arr), "fleiss_kappa_polarity": fk(np.vectorize(polarity)(arr)),
            "spearman": float(np.mean(rhos)) if rhos else None}


# ----------------------------------------------------------------------------- released eval files
DIFFERENCES = ("Differs from the official evaluation code (--official reproduces it): a -1 (not annotated) or "
               "missing rating, human rating or Rationality is dropped and counted, where the official code counts -1 "
               "as a rating category and averages a -1 Rationality; avg is the mean of the iterations 1..10 that are "
               "present and defined, where the official code divides their sum by 10 and is NaN if any is NaN.")


def per_question(rows: Iterable[tuple[int, int, Any, Any]], official: bool = False) -> dict[int, float]:
    """Authenticity as the paper's Eq. 2 defines it, from (iteration, statement position,
    rating, reference) rows: at iteration t, the kappa of each statement j (its ratings and
    references over every topic and profile in ``rows``, pooled, as one item has no kappa of
    its own), then the mean over j. Default: missing and -1 dropped, the mean over the
    statements whose kappa is defined (NaN if none); ``official``: -1 is a category and a NaN
    kappa (or a missing value) makes the iteration NaN, as in the code's arithmetic."""
    by_tj: dict[tuple[int, int], tuple[list, list]] = {}
    for t, j, r, h in rows:
        a, b = by_tj.setdefault((int(t), int(j)), ([], []))
        if official:
            a.append(r)
            b.append(h)
        elif not (_missing(r) or _missing(h)):
            a.append(int(r))
            b.append(int(h))
    per_t: dict[int, list[float]] = {}
    for (t, _), (a, b) in sorted(by_tj.items()):
        if official and any(_nan(v) for v in a + b):
            per_t.setdefault(t, []).append(NAN)
            continue
        per_t.setdefault(t, []).append(kappa(a, b))
    out = {}
    for t, ks in per_t.items():
        if official:
            out[t] = sum(ks) / len(ks)
        else:
            defined = [k for k in ks if not math.isnan(k)]
            out[t] = float(np.mean(defined)) if defined else NAN
    return out


def _nan(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


def official_iterations(rows: Iterable[tuple[int, Any, Any]]) -> dict[int, float]:
    """The official code's Authenticity per iteration: one kappa over every item of the
    iteration, -1 counted as a rating category. (It stops with an error on a missing rating;
    here that iteration is NaN.)"""
    by_t: dict[int, tuple[list, list]] = {}
    for t, r, h in rows:
        a, b = by_t.setdefault(int(t), ([], []))
        a.append(r)
        b.append(h)
    return {t: (NAN if any(_nan(v) for v in a + b) else kappa(a, b)) for t, (a, b) in sorted(by_t.items())}


def official_means(rows: Iterable[tuple[int, Any]]) -> dict[int, float]:
    """The official code's Rationality per iteration: sum / count over every item, -1 and
    fractional scores included, NaN (a missing score) propagating."""
    by_t: dict[int, list[float]] = {}
    for t, s in rows:
        by_t.setdefault(int(t), []).append(NAN if _nan(s) else float(s))
    return {t: sum(v) / len(v) for t, v in sorted(by_t.items())}


def official_table(per_t: Mapping[int, float], last: int = 10) -> dict[str, float | None]:
    """Per iteration, then avg = (sum of the present iterations 1..10) / 10 (NaN if any of them
    is NaN; 0 if none is present), the 5th and the 10th (absent: null), NaN as null."""
    out: dict[str, float | None] = {str(t): _none(per_t.get(t, NAN)) for t in range(0, last + 1)}
    avg = sum(v for t, v in per_t.items() if 1 <= t <= last) / last
    out.update({"avg": _none(avg), "5th": _none(per_t.get(5, NAN)), f"{last}th": _none(per_t.get(last, NAN))})
    return out


def score_eval_records(records: list[dict], method: str, divide_by_ten: bool = False,
                       official: bool = False) -> dict[str, Any]:
    """Score released-format eval records for ``method`` (a key of each item's ``answer``):
    Authenticity per iteration (the code's) and per question (the paper's Eq. 2), and
    Rationality per iteration, pooled over the file (every topic and profile), with avg / 5th /
    10th. ``official``: the published evaluation code's arithmetic (see the module)."""
    rows, rat, rows_j = [], [], []
    methods: set[str] = set()
    for r in records:
        for j, item in enumerate(r["questionnaire"]):
            ans = item.get("answer") or {}
            methods.update(k for k in ans if k != "human_rating")
            m = ans.get(method) or {}
            rows.append((r["iteration"], m.get("rating"), ans.get("human_rating")))
            rows_j.append((r["iteration"], j, m.get("rating"), ans.get("human_rating")))
            rat.append((r["iteration"], m.get("rationality")))
    if method not in methods:
        from machinepsych.core.errors import UnknownNameError

        raise UnknownNameError("method", method, sorted(methods))
    if official:
        return {"authenticity": official_table(official_iterations(rows)),
                "authenticity_per_question": official_table(per_question(rows_j, official=True)),
                "rationality": official_table(official_means(rat)),
                "items": {"used": len(rows), "dropped": 0}, "arithmetic": "official",
                "differences": "none: the official evaluation code's arithmetic"}
    auth, counts = per_iteration(rows)
    ratio = mean_per_iteration(rat)
    out = {"authenticity": table(auth), "authenticity_per_question": table(per_question(rows_j)),
           "rationality": table(ratio), "items": counts, "arithmetic": "default", "differences": DIFFERENCES}
    if divide_by_ten:
        out["authenticity"]["avg"] = _none(summary(auth, divide_by_ten=True)["avg"])
        out["rationality"]["avg"] = _none(summary(ratio, divide_by_ten=True)["avg"])
    return out


# ----------------------------------------------------------------------------- sessions and runs
def item_rows(trials) -> list[tuple[int, int | None, int | None]]:
    """(iteration, rating, reference) per item of a trials frame (one or many sessions)."""
    rows = []
    for _, r in trials.iterrows():
        ratings = r.get("ratings") if isinstance(r.get("ratings"), dict) else {}
        ref = r.get("reference") if isinstance(r.get("reference"), dict) else {}
        for sid in ref or ratings:
            rows.append((int(r["iteration"]), ratings.get(sid), ref.get(sid)))
    return rows


def session_score(trials, params) -> dict[str, float | None]:
    """One session: Authenticity per iteration over its own items (10 statements), averaged
    over iterations 1..T; iteration 0 and the last; invalid items; how far ratings moved."""
    if trials.empty or "iteration" not in trials:
        return {"authenticity": None, "authenticity_0": None, "authenticity_last": None, "invalid_items": None,
                "movement": None}
    per_t, counts = per_iteration(item_rows(trials))
    last = int(trials["iteration"].max())
    s = summary(per_t, last=max(last, 1))
    invalid = sum(1 for _, r in trials.iterrows() for v in (r["ratings"] or {}).values() if v is None) \
        if "ratings" in trials else None
    first = next((r["ratings"] for _, r in trials.iterrows() if r["iteration"] == 0), None) or {}
    moves = [abs(v - first[k]) for _, r in trials.iterrows() if r["iteration"] > 0
             for k, v in (r["ratings"] or {}).items() if v is not None and first.get(k) is not None]
    return {"authenticity": _none(s["avg"]), "authenticity_0": _none(per_t.get(0, NAN)),
            "authenticity_last": _none(per_t.get(last, NAN)), "invalid_items": float(invalid or 0),
            "movement": float(np.mean(moves)) if moves else None}


def pooled(trials) -> dict[str, Any]:
    """Authenticity per iteration pooled over every session of ``trials`` (the published
    definition), as the ``score cogbench`` table."""
    per_t, counts = per_iteration(item_rows(trials))
    return {"authenticity": table(per_t), "items": counts}


# ----------------------------------------------------------------------------- over a condition's sessions
def _split_item(item: str) -> tuple[int, int] | None:
    parts = str(item).split(":", 2)
    try:
        return int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        return None


def _rationality(g, ann) -> tuple[dict[int, float], int]:
    """Mean per iteration of each item's majority score (items of this condition's trials)."""
    where = {(int(r.session_id), int(r.trial)): int(r.iteration) for r in g[["session_id", "trial", "iteration"]].itertuples()}
    rows, n = [], 0
    for item, votes in ann.groupby("item")["score"]:
        key = _split_item(item)
        if key in where:
            rows.append((where[key], majority(int(v) for v in votes)))
            n += 1
    return mean_per_iteration(rows), n


def pooled_scores(trials, annotations) -> dict[str, dict[str, float | None]]:
    """Per condition, over all its sessions (the published definitions): Authenticity per
    iteration pooled over topics, its avg over 1..T, 5th and last iteration; Rationality the
    same from people's annotations (per item the majority of its annotators' scores), and,
    apart and labelled, from an LLM judge."""
    out: dict[str, dict[str, float | None]] = {}
    if trials.empty or "iteration" not in trials:
        return out
    people = annotations[~annotations["judge"].astype(bool)] if len(annotations) else annotations
    judges = annotations[annotations["judge"].astype(bool)] if len(annotations) else annotations
    for cond, g in trials.groupby("condition", sort=False):
        last = max(int(g["iteration"].max()), 1)
        per_t, _ = per_iteration(item_rows(g))
        s = summary(per_t, last=last)
        row = {"authenticity_avg": _none(s["avg"]), "authenticity_5th": _none(s["5th"]),
               "authenticity_last": _none(s[f"{last}th"])}
        r_t, n = _rationality(g, people) if len(people) else ({}, 0)
        r = summary(r_t, last=last)
        row.update({"rationality_avg": _none(r["avg"]), "rationality_5th": _none(r["5th"]),
                    "rationality_last": _none(r[f"{last}th"]), "annotated_items": float(n)})
        j_t, _ = _rationality(g, judges) if len(judges) else ({}, 0)
        row["rationality_llm_judge_avg"] = _none(summary(j_t, last=last)["avg"])
        if "reference_kind" in g:  # what Authenticity was measured against (the shipped corpus: synthetic)
            row["reference"] = "; ".join(dict.fromkeys(str(k) for k in g["reference_kind"].dropna()))
        out[str(cond)] = row
    return out

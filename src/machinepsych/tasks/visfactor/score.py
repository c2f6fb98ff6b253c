"""The VisFactor scorer (``docs/visfactor.md#scores``).

* ``accuracy`` (= ``acc_strict``, %): an item counts only if every part is right.
* ``acc_rows`` (%): per binary row / part (v1 split accuracy, v1 default for judgment tests).
* ``acc_mc`` (%): v1 default accuracy of multiple-choice tests (same as accuracy there).
* ``frct_paper``: the per-test formulas recovered from the paper's Table 2, in FRCT points:
  U·(2a−1) (two-sided) or U·a, with a the proportion right (parts for judgment tests).
* ``frct_kit``: right − wrong over the native units (number right for CF3, CS1-3, SS2, SS3).
* ``random_acc`` / ``random_rows`` (%): the chance level of this very session (uniform
  guessing over each trial's legal answers); ``random_paper`` (%): the paper's Table 1
  baseline; ``human_norm``: the FRCT kit norm, in FRCT points (compare with ``frct_paper``), for
  sessions in the kit's own format only (none in split mode or with perturbed images).
* ``random_constant`` (%): the paper's metric of a participant who knows the format and gives
  one answer throughout (the most common key): 80% of the parts of split items whose five
  options hold one T, where uniform guessing (``random_rows``) gets 50%.
* ``invalid_rate`` (%): replies that gave no legal answer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any


from machinepsych.core.env import Params
from machinepsych.core.spec import Metric, Norm, Scorer, percent

from machinepsych.parsing.words import word_correct

from .catalog import SUBTESTS
from .official import item_correct

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd

# Table 1 random baselines (%), default / split
PAPER_RANDOM = {"CF1": (20.0, 50.0), "CF2": (50.0, 50.0), "CF3": (4.0, None), "VZ1": (50.0, None), "VZ2": (20.0, 50.0),
                "VZ3": (14.6, 14.6), "S1": (50.0, 50.0), "S2": (50.0, None), "SS2": (20.0, None), "SS3": (9.1, 9.1),
                "P3": (20.0, 50.0), "I3": (42.9, 42.9)}
NUMBER_RIGHT = {"CF3", "CS1", "CS2", "CS3", "SS2", "SS3"}


# How the kit scores each subtest's norm, for converting it to a proportion right: number right,
# or right - wrong / (k - 1) (the correction for guessing among k options) over its units.
GUESS_OPTIONS = {"CF1": 5, "VZ2": 5, "P3": 5, "CF2": 2, "VZ1": 2, "VZ3": 2, "S2": 2, "I3": 2}
PART_NORMS = {"CF2": 5, "VZ1": 5, "I3": 8}  # norms counted over parts: units = items x parts


def human_norm_percent(subtest: str) -> tuple[str, float] | None:
    """The kit's human norm of ``subtest`` on a percentage scale: (metric, value %).

    A norm counted in items right (CF3, CS1-3, SS2, SS3) is 100 * norm / items. A norm scored
    right - wrong / (k - 1) over U units (items, or parts for CF2, VZ1, I3) is, when every unit
    is answered, the proportion right a = ((k - 1) * norm / U + 1) / k. Norms over parts go on
    ``acc_rows`` (% of parts right), the others on ``accuracy`` (% of items right), so a norm
    always sits beside a score on the same scale."""
    meta = SUBTESTS[subtest]
    if meta.human_norm is None:
        return None
    units = meta.n_items * PART_NORMS.get(subtest, 1)
    if subtest in NUMBER_RIGHT:
        a = meta.human_norm / units
    else:
        k = GUESS_OPTIONS[subtest]
        a = ((k - 1) * meta.human_norm / units + 1) / k
    return ("acc_rows" if subtest in PART_NORMS else "accuracy"), 100.0 * a


def norms(subtest: str) -> tuple[Norm, ...]:
    """``TaskSpec.norms`` of a subtest: its kit norm as a percentage (see
    :func:`human_norm_percent`)."""
    got = human_norm_percent(subtest)
    if got is None:
        return ()
    metric, value = got
    return (Norm("human norm (kit norm group, converted)", metric, round(value, 2),
                 f"Ekstrom, French, Harman & Dermen (1976), Manual for Kit of Factor-Referenced Cognitive Tests: "
                 f"{SUBTESTS[subtest].human_norm} points; see docs/visfactor.md#human-norms"),)


def human_norms() -> dict[str, float | None]:
    return {s: m.human_norm for s, m in SUBTESTS.items()}


def session_norm(subtest: str, mode: str, params: Params | None = None) -> float | None:
    """The kit's norm (kit points) beside a session: the norm group answered whole items in the
    kit's own format, so a session in another (split mode, perturbed images) has none
    (``Norm.beside``)."""
    changed = {"mode": None if mode == "default" else mode, "perturb": getattr(params, "perturb", None)}
    return human_norms().get(subtest) if all(n.beside(changed) for n in norms(subtest)) else None


def frct_paper(subtest: str, mode: str, a: Any) -> Any:
    """Paper-scale FRCT score from the proportion right ``a`` (a float or an array)."""
    meta = SUBTESTS[subtest]
    rule = meta.frct_split if mode == "split" and meta.frct_split else meta.frct
    if rule is None:
        return None
    units, two_sided = rule
    return units * (2 * a - 1) if two_sided else units * a


def judgments(mode: str, kind: str) -> bool:
    """Whether the paper's score counts parts (rows) rather than items."""
    return mode == "split" or kind in ("rows", "groups")


def frct_kit(subtest: str, mode: str, kind: str, items_right: Any, n_items: Any, rows_right: Any, n_rows: Any) -> Any:
    if subtest in NUMBER_RIGHT and not judgments(mode, kind):
        return items_right
    if judgments(mode, kind):
        return rows_right - (n_rows - rows_right)
    return items_right - (n_items - items_right)


def _stimulus_chance(stim: dict) -> tuple[float, float]:
    """Chance levels of a trial stored before the step info carried them (old runs, whose
    stimulus still held the generator parameters)."""
    from .icons import ICON_NAMES, WORDS

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
        p = 1 / len(WORDS if stim["subtest"] == "CS2" else ICON_NAMES)
        return p, p
    p = 1 / max(1, len(stim["options"]))
    return p, p


def _chances(trials: pd.DataFrame) -> list[tuple[float, float]]:
    if "chance_item" in trials and "chance_row" in trials and trials["chance_item"].notna().all():
        return list(zip(trials["chance_item"].astype(float), trials["chance_row"].astype(float)))
    return [_stimulus_chance(s) for s in trials["stimulus"]]


def score_visfactor(trials: pd.DataFrame, params: Params | None = None) -> dict[str, float | None]:
    if trials.empty:
        return {"accuracy": None}
    subtest = str(trials["subtest"].iloc[0])
    mode = str(trials["mode"].iloc[0])
    kind = str(trials["kind"].iloc[0])
    correct = trials["correct"].fillna(False).astype(bool)
    rows = [bool(x) for r in trials["rows_correct"] for x in r]
    if kind == "word" and "choice" in trials and "hidden" in trials:  # one normal form, also for stored runs
        import pandas as pd

        correct = pd.Series([word_correct(c, (h or {}).get("accepted") if isinstance(h, dict) else None)
                             for c, h in zip(trials["choice"], trials["hidden"])], index=trials.index)
        rows = [bool(x) for x in correct]
    acc = float(correct.mean())
    acc_rows = sum(rows) / len(rows) if rows else None
    a = acc_rows if judgments(mode, kind) else acc
    kit = float(frct_kit(subtest, mode, kind, int(correct.sum()), len(correct), sum(rows), len(rows)))
    chances = _chances(trials)
    paper = PAPER_RANDOM.get(subtest, (None, None))[1 if mode == "split" else 0]
    invalid = float((trials["parse_status"] != "parsed").mean()) if "parse_status" in trials else None
    constant = constant_answer_chance(trials["gold"], judgments(mode, kind)) if "gold" in trials else None
    official = _official_accuracy(trials)
    return {
        "accuracy": 100 * acc,
        "acc_strict": 100 * acc,
        "acc_rows": None if acc_rows is None else 100 * acc_rows,
        "acc_mc": 100 * acc if kind == "mc" else None,
        "frct_paper": frct_paper(subtest, mode, a),
        "frct_kit": kit,
        "random_acc": 100 * sum(c[0] for c in chances) / len(chances),
        "random_rows": 100 * sum(c[1] for c in chances) / len(chances),
        "random_paper": paper,
        "random_constant": None if constant is None else 100 * constant,
        "human_norm": session_norm(subtest, mode, params),
        "invalid_rate": None if invalid is None else 100 * invalid,
        "accuracy_official": official,
    }


def constant_answer_chance(golds, parts: bool) -> float | None:
    """The proportion right of a participant who knows the format and gives one answer to
    everything (the most common key): over the parts where the paper counts parts (answering F
    to every part of a split item whose five options hold one T: 80%), else over items."""
    from collections import Counter

    keys = [str(x) for g in golds for x in (g if parts and isinstance(g, (list, tuple)) else [g])] \
        if parts else [str(tuple(g)) if isinstance(g, (list, tuple)) else str(g) for g in golds]
    if not keys:
        return None
    return Counter(keys).most_common(1)[0][1] / len(keys)


def _official_accuracy(trials: pd.DataFrame) -> float | None:
    """Item accuracy (%) as the official evaluator reads the replies (``official.py``)."""
    if "reply" not in trials or trials["reply"].isna().all():
        return None
    hidden = trials["hidden"] if "hidden" in trials else [{}] * len(trials)
    right = [item_correct(reply, kind, gold, (h or {}).get("accepted") if isinstance(h, dict) else None)
             for reply, kind, gold, h in zip(trials["reply"], trials["kind"], trials["gold"], hidden)]
    return 100.0 * sum(right) / len(right)


FRCT = "FRCT points"
METRICS = (
    percent("accuracy", "accuracy (every part right)"),
    percent("acc_strict", "accuracy, strict (= accuracy)", table=False),
    percent("acc_rows", "accuracy per part"),
    percent("acc_mc", "accuracy, multiple choice", table=False),
    Metric("frct_paper", "FRCT score (paper formulas)", FRCT),
    Metric("frct_kit", "FRCT kit score (right - wrong)", "points", table=False),
    percent("random_acc", "chance accuracy of this session", higher_is_better=None, summary=True),
    percent("random_rows", "chance accuracy per part", higher_is_better=None, summary=True, table=False),
    percent("random_paper", "paper's random baseline", higher_is_better=None, summary=True, table=False),
    # what the paper's own metric gives a participant who knows the format and answers alike
    # throughout (split mode: F to every part, 80% where one option in five is T)
    percent("random_constant", "chance of one answer to everything, on the paper's metric", higher_is_better=None,
            summary=True, table=False),
    # the kit's norm in its own points, kept for the record; the norm beside the scores is
    # TaskSpec.norms, converted to the percentage scale (human_norm_percent)
    Metric("human_norm", "human norm (kit points)", FRCT, higher_is_better=None, summary=True, table=False),
    percent("invalid_rate", "invalid replies", higher_is_better=False),
    percent("accuracy_official", "accuracy as the official evaluator reads replies"),
)
# version 4: the word match also drops describing words before a name (colour, size, age, material:
# "a red apple" is right where "apple" is accepted), as the reader does; stored runs are rescored
# version 3: human_norm only in the kit's own format (none for split or perturbed sessions: issue 30)
# version 2: random_constant (the format-aware chance of the paper's metric); a word answer is
# matched in its normal form (articles, punctuation, case: "a bicycle." is right where "bicycle" is
# accepted), in new and stored runs alike
SCORER = Scorer(score_visfactor, METRICS, primary="accuracy", version=4)

__all__ = ["SCORER", "METRICS", "score_visfactor", "frct_paper", "frct_kit", "judgments", "PAPER_RANDOM"]

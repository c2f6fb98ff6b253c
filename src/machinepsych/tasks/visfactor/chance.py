"""Vectorised chance simulator of a VisFactor subtest (``docs/visfactor.md#chance``).

Playing the real environment renders every item's picture, far too slow for thousands of
sessions. What a uniformly random participant scores depends only on each item's answer
STRUCTURE: how many parts it has and how many legal answers each part has (e.g. VZ2: one
part, five options; CF1 split: five T/F parts; I3: eight parts of 2 or 3 groups). So the
simulator generates a pool of ``POOL`` items of the subtest at the session's difficulty once
(cached; under a second), reads their structures in the session's mode, and for each simulated
session draws ``n_items`` structures from the pool with replacement and every part's
correctness as an independent Bernoulli(1/options) draw, exactly as a uniform random choice
over each part's legal answers would. The session's metrics then follow the scorer's formulas.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from machinepsych.core.env import Params

from .catalog import SUBTESTS
from .env import answer_view, cached_item, chance
from .score import PAPER_RANDOM, constant_answer_chance, frct_kit, frct_paper, judgments, session_norm

POOL = 48


@lru_cache(maxsize=128)
def structures(subtest: str, difficulty: str, mode: str) -> tuple[str, np.ndarray, np.ndarray, np.ndarray]:
    """(answer kind, parts per item, chance per part, chance per item) of the pool items."""
    kinds, rows, p_row, p_item = [], [], [], []
    for seed in range(POOL):
        item = cached_item(subtest, 10_000 + seed, difficulty)
        kind, _, _, n = answer_view(item, mode)
        pi, pr = chance(item, kind, n)
        kinds.append(kind)
        rows.append(n)
        p_row.append(pr)
        p_item.append(pi)
    return kinds[0], np.array(rows), np.array(p_row), np.array(p_item)


@lru_cache(maxsize=128)
def pool_constant(subtest: str, difficulty: str, mode: str) -> float | None:
    """``random_constant`` of the pool items: the paper's metric of one answer to everything
    (the most common key), the same for every simulated session (it is the items', not the
    participant's)."""
    golds, kind = [], "mc"
    for seed in range(POOL):
        kind, _, gold, _ = answer_view(cached_item(subtest, 10_000 + seed, difficulty), mode)
        golds.append(list(gold) if isinstance(gold, tuple) else gold)
    value = constant_answer_chance(golds, judgments(mode, kind))
    return None if value is None else 100 * value


def simulate(subtest: str, params: Params, n_sessions: int, rng: np.random.Generator,
             responses: str = "uniform") -> dict[str, np.ndarray]:
    mode = params.mode if SUBTESTS[subtest].split else "default"
    kind, rows, p_row, p_item = structures(subtest, params.difficulty, mode)
    n_items = int(params.n_items)
    pick = rng.integers(len(rows), size=(n_sessions, n_items))
    n_parts, p_part = rows[pick], p_row[pick]
    width = int(rows.max())
    hits = rng.random((n_sessions, n_items, width)) < p_part[..., None]
    valid = np.arange(width)[None, None, :] < n_parts[..., None]
    rows_right = (hits & valid).sum(axis=(1, 2)).astype(float)
    rows_total = n_parts.sum(axis=1).astype(float)
    item_right = (hits | ~valid).all(axis=2)
    structural = ~np.isclose(p_item, p_row ** rows)  # split views of one-answer items (env.chance)
    if structural.any():  # such an item is right with its structural chance (one row T at random)
        item_right = np.where(structural[pick], rng.random(pick.shape) < p_item[pick], item_right)
    item_right = item_right.sum(axis=1).astype(float)
    acc = item_right / n_items
    acc_rows = rows_right / rows_total
    a = acc_rows if judgments(mode, kind) else acc
    frct = frct_paper(subtest, mode, a)
    paper = PAPER_RANDOM.get(subtest, (None, None))[1 if mode == "split" else 0]
    norm = session_norm(subtest, mode, params)
    full = lambda v: np.full(n_sessions, np.nan if v is None else float(v))  # noqa: E731
    return {
        "accuracy": 100 * acc,
        "acc_strict": 100 * acc,
        "acc_rows": 100 * acc_rows,
        "acc_mc": 100 * acc if kind == "mc" else full(None),
        "frct_paper": frct if frct is not None else full(None),
        "frct_kit": np.asarray(frct_kit(subtest, mode, kind, item_right, n_items, rows_right, rows_total), float),
        "random_acc": 100 * p_item[pick].mean(axis=1),
        "random_rows": 100 * p_part.mean(axis=1),
        "random_paper": full(paper),
        "random_constant": full(pool_constant(subtest, params.difficulty, mode)),
        "human_norm": full(norm),
        "invalid_rate": np.zeros(n_sessions),
        # random answers are written in the canonical format, which both readings accept
        "accuracy_official": 100 * acc,
    }


def simulator(subtest: str):
    """The :data:`~machinepsych.core.spec.Simulator` of ``subtest``."""

    def run(params: Params, n_sessions: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
        return simulate(subtest, params, n_sessions, rng, responses)

    run.__doc__ = f"Random-answer sessions of VisFactor {subtest} from pooled item structures (no rendering)."
    return run

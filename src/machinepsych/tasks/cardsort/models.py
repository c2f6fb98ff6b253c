"""The cognitive models fitted to card-sorting sessions (``machinepsych fit``; docs/fitting.md).

A choice is one of the four key cards; what a model sees of a trial is which of the three
dimensions (colour, shape, number) each key card shares with the stimulus card, and the
feedback says right or wrong. The built-in ``wsls`` agent is win-stay lose-shift over rules
and ``perseverative`` keeps its rule once confirmed: the ground truth of ``fit --recover``.
"""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.models import sorting_models

from .cards import DIMENSIONS, Card
from .sorting import FOUR_PILES


def _shown(stimulus: Mapping[str, Any]) -> dict[str, Any]:
    card = Card.from_json(stimulus["card"])
    options = [Card.from_json(o) for o in stimulus["options"]]
    return {"features": np.array([[o.get(d) == card.get(d) for d in DIMENSIONS] for o in options], dtype=float)}


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"reward": 1.0 if record.get("correct") else 0.0, "win": bool(record.get("correct"))}


def sorting_fit(length: str | None = "n_trials") -> ChoiceModels:
    return ChoiceModels(options=FOUR_PILES.options, models=sorting_models(len(FOUR_PILES.options)),
                        outcome=_outcome, shown=_shown, dimensions=len(DIMENSIONS), length=length,
                        agents={"random": "random", "wsls": "rule-wsls", "perseverative": "rule-persev"})

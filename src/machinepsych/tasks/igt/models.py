"""The cognitive models fitted to IGT sessions (``machinepsych fit``; docs/fitting.md): each
choice is followed by the card's net outcome (gain - loss) in hundreds of dollars; a card
"wins" when its net is not negative (what the built-in ``wsls`` stays after)."""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.file_rows import number_cell, option_cell
from machinepsych.fitting.models import gambling_models

from .env import DECKS


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    net = float(record.get("gain") or 0.0) - float(record.get("loss") or 0.0)
    return {"reward": net, "win": net >= 0}


def file_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """A trials file's row as the record the models read (the columns ``export`` writes and the
    scorer reads): ``deck`` the deck drawn from (``A``-``D``; empty: none), ``gain`` and
    ``loss`` the card's amounts in dollars."""
    return {"action": option_cell(row, "deck", DECKS), "gain": number_cell(row, "gain"),
            "loss": number_cell(row, "loss")}


FIT = ChoiceModels(options=DECKS, models=gambling_models(len(DECKS)), outcome=_outcome, reward_scale=0.01,
                   length="trials", agents={"random": "random", "wsls": "wsls"},
                   file_columns=("deck", "gain", "loss"), file_record=file_record)

"""The cognitive models fitted to DC-IGT sessions (``machinepsych fit``; docs/fitting.md).

Both choices of a trial are modelled with the same expectancies: the first pick, then the
final pick after the first deck's preview. Each choice is followed by an outcome of the deck
chosen (the preview, then the final outcome), in hundreds of dollars. A preview counts as a
success when it shows no loss (the built-in ``wsls`` keeps such a deck), a final outcome when
its net is not negative (``wsls`` returns to such a deck).
"""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.file_rows import number_cell, option_cell
from machinepsych.fitting.models import gambling_models

from .env import DECKS


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    phase = "first" if record.get("phase") == "first" else "final"
    gain, loss = record.get(f"{phase}_gain") or 0.0, record.get(f"{phase}_loss") or 0.0
    net = float(gain) - float(loss)
    return {"reward": net, "win": loss == 0 if phase == "first" else net >= 0}


PHASES = ("first", "final")
FILE_COLUMNS = ("phase", *(f"{p}_{c}" for p in PHASES for c in ("deck", "gain", "loss")))


def file_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """A trials file's row as the record the models read (the columns ``export`` writes): one
    row per pick, ``phase`` ``first`` (the first pick, its preview in ``first_gain`` and
    ``first_loss``) or ``final`` (the final pick, its outcome in ``final_gain`` and
    ``final_loss``); the deck picked is ``first_deck`` or ``final_deck`` (empty: none)."""
    phase = option_cell(row, "phase", PHASES, required=True)
    return {"phase": phase, "action": option_cell(row, f"{phase}_deck", DECKS),
            **{f"{phase}_{c}": number_cell(row, f"{phase}_{c}") for c in ("gain", "loss")}}


FIT = ChoiceModels(options=DECKS, models=gambling_models(len(DECKS)), outcome=_outcome, reward_scale=0.01,
                   length="trials", agents={"random": "random", "wsls": "wsls"}, file_columns=FILE_COLUMNS,
                   file_record=file_record)

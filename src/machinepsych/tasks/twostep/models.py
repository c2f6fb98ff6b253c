"""The cognitive models fitted to two-step sessions (``machinepsych fit``; docs/twostep.md):
each step is one row of choices among the six options A-F, the options shown saying which
stage and planet it is; the coin of the second step is its outcome. Lost rounds' second steps
are left out. The models assume the default transition probability (0.7)."""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.file_rows import number_cell, option_cell
from machinepsych.fitting.two_stage import two_stage_models

from .env import ALIENS, OPTIONS, PLANETS, SHIPS, TwoStepParams

P_COMMON = TwoStepParams.model_fields["p_common"].default


def _stim(record: Mapping[str, Any]) -> Mapping[str, Any]:
    stim = record.get("stimulus")
    return stim if isinstance(stim, Mapping) else {}


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    coin = record.get("coin")
    won = coin in (0, 1) and _stim(record).get("stage") == 2
    return {"reward": float(coin) if won else 0.0, "win": won and coin == 1}


LAYOUT = (tuple(OPTIONS.index(s) for s in SHIPS), tuple(tuple(OPTIONS.index(a) for a in pair) for pair in ALIENS),
          (0, 1))  # A usually reaches X, B usually reaches Y

def file_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """A trials file's row as the record the models read (the columns ``export`` writes): one
    row per step, ``stage`` 1 (``ship``, the spaceship A or B; empty: none) or 2 (``planet``
    reached, X or Y, ``alien`` chosen among its two, ``coin`` 0/1; no planet: the round was
    lost, its second step left out as a stored lost round is)."""
    stage = option_cell(row, "stage", (1, 2), required=True)
    if stage == 1:
        return {"action": option_cell(row, "ship", SHIPS), "stimulus": {"stage": 1, "options": list(SHIPS)}}
    planet = option_cell(row, "planet", PLANETS)
    if planet is None:
        return {"action": None, "coin": None, "stimulus": {"stage": "lost", "options": []}}
    aliens = ALIENS[PLANETS.index(planet)]
    return {"action": option_cell(row, "alien", aliens), "coin": number_cell(row, "coin"),
            "stimulus": {"stage": 2, "planet": planet, "options": list(aliens)}}


FIT = ChoiceModels(options=OPTIONS, models=two_stage_models(*LAYOUT, P_COMMON), outcome=_outcome,
                   shown=lambda stim: {"available": list((stim or {}).get("options") or OPTIONS)},
                   include=lambda record: _stim(record).get("stage") in (1, 2), length="trials",
                   agents={"random": "random", "model-free": "model-free", "model-based": "model-based"},
                   file_columns=("stage", "ship", "planet", "alien", "coin"), file_record=file_record)

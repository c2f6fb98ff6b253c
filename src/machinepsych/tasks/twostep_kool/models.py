"""The cognitive models fitted to deterministic two-step sessions (``machinepsych fit``;
docs/twostep-kool.md#model-fits): each round is one row of choices among the four spaceships
A-D (the two of its launch pad shown), the planet's points (scaled to 0-1) its outcome.
Rounds without a choice are invalid rows; rounds whose points were not collected (imported
people) are left out."""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.file_rows import number_cell, option_cell, truth_cell
from machinepsych.fitting.start_states import start_state_models

from .env import OPTIONS, PLANET_OF, SHIPS, KoolParams

HIGH = KoolParams.model_fields["high"].default


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    points = record.get("points")
    got = points is not None and points == points
    return {"reward": float(points) if got else 0.0, "win": got and points > 0}


def _modelled(record: Mapping[str, Any]) -> bool:
    """Every round but those whose points were not collected."""
    collected = record.get("collected")
    return collected is None or bool(collected == collected) is False or bool(collected)


def file_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """A trials file's row as the record the models read (the columns ``export`` writes): one
    row per round, ``pad`` the launch pad (1: spaceships A, B; 2: C, D), ``ship`` the one
    chosen (empty: none), ``points`` the planet's points; optionally ``collected`` (false: the
    points were not collected, and the round is left out)."""
    ships = SHIPS[option_cell(row, "pad", (1, 2), required=True) - 1]
    return {"action": option_cell(row, "ship", ships), "points": number_cell(row, "points"),
            "collected": truth_cell(row, "collected"), "stimulus": {"options": list(ships)}}


FIT = ChoiceModels(options=OPTIONS, models=start_state_models(tuple(PLANET_OF[s] for s in OPTIONS)), outcome=_outcome,
                   shown=lambda stim: {"available": list((stim or {}).get("options") or OPTIONS)},
                   include=_modelled, reward_scale=1.0 / HIGH,
                   length="trials", agents={"random": "random", "model-free": "model-free",
                                            "model-based": "model-based"},
                   file_columns=("pad", "ship", "points"), file_record=file_record)

"""The cognitive models fitted to WPT sessions (``machinepsych fit``; docs/fitting.md).

A prediction is a choice between the two weathers; the cue is the conjunction of the active
device and today's weather (four cues: the rule of each device depends on today), and the
feedback reveals tomorrow's weather, the outcome cue-outcome learning moves towards.
"""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.file_rows import option_cell
from machinepsych.fitting.models import cue_models

from .env import WEATHER


def _shown(stimulus: Mapping[str, Any]) -> dict[str, int]:
    return {"cue": 2 * ("AB".index(stimulus["cue"])) + WEATHER.index(stimulus["today"])}


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"reward": 1.0 if record.get("correct") else 0.0, "win": bool(record.get("correct")),
            "target": record.get("tomorrow")}


def file_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """A trials file's row as the record the models read (the columns ``export`` writes and the
    scorer reads): ``prediction`` the weather predicted (empty: none), ``cue`` the active
    device (``A`` or ``B``), ``today`` and ``tomorrow`` the weathers (``sunny``, ``rainy``);
    ``correct`` whether the prediction was right."""
    return {"action": option_cell(row, "prediction", WEATHER), "tomorrow": option_cell(row, "tomorrow", WEATHER, True),
            "stimulus": {"cue": option_cell(row, "cue", "AB", True), "today": option_cell(row, "today", WEATHER, True)}}


FIT = ChoiceModels(options=WEATHER, models=cue_models(len(WEATHER)), outcome=_outcome, shown=_shown, n_cues=4,
                   length="trials", agents={"random": "random", "wsls": "wsls"},
                   file_columns=("prediction", "cue", "today", "tomorrow"), file_record=file_record)

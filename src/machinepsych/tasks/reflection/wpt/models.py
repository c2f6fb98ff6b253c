"""The cognitive models fitted to WPT sessions (``machinepsych fit``; docs/fitting.md).

A prediction is a choice between the two weathers; the cue is the conjunction of the active
device and today's weather (four cues: the rule of each device depends on today), and the
feedback reveals tomorrow's weather, the outcome cue-outcome learning moves towards.
"""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.models import cue_models

from .env import WEATHER


def _shown(stimulus: Mapping[str, Any]) -> dict[str, int]:
    return {"cue": 2 * ("AB".index(stimulus["cue"])) + WEATHER.index(stimulus["today"])}


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"reward": 1.0 if record.get("correct") else 0.0, "win": bool(record.get("correct")),
            "target": record.get("tomorrow")}


FIT = ChoiceModels(options=WEATHER, models=cue_models(len(WEATHER)), outcome=_outcome, shown=_shown, n_cues=4,
                   length="trials", agents={"random": "random", "wsls": "wsls"})

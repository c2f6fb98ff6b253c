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
from machinepsych.fitting.models import gambling_models

from .env import DECKS


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    phase = "first" if record.get("phase") == "first" else "final"
    gain, loss = record.get(f"{phase}_gain") or 0.0, record.get(f"{phase}_loss") or 0.0
    net = float(gain) - float(loss)
    return {"reward": net, "win": loss == 0 if phase == "first" else net >= 0}


FIT = ChoiceModels(options=DECKS, models=gambling_models(len(DECKS)), outcome=_outcome, reward_scale=0.01,
                   length="trials", agents={"random": "random", "wsls": "wsls"})

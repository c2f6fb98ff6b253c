"""The cognitive models fitted to IGT sessions (``machinepsych fit``; docs/fitting.md): each
choice is followed by the card's net outcome (gain - loss) in hundreds of dollars; a card
"wins" when its net is not negative (what the built-in ``wsls`` stays after)."""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.models import gambling_models

from .env import DECKS


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    net = float(record.get("gain") or 0.0) - float(record.get("loss") or 0.0)
    return {"reward": net, "win": net >= 0}


FIT = ChoiceModels(options=DECKS, models=gambling_models(len(DECKS)), outcome=_outcome, reward_scale=0.01,
                   length="trials", agents={"random": "random", "wsls": "wsls"})

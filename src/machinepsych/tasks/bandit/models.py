"""The cognitive models fitted to bandit sessions (``machinepsych fit``; docs/fitting.md): the
bandit model set (random, random-bias, wsls, perseveration, rw, rw-pn, rw-persev) over the
machines on offer, each choice followed by its outcome (gain + loss, scaled) and a win as the
scorer counts one."""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.models import option_models

from .agents import AGENT_MODELS
from .env import LETTERS
from .score import POINTS_WIN


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"reward": float(record.get("outcome") or 0.0), "win": (record.get("outcome") or 0.0) > 0}


def _points_outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"reward": float(record.get("outcome") or 0.0), "win": (record.get("outcome") or 0.0) >= POINTS_WIN}


def _shown(stimulus: Any) -> dict[str, Any]:
    return {"available": list((stimulus or {}).get("options") or LETTERS)}


def fit(K: int, reward_scale: float = 1.0, points: bool = False) -> ChoiceModels:
    return ChoiceModels(options=tuple(LETTERS[:K]), models=option_models(K, beta_plausible=(3.0, 10.0)),
                        outcome=_points_outcome if points else _outcome, shown=_shown, reward_scale=reward_scale,
                        length="trials", agents=AGENT_MODELS)


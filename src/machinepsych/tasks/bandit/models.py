"""The cognitive models fitted to bandit sessions (``machinepsych fit``; docs/fitting.md): the
bandit model set (random, random-bias, wsls, perseveration, rw, rw-pn, rw-persev) over the
machines on offer, each choice followed by its outcome (gain + loss, scaled) and a win as the
scorer counts one. The learnt values start at the midpoint of the test's scaled outcomes (``q0``,
declared by each test: 0 where a machine pays +1 or -1, 0.5 where it pays 0 or 1 or 1-100
points scaled by 0.01), the value of a machine not yet tried."""
from __future__ import annotations

from typing import Any, Mapping

from machinepsych.core.spec import ChoiceModels
from machinepsych.fitting.file_rows import number_cell, option_cell, options_cell
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


def file_reader(K: int, pairs: bool = False):
    """A trials file's row as the record the models read (the columns ``export`` writes and the
    scorer reads): ``choice`` the machine played (``A``-; empty: none), ``outcome`` what it paid
    (gain + loss), and ``offered`` the machines on offer (``AB``; empty or no column: all K;
    required where a trial offers two of them, ``pairs``)."""
    machines = tuple(LETTERS[:K])

    def file_record(row: Mapping[str, Any]) -> dict[str, Any]:
        offered = options_cell(row, "offered", machines)
        if pairs and offered is None:
            raise ValueError(f"offered is empty (the machines on offer, e.g. {''.join(machines[:2])})")
        choice = option_cell(row, "choice", machines)
        if choice is not None and offered is not None and choice not in offered:
            raise ValueError(f"choice {choice} is not one of the machines offered ({''.join(offered)})")
        return {"action": choice, "outcome": number_cell(row, "outcome"), "stimulus": {"options": offered}}

    return ("choice", "outcome", *(("offered",) if pairs else ())), file_record


def fit(K: int, reward_scale: float = 1.0, points: bool = False, q0: float = 0.0, pairs: bool = False) -> ChoiceModels:
    columns, record = file_reader(K, pairs)
    return ChoiceModels(options=tuple(LETTERS[:K]), models=option_models(K, q0=q0, beta_plausible=(3.0, 10.0)),
                        outcome=_points_outcome if points else _outcome, shown=_shown, reward_scale=reward_scale,
                        length="trials", agents=AGENT_MODELS, file_columns=columns, file_record=record)


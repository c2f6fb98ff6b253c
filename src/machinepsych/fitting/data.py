"""A session's trials as the arrays cognitive models read (:class:`ChoiceData`).

A test declares in its :class:`~machinepsych.core.spec.ChoiceModels` how one stored trial (a
row of the scorer frame: ``stimulus``, ``action``, ``reward``, ``correct``, ``feedback`` and
the step ``info`` keys) maps onto a choice among its options and the outcome that follows.
This module knows no test: it stacks what the declaration gives, trial by trial.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.env import Params
from ..core.spec import ChoiceModels


@dataclass
class ChoiceData:
    """One session, T trials, K options.

    * ``choice`` (T,): index of the option chosen, -1 where no option was named (an invalid
      reply: nothing is predicted and nothing is learnt on that trial);
    * ``reward`` (T,): the outcome that follows (already scaled by the declaration);
    * ``win`` (T,): 1 where the outcome counts as a success (feedback "correct", a reward);
    * ``shown`` (T, K): which options could be chosen on the trial;
    * ``features`` (T, K, D) or None: per option, which of D stimulus dimensions it matches
      (card sorting: colour, shape, number of the stimulus card);
    * ``cue`` (T,) or None: which of ``n_cues`` cues was shown (cue-outcome learning);
    * ``target`` (T,) or None: the option that feedback revealed as right (cue-outcome learning).
    """

    options: tuple[Any, ...]
    choice: np.ndarray
    reward: np.ndarray
    win: np.ndarray
    shown: np.ndarray
    features: np.ndarray | None = None
    cue: np.ndarray | None = None
    target: np.ndarray | None = None
    n_cues: int = 0

    @property
    def n_trials(self) -> int:
        return int(self.choice.shape[0])

    @property
    def n_options(self) -> int:
        return len(self.options)

    @property
    def n_choices(self) -> int:
        """Trials with a readable choice: the observations a likelihood is made of."""
        return int((self.choice >= 0).sum())

    @classmethod
    def empty(cls, decl: ChoiceModels, params: Params, n_trials: int) -> "ChoiceData":
        """Arrays for ``n_trials`` trials, to be filled as a simulated session is played."""
        options = decl.options_for(params)
        K, T = len(options), n_trials
        dims = decl.dimensions
        return cls(options, np.full(T, -1, dtype=np.int64), np.zeros(T), np.zeros(T), np.ones((T, K), dtype=bool),
                   np.zeros((T, K, dims)) if dims else None,
                   np.zeros(T, dtype=np.int64) if decl.n_cues else None,
                   np.full(T, -1, dtype=np.int64) if decl.n_cues else None, decl.n_cues)

    def put_shown(self, t: int, decl: ChoiceModels, stimulus: Any) -> None:
        """What trial ``t`` shows before the choice (options available, features, cue)."""
        seen = decl.shown(stimulus) if decl.shown else {}
        if "available" in seen:
            self.shown[t] = [o in seen["available"] for o in self.options]
        if self.features is not None:
            self.features[t] = seen["features"]
        if self.cue is not None:
            self.cue[t] = seen["cue"]

    def put_outcome(self, t: int, decl: ChoiceModels, record: Mapping[str, Any]) -> None:
        """The choice made on trial ``t`` and what followed it."""
        action = record.get("action")
        self.choice[t] = self.options.index(action) if action in self.options else -1
        out = decl.outcome(record)
        self.reward[t] = float(out.get("reward") or 0.0) * decl.reward_scale
        self.win[t] = 1.0 if out.get("win") else 0.0
        if self.target is not None:
            target = out.get("target")
            self.target[t] = self.options.index(target) if target in self.options else -1


def session_data(decl: ChoiceModels, records: Iterable[Mapping[str, Any]], params: Params) -> ChoiceData:
    """The :class:`ChoiceData` of one session from its trial records (scorer-frame rows, in
    trial order). Records the declaration does not model (``decl.include``) are left out."""
    rows = [r for r in records if decl.include is None or decl.include(r)]
    data = ChoiceData.empty(decl, params, len(rows))
    for t, row in enumerate(rows):
        data.put_shown(t, decl, row.get("stimulus"))
        data.put_outcome(t, decl, row)
    return data

"""How a test's trials map onto choices and outcomes for the cognitive models ``fit`` fits."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .env import Params
from .errors import ConfigError, UnknownNameError


@dataclass(frozen=True)
class ChoiceModels:
    """How a test's trials map onto choices and outcomes, and which cognitive models
    (``machinepsych.fitting.models``) are fitted to them (``machinepsych fit``).

    * ``options``: the options chosen among (a tuple, or a function of the parameters);
    * ``models``: the candidate models, a ``random`` baseline first;
    * ``outcome(record)``: from one stored trial (a scorer-frame row) its ``reward`` (a number),
      ``win`` (a success?) and, for cue-outcome learning, the ``target`` option feedback revealed;
    * ``shown(stimulus)``: what the trial shows before the choice: ``available`` options (where
      not all are), ``features`` (K x ``dimensions`` matches, card sorting), ``cue`` (an index);
    * ``include(record)``: which stored trials are choices (None: all);
    * ``reward_scale``: outcomes are multiplied by it (money in hundreds of dollars);
    * ``length``: the parameter that sets how many trials a session has (``fit --recover``
      lengthens the design through it);
    * ``agents``: built-in agent -> the model that generates its behaviour (the ground truth
      that ``fit --recover`` checks classification against);
    * ``not_identifiable``: models of the test's kind left out because its design cannot tell
      them apart -> the one-line reason (``fit --model`` and ``fit --recover`` say it);
    * ``file_columns`` and ``file_record(row)``: how a row of a trials file collected elsewhere
      (``machinepsych fit --trials FILE --test T``, the file ``machinepsych score`` reads) gives
      the stored trial record the models read: the columns it needs beyond ``session``,
      ``trial`` and ``correct``, and the record of one row (ValueError with a short reason
      naming the column where a cell cannot be used). None: no trials file is read.
      ``file_alternatives``: a needed column -> another column that can stand for it (card
      sorting's key cards: ``options``, or the ``stimulus`` JSON an export writes).
    """

    options: "tuple[Any, ...] | Callable[[Params], tuple[Any, ...]]"
    models: tuple[Any, ...]
    outcome: "Callable[[Mapping[str, Any]], Mapping[str, Any]]"
    shown: "Callable[[Any], Mapping[str, Any]] | None" = None
    include: "Callable[[Mapping[str, Any]], bool] | None" = None
    dimensions: int = 0
    n_cues: int = 0
    reward_scale: float = 1.0
    length: str | None = None
    agents: Mapping[str, str] = field(default_factory=dict)
    not_identifiable: Mapping[str, str] = field(default_factory=dict)
    file_columns: tuple[str, ...] = ()
    file_record: "Callable[[Mapping[str, Any]], dict[str, Any]] | None" = None
    file_alternatives: Mapping[str, str] = field(default_factory=dict)

    def options_for(self, params: Params) -> tuple[Any, ...]:
        return tuple(self.options(params) if callable(self.options) else self.options)

    def model(self, name: str) -> Any:
        for m in self.models:
            if m.name == name:
                return m
        if name in self.not_identifiable:
            raise ConfigError(f"model {name!r} is not fitted on this test: {self.not_identifiable[name]}")
        raise UnknownNameError("cognitive model", name, [m.name for m in self.models])

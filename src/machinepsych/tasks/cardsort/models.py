"""The cognitive models fitted to card-sorting sessions (``machinepsych fit``; docs/fitting.md).

A choice is one of the four key cards; what a model sees of a trial is which of the three
dimensions (colour, shape, number) each key card shares with the stimulus card, and the
feedback says right or wrong. The built-in ``wsls`` agent is win-stay lose-shift over rules
and ``perseverative`` keeps its rule once confirmed: the ground truth of ``fit --recover``.
"""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from machinepsych.core.spec import ChoiceModels
from machinepsych.core.tables import blank
from machinepsych.fitting.file_rows import option_cell
from machinepsych.fitting.models import sorting_models

from .cards import DIMENSIONS, Card, read_card
from .sorting import FOUR_PILES


def _shown(stimulus: Mapping[str, Any]) -> dict[str, Any]:
    card = Card.from_json(stimulus["card"])
    options = [Card.from_json(o) for o in stimulus["options"]]
    return {"features": np.array([[o.get(d) == card.get(d) for d in DIMENSIONS] for o in options], dtype=float)}


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"reward": 1.0 if record.get("correct") else 0.0, "win": bool(record.get("correct"))}


# a session sorted by one rule throughout never makes "wrong" follow a rule once found: keeping
# the rule whatever the feedback (rule-persev) and win-stay lose-shift differ only after a lapse,
# and the SLM's rates after "correct" and after "wrong" barely show in its choices
SINGLE_RULE = "one rule throughout: once it is found nothing is wrong, so {what} cannot be told apart from win-stay lose-shift"
SINGLE_RULE_LEFT_OUT = {"rule-persev": SINGLE_RULE.format(what="perseveration"),
                        "slm": SINGLE_RULE.format(what="the sequential learning model (its rates)")}


FILE_COLUMNS = ("choice", "card", "options")
# an exported run gives the key cards inside its ``stimulus`` JSON, not as an ``options`` column
FILE_ALTERNATIVES = {"options": "stimulus"}


def _stimulus_options(cell: Any) -> list[Card]:
    """The key cards of an exported trial's ``stimulus`` (its JSON, or the object itself)."""
    import json

    try:
        stimulus = json.loads(cell) if isinstance(cell, str) else cell
    except ValueError:
        stimulus = None
    options = stimulus.get("options") if isinstance(stimulus, dict) else None
    if not isinstance(options, list) or not all(isinstance(o, dict) for o in options):
        raise ValueError("stimulus: not an exported card-sorting stimulus (JSON with its key cards, "
                         "\"options\": [{\"shape\": ..., \"color\": ..., \"number\": ...}, ...])")
    try:  # each key card checked as the options column's are
        return [read_card(" ".join(str(o.get(k)) for k in ("shape", "color", "number"))) for o in options]
    except ValueError as exc:
        raise ValueError(f"stimulus: key card {exc}") from None


def file_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """A trials file's row as the record the models read: ``choice`` the key card placed
    with, by its position 1-4 (empty: no answer), ``correct``, ``card`` the card sorted
    (``triangle red 1``) and ``options`` the four key cards in their positions, joined by
    ``;`` (``star green 2;cross yellow 3;triangle red 1;circle blue 4``), or, where that
    column is missing or empty, the key cards of an exported trial's ``stimulus`` JSON."""
    action = option_cell(row, "choice", FOUR_PILES.options)  # the key card's position; empty: no answer
    try:
        card = read_card(row.get("card"))
    except ValueError as exc:
        raise ValueError(f"card: {exc}") from None
    if blank(row.get("options")) and not blank(row.get("stimulus")):
        options = _stimulus_options(row["stimulus"])
    else:
        try:
            options = [read_card(c) for c in str(row.get("options")).split(";")]
        except ValueError as exc:
            raise ValueError(f"options: {exc}") from None
    if len(options) != len(FOUR_PILES.options):
        raise ValueError(f"options: {len(options)} key cards, not {len(FOUR_PILES.options)} joined by ';'")
    return {"action": action, "correct": bool(row.get("correct")),
            "stimulus": {"card": card.to_json(), "options": [o.to_json() for o in options]}}


def sorting_fit(length: str | None = "n_trials", single_rule: bool = False) -> ChoiceModels:
    """The card-sorting models; a single-rule design (``single_rule``) declares only those it
    can identify (random, random-bias, rule-wsls) and says why the others are left out."""
    models = sorting_models(len(FOUR_PILES.options))
    agents = {"random": "random", "wsls": "rule-wsls", "perseverative": "rule-persev"}
    left_out = SINGLE_RULE_LEFT_OUT if single_rule else {}
    return ChoiceModels(options=FOUR_PILES.options, models=tuple(m for m in models if m.name not in left_out),
                        outcome=_outcome, shown=_shown, dimensions=len(DIMENSIONS), length=length,
                        agents={a: m for a, m in agents.items() if m not in left_out}, not_identifiable=left_out,
                        file_columns=FILE_COLUMNS, file_record=file_record,
                        file_alternatives=FILE_ALTERNATIVES)

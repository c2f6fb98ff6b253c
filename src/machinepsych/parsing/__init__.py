"""Parsing that reads what a reply means: one deterministic parser per answer format, shared
by every test that answers in that format (``docs/parsing.md``).

* :mod:`.text` - reply clean-up: Unicode (NFKC), ``<think>`` blocks, agent scaffolds, markdown, LaTeX
  ``\\boxed{}`` and tables, JSON answer objects and tool calls; :mod:`.unclosed` - a ``<think>`` block
  never closed that ends on a commitment;
* :mod:`.commitment` - the engine: explicit commitments and their strength, negation and
  contrast, several answers (invalid, never guessed);
* :mod:`.negation` - answers ruled out by negation and contrast;
* :mod:`.revision` - self-corrections ("Wait, actually ...": the text after them is read first);
* :mod:`.concession` - a commitment kept past a later sentence that only grants another answer is possible;
  :mod:`.closing` - a closing line "<short lead-in>: <answer>" ("Trying shape: 1");
* :mod:`.hedges` - a second candidate beside the answer; :mod:`.counterfactual` - what a reply would
  answer under another premise ("If instead ..., I would pick X"), read as no answer;
* :mod:`.lexicon` - number words, ordinals and answer words in other languages;
* :mod:`.choice` - choosing one answer from a set given its aliases;
* :mod:`.cards` - card choices; :mod:`.cells` - a dot "(row, col)";
* :mod:`.rows` - T/F rows and number lists of a given length, :mod:`.rowsets` - told in prose;
* :mod:`.likert` - Likert ratings (CogBench), :mod:`.questionnaire` - a questionnaire's statements;
* :mod:`.formats` - the format parsers and the registry :data:`FORMATS`.

A parser is ``(reply, obs) -> (action, status)`` with status ``parsed``, ``invalid``,
``refusal`` or ``empty`` (:func:`machinepsych.core.parsing.fallback_status`).
"""
from .formats import (
    FORMATS,
    Parser,
    format_of_kind,
    parse_arm,
    parse_by_answer_kind,
    parse_card_choice,
    parse_cell,
    parse_deck,
    parse_desk_card,
    parse_free_text,
    parse_group_list,
    parse_letter,
    parse_lnt,
    parse_nback,
    parse_number,
    parse_tf,
    parse_tf_rows,
    parse_weather,
    parse_word,
)
from .likert import parse_questionnaire, parse_rating

__all__ = ["FORMATS", "Parser", "format_of_kind", "parse_arm", "parse_by_answer_kind", "parse_card_choice",
           "parse_cell", "parse_deck", "parse_desk_card", "parse_free_text", "parse_group_list", "parse_letter",
           "parse_lnt", "parse_nback", "parse_number", "parse_questionnaire", "parse_rating", "parse_tf",
           "parse_tf_rows", "parse_weather", "parse_word"]

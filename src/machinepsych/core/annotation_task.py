"""People (or an opt-in LLM judge) scoring stored replies of a test with a rubric."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


# annotators whose name starts with this are LLM judges: their scores are never mixed with people's
JUDGE_PREFIX = "llm-judge:"


@dataclass(frozen=True)
class AnnotationTask:
    """People (or an opt-in LLM judge, always labelled as one) score stored replies of a test
    1-5 with a rubric: the generic pages (``/annotate``) and ``machinepsych annotate`` call
    these, the store keeps one score per annotator and item
    (``machinepsych.storage.annotations``).

    * ``title`` heads an item's page, ``question`` its rubric (what the score says);
    * ``items(pairs)``: from the run's stored ``(session, trial)`` rows of this test, one dict
      per scorable reply with at least ``item`` ("<session id>:<trial>:<part>"), ``iteration``
      and ``condition`` (never shown to annotators);
    * ``item_html(item)`` / ``item_text(item)``: what an annotator sees of it (escaped HTML /
      plain text), without the rubric and the form;
    * ``judge_prompt(item, rubric_text)``: the request of an LLM judge, which must answer
      "Score: k" exactly once;
    * ``summary(items, scores, judge_prefix)``: the scores so far as a JSON-ready dict, from
      ``{item: {annotator: score}}`` (annotators named with ``judge_prefix`` are judges);
    * ``feedback_strategies``: the prompting strategies whose turns are given the session's
      annotations so far (``TurnContext.extra["annotations"]``, ``{"<trial>:<part>":
      {annotator: score}}``), e.g. methods fed back human scores of their last answers.
    """

    title: str
    question: str
    rubric: tuple[tuple[int, str], ...]
    items: Callable[[Any], list]
    item_html: Callable[[dict], str]
    item_text: Callable[[dict], str]
    judge_prompt: Callable[[dict, str], str]
    summary: Callable[[list, "Mapping[str, Mapping[str, int]]", str], dict]
    feedback_strategies: tuple[str, ...] = ()

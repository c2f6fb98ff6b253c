"""How a CogBench questionnaire is answered, by models and by people.

An action is ``{statement id: {"rating": 1..5 or None, "reason": text}}`` for every statement
of the questionnaire; a rating of None is an unparsed (invalid) item, kept and counted, never
skipped. A model writes, per statement, a block::

    Statement 3
    Thoughts: <reasoning, first person>
    Rating: 4

and a block's rating is read by the shared Likert parser (:mod:`machinepsych.parsing.likert`):
every ``Rating:`` key in the block followed by the same valid rating 1-5 (markdown, "4/5",
"Rating: Agree" allowed); two different ratings, none, or a value outside 1-5 make that item
invalid. A person rates every
statement on a 1-5 row of one page, with a reason box per statement.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from machinepsych.core.parsing import fallback_status
from machinepsych.core.spaces import Space, object_schema
from machinepsych.core.spec import AnswerFormat, Questionnaire, Statement
from machinepsych.core.types import Observation, ParseStatus
from machinepsych.parsing.likert import parse_questionnaire, parse_rating

ANCHORS = ("Strongly disagree", "Disagree", "Neutral", "Agree", "Strongly agree")
RATING_KEY = re.compile(r"rating\s*:", re.I)  # how a key is quoted in a stored reason (clean_reason)
SAMPLE_REASONS = ("It fits how I see things.", "I am not sure this matches my experience.",
                  "This goes against what I value.", "I have mixed feelings about it.")


def one_statement_status(text: str) -> ParseStatus:
    rating, _ = parse_rating(text)
    return "parsed" if rating is not None else fallback_status(text)


def statement_ids(obs: Observation) -> list[str]:
    return [s["id"] for s in obs.stimulus.get("statements", [])]


parse = parse_questionnaire


def clean_reason(text: str) -> str:
    """A reason kept on one line, without a "Rating:" key of its own (so the stored reply reads
    back the same ratings)."""
    one = " ".join(str(text or "").split())
    return RATING_KEY.sub("Rating -", one)


def format_action(action: Mapping[str, Any]) -> str:
    """The canonical reply text of an action (agents and people are stored like models)."""
    out = []
    for sid, v in action.items():
        rating = v.get("rating")
        block = f"Statement {sid}\nThoughts: {clean_reason(v.get('reason', ''))}"
        out.append(block + (f"\nRating: {rating}" if rating is not None else "\nRating: none"))
    return "\n\n".join(out)


def form(obs: Observation, space: Space) -> Questionnaire:
    return Questionnaire(tuple(Statement(s["id"], s["text"]) for s in obs.stimulus["statements"]), 1, 5, ANCHORS,
                         reason="Why? (a sentence or two)")


def parse_form(submission: Mapping[str, Any], obs: Observation) -> tuple[Any, ParseStatus]:
    """A person's page: ``{"ratings": {id: 1..5}, "reasons": {id: text}}``; every statement
    must be rated (the page refuses a missing one)."""
    ids = statement_ids(obs)
    ratings = submission.get("ratings") if isinstance(submission, Mapping) else None
    reasons = submission.get("reasons") or {} if isinstance(submission, Mapping) else {}
    if not isinstance(ratings, Mapping) or not isinstance(reasons, Mapping):
        return None, "invalid"
    action = {}
    for sid in ids:
        r = ratings.get(sid)
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 5:
            return None, "invalid"
        action[sid] = {"rating": r, "reason": clean_reason(reasons.get(sid, ""))}
    return action, "parsed"


@dataclass(frozen=True)
class Ratings(Space):
    """A rating 1-5 (or None = unparsed) and a reason for each statement id; at least one rated."""

    ids: tuple[str, ...]

    def contains(self, action: Any) -> bool:
        if not isinstance(action, dict) or set(action) != set(self.ids):
            return False
        ok = all(isinstance(v, dict) and (v.get("rating") is None or v.get("rating") in (1, 2, 3, 4, 5))
                 and not isinstance(v.get("rating"), bool) and isinstance(v.get("reason", ""), str)
                 for v in action.values())
        return ok and any(v.get("rating") is not None for v in action.values())

    def sample(self, rng: np.random.Generator) -> Any:
        return {sid: {"rating": int(rng.integers(1, 6)), "reason": SAMPLE_REASONS[int(rng.integers(len(SAMPLE_REASONS)))]}
                for sid in self.ids}

    def describe(self) -> str:
        return f"a rating 1-5 with a reason for each of {len(self.ids)} statements"

    def json_schema(self) -> dict[str, Any]:
        """A structured answer: per statement id, the reason first, then a rating 1-5."""
        one = object_schema({"reason": {"type": "string"}, "rating": {"type": "integer", "enum": [1, 2, 3, 4, 5]}})
        return object_schema({sid: one for sid in self.ids})

    def from_json(self, value: Any) -> Any:
        if not isinstance(value, dict) or set(value) != set(self.ids):
            return None
        out = {}
        for sid in self.ids:
            v = value[sid]
            if not isinstance(v, dict) or set(v) != {"reason", "rating"} or not isinstance(v["reason"], str):
                return None
            r = json_rating(v["rating"])
            if r is None:
                return None
            out[sid] = {"rating": r, "reason": clean_reason(v["reason"])}
        return out


def statement_schema() -> dict[str, Any]:
    """The JSON Schema of one statement's structured reply under CogBench's own cot
    (``--answer structured``): the reasoning first, then a rating 1-5."""
    return object_schema({"reasoning": {"type": "string"}, "rating": {"type": "integer", "enum": [1, 2, 3, 4, 5]}})


def read_statement_json(reply: str) -> tuple[int | None, str]:
    """(rating, reason) of one statement's structured reply, read by strict JSON parsing only:
    exactly the schema's two properties, a string reasoning and an integer rating 1-5; anything
    else is no rating (None, never read as free text)."""
    try:
        value = json.loads(reply or "", strict=False)  # a raw line break inside a string kept, as for every structured reply
    except ValueError:
        return None, ""
    if not isinstance(value, dict) or set(value) != {"reasoning", "rating"} or not isinstance(value["reasoning"], str):
        return None, ""
    r = json_rating(value["rating"])
    return (r, clean_reason(value["reasoning"])) if r is not None else (None, "")


def json_rating(value: Any) -> int | None:
    """A rating 1-5 of a structured reply: the integer, or its decimal text (providers whose
    schemas take string enums only, e.g. Google's, are sent the ratings as text); else None."""
    if isinstance(value, str) and value in ("1", "2", "3", "4", "5"):
        return int(value)
    return value if type(value) is int and 1 <= value <= 5 else None


MODEL_INSTRUCTION = (
    "Answer every statement in its own block, in this format:\n"
    "Statement <number>\nThoughts: <your reasoning in the first person>\nRating: <one number from 1 to 5>\n"
    "(1 = strongly disagree, 2 = disagree, 3 = neutral, 4 = agree, 5 = strongly agree). "
    "Write \"Rating:\" exactly once per statement.")
PERSON_INSTRUCTION = ("Rate how much you, as this person, agree with each statement (1 = strongly disagree, "
                      "5 = strongly agree) and say briefly why.")
ONE_STATEMENT_FORMAT = ("Reply in this format:\nThoughts: <your reasoning in the first person>\n"
                        "Rating: <one number from 1 to 5>\n(1 = strongly disagree, 2 = disagree, 3 = neutral, "
                        "4 = agree, 5 = strongly agree). Write \"Rating:\" exactly once.")
# the same under --answer structured, where the call's schema asks for a JSON object read by strict JSON only
# (:func:`statement_schema`, :func:`read_statement_json`): the reasoning, then the rating
ONE_STATEMENT_JSON_FORMAT = ("Reply with one JSON object and nothing else:\n"
                             "{\"reasoning\": \"<your reasoning in the first person>\", \"rating\": <one number from 1 to 5>}\n"
                             "(1 = strongly disagree, 2 = disagree, 3 = neutral, 4 = agree, 5 = strongly agree). "
                             "Write the reasoning first, then the rating.")

ANSWER = AnswerFormat(parse=parse, format_name="likert", format=format_action, form=form, model_instruction=MODEL_INSTRUCTION,
                      person_instruction=PERSON_INSTRUCTION, parse_form=parse_form)

"""What a page may send as an answer, and how it becomes an action of the test.

The body is checked strictly (no extra fields; ``trial`` an integer; ``rt_ms`` a finite number
of milliseconds) and the answer against the trial's own form: a button answer must be one of
the buttons' options exactly (``true`` is not ``1``, ``3.0`` is not ``3``), a typed answer is
read by the test's parser for people and refused when empty or not of the expected shape (a
well-formed answer that is not among the trial's options, e.g. a number that was not on a
memory test's study page, is accepted and scored wrong: refusing it would tell the person
which answers exist), a questionnaire must rate every statement on its scale. Anything else
is a 422 with a sentence saying what to do; nothing refused is stored.

Response times (:func:`response_time`): the page sends the time from the question's onset to
the answer (``rt_ms``). A missing one, or one under :data:`MIN_RT_MS` (no person sees a
question and answers that fast), is stored as null (never 0), with the reason, beside the
server's own elapsed time since the session's previous step.
"""
from __future__ import annotations

import json
from typing import Any, Literal

from fastapi import HTTPException
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr

from ..core.play import Episode
from ..core.spec import Buttons, HumanForm, Likert, Questionnaire, TaskSpec, TextBox
from ..core.types import Observation

MAX_TEXT = 2000
MAX_RT_MS = 24 * 3600 * 1000.0
MIN_RT_MS = 50.0  # faster than anyone can see a question and answer it


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    trial: StrictInt
    phase: Literal["test", "practice"] = "test"
    action: Any = None  # a button's option (JSON-typed: 1, "vowel", ...)
    text: StrictStr | None = Field(None, max_length=MAX_TEXT)  # a typed answer
    ratings: dict[StrictStr, StrictInt] | None = None  # a questionnaire's ratings by statement id
    reasons: dict[StrictStr, StrictStr] | None = None  # and its reasons
    rt_ms: StrictFloat | None = Field(None, ge=0.0, le=MAX_RT_MS, allow_inf_nan=False)


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=list)


def _refuse(message: str) -> HTTPException:
    return HTTPException(422, message)


def resolve(spec: TaskSpec, episode: Episode, obs: Observation, form: HumanForm, ans: Answer) -> tuple[Any, str, str]:
    """(action, reply text, parse status) for a valid answer; raises 422 otherwise."""
    if isinstance(form, (Buttons, Likert)):
        if ans.text is not None or ans.ratings is not None or ans.action is None:
            raise _refuse("This question is answered with one of its buttons.")
        given = _canon(ans.action)
        option = next((o for o in form.options if _canon(o.action) == given), None)
        if option is None:
            raise _refuse("That is not one of the answers offered on this trial.")
        action = episode.legal(option.action)
        if action is None:
            raise _refuse("That answer is not possible on this trial.")
        return action, spec.answer.format(action), "parsed"
    if isinstance(form, TextBox):
        if ans.action is not None or ans.ratings is not None or ans.text is None:
            raise _refuse("This question is answered by typing into the box.")
        text = ans.text.strip()
        if not text:
            raise _refuse("Please type an answer first.")
        action, status = spec.answer.read_typed(text, obs)
        if status != "parsed" or action is None:
            hint = f" {form.hint}" if form.hint else ""
            raise _refuse(f"That answer could not be read; please type it again.{hint}")
        # well-formed but not among the trial's options (a number that was not on the study
        # page): kept as typed and scored wrong (the episode steps with no legal action)
        legal = episode.legal(action)
        return (legal if legal is not None else action), text, "parsed"
    if isinstance(form, Questionnaire):
        return _questionnaire(spec, episode, obs, form, ans)
    raise _refuse("This question cannot be answered here.")


def _questionnaire(spec: TaskSpec, episode: Episode, obs: Observation, form: Questionnaire,
                   ans: Answer) -> tuple[Any, str, str]:
    if ans.action is not None or ans.text is not None or ans.ratings is None:
        raise _refuse("This page is answered by rating every statement.")
    ids = [s.id for s in form.statements]
    ratings, reasons = ans.ratings, ans.reasons or {}
    if set(ratings) != set(ids) or not set(reasons) <= set(ids):
        missing = len(set(ids) - set(ratings))
        raise _refuse(f"Please rate every statement ({missing} not rated)." if missing
                      else "The answer names statements that are not on this page.")
    if any(not form.low <= v <= form.high for v in ratings.values()):
        raise _refuse(f"Each rating must be between {form.low} and {form.high}.")
    if any(len(r) > MAX_TEXT for r in reasons.values()):
        raise _refuse(f"Each reason may be at most {MAX_TEXT} characters.")
    if spec.answer.parse_form is None:
        raise _refuse("This test does not take questionnaire answers.")
    submission = {"ratings": {i: ratings[i] for i in ids}, "reasons": {i: reasons.get(i, "") for i in ids}}
    action, status = spec.answer.parse_form(submission, obs)
    action = episode.legal(action) if status == "parsed" else None
    if action is None:
        raise _refuse("The answers could not be read; please check every statement.")
    return action, spec.answer.format(action), "parsed"


def response_time(rt_ms: float | None, server_ms: float | None) -> dict[str, Any]:
    """What is stored of an answer's timing: ``rt_ms`` (the page's, or None), ``rt_note`` (why
    it is None: ``missing`` or ``too fast``; "" when kept) and
    ``server_elapsed_ms`` (the server's time since the session's previous step: the previous
    answer, the study material taken away, consent or arrival; an upper bound of the response
    time that includes fixation, feedback and network delays)."""
    note = ""
    if rt_ms is None:
        note = "missing"
    elif rt_ms < MIN_RT_MS:
        note = "too fast"
    return {"rt_ms": None if note else round(float(rt_ms), 3), "rt_note": note,
            "server_elapsed_ms": None if server_ms is None else round(float(server_ms), 1)}


def feedback_tone(result: Any) -> bool | None:
    """The colour of a trial's feedback on the page (True: good news, False: bad): what the
    feedback itself says. Where the trial pays a reward (a bandit's 0 or 1, a gambling
    task's net win), its sign; else whether the answer was correct. (A bandit's "correct",
    the better arm, is hidden from the person: colouring by it would contradict a reward of 1
    from the worse arm, and tell which arm is better.)"""
    reward = getattr(result, "reward", None)
    if reward is not None:
        return bool(reward > 0)
    return result.correct

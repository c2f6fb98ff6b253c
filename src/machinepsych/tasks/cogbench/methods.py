"""The methods of CogBench as prompting strategies of this test (``TaskSpec.strategies``).

All rate one statement per call ("Thoughts: ... Rating: k", exactly one rating; an unparsed
reply is re-asked up to the participant's ``--reask`` times, then kept as an invalid item).
Under ``--answer structured`` each statement's call carries its own JSON Schema (the reasoning,
then a rating 1-5: :func:`.answer.statement_schema`), its prompt asks for that JSON object
(:data:`.answer.ONE_STATEMENT_JSON_FORMAT`, not "Thoughts: ... Rating: ...") and its reply is
read by strict JSON only (:func:`.answer.read_statement_json`); the study call stays free text,
as in every strategy.

* ``cot``: the initial profile, the iteration's flow (sent first as its own message, kept as a
  "study" call) and one statement, reasoning before the rating. No memory across iterations.
  The flow is then taken away: the statement requests carry the profile and the placeholder
  in place of the study message (version 1 of the test kept the flow in them).
* ``react``: as cot, plus an observation on the previous iteration for that statement: its own
  rating and reasoning, the reference (human) rating and the Rationality of that reasoning
  (Lv et al., 2024, Fig. 5: the feedback holds both) where people have scored it in the store
  (``machinepsych annotate`` or ``/annotate``; per item the majority of their scores), or, only
  with ``rationality_judge=true``, where an LLM judge has and no person has, said to be the
  judge's; "not available" otherwise. The runner gives these strategies the session's
  annotations before each turn (``TaskSpec.annotation.feedback_strategies``), so a session run
  (or resumed) after people scored its earlier iterations is fed their scores.
* ``reflexion``: as react, with a self-reflection call on that feedback ("reflect") first.
* ``coggpt``: the memory agent of :mod:`.coggpt`.

Every call is stored with its purpose; a participant keeps no state of its own, so everything
a method carries across iterations is read back from the session's stored calls.
"""
from __future__ import annotations

from typing import Any

from machinepsych.core.spec import JUDGE_PREFIX
from machinepsych.core.types import STUDY_PLACEHOLDER, Message, ModelCall, TextPart, Turn

from .answer import (MODEL_INSTRUCTION, ONE_STATEMENT_FORMAT, ONE_STATEMENT_JSON_FORMAT, format_action, parse_rating,
                     read_statement_json, statement_schema)
from .data import profile_text
from .score import majority

REASK = "I could not find exactly one \"Rating: <1-5>\" in your reply. Please answer again in the required format."
STRUCTURED_REASK = ("Your reply was not the JSON object asked for (a reasoning string, then a rating from 1 to 5). "
                    "Please answer again.")
COT = "Think step by step: first explain your reasoning as this person, then give your rating."


def system_text(ctx) -> str:
    """The task description without the whole-questionnaire reply format (these methods ask
    one statement per call)."""
    return ctx.instructions.replace(MODEL_INSTRUCTION, "").strip()


def flow_text(obs) -> str:
    return "\n".join(p.text for p in obs.study_for("model") if isinstance(p, TextPart))


def statements(obs) -> list[dict]:
    return list(obs.stimulus["statements"])


async def rate(chat, msgs: list[Message], purpose: str, calls: list[ModelCall], attempts: int,
               structured: bool = False) -> tuple[int | None, str]:
    """Ask, then re-ask while "Rating:" is not there exactly once (``structured``: while the reply
    is not the statement's JSON object), up to ``attempts`` calls."""
    if structured:
        schema = statement_schema()
        ask, read, again = (lambda m, p: chat(m, p, schema)), read_statement_json, STRUCTURED_REASK
    else:
        ask, read, again = chat, parse_rating, REASK
    call = await ask(list(msgs), purpose)
    calls.append(call)
    rating, reason = read(call.reply)
    for _ in range(attempts - 1):
        if rating is not None:
            break
        msgs = msgs + [Message.text("assistant", call.reply), Message.text("user", again)]
        call = await ask(msgs, f"reask:{purpose}")
        calls.append(call)
        rating, reason = read(call.reply)
    return rating, reason


PROFILE_MARK = "\n\nCurrent profile:\n"


def turn_of(action: dict[str, dict[str, Any]], calls: list[ModelCall], profile: str | None = None) -> Turn:
    """The trial's stored reply is the canonical text of the ratings (the raw replies are in
    the calls); a memory agent appends its current profile after the last rating."""
    parsed = any(v["rating"] is not None for v in action.values())
    reply = format_action(action) + (PROFILE_MARK + profile if profile else "")
    return Turn(reply=reply, action=action if parsed else None,
                status="parsed" if parsed else "invalid", calls=tuple(calls),
                reasked=any(c.purpose.startswith("reask") for c in calls), latency_s=sum(c.latency_s for c in calls))


def annotated_rationality(ctx, trial: int, sid: str) -> tuple[int | None, str | None]:
    """The Rationality of the reasoning given at ``trial`` for statement ``sid`` and who scored
    it: the majority of people's scores ("people"); else, only with the opt-in
    ``rationality_judge`` parameter, the majority of LLM judges' ("judge"); else (None, None).
    Read from the session's annotations the runner put in ``ctx.extra["annotations"]``."""
    votes = ((ctx.extra or {}).get("annotations") or {}).get(f"{trial}:{sid}") or {}
    people = [v for a, v in votes.items() if not a.startswith(JUDGE_PREFIX)]
    if people:
        return majority(people), "people"
    judged = [v for a, v in votes.items() if a.startswith(JUDGE_PREFIX)]
    if judged and getattr(ctx.params, "rationality_judge", False):
        return majority(judged), "judge"
    return None, None


def previous(ctx, sid: str) -> dict | None:
    """The feedback on the last iteration for statement ``sid``: own rating and reason, the
    reference rating, the Rationality of the reasoning where it was annotated (and by whom)."""
    if not ctx.history:
        return None
    ex = ctx.history[-1]
    info = ex.result.info or {}
    act = ex.turn.action or {}
    own = act.get(sid) or {}
    rationality, by = annotated_rationality(ctx, len(ctx.history) - 1, sid)
    return {"rating": own.get("rating"), "reason": own.get("reason", ""),
            "human": (info.get("reference") or {}).get(sid), "rationality": rationality, "rationality_by": by}


def feedback_text(fb: dict) -> str:
    human = fb["human"] if fb["human"] is not None else "not available"
    own = fb["rating"] if fb["rating"] is not None else "no valid rating"
    if fb.get("rationality") is None:
        rat = "Rationality score of your reasoning (1-5): not available."
    elif fb.get("rationality_by") == "judge":
        rat = f"Rationality score of your reasoning (1-5), given by an LLM judge, not by people: {fb['rationality']}."
    else:
        rat = f"Rationality score of your reasoning (1-5), given by people who read it: {fb['rationality']}."
    return (f"Observation (feedback on your last answer to this statement): you rated it {own} "
            f"because: {fb['reason'] or '(no reason)'}. People with this profile rated it {human}. {rat}")


class BaselineMethod:
    """cot, react and reflexion: one study call per iteration, then one call per statement."""

    # each statement's call carries its schema under --answer structured (only cot gets there: react and
    # reflexion are refused with it before a run, :func:`machinepsych.runner.answers.check_answers`)
    answers_structured = True

    def __init__(self, name: str):
        self.name = name

    async def respond(self, ctx, chat, reask: int = 0) -> Turn:
        obs = ctx.observation
        calls: list[ModelCall] = []
        msgs = [Message.text("system", system_text(ctx))]
        flow = flow_text(obs)
        profile = "Your profile (you are this person):\n" + profile_text(obs.stimulus["profile"])
        if flow:
            study = Message.text("user", profile + "\n\n" + flow + "\n\nTake in what you read; the questions follow.")
            ack = await chat(msgs + [study], "study")
            calls.append(ack)
            # the statements are asked without the flow in view (version 1 kept it in view)
            kept = study if ctx.spec.study_stays else Message.text("user", profile + "\n\n" + STUDY_PLACEHOLDER)
            msgs += [kept, Message.text("assistant", ack.reply)]
        # under --answer structured the statement asks for the schema's JSON object, not "Thoughts: ... Rating: ..."
        structured = getattr(ctx, "answer", "free") == "structured"
        reply_format = ONE_STATEMENT_JSON_FORMAT if structured else ONE_STATEMENT_FORMAT
        action: dict[str, dict[str, Any]] = {}
        for s in statements(obs):
            q = [] if flow else [profile]
            fb = previous(ctx, s["id"]) if self.name in ("react", "reflexion") else None
            if fb:
                q.append(feedback_text(fb))
            m = list(msgs)
            if fb and self.name == "reflexion":
                ask = m + [Message.text("user", "\n\n".join(q + [
                    f"Statement: {s['text']}\nReflect on this feedback in a few sentences: what did you get "
                    "right or wrong about how this person would see the statement?"]))]
                refl = await chat(ask, f"reflect:{s['id']}")
                calls.append(refl)
                q.append(f"Your reflection: {refl.reply.strip()}")
            steps = "Reason (Thought), then act (give the rating)." if fb else COT
            m.append(Message.text("user", "\n\n".join(q + [f"Statement: {s['text']}", steps, reply_format])))
            rating, reason = await rate(chat, m, f"answer:{s['id']}", calls, 1 + reask, structured)
            action[s["id"]] = {"rating": rating, "reason": reason}
        return turn_of(action, calls)


def cot() -> BaselineMethod:
    return BaselineMethod("cot")


def react() -> BaselineMethod:
    return BaselineMethod("react")


def reflexion() -> BaselineMethod:
    return BaselineMethod("reflexion")

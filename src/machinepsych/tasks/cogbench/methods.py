"""The methods of CogBench as prompting strategies of this test (``TaskSpec.strategies``).

All rate one statement per call ("Thoughts: ... Rating: k", exactly one rating; an unparsed
reply is re-asked up to the participant's ``--reask`` times, then kept as an invalid item).

* ``cot``: the initial profile, the iteration's flow (sent first as its own message, kept as a
  "study" call) and one statement, reasoning before the rating. No memory across iterations.
  The flow is then taken away: the statement requests carry the profile and the placeholder
  in place of the study message (version 1 of the test kept the flow in them).
* ``react``: as cot, plus an observation on the previous iteration for that statement: its own
  rating and reasoning, the reference (human) rating and the Rationality where the reference
  data has it (the released eval file's methods have none for a new run: "not available").
* ``reflexion``: as react, with a self-reflection call on that feedback ("reflect") first.
* ``coggpt``: the memory agent of :mod:`.coggpt`.

Every call is stored with its purpose; a participant keeps no state of its own, so everything
a method carries across iterations is read back from the session's stored calls.
"""
from __future__ import annotations

from typing import Any

from machinepsych.core.types import STUDY_PLACEHOLDER, Message, ModelCall, TextPart, Turn

from .answer import MODEL_INSTRUCTION, ONE_STATEMENT_FORMAT, format_action, parse_rating
from .data import profile_text

REASK = "I could not find exactly one \"Rating: <1-5>\" in your reply. Please answer again in the required format."
COT = "Think step by step: first explain your reasoning as this person, then give your rating."


def system_text(ctx) -> str:
    """The task description without the whole-questionnaire reply format (these methods ask
    one statement per call)."""
    return ctx.instructions.replace(MODEL_INSTRUCTION, "").strip()


def flow_text(obs) -> str:
    return "\n".join(p.text for p in obs.study_for("model") if isinstance(p, TextPart))


def statements(obs) -> list[dict]:
    return list(obs.stimulus["statements"])


async def rate(chat, msgs: list[Message], purpose: str, calls: list[ModelCall], attempts: int) -> tuple[int | None, str]:
    """Ask, then re-ask while "Rating:" is not there exactly once, up to ``attempts`` calls."""
    call = await chat(list(msgs), purpose)
    calls.append(call)
    rating, reason = parse_rating(call.reply)
    for _ in range(attempts - 1):
        if rating is not None:
            break
        msgs = msgs + [Message.text("assistant", call.reply), Message.text("user", REASK)]
        call = await chat(msgs, f"reask:{purpose}")
        calls.append(call)
        rating, reason = parse_rating(call.reply)
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


def previous(ctx, sid: str) -> dict | None:
    """The feedback on the last iteration for statement ``sid``: own rating and reason, the
    reference rating, Rationality if known."""
    if not ctx.history:
        return None
    ex = ctx.history[-1]
    info = ex.result.info or {}
    act = ex.turn.action or {}
    own = act.get(sid) or {}
    return {"rating": own.get("rating"), "reason": own.get("reason", ""),
            "human": (info.get("reference") or {}).get(sid), "rationality": (info.get("rationality") or {}).get(sid)}


def feedback_text(fb: dict) -> str:
    human = fb["human"] if fb["human"] is not None else "not available"
    rat = fb["rationality"] if fb.get("rationality") is not None else "not available"
    own = fb["rating"] if fb["rating"] is not None else "no valid rating"
    return (f"Observation (feedback on your last answer to this statement): you rated it {own} "
            f"because: {fb['reason'] or '(no reason)'}. People with this profile rated it {human}. "
            f"Rationality score of your reasoning (1-5): {rat}.")


class BaselineMethod:
    """cot, react and reflexion: one study call per iteration, then one call per statement."""

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
            m.append(Message.text("user", "\n\n".join(q + [f"Statement: {s['text']}", steps, ONE_STATEMENT_FORMAT])))
            rating, reason = await rate(chat, m, f"answer:{s['id']}", calls, 1 + reask)
            action[s["id"]] = {"rating": rating, "reason": reason}
        return turn_of(action, calls)


def cot() -> BaselineMethod:
    return BaselineMethod("cot")


def react() -> BaselineMethod:
    return BaselineMethod("react")


def reflexion() -> BaselineMethod:
    return BaselineMethod("reflexion")

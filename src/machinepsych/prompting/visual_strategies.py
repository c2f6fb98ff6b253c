"""Strategies for visual items (docs/conditions.md): structured chain of thought (``scot``)
and multi-agent debate (``mad``). Both treat each item as a single-turn problem (VisFactor
items are independent): the history of the session is not re-sent. Every model call is
returned in the Turn with its own purpose, so the store keeps each one.

* ``scot`` [decision]: three staged calls in one conversation — (1) a structured description
  of the image(s), (2) the task-specific computation, (3) a self-check and the final answer
  in the required format. A test may declare its own stage-2 prompt (``AnswerFormat.suffixes["scot:compute"]``).
* ``mad`` [decision]: 2 debaters (affirmative, negative), up to 3 rounds, one judge after
  each round who either stops with the final answer or asks for another round; all calls
  use the same model. Purposes: ``debate:<round>:<debater>`` and ``judge``.

A trial's study material (memory tests) is sent once, in its own "study" call; the calls
after it carry the placeholder in its place (``strategies.study_phase``).
"""
from __future__ import annotations

from dataclasses import dataclass

from machinepsych.core.types import Message, ModelCall, Turn
from .strategies import _user, register_strategy, study_phase, suffix_for, system_message

DESCRIBE = ("Step 1 - describe. Do not answer yet. Describe the image(s) in a structured way: list every panel or "
            "figure with its label, and for each one the parts that matter for the task (lines and where they run, "
            "shapes, positions, symbols and their orientation, numbers, letters).")
SOLVE_GENERIC = ("Step 2 - compute. Using your description, carry out the task's computation step by step and write "
                 "down every intermediate result. Do not give the final answer yet.")
CHECK = ("Step 3 - check and answer. Check your intermediate results against the image once more and correct any "
         "mistake. Then give the final answer in exactly the required format.")


async def _opening(ctx, chat, calls: list[ModelCall]) -> tuple[list[Message], str | None]:
    """The system message and the trial's study exchange (if any): the material is sent once,
    in the "study" call; every call after it carries the placeholder in its place."""
    return await study_phase(ctx, chat, [system_message(ctx)], ctx.observation.feedback, calls)


def _single_turn(ctx, opening: tuple[list[Message], str | None], extra: str) -> list[Message]:
    msgs, feedback = opening
    return [*msgs, _user(ctx.observation.parts_for("model"), feedback, extra)]


@dataclass
class StructuredCoT:
    name: str = "scot"

    async def respond(self, ctx, chat, reask: int = 0) -> Turn:
        calls: list[ModelCall] = []
        msgs = _single_turn(ctx, await _opening(ctx, chat, calls), DESCRIBE)
        # a test may declare its own step-2 instruction (AnswerFormat.suffixes["scot:compute"])
        compute = ctx.spec.answer.suffixes.get("scot:compute", SOLVE_GENERIC)
        for purpose, nxt in (("scot:describe", compute), ("scot:solve", CHECK + "\n" + suffix_for(ctx, "direct"))):
            call = await chat(msgs, purpose)
            calls.append(call)
            msgs = msgs + [Message.text("assistant", call.reply), Message.text("user", nxt)]
        final = await chat(msgs, "answer")
        calls.append(final)
        action, status = ctx.spec.answer.parse(final.reply, ctx.observation)
        return Turn(reply=final.reply, action=action if status == "parsed" else None, status=status,
                    calls=tuple(calls), latency_s=sum(c.latency_s for c in calls))


ROLES = ("affirmative", "negative", "third", "fourth")


@dataclass
class Debate:
    name: str = "mad"
    debaters: int = 2
    rounds: int = 3

    async def respond(self, ctx, chat, reask: int = 0) -> Turn:
        calls: list[ModelCall] = []
        opening = await _opening(ctx, chat, calls)
        transcript: list[str] = []
        final = None
        for r in range(1, self.rounds + 1):
            for k in range(1, self.debaters + 1):
                role = ROLES[k - 1] if k <= len(ROLES) else f"debater {k}"
                stance = ("Propose the answer you think is right and argue for it." if k == 1 else
                          "Challenge the previous arguments: look for mistakes and argue for the answer you think is right, even if it differs.")
                prior = ("\n\nThe debate so far:\n" + "\n\n".join(transcript)) if transcript else ""
                msgs = _single_turn(ctx, opening, f"You are the {role} debater in a debate about this problem (round {r}). "
                                         f"{stance}{prior}\nEnd with your proposed answer in the required format.")
                call = await chat(msgs, f"debate:{r}:{k}")
                calls.append(call)
                transcript.append(f"[Round {r}, {role} debater]\n{call.reply}")
            last = r == self.rounds
            decide = ("Decide now: give the final answer in exactly the required format." if last else
                      "If the debate has settled the answer, give the final answer in exactly the required format. "
                      "Otherwise reply only with CONTINUE.")
            msgs = _single_turn(ctx, opening, "You are the judge of a debate about this problem.\n\n" + "\n\n".join(transcript)
                                + f"\n\n{decide}\n{suffix_for(ctx, 'direct')}")
            call = await chat(msgs, "judge")
            calls.append(call)
            action, status = ctx.spec.answer.parse(call.reply, ctx.observation)
            if status == "parsed" or last:
                final = (call, action, status)
                break
        call, action, status = final  # type: ignore[misc]
        return Turn(reply=call.reply, action=action if status == "parsed" else None, status=status,
                    calls=tuple(calls), latency_s=sum(c.latency_s for c in calls))


register_strategy("scot", StructuredCoT)
register_strategy("mad", Debate)

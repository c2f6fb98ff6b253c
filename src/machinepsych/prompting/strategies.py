"""Prompting strategies: (instructions, history, observation) -> messages -> Turn.

A strategy composes with any test and any persona. The default strategies differ only in
the suffix appended to every trial message (docs/conditions.md); a test
may override the suffix wording (``TaskSpec.suffixes``). Strategies that need several model
calls per trial (e.g. multi-agent debate) implement :class:`Strategy` themselves and are
registered with :func:`register_strategy`.

Conversation layout (one multi-turn conversation per session, the full history re-sent on
every call): system = persona + instructions; then per trial a user message (feedback on
the previous trial inline when the test's feedback mode is ``inline``, the trial's content,
the suffix) and the assistant's reply. With feedback mode ``separate`` the feedback is its
own user message, and the model's acknowledgement is kept in the history. Each piece of
feedback is sent once: environments keep it out of the trial's text (``Observation.feedback``
carries it), and the strategy puts it in exactly one place.

Study material (``Observation.study``, e.g. the study page of a memory test) is sent in its
own turn, once; the model's reply to it is kept, and every later request (the question of the
same trial, scot's and mad's further calls, the history of later trials) carries
:data:`STUDY_PLACEHOLDER` where the material was, never the material itself (a test version
made before this declares ``TaskSpec.study_stays`` to reproduce its old runs).
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from machinepsych.core.errors import UnknownNameError
from machinepsych.core.types import STUDY_PLACEHOLDER, Message, ModelCall, Part, TextPart, Turn
from machinepsych.parsing.truncation import cut_off_reason, reply_cut_off
from .personas import persona_text

__all__ = ["STUDY_PLACEHOLDER", "REASK_TEXT", "DEFAULT_SUFFIXES", "Strategy", "SuffixStrategy", "conversation",
           "get_strategy", "read_answer", "register_strategy", "strategy_names", "study_message", "study_phase", "study_taken_away",
           "suffix_for", "system_message", "trial_message"]

# chat(messages, purpose) -> ModelCall ; provided by the LLM participant (retries, limits, costs). A test's own
# method may pass a third argument, the JSON Schema that one call answers in under --answer structured (CogBench's
# cot: one statement per call); the general strategies never do (their answer calls get the trial's schema).
ChatFn = Callable[..., Awaitable[ModelCall]]

DEFAULT_SUFFIXES = {
    "direct": "Give your final answer straight away. Be concise and include only the essential information, with no explanation or thought process.",
    "cot": "Think step by step: explain your reasoning in detail first, and then state your final answer clearly.",
    "free": "",
}
REASK_TEXT = "I could not find an answer in the required format in your reply. Please answer again, using exactly the required format."


class Strategy(Protocol):
    name: str

    async def respond(self, ctx, chat: ChatFn, reask: int = 0) -> Turn: ...


def suffix_for(ctx, strategy: str) -> str:
    if strategy in ctx.spec.answer.suffixes:
        return ctx.spec.answer.suffixes[strategy]
    return DEFAULT_SUFFIXES.get(strategy, "")


def _user(parts: tuple[Part, ...], prefix: str | None, suffix: str) -> Message:
    # adjacent text parts are merged (joined by newlines) so text-only conversations are plain
    # strings; a text part with no text beside it is kept as it is. A run of texts becomes one
    # part at once, not one part per text merged in.
    merged: list[Part] = []
    run: list = []  # the current run of texts: TextParts, and the prefix and suffix as strings

    def end_run() -> None:
        if len(run) == 1:
            merged.append(TextPart(run[0]) if isinstance(run[0], str) else run[0])
        elif run:
            merged.append(TextPart("\n".join(t if isinstance(t, str) else t.text for t in run)))
        run.clear()

    for p in ((prefix,) if prefix else ()) + tuple(parts) + ((suffix,) if suffix else ()):
        if isinstance(p, (str, TextPart)):
            run.append(p)
        else:
            end_run()
            merged.append(p)
    end_run()
    return Message("user", tuple(merged))


def trial_message(ctx, obs, prefix: str | None, suffix: str) -> Message:
    """The user message asking ``obs``, built once: the message a trial sends is, as the
    same object, the one in the history of every later trial, so its request JSON is
    encoded once (the adapters keep it on the message)."""
    kept = ctx.scratch.get("trial_message")
    if kept is not None and kept[0] is obs and kept[1] == prefix and kept[2] == suffix:
        return kept[3]
    msg = _user(obs.parts_for("model"), prefix, suffix)
    ctx.scratch["trial_message"] = (obs, prefix, suffix, msg)
    return msg


def study_message(obs, feedback: str | None) -> Message:
    """The study turn: the trial's study material (after the feedback still to be shown)."""
    return _user(obs.study_for("model"), feedback, "")


def study_taken_away(ctx, obs, feedback: str | None) -> Message:
    """What the requests after the study turn carry in its place: the placeholder (with the
    feedback that went with the study message), or, for a test version that declares
    ``study_stays``, the study message itself (its old behaviour)."""
    if ctx.spec.study_stays:
        return study_message(obs, feedback)
    return _user((TextPart(STUDY_PLACEHOLDER),), feedback, "")


def system_message(ctx) -> Message:
    persona = persona_text(ctx.persona)
    text = (persona + "\n\n" + ctx.instructions) if persona else ctx.instructions
    return Message.text("system", text)


def conversation(ctx, suffix: str) -> list[Message]:
    """Messages for the current trial, the history included, ending with the trial's user turn.

    For ``separate`` feedback the last element is the trial message, and the feedback
    exchange of the previous trial must already be in the history (see LLM participant).
    """
    separate = ctx.spec.feedback_mode == "separate"
    if ctx.spec.conversation == "single":
        return [system_message(ctx)]
    # The history only grows within a session: extend the messages built on the last turn
    # (kept in the session's scratch space) instead of rebuilding them every trial.
    cache = ctx.scratch.get("conversation")
    if cache and cache[0] == suffix and cache[1] <= len(ctx.history):
        msgs, start = list(cache[2]), cache[1]
    else:
        msgs, start = [system_message(ctx)], 0
    for ex in ctx.history[start:]:
        obs = ex.observation
        if separate and obs.feedback is not None:
            # the feedback on the previous trial and its acknowledgement come before this trial
            ack = next((c for c in ex.turn.calls if c.purpose == "feedback_ack"), None)
            msgs.append(Message.text("user", obs.feedback))
            msgs.append(Message.text("assistant", ack.reply if ack else ""))
        if obs.study:
            study = next((c for c in ex.turn.calls if c.purpose == "study"), None)
            msgs.append(study_taken_away(ctx, obs, None if separate else obs.feedback))
            msgs.append(Message.text("assistant", study.reply if study else ""))
        msgs.append(trial_message(ctx, obs, None if (separate or obs.study) else obs.feedback, suffix))
        # every unparsable reply that was re-asked, then the final reply
        answer_calls = [c for c in ex.turn.calls if c.purpose in ("answer", "reask")]
        for earlier in answer_calls[:-1] if ex.turn.reasked else ():
            msgs.append(Message.text("assistant", earlier.reply))
            msgs.append(Message.text("user", REASK_TEXT))
        msgs.append(Message.text("assistant", ex.turn.reply))
    ctx.scratch["conversation"] = (suffix, len(ctx.history), tuple(msgs))
    return msgs


async def study_phase(ctx, chat: ChatFn, msgs: list[Message], feedback: str | None,
                      calls: list[ModelCall]) -> tuple[list[Message], str | None]:
    """Send the trial's study material (if any) as its own message and keep the reply, so the
    question that follows is asked without the material in view (``Observation.study``):
    the messages returned, which every later request of the trial starts from, carry the
    placeholder in place of the material (:func:`study_taken_away`). Returns them and the
    feedback still to be shown (None once it went with the study message)."""
    obs = ctx.observation
    if not obs.study:
        return msgs, feedback
    ack = await chat(msgs + [study_message(obs, feedback)], "study")
    calls.append(ack)
    return msgs + [study_taken_away(ctx, obs, feedback), Message.text("assistant", ack.reply)], None


def read_answer(ctx, call: ModelCall):
    """(action, status) of an answer call's reply: under ``--answer structured`` by strict
    JSON parsing of the answer's schema only; otherwise by the test's parser (a reply cut off
    by the token limit: explicit answers only)."""
    if getattr(ctx, "answer", "free") == "structured":
        return ctx.spec.answer.read_structured(call.reply, ctx.action_space, ctx.strategy)
    with reply_cut_off(cut_off_reason(call.finish_reason)):
        return ctx.spec.answer.parse(call.reply, ctx.observation)


@dataclass
class SuffixStrategy:
    """One call per trial; the strategy is the suffix appended to each trial message."""

    name: str

    async def respond(self, ctx, chat: ChatFn, reask: int = 0) -> Turn:
        suffix = suffix_for(ctx, self.name)
        msgs = conversation(ctx, suffix)
        calls: list[ModelCall] = []
        obs = ctx.observation
        feedback = obs.feedback
        if ctx.spec.feedback_mode == "separate" and obs.feedback is not None:
            fb = msgs + [Message.text("user", obs.feedback)]
            ack = await chat(fb, "feedback_ack")
            calls.append(ack)
            msgs = fb + [Message.text("assistant", ack.reply)]
            feedback = None
        msgs, feedback = await study_phase(ctx, chat, msgs, feedback, calls)
        msgs.append(trial_message(ctx, obs, feedback, suffix))
        call = await chat(msgs, "answer")
        calls.append(call)
        action, status = read_answer(ctx, call)
        reply, reasked = call.reply, False
        for _ in range(reask):
            if status == "parsed":
                break
            msgs = msgs + [Message.text("assistant", reply), Message.text("user", REASK_TEXT)]
            again = await chat(msgs, "reask")
            calls.append(again)
            reply, reasked = again.reply, True
            action, status = read_answer(ctx, again)
        return Turn(reply=reply, action=action if status == "parsed" else None, status=status,
                    calls=tuple(calls), reasked=reasked, latency_s=sum(c.latency_s for c in calls))


# a suffix strategy holds nothing but its name: one instance each, not one per call
_STRATEGIES: dict[str, Callable[[], Strategy]] = {name: (lambda s=SuffixStrategy(name): s) for name in DEFAULT_SUFFIXES}
_ALIASES = {"sta": "direct", "vanilla": "direct"}


def register_strategy(name: str, factory: Callable[[], Strategy]) -> None:
    _STRATEGIES[name] = factory


def get_strategy(name: str, spec=None, extra=()) -> Strategy:
    """The strategy ``name``: one the test ``spec`` declares (``TaskSpec.strategies``, e.g. a
    memory agent's pipeline), else a general one. ``extra`` names are listed as valid in the
    error (strategies of the other tests of a run)."""
    if spec is not None and name in spec.strategies:
        return spec.strategies[name]()
    name = _ALIASES.get(name, name)
    if name not in _STRATEGIES:  # the visual tests' strategies load only when one is asked for
        _load_optional()
    if name not in _STRATEGIES:
        raise UnknownNameError("strategy", name, [*_STRATEGIES, *(spec.strategies if spec else ()), *extra])
    return _STRATEGIES[name]()


def strategy_names() -> list[str]:
    _load_optional()
    return sorted(_STRATEGIES)


_optional_loaded = False


def _load_optional() -> None:
    global _optional_loaded
    if _optional_loaded:
        return
    _optional_loaded = True
    from . import visual_strategies  # noqa: F401  (registers scot and mad; imported lazily: it imports this module)

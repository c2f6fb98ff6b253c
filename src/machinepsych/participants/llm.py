"""A model as a participant: model adapter + prompting strategy + deterministic parser."""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ..models.base import ChatModel, GenerateOptions
from ..prompting.strategies import get_strategy, read_answer
from ..models.ratelimit import estimate_tokens
from ..models.retry import RetryPolicy, call_model
from machinepsych.core.types import Message, ModelCall, TextPart, Turn
from .base import TurnContext, current_call
from .choice_probs import TOP_LOGPROBS, choice_probabilities

ANSWER_PURPOSES = ("answer", "reask")  # the calls whose reply is read as the trial's answer


class LLMParticipant:
    def __init__(self, model: ChatModel, options: GenerateOptions | None = None, *, reask: int = 0,
                 concurrency: int = 8, retry: RetryPolicy | None = None, system_as_user: bool = False,
                 text_only: bool = False, choice_probs: bool = False):
        self.model = model
        self.options = options or GenerateOptions()
        self.reask = reask
        self.concurrency = concurrency
        self.retry = retry or RetryPolicy()
        self.system_as_user = system_as_user
        self.text_only = text_only
        self.choice_probs = choice_probs  # --choice-probs: the options' probabilities of every answer
        self.name = model.name
        self.budget = None  # the run's cost budget (runner.budget.CostBudget), set by the runner with --max-cost

    def describe(self) -> dict[str, Any]:
        o = self.options
        return {"kind": "model", **self.model.describe(), "temperature": o.temperature, "max_tokens": o.max_tokens,
                "seed": o.seed, "timeout_s": o.timeout_s, "reask": self.reask, "system_as_user": self.system_as_user,
                "text_only": self.text_only, **({"choice_probs": True} if self.choice_probs else {})}

    def concurrency_key(self) -> str:
        return self.model.concurrency_key()

    async def respond(self, ctx: TurnContext) -> Turn:
        options = self.options
        if options.seed is not None:
            # vary the sampling seed per session and trial, reproducibly
            options = replace(options, seed=options.seed + 1000 * ctx.session_seed + ctx.observation.trial)

        answering = self._answer_options(ctx, options)

        async def chat(messages: list[Message], purpose: str, schema: dict | None = None) -> ModelCall:
            sent = self._adapt(messages)
            call_options = answering if purpose in ANSWER_PURPOSES else options
            if schema is not None and ctx.answer == "structured":
                # a call that answers under a schema of its own (CogBench's cot: one statement per call)
                call_options = replace(options, response_schema=json.dumps(schema, sort_keys=False))
            budget = self.budget
            # the call's worst case: twice the usual token count of its prompt (chars / 4, 800 an
            # image) and a reply of the cap it sends (runner.budget.attach_budget set it)
            held = (await budget.hold(lambda: budget.worst_case(self.model, 2 * estimate_tokens(sent, 0),
                                                                  call_options.max_tokens))
                    if budget is not None else 0.0)
            token = current_call.set((ctx, purpose))
            call = None
            try:
                call = await call_model(self.model, sent, call_options, purpose, self.retry, self.concurrency)
                return call
            finally:
                current_call.reset(token)
                if budget is not None:
                    budget.settle(held, call.cost_usd if call else None)

        turn = await get_strategy(ctx.strategy, ctx.spec).respond(ctx, chat, reask=self.reask)
        return self._with_choice_probs(ctx, turn) if self.choice_probs else turn

    def _answer_options(self, ctx: TurnContext, options: GenerateOptions) -> GenerateOptions:
        """The options of the calls that answer the trial: the answer's JSON Schema under
        ``--answer structured``, the top tokens' log-probabilities under ``--choice-probs``."""
        schema = None
        if ctx.answer == "structured":
            found = ctx.spec.answer.json_schema(ctx.action_space, ctx.strategy)
            schema = json.dumps(found, sort_keys=False) if found is not None else None
        if schema is None and not self.choice_probs:
            return options
        return replace(options, response_schema=schema, top_logprobs=TOP_LOGPROBS if self.choice_probs else None)

    def _with_choice_probs(self, ctx: TurnContext, turn: Turn) -> Turn:
        """``turn`` with the legal options' probabilities at its answer (none where the reply
        was not read, the trial's answers are not a fixed set, or the endpoint gave none)."""
        options = getattr(ctx.action_space, "options", None)
        call = next((c for c in reversed(turn.calls) if c.purpose in ANSWER_PURPOSES), None)
        if turn.status != "parsed" or not options or call is None or call.reply != turn.reply:
            return turn
        found = choice_probabilities(call.logprobs, call.reply, options, turn.action, ctx.answer == "structured",
                                     read=lambda text: read_answer(ctx, replace(call, reply=text))[0])
        if found is None:
            return turn
        return replace(turn, choice_probs=found[0], choice_probs_outside=found[1])

    async def warm(self, sessions: int) -> None:
        """Before ``sessions`` sessions start: let the model open its connections (at most
        this participant's concurrency), so their first requests go out as they are built."""
        warm = getattr(self.model, "warm", None)
        if warm is not None:
            await warm(min(sessions, self.concurrency))

    async def aclose(self) -> None:
        close = getattr(self.model, "aclose", None)
        if close is not None:
            await close()

    def _adapt(self, messages: list[Message]) -> list[Message]:
        if self.text_only:
            # a model without vision: each image becomes a short text placeholder
            messages = [m if not m.images else Message(m.role, tuple(
                p if isinstance(p, TextPart) else TextPart(f"[image not shown{': ' + p.alt if p.alt else ''}]")
                for p in m.parts)) for m in messages]
        if not self.system_as_user or not messages or messages[0].role != "system":
            return messages
        first, rest = messages[0], list(messages[1:])
        if rest and rest[0].role == "user":  # keep user/assistant alternation for strict chat templates
            return [Message("user", first.parts + rest[0].parts), *rest[1:]]
        return [Message("user", first.parts), *rest]

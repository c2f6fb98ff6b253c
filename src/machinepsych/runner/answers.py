"""What ``--answer structured`` and ``--choice-probs`` need, checked before a run starts.

:func:`check_answers` (part of validating a :class:`~machinepsych.runner.plan.RunSpec`)
refuses, in one line each, what cannot work whatever the endpoint says: an unknown answer
mode, a strategy that is not one answer call per trial, a test whose answers declare no JSON
Schema, a provider without structured output or log-probabilities, a test whose answers are
not a fixed set of options. :func:`probe_endpoints` then asks each model's endpoint once, with
the schema and the log-probabilities a trial would ask for, and refuses the run in one line
when the endpoint rejects the schema, does not follow it, or returns no log-probabilities.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any

from ..core.errors import ConfigError, ModelCallError
from ..core.spaces import Choice, Space
from ..core.structured import ANSWER_MODES, STRUCTURED_STRATEGIES, follows_schema
from ..core.types import Message
from ..tasks.catalog import get_task

STRUCTURED_PROVIDERS = ("openai", "vllm", "ollama", "llamacpp", "anthropic", "google")
LOGPROB_PROVIDERS = ("openai", "vllm", "ollama", "llamacpp")  # OpenAI-compatible: logprobs with top_logprobs
PROBE_MAX_TOKENS = 200
DROP_CHOICE_PROBS = "drop --choice-probs"  # run's fix for a model without log-probabilities; predict words its own


def first_space(task: Any) -> tuple[Any, Space]:
    """(the test's spec, the action space of its first trial) for a run's test configuration."""
    spec = get_task(task.task)
    env = spec.make(spec.resolve(task.preset, task.params))
    env.reset(0)
    return spec, env.action_space


def check_answers(run: Any) -> None:
    """One-line refusals of ``--answer`` and ``--choice-probs`` settings that cannot work."""
    unknown = [a for a in run.answers if a not in ANSWER_MODES]
    if unknown:
        raise ConfigError(f"--answer {unknown[0]!r}: choose free or structured")
    models = [p for p in run.participants if not (p.is_agent or p.is_human)]
    if "structured" in run.answers and not models:  # it would change nothing: agents and people answer as always
        raise ConfigError("--answer structured constrains a model's replies: add a model participant (--model), "
                          "or drop --answer structured (agents and people answer as they always do)")
    structured = "structured" in run.answers and models
    requested = any(p.choice_probs for p in run.participants)
    probs = [p for p in models if p.choice_probs]
    if not structured and not requested:
        return
    if requested and not probs:
        raise ConfigError("--choice-probs reads a model's log-probabilities: add a model participant (--model), "
                          "or drop --choice-probs")
    spaces = [(t, *first_space(t)) for t in run.tasks]
    if structured:
        asked = [s for t in run.tasks for s in (t.strategies or run.strategies)]  # a test's own list, else the run's
        other = [s for s in asked if s not in STRUCTURED_STRATEGIES]
        if other:
            raise ConfigError(f"--answer structured works with the strategies that answer in one call per trial "
                              f"(direct, cot, free), not {other[0]!r}: drop --answer structured or that strategy")
        for t, spec, space in spaces:
            # a method of the test's own whose calls carry no answer schema (CogBench's own cot does: each
            # statement's call carries the reasoning-then-rating schema)
            own = [s for s in (t.strategies or run.strategies)
                   if s in spec.strategies and not getattr(spec.strategies[s](), "answers_structured", False)]
            if own:
                raise ConfigError(f"--answer structured: {spec.id} answers {own[0]!r} with a method of its own, in calls "
                                  "that carry no answer schema; drop --answer structured, or run it with direct or free")
            if spec.answer.json_schema(space) is None:
                raise ConfigError(f"{spec.id} declares no JSON Schema for its answers ({space.describe()}): "
                                  "run it with --answer free")
        for p in models:
            provider = p.ref.partition(":")[0]
            if provider not in STRUCTURED_PROVIDERS or p.batch:
                how = "through --batch" if p.batch else f"for the {provider}: provider"
                raise ConfigError(f"{p.ref}: structured answers are not available {how}; run it with --answer free")
    for p in probs:
        check_logprob_provider(p)
    if probs:
        for t, spec, space in spaces:
            if not isinstance(space, Choice):
                raise ConfigError(f"{spec.id}: its answers are not one of a fixed set of options ({space.describe()}), "
                                  "so they have no option probabilities: drop --choice-probs or run another test")


def check_logprob_provider(p: Any, fix: str = DROP_CHOICE_PROBS) -> None:
    """A one-line refusal of a model participant (``p``, a ParticipantSpec) whose provider, or
    ``--batch``, gives no log-probabilities; ``fix``: what the calling command's user can do."""
    provider = p.ref.partition(":")[0]
    if provider not in LOGPROB_PROVIDERS or p.batch:
        how = "through --batch" if p.batch else f"from the {provider}: provider"
        raise ConfigError(f"{p.ref}: option probabilities need log-probabilities (logprobs with top_logprobs), "
                          f"which are not available {how} (OpenAI, vLLM and llama.cpp give them): {fix}")


def probe_schema(run: Any) -> dict[str, Any]:
    """The JSON Schema the probe sends: that of the first test's first trial (no reasoning)."""
    spec, space = first_space(run.tasks[0])
    schema = spec.answer.json_schema(space)
    return schema if schema is not None else {"type": "object", "properties": {}, "required": [],
                                              "additionalProperties": False}


def probe_endpoints(run: Any, participants: list[Any], no_probs_fix: str = DROP_CHOICE_PROBS) -> None:
    """Ask each model once, as a trial would (the answer schema under ``--answer structured``,
    log-probabilities under ``--choice-probs``); a one-line ConfigError naming the fix when its
    endpoint refuses or ignores them. ``participants``: the built participants, in the run
    spec's order; ``no_probs_fix``: the fix for an endpoint without log-probabilities, in the
    words of the command that asks (``predict`` has no --choice-probs to drop)."""
    structured = "structured" in run.answers
    todo = [(p, built) for p, built in zip(run.participants, participants)
            if not (p.is_agent or p.is_human) and (structured or p.choice_probs)]
    todo = list({(p.ref, p.base_url): (p, built) for p, built in todo}.values())  # one probe per endpoint and model
    if todo:
        asyncio.run(_probe_all(run, todo, structured, no_probs_fix))


async def _probe_all(run: Any, todo: list, structured: bool, no_probs_fix: str) -> None:
    from ..models.base import GenerateOptions
    from ..models.retry import bounded

    _, space = first_space(run.tasks[0])
    schema = probe_schema(run)
    messages = [Message.text("system", "Reply with JSON only."),
                Message.text("user", "Give one of the allowed answers.")]
    try:
        for p, built in todo:
            model = built.model
            options = GenerateOptions(temperature=p.temperature, max_tokens=PROBE_MAX_TOKENS, timeout_s=p.timeout_s,
                                      response_schema=json.dumps(schema) if structured else None,
                                      top_logprobs=20 if p.choice_probs else None)
            try:
                reply = await bounded(model, model.generate(messages, options), p.timeout_s)
            except ModelCallError as exc:
                detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                if exc.transient:
                    raise ConfigError(f"{p.ref}: could not check its endpoint before the run ({detail}); "
                                      "try again when it answers") from None
                fix = "run it with --answer free" if structured else no_probs_fix
                raise ConfigError(f"{p.ref} refused the request a trial would send ({detail}); {fix}") from None
            if structured and reply.finish_reason not in ("length", "max_tokens", "MAX_TOKENS") and \
                    not follows_schema(reply.text, space):
                raise ConfigError(f"{p.ref} did not follow the answer's JSON Schema (it replied {reply.text[:60]!r}); "
                                  "run it with --answer free")
            if p.choice_probs and not reply.logprobs:
                raise ConfigError(f"{p.ref} returned no log-probabilities (logprobs with top_logprobs); "
                                  f"option probabilities need an endpoint that does (OpenAI, vLLM, llama.cpp): "
                                  f"{no_probs_fix}")
    finally:
        for _, built in todo:
            close = getattr(built.model, "aclose", None)
            if close is not None:
                await close()

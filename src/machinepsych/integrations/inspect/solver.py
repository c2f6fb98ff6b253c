"""The solver: one session of a test, driven turn by turn with inspect's model.

It is the runner's session loop (``runner.session.drive_session``) without the store: the
environment is rebuilt from the sample's seed, each trial is answered through our prompting
strategy (``prompting.strategies``: the very messages a machinepsych run sends, feedback,
study turns and re-asks included) with a :data:`ChatFn` that calls inspect's active model,
our parser reads the reply, and the environment steps. Each finished trial is kept in the
sample's store (``machinepsych:trials``, the columns of a tidy export) for the scorer, and the
sample's messages become the session's conversation.
"""
from __future__ import annotations

import time
from typing import Any

from inspect_ai.model import CachePolicy, GenerateConfig, Model, ModelOutput, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from ...core.play import Episode, Step
from ...core.scoring import with_info
from ...core.spec import TaskSpec
from ...core.types import Message, ModelCall, Turn
from ...models.inspect_model import to_chat_messages, usage_from_inspect
from ...participants.base import Exchange, TurnContext, current_call
from ...prompting.strategies import get_strategy
from ...runner.session import json_roundtrip
from ...tasks.catalog import get_task

TRIALS_KEY = "machinepsych:trials"


def trial_row(session: int, step: Step, turn: Turn) -> dict[str, Any]:
    """A finished trial as the scorer reads it from a run's store: the tidy export's columns,
    JSON values as the store gives them back, the step's ``info`` keys as columns."""
    obs = json_roundtrip(step.observation.to_json())
    u = turn.usage
    row = {"session": session, "trial": step.observation.trial, "stimulus": obs.get("stimulus", {}),
           "feedback": step.result.feedback, "reply": turn.reply, "action": json_roundtrip(step.action),
           "parse_status": turn.status, "reasked": turn.reasked, "correct": step.result.correct,
           "reward": step.result.reward, "latency_s": turn.latency_s, "prompt_tokens": u.prompt_tokens,
           "completion_tokens": u.completion_tokens, "cached_tokens": u.cached_tokens, "image_tokens": u.image_tokens,
           "n_calls": len(turn.calls), "hidden": obs.get("hidden", {})}
    return with_info(row, json_roundtrip(step.result.info))


class Transcript:
    """The session as one conversation for the log: each request's messages that the
    conversation so far does not start with, then the reply. A multi-turn session is its
    last request and reply; single-turn items (one request per trial) follow each other after
    the system message; a study turn shows the material, then the placeholder that replaced it."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def add(self, request: list[Message], reply: str) -> None:
        n = 0
        for a, b in zip(self.messages, request):
            if a is not b and a != b:
                break
            n += 1
        self.messages.extend(request[n:])
        self.messages.append(Message.text("assistant", reply))


def eval_seed(model: Model) -> int | None:
    """The sampling seed the eval gives the model (``inspect eval --seed``), if any."""
    try:  # the eval's generate config (not exported by inspect_ai.model)
        from inspect_ai.model._generate_config import active_generate_config

        seed = active_generate_config().seed
    except ImportError:  # pragma: no cover - a later inspect_ai
        seed = None
    return seed if seed is not None else model.config.seed


def cache_policy(cache: bool | str, seed: int) -> CachePolicy | None:
    """inspect's response cache for a session's calls (``-T cache=true`` or an expiry such as
    ``cache=1W``): a retried sample replays the calls it made before from the cache. The
    session's seed is part of the key, so two sessions never share a reply."""
    if cache is False or cache in (None, "", "false", "no", "0", 0):
        return None
    expiry = "1W" if cache is True or str(cache).lower() in ("true", "yes", "1") else str(cache)
    return CachePolicy(expiry=expiry, scopes={"machinepsych_seed": str(seed)})


async def play_session(spec: TaskSpec, params, seed: int, session: int, instructions: str, *, model: Model,
                       strategy: str = "direct", persona: str = "none", reask: int = 0,
                       cache: bool | str = False) -> tuple[list[dict], Transcript, list[ModelCall]]:
    """Answer every trial of one session with ``model``: the trial rows, the conversation and
    every call made."""
    episode = Episode(spec.make(params), seed)
    history: list[Exchange] = []
    scratch: dict = {}
    rows: list[dict] = []
    transcript = Transcript()
    calls: list[ModelCall] = []
    converted: dict = {}
    policy = cache_policy(cache, seed)
    base_seed = eval_seed(model)
    strat = get_strategy(strategy, spec)
    name = str(model)

    async def chat(messages: list[Message], purpose: str) -> ModelCall:
        ctx = current[0]
        config = GenerateConfig()
        if base_seed is not None:  # varied per session and trial, reproducibly, as our runs do
            config = GenerateConfig(seed=base_seed + 1000 * seed + ctx.observation.trial)
        token = current_call.set((ctx, purpose))
        t0 = time.perf_counter()
        try:
            extra = {"cache": policy} if policy is not None else {}
            out: ModelOutput = await model.generate(to_chat_messages(messages, converted), config=config, **extra)
        finally:
            current_call.reset(token)
        latency = out.time if out.time is not None else time.perf_counter() - t0
        call = ModelCall(purpose=purpose, messages=tuple(messages), reply=out.completion,
                         usage=usage_from_inspect(out.usage), latency_s=latency, model=out.model or name,
                         finish_reason=out.choices[0].stop_reason if out.choices else None)
        transcript.add(list(messages), out.completion)
        calls.append(call)
        return call

    current: list[TurnContext] = []
    while not episode.done:
        ctx = TurnContext(spec=spec, params=params, instructions=instructions, observation=episode.observation,
                          action_space=episode.action_space, history=history, session_seed=seed,
                          strategy=strategy, persona=persona, scratch=scratch)
        current[:] = [ctx]
        turn = await strat.respond(ctx, chat, reask=reask)
        action = episode.legal(turn.action) if turn.status == "parsed" else None
        if turn.status == "parsed" and action is None:  # parsed, but not a legal answer on this trial
            turn = Turn(turn.reply, None, "invalid", turn.calls, turn.reasked, turn.latency_s)
        step = episode.step(action)
        rows.append(trial_row(session, step, turn))
        history.append(Exchange(step.observation, turn, step.result))
    return rows, transcript, calls


@solver
def session_solver(test: str, version: int, strategy: str = "direct", persona: str = "none", reask: int = 0,
                   cache: bool | str = False) -> Solver:
    """Drive the sample's session (``metadata``: ``seed``, ``session``, ``params``;
    the input is the test's instructions) through the
    test ``test`` (version ``version``) with the eval's model."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        spec = get_task(test, version)
        md = state.metadata
        params = spec.params_from(md["params"])
        model = get_model()
        rows, transcript, _ = await play_session(spec, params, int(md["seed"]), int(md["session"]), state.input_text,
                                                 model=model, strategy=strategy, persona=persona, reask=reask,
                                                 cache=cache)
        state.store.set(TRIALS_KEY, rows)
        if transcript.messages:
            state.messages = to_chat_messages(transcript.messages)
        last = rows[-1]["reply"] if rows else ""
        state.output = ModelOutput.from_content(str(model), last or "")
        return state

    return solve

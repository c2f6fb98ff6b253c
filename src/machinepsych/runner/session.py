"""Drive one session: rebuild the environment from its seed, replay stored trials, continue.

Each trial is committed to the store before the next prompt is sent, so an interrupted
session resumes from its last committed trial. Replay checks that the environment
reproduces every stored observation; a mismatch (e.g. a changed test) stops with an error
instead of silently mixing two protocols.
"""
from __future__ import annotations

import json
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.env import Environment, Params
from ..core.errors import ResumeMismatchError
from ..core.play import Episode, Step, aplay
from ..core.play import replay as play_replay
from ..core.spec import TaskSpec
from ..core.types import ImagePart, Message, ModelCall, Observation, Turn, Usage
from ..participants.base import Exchange, Participant, TurnContext
from ..storage.schema import SessionRow, TrialRow
from ..storage.store import Store, TrialRecord, json_dumps
from ..tasks.catalog import get_task


def canonical_json(obj) -> str:
    return json.dumps(obj, sort_keys=True, default=str)


def json_roundtrip(obj):
    """What the store gives back for ``obj`` (same encoder as the JSON columns)."""
    return json.loads(json_dumps(obj))


def _stored_turn(row: TrialRow, calls: list) -> Turn:
    mcalls = tuple(
        ModelCall(purpose=c.purpose, messages=(), reply=c.reply,
                  usage=Usage(c.prompt_tokens, c.completion_tokens, c.cached_tokens, c.image_tokens),
                  latency_s=c.latency_s, model=c.model, attempts=c.attempts, errors=tuple(c.errors),
                  cost_usd=c.cost_usd, finish_reason=c.finish_reason)
        for c in calls
    )
    return Turn(reply=row.reply, action=row.action, status=row.parse_status, calls=mcalls, reasked=row.reasked,
                latency_s=row.latency_s)


def final_call(turn: Turn) -> ModelCall | None:
    return next((c for c in reversed(turn.calls) if c.purpose in ("answer", "reask", "judge")), None)


def shared_prefix(prev: tuple[Message, ...], cur: tuple[Message, ...]) -> int:
    """Length of ``prev`` if it is a prefix of ``cur`` (the usual multi-turn case), else 0."""
    n = len(prev)
    if n == 0 or n > len(cur):
        return 0
    if all(map(operator.is_, prev, cur)):  # the usual case: the same message objects, compared in C
        return n
    return n if all(a is b or a == b for a, b in zip(prev, cur)) else 0


def trial_record(obs: Observation, turn: Turn, result, index: int, prev_sent: tuple[Message, ...] = ()) -> TrialRecord:
    """The stored trial. ``messages`` holds the exact request of the trial's final call as
    ``{"context_messages": k, "messages": [...]}``: its first k messages are the previous
    trial's final request (stored with that trial), the rest are listed; see
    ``storage.export.request_messages`` to rebuild the full request."""
    call = final_call(turn)
    k = shared_prefix(prev_sent, call.messages) if call else 0
    messages = {"context_messages": k, "messages": [m.to_json() for m in call.messages[k:]] if call else []}
    # images of this trial: its observation, and any new in the requests (history images
    # were stored with earlier trials)
    images: dict[str, ImagePart] = {p.sha256: p for p in obs.images}
    for c in turn.calls:
        for m in c.messages[k:]:
            for img in m.images:
                images.setdefault(img.sha256, img)
    u = turn.usage
    calls = turn.calls
    if len(calls) == 1:  # the usual turn: its call's costs (0 + x: what sum() of one value gives)
        one = calls[0]
        cost = None if one.cost_usd is None else 0 + one.cost_usd
        uncached = None if one.cost_uncached_usd is None else 0 + one.cost_uncached_usd
    else:
        cost, uncached = turn.cost_usd, _sum_or_none(c.cost_uncached_usd for c in calls)
    # JSON columns are encoded by the store (json.dumps, default=str): tuples become lists.
    return TrialRecord(
        index=index, observation=obs.to_json(), messages=messages, reply=turn.reply,
        action=turn.action, parse_status=turn.status, correct=result.correct,
        reward=result.reward, feedback=result.feedback, info=result.info,
        latency_s=turn.latency_s, reasked=turn.reasked, prompt_tokens=u.prompt_tokens,
        completion_tokens=u.completion_tokens, cached_tokens=u.cached_tokens, image_tokens=u.image_tokens,
        cost_usd=cost, images=list(images.values()), cache_write_tokens=u.cache_write_tokens,
        uncached_cost_usd=uncached,
        choice_probs=turn.choice_probs, choice_probs_outside=turn.choice_probs_outside,
        calls=[_call_fields(c) for c in calls],
    )


def _call_fields(c: ModelCall) -> dict:
    """A model call as the trial record carries it (storage.sqlite_writer.CALL_FIELDS)."""
    u = c.usage
    return {
        "purpose": c.purpose, "model": c.model, "reply": c.reply, "n_messages": len(c.messages),
        "prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens,
        "cached_tokens": u.cached_tokens, "image_tokens": u.image_tokens, "cost_usd": c.cost_usd,
        "latency_s": c.latency_s, "attempts": c.attempts, "errors": list(c.errors), "finish_reason": c.finish_reason,
        "redacted": c.redacted, "cache_write_tokens": u.cache_write_tokens,
        "uncached_cost_usd": c.cost_uncached_usd,
    }


def _sum_or_none(values) -> float | None:
    known = [v for v in values if v is not None]
    return sum(known) if known else None


@dataclass
class Replayed:
    """A session's episode after replaying its stored trials (seed + stored actions)."""

    spec: TaskSpec
    params: Params
    episode: Episode
    history: list[Exchange]

    @property
    def done(self) -> bool:
        return self.episode.done

    @property
    def obs(self) -> Observation | None:
        return self.episode.observation

    @property
    def env(self) -> Environment:
        return self.episode.env

    @property
    def n_stored(self) -> int:
        return len(self.history)


def replay(store: Store, row: SessionRow, *, fresh: bool = False) -> Replayed:
    """Rebuild a session from its seed and stored actions, checking that the environment
    reproduces every stored observation (used by resume and by the web app). ``fresh``: the
    caller knows the session has no stored trial yet (nothing to read)."""
    spec = get_task(row.task_id, row.task_version)
    params = spec.params_from(row.params)
    episode = Episode(spec.make(params), row.seed)
    stored = [] if fresh else store.trials(row.id)
    calls_by_trial: dict[int, list] = {}
    if stored:
        for c in store.model_calls(t.id for t in stored):
            calls_by_trial.setdefault(c.trial_id, []).append(c)

    def check(i: int, obs: Observation) -> None:
        if canonical_json(json_roundtrip(obs.to_json())) != canonical_json(stored[i].observation):
            raise ResumeMismatchError(
                f"Session {row.index} of run {row.run_id}: trial {stored[i].index} as rebuilt from seed {row.seed} "
                f"differs from the stored one. The test {spec.key} changed since this run was recorded; rerun it "
                "with the version it was recorded with, or start a new run.")

    play_replay(episode, (t.action if t.parse_status == "parsed" else None for t in stored), check)
    history = [Exchange(step.observation, _stored_turn(t, calls_by_trial.get(t.id, [])), step.result)
               for step, t in zip(episode.steps, stored)]
    return Replayed(spec, params, episode, history)


async def drive_session(store: Store, row: SessionRow, participant: Participant,
                        on_trial: Callable[[TrialRecord], None] | None = None, *, fresh: bool = False,
                        urgent: Callable[[], bool] | None = None) -> None:
    """Answer every remaining trial of a session, committing each before the next prompt.
    ``urgent()`` true: this session is on the run's critical path, its trials are written at
    once instead of waiting for the group commit."""
    r = replay(store, row, fresh=fresh)
    history = r.history
    state = {"index": len(history), "prev_sent": ()}
    scratch: dict = {}
    # the row's fields read once (an ORM attribute read costs more than a local's)
    instructions, seed, strategy, persona = row.instructions, row.seed, row.strategy, row.persona
    answer = row.answer_mode or "free"
    # strategies fed back people's scores of their earlier answers (the test's annotation task)
    # are given the session's annotations as they stand before each turn
    annotation = r.spec.annotation
    fed_back = annotation is not None and strategy in annotation.feedback_strategies

    async def choose(ep: Episode) -> tuple[Any, Turn]:
        extra = {}
        if fed_back:
            from ..storage.annotations import session_annotations

            extra["annotations"] = session_annotations(store, row.run_id, row.id)
        ctx = TurnContext(spec=r.spec, params=r.params, instructions=instructions, observation=ep.observation,
                          action_space=ep.action_space, history=history, session_seed=seed,
                          strategy=strategy, persona=persona, answer=answer, scratch=scratch, extra=extra)
        turn = await participant.respond(ctx)
        action = ep.legal(turn.action) if turn.status == "parsed" else None
        if turn.status == "parsed" and action is None:  # parsed, but not a legal answer on this trial
            turn = Turn(turn.reply, None, "invalid", turn.calls, turn.reasked, turn.latency_s)
        return action, turn

    async def commit(step: Step, turn: Turn) -> None:
        rec = trial_record(step.observation, turn, step.result, state["index"], state["prev_sent"])
        call = final_call(turn)
        state["prev_sent"] = call.messages if call else ()
        await store.commit_trial(row.id, rec, urgent=urgent is not None and urgent())
        if on_trial:
            on_trial(rec)
        history.append(Exchange(step.observation, turn, step.result))
        state["index"] += 1

    await aplay(r.episode, choose, commit)

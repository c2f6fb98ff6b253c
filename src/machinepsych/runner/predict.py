"""Predicting people (``machinepsych predict``; docs/predict.md): a model is walked through each
person's session as that person lived it and asked, before each of the person's choices, for
its own answer with the probability of every option (``--choice-probs``).

A prediction run is a run of its own kind (``spec["kind"] == "prediction"``) with one session
per complete people session of the run it predicts (``spec["predicts"]``): the same test,
parameters and seed. On trial i the model is sent exactly what a model taking the test would
have been sent had it answered trials 0..i-1 as the person did: the test's instructions for
models, the person's observations and feedback, and, as the model's own earlier turns, the
canonical reply of each of the person's choices (``TaskSpec.answer.format``). The model's
reply is stored as the trial's reply, its readable answer as the trial's action, and in
``info`` the person's choice (``person_action``) with the probability the model gave it
(``person_p``). Each trial is committed before the next call; a resumed session continues
after its last stored trial, rebuilding the history from the people session.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.errors import ConfigError, ResumeMismatchError
from ..core.play import Episode
from ..core.spaces import Choice
from ..core.types import ModelCall, Turn, Usage
from ..participants.base import Exchange, Participant, TurnContext
from ..participants.human import is_human_ref
from ..storage.schema import RunRow, SessionRow
from ..storage.store import Store, TrialRecord
from ..tasks.catalog import get_task, is_latest
from .session import canonical_json, final_call, json_roundtrip, trial_record

KIND = "prediction"
# predict's fix for a model without log-probabilities (run's is "drop --choice-probs", an option predict has not)
NEEDS_LOGPROBS = ("give predict a model at an endpoint that returns them "
                  "(-m openai:, vllm:, llamacpp:, ollama: NAME with --base-url)")
ANSWERING = ("answer", "reask", "judge")  # calls whose reply is the model's answer (not kept in the history)


def is_prediction(run: RunRow) -> bool:
    return (run.spec or {}).get("kind") == KIND


def people_sessions(store: Store, run: RunRow) -> list[SessionRow]:
    """The complete sessions of people (participants ``human`` / ``human:<subject>``) of ``run``."""
    return [s for s in store.sessions(run.id)
            if is_human_ref(s.participant_name) and s.status == "complete"]


def check_people(store: Store, run: RunRow) -> list[SessionRow]:
    """The people sessions to predict, or a one-line ConfigError: the run has none, or one of
    their tests has no fixed set of options to give probabilities to."""
    if is_prediction(run):
        raise ConfigError(f"run {run.name} is itself a prediction run; give the people run it predicts "
                          f"({run.spec['predicts']['run']})")
    rows = people_sessions(store, run)
    if not rows:
        raise ConfigError(f"run {run.name} has no complete people sessions (participants human:...); give a run "
                          "from import-people or a browser study")
    seen = set()
    for r in rows:
        if (r.task_id, r.task_version) in seen:
            continue
        seen.add((r.task_id, r.task_version))
        spec = get_task(r.task_id, r.task_version)
        env = spec.make(spec.params_from(r.params))
        env.reset(r.seed)
        if not isinstance(env.action_space, Choice):
            raise ConfigError(f"{spec.id}: its answers are not one of a fixed set of options "
                              f"({env.action_space.describe()}), so a model gives them no probabilities to predict "
                              "people with")
    return rows


def check_reported_with(chosen: list[RunRow], predictions: list[RunRow]) -> list[RunRow]:
    """The runs of ``chosen`` other than the prediction runs, each prediction run predicting
    one of them (``report PEOPLE_RUN PRED_RUN``), or a one-line ConfigError."""
    others = [r for r in chosen if not is_prediction(r)]
    ids = {r.id for r in others}
    for p in predictions:
        if predicts(p)["run_id"] not in ids:
            raise ConfigError(f"run {p.name} is a prediction run of the people of run {predicts(p)['run']}: report it "
                              f"on its own (machinepsych report {p.name}) or with that run (machinepsych report "
                              f"{predicts(p)['run']} {p.name})")
    return others


def task_key(row: SessionRow) -> str:
    spec = get_task(row.task_id, row.task_version)
    return spec.id if is_latest(spec) else spec.key


def prediction_rows(store: Store, people: list[SessionRow], desc: dict, ref: str, strategy: str,
                    answer: str) -> list[dict]:
    """The prediction run's session rows: one per people session, same test, parameters and seed,
    with the test's instructions for models."""
    from .plan import condition_label

    counts = store.trial_counts(people[0].run_id)
    rows = []
    for p in people:
        spec = get_task(p.task_id, p.task_version)
        params = spec.params_from(p.params)
        stored = params.model_dump(mode="json")
        rows.append(dict(
            task_id=p.task_id, task_version=p.task_version, preset=p.preset, params=stored, seed=p.seed,
            participant=desc, participant_name=ref, strategy=strategy, persona="none", answer_mode=answer,
            condition=condition_label(ref, strategy, "none", stored, spec.Params().model_dump(mode="json"), answer),
            instructions=spec.instructions(spec.make(params), "model"), status="pending",
            n_trials=counts.get(p.id, 0)))
    return rows


def predicts(run: RunRow) -> dict[str, Any]:
    """``{"run": name, "run_id": id, "sessions": [{"session": id, "participant": name}, ...]}``:
    the people run and session each prediction session (by index) predicts."""
    return run.spec["predicts"]


@dataclass
class _Person:
    """One person's session replayed: each trial's observation, action space, step and choice."""

    spec: Any
    params: Any
    seed: int
    steps: list
    spaces: list
    actions: list


def replay_person(store: Store, people_row: SessionRow) -> _Person:
    """The person's session rebuilt from its seed and stored choices, each rebuilt observation
    checked against the stored one (as ``resume`` checks a model's session)."""
    spec = get_task(people_row.task_id, people_row.task_version)
    params = spec.params_from(people_row.params)
    episode = Episode(spec.make(params), people_row.seed)
    spaces, actions = [], []
    for t in store.trials(people_row.id):
        if episode.done or canonical_json(json_roundtrip(episode.observation.to_json())) != \
                canonical_json(t.observation):
            raise ResumeMismatchError(
                f"people session {people_row.index} of run {people_row.run_id}: trial {t.index} as rebuilt from seed "
                f"{people_row.seed} differs from the stored one (the test {spec.key} changed since it was recorded)")
        spaces.append(episode.action_space)
        action = t.action if t.parse_status == "parsed" else None
        actions.append(episode.step(action).action)
    return _Person(spec, params, people_row.seed, list(episode.steps), spaces, actions)


def _history_turn(spec, action: Any, kept_calls: tuple[ModelCall, ...], answer: str = "free") -> Turn:
    """The person's choice as the model's earlier turn: its canonical reply (what a model that
    chose it would have written: the test's answer format, or under ``--answer structured``
    the JSON object of the answer), with the model's own calls that are not answers (feedback
    acknowledgements, study turns) kept for the conversation."""
    if action is None:
        return Turn(reply="", action=None, status="empty", calls=kept_calls)
    reply = json.dumps({"answer": action}) if answer == "structured" else spec.answer.format(action)
    return Turn(reply=reply, action=action, status="parsed", calls=kept_calls)


def _stored_kept_calls(store: Store, trials) -> dict[int, tuple[ModelCall, ...]]:
    """The stored non-answer calls (their replies enter the history) by trial index."""
    by_trial: dict[int, list] = {}
    for c in store.model_calls(t.id for t in trials):
        by_trial.setdefault(c.trial_id, []).append(c)
    out = {}
    for t in trials:
        out[t.index] = tuple(
            ModelCall(purpose=c.purpose, messages=(), reply=c.reply, usage=Usage(), latency_s=0.0, model=c.model)
            for c in by_trial.get(t.id, []) if c.purpose not in ANSWERING)
    return out


class _Outcome:
    """What the stored prediction trial holds in place of an environment step: no correctness
    or reward of its own, and the person's choice with the probability the model gave it."""

    correct = None
    reward = None
    feedback = None

    def __init__(self, info: dict[str, Any]):
        self.info = info


def person_probability(turn: Turn, action: Any) -> float | None:
    if turn.choice_probs is None or action is None:
        return None
    return turn.choice_probs.get(str(action))


async def predict_session(store: Store, row: SessionRow, participant: Participant,
                          on_trial: Callable[[TrialRecord], None] | None = None, *, fresh: bool = False,
                          urgent: Callable[[], bool] | None = None) -> None:
    """Answer every remaining trial of prediction session ``row`` (the signature of
    :func:`~machinepsych.runner.session.drive_session`, which the run's driver calls)."""
    run = store.get_run(row.run_id)
    link = predicts(run)["sessions"][row.index]
    people_row = store.session_rows([link["session"]])[0]
    person = replay_person(store, people_row)
    spec = person.spec
    stored = [] if fresh else store.trials(row.id)
    kept = _stored_kept_calls(store, stored) if stored else {}
    answer = row.answer_mode or "free"
    history = [Exchange(person.steps[i].observation, _history_turn(spec, person.actions[i], kept.get(i, ()), answer),
                        person.steps[i].result) for i in range(len(stored))]
    scratch: dict = {}
    prev_sent: tuple = ()
    for i in range(len(stored), len(person.steps)):
        step, action = person.steps[i], person.actions[i]
        obs = step.observation
        if action is None:  # the person made no choice: nothing to predict, nothing sent
            turn = Turn(reply="", action=None, status="empty")
            n_options = None
        else:
            env_space = person.spaces[i]
            ctx = TurnContext(spec=spec, params=person.params, instructions=row.instructions, observation=obs,
                              action_space=env_space, history=history, session_seed=row.seed,
                              strategy=row.strategy, persona=row.persona, answer=answer,
                              scratch=scratch)
            turn = await participant.respond(ctx)
            read = env_space.contains(turn.action) if turn.status == "parsed" else False
            if turn.status == "parsed" and not read:
                turn = Turn(turn.reply, None, "invalid", turn.calls, turn.reasked, turn.latency_s,
                            turn.choice_probs, turn.choice_probs_outside)
            n_options = len(env_space.options) if isinstance(env_space, Choice) else None
        info = {"person_action": action, "person_p": person_probability(turn, action), "n_options": n_options}
        rec = trial_record(obs, turn, _Outcome(info), i, prev_sent)
        call = final_call(turn)
        prev_sent = call.messages if call else ()
        await store.commit_trial(row.id, rec, urgent=urgent is not None and urgent())
        if on_trial is not None:
            on_trial(rec)
        kept_calls = tuple(c for c in turn.calls if c.purpose not in ANSWERING)
        history.append(Exchange(obs, _history_turn(spec, action, kept_calls, answer), step.result))


def prepare_prediction(store: Store, people_ref: str | int, participant, strategy: str, answer: str,
                       run_name: str | None):
    """Everything checked, nothing stored: (the run spec, its RunSpec, the session rows) of a
    prediction of the people of run ``people_ref`` by ``participant`` (a ParticipantSpec)."""
    from ..participants.factory import build_participant
    from .answers import check_logprob_provider
    from .plan import RunSpec, TaskRun, default_run_name

    if participant.is_agent or participant.is_human:
        raise ConfigError(f"--model {participant.ref}: predict asks a model for the probability of each option; "
                          "give a model with log-probabilities (openai:, vllm:, llamacpp:, ollama:)")
    check_logprob_provider(participant, fix=NEEDS_LOGPROBS)  # before the run spec's own check, worded for run
    if answer == "structured" and strategy != "direct":
        raise ConfigError(f"--answer structured predicts with --strategy direct only (a person's reasoning is not "
                          f"known to put in the model's earlier answers), not {strategy!r}")
    people_run = store.get_run(people_ref)
    people = check_people(store, people_run)
    configs = list(dict.fromkeys((task_key(r), r.preset) for r in people))
    name = run_name or default_run_name(f"predict-{people_run.name}")
    run_spec = RunSpec(tasks=[TaskRun(task=k, preset=pre, sessions=1) for k, pre in configs],
                       participants=[participant.model_copy(update={"choice_probs": True})],
                       strategies=[strategy], answers=[answer], name=name)
    desc = build_participant(run_spec.participants[0]).describe()
    rows = prediction_rows(store, people, desc, participant.ref, strategy, answer)
    spec = {**run_spec.model_dump(mode="json"), "kind": KIND,
            "predicts": {"run": people_run.name, "run_id": people_run.id,
                         "sessions": [{"session": p.id, "participant": p.participant_name} for p in people]}}
    return spec, run_spec, rows

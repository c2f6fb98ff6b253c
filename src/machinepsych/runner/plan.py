"""Run specs: what to run, typed at the edge (pydantic), expanded into sessions.

Session seeds are ``seed + i`` for the i-th session of a test configuration, the same for
every participant and condition: all participants (models, agents, people) take the very
same tests, which makes comparisons paired. Everything is validated here, before a run is
created: test and battery ids, presets, parameters, strategies, personas and which built-in
agents a test has.
"""
from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

from pydantic import BaseModel, Field, ValidationInfo, field_validator, model_validator

from ..core.errors import ConfigError, UnknownNameError
from ..participants.spec import ParticipantSpec
from ..prompting.personas import persona_text
from ..prompting.strategies import get_strategy
from ..tasks.catalog import get_battery, get_task, is_battery, is_latest

__all__ = ["TaskRun", "RunSpec", "ParticipantSpec", "expand_tasks", "expand_sessions", "default_run_name",
           "battery_strategies"]


class TaskRun(BaseModel):
    task: str
    preset: str = "default"
    params: dict[str, Any] = Field(default_factory=dict)
    sessions: int | None = None
    # this configuration's own conditions (a battery's design: Reflection-Bench's hard setting
    # runs direct only); None: the run's
    strategies: list[str] | None = None
    personas: list[str] | None = None


class RunSpec(BaseModel):
    tasks: list[TaskRun]
    participants: list[ParticipantSpec]
    strategies: list[str] = Field(default_factory=lambda: ["direct"])
    personas: list[str] = Field(default_factory=lambda: ["none"])
    # how models answer (--answer): free text read by the test's parser, or structured JSON of
    # the answer's schema read strictly; each a condition of its own, on the same seeds
    answers: list[str] = Field(default_factory=lambda: ["free"])
    seed: int = 0
    name: str | None = None
    max_attempts: int = 6
    battery: str | None = None  # the battery this run was made from (its summary goes in the report)
    max_cost_usd: float | None = None  # the run's cost budget (--max-cost; runner/budget.py)
    repeat: int = 1  # sessions per seed and condition (--repeat: test-retest of a sampling model)

    @model_validator(mode="before")
    @classmethod
    def _refuse_keys(cls, data: Any, info: ValidationInfo) -> Any:
        # what the user gives for a new run (run, predict, demo); a stored run's spec re-read
        # (:meth:`stored`: resume, its budget) was checked when it was made, and the key it may
        # hold now (a variable set since, or a run made before the check) is no option to fix
        if isinstance(data, dict) and not (info.context or {}).get("stored"):
            refuse_keys(data)
        return data

    @classmethod
    def stored(cls, spec: dict[str, Any]) -> "RunSpec":
        """A stored run's spec, read back (the API-key check is for what the user gives)."""
        return cls.model_validate(spec, context={"stored": True})

    @field_validator("repeat")
    @classmethod
    def _check_repeat(cls, v: int) -> int:
        if not 1 <= v <= MAX_REPEAT:
            raise ConfigError(f"--repeat must be between 1 and {MAX_REPEAT} sessions per seed (got {v})")
        return v

    @model_validator(mode="after")
    def _check_repeatable(self) -> "RunSpec":
        if self.repeat > 1:
            check_repeatable(self.participants, self.repeat)
        return self

    @field_validator("max_cost_usd")
    @classmethod
    def _check_max_cost(cls, v: float | None) -> float | None:
        from .budget import check_max_cost

        check_max_cost(v)
        return v

    @field_validator("name")
    @classmethod
    def _check_name(cls, v: str | None) -> str | None:
        if v is not None:
            check_run_name(v)
        return v

    @field_validator("seed")
    @classmethod
    def _check_seed(cls, v: int) -> int:
        if not 0 <= v < 2**62:
            raise ConfigError(f"--seed must be between 0 and 2^62 (got {v})")
        return v

    @field_validator("max_attempts")
    @classmethod
    def _check_attempts(cls, v: int) -> int:
        if not 1 <= v <= 100:
            raise ConfigError(f"--max-attempts must be between 1 and 100 (got {v})")
        return v

    @field_validator("personas")
    @classmethod
    def _check_personas(cls, v: list[str]) -> list[str]:
        for name in v:
            persona_text(name)  # raises UnknownNameError listing the valid names
        return v

    @field_validator("tasks")
    @classmethod
    def _check_task_personas(cls, v: list[TaskRun]) -> list[TaskRun]:
        for t in v:
            for name in t.personas or ():
                persona_text(name)
        return v

    @model_validator(mode="after")
    def _check_strategies(self) -> "RunSpec":
        # a strategy is either general (direct, cot, ...) or declared by a test of the run
        # (TaskSpec.strategies); an unknown name lists the valid ones
        specs = [get_task(t.task) for t in self.tasks]
        for name in dict.fromkeys([*self.strategies, *(s for t in self.tasks for s in t.strategies or ())]):
            if not any(name in s.strategies for s in specs):
                get_strategy(name, extra={k for s in specs for k in s.strategies})
        return self

    @model_validator(mode="after")
    def _check_answers(self) -> "RunSpec":
        from .answers import check_answers

        check_answers(self)
        return self


MAX_REPEAT = 100

# where each field of a run's spec comes from on the command line (run, a participant, a test configuration)
KEY_OPTIONS = {"name": "--run-name", "personas": "--persona", "strategies": "--strategy", "answers": "--answer",
               "battery": "the test", "ref": "--model", "price_file": "--prices", "base_url": "--base-url",
               "task": "the test", "preset": "--preset", "params": "--param"}


def _strings(value: Any):
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple, set)):
        for v in value:
            yield from _strings(v)


def refuse_keys(data: dict[str, Any]) -> None:
    """A known API key (the value of a ``*_API_KEY`` variable, in any encoding) anywhere in what
    the user gave for a run (the model's name, the run's name, a persona, a parameter's value
    ...) is refused in one line naming the option, before anything is created: the spec is
    printed, stored with the run and copied into every export and report (issue 30's outside
    probe: ``--model openai:$OPENAI_API_KEY`` was stored, exported and published)."""
    from ..models.secrets import collect_keys, redact_keys

    collect_keys()  # the environment as it is now
    fields = [(k, v) for k, v in data.items() if k not in ("participants", "tasks")]
    for item in [*data.get("participants", ()), *data.get("tasks", ())]:
        fields += list((item.model_dump() if isinstance(item, BaseModel) else dict(item)).items())
    for key, value in fields:
        if any(redact_keys(text)[1] for text in _strings(value)):
            option = KEY_OPTIONS.get(key, f"the run's {key}")
            raise ConfigError(f"{option} carries an API key (the value of a *_API_KEY variable in the environment); "
                              "what you give for a run is printed, stored with it and copied into its exports and "
                              f"reports: give {'the model by its name (e.g. openai:gpt-4o)' if key == 'ref' else 'it without the key'} "
                              "and keep the key in the provider's variable (e.g. OPENAI_API_KEY), which is sent as a "
                              "header and never stored.")


def run_ref(name: str, run_id: int) -> str:
    """A stored run as a command line names it: its name, or its id where the name holds a
    known key (printed redacted, the name could not be pasted; a run stored before its name
    became a key's value)."""
    from ..models.secrets import redact_keys

    return str(run_id) if redact_keys(name)[1] else name


def check_repeatable(participants: list[ParticipantSpec], repeat: int) -> None:
    """``--repeat K`` (K > 1) asks the same sessions again: only worth it where the answers
    can differ, and are sampled at a known temperature, so a built-in agent (it answers a seed
    the same every time), a model at temperature 0, one without a temperature (none is sent:
    the endpoint's default applies, unrecorded) or one with a fixed sampling seed is a one-line
    error."""
    for p in participants:
        if p.is_agent:
            raise ConfigError(f"--repeat {repeat}: {p.ref} answers a seed the same every time; repeat models "
                              "sampled at --temperature above 0 (or people)")
        if not p.is_human and p.temperature is None:
            raise ConfigError(f"--repeat {repeat}: {p.ref} needs --temperature above 0 (unset, no temperature is "
                              "sent and the endpoint's default applies, which the run cannot record)")
        if not p.is_human and not p.temperature > 0:
            raise ConfigError(f"--repeat {repeat}: {p.ref} needs --temperature above 0 (at 0 it gives "
                              "the same answers to the same session)")
        if not p.is_human and p.seed is not None:
            raise ConfigError(f"--repeat {repeat}: --model-seed makes {p.ref} sample the same answers again; "
                              "leave it out")


RUN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
MAX_SESSIONS = 100_000  # per test configuration and condition
MAX_RUN_SESSIONS = 1_000_000  # in one run


def check_run_name(name: str) -> None:
    """Run names are also folder names (reports/NAME): letters, digits, '.', '_' and '-', not
    starting with '.', at most 100 characters, and not all digits (those are run ids)."""
    if not RUN_NAME.fullmatch(name):
        raise ConfigError(f"--run-name {name!r}: use 1-100 letters, digits, '.', '_' or '-', starting with a "
                          "letter or digit (no path separators or spaces)")
    if name.isdigit():
        raise ConfigError(f"--run-name {name!r} is all digits, which reads as a run id; add a letter (e.g. run{name})")


def check_sessions(n: int | None) -> None:
    if n is not None and not 1 <= n <= MAX_SESSIONS:
        raise ConfigError(f"--sessions must be between 1 and {MAX_SESSIONS:,} per condition (got {n})")


def expand_tasks(name: str, preset: str | None, params: dict[str, Any], sessions: int | None,
                 difficulty: str | None = None, notes: list[str] | None = None, *,
                 own_strategies: bool = False, own_personas: bool = False) -> list[TaskRun]:
    """A test id or a battery id -> the list of test configurations to run.

    For a battery, the preset, difficulty and each parameter go to the tests that have them
    (:mod:`.battery_options`); the members they do not reach are named in a line appended to
    ``notes``. ``own_strategies`` / ``own_personas``: the run names its own, which replace
    those a battery's configuration declares."""
    check_sessions(sessions)
    if is_battery(name):
        from .battery_options import expand_battery

        chosen, note = expand_battery(get_battery(name), preset, params, difficulty,
                                      keep_strategies=not own_strategies, keep_personas=not own_personas)
        if note and notes is not None:
            notes.append(note)
        return [TaskRun(task=item.task, preset=pre, params=own,
                        sessions=sessions or item.sessions or get_task(item.task).default_sessions,
                        strategies=list(item.strategies) or None, personas=list(item.personas) or None)
                for item, pre, own in chosen]
    spec = get_task(name)
    if difficulty and difficulty not in spec.presets:
        raise UnknownNameError(f"difficulty of {spec.id}", difficulty, spec.presets)
    pre = preset or (difficulty if difficulty and difficulty in spec.presets else None) or "default"
    spec.resolve(pre, params)  # validates, with a clear error
    # an older version asked for by name (wcst@1, wcst-v1) is kept as its versioned key
    task = spec.id if is_latest(spec) else spec.key
    return [TaskRun(task=task, preset=pre, params=params, sessions=sessions or spec.default_sessions)]


def battery_strategies(name: str, chosen: list[str] | None) -> list[str]:
    """The strategies to run: an explicit choice always wins; otherwise a battery's published
    strategies, else ``direct``."""
    if chosen:
        return list(chosen)
    if is_battery(name) and get_battery(name).strategies:
        return list(get_battery(name).strategies)
    return ["direct"]


def default_run_name(first_task: str) -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return f"{first_task}-{stamp}-{secrets.token_hex(2)}"


def condition_label(participant: str, strategy: str, persona: str, params: dict[str, Any],
                    defaults: dict[str, Any], answer: str = "free") -> str:
    """participant | strategy | persona | answer=structured | each presentation parameter that
    differs from its default."""
    parts = [participant] if strategy == "agent" else [participant, strategy]
    if persona != "none":
        parts.append(persona)
    if answer != "free":
        parts.append(f"answer={answer}")
    for key in ("input", "mode", "perturb"):
        value = params.get(key)
        if key in params and value != defaults.get(key) and value not in (None, "", (), []):
            parts.append(f"{key}=" + (",".join(value) if isinstance(value, (list, tuple)) else str(value)))
    return " | ".join(parts)


def expand_sessions(run: RunSpec, participant_descs: list[dict]) -> SessionPlan:
    """Cartesian product: test config x participant x strategy x persona x session index
    (each index ``repeat`` times: sessions of the same seed, one after the other)."""
    from ..participants.agents import AgentParticipant

    rows = SessionPlan()
    seen: set[tuple] = set()  # a configuration two entries share (agents take it once)
    for tr in run.tasks:
        spec = get_task(tr.task)
        params = spec.resolve(tr.preset, tr.params)
        stored = params.model_dump(mode="json")
        defaults = spec.Params().model_dump(mode="json")
        env = spec.make(params)
        n = tr.sessions or spec.default_sessions
        check_sessions(n)
        for p, desc in zip(run.participants, participant_descs):
            if p.is_agent:
                AgentParticipant(p.ref.split(":", 1)[1]).check(spec)
            fixed = p.is_agent or p.is_human  # no prompting strategies/personas for agents and people
            strategies = ["agent"] if fixed else tr.strategies or run.strategies
            personas = ["none"] if fixed else tr.personas or run.personas
            answers = ["free"] if fixed else run.answers  # agents and people answer as they always do
            instructions = spec.instructions(env, "person" if p.is_human else "model")
            for strat in strategies:
                for persona in personas:
                    for answer in answers:
                        key = (spec.key, tr.preset, repr(stored), p.ref, strat, persona, answer)
                        if key in seen:
                            continue
                        seen.add(key)
                        rows.add(dict(
                            task_id=spec.id, task_version=spec.version, preset=tr.preset, params=stored,
                            participant=desc, participant_name=p.ref, strategy=strat,
                            persona=persona, answer_mode=answer,
                            condition=condition_label(p.ref, strat, persona, stored, defaults, answer),
                            instructions=instructions, status="pending", n_trials=env.n_trials,
                        ), run.seed, n, run.repeat)
                        if len(rows) > MAX_RUN_SESSIONS:
                            raise ConfigError(f"this run would have more than {MAX_RUN_SESSIONS:,} sessions; "
                                              "split it into several runs")
    return rows


class SessionPlan(Sequence):
    """A run's session rows, made as they are read: one template per condition and its seeds
    (100,000 sessions hold a few templates, not 100,000 dicts). A group's seeds each come
    ``repeat`` times in a row (``run --repeat``)."""

    def __init__(self) -> None:
        self.groups: list[tuple[dict, int, int, int]] = []  # (template, first seed, seeds, repeat)
        self.n = 0

    def add(self, template: dict, first_seed: int, n: int, repeat: int = 1) -> None:
        self.groups.append((template, first_seed, n, repeat))
        self.n += n * repeat

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(self.n))]
        if k < 0:
            k += self.n
        if not 0 <= k < self.n:
            raise IndexError(k)
        for template, seed, n, repeat in self.groups:
            if k < n * repeat:
                return {**template, "seed": seed + k // repeat}
            k -= n * repeat
        raise IndexError(k)

    def __iter__(self):
        for template, seed, n, repeat in self.groups:
            for i in range(n * repeat):
                yield {**template, "seed": seed + i // repeat}

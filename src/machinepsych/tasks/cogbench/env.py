"""CogBench, the environment: one session is one topic read by one persona over the iterations.

Trial 0 is iteration 0: the questionnaire answered from the profile alone. Trial t (1..T) is
iteration t: the participant first perceives the iteration's information flow (an article for
CogBench-a, a set of short video texts for CogBench-v) as study material on its own page or
message, then answers the same questionnaire again without the flow in view. The reference
ratings of the iteration (the released human majority, or the shipped corpus' SYNTHETIC
scripted reference) are hidden and only reach the scorer.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from machinepsych.core.env import Environment, Params
from machinepsych.core.errors import ConfigError
from machinepsych.core.types import Observation, TextPart

from .answer import Ratings
from .data import ITERATIONS, Dataset, load_released, profile_text, sha256_of, shipped, synthetic_reference

FLOW_WORD = {"a": "article", "v": "set of short video texts"}


class CogBenchParams(Params):
    benchmark: Literal["a", "v"] = Field("a", description="a: one article per iteration; v: short video texts")
    topic: str | None = Field(None, min_length=1, description="the topic read; None: in turn by session seed")
    profile: str | None = Field(None, min_length=1, description="the persona's Name; None: in turn by session seed "
                                "(released eval files pair each topic with its profile)")
    iterations: int = Field(ITERATIONS, ge=1, le=ITERATIONS, description="iterations after iteration 0")
    statements: int = Field(10, ge=1, le=10, description="the first N statements of the questionnaire")
    data: str | None = Field(None, min_length=1, description="your copy of the released cogbench_X.json or "
                             "eval_cogbench_X.json (or their folder); None: the shipped corpus")
    data_sha256: str | None = Field(None, pattern=r"^[0-9a-f]{64}$", description="SHA-256 of data, filled in")
    study_seconds: float = Field(0.0, ge=0.0, le=3600.0, description="seconds a person sees each flow (0: until Continue)")
    # the CogGPT memory agent (strategy "coggpt")
    forget_rate: float = Field(0.4, ge=0.0, le=0.9, description="share of the distilled knowledge items forgotten")
    recall_k: int = Field(3, ge=1, le=10, description="long-term memory items recalled per statement")
    recall_bug: bool = Field(False, description="reproduce the released code's recall (drops the closest item)")
    max_attempts: int = Field(20, ge=1, le=20, description="attempts per memory-agent call whose checks fail")
    # the react / reflexion feedback
    rationality_judge: bool = Field(False, description="react/reflexion: where no person has scored the previous "
                                    "reasoning, feed back an LLM judge's score, said to be the judge's (opt-in)")

    @model_validator(mode="before")
    @classmethod
    def _hash(cls, values: Any) -> Any:
        if isinstance(values, dict) and values.get("data") and not values.get("data_sha256"):
            from .data import find_released

            values = dict(values)
            bench = values.get("benchmark", cls.model_fields["benchmark"].default)
            values["data_sha256"] = sha256_of(find_released(values["data"], bench))
        return values


class CogBenchAParams(CogBenchParams):
    benchmark: Literal["a"] = Field("a", description="one article per iteration")


class CogBenchVParams(CogBenchParams):
    benchmark: Literal["v"] = Field("v", description="short video texts, several per iteration")


def dataset(params: CogBenchParams) -> Dataset:
    if not params.data:
        return shipped(params.benchmark)
    ds = load_released(params.data, params.benchmark)
    if params.data_sha256 and ds.sha256 != params.data_sha256:
        raise ConfigError(f"data: {params.data} has changed since this run was created (SHA-256 {ds.sha256[:12]}..., "
                          f"stored {params.data_sha256[:12]}...); restore that file")
    return ds


INSTRUCTIONS = (
    "In this study you take the part of the person described by a profile. Over several rounds you read "
    "material about one topic ({flow}s); after each one you say how much you, as this person, agree with the "
    "same statements about the topic, and why. Answer as this person would, given who they are and what they "
    "have read so far; your views may stay or change.")


class CogBench(Environment):
    Params = CogBenchParams
    # version 2: the model's study message says that the flow will not be shown again when it
    # answers (it is taken away, docs/cogbench.md#a-session); version 1 did not say so
    announce_removal = True

    @property
    def n_trials(self) -> int:
        return self.params.iterations + 1

    @property
    def action_space(self) -> Ratings:
        return Ratings(tuple(str(j + 1) for j in range(len(self.statements))))

    def instructions(self) -> str:
        return INSTRUCTIONS.format(flow=FLOW_WORD[self.params.benchmark])

    def _setup(self) -> None:
        ds = dataset(self.params)
        # topics and profiles in turn from the session seed (seeds are seed + i): N sessions of a
        # file with N topics read every topic once; the shipped corpus' 3 topics x 4 profiles
        # are all met in 12 consecutive sessions
        n = len(ds.topics)
        m = ds.topic(self.params.topic, self.params.profile) if self.params.topic else ds.topics[self.seed % n]
        if self.params.profile and (m.profile or {}).get("Name", "").lower() == self.params.profile.lower():
            prof = m.profile
        elif self.params.profile:
            prof = ds.profile(self.params.profile)
        elif m.profile is not None:
            prof = m.profile
        else:
            prof = ds.profiles[(self.seed // n) % len(ds.profiles)]
        self.material, self.profile = m, dict(prof)
        self.statements = m.statements[: self.params.statements]
        k = len(self.statements)
        if m.human:
            self.reference = [list(row[:k]) for row in m.human]
            self.reference_kind = "released human majority"
        elif m.stance:
            self.reference = [row[:k] for row in synthetic_reference(m, self.profile)]
            self.reference_kind = "synthetic (scripted from the corpus' stance labels)"
        else:
            self.reference = [[None] * k for _ in m.flows]
            self.reference_kind = "none"

    def _observe(self, feedback: str | None) -> Observation:
        t, m = self.trial, self.material
        stmts = [{"id": str(j + 1), "text": s} for j, s in enumerate(self.statements)]
        stimulus = {"iteration": t, "topic": m.topic, "benchmark": self.params.benchmark,
                    "profile": self.profile, "statements": stmts}
        listing = "\n".join(f"Statement {s['id']}: {s['text']}" for s in stmts)
        parts = (
            TextPart(f"Iteration {t} of {self.params.iterations}.", audience="model"),
            TextPart("Your profile (you are this person):\n" + profile_text(self.profile), audience="model"),
            TextPart("Imagine you are this person:\n" + profile_text(self.profile), audience="person"),
            TextPart(f"Topic: {m.topic}. How much do you agree with each statement?\n{listing}", audience="model"),
            TextPart(f"Topic: {m.topic}. How much do you agree with each statement below?", audience="person"),
        )
        study: tuple = ()
        if t > 0 and m.flows[t]:
            word = FLOW_WORD[self.params.benchmark]
            head = f"Here is the {word} you perceive in this round (iteration {t})"
            head += ". It will not be shown again when you answer." if self.announce_removal else ":"
            study = (TextPart(head, audience="model"),
                     TextPart(f"Please read this {word} carefully. It will not be shown again when you answer.",
                              audience="person"),
                     TextPart(m.flows[t]))
        hidden = {"reference": self.reference[t], "reference_kind": self.reference_kind}
        if m.stance and t > 0:
            hidden["stance"] = m.stance[t - 1]
        return Observation(t, stimulus, parts, feedback, hidden=hidden, study=study,
                           study_seconds=self.params.study_seconds if study else 0.0)

    def _score(self, action: Any):
        t = self.trial
        ids = [str(j + 1) for j in range(len(self.statements))]
        ratings = {sid: (action[sid]["rating"] if action else None) for sid in ids}
        reasons = {sid: (action[sid].get("reason", "") if action else "") for sid in ids}
        return self.outcome(None, None, iteration=t, topic=self.material.topic, profile=self.profile.get("Name", ""),
                            ratings=ratings, reasons=reasons,
                            item_status={sid: "parsed" if r is not None else "invalid" for sid, r in ratings.items()},
                            # the report's share of unread answers counts ratings, not replies
                            answers=len(ids), unread_answers=sum(r is None for r in ratings.values()),
                            reference=dict(zip(ids, self.reference[t])), reference_kind=self.reference_kind,
                            statements=list(self.statements))


class CogBenchA(CogBench):
    Params = CogBenchAParams


class CogBenchV(CogBench):
    Params = CogBenchVParams


class CogBenchAV1(CogBenchA):
    """Version 1's rendering (kept to reproduce its runs): no notice that the flow goes away."""

    announce_removal = False


class CogBenchVV1(CogBenchV):
    """Version 1's rendering (kept to reproduce its runs): no notice that the flow goes away."""

    announce_removal = False

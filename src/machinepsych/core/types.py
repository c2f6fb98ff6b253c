"""Shared records: message parts, observations, steps, turns.

These are the small frozen dataclasses that cross layer boundaries. Environments emit
:class:`Observation` objects; participants return :class:`Turn` objects; the runner stores
both. Everything here is JSON-serialisable through ``to_json``.
"""
from __future__ import annotations

import base64
import functools
import hashlib
from dataclasses import dataclass, field
from .frozen import fast_init
from typing import Any, Literal

Role = Literal["system", "user", "assistant"]
ParseStatus = Literal["parsed", "invalid", "refusal", "empty"]


Audience = Literal["all", "model", "person"]


@fast_init
@dataclass(frozen=True)
class TextPart:
    """Text shown to a reader. ``audience`` restricts a part to models (e.g. a reply format
    written for a parser) or to people (the same question worded for clicking or typing);
    "all" parts are shown to both."""

    text: str
    kind: Literal["text"] = "text"
    audience: Audience = "all"

    def to_json(self) -> dict:
        out = {"type": "text", "text": self.text}
        if self.audience != "all":
            out["audience"] = self.audience
        return out


@fast_init
@dataclass(frozen=True)
class ImagePart:
    """A PNG image. Stored once in the store, keyed by :attr:`sha256`."""

    png: bytes
    alt: str = ""
    kind: Literal["image"] = "image"
    # what a person's page says of the picture where ``alt`` (kept with the trial, read by
    # models) would name the test; not part of the stored observation
    person_alt: str | None = None

    def alt_for(self, audience: str) -> str:
        return self.person_alt if audience == "person" and self.person_alt is not None else self.alt

    @functools.cached_property
    def sha256(self) -> str:  # computed once per image object (kept in its __dict__, not a field)
        return hashlib.sha256(self.png).hexdigest()

    @property
    def data_url(self) -> str:
        return "data:image/png;base64," + base64.b64encode(self.png).decode("ascii")

    def to_json(self) -> dict:
        # Images are referenced by hash; the bytes live in the store's image table.
        return {"type": "image", "sha256": self.sha256, "alt": self.alt}


Part = TextPart | ImagePart


def parts_text(parts: tuple[Part, ...] | list[Part]) -> str:
    """Concatenate the text parts (images become ``[image]`` markers)."""
    out = []
    for p in parts:
        out.append(p.text if isinstance(p, TextPart) else f"[image{': ' + p.alt if p.alt else ''}]")
    return "\n".join(out)


@fast_init
@dataclass(frozen=True)
class Message:
    role: Role
    parts: tuple[Part, ...]

    @classmethod
    def text(cls, role: Role, text: str) -> "Message":
        return cls(role, (TextPart(text),))

    @property
    def content_text(self) -> str:
        return parts_text(self.parts)

    @property
    def images(self) -> list[ImagePart]:
        return [p for p in self.parts if isinstance(p, ImagePart)]

    def to_json(self) -> dict:
        return {"role": self.role, "parts": [p.to_json() for p in self.parts]}


# What a model's requests after a study turn carry in place of the study material: the
# material is shown once, in its own turn, and then taken away (``Observation.study``).
STUDY_PLACEHOLDER = "[The study material was shown here and has been taken away.]"


@fast_init
@dataclass(frozen=True)
class Observation:
    """What a participant is shown on one trial.

    ``stimulus`` is the structured, JSON-able description (cards, letters, item spec) that
    agents and scorers use; ``parts`` is its rendering for a reader (text, and images for
    visual tests). ``feedback`` is the feedback on the *previous* trial, if any; prompting
    strategies decide where it goes (inline or as its own message). ``hidden`` is what the
    environment knows about this trial but a participant must not see (the answer key, the
    rule in force): stored with the trial for scoring and audits, never put in a prompt, a
    web page or a built-in agent's view (only agents declared as oracles receive it).

    ``study`` is material shown *before* the question and taken away when it is asked (the
    study phase of a memory test, the article a questionnaire is about): a person sees it on
    its own page for ``study_seconds`` (0: until they click Continue), then the question
    without it; a model gets it as its own message in the same conversation (its reply is
    kept as a "study" call), then the question, in a request that carries
    :data:`STUDY_PLACEHOLDER` in place of the material (as does every later request).
    """

    trial: int
    stimulus: dict[str, Any]
    parts: tuple[Part, ...]
    feedback: str | None = None
    hidden: dict[str, Any] = field(default_factory=dict)
    study: tuple[Part, ...] = ()
    study_seconds: float = 0.0

    @property
    def text(self) -> str:
        return parts_text(self.parts)

    def to_json(self) -> dict:
        return {
            "trial": self.trial,
            "stimulus": self.stimulus,
            "parts": [p.to_json() for p in self.parts],
            "feedback": self.feedback,
            **({"study": [p.to_json() for p in self.study], "study_seconds": self.study_seconds} if self.study else {}),
            **({"hidden": self.hidden} if self.hidden else {}),
        }

    def parts_for(self, audience: Literal["model", "person"]) -> tuple[Part, ...]:
        """The parts a reader of ``audience`` is shown (images and "all" text, plus its own)."""
        return tuple(p for p in self.parts if not isinstance(p, TextPart) or p.audience in ("all", audience))

    def study_for(self, audience: Literal["model", "person"]) -> tuple[Part, ...]:
        """The study material a reader of ``audience`` is shown (empty when there is none)."""
        return tuple(p for p in self.study if not isinstance(p, TextPart) or p.audience in ("all", audience))

    @property
    def images(self) -> list[ImagePart]:
        """Every image of the trial, study material included (the store keeps them all)."""
        return [p for p in (*self.study, *self.parts) if isinstance(p, ImagePart)]

    def public_json(self) -> dict:
        """What a participant may be shown (no ``hidden``)."""
        out = self.to_json()
        out.pop("hidden", None)
        return out


@fast_init
@dataclass(frozen=True)
class StepResult:
    """The outcome of one ``env.step(action)``.

    ``correct`` is None for tests without a right answer (e.g. gambling tasks, where
    ``reward`` carries the outcome). ``info`` carries the per-test fields scorers need
    (rule in force, matched dimensions, ...), all JSON-able.
    """

    correct: bool | None
    feedback: str | None
    done: bool
    next_observation: Observation | None
    reward: float | None = None
    info: dict[str, Any] = field(default_factory=dict)


@fast_init
@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0  # prompt tokens read from the provider's prompt cache
    image_tokens: int = 0
    cache_write_tokens: int = 0  # prompt tokens written to it (Anthropic bills them at 1.25x input)

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.cached_tokens + other.cached_tokens,
            self.image_tokens + other.image_tokens,
            self.cache_write_tokens + other.cache_write_tokens,
        )

    @property
    def total(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@fast_init
@dataclass(frozen=True)
class ModelCall:
    """One request to a model and its reply, as sent and received."""

    purpose: str  # "answer", "feedback_ack", "reask", "debate:1:2", "judge", ...
    messages: tuple[Message, ...]
    reply: str
    usage: Usage
    latency_s: float
    model: str
    attempts: int = 1
    errors: tuple[str, ...] = ()
    cost_usd: float | None = None
    finish_reason: str | None = None
    redacted: int = 0
    cost_uncached_usd: float | None = None  # what the call would have cost without prompt caching  # known API keys replaced in the reply before anything stored it
    # the reply's tokens with their log-probabilities (models.base.TokenLogprob), where asked
    # for (--choice-probs) and given; not stored: the trial keeps the option probabilities
    logprobs: tuple | None = field(default=None, compare=False, repr=False)


@fast_init
@dataclass(frozen=True)
class Turn:
    """A participant's complete response to one observation."""

    reply: str
    action: Any  # parsed action, None when status != "parsed"
    status: ParseStatus
    calls: tuple[ModelCall, ...] = ()
    reasked: bool = False
    latency_s: float = 0.0
    # --choice-probs: the probability of each legal option at the answer position, normalised
    # over the legal options ({option as text: p}), and the mass outside them (None: not measured)
    choice_probs: dict[str, float] | None = None
    choice_probs_outside: float | None = None

    @property
    def usage(self) -> Usage:
        if len(self.calls) == 1 and type(self.calls[0].usage) is Usage:  # the usual turn: its one call's
            return self.calls[0].usage
        total = Usage()
        for c in self.calls:
            total = total + c.usage
        return total

    @property
    def cost_usd(self) -> float | None:
        costs = [c.cost_usd for c in self.calls if c.cost_usd is not None]
        return sum(costs) if costs else None

"""How a test is answered, by models and by people alike: :class:`AnswerFormat` (the model's
instruction, the parser, the canonical text of an action) and the forms a person answers with
(:class:`Buttons`, :class:`Likert`, :class:`TextBox`, :class:`Questionnaire`), with the pacing of
the browser pages (:class:`Timing`). Declared in a :class:`~machinepsych.core.spec.TaskSpec`."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .env import Environment
from .errors import ConfigError
from .spaces import Space
from .types import Observation, ParseStatus


Audience = Literal["model", "person"]
Parser = Callable[[str, Observation], "tuple[Any, ParseStatus]"]


# ----------------------------------------------------------------------------- people
@dataclass(frozen=True)
class Option:
    """One button a person can press: its label, the action it stands for, its key."""

    label: str
    action: Any
    key: str | None = None


@dataclass(frozen=True)
class Buttons:
    """A choice among fixed options (cards, vowel/consonant, Yes/No ...)."""

    options: tuple[Option, ...]
    kind: Literal["buttons"] = "buttons"


@dataclass(frozen=True)
class Likert:
    """A rating scale from ``low`` to ``high``; ``anchors`` label the ends (and middle)."""

    low: int
    high: int
    anchors: tuple[str, ...] = ()
    kind: Literal["likert"] = "likert"

    @property
    def options(self) -> tuple[Option, ...]:
        return tuple(Option(str(v), v, str(v) if self.high < 10 else None) for v in range(self.low, self.high + 1))


@dataclass(frozen=True)
class TextBox:
    """Free typing; ``hint`` tells the person what to type, ``example`` shows one answer."""

    hint: str
    example: str = ""
    kind: Literal["text"] = "text"


@dataclass(frozen=True)
class Statement:
    """One row of a :class:`Questionnaire`: an id the answer is keyed by, and its text."""

    id: str
    text: str


@dataclass(frozen=True)
class Questionnaire:
    """Several statements rated on one page, each on the scale ``low``..``high`` (``anchors``
    label the points), each with a reason box when ``reason`` gives its label. A person's
    submission is ``{"ratings": {id: int}, "reasons": {id: str}}``, read by
    :attr:`AnswerFormat.parse_form`."""

    statements: tuple[Statement, ...]
    low: int = 1
    high: int = 5
    anchors: tuple[str, ...] = ()
    reason: str = ""
    kind: Literal["questionnaire"] = "questionnaire"


@dataclass(frozen=True)
class Timing:
    """How trials are paced for a person in the browser, in milliseconds: a fixation cross
    before each trial's stimulus, a blank inter-trial interval after the answer, and how long
    feedback stays on screen. A test declares its defaults; a study may override them."""

    fixation_ms: int = 0
    iti_ms: int = 0
    feedback_ms: int = 900
    # the test's published time limit for people, in seconds, for a session of the default
    # preset's length (a study applies it with ``--time-limit kit``, pro rata the session's
    # trials); None: the test has none
    time_limit_s: float | None = None

    def __post_init__(self) -> None:
        for name in ("fixation_ms", "iti_ms", "feedback_ms"):
            v = getattr(self, name)
            if not 0 <= v <= 60_000:
                raise ConfigError(f"{name} must be between 0 and 60000 ms (got {v})")
        if self.time_limit_s is not None and not 0 < self.time_limit_s <= 86_400:
            raise ConfigError(f"time_limit_s must be between 0 and 86400 s (got {self.time_limit_s})")


HumanForm = Buttons | Likert | TextBox | Questionnaire
FormFn = Callable[[Observation, Space], HumanForm]
TextFn = Callable[[Environment], str]


def choice_buttons(labels: Callable[[Any], str] = str) -> FormFn:
    """A form with one button per option of a :class:`~machinepsych.core.spaces.Choice`
    space, keys 1..9 in order."""

    def form(obs: Observation, space: Space) -> HumanForm:
        options = getattr(space, "options", None)
        if options is None:
            raise ConfigError("choice_buttons needs a Choice action space")
        return Buttons(tuple(Option(labels(o), o, str(i + 1) if i < 9 else None) for i, o in enumerate(options)))

    return form


@dataclass(frozen=True)
class AnswerFormat:
    """How an answer is given, for models and for people alike (one action space).

    ``model_instruction`` / ``person_instruction`` (text, or a function of the environment)
    are appended to the environment's task description; ``parse`` turns a model's reply into
    (action, status); ``format`` writes an action as its canonical reply text (agents and
    people are stored like models); ``form`` gives the widget a person answers with on one
    trial; ``parse_typed`` reads what a person typed into a text box (default: ``parse``);
    ``parse_form`` reads a structured submission (a :class:`Questionnaire`'s ratings and
    reasons) into (action, status).
    ``suffixes`` override the prompting strategy's per-trial instruction for this test.
    ``format_name`` names the shared parser of the answer format ``parse`` is (a key of
    :data:`machinepsych.parsing.FORMATS`; "" where the test has its own); ``parsers`` holds named
    alternatives to the default ``parse``, e.g. ``{"official": ...}`` where a paper published
    its own reading of replies.
    """

    parse: Parser
    format: Callable[[Any], str]
    form: FormFn
    model_instruction: str | TextFn = ""
    person_instruction: str | TextFn = ""
    parse_typed: Parser | None = None
    suffixes: Mapping[str, str] = field(default_factory=dict)
    parse_form: "Callable[[Mapping[str, Any], Observation], tuple[Any, ParseStatus]] | None" = None
    format_name: str = ""
    parsers: Mapping[str, Parser] = field(default_factory=dict)

    def read_typed(self, text: str, obs: Observation) -> tuple[Any, ParseStatus]:
        return (self.parse_typed or self.parse)(text, obs)

    def json_schema(self, space: Space, strategy: str = "direct") -> "dict[str, Any] | None":
        """The JSON Schema a structured reply on a trial with this action space follows
        (``--answer structured``, :mod:`machinepsych.core.structured`): the answer, with the
        legal options as an enum where finite, after a ``reasoning`` string under cot/free.
        Declared once, by the action space the format answers in; None: it has none."""
        from .structured import answer_schema

        return answer_schema(space, strategy)

    def read_structured(self, reply: str, space: Space, strategy: str = "direct") -> tuple[Any, ParseStatus]:
        """A structured reply, read by strict JSON parsing only (never by ``parse``)."""
        from .structured import read_structured

        return read_structured(reply, space, strategy)

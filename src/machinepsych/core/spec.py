"""``TaskSpec``: one typed definition of a test, declared in the test's own package.

A spec holds everything the layers above need and nothing that belongs to a participant:

* the environment class and its pydantic ``Params`` (:meth:`TaskSpec.resolve` gives the
  complete, validated parameters from defaults + preset + overrides);
* presets, version, citation, family;
* the :class:`AnswerFormat`, once for every kind of participant: the instruction for models,
  the deterministic parser, the canonical text of an action, and the form a person answers
  with (buttons, a Likert scale or a text box);
* the :class:`Scorer` with its :class:`Metric` declarations (label, unit, scale, direction,
  primary metric), which the terminal table, the HTML and JSON reports, the web results page
  and the chance comparison all read, so a metric has one scale everywhere;
* built-in :class:`Agent` policies that see only what a participant sees (:class:`AgentView`);
* a chance simulator (vectorised where written; otherwise the generic loop of
  :mod:`machinepsych.core.chance` over the real environment);
* figures.

Nothing here imports a test family or a layer above ``core``.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from pydantic import ValidationError

from .env import Environment, Params
from .errors import ConfigError, UnknownNameError
from .spaces import Space
from .types import Observation, ParseStatus

if TYPE_CHECKING:  # only for annotations: core does not need pandas or matplotlib at import
    import pandas as pd

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


# ----------------------------------------------------------------------------- scores
@dataclass(frozen=True)
class Metric:
    """A named number a scorer returns, declared once for every table and figure.

    ``scale`` is the range the value lives on (``(0, 100)`` for a percentage; ``None`` ends
    are open); ``higher_is_better`` is None where neither direction is better; ``summary``
    metrics are shown in tables but not drawn per session; ``table`` False hides bookkeeping
    numbers (trial counts) from the summary table while keeping them in JSON.
    """

    name: str
    label: str = ""
    unit: str = ""
    scale: tuple[float | None, float | None] = (None, None)
    higher_is_better: bool | None = True
    summary: bool = False
    table: bool = True

    @property
    def title(self) -> str:
        """The long form, for figure axes: label and unit."""
        text = self.label or self.name
        return f"{text} ({self.unit})" if self.unit else text

    @property
    def short(self) -> str:
        """The column header for tables: the name and unit (the label goes in a legend)."""
        return f"{self.name} ({self.unit})" if self.unit else self.name


def percent(name: str, label: str = "", higher_is_better: bool | None = True, **kw: Any) -> Metric:
    return Metric(name, label, "%", (0.0, 100.0), higher_is_better, **kw)


def count(name: str, label: str = "", higher_is_better: bool | None = True, **kw: Any) -> Metric:
    return Metric(name, label, "", (0.0, None), higher_is_better, **kw)


# the parameters that change how a test is presented (a condition label names those away from
# their defaults): the test's input, its answer format (VisFactor's split mode) and perturbations
PRESENTATION = ("input", "mode", "perturb")
# the answer mode of the papers' and the norm groups' participants: free answers (a model's
# ``--answer structured`` condition, the answer constrained to a JSON Schema, is not theirs)
FREE = "free"


@dataclass(frozen=True)
class Norm:
    """A published reference value on a metric's own scale (e.g. a human norm group's mean),
    drawn beside the participants' scores; ``source`` cites where it comes from. A norm was
    measured in the test's own format: it stands only beside conditions that keep every
    presentation parameter (:data:`PRESENTATION`) at the test's default and answers freely
    (:meth:`beside`), never beside another format of the test (a split VisFactor item, where F
    to every part scores 80%, against a norm group that answered whole items) nor beside
    structured answers (``answer=structured``)."""

    label: str
    metric: str
    value: float
    source: str = ""

    def beside(self, changed: Mapping[str, Any]) -> bool:
        """Whether the norm stands beside a condition whose parameters away from the test's
        defaults are ``changed`` (name -> value; ``answer``: the answer mode, absent or
        ``free`` for free answers)."""
        return (changed.get("answer") in (None, FREE)
                and not any(changed.get(k) not in (None, "", (), []) for k in PRESENTATION))


SessionScore = Callable[["pd.DataFrame", Params], "dict[str, float | None]"]


@dataclass(frozen=True)
class Scorer:
    """A pure function from one session's trials (tidy DataFrame, sorted by trial) and the
    session's complete parameters to named numbers, with the metrics it returns declared.
    ``primary`` is the metric chance thresholds and the summary table lead with."""

    score: SessionScore
    metrics: tuple[Metric, ...]
    primary: str
    # Bumped when the scoring changes: stored scores of another version are recomputed.
    version: int = 1

    def __post_init__(self) -> None:
        if self.primary not in {m.name for m in self.metrics}:
            raise ConfigError(f"primary metric {self.primary!r} is not among the declared metrics")

    def metric(self, name: str) -> Metric | None:
        return next((m for m in self.metrics if m.name == name), None)


# (trials of this test in a run, the run's annotations) -> {condition: {metric: value}}
PooledFn = Callable[["pd.DataFrame", "pd.DataFrame"], "dict[str, dict[str, float | None]]"]


@dataclass(frozen=True)
class Pooled:
    """Scores defined over all the sessions of a condition rather than per session (e.g. a
    kappa pooled over topics against a reference, or people's ratings of stored replies from
    the annotations table: columns item, annotator, score, judge), with their metrics
    declared. The report shows them as a table of their own next to the per-session summary."""

    score: PooledFn
    metrics: tuple[Metric, ...]
    title: str = ""


# ----------------------------------------------------------------------------- agents
@dataclass(frozen=True)
class Seen:
    """One finished trial as the participant saw it: what was shown, what it answered (None
    for an invalid reply) and the feedback. ``correct``/``reward`` are given only where the
    test showed feedback on that trial (the feedback tells them); otherwise None."""

    observation: Observation
    action: Any
    feedback: str | None
    correct: bool | None
    reward: float | None


@dataclass(frozen=True)
class AgentView:
    """Everything a built-in agent may use: the test's public parameters, the current
    observation and legal actions, its own history and reproducible generators
    (``seeded(*keys)`` is ``default_rng([session seed, *keys])``, without revealing the
    seed, from which the environment could be rebuilt). There is
    no environment, no step ``info`` and no answer key (``answer_key`` is set only for agents
    declared ``oracle=True``, which say so in their name and description)."""

    params: Params
    observation: Observation
    action_space: Space
    history: tuple[Seen, ...]
    seeded: Callable[..., np.random.Generator]
    answer_key: Any = None

    def rng(self, salt: int = 0) -> np.random.Generator:
        """A generator that depends only on the session, the current trial and ``salt``, so an
        agent's random choices are reproducible and survive resume."""
        return self.seeded(self.observation.trial, salt, 0x5EED)


Policy = Callable[[AgentView], Any]


@dataclass(frozen=True)
class Agent:
    """A built-in agent for a test: ``policy`` maps an :class:`AgentView` to an action.
    ``oracle`` agents are given the trial's answer key (an upper reference on tests whose
    items cannot be solved by a simple rule), which :class:`AgentView` otherwise withholds."""

    policy: Policy
    description: str = ""
    oracle: bool = False
    # the probability of each option before the choice, from the same view: the policy's own
    # distribution with a lapse (:func:`with_lapse`); declared only where the policy has one.
    # ``predict`` reports score it as a predictor of people (docs/predict.md)
    probs: "ProbsFn | None" = None


def random_policy(view: AgentView) -> Any:
    """Uniformly random valid action: the chance reference every test has."""
    return view.action_space.sample(view.rng())


RANDOM = Agent(random_policy, "uniformly random valid answers")


ProbsFn = Callable[[AgentView], Mapping[Any, float]]
LAPSE = 0.05  # the share of an agent's predicted choices spread uniformly over the options


def with_lapse(dist: Mapping[Any, float], options: "tuple[Any, ...] | list[Any]", lapse: float = LAPSE) -> dict[Any, float]:
    """``(1 - lapse) * dist + lapse / K`` over the K ``options``: a policy's distribution with a
    share ``lapse`` of choices made uniformly, so that no option has probability 0."""
    k = len(options)
    return {o: (1.0 - lapse) * float(dist.get(o, 0.0)) + lapse / k for o in options}


def uniform_over(candidates: "tuple[Any, ...] | list[Any]", options: "tuple[Any, ...] | list[Any]") -> dict[Any, float]:
    """Uniform over ``candidates`` with the lapse: the distribution of a policy that draws one of them."""
    return with_lapse({c: 1.0 / len(candidates) for c in candidates}, options)


def wsls_candidates(view: AgentView, options: "tuple[Any, ...] | list[Any]", won: Callable[[Seen], bool]) -> list[Any]:
    """The options win-stay lose-shift draws from: all of them at first and after an invalid
    reply; the last option after a win (``won(last trial)``); the other options after a loss."""
    last = view.history[-1] if view.history else None
    if last is None or last.action is None:
        return list(options)
    if won(last):
        return [last.action]
    return [o for o in options if o != last.action]


def win_stay_lose_shift(view: AgentView, options: "tuple[Any, ...] | list[Any]", won: Callable[[Seen], bool]) -> Any:
    """Win-stay lose-shift over ``options``: uniformly among :func:`wsls_candidates`."""
    candidates = wsls_candidates(view, options, won)
    return candidates[int(view.rng().integers(len(candidates)))]


def wsls_probs(view: AgentView, options: "tuple[Any, ...] | list[Any]", won: Callable[[Seen], bool]) -> dict[Any, float]:
    """What :func:`win_stay_lose_shift` draws from, as probabilities with the lapse."""
    return uniform_over(wsls_candidates(view, options, won), options)


def chosen_with_lapse(policy: Policy) -> ProbsFn:
    """The probabilities of a policy that uses no randomness: its choice ``1 - LAPSE + LAPSE / K``,
    every other option of the trial's action space ``LAPSE / K``."""
    return lambda view: with_lapse({policy(view): 1.0}, view.action_space.options)

# ----------------------------------------------------------------------------- validity audit
@dataclass(frozen=True)
class AuditItem:
    """One generated trial as the validity audit sees it (``machinepsych audit``): its key and
    what construct-free heuristic solvers may look at. ``options`` are the answer options in
    display order (choice items); ``features`` one numeric vector per option describing its
    surface (size, ink, positions ...) for consensus, centroid, largest and smallest solvers;
    ``rows`` the true/false key per part of a T/F item."""

    key: Any
    options: tuple[Any, ...] = ()
    features: tuple[tuple[float, ...], ...] = ()
    rows: tuple[bool, ...] = ()


AuditFn = Callable[[Observation], "AuditItem | None"]

# ----------------------------------------------------------------------------- chance, figures
# (params, n_sessions, rng, responses) -> {metric: array of n_sessions values}
Simulator = Callable[[Params, int, np.random.Generator, str], "dict[str, np.ndarray]"]


@dataclass(frozen=True)
class ChancePolicy:
    """How the random participant of a test answers, for its chance level: ``name`` (what
    ``chance --responses`` takes, stored with every chance result and shown by the reports),
    ``description`` (one line for reports: what the participant answers), ``answers`` (the
    answers it picks from uniformly on every trial; None: uniformly over the trial's action
    space) and ``aliases`` (other names accepted for it). A test's simulator honours every
    policy it declares; the generic play loop picks uniformly from ``answers``."""

    name: str
    description: str
    answers: tuple[Any, ...] | None = None
    aliases: tuple[str, ...] = ()
    # a participant who knows the format and gives one answer throughout (the answer that scores
    # best, e.g. N-back's No: fewer letters are targets): reports print its chance beside the
    # random one and judge "> chance" against the higher (docs/reports.md#chance)
    constant: bool = False
    # where the best fixed answer depends on the kind of trial (N-back: Not available on the first
    # n letters, No after), the answer of each trial; else the constant answer is ``answers[0]``
    play: Callable[["AgentView"], Any] | None = None
    # the fixed answer wins only because the design keeps its best option under one label in every
    # session (a bandit's machine A, IGT's deck C): knowing the design, not the format. Reports print
    # its chance beside the random one but judge "> chance" against the random one alone
    design: bool = False
    # the fixed answer of a constant policy in a few words, for the keys of figures ("No",
    # "consonant", "machine A"); its name where empty
    short: str = ""


UNIFORM_POLICY = ChancePolicy("uniform", "every valid answer equally likely (uniform over the action space)")


@functools.lru_cache(maxsize=None)
def policy_agent(policy: ChancePolicy) -> Agent:
    """The built-in agent that answers as ``policy`` says: uniformly over ``policy.answers``,
    or :data:`RANDOM` (uniform over the action space) where it names none. A test's
    ``agent:random`` is the agent of its default policy, so it scores the chance level the
    report prints (N-back: Yes or No, never Not available)."""
    if policy.play is not None:
        return Agent(policy.play, policy.description)
    answers = policy.answers
    if not answers:
        return RANDOM
    if policy.constant:  # its answer where the trial offers it, a uniformly random one elsewhere
        return Agent(lambda view: answers[0] if view.action_space.contains(answers[0]) else random_policy(view),
                     policy.description)
    return Agent(lambda view: answers[int(view.rng().integers(len(answers)))], policy.description)

# (trials of one test in a run, per-session scores, the spec) -> [(title, matplotlib Figure)]
FigureFn = Callable[["pd.DataFrame", "pd.DataFrame", "TaskSpec"], list]


def reads_trial_columns(*columns: str) -> Callable[[FigureFn], FigureFn]:
    """Declare the trial columns a figure function reads (``figure.trial_columns``): the HTML
    report then builds the run's trial table with only those columns (and the ones its own
    figures read), not all of them (100,000 sessions: a few columns of numbers instead of
    every prompt, reply and key). A figure without the declaration gets every column."""
    def mark(fn: FigureFn) -> FigureFn:
        fn.trial_columns = frozenset(columns)  # type: ignore[attr-defined]
        return fn
    return mark


def figure_columns(fn: FigureFn) -> frozenset[str] | None:
    """The trial columns ``fn`` declared it reads (:func:`reads_trial_columns`), None: all."""
    return getattr(fn, "trial_columns", None)


# ----------------------------------------------------------------------------- files, annotation
@dataclass(frozen=True)
class FileView:
    """How a file scorer's result is shown in a terminal: a table (``columns``, ``rows`` of
    already formatted cells), ``notes`` (said on stderr, so ``--json`` stays one document) and
    ``footer`` lines printed under the table."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    footer: tuple[str, ...] = ()


@dataclass(frozen=True)
class FileScorer:
    """A test family's reader of result files made elsewhere (``machinepsych score FAMILY
    FILE``): ``score(path, method=..., official=...)`` returns a JSON-ready dict (``method``
    selects what to score in a file holding several; ``official`` asks for the published
    evaluation code's arithmetic where the family has one); ``view(result)`` the
    :class:`FileView` of it. ``description`` is one line for ``--help`` and errors."""

    score: Callable[..., "Mapping[str, Any]"]
    view: Callable[["Mapping[str, Any]"], FileView]
    description: str = ""


# annotators whose name starts with this are LLM judges: their scores are never mixed with people's
JUDGE_PREFIX = "llm-judge:"


@dataclass(frozen=True)
class AnnotationTask:
    """People (or an opt-in LLM judge, always labelled as one) score stored replies of a test
    1-5 with a rubric: the generic pages (``/annotate``) and ``machinepsych annotate`` call
    these, the store keeps one score per annotator and item
    (``machinepsych.storage.annotations``).

    * ``title`` heads an item's page, ``question`` its rubric (what the score says);
    * ``items(pairs)``: from the run's stored ``(session, trial)`` rows of this test, one dict
      per scorable reply with at least ``item`` ("<session id>:<trial>:<part>"), ``iteration``
      and ``condition`` (never shown to annotators);
    * ``item_html(item)`` / ``item_text(item)``: what an annotator sees of it (escaped HTML /
      plain text), without the rubric and the form;
    * ``judge_prompt(item, rubric_text)``: the request of an LLM judge, which must answer
      "Score: k" exactly once;
    * ``summary(items, scores, judge_prefix)``: the scores so far as a JSON-ready dict, from
      ``{item: {annotator: score}}`` (annotators named with ``judge_prefix`` are judges);
    * ``feedback_strategies``: the prompting strategies whose turns are given the session's
      annotations so far (``TurnContext.extra["annotations"]``, ``{"<trial>:<part>":
      {annotator: score}}``), e.g. methods fed back human scores of their last answers.
    """

    title: str
    question: str
    rubric: tuple[tuple[int, str], ...]
    items: Callable[[Any], list]
    item_html: Callable[[dict], str]
    item_text: Callable[[dict], str]
    judge_prompt: Callable[[dict, str], str]
    summary: Callable[[list, "Mapping[str, Mapping[str, int]]", str], dict]
    feedback_strategies: tuple[str, ...] = ()


# ----------------------------------------------------------------------------- cognitive models
@dataclass(frozen=True)
class ChoiceModels:
    """How a test's trials map onto choices and outcomes, and which cognitive models
    (``machinepsych.fitting.models``) are fitted to them (``machinepsych fit``).

    * ``options``: the options chosen among (a tuple, or a function of the parameters);
    * ``models``: the candidate models, a ``random`` baseline first;
    * ``outcome(record)``: from one stored trial (a scorer-frame row) its ``reward`` (a number),
      ``win`` (a success?) and, for cue-outcome learning, the ``target`` option feedback revealed;
    * ``shown(stimulus)``: what the trial shows before the choice: ``available`` options (where
      not all are), ``features`` (K x ``dimensions`` matches, card sorting), ``cue`` (an index);
    * ``include(record)``: which stored trials are choices (None: all);
    * ``reward_scale``: outcomes are multiplied by it (money in hundreds of dollars);
    * ``length``: the parameter that sets how many trials a session has (``fit --recover``
      lengthens the design through it);
    * ``agents``: built-in agent -> the model that generates its behaviour (the ground truth
      that ``fit --recover`` checks classification against);
    * ``not_identifiable``: models of the test's kind left out because its design cannot tell
      them apart -> the one-line reason (``fit --model`` and ``fit --recover`` say it);
    * ``file_columns`` and ``file_record(row)``: how a row of a trials file collected elsewhere
      (``machinepsych fit --trials FILE --test T``, the file ``machinepsych score`` reads) gives
      the stored trial record the models read: the columns it needs beyond ``session``,
      ``trial`` and ``correct``, and the record of one row (ValueError with a short reason
      naming the column where a cell cannot be used). None: no trials file is read.
      ``file_alternatives``: a needed column -> another column that can stand for it (card
      sorting's key cards: ``options``, or the ``stimulus`` JSON an export writes).
    """

    options: "tuple[Any, ...] | Callable[[Params], tuple[Any, ...]]"
    models: tuple[Any, ...]
    outcome: "Callable[[Mapping[str, Any]], Mapping[str, Any]]"
    shown: "Callable[[Any], Mapping[str, Any]] | None" = None
    include: "Callable[[Mapping[str, Any]], bool] | None" = None
    dimensions: int = 0
    n_cues: int = 0
    reward_scale: float = 1.0
    length: str | None = None
    agents: Mapping[str, str] = field(default_factory=dict)
    not_identifiable: Mapping[str, str] = field(default_factory=dict)
    file_columns: tuple[str, ...] = ()
    file_record: "Callable[[Mapping[str, Any]], dict[str, Any]] | None" = None
    file_alternatives: Mapping[str, str] = field(default_factory=dict)

    def options_for(self, params: Params) -> tuple[Any, ...]:
        return tuple(self.options(params) if callable(self.options) else self.options)

    def model(self, name: str) -> Any:
        for m in self.models:
            if m.name == name:
                return m
        if name in self.not_identifiable:
            raise ConfigError(f"model {name!r} is not fitted on this test: {self.not_identifiable[name]}")
        raise UnknownNameError("cognitive model", name, [m.name for m in self.models])


# ----------------------------------------------------------------------------- people's data
@dataclass(frozen=True)
class PeopleTable:
    """How a test reads people's trial-level data from a long table (``machinepsych
    import-people``, docs/people-data.md): ``columns`` are the test's own columns beyond
    ``subject``, ``trial`` and ``choice``; ``choice(cell)`` reads a choice cell into an action
    (None: no answer on that trial; ValueError with a short reason: unreadable);
    ``params(rows)`` gives, from one person's rows in trial order (a DataFrame with a
    ``line`` column, the file's line number of each row, and the actions in ``action``), the
    parameter overrides under which the environment replays those actions into exactly the
    outcomes the file records (the schedule that person saw). A cell it cannot use raises
    ``PeopleCellError``."""

    columns: tuple[str, ...]
    choice: "Callable[[Any], Any]"
    params: "Callable[[pd.DataFrame], dict[str, Any]]"


class PeopleCellError(ValueError):
    """One cell of a people's data file that cannot be used: its line, column and why."""

    def __init__(self, line: int, column: str, reason: str):
        super().__init__(f"line {line}, column {column}: {reason}")
        self.line, self.column, self.reason = line, column, reason


# ----------------------------------------------------------------------------- the spec
@dataclass(frozen=True)
class TaskSpec:
    id: str
    version: int
    family: str
    title: str
    env_class: type[Environment]
    answer: AnswerFormat
    scorer: Scorer
    citation: str = ""
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: {"default": {}})
    default_sessions: int = 1
    feedback_mode: Literal["inline", "separate"] = "inline"
    # "multi": one conversation per session (history re-sent each call);
    # "single": every trial is its own single-turn conversation (independent items).
    conversation: Literal["multi", "single"] = "multi"
    agents: Mapping[str, Agent] = field(default_factory=dict)
    chance: Simulator | None = None
    # the random participant's answering policies for the chance level (ChancePolicy): the
    # first is the default one (reports and ``chance`` use it), the others are alternatives
    chance_policies: tuple[ChancePolicy, ...] = (UNIFORM_POLICY,)
    figures: tuple[FigureFn, ...] = ()
    docs: str = ""  # the docs/ page describing the test
    # between the task description and the reply-format sentence ("\n" where the published
    # prompt puts the format on the very next line)
    instruction_sep: str = "\n\n"
    # the validity audit's view of a generated trial (answer keys and option surfaces)
    audit: AuditFn | None = None
    # a learned validity audit (``machinepsych audit --learned``): an object with ``target(spec,
    # preset)``, ``run(targets, n, seed, progress, workers)``, ``rows``, ``markdown``, ``columns``,
    # ``default_n``, ``max_n`` (tasks/visfactor/audit_learned.LearnedAudit)
    learned_audit: Any = None
    # an item-level validity audit (``machinepsych audit``, every difficulty): rules about the whole
    # item, an object with ``targets(spec, preset)``, ``run(targets, n, seed, progress)``,
    # ``flagged(finding)``, ``line(finding)``, ``default_n`` (tasks/visfactor/item_rules.ItemAudit)
    item_audit: Any = None
    # reference values (human norms) on the scale of the metric they name
    norms: tuple[Norm, ...] = ()
    # scores over all the sessions of a condition (see Pooled), beside the per-session ones
    pooled: Pooled | None = None
    # pacing for people in the browser (fixation, inter-trial interval, feedback duration)
    timing: Timing = Timing()
    # prompting strategies only this test has (name -> factory of an object with
    # ``async respond(ctx, chat, reask) -> Turn``, see machinepsych.prompting.strategies);
    # the general ones (direct, cot, free, scot, mad) apply to every test
    strategies: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    # True only for the versions of a test made before study material was taken away from
    # models (kept to reproduce their runs): the study message (``Observation.study``) then
    # stays in the conversation of the question requests. Otherwise the requests after the
    # study turn carry ``prompting.strategies.STUDY_PLACEHOLDER`` in its place.
    study_stays: bool = False
    # a reader of result files made elsewhere (``machinepsych score FAMILY FILE``), see FileScorer
    file_scorer: FileScorer | None = None
    # people score stored replies with a rubric (``/annotate``, ``machinepsych annotate``)
    annotation: AnnotationTask | None = None
    # the source papers' summary tables this test takes part in (``report``'s "Paper layouts"):
    # each ``fn(LayoutInput) -> Layout | None`` (machinepsych.analysis.layouts), shared by the
    # tests of a design and shown once; it returns None unless the report has the tests it needs.
    # A layout of another family's paper is named ``"module:function"`` (imported when a report
    # needs it), so that declaring it loads no other family
    layouts: tuple[Callable[[Any], Any] | str, ...] = ()
    # its scorer or strategies embed texts (the store keeps the vectors: storage.embeddings)
    embeds: bool = False
    # a reply every call of the test's strategies reads as valid (``run --dry-run``'s stand-in
    # model sends it, so a strategy that re-asks on a reply it cannot read is counted as with a
    # model that answers well); empty: any text (the test's calls do not depend on the reply)
    valid_reply: str = ""
    # cognitive models fitted to each session (``machinepsych fit``), see ChoiceModels
    fit: ChoiceModels | None = None
    # how people's trial-level data of this test are read (``import-people``), see PeopleTable
    people: PeopleTable | None = None

    def __post_init__(self) -> None:
        if "default" not in self.presets:
            raise ConfigError(f"test {self.id}: presets must include 'default'")

    @property
    def key(self) -> str:
        return f"{self.id}-v{self.version}"

    @property
    def Params(self) -> type[Params]:  # noqa: N802 (a class)
        return self.env_class.Params

    @property
    def metrics(self) -> tuple[Metric, ...]:
        return self.scorer.metrics

    @property
    def primary(self) -> str:
        return self.scorer.primary

    @property
    def chance_responses(self) -> tuple[str, ...]:
        """The names of the declared random policies (``chance --responses``), default first."""
        return tuple(p.name for p in self.chance_policies)

    @property
    def chance_policy(self) -> ChancePolicy:
        """The default random policy of the chance level."""
        return self.chance_policies[0]

    @property
    def constant_policy(self) -> ChancePolicy | None:
        """The test's best constant answer as a chance policy (:attr:`ChancePolicy.constant`), if
        it declares one."""
        return next((p for p in self.chance_policies if p.constant), None)

    def policy(self, name: str | None = None) -> ChancePolicy:
        """The random policy called ``name`` (or one of its aliases); the default for None."""
        if name is None:
            return self.chance_policy
        for p in self.chance_policies:
            if name == p.name or name in p.aliases:
                return p
        raise ConfigError(f"--responses {name!r} is not available for {self.id}; "
                          f"choose one of: {', '.join(self.chance_responses)}")

    def all_agents(self) -> dict[str, Agent]:
        # agent:random answers as the random participant of the printed chance level does
        return {"random": policy_agent(self.chance_policy), **self.agents}

    def agent(self, name: str) -> Agent:
        agents = self.all_agents()
        if name not in agents:
            raise UnknownNameError(f"agent for {self.id}", name, agents)
        return agents[name]

    def resolve(self, preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> Params:
        """The complete parameters: defaults, then the preset, then ``overrides``; validated."""
        name = preset or "default"
        if name not in self.presets:
            raise UnknownNameError(f"preset of {self.id}", name, self.presets)
        values = {**self.presets[name], **(overrides or {})}
        fields = self.Params.model_fields
        unknown = sorted(set(values) - set(fields))
        if unknown:
            raise UnknownNameError(f"parameter of {self.id}", unknown[0], fields)
        return self.params_from(values)

    def params_from(self, values: Mapping[str, Any] | Params) -> Params:
        """Validated ``Params`` from a mapping (a stored ``model_dump``), with a one-line error."""
        if isinstance(values, self.Params):
            return values
        try:
            return self.Params.model_validate(dict(values))
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'params'}: {e['msg']}" for e in exc.errors())
            raise ConfigError(f"invalid parameters for {self.id}: {problems}") from None

    def make(self, params: Params | Mapping[str, Any] | None = None) -> Environment:
        """The environment for ``params``; none given: the test's default preset (wcst-color's
        default preset names its rule, which its parameters' own default does not)."""
        return self.env_class(self.params_from(params) if params else self.resolve())

    def instructions(self, env: Environment, audience: Audience = "model") -> str:
        """The task description followed by how to answer, worded for ``audience``."""
        fmt = self.answer.model_instruction if audience == "model" else self.answer.person_instruction
        fmt = fmt(env) if callable(fmt) else fmt
        # an environment may word the task for people apart (never naming the test)
        text = env.instructions() if audience == "model" else env.instructions_for_people()
        return f"{text}{self.instruction_sep}{fmt}" if fmt else text


# ----------------------------------------------------------------------------- batteries
@dataclass(frozen=True)
class BatteryItem:
    """One test configuration of a battery. ``strategies`` and ``personas``, where given, are
    the conditions the source paper ran this configuration under (Reflection-Bench's hard
    setting: direct only); a run that names its own strategies or personas uses those."""

    task: str
    preset: str = "default"
    sessions: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    strategies: tuple[str, ...] = ()
    personas: tuple[str, ...] = ()


# (summary by condition of one run: {"task | preset": {condition: summary}}) -> {condition: {name: value}}
BatterySummary = Callable[[dict[str, dict[str, Any]]], dict[str, dict[str, float | None]]]


@dataclass(frozen=True)
class Battery:
    """A named set of tests run together, with the strategies it is published under and,
    optionally, the family's own summary over its tests (e.g. an overall score)."""

    id: str
    title: str
    items: tuple[BatteryItem, ...]
    strategies: tuple[str, ...] = ()
    description: str = ""
    summary: BatterySummary | None = None
    summary_metrics: tuple[Metric, ...] = ()
    # battery-level presets: a name (``paper``: the source paper's whole design) -> the test
    # configurations it runs, in place of ``items`` (``run BATTERY --preset paper``)
    designs: Mapping[str, tuple[BatteryItem, ...]] = field(default_factory=dict)
    # a setting the paper ran on part of the battery: a member preset or ``key=value`` of a
    # parameter -> the members it leaves out (Reflection-Bench's hard setting has no Oddball);
    # the other members that lack the setting run as they are
    leaves_out: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

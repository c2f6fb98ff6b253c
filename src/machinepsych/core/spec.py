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

Each part is declared in a module of its own (``answer_format``, ``metrics``, ``agents``,
``chance_policy``, ``audit_item``, ``figure_columns``, ``file_scorer``, ``annotation_task``,
``choice_models``, ``people_table``) and importable from here as well.

Nothing here imports a test family or a layer above ``core``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ValidationError

# the declarations a spec is made of, importable from here as before
from .agents import (LAPSE, RANDOM, Agent, AgentView, Policy, ProbsFn, Seen, chosen_with_lapse, random_policy,
                     uniform_over, win_stay_lose_shift, with_lapse, wsls_candidates, wsls_probs)
from .annotation_task import JUDGE_PREFIX, AnnotationTask
from .answer_format import (AnswerFormat, Audience, Buttons, FormFn, HumanForm, Likert, Option, Parser, Questionnaire,
                            Statement, TextBox, TextFn, Timing, choice_buttons)
from .audit_item import AuditFn, AuditItem
from .chance_policy import UNIFORM_POLICY, ChancePolicy, Simulator, policy_agent
from .choice_models import ChoiceModels
from .env import Environment, Params
from .errors import ConfigError, UnknownNameError
from .figure_columns import FigureFn, figure_columns, reads_trial_columns
from .file_scorer import FileScorer, FileView
from .metrics import FREE, PRESENTATION, Metric, Norm, Pooled, PooledFn, Scorer, SessionScore, count, percent
from .people_table import PeopleCellError, PeopleTable

__all__ = [
    "LAPSE", "RANDOM", "Agent", "AgentView", "Policy", "ProbsFn", "Seen", "chosen_with_lapse", "random_policy",
    "uniform_over", "win_stay_lose_shift", "with_lapse", "wsls_candidates", "wsls_probs",
    "JUDGE_PREFIX", "AnnotationTask",
    "AnswerFormat", "Audience", "Buttons", "FormFn", "HumanForm", "Likert", "Option", "Parser", "Questionnaire",
    "Statement", "TextBox", "TextFn", "Timing", "choice_buttons",
    "AuditFn", "AuditItem", "UNIFORM_POLICY", "ChancePolicy", "Simulator", "policy_agent", "ChoiceModels",
    "FigureFn", "figure_columns", "reads_trial_columns", "FileScorer", "FileView",
    "FREE", "PRESENTATION", "Metric", "Norm", "Pooled", "PooledFn", "Scorer", "SessionScore", "count", "percent",
    "PeopleCellError", "PeopleTable",
    "TaskSpec", "BatteryItem", "BatterySummary", "Battery",
]


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

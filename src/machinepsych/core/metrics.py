"""What a test's scorer returns, declared once for every table and figure: :class:`Metric`,
the :class:`Scorer` with its metrics, :class:`Pooled` scores over a condition's sessions and
published reference values (:class:`Norm`)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .env import Params
from .errors import ConfigError

if TYPE_CHECKING:  # only for annotations: core does not need pandas at import
    import pandas as pd


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

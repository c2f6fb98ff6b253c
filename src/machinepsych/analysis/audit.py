"""Validity audit of generated tests (``machinepsych audit``): can a test be passed without the
ability it measures?

For a test whose spec declares ``TaskSpec.audit``, the audit plays sessions of the real
environment through :class:`~machinepsych.core.play.Episode` with invalid replies (so nothing
about a participant enters), reads every trial's key and option surfaces through the spec's
audit function and reports (an environment with a ``skip_images`` attribute has it set: the
audit never looks at pixels, so such an environment may leave its images unencoded):

* **key distribution** over option positions (choice items), with a chi-square test against
  uniform (scipy) and Cohen's effect size w;
* **true/false balance** of T/F items (the share of "true" keys), with a two-sided binomial
  test against 1/2;
* the accuracy of **construct-free heuristic solvers**, each against the exact chance accuracy
  of uniform random guessing on the same items, by a one-sided binomial test:

  - ``position k``: always the k-th option (every k);
  - ``consensus``: the option closest to the other options (least summed L1 distance of the
    option features), ``overlap``: the option sharing most features with the others (largest
    summed dot product: "most holes in common");
  - ``centroid``: the option nearest the mean feature vector;
  - ``largest`` / ``smallest``: by the option's first feature (its size);
  - ``always true`` / ``always false``: every part of a T/F item answered T (or F); on a
    same/different item (S2) "always true" is "always same".

  Ties are split: a solver whose rule ties between t options, the key among them, earns
  1/t (the expectation of breaking ties at random).

**Flags.** A finding is flagged when it is both significant and large enough to matter:

* significance: p < ``ALPHA`` / m, the Bonferroni correction over the m tests run on that
  test (heuristics + chi-square + balance), ALPHA = 0.01;
* effect size: a heuristic's accuracy must exceed chance by at least
  ``MIN_LIFT_POINTS`` = 5 percentage points (so a 1-point lift at a huge n is not a
  flag); a key distribution needs w >= ``MIN_W`` = 0.15 and a T/F balance |p(T) - 1/2| >= 5
  points.

The chance of a heuristic on choice items is 1 / (number of options) per item (the chance of
guessing among the options, which is the environment's chance in the default mode; in a split
mode, where the options are asked one by one, a choice solver is compared with guessing among
the options, since knowing that exactly one option is right is part of the published format);
on T/F parts it is 1/2 per part, so an item of k parts has chance 2^-k.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.errors import ConfigError
from ..core.play import Episode
from ..core.spec import AuditItem, TaskSpec

ALPHA = 0.01
MIN_LIFT_POINTS = 5.0
MIN_W = 0.15
MIN_BALANCE_POINTS = 5.0
MAX_N = 200_000


@dataclass
class Finding:
    """One audited quantity: ``name``, its ``value`` (accuracy %, w, share of T %), the
    reference (chance %, 0, 50), the p value, and whether it is flagged."""

    name: str
    kind: str  # heuristic | keys | balance
    value: float
    reference: float
    p: float
    n: int
    flagged: bool = False
    detail: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "value": round(self.value, 3),
                "reference": round(self.reference, 3), "p": self.p, "n": self.n, "flagged": self.flagged,
                **({"detail": self.detail} if self.detail else {})}


@dataclass
class AuditResult:
    test: str
    preset: str
    n: int
    findings: list[Finding]
    alpha: float = ALPHA

    @property
    def flagged(self) -> list[Finding]:
        return [f for f in self.findings if f.flagged]

    def finding(self, name: str) -> Finding | None:
        return next((f for f in self.findings if f.name == name), None)

    def as_dict(self) -> dict[str, Any]:
        m = max(1, len(self.findings))
        return {"test": self.test, "preset": self.preset, "n": self.n, "alpha": self.alpha,
                "alpha_per_test": self.alpha / m, "flagged": [f.name for f in self.flagged],
                "findings": [f.as_dict() for f in self.findings]}


# ----------------------------------------------------------------------------- items
def collect(spec: TaskSpec, n: int, seed: int = 0, preset: str | None = None) -> list[AuditItem]:
    """``n`` audit items of ``spec`` (under ``preset``), from sessions played with invalid replies."""
    if spec.audit is None:
        raise ConfigError(f"test {spec.id} declares no audit function (TaskSpec.audit); nothing to audit")
    if not 1 <= n <= MAX_N:
        raise ConfigError(f"--n must be between 1 and {MAX_N:,} (got {n})")
    params = spec.resolve(preset)
    fields = spec.Params.model_fields
    if "n_items" in fields:  # one long session where the test allows it
        hi = next((getattr(m, "le", None) for m in fields["n_items"].metadata if getattr(m, "le", None)), None)
        params = spec.resolve(preset, {"n_items": min(n, hi or n)})
    items: list[AuditItem] = []
    session = 0
    while len(items) < n:
        env = spec.make(params)
        if hasattr(env, "skip_images"):  # the audit reads keys and option surfaces, never pixels
            env.skip_images = True
        ep = Episode(env, int(seed) * 100_003 + session)
        while not ep.done and len(items) < n:
            got = spec.audit(ep.observation)
            if got is not None:
                items.append(got)
            ep.step(None)
        session += 1
    return items


# ----------------------------------------------------------------------------- heuristics
Solver = Callable[[AuditItem], "list[Any] | None"]  # the tied candidate answers, or None (not applicable)


def _pick(item: AuditItem, idx: Sequence[int]) -> list[Any]:
    out = []
    for i in idx:
        opt = item.options[i]
        out.append(tuple(opt for _ in item.key) if isinstance(item.key, tuple) else opt)
    return out


def _argbest(scores: np.ndarray, best: str) -> list[int]:
    target = scores.min() if best == "min" else scores.max()
    return [int(i) for i in np.flatnonzero(np.isclose(scores, target))]


def position(k: int) -> Solver:
    def solve(item: AuditItem):
        if not item.options or k >= len(item.options):
            return None
        return _pick(item, [k])
    return solve


def _features(item: AuditItem) -> np.ndarray | None:
    if not item.options or not item.features or len(item.features) != len(item.options):
        return None
    return np.asarray(item.features, dtype=float)


def consensus(item: AuditItem):
    X = _features(item)
    if X is None:
        return None
    d = np.abs(X[:, None, :] - X[None, :, :]).sum(axis=2).sum(axis=1)
    return _pick(item, _argbest(d, "min"))


def overlap(item: AuditItem):
    X = _features(item)
    if X is None or X.shape[1] < 2:
        return None
    B = X[:, 1:]  # the indicator part (after the size)
    s = (B @ B.T).sum(axis=1) - (B * B).sum(axis=1)
    return _pick(item, _argbest(s, "max"))


def centroid(item: AuditItem):
    X = _features(item)
    if X is None:
        return None
    d = np.linalg.norm(X - X.mean(axis=0), axis=1)
    return _pick(item, _argbest(d, "min"))


def largest(item: AuditItem):
    X = _features(item)
    return None if X is None else _pick(item, _argbest(X[:, 0], "max"))


def smallest(item: AuditItem):
    X = _features(item)
    return None if X is None else _pick(item, _argbest(X[:, 0], "min"))


def always(value: bool) -> Solver:
    def solve(item: AuditItem):
        if not item.rows:
            return None
        if item.options == ("T", "F") and not isinstance(item.key, tuple):
            return ["T" if value else "F"]
        return [tuple("T" if value else "F" for _ in item.rows)]
    return solve


def _rows_key(item: AuditItem) -> Any:
    return tuple("T" if r else "F" for r in item.rows)


def heuristics(items: list[AuditItem]) -> dict[str, Solver]:
    k = max((len(i.options) for i in items if i.options and i.options != ("T", "F")), default=0)
    out: dict[str, Solver] = {f"position {j + 1}": position(j) for j in range(k)}
    out.update({"consensus": consensus, "overlap": overlap, "centroid": centroid, "largest": largest,
                "smallest": smallest, "always true": always(True), "always false": always(False)})
    return out


def _score(item: AuditItem, name: str, answers: list[Any]) -> tuple[float, float]:
    """(credit, chance) of a solver's tied answers on one item."""
    if name.startswith("always"):
        if item.options == ("T", "F") and not isinstance(item.key, tuple):
            key, chance = item.key, 0.5
        else:
            key, chance = _rows_key(item), 0.5 ** len(item.rows)
    else:
        key = item.key
        parts = len(item.key) if isinstance(item.key, tuple) else 1
        chance = (1 / len(item.options)) ** parts
    credit = sum(1 for a in answers if a == key) / len(answers)
    return credit, chance


# ----------------------------------------------------------------------------- statistics
def min_lift(chance_pct: float) -> float:
    return MIN_LIFT_POINTS


def analyse(items: list[AuditItem], test: str = "", preset: str = "default", alpha: float = ALPHA) -> AuditResult:
    """Every finding on ``items`` (see the module notes for the tests and thresholds)."""
    from scipy import stats

    findings: list[Finding] = []
    n = len(items)
    # key distribution over option positions (choice items with one key among their options)
    choice = [i for i in items if i.options and i.options != ("T", "F") and not isinstance(i.key, tuple)
              and i.key in i.options]
    if choice and len({len(i.options) for i in choice}) == 1 and len(choice[0].options) > 1:
        k = len(choice[0].options)
        counts = np.bincount([i.options.index(i.key) for i in choice], minlength=k)
        chi2, p = stats.chisquare(counts)
        w = float(np.sqrt(chi2 / len(choice)))
        findings.append(Finding("key position", "keys", w, 0.0, float(p), len(choice),
                                detail={"counts": [int(c) for c in counts],
                                        "share %": [round(100 * c / len(choice), 1) for c in counts],
                                        "chi2": round(float(chi2), 3), "df": k - 1}))
    # T/F balance of T/F items
    tf = [i for i in items if i.options == ("T", "F") and not isinstance(i.key, tuple)]
    if tf:
        t = sum(1 for i in tf if i.key == "T")
        p = float(stats.binomtest(t, len(tf), 0.5).pvalue)
        findings.append(Finding("true share", "balance", 100 * t / len(tf), 50.0, p, len(tf)))
    rows = [r for i in items if i.rows and not (i.options == ("T", "F")) for r in i.rows]
    row_share = 100 * sum(rows) / len(rows) if rows else None
    # heuristic solvers
    for name, solve in heuristics(items).items():
        credit = chance = 0.0
        m = 0
        for item in items:
            answers = solve(item)
            if answers is None:
                continue
            c, ch = _score(item, name, answers)
            credit, chance, m = credit + c, chance + ch, m + 1
        if m == 0:
            continue
        acc, p0 = credit / m, chance / m
        p = float(stats.binomtest(int(round(credit)), m, min(max(p0, 1e-12), 1 - 1e-12), alternative="greater").pvalue)
        findings.append(Finding(name, "heuristic", 100 * acc, 100 * p0, p, m))
    tests = max(1, len(findings))
    for f in findings:
        sig = f.p < alpha / tests
        if f.kind == "heuristic":
            f.flagged = sig and f.value - f.reference >= min_lift(f.reference)
        elif f.kind == "keys":
            f.flagged = sig and f.value >= MIN_W
        else:
            f.flagged = sig and abs(f.value - 50.0) >= MIN_BALANCE_POINTS
    res = AuditResult(test, preset, n, findings, alpha)
    if row_share is not None:
        res.findings.append(Finding("true share of parts", "info", row_share, 50.0, float("nan"), len(rows)))
    return res


def audit(spec: TaskSpec, n: int = 1000, seed: int = 0, preset: str | None = None) -> AuditResult:
    """Generate ``n`` items of ``spec`` and analyse them."""
    return analyse(collect(spec, n, seed, preset), spec.id, preset or "default")


def targets(name: str, preset: str | None = None) -> list[tuple[TaskSpec, str]]:
    """The (spec, preset) pairs ``machinepsych audit NAME`` covers: one test, or every test of
    a battery that declares an audit (each at ``preset`` where it has it, else its battery preset)."""
    from ..tasks.catalog import get_battery, get_task, is_battery

    if is_battery(name):
        out = []
        for it in get_battery(name).items:
            spec = get_task(it.task)
            if spec.audit is None:
                continue
            if preset is None:
                out.append((spec, it.preset))
            elif preset in spec.presets:
                out.append((spec, preset))
        if not out:
            raise ConfigError(f"no test of battery {name} declares an audit" +
                              (f" with preset {preset!r}" if preset else ""))
        return out
    spec = get_task(name)
    if spec.audit is None:
        raise ConfigError(f"test {spec.id} declares no audit function; tests with one: the generated families "
                          "(e.g. visfactor)")
    if preset is not None and preset not in spec.presets:
        from ..core.errors import UnknownNameError

        raise UnknownNameError(f"preset of {spec.id}", preset, spec.presets)
    return [(spec, preset or "default")]

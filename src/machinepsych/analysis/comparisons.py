"""Is a difference between two conditions real? Paired comparisons on shared seeds.

Every condition of a test takes the same seeded sessions (``runner/plan.py``: session i has
seed ``seed + i`` for every participant, strategy and persona), so two conditions can be
compared seed by seed. For each pair of conditions of one test and metric:

* **paired** where they share at least ``MIN_PAIRS`` seeds: the differences a - b over the
  shared seeds (a condition with several sessions of one seed, ``run --repeat``, counts their
  mean); their mean with a 95% interval (Student's t, widened to a BCa bootstrap interval's
  end where the differences are far from normal and that end lies further out: see
  :func:`paired_interval`), the Wilcoxon signed-rank mid-p, Cohen's d_z
  (mean / SD of the differences), the pairs needed for 80% power at that d_z, and ``seed_r``,
  the correlation of the two conditions' scores over the shared seeds (how much pairing
  removes: the interval narrows by about sqrt(1 - r));
* **unpaired** otherwise (e.g. people against models, runs with other seeds), or where several
  people of a condition took one seed (:func:`units`: each person is a unit, never averaged
  with another): Welch's t on all units of each, its interval and p, Cohen's d (pooled SD) and
  the sessions per condition needed for 80% power; ``why`` says which.

The p values of one table (a test, a metric, every pair of its conditions) are Holm-adjusted.
The formulas are in docs/statistics.md. Nothing here knows a test family.
"""
from __future__ import annotations

import inspect
import math
import warnings
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd

ALPHA = 0.05
POWER = 0.80
MIN_PAIRS = 3  # fewer shared seeds than this: the comparison is unpaired
BOOTSTRAP_MIN_N = 10  # a bootstrap interval needs this many differences
NORMALITY_P = 0.01  # Shapiro-Wilk p below this: the differences are "far from normal"
BOOTSTRAP_RESAMPLES = 4999
BOOTSTRAP_SEED = 0  # the report's intervals are reproducible
MAX_POWER_N = 1_000_000
WILCOXON_EXACT_MAX = 100  # a larger need is shown as "more than this"
SIGNIFICANT_DIGITS = 10  # computed scores are compared, ranked and tested for 0 to this many digits


def noise_rounded(x, scale: float | None = None) -> np.ndarray:
    """``x`` rounded to ``SIGNIFICANT_DIGITS`` significant digits of ``scale`` (default: the
    largest finite |x|), so that floating-point noise is not read as a difference: a share of 25
    trials in percent is k / 25 * 100, and 7 / 25 * 100 is 28.000000000000004, so 28.000000000000004
    - 24 and 32 - 28 would rank as two values and not as the tie they are (the Wilcoxon p of
    12 such differences moved from 0.33887 to 0.32227). Differences are rounded at the scale
    of the scores they come from (``scale``), where their noise lies."""
    x = np.asarray(x, dtype=float)
    finite = np.abs(x[np.isfinite(x)])
    top = float(finite.max()) if scale is None and finite.size else abs(scale or 0.0)
    if not top or not math.isfinite(top):
        return x
    return np.round(x, SIGNIFICANT_DIGITS - 1 - math.floor(math.log10(top)))


def _scale(x: np.ndarray, y: np.ndarray) -> float | None:
    """The largest |score| of two groups (the scale their noise lies at); None where one is empty."""
    return float(np.max(np.abs(np.concatenate([x, y])))) if len(x) and len(y) else None


def per_seed(frame: pd.DataFrame, metric: str) -> pd.Series:
    """{seed: mean of the metric over the sessions of that seed} (repeated sessions averaged;
    sessions without a value left out)."""
    values = frame[["seed", metric]].dropna()
    return values.groupby("seed", sort=True)[metric].mean().astype(float)


def units(frame: pd.DataFrame, metric: str) -> pd.Series:
    """The metric per unit of one condition, indexed by the unit's seed (sorted): a unit is one
    participant's sessions of one seed, averaged (``run --repeat K``: K sessions of one model
    on a seed); a person (a ``human`` participant: a browser session, an imported subject) is
    a unit per session, never averaged with another person of the same seed. The index then
    repeats a seed that several people took (imported people are all stored with seed 0).
    Without a ``participant`` column: :func:`per_seed`."""
    from ..participants.human import is_human_ref

    if "participant" not in frame:
        return per_seed(frame, metric)
    values = frame.dropna(subset=[metric])
    person = values["participant"].astype(str).map(is_human_ref)
    own = values["session"] if "session" in values else pd.Series(range(len(values)), index=values.index)
    unit = values["participant"].astype(str) + "|" + own.where(person, -1).astype(str)
    means = values.groupby([values["seed"], unit], sort=True)[metric].mean().astype(float)
    return means.droplevel(1)


def far_from_normal(d: np.ndarray) -> bool:
    """The rule for a bootstrap interval: at least ``BOOTSTRAP_MIN_N`` differences, not all
    equal, and a Shapiro-Wilk test rejecting normality at p < ``NORMALITY_P``."""
    from scipy import stats

    if len(d) < BOOTSTRAP_MIN_N or np.ptp(d) == 0:
        return False
    return bool(stats.shapiro(d).pvalue < NORMALITY_P)


def t_interval(d: np.ndarray) -> tuple[float, float]:
    from scipy import stats

    mean, n = float(np.mean(d)), len(d)
    if n < 2:
        return mean, mean
    half = float(stats.t.ppf(0.975, n - 1) * np.std(d, ddof=1) / math.sqrt(n))
    return mean - half, mean + half


def bca_interval(d: np.ndarray) -> tuple[float, float] | None:
    """95% BCa bootstrap interval of the mean (None where it cannot be formed)."""
    from scipy import stats

    seed = np.random.default_rng(BOOTSTRAP_SEED)  # scipy 1.15 named it rng, random_state before
    kw = {"rng": seed} if "rng" in inspect.signature(stats.bootstrap).parameters else {"random_state": seed}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = stats.bootstrap((d,), np.mean, confidence_level=0.95, n_resamples=BOOTSTRAP_RESAMPLES,
                              method="BCa", vectorized=True, **kw)
    low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
    return (low, high) if math.isfinite(low) and math.isfinite(high) else None


BCA_WIDENED = "t + BCa bootstrap"  # ci_method of a t interval an end of which a BCa interval moved out


def paired_interval(d: np.ndarray) -> tuple[float, float, str]:
    """The 95% interval of the mean difference and how it was made: Student's t; where the
    differences are far from normal (:func:`far_from_normal`), each end moved out to the BCa
    bootstrap interval's where that lies further (the union of the two), never in. A BCa
    interval alone is too narrow where the differences take few values (counts such as
    perseverative errors: 10 draws from {-1, 0, +1} with probabilities .15/.7/.15 miss the
    true mean in 13.7% of BCa intervals, 4.6% of t's); on skewed continuous differences it
    reaches further on the long tail than t does, which the union keeps
    (``benchmarks/comparisons.py``, docs/statistics.md)."""
    low, high = t_interval(d)
    bootstrap = bca_interval(d) if far_from_normal(d) else None
    if bootstrap is None or (bootstrap[0] >= low and bootstrap[1] <= high):
        return low, high, "t"
    return min(low, bootstrap[0]), max(high, bootstrap[1]), BCA_WIDENED


def wilcoxon_p(d: np.ndarray, mid: bool = True) -> float:
    """Two-sided Wilcoxon signed-rank **mid-p** of the differences: zeros dropped, ties given
    their mid-ranks, and the statistic (the sum of the positive differences' ranks) referred
    to its exact distribution over all 2^n sign flips of those ranks, counted by convolution
    (the permutation distribution scipy enumerates); the mid-p counts the outcomes exactly as
    far from the centre as the observed one half (Lancaster 1961): P(|T - E| > |t - E|) +
    P(|T - E| = |t - E|) / 2. Scores are discrete (a share of 64 cards, of 30 items), so the
    differences tie and the exact distribution has few steps: the exact p's size at 5% falls
    to 4% at 10 pairs; the mid-p's is 5% (``benchmarks/comparisons.py``). Above
    ``WILCOXON_EXACT_MAX`` non-zero differences, the normal approximation with scipy's tie
    correction. 1 when all are 0. ``mid=False``: the exact p, P(|T - E| >= |t - E|). The
    differences are :func:`noise_rounded` first (floating-point noise is neither a rank nor a
    non-zero difference)."""
    from scipy import stats
    from scipy.stats import rankdata

    d = noise_rounded(d)
    d = d[d != 0]
    if not len(d):
        return 1.0
    if len(d) > WILCOXON_EXACT_MAX:
        return float(stats.wilcoxon(d, method="approx").pvalue)
    ranks = np.rint(2 * rankdata(np.abs(d))).astype(int)  # mid-ranks are halves: doubled, whole
    dist = np.zeros(int(ranks.sum()) + 1)
    dist[0] = 1.0
    for r in ranks:  # each rank added or not, with probability 1/2 each
        dist[r:] = 0.5 * dist[r:] + 0.5 * dist[:-r].copy()
        dist[:r] *= 0.5
    centre = ranks.sum() / 2
    observed = abs(ranks[d > 0].sum() - centre)
    away = np.abs(np.arange(len(dist)) - centre)  # sums are whole numbers: a tie is exact
    return float(min(1.0, dist[away > observed].sum() + (0.5 if mid else 1.0) * dist[away == observed].sum()))


def t_power(effect: float, n: int, paired: bool) -> float:
    """Power of the two-sided t test at alpha 0.05 for a standardised effect: paired with n
    pairs (df n - 1, noncentrality d_z sqrt(n)), or unpaired with n sessions in each condition
    (df 2n - 2, noncentrality d sqrt(n / 2)); from scipy's noncentral t, or where that gives
    nan (large noncentrality: d_z 9.9 at 2 pairs), from :func:`power_by_integral`."""
    from scipy import stats

    df, nc = (n - 1, effect * math.sqrt(n)) if paired else (2 * n - 2, effect * math.sqrt(n / 2))
    crit = float(stats.t.ppf(1 - ALPHA / 2, df))
    power = float(stats.nct.sf(crit, df, nc) + stats.nct.cdf(-crit, df, nc))
    if not 0 <= power <= 1:  # nan (or a value no probability has)
        power = power_by_integral(df, nc, crit)
    return power


def power_by_integral(df: int, nc: float, crit: float) -> float:
    """P(|T| > crit), T noncentral t: T = (Z + nc) / S, S = sqrt(chi2(df) / df), so the power
    is E_S[Phi(nc - crit S) + Phi(-nc - crit S)], integrated over S's chi distribution between
    its 1e-15 and 1 - 1e-15 quantiles (scipy's ``nct`` to 1e-10 where that has a value)."""
    from scipy import stats

    spread = stats.chi(df)
    scale = crit / math.sqrt(df)

    def rejects(s: float) -> float:
        return float(stats.norm.cdf(nc - scale * s) + stats.norm.cdf(-nc - scale * s))

    power = float(spread.expect(rejects, lb=spread.ppf(1e-15), ub=spread.isf(1e-15)))
    if not math.isfinite(power):
        raise ArithmeticError(f"no power at {df} degrees of freedom, noncentrality {nc}")
    return min(1.0, max(0.0, power))


def sessions_for_power(effect: float | None, paired: bool) -> float | None:
    """The fewest sessions (pairs, or per condition unpaired; at least 2) giving 80% power at
    ``effect`` (:func:`t_power`, searched over whole numbers). None for no effect, inf above
    ``MAX_POWER_N``."""
    if effect is None or not math.isfinite(effect) or effect == 0:
        return None
    effect = abs(effect)

    def enough(n: int) -> bool:
        return t_power(effect, n, paired) >= POWER

    high = 2
    while not enough(high):
        if high > MAX_POWER_N:
            return math.inf
        high *= 2
    if high == 2:
        return 2.0
    low = high // 2  # not enough(low), enough(high)
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if enough(mid) else (mid, high)
    return float(high)


def paired(a: pd.Series, b: pd.Series, power: bool = True) -> dict[str, Any]:
    """The paired comparison of a and b on the seeds both have (``power``: with the sessions
    needed for 80% power)."""
    seeds = a.index.intersection(b.index)
    x, y = a[seeds].to_numpy(dtype=float), b[seeds].to_numpy(dtype=float)
    scale = _scale(x, y)
    d = noise_rounded(x - y, scale)  # rounded where the scores' noise lies, not at the differences' own size
    x, y = noise_rounded(x, scale), noise_rounded(y, scale)
    sd = float(np.std(d, ddof=1)) if len(d) > 1 else 0.0
    low, high, method = paired_interval(d)
    mean = float(np.mean(d))
    dz = mean / sd if sd > 0 else None
    seed_r = float(np.corrcoef(x, y)[0, 1]) if len(d) > 2 and np.ptp(x) > 0 and np.ptp(y) > 0 else None
    return {"design": "paired", "n": len(d), "n_a": len(a), "n_b": len(b), "seed_r": seed_r,
            "mean_a": float(a[seeds].mean()), "mean_b": float(b[seeds].mean()), "diff": mean,
            "ci_low": low, "ci_high": high, "ci_method": method,
            "test": "Wilcoxon signed-rank mid-p", "p": wilcoxon_p(d), "p_undefined": None, "effect": dz, "effect_name": "d_z",
            "sessions_for_80_power": sessions_for_power(dz, True) if power else None}


CONSTANT_GROUPS = "both constant at the same value: Welch's t is 0/0, no p"


def unpaired(a: pd.Series, b: pd.Series, power: bool = True) -> dict[str, Any]:
    """Welch's comparison of all units of a and b (seeds not shared, or people sharing one).
    Where both are constant, the interval is the difference; the p is 0 where they differ (t
    is infinite) and undefined where they are equal (``p`` None, ``p_undefined`` says why)."""
    from scipy import stats

    x, y = a.to_numpy(dtype=float), b.to_numpy(dtype=float)
    scale = _scale(x, y)
    x, y = noise_rounded(x, scale), noise_rounded(y, scale)  # noise is no spread (a constant group stays constant)
    diff = float(x.mean() - y.mean())
    out = {"design": "unpaired", "n": None, "n_a": len(x), "n_b": len(y), "seed_r": None, "mean_a": float(x.mean()),
           "mean_b": float(y.mean()), "diff": diff, "ci_low": None, "ci_high": None, "ci_method": "Welch t",
           "test": "Welch t", "p": None, "p_undefined": None, "effect": None, "effect_name": "d", "sessions_for_80_power": None}
    if len(x) < 2 or len(y) < 2:
        return out
    pooled = math.sqrt(((len(x) - 1) * x.var(ddof=1) + (len(y) - 1) * y.var(ddof=1)) / (len(x) + len(y) - 2))
    if x.var(ddof=1) + y.var(ddof=1) == 0:  # no spread: the interval is the difference itself
        out.update(ci_low=diff, ci_high=diff, p=0.0 if diff else None,
                   p_undefined=None if diff else CONSTANT_GROUPS)
        return out
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = stats.ttest_ind(x, y, equal_var=False)
        ci = res.confidence_interval(0.95)
    d = diff / pooled if pooled > 0 else None
    out.update(ci_low=float(ci.low), ci_high=float(ci.high), p=float(res.pvalue), effect=d,
               sessions_for_80_power=sessions_for_power(d, False) if power else None)
    return out


def compare(a: pd.Series, b: pd.Series) -> dict[str, Any]:
    """a against b (each {seed: value per unit}, :func:`units`): paired on ``MIN_PAIRS`` or more
    shared seeds where each has one unit per seed; else unpaired on all units, with ``why``."""
    several = [name for name, s in (("a", a), ("b", b)) if s.index.has_duplicates]
    if several:
        return {**unpaired(a, b), "why": f"several people took one seed in {' and '.join(several)} (each person a unit)"}
    shared = len(a.index.intersection(b.index))
    if shared >= MIN_PAIRS:
        return {**paired(a, b), "why": None}
    why = "no seeds shared" if not shared else f"only {shared} seed{'s' * (shared > 1)} shared; paired needs {MIN_PAIRS}"
    return {**unpaired(a, b), "why": why}


def holm(ps: list[float | None]) -> list[float | None]:
    """Holm-adjusted p values (None kept where there is no p)."""
    from statsmodels.stats.multitest import multipletests

    present = [i for i, p in enumerate(ps) if p is not None]
    out: list[float | None] = [None] * len(ps)
    if present:
        adjusted = multipletests([ps[i] for i in present], method="holm")[1]
        for i, p in zip(present, adjusted):
            out[i] = float(p)
    return out


def table(frame: pd.DataFrame, metric: str, conditions: list[str]) -> list[dict[str, Any]]:
    """Every pair of ``conditions`` (in that order) on ``metric``, one table's Holm adjustment."""
    values = {c: units(frame[frame["condition"] == c], metric) for c in conditions}
    values = {c: v for c, v in values.items() if len(v)}
    rows = [{"a": a, "b": b, **compare(values[a], values[b])} for a, b in combinations(values, 2)]
    for row, p in zip(rows, holm([r["p"] for r in rows])):
        row["p_holm"] = p
    return rows


def comparisons(scores: pd.DataFrame, metrics: dict[str, list[str]]) -> list[dict[str, Any]]:
    """One table per test ("task | preset") and metric: ``metrics`` {key: metric names}.
    A table needs two conditions; the scores frame needs its ``seed`` column."""
    out: list[dict[str, Any]] = []
    if scores.empty or "seed" not in scores:
        return out
    for (task, preset), frame in scores.groupby(["task", "preset"], sort=False):
        key = f"{task} | {preset}"
        conditions = list(dict.fromkeys(frame["condition"]))
        if len(conditions) < 2:
            continue
        for metric in metrics.get(key, []):
            if metric in frame and frame[metric].notna().any():
                rows = table(frame, metric, conditions)
                if rows:
                    out.append({"key": key, "metric": metric, "rows": rows})
    return out

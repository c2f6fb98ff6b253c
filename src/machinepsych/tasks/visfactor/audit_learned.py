"""The learned validity audit of VisFactor (``machinepsych audit visfactor``, ``--learned``;
``docs/visfactor.md#learned-audit``).

The heuristic audit (``analysis/audit.py``) tries a fixed list of construct-free solvers. This
one *learns* a solver from the items' surface features (``features.py``): for every subtest,
difficulty and mode it

1. generates ``n`` items from one seed range and computes every unit's features (units:
   options, T/F parts, cells, candidate words, test figure x group pairs);
2. trains two simple classifiers to tell key units (or true parts) from the others —
   ``logistic`` (standardised features, L2 logistic regression) and ``boosted trees``
   (scikit-learn's HistGradientBoostingClassifier, depth 3, 100 rounds) — on one half of the
   items and scores the other half, then the other way round (two-fold cross-fitting: every
   item is scored by a model that never saw it);
3. answers each item as a participant would from the scores: the best-scoring unit of each
   choose-one part; on T/F parts, the parts whose probability is at least 1/2, or, when the
   training items always have the same number of true parts (split mode: exactly one), that
   many best-scoring parts;
4. compares the item accuracy (and, for items of several parts, the part accuracy) with the
   **structural chance**: the best a participant can do knowing only the distribution of answer
   patterns, positions being exchangeable (see :func:`structural_chance`);
5. flags a strategy when the lift is significant after Bonferroni (p < 0.01 / m, m = every
   strategy x metric x subtest x difficulty x mode tested in the run), large enough (at least
   :data:`MIN_LIFT_POINTS` = 5 points, or not significantly below 5: the one-sided 97.5% upper
   confidence bound of the lift reaches 5 points) and **replicates**: the same test on a second,
   independent seed range is significant at the same level.

The default ``n`` (:data:`DEFAULT_N`) gives power 0.9 to flag a true 5-point lift at the
hardest chance level (about 1/2), see :func:`power` and :func:`required_n`.
"""
from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .features import Units, units

ALPHA = 0.01
MIN_LIFT_POINTS = 5.0
POWER = 0.9
Z_EFFECT = 1.959963984540054  # one-sided 97.5%: the lift's upper bound must reach MIN_LIFT_POINTS
# Bonferroni count the default n is sized for: 2 strategies x (20 subtests + 4 with several parts)
# in `audit visfactor --preset hard`, the largest default run
M_DEFAULT = 48
SEED_STRIDE = 1_000_000  # seed ranges: primary 2*s*STRIDE + i, replication (2*s + 1)*STRIDE + i
MAX_NEGATIVES = 19  # training: at most this many non-key units per choose-one part (word pools)
STRATEGIES = ("logistic", "boosted trees")


# ----------------------------------------------------------------------------- power and n
def _effect_ok(k: np.ndarray, n: int, p0: float, lift: float = MIN_LIFT_POINTS / 100) -> np.ndarray:
    phat = k / n
    se = np.sqrt(np.maximum(phat * (1 - phat), 1e-12) / n)
    return phat - p0 + Z_EFFECT * se >= lift - 1e-12


def power(n: int, p0: float, lift: float = MIN_LIFT_POINTS / 100, m: int = M_DEFAULT, alpha: float = ALPHA) -> float:
    """Probability that a strategy whose true accuracy is ``p0 + lift`` is flagged with ``n``
    items per seed range: significant (exact one-sided binomial test, p < alpha / m) and large
    enough in the first range, significant again in the second."""
    from scipy import stats

    p1 = min(p0 + lift, 1.0)
    k = np.arange(n + 1)
    sig = stats.binom.sf(k - 1, n, p0) < alpha / m  # P(X >= k | p0)
    pmf = stats.binom.pmf(k, n, p1)
    first = float(pmf[sig & _effect_ok(k, n, p0, lift)].sum())
    second = float(pmf[sig].sum())
    return first * second


def required_n(p0: float, lift: float = MIN_LIFT_POINTS / 100, m: int = M_DEFAULT, target: float = POWER,
               alpha: float = ALPHA, step: int = 50) -> int:
    """The least ``n`` (a multiple of ``step``) with :func:`power` >= ``target``."""
    n = step
    while power(n, p0, lift, m, alpha) < target:
        n += step
    return n


# The chance levels the default n must cover: the worst case is a chance near 1/2 (T/F items).
WORST_CHANCE = 0.5
# max over chance levels of required_n(p0) with m = 48 (at p0 = 0.45-0.55) (tests/tasks/visfactor/test_vf_learned_audit.py checks it)
DEFAULT_N = 2700


# ----------------------------------------------------------------------------- structure
def _signature(u: Units) -> tuple:
    sizes = tuple(int((u.part == j).sum()) for j in range(u.n_parts))
    return u.fmt, sizes


def _pattern_class(u: Units) -> tuple:
    """The class of an item's answer pattern under exchangeable positions: for T/F parts, the
    number of true units of each part; for choose-one parts, the shape of the keys' positions
    (sorted counts of equal key positions over the parts: a single part has one class)."""
    if u.fmt == "binary":
        return tuple(int(u.y[u.part == j].sum()) for j in range(u.n_parts))
    keys = [int(np.flatnonzero(u.y[u.part == j] > 0)[0]) for j in range(u.n_parts)]
    return tuple(sorted(Counter(keys).values(), reverse=True))


def _orbit(sig: tuple, cls: tuple) -> int:
    """Number of answer patterns in a class."""
    fmt, sizes = sig
    if fmt == "binary":
        return math.prod(math.comb(s, c) for s, c in zip(sizes, cls))
    k, P = sizes[0], len(sizes)  # choose-one parts of equal size k
    if len(cls) > k:
        return 0
    mult = Counter(cls)
    return (math.factorial(P) // math.prod(math.factorial(c) for c in cls)
            * math.factorial(k) // math.factorial(k - len(cls)) // math.prod(math.factorial(v) for v in mult.values()))


def structural_chance(train: Sequence[Units], test: Sequence[Units]) -> tuple[np.ndarray, np.ndarray]:
    """(item chance, part chance) of every test item: the best featureless participant.

    Such a participant knows only the distribution of answer patterns (from ``train``), with
    positions exchangeable: it picks the pattern class c* with the largest probability per
    pattern, P(c) / |c|, and answers a random pattern of it; a test item's chance is
    [its class is c*] / |c*|. E.g. split items with exactly one true part of k: 1/k (not 2^-k);
    independent fair T/F parts: 2^-k; one choose-one part of k options: 1/k. Part chance: for T/F
    parts the better of always-T and always-F (by the training share), for choose-one parts 1/k."""
    by_sig: dict[tuple, Counter] = {}
    t_share: dict[tuple, list[float]] = {}
    for u in train:
        sig = _signature(u)
        by_sig.setdefault(sig, Counter())[_pattern_class(u)] += 1
        t_share.setdefault(sig, []).append(float(u.y.mean()))
    best: dict[tuple, tuple] = {}
    for sig, cnt in by_sig.items():
        tot = sum(cnt.values())
        best[sig] = max(cnt, key=lambda c: (cnt[c] / tot / max(1, _orbit(sig, c)), c))
    item, part = np.zeros(len(test)), np.zeros(len(test))
    for i, u in enumerate(test):
        sig = _signature(u)
        fmt, sizes = sig
        if sig in best:
            c = best[sig]
            item[i] = (_pattern_class(u) == c) / max(1, _orbit(sig, c))
        else:  # a structure never seen in training: uniform guessing
            item[i] = math.prod((0.5 ** s) if fmt == "binary" else 1 / s for s in sizes)
        if fmt == "binary":
            always_t = np.mean(t_share.get(sig, [0.5])) >= 0.5
            part[i] = float(u.y.mean()) if always_t else 1 - float(u.y.mean())
        else:
            part[i] = float(np.mean([1 / s for s in sizes]))
    return item, part


# ----------------------------------------------------------------------------- strategies
def make_model(name: str):
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    if name == "logistic":
        return make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=1000))
    if name == "boosted trees":
        return HistGradientBoostingClassifier(max_iter=100, max_depth=3, learning_rate=0.1, early_stopping=False,
                                              random_state=0)
    raise ValueError(name)


def _training_set(items: Sequence[Units], rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    X, y = [], []
    for u in items:
        if u.fmt == "choose" and len(u.y) > (MAX_NEGATIVES + 1) * u.n_parts:
            keep = []
            for j in range(u.n_parts):
                idx = np.flatnonzero(u.part == j)
                pos, neg = idx[u.y[idx] > 0], idx[u.y[idx] == 0]
                keep += [*pos, *rng.choice(neg, min(len(neg), MAX_NEGATIVES), replace=False)]
            keep = np.sort(np.asarray(keep, dtype=int))
            X.append(u.X[keep])
            y.append(u.y[keep])
        else:
            X.append(u.X)
            y.append(u.y)
    return np.vstack(X), np.concatenate(y)


def fit_scorer(name: str, train: Sequence[Units], seed: int = 0) -> Callable[[np.ndarray], np.ndarray]:
    """A unit scorer (probability of being a key / a true part) fitted on ``train``."""
    X, y = _training_set(train, np.random.default_rng(seed))
    if len(np.unique(y)) < 2:
        const = float(y.mean()) if len(y) else 0.5
        return lambda Z: np.full(len(Z), const)
    from threadpoolctl import threadpool_limits

    model = make_model(name)
    with threadpool_limits(1):  # small data: one thread is much faster than contended OpenMP threads
        model.fit(X, y.astype(int))

    def score(Z: np.ndarray) -> np.ndarray:
        with threadpool_limits(1):
            return model.predict_proba(Z)[:, 1]
    return score


def _count_rule(train: Sequence[Units]) -> dict[tuple, tuple]:
    """Signatures whose training items always have the same number of true parts per part."""
    seen: dict[tuple, set] = {}
    for u in train:
        if u.fmt == "binary":
            seen.setdefault(_signature(u), set()).add(_pattern_class(u))
    return {sig: next(iter(c)) for sig, c in seen.items() if len(c) == 1}


def answer_credit(u: Units, scores: np.ndarray, counts: tuple | None = None) -> tuple[float, float]:
    """(item credit, part accuracy) of the participant answering ``u`` from ``scores``. Ties of a
    choose-one part earn 1/t (random tie-breaking in expectation)."""
    rights = []
    if u.fmt == "choose":
        for j in range(u.n_parts):
            idx = np.flatnonzero(u.part == j)
            s = scores[idx]
            tied = np.isclose(s, s.max(), rtol=0, atol=1e-12)
            rights.append(float(u.y[idx][tied].sum()) / int(tied.sum()))
        return float(np.prod(rights)), float(np.mean(rights))
    if counts is not None:  # a known number of true parts: that many best-scoring
        pred = np.zeros(len(u.y), dtype=bool)
        for j, c in enumerate(counts):
            idx = np.flatnonzero(u.part == j)
            if c:
                pred[idx[np.argsort(-scores[idx], kind="stable")[:c]]] = True
    else:
        pred = scores >= 0.5
    ok = pred == (u.y > 0)
    return float(ok.all()), float(ok.mean())


def cross_fit(items: Sequence[Units], strategy: str, seed: int = 0) -> dict[str, np.ndarray]:
    """Two-fold cross-fitted credits (models fitted on one half score the other) and the
    structural chances of every item."""
    n = len(items)
    credit, part_acc = np.zeros(n), np.zeros(n)
    chance, part_chance = np.zeros(n), np.zeros(n)
    folds = np.arange(n) % 2
    # structural chance from every item of the range: the answer patterns' distribution is a
    # property of the generator (estimating it per fold biases it down when the folds disagree)
    chance[:], part_chance[:] = structural_chance(items, items)
    for f in (0, 1):
        tr = [items[i] for i in np.flatnonzero(folds != f)]
        te_idx = np.flatnonzero(folds == f)
        te = [items[i] for i in te_idx]
        if not tr or not te:
            continue
        score = fit_scorer(strategy, tr, seed + f)
        rule = _count_rule(tr)
        for i, u in zip(te_idx, te):
            c, pa = answer_credit(u, score(u.X), rule.get(_signature(u)))
            credit[i], part_acc[i] = c, pa
    return {"credit": credit, "part_acc": part_acc, "chance": chance, "part_chance": part_chance}


# ----------------------------------------------------------------------------- tests
@dataclass
class Stat:
    accuracy: float  # %
    chance: float  # %
    p: float
    n: int

    @property
    def lift(self) -> float:
        return self.accuracy - self.chance


def item_stat(credit: np.ndarray, chance: np.ndarray) -> Stat:
    """Exact one-sided binomial test of the item accuracy against the mean structural chance."""
    from scipy import stats

    n = len(credit)
    p0 = float(np.clip(chance.mean(), 1e-12, 1 - 1e-12))
    k = int(round(float(credit.sum())))
    p = float(stats.binomtest(k, n, p0, alternative="greater").pvalue) if n else 1.0
    return Stat(100 * float(credit.mean()) if n else 0.0, 100 * p0, p, n)


def part_stat(acc: np.ndarray, chance: np.ndarray) -> Stat:
    """One-sided paired t-test of per-item part accuracy against per-item part chance (the parts
    of an item are not independent, the items are)."""
    from scipy import stats

    d = acc - chance
    if len(d) < 2 or np.allclose(d, d[0]):
        p = 0.0 if len(d) and d.mean() > 0 else 1.0
    else:
        p = float(stats.ttest_1samp(d, 0.0, alternative="greater").pvalue)
    return Stat(100 * float(acc.mean()), 100 * float(chance.mean()), p, len(d))


def effect_ok(stat: Stat) -> bool:
    """The lift is at least MIN_LIFT_POINTS, or its one-sided 97.5% upper bound reaches it."""
    ph = stat.accuracy / 100
    se = 100 * math.sqrt(max(ph * (1 - ph), 1e-12) / max(1, stat.n))
    return stat.lift + Z_EFFECT * se >= MIN_LIFT_POINTS - 1e-9


@dataclass
class LearnedFinding:
    subtest: str
    difficulty: str
    mode: str
    strategy: str
    metric: str  # item | part
    stat: Stat
    replication: Stat | None = None
    m: int = 1
    alpha: float = ALPHA
    flagged: bool = False

    @property
    def candidate(self) -> bool:
        return self.stat.p < self.alpha / self.m and effect_ok(self.stat)

    @property
    def replicated(self) -> bool | None:
        if self.replication is None:
            return None
        return self.replication.p < self.alpha / self.m and self.replication.lift > 0

    def as_dict(self) -> dict[str, Any]:
        out = {"subtest": self.subtest, "difficulty": self.difficulty, "mode": self.mode, "strategy": self.strategy,
               "metric": self.metric, "n": self.stat.n, "accuracy": round(self.stat.accuracy, 2),
               "chance": round(self.stat.chance, 2), "lift": round(self.stat.lift, 2), "p": self.stat.p,
               "m": self.m, "replicated": self.replicated, "flagged": self.flagged}
        if self.replication is not None:
            out["replication"] = {"accuracy": round(self.replication.accuracy, 2),
                                  "chance": round(self.replication.chance, 2), "p": self.replication.p}
        return out


def decide(findings: Sequence[LearnedFinding], alpha: float = ALPHA) -> None:
    """Set every finding's Bonferroni m (all findings of the run) and its flag."""
    m = max(1, len(findings))
    for f in findings:
        f.m, f.alpha = m, alpha
    for f in findings:
        f.flagged = bool(f.candidate and f.replicated)


# ----------------------------------------------------------------------------- items
def seeds(n: int, seed: int, replication: bool = False) -> range:
    if not 1 <= n <= SEED_STRIDE:
        raise ValueError(f"n must be between 1 and {SEED_STRIDE:,}")
    start = (2 * seed + int(replication)) * SEED_STRIDE
    return range(start, start + n)


FAILURES: dict[tuple[str, str, bool], int] = {}  # (subtest, difficulty, replication) -> items that failed to generate


def subtest_generation(label: str) -> tuple[str, int | None]:
    """A target's subtest label: ``"SS3"`` (the current generator) or ``"SS3@4"`` (the generator
    of an older version of the test, as ``visfactor-ss3@4`` names it)."""
    sub, _, gen = label.partition("@")
    return sub, int(gen) if gen else None


def collect(subtest: str, difficulty: str, mode: str, n: int, seed: int = 0, replication: bool = False) -> list[Units]:
    """The units of the items of ``n`` seeds (seed range ``seed``, first or replication) of
    ``subtest`` (a label of :func:`subtest_generation`). A seed whose generator gives up
    (RuntimeError) is skipped and counted in :data:`FAILURES`."""
    from .core import generate

    sub, gen = subtest_generation(subtest)
    out, failed = [], 0
    for s in seeds(n, seed, replication):
        try:
            item = generate(sub, s, difficulty, gen)
        except RuntimeError:
            failed += 1
            continue
        out.append(units(item, mode))
    FAILURES[(subtest, difficulty, replication)] = failed
    return out


def evaluate(items: Sequence[Units], strategy: str, seed: int = 0) -> dict[str, Stat]:
    """The item (and, for items of several parts or T/F units, part) statistics of a strategy."""
    r = cross_fit(items, strategy, seed)
    out = {"item": item_stat(r["credit"], r["chance"])}
    if any(len(u.y) > 1 and (u.fmt == "binary" or u.n_parts > 1) for u in items):
        out["part"] = part_stat(r["part_acc"], r["part_chance"])
    return out


@dataclass
class LearnedResult:
    findings: list[LearnedFinding]
    n: int
    seed: int
    seconds: dict[tuple[str, str, str], float] = field(default_factory=dict)

    @property
    def flagged(self) -> list[LearnedFinding]:
        return [f for f in self.findings if f.flagged]

    def as_dict(self) -> dict[str, Any]:
        return {"n": self.n, "seed": self.seed, "alpha": ALPHA, "m": len(self.findings),
                "min_lift_points": MIN_LIFT_POINTS, "findings": [f.as_dict() for f in self.findings],
                "seconds": {"/".join(k): round(v, 2) for k, v in self.seconds.items()},
                "flagged": [f"{f.subtest} {f.difficulty}/{f.mode} {f.strategy} ({f.metric})" for f in self.flagged]}


def _first(target: tuple[str, str, str], n: int, seed: int, strategies: Sequence[str]):
    """Every strategy on the first seed range of one target: (findings, seconds, failed seeds)."""
    sub, diff, mode = target
    t0 = time.perf_counter()
    items = collect(sub, diff, mode, n, seed)
    found = [LearnedFinding(sub, diff, mode, strat, metric, st)
             for strat in strategies for metric, st in evaluate(items, strat, seed).items()]
    return found, time.perf_counter() - t0, FAILURES.get((sub, diff, False), 0)


def _again(target: tuple[str, str, str], n: int, seed: int, strategies: Sequence[str]):
    """The replication of one target: {strategy: {metric: Stat}} on the second seed range, and seconds."""
    sub, diff, mode = target
    t0 = time.perf_counter()
    items = collect(sub, diff, mode, n, seed, replication=True)
    return {strat: evaluate(items, strat, seed + 1) for strat in strategies}, time.perf_counter() - t0


def _map(fn, targets, workers: int, *args):
    """``fn(target, *args)`` for every target, in order; in ``workers`` processes when > 1 (the
    results are the same: every target is seeded on its own)."""
    if workers <= 1 or len(targets) <= 1:
        return [fn(t, *args) for t in targets]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=min(workers, len(targets))) as pool:
        futures = [pool.submit(fn, t, *args) for t in targets]
        return [f.result() for f in futures]


def run(targets: Sequence[tuple[str, str, str]], n: int = DEFAULT_N, seed: int = 0,
        strategies: Sequence[str] = STRATEGIES, progress: Callable[[str], None] | None = None,
        workers: int = 1) -> LearnedResult:
    """The learned audit of (subtest, difficulty, mode) ``targets``: every strategy on ``n``
    items, then, for the candidates (significant and large enough), on ``n`` items of the
    replication seed range. ``workers`` > 1 runs the targets in that many processes (same
    results)."""
    targets = list(targets)
    findings: list[LearnedFinding] = []
    seconds: dict[tuple[str, str, str], float] = {}
    for target, (found, secs, bad) in zip(targets, _map(_first, targets, workers, n, seed, tuple(strategies))):
        findings += found
        seconds[target] = secs
        if progress:
            sub, diff, mode = target
            progress(f"{sub} {diff}/{mode}: {secs:.1f} s" +
                     (f" ({bad} of {n} seeds failed to generate, skipped)" if bad else ""))
    decide(findings)
    # replication of the candidates, on a fresh seed range
    todo = sorted({(f.subtest, f.difficulty, f.mode) for f in findings if f.candidate})
    for target, (reps, secs) in zip(todo, _map(_again, todo, workers, n, seed, tuple(strategies))):
        for f in findings:
            if (f.subtest, f.difficulty, f.mode) == target and f.candidate:
                f.replication = reps[f.strategy].get(f.metric)
        seconds[target] += secs
        if progress:
            progress(f"{target[0]} {target[1]}/{target[2]} replication: done")
    decide(findings)
    return LearnedResult(findings, n, seed, seconds)


# ----------------------------------------------------------------------------- tables
COLUMNS = ("subtest", "difficulty/mode", "strategy", "metric", "accuracy %", "structural chance %", "lift",
           "p", "replicated", "flag")


def rows(result: LearnedResult) -> list[list[str]]:
    out = []
    for f in result.findings:
        rep = "" if f.replicated is None else ("yes" if f.replicated else "no")
        if f.replication is not None:
            rep += f" ({f.replication.accuracy:.1f}%, p={f.replication.p:.2g})"
        out.append([f.subtest, f"{f.difficulty}/{f.mode}", f.strategy, f.metric, f"{f.stat.accuracy:.1f}",
                    f"{f.stat.chance:.1f}", f"{f.stat.lift:+.1f}", f"{f.stat.p:.2g}", rep, "FLAG" if f.flagged else ""])
    return out


def markdown(result: LearnedResult) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "|".join("---" for _ in COLUMNS) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows(result)]
    return "\n".join(lines)


# items per seed range when the audit runs every difficulty (no preset named): three targets per
# test at this n cost about what one at DEFAULT_N does; power 0.9 to flag a 5-point lift over a
# structural chance of 1/10 for one test (m = 12), 0.7-0.8 for the battery (m = 48-144), less
# near 1/2 (docs/visfactor.md#learned-audit)
EVERY_DIFFICULTY_N = 1000
DIFFICULTIES = ("easy", "normal", "hard")


class LearnedAudit:
    """What ``machinepsych audit`` needs of a family's learned audit (``TaskSpec.learned_audit``):
    the targets of a test at a preset, the default n, the run (:func:`run`), and its tables."""

    default_n = DEFAULT_N
    every_difficulty_n = EVERY_DIFFICULTY_N
    max_n = SEED_STRIDE
    columns = COLUMNS
    run = staticmethod(run)
    rows = staticmethod(rows)
    markdown = staticmethod(markdown)

    @staticmethod
    def target(spec, preset: str | None) -> tuple[str, str, str] | None:
        """(subtest, difficulty, mode) of a VisFactor test at ``preset``; None for another test."""
        from .catalog import SUBTESTS

        sub = getattr(spec.env_class, "subtest", "")
        if sub not in SUBTESTS:
            return None
        params = spec.resolve(preset)
        gen = getattr(spec.env_class, "generation", None)
        label = sub if gen is None else f"{sub}@{gen}"  # an older version audits its own generator
        return label, params.difficulty, params.mode if SUBTESTS[sub].split else "default"

    @classmethod
    def targets(cls, spec, preset: str | None, every_difficulty: bool = False) -> list[tuple[str, str, str]]:
        """The targets of a test: at ``preset``'s difficulty and mode, or, with
        ``every_difficulty``, at easy, normal and hard in the preset's mode; [] for a test of
        another family."""
        one = cls.target(spec, preset)
        if one is None:
            return []
        return [(one[0], d, one[2]) for d in DIFFICULTIES] if every_difficulty else [one]

    @classmethod
    def n_for(cls, every_difficulty: bool) -> int:
        """The default items per seed range: :data:`DEFAULT_N` at one difficulty,
        :data:`EVERY_DIFFICULTY_N` at every difficulty."""
        return cls.every_difficulty_n if every_difficulty else cls.default_n


LEARNED_AUDIT = LearnedAudit()


__all__ = ["ALPHA", "MIN_LIFT_POINTS", "DEFAULT_N", "STRATEGIES", "LearnedFinding", "LearnedResult", "Stat",
           "structural_chance", "cross_fit", "evaluate", "decide", "power", "required_n", "run", "markdown", "rows",
           "collect", "item_stat", "part_stat", "answer_credit", "LearnedAudit", "LEARNED_AUDIT"]

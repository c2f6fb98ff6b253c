"""Calibration of the paired comparisons (``analysis/comparisons.py``) by simulation.

Built-in agents play real sessions (the test's environment through ``core/play.py``, the
agent's own policy, the test's scorer on the primary metric). An agent's random choices come
from its own seed, apart from the session's seed that makes the test, so one agent can play one
seed several times ("replicas") and two conditions can share seeds the way a run's do. A pool
of sessions (``--seeds`` seeds x ``--replicas`` replicas per agent) is played once; each of
the ``--reps`` repetitions draws its seeds (without replacement) and replicas from it.

1. False-positive rate: the same agent against itself on shared seeds (two different
   replicas per seed, which is which drawn at random), ``--n`` seeds (10 and 20), per test
   (WCST-64 wsls, VisFactor random, PRLT random): the share of
   repetitions with the signed-rank mid-p < 0.05 (goal 5% +- 1.4%; the exact p's share beside it),
   and of 95% intervals missing 0.
2. Power: agent:wsls against agent:perseverative on WCST-64 at its default session count:
   the share of repetitions with p < 0.05.
3. The 95% interval of a - b on shared seeds, per rule (:data:`RULES`): its mean width over
   that of Welch's interval on two disjoint seed sets of the same size (with its Monte-Carlo
   SE; goal <= 0.7 where seeds drive difficulty, never wider beyond MC error where they do
   not) and its coverage of the pools' mean difference, on WCST-64 (wsls vs perseverative), a
   VisFactor subtest (random vs random) and PRLT (wsls vs ideal, whose scores the seed's reward
   schedule drives): the report's paired interval, and rules it does not use (the seeds' F test
   choosing Welch's interval or a widened paired one, calibrated to 95% where the seeds do
   nothing; the narrower of paired and Welch, widened likewise; the same uncalibrated; the
   mixed model's). The same on normal scores at seed correlations -0.6 to 0.9, and the best any
   such rule can do (:func:`frontier`). First, how much the seed drives each agent's score: the
   ICC(1) of its pool (the share of a session's score variance due to its seed).
4. The paired interval where the differences are far from normal (the draws the rule of
   ``cmp.far_from_normal`` picks), on differences drawn from discrete count distributions
   and skewed continuous ones (:data:`FAR_DRAWS`) at n = 10, 20, 40: the coverage of the true
   mean by t, by the BCa bootstrap alone, and by the report's interval (t widened to a BCa end,
   ``cmp.paired_interval``), with their widths over t's (``--only-far``: this part alone).

    .venv/bin/python benchmarks/comparisons.py [--reps 1000] [--seeds 60] [--replicas 6] [--workers 2] [--only-far]

Prints measured numbers only.
"""
from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache

import numpy as np
import pandas as pd
from scipy import optimize, special, stats

from machinepsych.analysis import comparisons as cmp
from machinepsych.analysis.reliability import icc
from machinepsych.core.play import Episode, play
from machinepsych.core.scoring import steps_frame
from machinepsych.participants.agents import agent_view, seen
from machinepsych.tasks.catalog import get_task

VISFACTOR = "visfactor-rl2"
FPR_TESTS = (("wcst", "wsls"), (VISFACTOR, "random"), ("prlt", "random"))
WIDTHS = ((("wcst", "wsls"), ("wcst", "perseverative")), ((VISFACTOR, "random"), (VISFACTOR, "random")),
          (("prlt", "wsls"), ("prlt", "ideal")))


def agent_seed(seed: int, replica: int) -> int:
    """The agent's own seed for a replica: the session's seed for replica 0 (as in a run),
    seeds no session has for the others."""
    return seed if replica == 0 else seed + replica * 2**40


def play_score(task: str, agent_name: str, seed: int, replica: int) -> float:
    """The primary metric of one session of ``task`` (seed ``seed``) played by the agent with
    its replica's random choices (the policy's action taken as is: an agent's reply is its
    action's canonical text, read back to the same action)."""
    spec = get_task(task)
    params = spec.resolve()
    agent = spec.agent(agent_name)
    history = []
    own = agent_seed(seed, replica)

    def choose(ep: Episode):
        return agent.policy(agent_view(agent, params, ep.observation, ep.action_space, history, own))

    steps = play(Episode(spec.make(params), seed), choose,
                 lambda step: history.append(seen(step.observation, step.action, step.result)))
    value = spec.scorer.score(steps_frame(steps), params).get(spec.primary)
    return math.nan if value is None else float(value)


def _pool_chunk(args: tuple[str, str, list[int], int]) -> list[list[float]]:
    task, agent_name, seeds, replicas = args
    return [[play_score(task, agent_name, s, r) for r in range(replicas)] for s in seeds]


def pool(task: str, agent_name: str, seeds: int, replicas: int, workers: int) -> np.ndarray:
    """[seed, replica] scores of the agent on seeds 0..seeds-1."""
    chunks = [list(range(i, seeds, workers)) for i in range(workers)]
    with ProcessPoolExecutor(workers) as ex:
        parts = list(ex.map(_pool_chunk, [(task, agent_name, c, replicas) for c in chunks]))
    out = np.empty((seeds, replicas))
    for c, rows in zip(chunks, parts):
        out[c] = rows
    return out


def series(values: np.ndarray, seeds: np.ndarray) -> pd.Series:
    return pd.Series(values, index=seeds)


def false_positives(scores: np.ndarray, n: int, reps: int, rng: np.random.Generator) -> tuple[float, ...]:
    """(share with the report's p, the signed-rank mid-p, < 0.05; with the exact signed-rank p
    < 0.05; share of intervals missing 0; share with a BCa interval)."""
    hits = exact = misses = boot = 0
    for _ in range(reps):
        seeds = rng.choice(scores.shape[0], n, replace=False)
        pick = np.array([rng.choice(scores.shape[1], 2, replace=False) for _ in seeds])
        a = series(scores[seeds, pick[:, 0]], seeds)
        b = series(scores[seeds, pick[:, 1]], seeds)
        r = cmp.paired(a, b, power=False)
        hits += r["p"] < cmp.ALPHA
        exact += cmp.wilcoxon_p(a.to_numpy() - b.to_numpy(), mid=False) < cmp.ALPHA
        misses += not (r["ci_low"] <= 0 <= r["ci_high"])
        boot += r["ci_method"] != "t"
    return hits / reps, exact / reps, misses / reps, boot / reps


POOL_P, SURE_P, NEGATIVE_P = 0.20, 0.001, 0.025  # the calibrated pre-test's levels (one-sided F test p)
NARROWER_SURE_P = 0.01  # the widened narrower-of-two: the paired interval alone below this p


def thresholds(k: int, *upper: float) -> list[float]:
    """The F(k, k) quantiles: the lower at NEGATIVE_P, then the upper ones at each p given."""
    f = stats.f(k, k)
    return [f.ppf(NEGATIVE_P), *(f.isf(p) for p in upper)]


def pretest_half(f: np.ndarray, paired: np.ndarray, welch: np.ndarray, w: float, k: int,
                 widen: bool = True) -> np.ndarray:
    """The calibrated seed pre-test: the F test of the seeds' effect, F = var(a + b) / var(a - b)
    (the F test of ICC(3,1), F(k, k) without a seed effect). p >= POOL_P: Welch on the shared
    seeds; SURE_P <= p < POOL_P: the paired half-width times w; p < SURE_P, or a lower-tail p <
    NEGATIVE_P (seeds pulling the conditions apart): the paired one."""
    low, up, sure = thresholds(k, POOL_P, SURE_P)
    plain = (f <= low) | (f >= sure)
    return np.where(plain, paired, np.where(f < up, welch, (w if widen else 1.0) * paired))


def narrower_half(f: np.ndarray, paired: np.ndarray, welch: np.ndarray, w: float, k: int) -> np.ndarray:
    """The narrower of the paired and Welch's half-widths times w; the paired one alone where
    the seeds' F test p < NARROWER_SURE_P."""
    (_, sure) = thresholds(k, NARROWER_SURE_P)
    return np.where(f >= sure, paired, w * np.minimum(paired, welch))


@lru_cache(maxsize=None)
def widening(rule: str, n: int, grid: int = 1024) -> float:
    """The w >= 1 making a rule cover 95% where the seeds do nothing (normal scores, equal
    variances). There, with X = (n - 1) var(d) / sigma^2 and Y likewise for s = a + b,
    independent chi-square(n - 1), F = Y / X, X | F = f is Gamma(n - 1, scale 2 / (1 + f)),
    and the mean difference is independent of both: the coverage is the mean over a grid of F's
    quantiles and X's given F of 2 Phi(h) - 1, h the half-width in standard errors (paired:
    t(n - 1) sqrt(X / (n - 1)); pooled: t(2n - 2) sqrt(X (1 + F) / (2n - 2)))."""
    k = n - 1
    f = stats.f(k, k).ppf((np.arange(grid) + 0.5) / grid)[:, None]
    x = stats.gamma.ppf((np.arange(grid // 4) + 0.5) / (grid // 4), k)[None, :] * 2 / (1 + f)
    paired = stats.t.ppf(0.975, k) * np.sqrt(x / k)
    welch = stats.t.ppf(0.975, 2 * k) * np.sqrt(x * (1 + f) / (2 * k))
    half = pretest_half if rule == "pre-test" else narrower_half

    def covered(w: float) -> float:
        return float(np.mean(2 * special.ndtr(half(f, paired, welch, w, k)) - 1))

    return 1.0 if covered(1.0) >= 0.95 else float(optimize.brentq(lambda w: covered(w) - 0.95, 1.0, 50.0, xtol=1e-10))


RULES = ("paired t", "pre-test, calibrated", "narrower, widened", "pre-test, not widened", "mixed model", "narrower")
RULE_NOTES = {"paired t": "the report's: t, or BCa far from normal", "pre-test, calibrated": "not used",
              "narrower, widened": "not used", "pre-test, not widened": "not used",
              "mixed model": "REML seed intercept, Satterthwaite df; not used",
              "narrower": "of paired and Welch on the same seeds; not used"}


def welch_half(a: np.ndarray, b: np.ndarray, n: int) -> np.ndarray:
    """Welch's 95% half-width for the last axis of a and b (n each)."""
    va, vb = a.var(axis=-1, ddof=1) / n, b.var(axis=-1, ddof=1) / n
    df = np.divide((va + vb) ** 2, (va ** 2 + vb ** 2) / (n - 1), out=np.full(np.shape(va), 2.0 * n - 2),
                   where=va + vb > 0)
    return stats.t.ppf(0.975, df) * np.sqrt(va + vb)


def halves(a: np.ndarray, b: np.ndarray, n: int, report: np.ndarray) -> dict[str, np.ndarray]:
    """Each rule's 95% half-width for the last axis of a and b (the same n seeds): ``report``,
    the report's paired half-width; the others from the t and Welch intervals on these seeds.
    The mixed model with a random seed intercept: REML puts the seed variance at 0 where
    var(s) <= var(d), leaving the pooled two-sample t (2n - 2 df), and otherwise gives the
    paired t (n - 1 df)."""
    k = n - 1
    vs, vd = (a + b).var(axis=-1, ddof=1), (a - b).var(axis=-1, ddof=1)
    f = np.divide(vs, vd, out=np.full(np.shape(vd), np.inf), where=vd > 0)
    paired = stats.t.ppf(0.975, k) * np.sqrt(vd / n)
    welch = welch_half(a, b, n)
    pooled = stats.t.ppf(0.975, 2 * k) * np.sqrt((vs + vd) / (2 * n))
    return {"paired t": report, "pre-test, calibrated": pretest_half(f, paired, welch, widening("pre-test", n), k),
            "narrower, widened": narrower_half(f, paired, welch, widening("narrower", n), k),
            "pre-test, not widened": pretest_half(f, paired, welch, 1.0, k, widen=False),
            "mixed model": np.where(vs <= vd, pooled, paired), "narrower": np.minimum(paired, welch)}


def ratio_se(w: np.ndarray, u: np.ndarray) -> tuple[float, float]:
    """mean(w) / mean(u) over the same repetitions and its delta-method standard error."""
    ratio = w.mean() / u.mean()
    cov = np.cov(w, u) / len(w)
    mw, mu = w.mean(), u.mean()
    return ratio, ratio * math.sqrt(cov[0, 0] / mw ** 2 + cov[1, 1] / mu ** 2 - 2 * cov[0, 1] / (mw * mu))


def widths(a_pool: np.ndarray, b_pool: np.ndarray, n: int, reps: int, rng: np.random.Generator) -> dict:
    """Detection rate and, per interval rule (:data:`RULES`), its mean width over that of
    Welch's interval on two disjoint seed sets of n (with its Monte-Carlo SE) and its coverage
    of the pools' mean difference (0 for one agent against itself); Welch's coverage beside."""
    truth = 0.0 if a_pool is b_pool else float(a_pool.mean() - b_pool.mean())
    detected, unpaired_cover, unpaired_w = 0, 0, []
    width: dict[str, list[float]] = {k: [] for k in RULES}
    covered = dict.fromkeys(RULES, 0)
    for _ in range(reps):
        seeds = rng.choice(a_pool.shape[0], 2 * n, replace=False)
        shared, other = seeds[:n], seeds[n:2 * n]
        if a_pool is b_pool:  # one agent in both conditions: two different replicas of each seed
            ra, rb = np.array([rng.choice(a_pool.shape[1], 2, replace=False) for _ in range(n)]).T
        else:
            ra, rb = rng.integers(a_pool.shape[1], size=n), rng.integers(b_pool.shape[1], size=n)
        a, b = series(a_pool[shared, ra], shared), series(b_pool[shared, rb], shared)
        detected += cmp.wilcoxon_p(a.to_numpy() - b.to_numpy()) < cmp.ALPHA
        u = cmp.unpaired(a, series(b_pool[other, rb], other), power=False)
        unpaired_cover += u["ci_low"] <= truth <= u["ci_high"]
        unpaired_w.append(u["ci_high"] - u["ci_low"])
        r = cmp.paired(a, b, power=False)  # the report's interval (t or BCa): its half-width about the mean
        report = np.array(max(r["diff"] - r["ci_low"], r["ci_high"] - r["diff"]))
        lopsided = {"paired t": (r["ci_low"], r["ci_high"])}
        for name, half in halves(a.to_numpy(), b.to_numpy(), n, report).items():
            low, high = lopsided.get(name, (r["diff"] - float(half), r["diff"] + float(half)))
            covered[name] += low <= truth <= high
            width[name].append(high - low)
    uw = np.array(unpaired_w)
    if a_pool is b_pool:  # one agent against itself: the seed's share of a session's variance
        rho = icc(list(a_pool))["icc1"]
    else:  # the two agents' seed means covary only through the seed (their plays are independent)
        between = np.cov(a_pool.mean(axis=1), b_pool.mean(axis=1))[0, 1]
        rho = float(between / math.sqrt(a_pool.var(ddof=1) * b_pool.var(ddof=1)))
    return {"detected": detected / reps, "rho": rho, "unpaired": uw.mean(), "unpaired_coverage": unpaired_cover / reps,
            "rules": {k: (*ratio_se(np.array(width[k]), uw), covered[k] / reps) for k in RULES}}


def normal_designs(n: int, reps: int, rng: np.random.Generator) -> list[tuple[float, dict[str, tuple[float, float]]]]:
    """Normal scores of two conditions with a seed correlation rho (equal variances): per rule
    (:data:`RULES`), its coverage and mean width over that of Welch's interval on disjoint seeds."""
    out = []
    for rho in (-0.6, -0.3, 0.0, 0.3, 0.6, 0.7, 0.9):
        x = rng.multivariate_normal([0, 0], [[1, rho], [rho, 1]], size=(reps, n))
        a, b = x[..., 0], x[..., 1]
        paired = stats.t.ppf(0.975, n - 1) * (a - b).std(axis=1, ddof=1) / math.sqrt(n)
        disjoint = welch_half(rng.standard_normal((reps, n)), rng.standard_normal((reps, n)), n)
        miss = np.abs((a - b).mean(axis=1))
        out.append((rho, {k: (float(np.mean(miss <= h)), float(h.mean() / disjoint.mean()))
                          for k, h in halves(a, b, n, paired).items()}))
    return out


FRONTIER_RHOS = (0.0, 0.3, 0.6, 0.7, 0.9)


def frontier(n: int, rng: np.random.Generator, bins: int = 40, grid: int = 512) -> dict[tuple[float, float], float]:
    """The best any interval of the form mean(d) +- g(F) s_d / sqrt(n) can do (normal scores,
    equal variances; every rule above has this form, F = var(a + b) / var(a - b) being all the
    data say about the seeds once the scale is set): g a step function over ``bins`` bins of F,
    chosen to minimise the mean width at a target rho (0.6 or 0.7) over Welch's on disjoint
    seeds, subject to 95% coverage at each of FRONTIER_RHOS and a width at rho 0 of at most 1.00,
    1.01 or 1.02 (a convex problem: each coverage is concave in g; scipy's SLSQP). At rho,
    lambda = (1 + rho) / (1 - rho), F / lambda ~ F(n - 1, n - 1) and X | F = f ~ Gamma(n - 1,
    scale 2 / (1 + f / lambda)), on grids of their quantiles. {(cap, rho): best width}; under
    the key "negative", the narrowest width at rho 0 of a g covering 95% at rho 0 and -0.3 alike."""
    k = n - 1
    edges = np.r_[0.0, stats.f(k, k).ppf(np.linspace(0.02, 0.999, bins - 1)), np.inf]
    welch = welch_half(rng.standard_normal((200_000, n)), rng.standard_normal((200_000, n)), n).mean()
    at = {}
    for rho in (-0.3, *FRONTIER_RHOS):
        lam = (1 + rho) / (1 - rho)
        f = lam * stats.f(k, k).ppf((np.arange(grid) + 0.5) / grid)[:, None]
        x = stats.gamma.ppf((np.arange(grid // 8) + 0.5) / (grid // 8), k)[None, :] * 2 / (1 + f / lam)
        se = np.sqrt(x / k)  # s_d over sigma_d
        at[rho] = (np.broadcast_to(np.searchsorted(edges, f) - 1, se.shape), se, math.sqrt(2 * (1 - rho) / n) / welch)

    def coverage(g: np.ndarray, rho: float) -> float:
        b, se, _ = at[rho]
        return float(np.mean(2 * special.ndtr(g[b] * se) - 1))

    def width(g: np.ndarray, rho: float) -> float:
        b, se, unit = at[rho]
        return float(np.mean(g[b] * se)) * unit

    out = {}
    for cap in (1.00, 1.01, 1.02):
        for target in (0.6, 0.7):
            cons = [{"type": "ineq", "fun": lambda g, r=r: coverage(g, r) - 0.95} for r in FRONTIER_RHOS]
            cons.append({"type": "ineq", "fun": lambda g, c=cap: c - width(g, 0.0)})
            res = optimize.minimize(lambda g, t=target: width(g, t), np.full(bins, stats.t.ppf(0.975, k) * 1.1),
                                    method="SLSQP", bounds=[(0.5, 10.0)] * bins, constraints=cons,
                                    options={"maxiter": 500, "ftol": 1e-9})
            out[(cap, target)] = width(res.x, target) if res.success else math.nan
    cons = [{"type": "ineq", "fun": lambda g, r=r: coverage(g, r) - 0.95} for r in (-0.3, 0.0)]
    res = optimize.minimize(lambda g: width(g, 0.0), np.full(bins, stats.t.ppf(0.975, k) * 1.1), method="SLSQP",
                            bounds=[(0.5, 10.0)] * bins, constraints=cons, options={"maxiter": 500, "ftol": 1e-9})
    out["negative"] = width(res.x, 0.0) if res.success else math.nan
    return out


FAR_DRAWS = {  # name: (draw n differences, their true mean)
    "{-1, 0, +1} at .15/.7/.15": (lambda rng, n: rng.choice([-1.0, 0.0, 1.0], n, p=[0.15, 0.7, 0.15]), 0.0),
    "Poisson(0.5) - Poisson(0.5)": (lambda rng, n: (rng.poisson(0.5, n) - rng.poisson(0.5, n)).astype(float), 0.0),
    "Poisson(1) - Poisson(0.3)": (lambda rng, n: (rng.poisson(1.0, n) - rng.poisson(0.3, n)).astype(float), 0.7),
    "exponential(1)": (lambda rng, n: rng.exponential(1.0, n), 1.0),
    "lognormal(0, 1)": (lambda rng, n: rng.lognormal(0.0, 1.0, n), math.exp(0.5)),
}
FAR_N = (10, 20, 40)


def far_coverage(draw, mean: float, n: int, reps: int, rng: np.random.Generator) -> dict[str, tuple[float, float]]:
    """{interval: (coverage of ``mean``, mean width over t's)} over ``reps`` draws of n
    differences that the rule calls far from normal (the others are drawn and passed over)."""
    hits = {"t": 0, "BCa alone": 0, "report": 0}
    width = dict.fromkeys(hits, 0.0)
    kept = 0
    while kept < reps:
        d = draw(rng, n)
        bca = cmp.bca_interval(d) if cmp.far_from_normal(d) else None
        if bca is None:
            continue
        kept += 1
        low, high, _ = cmp.paired_interval(d)
        for name, (lo, hi) in (("t", cmp.t_interval(d)), ("BCa alone", bca), ("report", (low, high))):
            hits[name] += lo <= mean <= hi
            width[name] += hi - lo
    return {name: (hits[name] / reps, width[name] / width["t"]) for name in hits}


def print_far(reps: int, rng: np.random.Generator) -> None:
    print(f"\n4. 95% intervals where the differences are far from normal (n >= {cmp.BOOTSTRAP_MIN_N}, Shapiro-Wilk p < "
          f"{cmp.NORMALITY_P}), {reps} such draws per cell: coverage of the true mean (width over t's)")
    for name, (draw, mean) in FAR_DRAWS.items():
        for n in FAR_N:
            r = far_coverage(draw, mean, n, reps, rng)
            print(f"   {name:<28} n = {n:2d}: " + "; ".join(f"{k} {100 * c:5.1f}% ({w:.2f})" for k, (c, w) in r.items()),
                  flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=1000)
    ap.add_argument("--seeds", type=int, default=60, help="seeds in each pool")
    ap.add_argument("--replicas", type=int, default=6, help="plays of each seed per agent")
    ap.add_argument("--n", type=int, nargs="+", default=[10, 20], help="seeds per condition in the false-positive check")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only-far", action="store_true", help="only part 4 (intervals of far-from-normal differences)")
    args = ap.parse_args()
    if args.only_far:
        t0 = time.perf_counter()
        print_far(args.reps, np.random.default_rng(0))
        print(f"\ntotal {time.perf_counter() - t0:.1f} s")
        return
    most = max(*args.n, get_task("wcst").default_sessions)
    if args.seeds < 2 * most or args.replicas < 2:
        ap.error(f"--seeds must be at least {2 * most} (two disjoint sets of {most}) and --replicas at least 2")
    rng = np.random.default_rng(0)
    t0 = time.perf_counter()
    pools = {(task, agent): pool(task, agent, args.seeds, args.replicas, args.workers)
             for task, agent in dict.fromkeys([*FPR_TESTS, *(x for pair in WIDTHS for x in pair)])}
    print(f"pools: {len(pools)} x {args.seeds} seeds x {args.replicas} replicas played in "
          f"{time.perf_counter() - t0:.1f} s")
    print("   share of a session's score variance due to its seed (ICC(1) over the replicas of a seed):")
    for (task, agent), scores in pools.items():
        share = icc(list(scores))["icc1"]
        print(f"   {task:<15} agent:{agent:<14} " + ("-" if share is None else f"{share:.2f}"))
    bound = 1.96 * math.sqrt(0.05 * 0.95 / args.reps)
    print(f"\n1. False positives, the same agent against itself on shared seeds, {args.reps} repetitions each "
          f"(goal 5.0% +- {100 * bound:.1f}%)")
    for n in args.n:
        print(f"   {n} shared seeds:")
        for task, agent in FPR_TESTS:
            fp, exact, ci_miss, boot = false_positives(pools[(task, agent)], n, args.reps, rng)
            print(f"     {task:<15} agent:{agent:<14} signed-rank mid-p < 0.05: {100 * fp:5.1f}% (exact p: "
                  f"{100 * exact:4.1f}%)   95% CI missing 0: {100 * ci_miss:5.1f}%   (BCa intervals: {100 * boot:.0f}%)")
    n_default = get_task("wcst").default_sessions
    found = {pair: widths(pools[pair[0]], pools[pair[1]], n_default, args.reps, rng) for pair in WIDTHS}
    w = found[WIDTHS[0]]
    print(f"\n2. WCST-64, agent:wsls vs agent:perseverative, {n_default} sessions (the default): "
          f"detected (p < 0.05) in {100 * w['detected']:.1f}% of {args.reps} repetitions")
    print(f"\n3. 95% interval of a - b on {n_default} shared seeds, per rule: its width over Welch's on two disjoint "
          f"sets of {n_default} (+- Monte-Carlo SE; goal <= 0.7 where the seed drives the score, never wider beyond MC "
          f"error where it does not) and its coverage (goal 95.0% +- {100 * bound:.1f}%)")
    for ((task, a), (_, b)), r in found.items():
        print(f"   {task} agent:{a} vs agent:{b}, seed correlation of their sessions {r['rho']:.2f} (unpaired width "
              f"{r['unpaired']:.2f}, coverage "
              f"{100 * r['unpaired_coverage']:.1f}%; detected {100 * r['detected']:.1f}%)")
        for name, (ratio, se, cover) in r["rules"].items():
            print(f"     {name:<22} width {ratio:.3f} +- {se:.3f}   coverage {100 * cover:5.1f}%   ({RULE_NOTES[name]})")
    price = stats.t.ppf(0.975, n_default - 1) / stats.t.ppf(0.975, 2 * n_default - 2)
    print(f"   where the seed explains nothing, the paired t's price is its degrees of freedom: at most "
          f"t(0.975, {n_default - 1}) / t(0.975, {2 * n_default - 2}) = {price:.3f}; the pre-test's widening at "
          f"{n_default} pairs: {widening('pre-test', n_default):.3f}, the narrower-of-two's: "
          f"{widening('narrower', n_default):.3f}")
    normal_reps = 40 * args.reps
    print(f"   normal scores, {n_default} seeds, seed correlation rho, {normal_reps:,} repetitions: coverage (width "
          f"over Welch's on disjoint seeds)")
    for rho, r in normal_designs(n_default, normal_reps, rng):
        print(f"     rho {rho:+.1f}: " + "; ".join(f"{name} {100 * c:.1f}% ({w:.3f})" for name, (c, w) in r.items()))
    best = frontier(n_default, rng)
    print(f"   the best possible (normal scores, {n_default} seeds, any rule mean +- g(F) s_d / sqrt(n) covering 95% at rho "
          f"{', '.join(f'{r:g}' for r in FRONTIER_RHOS)}): width at rho 0.6 / 0.7 when that at rho 0 is at most")
    for cap in (1.00, 1.01, 1.02):
        print(f"     {cap:.2f}: {best[(cap, 0.6)]:.3f} / {best[(cap, 0.7)]:.3f}")
    print(f"   and the narrowest such rule at rho 0 that covers 95% at rho -0.3 as well: {best['negative']:.3f}")
    print_far(args.reps, rng)
    print(f"\ntotal {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()

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
3. Paired against unpaired interval width: the mean width of the paired interval on shared
   seeds over that of Welch's interval on two disjoint seed sets of the same size, WCST-64
   (wsls vs perseverative), a VisFactor subtest (random vs random) and PRLT (wsls vs ideal,
   whose scores the seed's reward schedule drives), with its Monte-Carlo standard error (goal
   <= 0.7 where seeds drive difficulty; never wider beyond MC error), and the coverage of each 95%
   interval (of the pools' mean difference), beside the narrower-of-two rule the report does not
   use (it undercovers: docs/statistics.md). First, how much the seed
   drives each agent's score: the ICC(1) of its pool (the share of a session's score variance
   due to its seed).

    .venv/bin/python benchmarks/comparisons.py [--reps 1000] [--seeds 60] [--replicas 6] [--workers 2]

Prints measured numbers only.
"""
from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd
from scipy import stats

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


def widths(a_pool: np.ndarray, b_pool: np.ndarray, n: int, reps: int, rng: np.random.Generator) -> dict:
    """Detection rate, the paired / unpaired interval width ratio with its MC error, and the
    coverage of each 95% interval: of the pools' mean difference (0 for one agent against
    itself). Also the coverage and width of the rule the report does not use, the narrower of
    the paired interval and Welch's on the same shared seeds."""
    truth = 0.0 if a_pool is b_pool else float(a_pool.mean() - b_pool.mean())
    detected, paired_w, unpaired_w, narrower_w = 0, [], [], []
    covered = {"paired": 0, "unpaired": 0, "narrower": 0}
    for _ in range(reps):
        seeds = rng.choice(a_pool.shape[0], 2 * n, replace=False)
        shared, other = seeds[:n], seeds[n:2 * n]
        if a_pool is b_pool:  # one agent in both conditions: two different replicas of each seed
            ra, rb = np.array([rng.choice(a_pool.shape[1], 2, replace=False) for _ in range(n)]).T
        else:
            ra, rb = rng.integers(a_pool.shape[1], size=n), rng.integers(b_pool.shape[1], size=n)
        a, b = series(a_pool[shared, ra], shared), series(b_pool[shared, rb], shared)
        p = cmp.paired(a, b, power=False)
        u = cmp.unpaired(a, series(b_pool[other, rb], other), power=False)
        same = cmp.unpaired(a, b, power=False)  # Welch on the shared seeds, as if not shared
        pick = min((p, same), key=lambda r: r["ci_high"] - r["ci_low"])
        detected += p["p"] < cmp.ALPHA
        for name, r in (("paired", p), ("unpaired", u), ("narrower", pick)):
            covered[name] += r["ci_low"] <= truth <= r["ci_high"]
        paired_w.append(p["ci_high"] - p["ci_low"])
        unpaired_w.append(u["ci_high"] - u["ci_low"])
        narrower_w.append(pick["ci_high"] - pick["ci_low"])
    pw, uw = np.array(paired_w), np.array(unpaired_w)
    ratio = pw.mean() / uw.mean()
    # delta-method standard error of a ratio of two means over the same repetitions
    cov = np.cov(pw, uw) / reps
    se = ratio * math.sqrt(cov[0, 0] / pw.mean() ** 2 + cov[1, 1] / uw.mean() ** 2 - 2 * cov[0, 1] / (pw.mean() * uw.mean()))
    return {"detected": detected / reps, "ratio": ratio, "se": se, "paired": pw.mean(), "unpaired": uw.mean(),
            "coverage": {k: v / reps for k, v in covered.items()}, "narrower_ratio": float(np.mean(narrower_w)) / uw.mean()}


def normal_designs(n: int, reps: int, rng: np.random.Generator) -> list[tuple[float, dict[str, float]]]:
    """Normal scores of two conditions with a seed correlation rho (equal variances): the
    coverage and mean width (over that of Welch's interval on disjoint seeds) of the paired t
    interval, and of the narrower of it and Welch's on the same seeds (the rule not used)."""
    out = []
    for rho in (-0.3, 0.0, 0.3, 0.6):
        x = rng.multivariate_normal([0, 0], [[1, rho], [rho, 1]], size=(reps, n))
        a, b = x[..., 0], x[..., 1]
        d = a - b
        paired = stats.t.ppf(0.975, n - 1) * d.std(axis=1, ddof=1) / math.sqrt(n)

        def welch(u: np.ndarray, v: np.ndarray) -> np.ndarray:
            vu, vv = u.var(axis=1, ddof=1) / n, v.var(axis=1, ddof=1) / n
            df = (vu + vv) ** 2 / ((vu ** 2 + vv ** 2) / (n - 1))
            return stats.t.ppf(0.975, df) * np.sqrt(vu + vv)

        disjoint = welch(rng.standard_normal((reps, n)), rng.standard_normal((reps, n)))
        narrower = np.minimum(paired, welch(a, b))
        miss = np.abs(d.mean(axis=1))
        out.append((rho, {"paired": float(np.mean(miss <= paired)), "narrower": float(np.mean(miss <= narrower)),
                          "paired_width": float(paired.mean() / disjoint.mean()),
                          "narrower_width": float(narrower.mean() / disjoint.mean())}))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=1000)
    ap.add_argument("--seeds", type=int, default=60, help="seeds in each pool")
    ap.add_argument("--replicas", type=int, default=6, help="plays of each seed per agent")
    ap.add_argument("--n", type=int, nargs="+", default=[10, 20], help="seeds per condition in the false-positive check")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
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
    print(f"\n3. Paired / unpaired 95% interval width ({n_default} sessions per condition; +- Monte-Carlo SE), "
          f"and the coverage of each interval (goal 95.0% +- {100 * bound:.1f}%)")
    price = stats.t.ppf(0.975, n_default - 1) / stats.t.ppf(0.975, 2 * n_default - 2)
    for ((task, a), (_, b)), r in found.items():
        name = f"{task} {a} vs {b}"
        c = r["coverage"]
        print(f"   {name:<34} {r['ratio']:.3f} +- {r['se']:.3f}   (paired {r['paired']:.2f}, "
              f"unpaired {r['unpaired']:.2f}; detected {100 * r['detected']:.1f}%)\n"
              f"   {'':<34} coverage: paired {100 * c['paired']:.1f}%, unpaired {100 * c['unpaired']:.1f}%; "
              f"narrower of paired and Welch on the same seeds (not used): {100 * c['narrower']:.1f}%, "
              f"width {r['narrower_ratio']:.3f}")
    print(f"   where the seed explains nothing, pairing's price is its degrees of freedom: at most "
          f"t(0.975, {n_default - 1}) / t(0.975, {2 * n_default - 2}) = {price:.3f}")
    normal_reps = 40 * args.reps
    print(f"   normal scores, {n_default} seeds, seed correlation rho, {normal_reps:,} repetitions: coverage (width "
          f"over Welch's on disjoint seeds)")
    for rho, r in normal_designs(n_default, normal_reps, rng):
        print(f"     rho {rho:+.1f}: paired t {100 * r['paired']:.1f}% ({r['paired_width']:.3f}); narrower of paired "
              f"and Welch on the same seeds {100 * r['narrower']:.1f}% ({r['narrower_width']:.3f})")
    print(f"\ntotal {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()

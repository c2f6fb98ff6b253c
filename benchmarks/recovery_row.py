"""One row of a test's model-recovery confusion matrix, measured on more sessions than the
benchmark's, with the generating parameters of every session lost and by how much (BIC).

``--seed`` draws other sessions (the benchmark's are seed 0): two seeds pool into a larger
sample. ``key=value``: the test's parameters (its design length, for instance ``trials=144``).

    .venv/bin/python benchmarks/recovery_row.py TEST MODEL [--n 40] [--seed 0] [key=value ...]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from machinepsych.fitting.fit import fit_sessions
from machinepsych.fitting.simulate import draw_params, simulate_session
from machinepsych.tasks.catalog import get_task


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("test")
    ap.add_argument("model")
    ap.add_argument("overrides", nargs="*", help="key=value: the test's parameters")
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_intermixed_args()
    spec = get_task(args.test)
    over = {k: int(v) for k, v in (kv.split("=", 1) for kv in args.overrides)}
    params = spec.resolve(overrides=over or None)
    m, n, seed = spec.fit.model(args.model), args.n, args.seed
    rng = np.random.default_rng([seed, 0x2EC])  # as fit --recover draws them
    truth = np.array([draw_params(m, rng) for _ in range(n)]).reshape(n, m.k)
    t0 = time.perf_counter()
    datas = [simulate_session(spec, params, m, truth[i], seed + i, rng)[0] for i in range(n)]
    names = [c.name for c in spec.fit.models]
    bic = np.array([[f.bic for f in fit_sessions(c, datas, seed)] for c in spec.fit.models])
    won = [names[i] for i in bic.argmin(axis=0)]
    family = {c.name: c.family for c in spec.fit.models}
    lost = [i for i, w in enumerate(won) if family[w] != m.family]
    print(f"{args.test} {over or ''} {args.model}: {n} sessions (seed {seed}, {time.perf_counter() - t0:.0f} s): "
          f"{100 * (n - len(lost)) / n:.0f}% won by its family; "
          + ", ".join(f"{k} {won.count(k)}" for k in names if won.count(k)))
    for i in lost:
        true = ", ".join(f"{p.name} {v:.3f}" for p, v in zip(m.params, truth[i]))
        print(f"  lost to {won[i]} ({true or 'no parameter'}): BIC {bic[names.index(args.model), i] - bic.min(axis=0)[i]:.2f} worse")


if __name__ == "__main__":
    main()

"""How often the sessions-per-participant search's 95% lower bound of one session's
reliability (``fitting.pooled.pooled_curve``'s ``rho1_lo``) lies below the value it estimates,
on synthetic nested recoveries with and without gross misfits like the SLM's other mode
(``fitting.synthetic``'s generator, the tests' too). The value estimated is the curve fitted to a
sample of 200,000 participants of the same kind.

    python benchmarks/pooled_coverage.py [--samples 1000] [--n 240] [--boot 1000] [--share 0.02]

Prints, per share of misfits, the coverage (with its binomial 95% margin), the estimate's
mean, bias, spread and skewness, and the bound's bootstrap standard error against that spread.
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np
from scipy.stats import skew

from machinepsych.fitting.synthetic import large_sample_rho1, sampled_curves


def coverage(share: float, samples: int, n: int, boot: int, rho1: float = 0.5) -> dict:
    truth = large_sample_rho1(share, rho1)
    est, lo, se = sampled_curves(share, samples, n, boot, rho1)
    cov = float(np.mean(lo < truth))
    return {"share": share, "truth": truth, "coverage": cov, "margin": 1.96 * math.sqrt(cov * (1 - cov) / samples),
            "mean": float(est.mean()), "sd": float(est.std()), "skew": float(skew(est)),
            "se_over_sd": float(se.mean() / est.std())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--n", type=int, default=240)
    ap.add_argument("--boot", type=int, default=1000)
    ap.add_argument("--share", type=float, nargs="+", default=[0.0, 0.02])
    args = ap.parse_args()
    for share in args.share:
        t0 = time.process_time()
        c = coverage(share, args.samples, args.n, args.boot)
        print(f"misfits {share:.0%}: rho_1 {c['truth']:.4f}; covered {c['coverage']:.3f} (+-{c['margin']:.3f}) of "
              f"{args.samples} samples of {args.n} ({args.boot} resamples); estimate mean {c['mean']:.4f} "
              f"(bias {c['mean'] - c['truth']:+.4f}), sd {c['sd']:.4f}, skewness {c['skew']:.2f}; "
              f"bootstrap se / sd {c['se_over_sd']:.2f}; {time.process_time() - t0:.0f} s of CPU")


if __name__ == "__main__":
    main()

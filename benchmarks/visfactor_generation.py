"""Items generated per second for every VisFactor subtest, measured in one run.

    .venv/bin/python benchmarks/visfactor_generation.py [--n 60] [--difficulty normal] [--png] [--subtests SS2,SS3]

Generation only (the generator draws the picture); with ``--png`` the PNG encoding every
trial also pays is included. Prints one line per subtest and the slowest three.
"""
from __future__ import annotations

import argparse
import time

from machinepsych.tasks.visfactor import SUBTESTS
from machinepsych.tasks.visfactor.core import generate, png_bytes


def rate(sub: str, n: int, difficulty: str, png: bool) -> tuple[float, float]:
    """(items per wall-clock second, items per CPU second of this process): on a shared machine
    the CPU figure is the one that does not depend on what else runs."""
    t, c = time.perf_counter(), time.process_time()
    for seed in range(n):
        item = generate(sub, 10_000 + seed, difficulty)
        if png:
            png_bytes(item.image)
    return n / (time.perf_counter() - t), n / max(time.process_time() - c, 1e-9)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=60, help="items per subtest (1-10000)")
    ap.add_argument("--difficulty", choices=("easy", "normal", "hard"), default="normal")
    ap.add_argument("--png", action="store_true", help="include PNG encoding")
    ap.add_argument("--subtests", default=",".join(SUBTESTS), help="comma-separated subtests (default: all)")
    a = ap.parse_args()
    if not 1 <= a.n <= 10_000:
        ap.error("--n must be between 1 and 10000")
    subtests = [s.strip().upper() for s in a.subtests.split(",") if s.strip()]
    unknown = [s for s in subtests if s not in SUBTESTS]
    if unknown or not subtests:
        ap.error(f"--subtests: unknown {', '.join(unknown) or '(none given)'}; choose from {', '.join(SUBTESTS)}")
    rates = {}
    print("sub   items/s (wall)  items/s (CPU)")
    for sub in subtests:
        generate(sub, 0, a.difficulty)  # warm caches and imports
        wall, cpu = rate(sub, a.n, a.difficulty, a.png)
        rates[sub] = cpu
        print(f"{sub:4s} {wall:12.1f} {cpu:14.1f}")
    slow = sorted(rates, key=rates.get)[:3]
    print("slowest (CPU):", ", ".join(f"{s} {rates[s]:.1f}" for s in slow))


if __name__ == "__main__":
    main()

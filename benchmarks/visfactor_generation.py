"""Items generated per second for every VisFactor subtest, measured in one run.

    .venv/bin/python benchmarks/visfactor_generation.py [--n 60] [--difficulty normal] [--png]

Generation only (the generator draws the picture); with ``--png`` the PNG encoding every
trial also pays is included. Prints one line per subtest and the slowest three.
"""
from __future__ import annotations

import argparse
import time

from machinepsych.tasks.visfactor import SUBTESTS
from machinepsych.tasks.visfactor.core import generate, png_bytes


def rate(sub: str, n: int, difficulty: str, png: bool) -> float:
    t = time.perf_counter()
    for seed in range(n):
        item = generate(sub, 10_000 + seed, difficulty)
        if png:
            png_bytes(item.image)
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=60, help="items per subtest (1-10000)")
    ap.add_argument("--difficulty", choices=("easy", "normal", "hard"), default="normal")
    ap.add_argument("--png", action="store_true", help="include PNG encoding")
    a = ap.parse_args()
    if not 1 <= a.n <= 10_000:
        ap.error("--n must be between 1 and 10000")
    rates = {}
    for sub in SUBTESTS:
        generate(sub, 0, a.difficulty)  # warm caches and imports
        rates[sub] = rate(sub, a.n, a.difficulty, a.png)
        print(f"{sub:4s} {rates[sub]:8.1f} items/s")
    slow = sorted(rates, key=rates.get)[:3]
    print("slowest:", ", ".join(f"{s} {rates[s]:.1f}" for s in slow))


if __name__ == "__main__":
    main()

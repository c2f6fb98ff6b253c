"""The table behind SS3 version 6's acceptance weights (issue 30; docs/visfactor.md#ss3-version-6).

    .venv/bin/python benchmarks/ss3_view_table.py --n 3000 --first-seed 200000 --generation 6 --keep-all > counts.json
    .venv/bin/python benchmarks/ss3_view_table.py --fit counts.json

For each item of the given generation (seeds ``--first-seed``-, each difficulty, the streets and
buildings only: no image is drawn), the answer's view and every other building's view
(:func:`gen_ss3.ss3_ends`: the streets going on straight from its open side, then its road-blocked
side, corner end first, each open / blocked / map edge): prints, per difficulty, the counts of
each view among the answers and among the other buildings as JSON. ``--generation 6`` measures
the current generator the same way (its answers' and others' views should then agree);
``--keep-all`` measures generation 6 with every finished item kept, the counts SS3_KEEP is
fitted on (``--fit COUNTS.json ...``: ``ss3_keep.keep_table``; the counts behind the table
in the code are tests/fixtures/ss3_keep_counts.json).
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from machinepsych.tasks.visfactor import gen_ss3
from machinepsych.tasks.visfactor.core import item_rng
from machinepsych.tasks.visfactor.gen_ss3 import SS3_SIZES, _ss3_v3, ss3_ends
from machinepsych.tasks.visfactor.street_map import building_segments
from machinepsych.tasks.visfactor.ss3_keep import keep_table


def views(seed: int, difficulty: str, generation: int) -> tuple[tuple, list[tuple]]:
    """(the answer's view, the other buildings' views) of one item, drawn as generate() draws it."""
    rows, cols, nb = SS3_SIZES[difficulty]
    open_segs, blocked, buildings, _, _, k, _ = _ss3_v3(item_rng("SS3", seed, difficulty), rows, cols, nb, generation, difficulty)
    opened, shut = set(open_segs), set(blocked)
    out = [ss3_ends(rows, cols, shut, b, next(s for s in building_segments(*b) if s in opened)) for b in buildings]
    return out[k], out[:k] + out[k + 1:]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--first-seed", type=int, default=200_000)
    ap.add_argument("--generation", type=int, default=5)
    ap.add_argument("--only", nargs="*", default=["easy", "normal", "hard"])
    ap.add_argument("--keep-all", action="store_true",
                    help="generation 6 with every finished item kept (gen_ss3.ss3_acceptance 1): what SS3_KEEP is measured on")
    ap.add_argument("--fit", nargs="*", metavar="COUNTS.json",
                    help="print SS3_KEEP fitted (keep_table) from this script's earlier output instead")
    a = ap.parse_args()
    if a.fit:
        counts = {d: c for f in a.fit for d, c in json.load(open(f)).items()}
        for d in ("easy", "normal", "hard"):
            if d in counts:
                print(f'"{d}": {tuple(keep_table(counts[d]))},')
        return
    if a.keep_all:
        gen_ss3.ss3_acceptance = lambda difficulty, view: 1.0
    out = {}
    for d in a.only:
        t0, ans, oth = time.process_time(), Counter(), Counter()
        for s in range(a.first_seed, a.first_seed + a.n):
            v, others = views(s, d, a.generation)
            ans["".join(map(str, v))] += 1
            oth.update("".join(map(str, o)) for o in others)
        out[d] = {"n": a.n, "cpu_s": round(time.process_time() - t0, 1), "answer": dict(ans), "other": dict(oth)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()

"""What `machinepsych audit` costs and decides per VisFactor test and preset (issue 30).

    .venv/bin/python benchmarks/visfactor_audit.py [--tests visfactor-ss3,visfactor-ss3@4] [--presets none,easy,default]
        [--learned-n N] [--item-n N] [--no-heuristic]

Runs the command a user runs, ``machinepsych audit TEST [--preset P] --json`` (``none``: no
``--preset``, so the item rules and the learned audit run at easy, normal and hard), one
process per cell, and prints per test and preset: the exit code (1 = something flagged), the
wall and CPU seconds of the process (its children included), the item rules and learned
strategies flagged. Without ``--learned-n`` / ``--item-n`` the command's defaults apply (the
item rules on 1,000 items per difficulty; the learned audit on 1,000 items per seed range at
every difficulty, 2,700 at one preset). The old versions with the shortcuts of issue 30's
outside hunt (``visfactor-ss2@3``, ``visfactor-cf2@3``, ``visfactor-vz1@3``, ``visfactor-ss3@4``)
should exit 1, the current ones 0.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

OLD_AND_NEW = ("visfactor-ss2@3", "visfactor-cf2@3", "visfactor-vz1@3", "visfactor-ss3@4",
               "visfactor-ss2", "visfactor-cf2", "visfactor-vz1", "visfactor-ss3")


def one(test: str, preset: str, extra: list[str]) -> dict:
    cmd = [sys.executable, "-m", "machinepsych", "audit", test, "--json", *extra]
    if preset != "none":
        cmd += ["--preset", preset]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ})
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        out = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"rc": proc.returncode, "wall": wall, "cpu": cpu, "flags": [proc.stderr.strip().splitlines()[-1:]]}
    flags = [f"{f['subtest']} {f['difficulty']}: {f['rule']} {100 * f['rate']:.1f}%"
             for f in out.get("item_rules", []) if f["flagged"]]
    learned = out.get("learned")
    for res in ([learned] if isinstance(learned, dict) else learned or []):
        flags += [f"learned {name}" for name in res["flagged"]]
    flags += [f"heuristic {t['test']}" for t in out.get("tests", []) if t.get("flagged")]
    return {"rc": proc.returncode, "wall": wall, "cpu": cpu, "flags": flags}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tests", default=",".join(OLD_AND_NEW))
    ap.add_argument("--presets", default="none")
    ap.add_argument("--learned-n", type=int, default=None)
    ap.add_argument("--item-n", type=int, default=None)
    ap.add_argument("--no-heuristic", action="store_true")
    ap.add_argument("--no-learned", action="store_true")
    a = ap.parse_args()
    extra = (["--learned-n", str(a.learned_n)] if a.learned_n else []) + \
        (["--item-n", str(a.item_n)] if a.item_n else []) + \
        (["--no-heuristic"] if a.no_heuristic else []) + (["--no-learned"] if a.no_learned else [])
    print(f"{'test':22s} {'preset':8s} exit  wall s   CPU s  flagged")
    for test in a.tests.split(","):
        for preset in a.presets.split(","):
            r = one(test, preset, extra)
            print(f"{test:22s} {preset:8s} {r['rc']:4d} {r['wall']:7.0f} {r['cpu']:7.0f}  "
                  f"{len(r['flags'])}: {'; '.join(map(str, r['flags'][:4]))}", flush=True)


if __name__ == "__main__":
    main()

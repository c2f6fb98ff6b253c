"""A fixed battery of built-in agents and seeds whose ``report --json`` must not move.

Made before the TaskSpec restructuring (``golden_report.json``) and compared after every
change by ``test_golden.py``: same tests, same seeds, same agents -> the same scores.
Run ``python -m tests.golden.battery`` to rewrite the golden file (only when a change of
scores is intended, and say so in the commit).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from typer.testing import CliRunner

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden_report.json"

# (name, test, agents, sessions, seed, extra CLI arguments); a test whose generator was redesigned
# after the golden file was made is pinned to the version the file was made with (``visfactor-vz2@2``)
BATTERY: list[tuple[str, str, tuple[str, ...], int, int, tuple[str, ...]]] = [
    ("g-wcst", "wcst", ("ideal", "random", "wsls", "perseverative"), 3, 0, ()),
    ("g-wcst-image", "wcst", ("ideal",), 1, 5, ("--input", "image")),
    ("g-kennedy", "wcst-kennedy", ("ideal", "random"), 2, 1, ()),
    ("g-kennedy-faithful", "wcst-kennedy", ("ideal",), 2, 1, ("--preset", "faithful")),
    ("g-color", "wcst-color", ("ideal", "random"), 2, 2, ()),
    ("g-lnt", "lnt", ("ideal", "random", "wsls"), 2, 3, ()),
    ("g-lnt-letter", "lnt-letter", ("random",), 2, 3, ()),
    ("g-wcst-reflection", "wcst-reflection", ("ideal", "random"), 2, 0, ("--preset", "easy")),
    ("g-wcst-reflection-hard", "wcst-reflection", ("ideal",), 1, 0, ("--preset", "hard")),
    ("g-wpt", "wpt", ("ideal", "wsls", "random"), 2, 0, ("--preset", "easy")),
    ("g-nback", "nback", ("ideal", "random"), 2, 0, ("--preset", "hard")),
    ("g-dcigt", "dcigt", ("ideal", "wsls", "random"), 2, 0, ("--preset", "easy")),
    ("g-prlt", "prlt", ("ideal", "wsls", "random"), 2, 0, ("--preset", "easy")),
    ("g-mbt", "mbt", ("ideal", "wsls", "random"), 2, 0, ("--preset", "hard")),
    ("g-oddball", "oddball", ("ideal", "random"), 1, 0, ("--param", "passages=6")),
    ("g-probe", "wcst-vision-probe", ("ideal", "random"), 1, 0, ()),
    ("g-vz2", "visfactor-vz2@2", ("ideal", "random"), 1, 0, ()),
    ("g-cf1", "visfactor-cf1@1", ("ideal", "random"), 1, 0, ("--preset", "split")),
    ("g-s2", "visfactor-s2@1", ("random",), 1, 4, ()),
    ("g-ss2", "visfactor-ss2@1", ("ideal",), 1, 4, ("--preset", "hard")),
    ("g-p3", "visfactor-p3@2", ("random",), 1, 1, ()),
    ("g-ma1", "visfactor-ma1", ("ideal",), 1, 1, ()),
    ("g-reflection-bench", "reflection-bench", ("ideal", "random"), 1, 2, ("--param", "passages=6")),
]
# (test, extra CLI arguments) for `machinepsych chance TEST --n 3000 --seed 1 --json`
CHANCE = [("wpt", ()), ("nback", ("--difficulty", "hard")), ("dcigt", ()), ("prlt", ()), ("mbt", ()),
          ("wcst-reflection", ())]


def _cli(args: list[str]) -> str:
    from machinepsych.cli import app

    res = CliRunner().invoke(app, args, catch_exceptions=False)
    if res.exit_code != 0:
        raise RuntimeError(f"machinepsych {' '.join(args)} exited {res.exit_code}: {res.output[-2000:]}")
    return res.output


def _json_tail(out: str) -> dict:
    return json.loads(out[out.index("{"):])


def battery_reports(store_file: Path) -> dict:
    store = f"sqlite:///{store_file}"
    out: dict = {"reports": {}, "chance": {}}
    for name, test, agents, sessions, seed, extra in BATTERY:
        models = [a for agent in agents for a in ("--model", f"agent:{agent}")]
        _cli(["run", test, *models, "--sessions", str(sessions), "--seed", str(seed), "--run-name", name,
              "--store", store, "--no-progress", *extra])
        out["reports"][name] = _json_tail(_cli(["report", name, "--json", "--store", store]))
    for test, extra in CHANCE:
        res = _json_tail(_cli(["chance", test, "--n", "3000", "--seed", "1", "--json", "--no-cache", *extra]))
        out["chance"][test] = res.get("metrics", res)
    return out


# Sentence-embedding scores (the oddball test and what sums it) are computed in float32 batches
# since the scale work: equal to one-text-at-a-time float64 embedding to about 3e-8 relative,
# so they are held to 1e-6; every other number to 1e-9.
EMBEDDING_METRICS = ("oddball", "table2")


def tolerance(path: str) -> float:
    return 1e-6 if any(m in path for m in EMBEDDING_METRICS) else 1e-9


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        data = battery_reports(Path(d) / "golden.db")
    GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True, default=str) + "\n")
    print(f"wrote {GOLDEN}", file=sys.stderr)


"""Every VisFactor subtest passes the validity audit (modest n), and stimuli are byte-identical
across processes with different hash seeds."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from machinepsych.analysis.audit import audit
from machinepsych.tasks.catalog import get_task
from machinepsych.tasks.visfactor import SUBTESTS, task_id

# each split case right after its default case, so it reuses the generated items (cached)
CASES = [(s, p) for s, m in SUBTESTS.items() for p in (("default", "split") if m.split else ("default",))]


@pytest.mark.parametrize("sub,preset", CASES)
def test_audit_passes(sub, preset):
    res = audit(get_task(task_id(sub)), n=100, seed=1, preset=preset)
    assert not res.flagged, [f.as_dict() for f in res.flagged]


HASHES = r"""
import hashlib, json
from machinepsych.tasks.visfactor import generate, png_bytes
out = {f"{s}-{i}": hashlib.sha256(png_bytes(generate(s, i).image)).hexdigest()
       for s in ("VZ2", "CF1", "S2", "P3", "SS3", "CS3") for i in range(4)}
print(json.dumps(out))
"""


def test_images_identical_across_processes():
    runs = []
    for hs in ("1", "2024"):
        env = {**os.environ, "PYTHONHASHSEED": hs}
        out = subprocess.run([sys.executable, "-c", HASHES], env=env, capture_output=True, text=True, check=True)
        runs.append(json.loads(out.stdout))
    assert runs[0] == runs[1]


def test_upper_case_ids_through_the_cli():
    from typer.testing import CliRunner

    from machinepsych.cli import app

    res = CliRunner().invoke(app, ["audit", "visfactor-VZ2", "--n", "10", "--json", "--no-learned"])
    assert res.exit_code in (0, 1) and '"visfactor-vz2"' in res.output


def _geometry_items(items, rule):
    from machinepsych.core.spec import AuditItem

    out = []
    for it in items:
        p = it.params
        c, F, starts = tuple(p["circle"]), tuple(p["F"]), [tuple(s) for s in p["starts"]]
        out.append(AuditItem(key=it.gold, options=(1, 2, 3, 4, 5),
                             features=tuple((float(rule(s, c, F, starts)),) for s in starts)))
    return out


def test_ss2_geometry_tells_nothing():
    """Where the starts, the circle and F are says nothing about the answer: the start nearest
    the circle (straight or horizontal distance), the farthest, the one the circle lies most
    directly on the way to F from, the outermost and the one nearest F are all at chance."""
    import math

    from machinepsych.analysis.audit import analyse
    from machinepsych.tasks.visfactor.core import generate

    items = [generate("SS2", seed, "normal") for seed in range(200)]
    rules = {
        "distance to circle": lambda s, c, F, st: math.dist(s, c),
        "horizontal distance to circle": lambda s, c, F, st: abs(s[1] - c[1]),
        "detour via circle": lambda s, c, F, st: math.dist(s, c) + math.dist(c, F) - math.dist(s, F),
        "distance from the middle start": lambda s, c, F, st: abs(s[1] - sum(x[1] for x in st) / 5),
        "distance to F": lambda s, c, F, st: math.dist(s, F),
    }
    for name, rule in rules.items():
        res = analyse(_geometry_items(items, rule))
        assert not res.flagged, (name, [f.as_dict() for f in res.flagged])
        for which in ("smallest", "largest"):
            assert res.finding(which).value < 30.0, (name, which, res.finding(which).value)

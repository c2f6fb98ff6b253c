"""SS2 and SS3 generation 4 (issue 30): what is drawn around each option no longer depends on
which option is the answer, and ``machinepsych audit`` runs the item-level rules (every
difficulty) and fails on a generator where one beats chance."""
from __future__ import annotations

import json

import numpy as np
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.tasks.visfactor.gen_ss2 import SS2_BAND, ss2_network
from machinepsych.tasks.visfactor.gen_ss3 import _ss3_view
from machinepsych.tasks.visfactor.street_map import building_segments


def _band(edges, rows):
    """The lines with a point in the bottom SS2_BAND rows (the band and the lines leaving it)."""
    return sorted(tuple(sorted((tuple(a), tuple(b)))) for a, b in edges if max(a[0], b[0]) >= rows - SS2_BAND)


def test_ss2_bottom_rows_are_drawn_blind_to_the_answer():
    # the same seed and geometry, the answer at each of the five starts: the bottom three rows
    # (everything "within two grid steps" of a start) come out the same; generation 3 drew the
    # answer's branch first and the others merging near the bottom, so they differed
    shape, F, circle = (11, 11), (0, 4), (3, 6)
    starts = [(10, c) for c in (1, 3, 4, 7, 9)]
    for generation, same in ((5, True), (4, True), (3, False)):
        bands = []
        for k in range(5):
            edges = ss2_network(np.random.default_rng(7), shape, F, circle, starts[k],
                                [s for i, s in enumerate(starts) if i != k], generation)
            bands.append(_band(edges, shape[0]))
        assert all(b == bands[0] for b in bands) is same, generation


def test_ss3_streets_around_every_building_alike():
    # generation 4 draws a route beside every building and keeps the streets of each route that
    # go on straight from that building's open side open: over 60 items the answer's open side
    # goes on open at both ends about as often as another building's (generation 3: the answer's
    # far more often, the outside hunt's shortcut)
    from machinepsych.tasks.visfactor.core import generate

    def rates(generation):
        key, other = [], []
        for seed in range(60):
            it = generate("SS3", seed, "normal", generation)
            p = it.params
            opened = {tuple(sorted((tuple(u), tuple(v)))) for u, v in p["open"]}
            for k, (cell, quad) in enumerate(p["buildings"]):
                side = next(s for s in building_segments(tuple(cell), quad) if s in opened)
                goes_on = _ss3_view(p["rows"], p["cols"], [side], []) <= opened and \
                    len(_ss3_view(p["rows"], p["cols"], [side], [])) == 2
                (key if k + 1 == it.gold else other).append(goes_on)
        return np.mean(key), np.mean(other)

    k3, o3 = rates(3)
    k4, o4 = rates(4)
    assert k3 - o3 > 0.15, (k3, o3)
    assert abs(k4 - o4) < 0.12, (k4, o4)


def _audit(*args):
    return CliRunner().invoke(app, ["audit", *args, "--no-heuristic", "--no-learned"])


def test_audit_fails_on_a_version_with_an_item_level_shortcut():
    # VZ1 version 3: "largest pieces first, each that still fits" gets ~23% of items (chance 5%)
    res = _audit("visfactor-vz1@3", "--preset", "default", "--item-n", "100")
    assert res.exit_code == 1, res.output
    flags = [ln for ln in res.output.splitlines() if ln.startswith("FLAG ")]
    assert any("VZ1 normal: largest pieces first, each that still fits" in ln for ln in flags), res.output
    assert "item rules: " in res.output and " flagged" in res.output
    # the task's own condition (a set of pieces with the shape's area) is reported, never flagged
    assert not any("the task's condition" in ln for ln in flags)
    # version 4 (pieces first, key last): every rule at 1/10, the structural chance, passes
    new = _audit("visfactor-vz1", "--preset", "default", "--item-n", "100")
    assert new.exit_code == 0 and not any(ln.startswith("FLAG ") for ln in new.output.splitlines()), new.output


def test_audit_passes_ss2_now_and_reports_every_difficulty_as_json():
    # SS2 version 3's starts' surroundings gave boosted trees ~36% at normal (chance 20%)
    old = _audit("visfactor-ss2@3", "--preset", "default", "--item-n", "120")
    assert old.exit_code == 1 and "FLAG SS2 normal: boosted trees" in old.output, old.output
    new = _audit("visfactor-ss2", "--preset", "default", "--item-n", "120")
    assert new.exit_code == 0, new.output
    out = _audit("visfactor-ss2", "--item-n", "20", "--json")
    found = json.loads(out.stdout)["item_rules"]
    assert {f["difficulty"] for f in found} == {"easy", "normal", "hard"}
    # a flag is a JSON boolean ("False", a string, read as true, was written before)
    assert all(type(f["flagged"]) is bool and type(f["p"]) is float for f in found)

"""SS2's glance features on the larger grid (issue 20): boosted trees on what lies around each
start find generation 2's answer above chance and the current generation's at chance. A file
of its own (from test_vf_gen_scan.py): its 1,200 items and the trees are a test worker's share."""
from __future__ import annotations

from machinepsych.tasks.visfactor.audit_learned import evaluate
from machinepsych.tasks.visfactor.core import generate
from machinepsych.tasks.visfactor.features import units


def test_ss2_glance_features_at_chance_on_the_larger_grid():
    # generation 2 drew the network on 7 x 7 points at normal: the branches filled the bottom rows,
    # only wrong branches merged there, and the boosted trees found the answer in 35% of items
    # from the run to the first junction with where the start lies (chance 20%); generation 3
    # draws it on 11 x 11
    def trees(generation):
        items = [units(generate("SS2", seed, "normal", generation=generation)) for seed in range(600)]
        return evaluate(items, "boosted trees")["item"].accuracy

    assert trees(2) > 28
    assert trees(None) < 25

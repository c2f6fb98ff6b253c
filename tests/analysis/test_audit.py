"""The validity audit: it flags the shortcut patterns of biased item sets (synthetic items
shaped like the SS2, CF1, S2, VZ2 and P3 defects) and stays silent on unbiased ones."""
from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from machinepsych.analysis.audit import analyse
from machinepsych.core.spec import AuditItem

L5 = tuple("ABCDE")
N = 1000


def _choice(rng, key_at, features=None) -> AuditItem:
    return AuditItem(key=L5[key_at], options=L5, features=features or ())


def _flagged(items) -> set[str]:
    return {f.name for f in analyse(items).flagged}


def _uniform_feats(rng):
    return tuple(tuple(float(v) for v in rng.integers(0, 2, 12)) for _ in range(5))


def test_unbiased_items_are_not_flagged():
    rng = np.random.default_rng(1)
    items = [_choice(rng, int(rng.integers(5)), _uniform_feats(rng)) for _ in range(N)]
    assert _flagged(items) == set()
    tf = [AuditItem(key=k, options=("T", "F"), rows=(k == "T",)) for k in rng.choice(["T", "F"], N)]
    assert _flagged(tf) == set()


def test_ss2_start_position_bias_is_flagged():
    # the key is S1 or S5 in 92.5% of items
    rng = np.random.default_rng(2)
    items = [_choice(rng, int(rng.choice([0, 4])) if rng.random() < 0.925 else int(rng.integers(1, 4)))
             for _ in range(N)]
    flags = _flagged(items)
    assert {"key position", "position 1", "position 5"} <= flags


def test_ss2_nearest_start_bias_is_flagged():
    # the start nearest the circle (smallest distance, the first feature) is right in 44%
    rng = np.random.default_rng(8)
    items = []
    for _ in range(N):
        dist = rng.permutation(5).astype(float) + 1
        key = int(np.argmin(dist)) if rng.random() < 0.3 else int(rng.integers(5))
        items.append(_choice(rng, key, tuple((float(d), float(i)) for i, d in enumerate(dist))))
    assert "smallest" in _flagged(items)


def test_cf1_key_d_bias_is_flagged():
    rng = np.random.default_rng(3)
    items = [_choice(rng, 3 if rng.random() < 0.45 else int(rng.choice([0, 1, 2, 4]))) for _ in range(N)]
    assert {"key position", "position 4"} <= _flagged(items)


def test_s2_same_bias_is_flagged():
    rng = np.random.default_rng(4)
    keys = ["T" if rng.random() < 0.595 else "F" for _ in range(N)]
    items = [AuditItem(key=k, options=("T", "F"), rows=(k == "T",)) for k in keys]
    assert {"true share", "always true"} <= _flagged(items)


def _consensus_items(rng, p_key_central: float) -> list[AuditItem]:
    """Options as hole sets: the key is built first and 'central' options are one change from
    it (as the old VZ2/P3 distractors); otherwise a decoy is central."""
    items = []
    for _ in range(N):
        centre = rng.integers(0, 2, 16)
        opts = []
        for _ in range(4):
            v = centre.copy()
            v[int(rng.integers(16))] ^= 1
            v[int(rng.integers(16))] ^= 1
            opts.append(v)
        if rng.random() < p_key_central:
            key = centre
        else:
            key = opts.pop(0)
            opts.append(centre)
        pos = int(rng.integers(5))
        opts.insert(pos, key)
        feats = tuple((float(o.sum()), *map(float, o)) for o in opts)
        items.append(_choice(rng, pos, feats))
    return items


def test_vz2_consensus_bias_is_flagged():
    rng = np.random.default_rng(5)
    assert "overlap" in _flagged(_consensus_items(rng, 0.42)) or "consensus" in _flagged(_consensus_items(rng, 0.42))


def test_p3_centroid_bias_is_flagged():
    rng = np.random.default_rng(6)
    flags = _flagged(_consensus_items(rng, 0.74))
    assert {"centroid", "consensus"} <= flags


def test_tiny_lift_at_huge_n_is_not_flagged():
    # a 1-point lift over chance, significant at n = 40,000, stays below the 5-point minimum
    rng = np.random.default_rng(7)
    items = [_choice(rng, 0 if rng.random() < 0.21 else int(rng.integers(1, 5))) for _ in range(40_000)]
    res = analyse(items)
    f = res.finding("position 1")
    assert f is not None and 20.5 < f.value < 21.5 and f.p < res.alpha / len(res.findings) and not f.flagged


def test_cli_exit_codes_and_upper_case_ids():
    from machinepsych.cli import app

    runner = CliRunner()
    ok = runner.invoke(app, ["audit", "visfactor-VZ2", "--n", "30", "--json", "--no-learned", "--no-item-rules"])
    assert ok.exit_code in (0, 1), ok.output
    assert '"test": "visfactor-vz2"' in ok.output
    bad = runner.invoke(app, ["audit", "visfactor-vz2", "--n", "0"])
    assert bad.exit_code != 0 and "greater than or equal to 1" in (bad.output + str(bad.exception))

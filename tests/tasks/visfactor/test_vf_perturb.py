"""The flip perturbation mirrors each figure in its own box, never the labels or the order of
the figures (on real items of every subtest where flipping is allowed)."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import ImageOps

from machinepsych.tasks.visfactor.core import generate
from machinepsych.tasks.visfactor.env import env_class
from machinepsych.tasks.visfactor.perturb import FLIP_OK, perturb

FLIPPABLE = sorted(s for s, m in FLIP_OK)
PANELS = {"CF1": 6, "CF2": 6, "S1": 9, "P3": 6}


def _flipped(item, seed):
    return perturb(item.image, ("flip",), np.random.default_rng([seed, 0x9E37]), item.figures)


@pytest.mark.parametrize("sub", FLIPPABLE)
def test_flip_mirrors_only_the_figures(sub):
    item = generate(sub, 3)
    assert item.figures
    if sub in PANELS:
        assert len(item.figures) == PANELS[sub]
    else:  # I3: three examples per group and eight test figures
        assert len(item.figures) == 3 * len(item.options) + 8
    seed = next(s for s in range(50) if _flipped(item, s)[1]["flip"])
    img, rec = _flipped(item, seed)
    before, after = np.asarray(item.image.convert("RGB")), np.asarray(img)
    assert before.shape == after.shape
    inside = np.zeros(before.shape[:2], bool)
    for x0, y0, x1, y1 in item.figures:
        inside[y0:y1, x0:x1] = True
        # a mirrored figure is the mirror of the unflipped one, in the same place
        want = np.asarray(ImageOps.mirror(item.image.crop((x0, y0, x1, y1))).convert("RGB"))
        assert np.array_equal(after[y0:y1, x0:x1], want)
    # labels, titles and separators (everything outside the figures) are untouched: they still
    # read left to right, in place; and there is text outside the figures to check
    assert np.array_equal(before[~inside], after[~inside])
    assert (before[~inside] < 128).any()
    # the figures themselves did change (no figure is mirror-symmetric by accident everywhere)
    assert not np.array_equal(before[inside], after[inside])


def test_unflipped_draw_leaves_the_image_alone():
    item = generate("P3", 4)
    seed = next(s for s in range(50) if not _flipped(item, s)[1]["flip"])
    img, rec = _flipped(item, seed)
    assert rec == {"flip": False} and np.array_equal(np.asarray(img), np.asarray(item.image.convert("RGB")))


def test_flip_in_a_session_keeps_labels():
    # through the environment (split mode, geometric group without shift/rotate: flip only)
    env = env_class("CF1")({"n_items": 6, "mode": "split", "perturb": ("flip",)})
    obs = env.reset(0)
    seen = 0
    while obs is not None:
        if obs.stimulus["perturbation"]["flip"]:
            item = env.item()
            from io import BytesIO

            from PIL import Image

            shown = np.asarray(Image.open(BytesIO(obs.parts[0].png)).convert("RGB"))
            inside = np.zeros(shown.shape[:2], bool)
            for x0, y0, x1, y1 in item.figures:
                inside[y0:y1, x0:x1] = True
            assert np.array_equal(shown[~inside], np.asarray(item.image.convert("RGB"))[~inside])
            seen += 1
        obs = env.step(None).next_observation
    assert seen

"""CS3 Snowy Pictures: the snow hides the silhouette at the published level (measured on real
items against the clean silhouette drawn at the same place)."""
from __future__ import annotations

import numpy as np

from machinepsych.tasks.visfactor.core import generate
from machinepsych.tasks.visfactor.gen_speed import clean_picture


def snow_stats(difficulty: str, n: int = 24) -> tuple[float, float]:
    """(background share inked %, silhouette ink minus background ink in points), means."""
    bg = contrast = 0.0
    for seed in range(n):
        it = generate("CS3", seed, difficulty)
        sil = np.asarray(clean_picture(it).convert("L")) < 128  # the object where it was placed
        ink = np.asarray(it.image.convert("L")) < 128
        bg += 100 * ink[~sil].mean()
        contrast += 100 * (ink[sil].mean() - ink[~sil].mean())
    return bg / n, contrast / n


def test_snow_hides_the_silhouette():
    easy, normal, hard = (snow_stats(d) for d in ("easy", "normal", "hard"))
    # the object no longer stands out as a solid shape on white: more than half the background
    # is snow at normal difficulty (it was ~21% with ~71 points of contrast before)
    assert normal[0] > 50 and normal[1] < 45
    assert easy[0] < normal[0] < hard[0] and easy[1] > normal[1] > hard[1]

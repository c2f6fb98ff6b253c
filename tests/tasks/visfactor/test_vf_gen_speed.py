"""CS1-CS3 generation 2 (issue 20): generation 1 stays reproducible; the key is the object or word
drawn; the construct-free rules that named generation 1's items (matching the picture's ink extent
with each object's one fixed drawing, the drawn word's width with each word's width) are at chance."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from machinepsych.tasks.visfactor.core import font, generate
from machinepsych.tasks.visfactor.features import _icon_ink, _ink
from machinepsych.tasks.visfactor.gen_speed import clean_picture, place_icon
from machinepsych.tasks.visfactor.icons import ICON_NAMES, WORDS
from tests.support.visfactor_items import item_digest

# sha256 (first 16 hex) of generation 1's items, seeds 0-9 x easy/normal/hard: images, question, key,
# accepted answers and parameters, recorded before the generation-2 redesign
GEN1 = {"CS1": "c88e66059af14d48", "CS2": "41830ab60dba0abb", "CS3": "c028b47eac31c936"}


def digest(sub: str, generation: int) -> str:
    return item_digest(sub, generation, ("question", "gold", "accepted", "params"), seeds=10)


@pytest.mark.parametrize("sub", ["CS1", "CS2", "CS3"])
def test_generation_1_unchanged(sub):
    assert digest(sub, 1) == GEN1[sub]


@lru_cache(maxsize=None)
def items(sub: str, generation: int, n: int = 300, difficulty: str = "hard") -> tuple:
    return tuple(generate(sub, s, difficulty, generation=generation) for s in range(n))


def ink(img) -> np.ndarray:
    return np.asarray(img.convert("L")) < 128


@pytest.mark.parametrize("sub", ["CS1", "CS3"])
def test_key_is_the_object_drawn(sub):
    """Re-derived: of every pool object placed as the item's object was, the key's drawing is the
    one the picture's ink (CS1: erased strokes only remove ink) agrees with best."""
    for it in items(sub, 2)[:12]:
        pic = ink(it.image)
        place = it.params["placement"]
        score = {}
        for name in ICON_NAMES:
            clean = ink(place_icon(name, place))
            score[name] = (pic & clean).sum() / max(1, (pic | clean).sum()) if sub == "CS1" else \
                pic[clean].mean() - pic[~clean].mean()
        assert max(score, key=score.get) == it.gold
        if sub == "CS1":
            assert not (pic & ~ink(clean_picture(it))).any()  # nothing drawn beyond the object


def extent_rule(it) -> str:
    """Generation 1's shortcut: the object whose clean drawing's ink extent (width, height) is
    nearest to the picture's."""
    _, w, h = _ink(it.image)
    return min(_icon_ink(), key=lambda n: abs(_icon_ink()[n][1] - w) + abs(_icon_ink()[n][2] - h))


def shape_rule(train, test) -> float:
    """A learned rule: nearest class centre of (aspect ratio, ink per extent area, ink) fitted on
    ``train``; its accuracy on ``test``."""
    def f(it):
        i, w, h = _ink(it.image)
        return np.array([np.log(w / h), i / (w * h), i])
    X = np.array([f(it) for it in train])
    mu, sd = X.mean(0), np.where(X.std(0) > 0, X.std(0), 1.0)
    cent = {n: ((X[[it.gold == n for it in train]] - mu) / sd).mean(0) for n in ICON_NAMES
            if any(it.gold == n for it in train)}
    right = [min(cent, key=lambda n: ((((f(it) - mu) / sd) - cent[n]) ** 2).sum()) == it.gold for it in test]
    return float(np.mean(right))


def test_cs1_picture_extent_names_no_object():
    old = np.mean([extent_rule(it) == it.gold for it in items("CS1", 1)])
    new = np.mean([extent_rule(it) == it.gold for it in items("CS1", 2)])
    assert old > 0.5 and new < 0.07  # chance 1/37 = 2.7%
    old_l = shape_rule(items("CS1", 1)[:150], items("CS1", 1)[150:])
    new_l = shape_rule(items("CS1", 2)[:150], items("CS1", 2)[150:])
    assert old_l > 0.3 and new_l < 0.08


def test_cs1_extent_aspect_independent_of_object():
    """The picture's aspect ratio is drawn first for every object: long thin objects and compact
    ones give the same spread."""
    asp = {}
    for it in items("CS1", 2):
        _, w, h = _ink(clean_picture(it))
        asp.setdefault(it.gold, []).append(np.log(w / h))
    means = [np.mean(v) for v in asp.values() if len(v) >= 4]
    assert max(means) - min(means) < 0.35  # generation 1: log 2.57 - log 0.27 = 2.25


def width_rule(it) -> str:
    """Generation 1's CS2 shortcut: the word whose width at the item's letter size and stretch is
    nearest to the drawn word's width."""
    p = it.params
    f, s = font(int(p["font_size"])), float(p["stretch"])
    drawn = float(p["text_width"]) if "text_width" in p else f.getlength(p["word"]) * s
    return min(WORDS, key=lambda w: abs(f.getlength(w) * s - drawn))


def test_cs2_drawn_width_names_no_word():
    old = np.mean([width_rule(it) == it.gold for it in items("CS2", 1)])
    new = np.mean([width_rule(it) == it.gold for it in items("CS2", 2)])
    assert old > 0.1 and new < 0.02  # chance 1/350; knowing the length 3/350
    for it in items("CS2", 2)[:50]:
        p = it.params
        assert p["text_width"] == pytest.approx(p["pitch"] * len(it.gold), abs=0.02)


def test_cs3_ink_names_no_object():
    old_l = shape_rule(items("CS3", 1)[:150], items("CS3", 1)[150:])
    new_l = shape_rule(items("CS3", 2)[:150], items("CS3", 2)[150:])
    assert old_l > 0.08 and new_l < 0.07

"""A WCST picture composed from its key order's rows and its card's rows is the very PNG
Pillow writes."""
import itertools
import random

from machinepsych.tasks.cardsort import render
from machinepsych.tasks.cardsort.cards import BERG_KEYS, FULL_DECK


def test_composed_pictures_are_pillows_bytes():
    assert render._composing_holds()
    orders = list(itertools.permutations(BERG_KEYS))
    rng = random.Random(3)
    layouts = [(orders[-1], FULL_DECK[0]), (orders[0], FULL_DECK[-1])] + [
        (rng.choice(orders), rng.choice(FULL_DECK)) for _ in range(6)]
    for keys, card in layouts:
        composed = render._composed(keys, card)
        assert composed is not None and composed == render._pillow_png(keys, card)
        assert render.trial_png(keys, card) == composed


def test_other_key_counts_are_encoded_by_pillow():
    keys = tuple(BERG_KEYS[:3])
    assert render.trial_png(keys, FULL_DECK[5]) == render._pillow_png(keys, FULL_DECK[5])

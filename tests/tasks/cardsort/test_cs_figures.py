"""The card-sorting figures: the rule group each trial belongs to (1 + the categories its
session completed before it) and the accuracy per rule group drawn from it."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from machinepsych.tasks.cardsort.figures import accuracy_by_category, category_number
from machinepsych.tasks.catalog import get_task


def test_a_trial_belongs_to_the_group_after_the_categories_its_own_session_completed():
    session = pd.Series([1, 1, 1, 1, 2, 2, 2, 3])
    completed = pd.Series([False, True, False, True, True, True, False, None], dtype=object)
    groups = category_number(session, completed)
    # the completing trial is still in its group; the next session starts again at 1
    assert groups.tolist() == [1, 1, 2, 2, 1, 2, 3, 1]
    assert groups.dtype == np.int64


def test_accuracy_per_rule_group_is_drawn_from_trials_in_session_and_trial_order():
    # rows shuffled: the figure orders them by session and trial before it counts categories
    trials = pd.DataFrame({
        "condition": ["a"] * 6 + ["b"] * 3,
        "session": [1, 1, 1, 2, 2, 2, 3, 3, 3],
        "trial": [2, 0, 1, 0, 1, 2, 0, 1, 2],
        "correct": [True, True, False, True, True, None, False, True, True],
        "category_completed": [False, False, True, True, False, False, False, True, False],
        "rule": ["x"] * 9,
    }).sample(frac=1.0, random_state=3)
    ((title, fig),) = accuracy_by_category(trials, pd.DataFrame(), get_task("lnt"))
    lines = {line.get_label(): (list(line.get_xdata()), list(line.get_ydata())) for line in fig.axes[0].lines}
    # a: session 1 in trial order: group 1 right, group 1 wrong (completes), group 2 right;
    #    session 2: group 1 right (completes), group 2 right, the unread reply left out
    # b: session 3: group 1 wrong, group 1 right (completes), group 2 right
    assert lines == {"a": ([1, 2], [pytest.approx(200 / 3), 100.0]), "b": ([1, 2], [50.0, 100.0])}
    assert title == "accuracy per rule group"

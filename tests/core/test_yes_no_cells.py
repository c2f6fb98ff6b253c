"""A yes/no cell of a trials file is read by one vocabulary wherever it is read: the file check
(``correct``, storage/trials_file.py) and the fits' readers (two-step-kool's ``collected``,
fitting/file_rows.truth_cell). Before, ``correct`` = "y" was read and ``collected`` = "y" refused."""
from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.core.tables import NO_WORDS, YES_WORDS, blank, yes_no
from machinepsych.fitting.file_rows import truth_cell
from machinepsych.storage.trials_file import check_trials

WORDS = [(w, True) for w in YES_WORDS] + [(w, False) for w in NO_WORDS] + [
    ("Y", True), (" Correct ", True), ("1.0", True), (1, True), (1.0, True), (True, True),
    ("N", False), ("0.0", False), (0, False), (False, False)]


@pytest.mark.parametrize("cell, value", WORDS)
def test_both_readers_take_the_same_words(cell, value):
    assert yes_no(cell) is value and truth_cell({"collected": cell}, "collected") is value
    frame = check_trials(pd.DataFrame({"session": [1], "trial": [0], "correct": [cell]}), Path("t.csv"))
    assert bool(frame["correct"][0]) is value


@pytest.mark.parametrize("cell", [None, math.nan, "", "  "])
def test_an_empty_cell_is_no_answer_to_the_fits_and_not_correct_to_the_file_check(cell):
    assert blank(cell) and yes_no(cell) is None and truth_cell({"collected": cell}, "collected") is None
    frame = check_trials(pd.DataFrame({"session": [1], "trial": [0], "correct": [cell]}), Path("t.csv"))
    assert not frame["correct"][0]


@pytest.mark.parametrize("cell", ["maybe", "2", 2.0, "yess"])
def test_any_other_word_is_one_line_in_both(cell):
    with pytest.raises(ValueError, match=r"collected .* is not one of 1/0, true/false, yes/no"):
        truth_cell({"collected": cell}, "collected")
    with pytest.raises(ConfigError, match=r"t.csv: row 2: correct .* is not one of 1/0, true/false, yes/no"):
        check_trials(pd.DataFrame({"session": [1], "trial": [0], "correct": [cell]}), Path("t.csv"))

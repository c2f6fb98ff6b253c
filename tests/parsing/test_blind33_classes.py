"""The class of misreadings the blind reply set replies_blind33 found (first measured 99.6% meant,
0.0% wrong, 0.4% invalid): an option number with a Japanese, Korean or Chinese counter written onto
it ("2番です", "1번 (…)"), checked on replies other than the corpus lines, with the reading a careful
person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, read, vf

SS2 = vf("SS2", "mc", 1, [1, 2, 3, 4, 5])  # starts numbered by their position

# (CARDS: the card sorted is 3 red stars; option 2 is its shape, 3 its colour, 4 its number)


# ----------------------------------------------------------------------------- a number with a counter
COUNTED = [
    # the option number with a counter, alone or with the copula after it
    ("wcst", CARDS, "3番", 3), ("wcst", CARDS, "4번", 4), ("wcst", CARDS, "2号", 2), ("wcst", CARDS, "2號", 2),
    ("wcst", CARDS, "3番です。", 3), ("wcst", CARDS, "3番だ", 3), ("wcst", CARDS, "4번입니다.", 4), ("wcst", CARDS, "4번이에요", 4),
    # the ordinal counters: the n-th card
    ("wcst", CARDS, "2番目です", 2), ("wcst", CARDS, "3번째", 3), ("wcst", CARDS, "4枚目", 4),
    # with a reason in parentheses after it (full-width or not)
    ("wcst", CARDS, "3番です（色が同じ赤）。", 3), ("wcst", CARDS, "2번 (같은 별 모양)", 2), ("wcst", CARDS, "4番 (数が同じ)", 4),
    # with the card noun after it
    ("wcst", CARDS, "3番のカード", 3), ("wcst", CARDS, "4号卡片", 4),
    # the copula after a bare number
    ("wcst", CARDS, "3 です", 3), ("wcst", CARDS, "3です。", 3), ("wcst", CARDS, "4 입니다", 4),
    # numbers: a start by its number or position, a paired number with a counter
    ("visfactor-ss2", SS2, "3番です", 3), ("visfactor-ss2", SS2, "4번째", 4), ("visfactor-ss2", SS2, "2 です", 2),
    ("visfactor-ma1", MA1, "45番", 45), ("visfactor-ma1", MA1, "77号です", 77),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", COUNTED)
def test_a_number_with_a_counter_is_the_option_number(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- "so" in Japanese, Korean, Chinese
CONCLUDED = [
    # the card a reason names first is no answer where the reply concludes with another ("なので", "그래서", "所以": so)
    ("wcst", CARDS, "1番のカードは黄色が1枚、なので3番です。", 3), ("wcst", CARDS, "1枚目のカードは黄色、だから3枚目です", 3),
    ("wcst", CARDS, "1번 카드는 노란색이 1개, 그래서 3번입니다.", 3), ("wcst", CARDS, "第1张卡片是黄色，所以3号。", 3),
    # not where what follows hedges or asks
    ("wcst", CARDS, "1番のカードは黄色、なので3番か4番です", None), ("wcst", CARDS, "1番のカードは黄色、なので3番ですか？", None),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", CONCLUDED)
def test_a_conclusion_in_japanese_korean_or_chinese_is_the_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- what stays as it was
KEPT = [
    # a hedge between two numbers with counters, alone or under a label ("か", "아니면", "또는", "或": or)
    ("wcst", CARDS, "3番か4番", None), ("wcst", CARDS, "2번 아니면 3번", None), ("wcst", CARDS, "答え：3番か4番", None),
    ("wcst", CARDS, "답: 2번 또는 4번", None), ("wcst", CARDS, "答案：3号或4号", None), ("wcst", CARDS, "答え：3か4", None),
    # a correction: the later one (Korean "아니," as Japanese "いや、")
    ("wcst", CARDS, "3番です。いや、4番です。", 4), ("wcst", CARDS, "2번입니다. 아니, 3번입니다.", 3), ("wcst", CARDS, "2. 아니요, 4.", 4),
    # a count inside a reason names no option
    ("wcst", CARDS, "赤が2枚", None), ("wcst", CARDS, "星が3枚です", None),
    # "the second" is no number among numbers not numbered by position
    ("visfactor-ma1", MA1, "2番目", None),
    # a question is no answer; a number with a counter that is no option names none
    ("wcst", CARDS, "3番ですか？", None), ("wcst", CARDS, "12番", None), ("visfactor-ma1", MA1, "46番", None),
    # the number label as before
    ("visfactor-ma1", MA1, "番号は77", 77),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", KEPT)
def test_hedges_corrections_and_counts_stay_as_they_were(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant

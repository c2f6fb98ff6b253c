"""(issue 31, found in replies_blind53's misses) a second rating offered in brackets after the first ("2 (or 3)")
leaves the statement unrated, as "2, maybe 3" and "2 or 3" do; a bracketed gloss keeps the rating."""
import pytest

from machinepsych.parsing.likert import parse_rating


@pytest.mark.parametrize("reply", ["2 (or 3)", "2 (or a 3)", "2 (oder 3)", "4 (ou 5)", "2 (or 3).", "Rating: 2 (or 3)"])
def test_a_second_rating_in_brackets_rates_nothing(reply):
    assert parse_rating(reply)[0] is None


@pytest.mark.parametrize("reply, rating", [("4 (agree)", 4), ("4 (1-5 scale)", 4), ("2 (or so)", 2), ("4 (mostly agree)", 4),
                                            ("5.", 5), ("Rating: 3 (neutral)", 3)])
def test_a_bracketed_gloss_keeps_the_rating(reply, rating):
    assert parse_rating(reply)[0] == rating

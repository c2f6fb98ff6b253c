"""Option probabilities at the answer position, from a reply's top-token log-probabilities."""
from __future__ import annotations

import math

import pytest

from machinepsych.models.base import TokenLogprob
from machinepsych.parsing import parse_arm
from machinepsych.participants.choice_probs import choice_probabilities

ln = math.log


def tok(text: str, p: float, top: dict[str, float] | None = None) -> TokenLogprob:
    return TokenLogprob(text, ln(p), tuple((t, None, ln(q)) for t, q in (top or {}).items()))


def test_structured_integer_enum_normalised_over_the_legal_options():
    reply = '{"answer": 2}'
    lp = [tok('{"', 1.0), tok('answer', 1.0), tok('":', 1.0), tok(' ', 0.9),
          tok('2', 0.4, {"2": 0.4, "1": 0.2, "3": 0.1, "4": 0.05, "x": 0.05, " ": 0.1})]
    lp.append(tok("}", 1.0))
    probs, outside = choice_probabilities(lp, reply, (1, 2, 3, 4), 2, structured=True)
    legal = 0.4 + 0.2 + 0.1 + 0.05
    assert probs == {"1": 0.2 / legal, "2": 0.4 / legal, "3": 0.1 / legal, "4": 0.05 / legal}
    assert math.isclose(sum(probs.values()), 1.0, abs_tol=1e-12)
    assert math.isclose(outside, 1 - legal, abs_tol=1e-12)


def test_structured_text_enum_inside_quotes_and_a_shared_prefix_followed_along_the_reply():
    # "no" and "not available" both start with "no": the written token is followed to tell them
    # apart; "yes" is a whole option; a quote-only alternative names none
    reply = '{"answer": "no"}'
    lp = [tok('{"answer": "', 1.0), tok("no", 0.5, {"no": 0.5, "yes": 0.3, "not": 0.1, "maybe": 0.05}),
          tok('"}', 0.8, {'"}': 0.8, "t": 0.2})]
    probs, outside = choice_probabilities(lp, reply, ("yes", "no", "not available"), "no", structured=True)
    # "no" then '"}' (0.5 * 0.8) is "no"; "no" then "t" (0.5 * 0.2) is "not available"; "not" is "not available"
    raw = {"yes": 0.3, "no": 0.5 * 0.8, "not available": 0.5 * 0.2 + 0.1}
    legal = sum(raw.values())
    assert probs == pytest.approx({k: v / legal for k, v in raw.items()}, abs=1e-12)
    assert outside == pytest.approx(1 - legal, abs=1e-12)


def test_free_text_answer_position_is_the_mention_the_parser_committed_to_case_insensitive():
    reply = "I pick the right arm. Final: right arm"
    tokens = ["I", " pick", " the", " right", " arm", ".", " Final", ":", " right", " arm"]
    lp = [tok(t, 0.9) for t in tokens]
    lp[8] = tok(" right", 0.7, {" right": 0.7, " Left": 0.2, " the": 0.1})
    read = lambda text: parse_arm(text, None)[0]  # noqa: E731
    probs, outside = choice_probabilities(lp, reply, ("right", "left"), "right", structured=False, read=read)
    assert probs == pytest.approx({"right": 0.7 / 0.9, "left": 0.2 / 0.9}, abs=1e-12)
    assert outside == pytest.approx(0.1, abs=1e-12)
    # without the parser to say where it read its answer, no position is guessed
    assert choice_probabilities(lp, reply, ("right", "left"), "right", structured=False) is None


def test_tokens_that_do_not_spell_the_reply_give_nothing():
    lp = [tok('{"answer": ', 1.0), tok("3", 1.0)]
    assert choice_probabilities(lp, '{"answer": 2}', (1, 2, 3, 4), 2, structured=True) is None
    assert choice_probabilities(None, '{"answer": 2}', (1, 2, 3, 4), 2, structured=True) is None


def test_no_legal_mass_gives_nothing_rather_than_a_guess():
    lp = [tok("Deck ", 1.0), tok("AAA", 0.0001, {"zzz": 0.9})]
    # the written token names AAA with a tiny but positive mass: normalised to 1
    read = lambda text: "BBB" if "BBB" in text else "AAA"  # noqa: E731  (the only mention is the answer)
    probs, outside = choice_probabilities(lp, "Deck AAA", ("AAA", "BBB"), "AAA", structured=False, read=read)
    assert probs == {"AAA": 1.0, "BBB": 0.0} and outside == pytest.approx(1 - 0.0001)

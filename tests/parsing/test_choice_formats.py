"""The shared parsers of one-answer formats on replies written as chat models write:
explicit commitments win over mentions, negation and contrast resolve, several answers
without a commitment are invalid, refusals are refusals (docs/parsing.md)."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.parsing import FORMATS

BARE = Observation(0, {}, ())
BERG = [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2},
        {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}]
CARDS = Observation(0, {"card": {"shape": "circle", "color": "red", "number": 2}, "options": BERG}, ())
DESK = Observation(0, {"card": {"shape": "star", "color": "red", "number": 3}, "options": [
    {"shape": "triangle", "color": "red", "number": 1}, {"shape": "cross", "color": "green", "number": 2},
    {"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "blue", "number": 4}]}, ())
LETTERS = Observation(0, {"answer_kind": "mc", "options": list("ABCDE"), "n_rows": 1}, ())
LETTERS_I = Observation(0, {"answer_kind": "letter", "options": list("ABCDEFGHI"), "n_rows": 1}, ())
STARTS = Observation(0, {"answer_kind": "mc", "options": [1, 2, 3, 4, 5], "n_rows": 1}, ())
NUMBERS = Observation(0, {"answer_kind": "int", "options": [12, 15, 20, 42, 66], "n_rows": 1}, ())
TFOBS = Observation(0, {"answer_kind": "tf", "options": ["T", "F"], "n_rows": 1}, ())
CELL = Observation(0, {"answer_kind": "cell", "options": [], "n_rows": 1}, ())
WORD = Observation(0, {"answer_kind": "word", "options": [], "n_rows": 1}, ())

CASES = {
    "weather": (BARE, [
        ("Sunny, not rainy.", "sunny"),
        ("Rainy.", "rainy"),
        ("rainy", "rainy"),
        ("**Rainy**", "rainy"),
        ("It could be sunny or rainy", None),
        ("Sunny or rainy?", None),
        ("Today is sunny, so I predict rainy.", "rainy"),
        ("Answer: Sunny", "sunny"),
        ("I think the answer is sunny. Looking again at cards 2 and 4, though...\n\nFinal answer: rainy", "rainy"),
        ("Based on the cues (cards 1 and 3 are usually linked with rain), my prediction is **rainy**.", "rainy"),
        ("The cards suggest rain rather than sun. Rainy.", "rainy"),
        ("Not rainy this time: sunny.", "sunny"),
        ("I'll go with sunny instead of rainy.", "sunny"),
        ("My answer is sunny. On second thought my answer is rainy.", "rainy"),  # a self-correction
        ("My answer is sunny. My answer is rainy.", None),
        ("<think>Card 1 means sunny, card 2 means rainy... the last feedback said sunny.</think>\nRainy", "rainy"),
        ("Respuesta: rainy", "rainy"),
        ("答案：sunny", "sunny"),
        ("Sunny", "sunny"),
        ("I'm sorry, but I can't predict the weather.", "refusal"),
        ("", "empty"),
        ("sunny or rainy", None),
    ]),
    "arm": (BARE, [
        ("I'll switch to the left arm, since the right arm gave nothing", "left"),
        ("left arm", "left"),
        ("Right arm", "right"),
        ("right", "right"),
        ("I will pick the left arm.", "left"),
        ("The right arm gave a reward of 0 last time, so left arm.", "left"),
        ("Staying with the right arm: it gave a reward of 1.", "right"),
        ("Either the left arm or the right arm could pay off.", None),
        ("I'll choose the left arm rather than the right arm.", "left"),
        ("Switching from the right arm to the left arm.", "left"),
        ("Not the right arm - the left arm.", "left"),
        ("Right, the left arm has been better, so I'll keep the left arm.", "left"),
        ('Answer with "right arm" or "left arm".', None),
        ("I can't decide.", None),
    ]),
    "deck": (BARE, [
        ("I'll go with AAA rather than BBB", "AAA"),
        ("Deck AAA, since BBB has been losing money", "AAA"),
        ("I'll keep deck CCC.", "CCC"),
        ("Switching from AAA to DDD", "DDD"),
        ("AAA", "AAA"),
        ("AAA, BBB, CCC or DDD", None),
        ("Decks BBB and DDD have paid well. I choose DDD.", "DDD"),
        ("BBB has big losses and AAA too; CCC it is. Final choice: CCC", "CCC"),
        ("I'll avoid BBB and pick CCC.", "CCC"),
        ("Choice: **DDD**", "DDD"),
        ("```json\n{\"answer\": \"BBB\"}\n```", "BBB"),
        ("Final answer: \\boxed{CCC}", "CCC"),
        ("I pick AAA. Actually, I pick BBB.", "BBB"),
    ]),
    "nback": (BARE, [
        ("They differ, so: No", "no"),
        ("Not available", "not available"),
        ("N/A", "not available"),
        ("Yes.", "yes"),
        ("No", "no"),
        ("The letter two steps back is K, the same as now, so yes.", "yes"),
        ("There is no letter two back yet, so the answer is: Not available.", "not available"),
        ("The current letter B does not match the letter 2 back (C).\n\nAnswer: No", "no"),
        ("Yes or no?", None),
        ("**No**", "no"),
    ]),
    "lnt": (BARE, [
        ("Odd", "odd"),
        ("consonant, or maybe odd", None),
        ("The letter is a vowel but the number is odd. Answer: odd", "odd"),
        ("K is a consonant and 4 is even.", None),
        ("The pair is in the letter box, so I judge the letter: K is a consonant. Answer: consonant", "consonant"),
        ("**Vowel**", "vowel"),
        ("Correct! Thanks.", None),
    ]),
    "card-choice": (CARDS, [
        ("Selection: 2", 2),
        ("Final Response: Selection: [3]", 3),
        ("Step 1: I tried Selection: 1 before and it was wrong.\nFinal answer -> Selection: 4", 4),
        ("card 2", 2),
        ("3", 3),
        (" 4.\n", 4),
        ("３", 3),
        ("```json\n{\"answer\": 3}\n```", 3),
        ("The answer is \\boxed{3}.", 3),
        ("Card 1 matches by shape, card 2 by colour and card 4 by number, so I pick option 3.", 3),
        ("Option 1 has one red triangle; option 4 has four blue circles. Sorting by colour this time, "
         "I choose option 1.", 1),
        ("The first card shows 4 blue circles. The second card shows 2 green stars.", None),
        ("Not option 1 or option 2.", None),
        ("I choose option 2, not option 4.", 2),
        ("**Answer: 4**", 4),
        ("Option 3", 3),
        ("I'm sorry, but I can't help with that.", "refusal"),
        ("The correct answer is 2 red circles", None),
        ("Selection: 1\nSelection: 2", None),
    ]),
    "desk-card": (DESK, [
        ("I choose circle yellow 1.", 3),
        ("Matching by shape, the star.", 4),
        ("Selection: 2", 2),
        ("The new card is star red 3. Matching by colour, I choose triangle red 1.", 1),
        ("no idea", None),
    ]),
    "letter": (LETTERS, [
        ("**Answer: C**", "C"),
        ("The correct option is (B).", "B"),
        ("D", "D"),
        ("Answer: (C)", "C"),
        ("Option C", "C"),
        ("C)", "C"),
        ("I compared each figure. A has the hole too high, so it is not A; B and E are mirrored. "
         "The answer is D.", "D"),
        ("Respuesta: C", "C"),
        ("答案：C", "C"),
        ("Antwort: E", "E"),
        ("Réponse : B", "B"),
        ('{"answer": "C"}', "C"),
        ("A, B, C, D, E", None),
        ("It is either B or D.", None),
        ("<think>Maybe A? No, B fits better.</think>\n\nFinal answer: B", "B"),
        ("I think figure A is the one.", "A"),
        ("'C'", "C"),
        ("c", "C"),
    ]),
    "letter-i": (LETTERS_I, [
        ("I think it is edge C.", "C"),
        ("Edge 2 meets edge G when folded, so I choose G.", "G"),
        ("I", "I"),
    ]),
    "number": (STARTS, [
        ('{"answer": 3}', 3),
        ("Starting point S3 reaches F through the circle.", 3),
        ("Only the route from 4 passes through the red circle, so the answer is 4.", 4),
        ("3", 3),
        ("Routes from 1 and 2 end elsewhere; 3 or 5 might pass the circle.", None),
    ]),
    "number-ma1": (NUMBERS, [
        ("The number paired with the lamp was 42.", 42),
        ("42", 42),
        ("Answer: 41", None),
    ]),
    "tf": (TFOBS, [
        ("T", "T"),
        ("True", "T"),
        ("F", "F"),
        ("Answer: False", "F"),
        ('{"answer": "F"}', "F"),
        ("The cubes cannot be the same, so the answer is F.", "F"),
        ("True or false? Hard to say.", None),
    ]),
    "cell": (CELL, [
        ('{"answer": "(2, 5)"}', "(2, 5)"),
        ("so the end is row 2 and column 4", "(2, 4)"),
        ("Start at (3, 3), go up to (2, 3), then right to (2, 5). The copy ends at (2, 5).", "(2, 5)"),
        ("(4, 1)", "(4, 1)"),
        ("Final position: row 1, column 3", "(1, 3)"),
        ("It could be (2, 5) or (3, 5).", None),
    ]),
    "word": (WORD, [
        ('{"answer": "house"}', "house"),
        ("Umbrella", "umbrella"),
        ("The word is garden.", "garden"),
        ("**Answer:** kettle", "kettle"),
        ("I can see some curved lines and a handle, which might suggest a cup or a kettle but it is hard "
         "to be sure what this picture really shows.", None),
    ]),
}
CASES["reasoning"] = (CARDS, [
    ("Based on colour the answer would be option 1, but based on shape it would be option 4. "
     "I'll go with shape: option 4.", 4),
    ("I chose option 1 last time and it was incorrect, so now I pick option 3.", 3),
    ("Option 2 was wrong last time. Option 3?", None),
    ("Initially I thought option 2, but the rule changed. Final: option 3.", 3),
    ("None of the options match perfectly.", None),
    ("The new card is 2 red circles.\n- Option 1: 1 red triangle (colour match)\n- Option 2: 2 green stars "
     "(number match)\n- Option 4: 4 blue circles (shape match)\nSince colour was wrong, I will try number.\n"
     "**Selection: 2**", 2),
])
CASES["reasoning-words"] = (BARE, [
    ("Previous choice: AAA (lost 250). This time I am not sure.", None),
    ("Stay with deck AAA? No - switch to DDD.", "DDD"),
    ("Is the current letter the same as 2 back? Yes.", "yes"),
    ("Yes, no, not available", None),
    ("Current: F. Two back: G. Different → No.", "no"),
])
FORMAT_OF = {"letter-i": "letter", "number-ma1": "number", "reasoning": "card-choice"}


def _format(fmt: str, reply: str) -> str:
    if fmt == "reasoning-words":
        return "nback" if any(w in reply for w in ("letter", "Yes", "No")) and "deck" not in reply else "deck"
    return FORMAT_OF.get(fmt, fmt)


def _cases():
    for fmt, (obs, rows) in CASES.items():
        for reply, want in rows:
            yield pytest.param(_format(fmt, reply), obs, reply, want, id=f"{fmt}:{reply[:50]}")


@pytest.mark.parametrize("fmt, obs, reply, want", list(_cases()))
def test_reads_what_the_reply_means(fmt, obs, reply, want):
    action, status = FORMATS[fmt](reply, obs)
    if want in ("refusal", "empty"):
        assert (action, status) == (None, want)
    elif want is None:
        assert action is None and status == "invalid"
    else:
        assert (action, status) == (want, "parsed")

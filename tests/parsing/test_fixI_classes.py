"""Issue 31, choice answers (letters, cards, word options): the classes of replies_blind55 and review 8
that a careful reader reads with confidence (or declines) and the readers did not. Each ``CASES`` row
failed on main 448bad22 before its class's fix; ``GUARDS`` keep the readings of close replies."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

FOUR = {"options": ["A", "B", "C", "D"]}
TWO = {"options": ["A", "B"]}
CS3 = {"subtest": "CS3", "item_seed": 985350882, "difficulty": "normal", "mode": "default", "answer_kind": "word", "n_rows": 1,
       "question": 'A picture of a common object is hidden in visual noise (snow). What object is it? Answer with one word. '
                   'Respond with the answer as a JSON object {"answer": ...}, e.g. {"answer": "house"}.',
       "person_question": "A picture of a common object is hidden in visual noise (snow). What object is it?", "options": [],
       "row_questions": [], "answer_format": "word", "perturbation": {}}
DCIGT = {"trial": 1, "phase": "first", "balance": 2000.0}
WCST = {"card": {"shape": "circle", "color": "green", "number": 3}, "variant": "wcst",
        "options": [{"shape": "star", "color": "green", "number": 2}, {"shape": "cross", "color": "yellow", "number": 3},
                    {"shape": "triangle", "color": "red", "number": 1}, {"shape": "circle", "color": "blue", "number": 4}]}


def _read(test: str, stimulus: dict, reply: str):
    value, status = get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))
    return value if status == "parsed" else None


CASES = [
    # 5. a retraction said as a joke: the letter after it
    ("igt", FOUR, "A. Just kidding — D.", "D"),
    ("igt", FOUR, "B. Kidding, A.", "A"),
    ("bandit2arm", TWO, "A. Just joking, B.", "B"),
    ("igt", FOUR, "A。开玩笑的，D。", "D"),
    ("igt", FOUR, "A. Je plaisante, D.", "D"),
    # 6. an example echoed inside a parenthesis after the answer, in every format
    ("bandit4arm-gl", FOUR, 'A (format: one letter, e.g. "B")', "A"),
    ("igt", FOUR, "C (one letter, for example D)", "C"),
    ("igt", FOUR, "D (eine Antwort, z. B. A)", "D"),
    ("wcst", WCST, "3 (a card number, e.g. 2)", 3),
    # 7. "either X or Y" with no choice after it: a hedge, in every format and language
    ("wcst", WCST, "Either the first card (colour) or the fourth (shape) could be right.", None),
    ("wcst", WCST, "Entweder die erste oder die vierte Karte.", None),
    # 3. a commitment, then a plan for later trials naming other options
    ("igt", FOUR, "I'll play A. (If it doesn't pay, I'll try B next.)", "A"),
    ("igt", FOUR, "Go with C — and if it loses, switch to A.", "C"),
    ("igt", FOUR, "A. Later I may switch to B.", "A"),
    ("bandit2arm", TWO, "I'll play A. If it doesn't pay, I'll try B next.", "A"),
    # 2. a letter in a short sentence, or after the options ruled out or weighed
    ("prl", TWO, "A again, it's winning.", "A"),
    ("bandit4arm-gl", FOUR, "A ended up positive overall, I'll keep playing A.", "A"),
    ("igt", FOUR, "I avoid A and B because they seem risky; between C and D, D.", "D"),
    ("igt", FOUR, "Either A or D; let's say D.", "D"),
    ("dcigt", DCIGT, "CCC or DDD, I'll take DDD.", "DDD"),
    ("igt", FOUR, "A, B, C or D: C.", "C"),
    ("igt", FOUR, "I'll avoid A and B and go with D.", "D"),
    ("bandit4arm-gl", FOUR, "Wähle D.", "D"),
    ("prl", TWO, "Sigo con la A.", "A"),
    ("prl", TWO, "Je reste sur A.", "A"),
    ("igt", FOUR, "Ich bleibe bei C.", "C"),
    ("bandit2arm", TWO, "Machine: A", "A"),
    ("bandit2arm", TWO, "**Machine:** B", "B"),
    ("bandit-pairs", TWO, "I'll start with A and see how it pays.", "A"),
    # 4. a zh/ja/ko letter fused to a particle or the option's noun
    ("igt", FOUR, "C 덱을 고르겠습니다", "C"),
    ("igt", FOUR, "D덱으로 하겠습니다.", "D"),
    ("bandit2arm", TWO, "A기계를 하겠습니다", "A"),
    ("igt", FOUR, "Cのデッキにします", "C"),
    ("bandit2arm", TWO, "Bのマシンにします", "B"),
    ("igt", FOUR, "我从C牌组抽一张", "C"),
    ("igt", FOUR, "我抽D", "D"),
    ("igt", FOUR, "Dのデッキを選びます。", "D"),
    # 1. bandit-pairs: a side names the machine the trial put there (options listed left first)
    ("bandit-pairs", {"trial": 1, "options": ["A", "B"]}, "The right one.", "B"),
    ("bandit-pairs", {"trial": 1, "options": ["A", "C"]}, "Neither has a history yet; I'll take the right-hand machine.", "C"),
    ("bandit-pairs", {"trial": 1, "options": ["B", "D"]}, "Je prends la machine de gauche.", "B"),
    ("bandit-pairs", {"trial": 1, "options": ["B", "A"]}, "I pick the left machine, B.", "B"),
    ("bandit-pairs", {"trial": 1, "options": ["D", "C"]}, "Ich nehme den linken Automaten.", "D"),
    ("bandit-pairs", {"trial": 1, "options": ["D", "C"]}, "右边的机器。", "C"),
    # 8. a lone count after the option is the reason it is chosen (the sorted card's count)
    ("wcst-number", WCST, "Option 3 has two.", 3),
    ("wcst", WCST, "Card 4 shows four.", 4),
    # 9. a sentence in another language before a word answer's object states no English word to compare
    ("visfactor-cs3", CS3, 'Das Objekt ist ein Schlüssel. {"answer": "key"}', "key"),
    ("visfactor-cs3", CS3, "C'est une clé. {\"answer\": \"key\"}", "key"),
]

GUARDS = [
    ("igt", FOUR, "D. Kidding aside, D is best.", "D"),
    ("igt", FOUR, "A. Just kidding — D or C.", None),
    ("igt", FOUR, "(e.g. B)", None),
    ("igt", FOUR, "B (e.g. because A lost)", "B"),
    ("igt", FOUR, "C. Either A or B would be worse.", "C"),
    ("igt", FOUR, "Either way, I pick C.", "C"),
    ("wcst", WCST, "Either card 1 or card 4 — I'll go with card 4.", 4),
    ("igt", FOUR, "要么A要么B。", None),
    ("igt", FOUR, "A. Or maybe switch to B.", None),
    ("igt", FOUR, "C. If I misread it, A.", None),
    ("igt", FOUR, "A or B, I'll take B or maybe A.", None),
    ("dcigt", DCIGT, "CCC or DDD, I'm not sure.", None),
    ("igt", FOUR, "I tried A again and lost. B.", "B"),
    ("igt", FOUR, "Let's say it's not A.", None),
    ("igt", FOUR, "A and B: both bad.", None),
    ("igt", FOUR, "A, B, C, D", None),
    ("igt", FOUR, "I'll start with A first, then C.", None),
    ("igt", FOUR, "我从A和B中选B。", None),
    ("bandit-pairs", {"trial": 1, "options": ["B", "D"]}, "I pick the left machine, D.", None),
    ("bandit-pairs", {"trial": 1, "options": ["A", "B"]}, "A is the right one.", None),
    ("bandit-pairs", {"trial": 1, "options": ["A", "B"]}, "A", "A"),
    ("bandit2arm", TWO, "The right one.", None),
    ("wcst", WCST, "Card 4 shows 3 yellow cross signs.", None),
    ("wcst", WCST, "Option 3 has two, option 1 has three.", None),
    ("visfactor-cs3", CS3, 'The object is a lock. {"answer": "key"}', None),
    ("visfactor-cs3", CS3, 'The object is a key. {"answer": "key"}', "key"),
    ("wcst", WCST, "Soit la première carte, soit la quatrième.", None),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", CASES)
def test_class_cases(test, stimulus, reply, meant):
    assert _read(test, stimulus, reply) == meant


@pytest.mark.parametrize("test,stimulus,reply,meant", GUARDS)
def test_guards(test, stimulus, reply, meant):
    assert _read(test, stimulus, reply) == meant

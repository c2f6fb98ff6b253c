"""The letter, card, T/F-row and free-text classes replies_blind52/53 declined or misread on first
measurement (issue 31), on replies other than the sets' own lines: each ``CASES`` case failed before its
fix; the ``GUARDS`` keep close replies' readings (the reading right, and the near-miss that must stay
invalid)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

BLIND43 = Path(__file__).resolve().parents[1] / "fixtures" / "replies_blind43"
SHIP1 = {"trial": 1, "stage": 1, "options": ["A", "B"]}
ALIEN_X = {"trial": 1, "stage": 2, "options": ["C", "D"], "planet": "X"}
IGT = {"trial": 1, "balance": 2000.0, "options": ["A", "B", "C", "D"]}
WCST = {"card": {"shape": "cross", "color": "green", "number": 2}, "options": [{"shape": "star", "color": "green", "number": 2}, {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}, {"shape": "triangle", "color": "red", "number": 1}], "variant": "wcst"}  # a stored wcst stimulus (replies_blind22)
# a two-group I3 item, as the environment emitted it (replies_blind53 tf_rows:25)
I3_TWO = {"subtest": "I3", "item_seed": 46710688, "difficulty": "normal", "mode": "default", "answer_kind": "groups", "n_rows": 8,
          "question": "The figures of each group share a property that the other group does not have. To which group (1-2) does each test "
                      "figure 1-8 belong?", "options": [1, 2], "row_questions": [], "answer_format": "8 group numbers", "perturbation": {}}
ODDBALL = {'sentences': ['Coral reefs grow in warm, shallow seas.', 'Currents move heat around the planet.', 'Tiny ocean plants produce much of the oxygen we breathe.', 'The Pacific is the largest and deepest ocean.', "Oceans cover about seventy percent of Earth's surface.", 'The deepest known point is the Mariana Trench.', 'The oboe usually plays the tuning note.', 'Ocean water is salty because of dissolved minerals.']}  # replies_blind52 free_text:28's stimulus
I3_THREE = {**I3_TWO, "item_seed": 963019727, "options": [1, 2, 3],  # replies_blind53 tf_rows:30's item: groups 1-3
            "question": "The figures of each group share a property that the other groups do not have. To which group (1-3) does each "
                        "test figure 1-8 belong?"}
MA1 = {"subtest": "MA1", "answer_kind": "int", "options": [45, 77, 23, 12]}
KOOL2 = {"trial": 1, "pad": 2, "stake": 5, "options": ["C", "D"]}

# (test, stimulus, reply, the careful reading: a value, or None for invalid)
CASES = [
    # 1. the option named with the test's own noun, in the lexicon's languages
    ("twostep", SHIP1, "Spaceship A", "A"),
    ("twostep", SHIP1, "I'd go with spaceship B this round.", "B"),
    ("twostep", SHIP1, "Vaisseau A.", "A"),
    ("twostep", SHIP1, "Ich nehme Raumschiff B.", "B"),
    ("twostep", SHIP1, "La nave B.", "B"),
    ("twostep", SHIP1, "宇宙船A", "A"),
    ("twostep", SHIP1, "우주선 B", "B"),
    ("twostep", ALIEN_X, "I'm on planet X. Alien D, please.", "D"),
    ("twostep", ALIEN_X, "Je choisis l'extraterrestre C.", "C"),
    ("twostep", ALIEN_X, "Außerirdischer D", "D"),
    ("twostep", ALIEN_X, "外星人C", "C"),
    ("twostep-kool", KOOL2, "Spaceship C.", "C"),
    ("twostep-kool", KOOL2, "Raumschiff D", "D"),
    # 2. a plan naming the option it starts with, as the reply's last word
    ("igt", IGT, "No information yet, so I'll sample each deck. Let me start with **B**.", "B"),
    ("igt", IGT, "Let me start with C.", "C"),
    ("igt", IGT, "I'll begin with **D** first.", "D"),
    ("igt", IGT, "Je commence par A.", "A"),
    ("igt", IGT, "Empiezo con la C.", "C"),
    ("twostep", SHIP1, "Nothing learnt yet; I'll start with spaceship B.", "B"),
    # 3. a repetition loop cut off mid-item: every complete item agrees
    ("wcst", WCST, "Card 2, card 2, card 2, card", 2),
    ("wcst", WCST, "Option 4; option 4; option 4; opt", 4),
    ("igt", IGT, "Deck B, deck B, deck B, deck", "B"),
    ("twostep", SHIP1, "Spaceship A. Spaceship A. Spaceship A. Space", "A"),
    # 4. an example echoed in words after (or before) the answer, in every format
    ("wcst", WCST, "Option 4 (triangle). Example answer format: Option 1", 4),
    ("wcst", WCST, "Option 2 (e.g. Option 3)", 2),
    ("wcst", WCST, "Card 2 matches by colour. Example answer: Option 3", 2),
    ("visfactor-ma1", "MA1", "It was 47. Example answer format: 23", 47),
    ("visfactor-cs1", "CS1", "bicycle. Example answer: umbrella", "bicycle"),
    # 5. VZ1's piece set told with the noun as the topic, in Japanese, Chinese and Korean
    ("visfactor-vz1", "VZ1", "使用するピースは1と3です。", ["T", "F", "T", "F", "F"]),
    ("visfactor-vz1", "VZ1", "使用的碎片是2和5。", ["F", "T", "F", "F", "T"]),
    ("visfactor-vz1", "VZ1", "사용하는 조각은 1과 4입니다.", ["T", "F", "F", "T", "F"]),
    ("visfactor-vz1", "VZ1", "사용할 조각은 2와 3입니다.", ["F", "T", "T", "F", "F"]),
    # 7. a comment object among chat: the object is the answer
    ("oddball", ODDBALL, 'Here is my comment: {"comment": "Nice facts; the oboe line is odd."}', "Nice facts; the oboe line is odd."),
    ("oddball", ODDBALL, 'Sure! {"comment": "The oboe line is off-topic."} Hope this helps.', "The oboe line is off-topic."),
    ("oddball", ODDBALL, 'Mein Kommentar: {"comment": "Die Oboe passt nicht."}', "Die Oboe passt nicht."),
    # 8. a correction that only offers its new answer: a hedge
    ("visfactor-ma1", MA1, '{"answer": 45}. Wait, it could be {"answer": 77}', None),
    ("visfactor-ma1", MA1, '{"answer": 45}\nNo wait, {"answer": 77}. Maybe.', None),
    ("visfactor-ma1", MA1, '{"answer": 45}\nHmm, it might be {"answer": 77}', None),
    ("visfactor-ma1", MA1, '{"answer": 45}\nOn second thought, it could be {"answer": 77}.', None),
    ("visfactor-ma1", MA1, '{"answer": 45}\nWait — maybe it was {"answer": 77}', None),
    ("igt", IGT, '{"answer": "A"}\nWait, it could be {"answer": "B"}', None),
    ("igt", IGT, "Deck A. Wait, it could be deck B.", None),
]
GUARDS = [
    ("twostep", SHIP1, "A", "A"),
    ("twostep", SHIP1, "Spaceship A or spaceship B, hard to say.", None),
    ("twostep", SHIP1, "Alien A", None),          # the noun of another kind names no spaceship
    ("twostep", SHIP1, "Planet B", None),
    ("twostep", ALIEN_X, "Spaceship C", None),
    ("twostep", ALIEN_X, "I'm on planet X.", None),
    ("twostep-kool", KOOL2, "Planet D", None),
    ("bandit2arm", {"trial": 1, "options": ["A", "B"]}, "Machine B", "B"),
    ("igt", IGT, "I'll start with A or B.", None),                       # two options: no plan
    ("igt", IGT, "Let me start with deck B. It lost money. Deck C gained.", None),  # a walkthrough, not the last word
    ("igt", IGT, "I'd start with A, but maybe B.", None),
    ("wcst", WCST, "Option 3, option 2, option 3, option", None),   # a cut loop whose items disagree
    ("igt", IGT, "Deck B; deck C; deck", None),
    ("wcst", WCST, "Option 1 has 3, Option", None),                  # a list broken off, no loop
    ("wcst", WCST, "Example answer format: Option 1", None),          # the echo alone: no answer of the reply's
    ("wcst", WCST, "Option 3, for example.", 3),
    ("wcst", WCST, "Option 2.\nExample: Option 3", 2),
    ("igt", IGT, "Deck C. Example answer: A", "C"),
    ("wcst", WCST, "For example, option 1 matches the colour of the card because both are red. So option 2.", 2),
    ("visfactor-vz1", "VZ1", "使うのはピース1と5です。", ["T", "F", "F", "F", "T"]),
    ("visfactor-vz1", "VZ1", "使用しないピースは1と2です。", None),   # the pieces not used: not read as used
    ("visfactor-vz1", "VZ1", "不使用的碎片是1和2。", None),
    ("visfactor-vz1", "VZ1", "사용하지 않는 조각은 1과 2입니다.", None),
    ("visfactor-vz1", "VZ1", "使用するピースは1と2、または3です。", None),
    # 6. a group outside the item's groups: invalid (already so on main; blind53 tf_rows:30's item has groups 1-3)
    ("visfactor-i3", I3_TWO, '{"answer": [1, 2, 3, 1, 2, 1, 2, 1]}', None),
    ("visfactor-i3", I3_TWO, '{"answer": [1, 2, 0, 1, 2, 1, 2, 1]}', None),
    ("visfactor-i3", I3_TWO, '{"answer": [1, 2, 1, 1, 2, 1, 2, 1]}', [1, 2, 1, 1, 2, 1, 2, 1]),
    ("visfactor-i3", I3_THREE, '{"answer": [1, 2, 3, 1, 2, 1, 2, 1]}', [1, 2, 3, 1, 2, 1, 2, 1]),
    ("visfactor-vz1", "VZ1", '{"answer": [1, 0, 2, 1, 0]}', None),
    ("visfactor-vz1", "VZ1", '{"answer": ["T", "F", "X", "T", "F"]}', None),
    # 7. a lead-in before a plain-text comment is kept, and so are objects that are examples, or two
    ("oddball", ODDBALL, "Here is my comment: the oboe line is odd.", "Here is my comment: the oboe line is odd."),
    ("oddball", ODDBALL, "Comment: The oboe line is odd.", "Comment: The oboe line is odd."),
    ("oddball", ODDBALL, 'Format, e.g. {"comment": "text"}. The oboe line is odd.', 'Format, e.g. {"comment": "text"}. The oboe line is odd.'),
    # (round 7, fixX: the same wrapper twice is its one comment; two different comments cannot be told apart: no comment)
    ("oddball", ODDBALL, '{"comment": "A"} {"comment": "B"}', None),
    ("oddball", ODDBALL, '{"comment": "The oboe line is odd."} {"comment": "The oboe line is odd."}', "The oboe line is odd."),
    # 8. a correction that states, or decides, its answer; a best guess; the tentative forms already invalid
    ("visfactor-ma1", MA1, '{"answer": 45}\nNo, maybe {"answer": 77}', None),
    ("visfactor-ma1", MA1, '{"answer": 45}\nNo, {"answer": 77}', 77),
    ("visfactor-ma1", MA1, '{"answer": 45}\nWait, it is {"answer": 77}', 77),
    ("visfactor-ma1", MA1, '{"answer": 45}\nNo, probably {"answer": 77}', None),  # (round 6: 'probably' on a bare answer is a hedge, as 'maybe' is)
    ("visfactor-ma1", MA1, '{"answer": 45}\nNein, vielleicht {"answer": 77}', None),
    ("igt", IGT, "Deck A. Wait, deck B could do better, so B.", "B"),
    ("wcst", WCST, "Let me start with option 2. It matches colour. Option 3 matches shape, so 3.", 3),
    ("bandit2arm", {"trial": 1, "options": ["A", "B"]}, "Spaceship B", None),  # not a bandit's noun
]


@lru_cache(maxsize=None)
def stored_stimulus(subtest: str) -> dict:
    """The stimulus of replies_blind43's first line of the visfactor test ``subtest`` (as the environment emitted it)."""
    for path in sorted(BLIND43.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and (row := json.loads(line))["test"] == "visfactor-" + subtest.lower():
                return row["stimulus"]
    raise LookupError(subtest)


def read(test: str, stimulus: dict | str, reply: str):
    stimulus = stored_stimulus(stimulus) if isinstance(stimulus, str) else stimulus
    value, status = get_task(test).answer.parse(reply, Observation(trial=0, stimulus=stimulus, parts=()))
    return value if status == "parsed" else None


@pytest.mark.parametrize(("test", "stimulus", "reply", "meant"), CASES + GUARDS)
def test_reading(test, stimulus, reply, meant):
    got = read(test, stimulus, reply)
    assert (tuple(got) if isinstance(got, list) else got) == (tuple(meant) if isinstance(meant, list) else meant), reply

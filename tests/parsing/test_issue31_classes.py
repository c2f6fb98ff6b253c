"""The misreadings of issue 31, fixed as classes: each class is checked on replies written in
several styles (not the examples the issue names alone), in every format it concerns, with
the readings a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pandas as pd
import pytest

from machinepsych.core.types import Observation
from machinepsych.parsing.refusal import is_refusal
from machinepsych.parsing.words import normalise_word, word_correct
from machinepsych.tasks.catalog import get_task

MA1 = [12, 15, 20, 21, 22, 28, 34, 35, 42, 43, 47, 51, 56, 62, 66, 70, 75, 77, 81, 93, 94, 96, 97]
CARDS = [{"shape": "star", "color": "green", "number": 2}, {"shape": "circle", "color": "blue", "number": 4},
         {"shape": "triangle", "color": "red", "number": 1}, {"shape": "cross", "color": "yellow", "number": 3}]
STIMULI = {
    "visfactor-cs1": {"subtest": "CS1", "answer_kind": "word", "n_rows": 1, "options": []},
    "visfactor-cs2": {"subtest": "CS2", "answer_kind": "word", "n_rows": 1, "options": []},
    "visfactor-ma1": {"subtest": "MA1", "answer_kind": "int", "n_rows": 1, "options": MA1},
    "visfactor-ss3": {"subtest": "SS3", "answer_kind": "int", "n_rows": 1, "options": list(range(1, 11))},
    "visfactor-cf1": {"subtest": "CF1", "answer_kind": "mc", "n_rows": 1, "options": list("ABCDE")},
    "visfactor-cf2": {"subtest": "CF2", "answer_kind": "rows", "n_rows": 5, "options": list("12345")},
    "visfactor-i3": {"subtest": "I3", "answer_kind": "groups", "n_rows": 8, "options": [1, 2, 3]},
    "visfactor-s2": {"subtest": "S2", "answer_kind": "tf", "n_rows": 1, "options": ["T", "F"]},
    "visfactor-cf3": {"subtest": "CF3", "answer_kind": "cell", "n_rows": 1, "options": [],
                      "question": "Copy the figure onto the 5x5 dot grid on the right ..."},
    "wcst": {"card": {"shape": "circle", "color": "blue", "number": 2}, "options": CARDS, "variant": "wcst"},
    "wcst-reflection": {"card": {"shape": "triangle", "color": "blue", "number": 2}, "variant": "wcst-reflection",
                        "options": [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "cross", "color": "green", "number": 2},
                                    {"shape": "circle", "color": "yellow", "number": 1}, {"shape": "star", "color": "blue", "number": 4}]},
    "dcigt": {"trial": 1, "phase": "first", "balance": 2000.0},
    "dcigt-final": {"trial": 1, "phase": "final", "balance": 2000.0, "first_deck": "BBB"},
    "prlt": {"trial": 1}, "wpt": {"day": 1, "today": "sunny", "devices": [1, 0], "cue": "A"},
    "nback": {"letter": "F", "position": 1, "n": 2}, "lnt": {"letter": "K", "digit": 7, "sequence": "K7"},
    "oddball": {"sentences": ["Cats sleep a lot.", "Volcanoes cool the climate.", "Cats purr."]},
    "cogbench-a": {"topic": "Pets", "benchmark": "a", "statements": [{"id": "1", "text": "Pets help."},
                                                                     {"id": "2", "text": "Pets cost."}]},
}


def read(test: str, reply: str):
    stim = STIMULI[test]
    spec = get_task("dcigt" if test == "dcigt-final" else test)
    action, status = spec.answer.parse(reply, Observation(trial=0, stimulus=stim, parts=()))
    if isinstance(action, tuple):
        action = list(action)
    if isinstance(action, dict) and all(isinstance(v, dict) for v in action.values()):
        action = {k: v["rating"] for k, v in action.items()}
    return action if status == "parsed" else None


def check(cases):
    for test, reply, meant in cases:
        assert read(test, reply) == meant, (test, reply)


def test_wrappers_read_the_same_for_every_visfactor_answer_kind():
    """Text around an answer object (a lead-in, an interjection, a json fence, a closing offer)
    changes nothing, for a word as for a letter, a number, T/F and a list."""
    wrappers = ('Here is my answer: {obj}', 'Sure!\n\n{obj}', '```json\n{obj}\n```',
                'Certainly! The answer in JSON:\n```json\n{obj}\n```\nLet me know if you need anything else!',
                'Okay.\n{obj}', 'My response:\n\n{obj}')
    answers = [("visfactor-cs1", '"heart"', "heart"), ("visfactor-cs2", '"GREAT"', "great"), ("visfactor-cf1", '"C"', "C"),
               ("visfactor-ma1", "94", 94), ("visfactor-s2", '"F"', "F"), ("visfactor-cf2", '["T","F","T","F","F"]', list("TFTFF"))]
    check([(t, w.format(obj='{"answer": ' + v + "}"), meant) for w in wrappers for t, v, meant in answers])


def test_an_example_echoed_after_the_answer_is_no_answer_in_every_format():
    echoes = ('\n(format per the example {ex})', ' (as in the example {ex})', '\nNote: I followed the example format {ex}.',
              ' — e.g. {ex} was the example given')
    answers = [("visfactor-ma1", "94", "42", 94), ("visfactor-cf1", '"C"', '"A"', "C"), ("visfactor-s2", '"T"', '"F"', "T"),
               ("visfactor-cs1", '"heart"', '"kettle"', "heart"), ("visfactor-cf3", '"(3, 5)"', '"(2, 5)"', "(3, 5)"),
               ("visfactor-cf2", '["T","F","T","F","F"]', '["T","F","F","F","F"]', list("TFTFF")),
               ("visfactor-i3", "[1,2,2,1,3,3,2,1]", "[1,2,2,1,1,2,1,2]", [1, 2, 2, 1, 3, 3, 2, 1])]
    check([(t, '{"answer": ' + v + "}" + e.format(ex='{"answer": ' + x + "}"), meant)
           for e in echoes for t, v, x, meant in answers])
    check([("wcst", 'Selection: 3 (in the requested form, e.g. "Selection: 2")', 3),
           ("cogbench-a", "Statement 1\nThoughts: ok\nRating: 4 (format per the example: Rating: 3)\n"
                          "Statement 2\nThoughts: no\nRating: 2", {"1": 4, "2": 2})])
    # an answer presented in the example's format is the answer; two real answers stay two
    check([("visfactor-cf1", 'Here it is in the example format: {"answer": "D"}', "D"),
           ("visfactor-cf1", '{"answer": "C"} {"answer": "A"}', None),
           ("visfactor-cf2", '{"answer": ["T","F","T","F","T"]} {"answer": ["T","F","F","F","T"]}', None)])


def test_nothing_is_read_from_a_reply_cut_off_before_its_first_commitment():
    check([("wcst", "Let me analyse each card carefully.\n\n1. The first card shows", None),
           ("wcst", "Let me analyse each card carefully.\n\n1. The first card shows two green stars", None),
           ("wcst", "Looking at the options:\n\n- Card 1: two green stars", None),
           ("wcst", "Let me go through the cards one by one. The first card has two green stars, which matches the", None),
           ("visfactor-cf1", "Let me compare each figure with the pattern. Figure A: the top edge", None),
           ("visfactor-cf3", "I'll trace the path from the circled dot. Step one: from (3, 3)", None),
           ("wpt", "Okay, let me think. Today was sunny and the devices read 1 and 0 which last time", None),
           ("oddball", "Let me read each sentence carefully.\n\n1. The first sentence", None),
           ("oddball", "Thanks for the passage! Let me go through it sentence by sentence.\n\nSentence 1:", None),
           # finished replies, and explicit commitments made before the cut, still read
           ("wcst", "Card 2 matches by colour, so I choose card 2", 2),
           ("wpt", "The devices read [1, 0], so I predict rain", "rainy"),
           ("wcst", "Selection: 3\n\nReasoning:\n- the colour has matched", 3),
           ("oddball", "The volcano sentence does not belong; the rest is about cats, and the", 
            "The volcano sentence does not belong; the rest is about cats, and the")])


def test_a_refusal_is_no_free_text_comment():
    for reply in ("I'm sorry, but I can't help with that.", "I cannot comment on this.",
                  "As an AI, I don't have personal opinions. Is there anything else I can help you with?",
                  "Sorry, I'd rather not comment on this passage.", "I must decline to review this text."):
        assert is_refusal(reply) and read("oddball", reply) is None, reply
    for reply in ("As an AI language model, I don't have feelings, but the volcano line is out of place.",
                  "I can't see anything odd; every sentence fits the topic.",
                  "I can't help but notice the volcano sentence is off-topic.",
                  "As an AI, I find the volcano line odd.", "I cannot help noticing the volcano sentence."):
        assert not is_refusal(reply) and read("oddball", reply) == reply
    assert read("oddball", '{"comment": "Cute facts; the volcano line is odd."}') == "Cute facts; the volcano line is odd."


def test_words_have_one_normal_form_for_the_reader_and_the_scorer():
    check([("visfactor-cs1", r, "bicycle") for r in ('{"answer": "a bicycle"}', '{"answer": "bicycle."}', '{"answer": "Bicycle"}',
                                                       '{"answer": "The bicycle!"}', "Answer: **a Bicycle**",
                                                       "The picture shows a bicycle.", "Sure! It's a bicycle.")])
    check([("visfactor-cs1", r, None) for r in ('{"answer": "bicycle or table"}', '{"answer": "cup/mug"}',
                                                '{"answer": "mug (or cup)"}', '{"answer": "cup, mug"}',
                                                "It looks like a bicycle or a table.", "It could be a fish.", "Sure!")])
    check([("visfactor-cs2", '{"answer": "FINAL"}', "final"), ("visfactor-cs2", "Answer: think", "think"),
           ("visfactor-cs2", "Answer: the image", "image"), ("visfactor-cs2", "the image", "image"),
           ("visfactor-cs1", '{"answer": "Ice-cream"}', "ice-cream"),
           ("visfactor-cs1", "I can see a handle. The word is mug.\n{\"answer\": \"cup\"}", None)])
    assert normalise_word("  An Umbrella. ") == "umbrella" and normalise_word("maybe a cup") is None
    assert word_correct("a bicycle.", ["bicycle", "bike"]) and word_correct("Ice Cream", ["icecream", "ice cream"])
    assert not word_correct("bicycle or table", ["bicycle"]) and not word_correct(None, ["bicycle"])


def test_the_visfactor_scorer_matches_stored_words_in_the_normal_form():
    """Scorer version 2 re-reads a stored word ("a bicycle", stored as written before) against the
    accepted names, so a stored run scores the same as a new one."""
    from machinepsych.tasks.visfactor.score import SCORER, score_visfactor

    assert SCORER.version >= 2  # 2: words in the normal form (3: split conditions without the kit's norm)
    trials = pd.DataFrame({"subtest": ["CS1"] * 3, "mode": ["default"] * 3, "kind": ["word"] * 3,
                           "correct": [False, True, False], "rows_correct": [[False], [True], [False]],
                           "choice": ["a bicycle", "heart", "bicycle or table"], "parse_status": ["parsed"] * 3,
                           "hidden": [{"accepted": ["bicycle", "bike"]}, {"accepted": ["heart"]}, {"accepted": ["bicycle"]}],
                           "stimulus": [{"subtest": "CS1", "answer_kind": "word"}] * 3,
                           "chance_item": [0.03] * 3, "chance_row": [0.03] * 3, "reply": [""] * 3, "gold": ["x"] * 3})
    assert score_visfactor(trials)["accuracy"] == pytest.approx(200 / 3)


def test_languages_and_rule_outs_written_as_sentences():
    check([("prlt", "The left arm has stopped paying; right arm.", "right"),
           ("prlt", "Left has dried up. Right arm it is.", "right"),
           ("prlt", "The right arm keeps losing; left arm.", "left"),
           ("prlt", "The left arm hasn't been paying lately. I'll pull the right one.", "right"),
           ("dcigt", "Decks AAA and BBB have cost me too much; CCC.", "CCC"),
           ("wcst", "Option 3 over option 4: colour has been working.", 3),
           ("wcst", "Je garde la forme : l'option 1, plutôt que l'option 2.", 1),
           # Japanese
           ("wpt", "今日は晴れでしたが、明日は雨になると予測します。", "rainy"), ("wpt", "晴れ", "sunny"),
           ("prlt", "左の腕はここ数回報酬がありませんでした。右の腕を選びます。", "right"),
           ("nback", "はい、一致します。", "yes"), ("nback", "いいえ", "no"), ("lnt", "K は子音です。", "consonant"),
           ("wcst", "色が一致するので、2枚目のカードを選びます。", 2), ("wcst", "1番目のカードではなく、3番目のカードにします。", 3),
           ("visfactor-s2", "いいえ、同じ立方体ではありません。", "F"), ("visfactor-cf1", "正解は選択肢Dです。", "D"),
           ("visfactor-cf2", "1 はい、2 いいえ、3 はい、4 いいえ、5 いいえ", list("TFTFF")),
           ("visfactor-cf3", "3行目、5列目です。", "(3, 5)"), ("visfactor-ma1", "その絵の番号は62でした。", 62)])


def test_decks_final_choices_desk_cards_and_loose_values():
    check([("dcigt", "B", "BBB"), ("dcigt", "deckB", "BBB"), ("dcigt", "I'll take B.", "BBB"), ("dcigt", "**C**", "CCC"),
           ("dcigt", "B has been losing, so I'll go with D.", "DDD"), ("dcigt", "A or B, hard to say.", None),
           ("dcigt", "A few more draws are needed; I'll pick BBB.", "BBB"),
           ("dcigt-final", "Keep.", "BBB"), ("dcigt-final", "I'll keep.", "BBB"), ("dcigt-final", "Stay.", "BBB"),
           ("dcigt-final", "Switch.", None), ("dcigt-final", "I'll keep exploring: DDD.", "DDD"),
           ("wcst-reflection", "The second desk card.", 2), ("wcst-reflection", "The third desk card, circle yellow 1.", 3),
           ("visfactor-s2", '{"answer": "t"}', "T"), ("visfactor-cf1", '{"answer": "e"}', "E"),
           ("visfactor-ma1", '{"answer": 94.0}', 94), ("visfactor-ma1", '{"answer": "94.0"}', 94),
           ("visfactor-ma1", '{"answer": 94.5}', None), ("visfactor-i3", '{"answer": [1.0, 2.0, 2.0, 1.0, 3.0, 3.0, 2.0, 1.0]}',
                                                         [1, 2, 2, 1, 3, 3, 2, 1]),
           ("visfactor-cf3", '{"answer": "(6, 2)"}', None),  # off the 5x5 grid the question names
           ("cogbench-a", "Statement 1\nThoughts: ok\nRating: 4.0\nStatement 2\nThoughts: no\nRating 2 — costly.", {"1": 4, "2": 2}),
           ("wcst", "selction 3 i think", 3), ("visfactor-cf1", "answr is e", "E"), ("visfactor-ma1", "ans 62", 62)])

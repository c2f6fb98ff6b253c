"""The free-text classes replies_blind56 and replies_blind58 found (issue 31, round 4), on replies other than
the sets' own lines: each case failed before its fix; the guards keep close replies' readings (the comment
right, and the near-miss that must stay no comment)."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

STIMULUS = {"sentences": ["Sailors use knots to secure ropes.", "Ships once crossed oceans using only sail power.",
                          "The Moon's phases repeat about every twenty-nine days.", "The tiller or wheel turns the rudder."]}
COMMENT = "Sailing basics; the Moon sentence is unrelated."


def read(reply: str):
    return get_task("oddball").answer.parse(reply, Observation(trial=0, stimulus=STIMULUS, parts=()))


# class 1: a format example echoed beside the comment (its placeholder marks it) is no part of the comment
@pytest.mark.parametrize("reply", [
    COMMENT + '\n\nExample format: {"comment": "..."}',
    COMMENT + '\n\n(Format example: {"comment": "..."})',
    '{"comment": "' + COMMENT + '"}\n\n(Format example: {"comment": "..."})',
    '{"comment": "' + COMMENT + '"}\nFormat: {"comment": "…"}',
    COMMENT + '\n\nSample answer: {"comment": "<your comment>"}',
    COMMENT + '\n\nEjemplo: {"comment": "..."}',
    COMMENT + ' {"comment": "..."}',
])
def test_echoed_example_beside_the_comment_is_left_out(reply):
    assert read(reply) == (COMMENT, "parsed")


def test_echoed_example_in_a_parenthesis_keeps_the_sentence():
    assert read('Sailing basics (format: {"comment": "..."}).') == ("Sailing basics.", "parsed")


@pytest.mark.parametrize("reply", [
    'Example format: {"comment": "..."}',
    '(Format example: {"comment": "..."})',
    '{"comment": "<your comment here>"}',
])
def test_echoed_example_alone_is_no_comment(reply):
    assert read(reply)[0] is None


# guards: an example with a comment of its own, and a bare placeholder, keep their readings
@pytest.mark.parametrize("reply, expected", [
    (COMMENT + '\n\nExample: {"comment": "Nice passage."}', (COMMENT + '\n\nExample: {"comment": "Nice passage."}', "parsed")),
    ('{"comment": "' + COMMENT + '"}', (COMMENT, "parsed")),
    ('{"comment": "..."}', (None, "refusal")),
    ("Here is an example format of a comment: short and to the point. " + COMMENT,
     ("Here is an example format of a comment: short and to the point. " + COMMENT, "parsed")),
])
def test_close_replies_keep_their_readings(reply, expected):
    assert read(reply) == expected


# class 2: a reply that announces it will read the passage first, cut off while walking through its sentences
@pytest.mark.parametrize("reply", [
    "Let me analyse the passage carefully before commenting.\n\nThe first sentence is about knots, the second about",
    "I'll go through the sentences first. Sentence 1 is about knots, and sentence 2 is about",
    "Before I comment, let me read it again.\n\nThe first one is about knots, the second one about",
])
def test_reading_plan_cut_off_is_no_comment(reply):
    assert read(reply) == (None, "invalid")


# guards: a comment cut off stays the comment, also after an announcement of comments; a walk that ends stays
@pytest.mark.parametrize("reply", [
    "Here are my comments.\n\nThe first sentence is lovely, and the second",
    "Let me comment. The Moon sentence does not belong here, and the",
    "The passage is about sailing. The Moon sentence is odd, and the",
    "Let me analyse the passage carefully before commenting.\n\nThe first sentence is about knots, the second about sails.",
    "Glaciers are",
])
def test_comments_cut_off_keep_their_reading(reply):
    assert read(reply) == (reply, "parsed")


def test_announcement_cut_off_stays_no_comment():
    assert read("Let me make a few comments on this passage.\n\n1. The first sentence,") == (None, "invalid")

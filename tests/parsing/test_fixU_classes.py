"""Letter and word readings of round 7 of issue 31 (fixU): a closing "Actually X." after a choice is a self-correction;
bare deeds on an option ending the clause ("Play B", "Let me move to B.", "Voy con la B."); a plan that starts with an
option and goes on to the others; Chinese and Japanese letters before the options' noun and after the net's edge; a
long answer word's vowel slip or split ("consonent", "not avail able"). Each case is a reply other than the corpus
lines, with the reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from machinepsych.parsing import bare_deeds, commitment
from tests.support.replies import read, vf

TWO = {"trial": 2, "options": ["A", "B"]}
FOUR = {"trial": 2, "options": ["A", "B", "C", "D"]}
STAGE2 = {"trial": 3, "stage": 2, "options": ["C", "D"], "planet": "X"}
KOOL = {"trial": 1, "pad": 2, "stake": 1, "options": ["C", "D"]}
VZ2 = vf("VZ2", "mc", 1, ["A", "B", "C", "D", "E"])
VZ3 = vf("VZ3", "letter", 1, list("ABCDEFGHI"))


def test_decision_level_in_step():
    assert bare_deeds._DECISION == commitment.DECISION


# ----------------------------------------------------------------------------- 1. "Actually X." closing the reply
@pytest.mark.parametrize("test,stim,reply,meant", [
    ("twostep", STAGE2, "Alien C gave a coin? I don't remember. I'll choose D. Actually C.", "C"),
    ("twostep", STAGE2, "I'll choose D. Actually C.", "C"),
    ("twostep", STAGE2, "I'll pick C. Actually D!", "D"),
    ("twostep", STAGE2, "Elijo D. Actually C.", "C"),
    ("bandit2arm", TWO, "Machine A. Actually B.", "B"),
    ("bandit2arm", TWO, "I'll play A. Actually B.", "B"),
    ("bandit4arm", FOUR, "Going with C. Actually D.", "D"),
    # guards: an "actually" that takes nothing back, or a later clause that stays with the first
    ("twostep", STAGE2, "D. Actually C is better but I stay with D.", "D"),
    ("twostep", STAGE2, "I'll choose D. Actually I like it.", "D"),
    ("bandit2arm", TWO, "I'll play A. Actually good.", "A"),
    ("twostep", STAGE2, "I'll choose D. Actually, C.", "C"),
])
def test_actually_closing(test, stim, reply, meant):
    assert read(test, stim, reply) == meant


# ----------------------------------------------------------------------------- 2. bare deeds, plans, "my first choice"
@pytest.mark.parametrize("stim,reply,meant", [
    (TWO, "Play B", "B"),
    (TWO, "i play machine: b", "B"),
    (TWO, "I play machine: B", "B"),
    (TWO, "Voy con la B.", "B"),
    (TWO, "Vado con la A.", "A"),
    (TWO, "Je vais avec B.", "B"),
    (TWO, "Ich probiere A.", "A"),
    (TWO, "Ouch, lost points on that one. Let me move to B.", "B"),
    (TWO, "That last pull didn't pay much. Switching it up — A this time.", "A"),
    (TWO, "Last round's treasure was decent, going back to A.", "A"),
    (TWO, "B on the left has been okay but A on the right keeps winning. Playing A.", "A"),
    (TWO, "Trying B.", "B"),
    (TWO, "Moving to B.", "B"),
    (TWO, "Let me play B.", "B"),
    (FOUR, "Only 1 point from A. I'll check what B does.", "B"),
    (FOUR, "My first choice is machine B.", "B"),
    (FOUR, "My first choice will be D.", "D"),
    (FOUR, "Let me start with A and work my way through the others.", "A"),
    (FOUR, "Let me start with C and work my way through the rest.", "C"),
    (FOUR, "I'll begin with A; with four unexplored machines, the order matters little at the start.", "A"),
    (FOUR, "Je commence par B; l'ordre importe peu.", "B"),
    # guards: the option not ending the deed's clause, a look before another choice, negated, conditional, hedged,
    # two options, an earlier first choice
    (TWO, "Playing A was a mistake.", None),
    (TWO, "Going back to B would be silly.", None),
    (FOUR, "I'll check what B does before choosing A.", None),
    (TWO, "Not playing A.", None),
    (TWO, "If A loses, going back to B.", None),
    (TWO, "Maybe play B.", None),
    (FOUR, "I'll begin with A; B after that.", None),
    (FOUR, "I'll start with A and B.", None),
    (FOUR, "My first choice is B, but I'll take C.", "C"),
    (FOUR, "My first choice would be A, but D.", "D"),
])
def test_bare_deeds(stim, reply, meant):
    assert read("bandit2arm" if stim is TWO else "bandit4arm", stim, reply) == meant


# ----------------------------------------------------------------------------- 3. Chinese and Japanese letters
@pytest.mark.parametrize("test,stim,reply,meant", [
    ("prl", TWO, "A机器", "A"),
    ("prl", TWO, "B机器。", "B"),
    ("twostep-kool", KOOL, "C号飞船", "C"),
    ("twostep-kool", KOOL, "D号飞船", "D"),
    ("twostep-kool", KOOL, "Dの宇宙船を選びます。", "D"),
    ("bandit4arm", FOUR, "Bのマシンをプレイします。", "B"),
    ("twostep-kool", KOOL, "C号飞船不好，选D。", "D"),
    ("twostep-kool", KOOL, "Cの宇宙船はだめ。Dを選びます。", "D"),
    ("visfactor-vz2", VZ2, "展开后是D。", "D"),
    ("visfactor-vz2", VZ2, "展开后是C。", "C"),
    ("visfactor-vz3", VZ3, "辺1はAです。", "A"),
    ("visfactor-vz3", VZ3, "辺2はCです。", "C"),
    ("visfactor-vz3", VZ3, "边1是B。", "B"),
    # guards: two options asked about, two edges named
    ("twostep-kool", KOOL, "C飞船还是D飞船？", None),
    ("visfactor-vz3", VZ3, "辺1はA、辺2はB。", None),
    ("visfactor-vz2", VZ2, "展開するとBかCになります。", None),
])
def test_cjk_letters(test, stim, reply, meant):
    assert read(test, stim, reply) == meant


# ----------------------------------------------------------------------------- 4. a long answer word's slips
LNT = {"letter": "F", "digit": 9, "sequence": "F9"}
NBACK = {"letter": "F", "position": 1, "n": 2}


@pytest.mark.parametrize("test,stim,reply,meant", [
    ("lnt-letter", LNT, "consonent", "consonant"),
    ("lnt-letter", LNT, "consonent.", "consonant"),
    ("lnt-letter", LNT, "consinant", "consonant"),
    ("lnt-letter", LNT, "cons onant", "consonant"),
    ("nback", NBACK, "not avail able", "not available"),
    ("nback", NBACK, "not availible", "not available"),
    ("nback", NBACK, "not avai lable", "not available"),
    # guards: a short word gets no vowel slip; the word as written; a rejected slip
    ("lnt-letter", LNT, "vowal", None),
    ("lnt-letter", LNT, "vowel", "vowel"),
    ("lnt-letter", LNT, "vowel, not consonent", "vowel"),
])
def test_long_word_slips(test, stim, reply, meant):
    assert read(test, stim, reply) == meant

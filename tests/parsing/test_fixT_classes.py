"""Questionnaire and free-text readings of round 6 of issue 31 (fixT): a later block headed by its statement and a
correction noun replaces the earlier block of that statement; ratings in range groups ("1-3: 4, 4, 2 / 4-6: ...");
a JSON comment wrapper cut off inside its string is the text written. Each case is a reply other than the corpus
lines, with the reading a careful person takes (None: unreadable, never guessed; a None inside: that statement unrated)."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task
from tests.support.replies import read

TEN = {"topic": "Outdoors", "benchmark": "a", "statements": [{"id": str(k), "text": f"statement text {k}"} for k in range(1, 11)]}
V = [3, 4, 2, 5, 3, 3, 3, 4, 2, 4]
BLOCKS = "\n\n".join(f"Statement {i}\nThoughts: ok.\nRating: {v}" for i, v in zip(range(1, 11), V))
DE = "\n\n".join(f"Aussage {i}\nGedanken: ok.\nBewertung: {v}" for i, v in zip(range(1, 11), V))
ES = "\n\n".join(f"Afirmación {i}\nReflexión: ok.\nCalificación: {v}" for i, v in zip(range(1, 11), V))
FR = "\n\n".join(f"Affirmation {i}\nRéflexion : ok.\nNote : {v}" for i, v in zip(range(1, 11), V))
BOLD = "\n\n".join(f"**Statement {i}**\nThoughts: ok.\nRating: {v}" for i, v in zip(range(1, 11), V))


def ratings(**changed: int | None) -> dict:
    out = {str(k): v for k, v in zip(range(1, 11), V)}
    out.update({k.lstrip("s"): v for k, v in changed.items()})
    return out


def _read(reply: str):
    return read("cogbench-a", TEN, reply)


# ----------------------------------------------------------------------------- 1. a block headed as a correction
@pytest.mark.parametrize("before,correction,meant", [
    (BLOCKS, "Statement 4 correction: Rating: 4", ratings(s4=4)),
    (BLOCKS, "Statement 4 correction: 4", ratings(s4=4)),
    (BLOCKS, "Statement 2 correction — Rating: 1", ratings(s2=1)),
    (BLOCKS, "Statement 4 revision: Rating: 1", ratings(s4=1)),
    (BLOCKS, "Statement 4 update: Rating: 1", ratings(s4=1)),
    (BLOCKS, "Statement 4 (correction): Rating: 1", ratings(s4=1)),
    (BLOCKS, "**Statement 4 correction:** Rating: 1", ratings(s4=1)),
    (BLOCKS, "Statement 4 — Correction: Rating: 1", ratings(s4=1)),
    (BLOCKS, "Statement 4 amendment - Rating: 1", ratings(s4=1)),
    (BLOCKS, "Statement 9 correction:\nThoughts: on reflection, agree.\nRating: 4", ratings(s9=4)),
    (BOLD, "**Statement 4 correction**: Rating: 2", ratings(s4=2)),
    (DE, "Aussage 4 Korrektur: Bewertung: 1", ratings(s4=1)),
    (DE, "Aussage 4 Berichtigung: Bewertung: 2", ratings(s4=2)),
    (ES, "Afirmación 4 corrección: Calificación: 1", ratings(s4=1)),
    (FR, "Affirmation 4 correction : Note : 1", ratings(s4=1)),
    (BLOCKS, "Statement 4 correction: Rating: 4 or 5", ratings(s4=None)),  # two values: that statement unrated
    (BLOCKS, "Statement 4 correction: Rating: 9", ratings(s4=None)),  # off the scale
    (BLOCKS, "Statement 4 correction: maybe 2", ratings(s4=None)),  # a doubt
])
def test_block_headed_as_correction(before, correction, meant):
    assert _read(before + "\n\n" + correction) == meant


TABLE = "| Statement | Rating |\n|---|---|\n" + "\n".join(f"| {i} | {v} |" for i, v in zip(range(1, 11), V))
LIST = "\n".join(f"{i}: {v}" for i, v in zip(range(1, 11), V))


@pytest.mark.parametrize("before,correction,meant", [
    (TABLE, "Statement 4 correction: Rating: 1", ratings(s4=1)),
    (TABLE, "Statement 4 (corrected): 1", ratings(s4=1)),
    (TABLE, "**Statement 4 — corrected:** 1", ratings(s4=1)),
    (TABLE, "Statement 4 correction: not 5 but 1", ratings(s4=1)),
    (LIST, "Statement 4 correction: 1", ratings(s4=1)),
    (LIST, "Aussage 4 Korrektur: 2", ratings(s4=2)),
    (LIST, "陈述4更正：1", ratings(s4=1)),
    (LIST, "Statement 4 update: I still think 5 is right", ratings()),
    (TABLE, "Statement 4 correction: 4 or 1", ratings(s4=None)),  # two values: that statement unrated
])
def test_headed_correction_after_other_layouts(before, correction, meant):
    assert _read(before + "\n\n" + correction) == meant


@pytest.mark.parametrize("reply,meant", [
    (BLOCKS, ratings()),  # no correction: read as before
    (BLOCKS + "\n\nNo corrections: these are final.", ratings()),
    (BLOCKS.replace("Statement 4\n", "Statement 4 correction\n"), ratings()),  # a first block so headed is just that block
    (BLOCKS + "\n\nStatement 4 correction", ratings(s4=None)),  # a correction with no value voids only statement 4
])
def test_block_headed_as_correction_guards(reply, meant):
    assert _read(reply) == meant


# ----------------------------------------------------------------------------- 2. ratings in range groups
G = [4, 4, 2, 4, 3, 3, 3, 3, 2, 4]
GM = {str(k): v for k, v in zip(range(1, 11), G)}


@pytest.mark.parametrize("reply", [
    "1-3: 4, 4, 2\n4-6: 4, 3, 3\n7-10: 3, 3, 2, 4",
    "1-3: 4, 4, 2 / 4-6: 4, 3, 3 / 7-10: 3, 3, 2, 4",
    "S1–S3 → 4/4/2\nS4–S6 → 4/3/3\nS7–S10 → 3/3/2/4",
    "S1-S3 -> 4/4/2; S4-S6 -> 4/3/3; S7-S10 -> 3/3/2/4",
    "Statements 1-5: 4 4 2 4 3\nStatements 6-10: 3 3 3 2 4",
    "My ratings:\n1–5: 4, 4, 2, 4, 3\n6–10: 3, 3, 3, 2, 4",
    "Aussagen 1 bis 3: 4, 4, 2\nAussagen 4 bis 6: 4, 3, 3\nAussagen 7 bis 10: 3, 3, 2, 4",
    "陈述1-3：4，4，2\n陈述4-6：4，3，3\n陈述7-10：3，3，2，4",
    "Q1-Q3 = 4, 4, 2; Q4-Q6 = 4, 3, 3; Q7-Q10 = 3, 3, 2, 4",
    "1-3: 4,4,2 | 4-6: 4,3,3 | 7-9: 3,3,2 | 10: 4",
    "Afirmaciones 1 a 3: 4, 4, 2\nAfirmaciones 4 a 6: 4, 3, 3\nAfirmaciones 7 a 10: 3, 3, 2, 4",
    "1-3: 4/4/2 / 4-6: 4/3/3 / 7-10: 3/3/2/4",
    "**1-3:** 4, 4, 2\n**4-6:** 4, 3, 3\n**7-10:** 3, 3, 2, 4",
    "1 to 5: 4, 4, 2, 4, 3\n6 to 10: 3, 3, 3, 2, 4",
    "#1-#3: 4 4 2\n#4-#6: 4 3 3\n#7-#10: 3 3 2 4",
    "Items 1–3 = 4, 4, 2\nItems 4–6 = 4, 3, 3\nItems 7–10 = 3, 3, 2, 4",
])
def test_range_groups(reply):
    assert _read(reply) == GM


@pytest.mark.parametrize("reply", [
    "1-3: 4, 4\n4-6: 4, 3, 3\n7-10: 3, 3, 2, 4",  # a group given another count
    "1-3: 4/5, 4\n4-6: 4, 3, 3\n7-10: 3, 3, 2, 4",  # mixed separators: '4/5' is a doubt, not two ratings
    "1-3: 4, 4, 2\n4-6: 4, 3, 3\n7-10: 3, 3, 2, 4\nNot sure about 9 though",
    "1-3: 4, 4, 2\n4-6: 4, 3, 3\n7-9: 3, 3, 2",  # statement 10 not rated: no reading of the groups
    "1-4: 4, 4, 2\n4-6: 4, 3, 3\n7-10: 3, 3, 2, 4",  # overlapping ranges
    "1-3: 4, 4, 2\n4-6: 4, 3, 3\n7-10: 3, 3, 2, 4 or maybe 5",
    "1-3: 4, 4, 7\n4-6: 4, 3, 3\n7-10: 3, 3, 2, 4",  # off the scale
])
def test_range_groups_near_misses(reply):
    assert _read(reply) is None


# ----------------------------------------------------------------------------- 3. a comment wrapper cut off inside its string
ODD = {"sentences": ["Many comets come from a distant region called the Oort cloud.", "Central banks control the supply of money.",
                     "Comets are icy bodies that orbit the Sun."]}


def _free(reply: str):
    return get_task("oddball").answer.parse(reply, Observation(trial=0, stimulus=ODD, parts=()))


@pytest.mark.parametrize("reply,meant", [
    ('{"comment": "Comets and one unrelated line about central banks', "Comets and one unrelated line about central banks"),
    ('{"comment": "Comets are neat. The line about central banks is out of place',
     "Comets are neat. The line about central banks is out of place"),
    ('{"answer": "Comets are icy bodies; central banks do not belong', "Comets are icy bodies; central banks do not belong"),
    ('{"response": "The central bank sentence is the odd one out', "The central bank sentence is the odd one out"),
    ('```json\n{"comment": "Comets are icy bodies; central banks do not belong', "Comets are icy bodies; central banks do not belong"),
    ('```json\n{"answer": "Nice comet facts, but the money line', "Nice comet facts, but the money line"),
    ('{"comment": "Nice facts about \\"comets\\" and the odd bank line', 'Nice facts about "comets" and the odd bank line'),
    ('{"comment": "Los cometas son interesantes; la frase sobre los bancos centrales no encaja',
     "Los cometas son interesantes; la frase sobre los bancos centrales no encaja"),
    ('{"comment": "Kometen sind spannend, aber der Satz über Zentralbanken passt nicht',
     "Kometen sind spannend, aber der Satz über Zentralbanken passt nicht"),
    ('{"comment": "Les comètes sont fascinantes ; la phrase sur les banques centrales',
     "Les comètes sont fascinantes ; la phrase sur les banques centrales"),
    ('{"comment": "彗星的句子都很有趣，但关于央行的那句', "彗星的句子都很有趣，但关于央行的那句"),
    ('{"feedback": "Comets are cool and the bank sentence is odd', "Comets are cool and the bank sentence is odd"),
    ('{ "comment" : "Comets orbit the Sun. Central banks', "Comets orbit the Sun. Central banks"),
    ('{"comment": "Comets \\u00e9 fun and \\u00', "Comets é fun and"),
    ('{"comments": "Most lines are about comets; one is about money', "Most lines are about comets; one is about money"),
])
def test_cut_wrapper(reply, meant):
    assert _free(reply) == (meant, "parsed")


@pytest.mark.parametrize("reply,meant", [
    ('{"comment": "Comets are fun."}', ("Comets are fun.", "parsed")),  # a whole wrapper: as before
    ('{"comment": "Comets are fun."', ("Comets are fun.", "parsed")),  # unclosed after its string: as before
    ('{"comment": "', (None, "invalid")),  # cut off before any text
    ('{"comment": "Let me', (None, "invalid")),  # cut off before it said anything, as the bare reply 'Let me' is
    ('{"comment": "Here are my comments on the', (None, "invalid")),
    ('{"sentiment": "Comets are fun and', (None, "invalid")),  # not a comment key
    ('{"comment": "Comets.", "sentiment": "pos', (None, "invalid")),  # cut in another key: not read here
])
def test_cut_wrapper_guards(reply, meant):
    assert _free(reply) == meant

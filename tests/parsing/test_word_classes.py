"""Classes of word-answer misreadings (VisFactor CS1-CS3) a probe of 295 word replies found (issue 31; the
probe was labelled before it was measured: 79.0% meant, 4.1% wrong, 16.9% invalid at e7fb3b1). Each class
is checked on replies other than the probe's lines, with the reading a careful person takes (None:
unreadable, never guessed); the guards beside each class must keep their reading."""
from __future__ import annotations

import pytest

from machinepsych.parsing.words import normalise_word, word_correct, word_in
from tests.support.replies import read, vf

CS1 = vf("CS1", "word", 1, [])
CS2 = vf("CS2", "word", 1, [])


# ----------------------------------------------------------------------------- describing words before the name
DESCRIBED = [
    # colour, size, age or material before the name: the name ("a red apple" is apple, for the reader and the scorer)
    ('{"answer": "a green apple"}', "apple"), ('{"answer": "tiny mushroom"}', "mushroom"),
    ("It's a wooden chair.", "chair"), ('{"answer": "vintage big candle"}', "candle"), ("A yellow star.", "star"),
    ('{"answer": "ceramic mug"}', "mug"), ("It's a steel key.", "key"),
    # guards: a describing word alone is a word (CS2 "red", "white"); a compound name keeps both words; two names stay two
    ('{"answer": "red"}', "red"), ("White.", "white"), ('{"answer": "light bulb"}', "light bulb"),
    ('{"answer": "ice cream"}', "ice cream"), ('{"answer": "red apple or cherry"}', None),
]


# ----------------------------------------------------------------------------- a verb of reading before the word
READS = [
    # "It reads / says / spells (out) X", "It seems to be X": the word, never "reads window"
    ("It reads garden.", "garden"), ("It says river.", "river"), ("It spells out market.", "market"),
    ("It seems to be a lamp.", "lamp"), ('This reads "winter".', "winter"), ('I read it as "river".', "river"),
    ("The letters say GARDEN.", "garden"), ("I'm going with market.", "market"),
    # guards: a reading with two words offered or a question stays unread
    ("It reads garden or golden.", None), ("It says river?", None),
]


# ----------------------------------------------------------------------------- a value saying the object is unknown
UNKNOWN = [
    ('{"answer": "Unknown"}', None), ('{"answer": "unclear"}', None), ("Answer: unidentifiable", None),
    ('{"answer": "uncertain"}', None),
    # guard: a name stays a name
    ('{"answer": "umbrella"}', "umbrella"),
]


# ----------------------------------------------------------------------------- a phrase read clause by clause
CLAUSES = [
    # a clause that says how sure, leads in or rules out is no second name; a description after the name is not either
    ("A kettle, I believe.", "kettle"), ("Anchor, definitely.", "anchor"), ("Hmm, a spoon.", "spoon"),
    ("Not a hammer — an anchor.", "anchor"), ("It isn't a cup; it's a bell.", "bell"),
    ("Candle — a wax stick with a flame on top.", "candle"), ("Crown, seen from the front.", "crown"),
    ("rocket: it has fins and a pointed nose", "rocket"),
    # a last clause that decides, after two candidates: that one
    ("Either a key or a lock — I'll say key.", "key"), ("It might be a bell or a lamp, but I'll go with bell.", "bell"),
    ("Hard to say, but I'll guess bell.", "bell"), ("A crown, I'm quite certain.", "crown"),
    # guards: two names joined by a comma or a dash stay two; a hedge after a name stays a hedge; an apology names nothing
    ("cup, mug", None), ("Kettle — a teapot.", None), ("A kettle, or maybe a teapot.", None),
    ("Either a key or a lock.", None), ("Sorry, the picture is too faint to say what it is.", None),
    ("Kettle, no wait, teapot.", "teapot"),
]


# ----------------------------------------------------------------------------- a gloss in brackets
GLOSS = [
    # the Latin-script translation after a name in another script or a sentence in another language
    ("答案：雨伞（umbrella）", "umbrella"), ("Ответ: ключ (key)", "key"), ("벨 (bell)", "bell"),
    ("C'est une bougie (candle).", "candle"), ("Das ist ein Anker (anchor).", "anchor"),
    # a description in brackets after the name
    ("Answer: A rocket (pointing up)", "rocket"), ("Spoon (seen from above, handle to the left)", "spoon"),
    # guards: two single Latin-script names, either of which may be the English one, stay unread; a hedge in brackets
    ("Anker (anchor)", None), ("Answer: anchor (or a hook)", None), ('{"answer": "bicycle (bike)"}', "bicycle"),
]


# ----------------------------------------------------------------------------- a last sentence stating the object
STATED = [
    ("After looking at the curves, I concluded that the object shown is a mushroom.", "mushroom"),
    ("The hidden object in the picture is a bottle.", "bottle"), ("Behind all the static there is a flag.", "flag"),
    ("There is a flag hidden in the noise.", "flag"), ("Through the snow I can make out a rocket.", "rocket"),
    ("There's a bottle in the image.", "bottle"), ("The partly hidden object is a bell.", "bell"),
    ("I'm quite sure it is a hammer.", "hammer"), ("From the outline I can tell that it's a crown.", "crown"),
    # guards: a part seen without the picture's place is no answer; a hedge stays a hedge
    ("I can see a wheel.", None), ("There is a car or a bus hidden in the noise.", None),
    ("The object in the picture is unclear.", None),
]


# ----------------------------------------------------------------------------- a quoted word in another script's sentence
QUOTED_OTHER_SCRIPT = [
    ('这个词是"river"。', "river"), ("この単語は『window』です。", "window"), ('정답은 "garden"입니다.', "garden"),
    ("Это слово «winter».", "winter"), ("My best reading is 'garden'.", "garden"),
    # guards: a negation or a hedge of the language, or two quoted words, names none
    ('这个词不是"river"。', None), ("『window』かもしれません。", None), ('"river" 또는 "rover"', None),
    ("Это не «winter».", None),
]


# ----------------------------------------------------------------------------- an answer label in other places
LABEL_PLACES = [
    # alone on its line (a markdown heading) with the word on the next; after a comma; an arrow before the word
    ("### Final answer\n\n**Anchor**\n\nThe hook shape at the bottom gives it away.", "anchor"),
    ("Answer\nbell", "bell"), ("Looking at it closely, my answer is **candle**.", "candle"),
    ("Having weighed the options, the answer is:\n\nSpoon", "spoon"), ("-> rocket", "rocket"), ("→ crown", "crown"),
    # guards: a heading over a hedge or over two words, and a label over a hedge, name none
    ("On reflection, the hidden object is round.\nAnswer: bell", "bell"), ("## Answer\n\nCup or mug", None), ("## Answer\n\ncup, mug", None), ("Looking closely, my answer is maybe candle.", None),
]


# ----------------------------------------------------------------------------- a revision in the last clause
REVISED = [
    ("I thought it was a lamp at first, but on closer inspection it's a bell.", "bell"),
    ("It looked like a spoon at first, but looking again, it is a key.", "key"),
    # guards: a revision that hedges, or no revision, stays unread
    ("It looked like a spoon, but on closer look it's a key or a lock.", None), ("It looked like a spoon, a key.", None),
]


# ----------------------------------------------------------------------------- the object stated before an explanation
STATED_ONCE = [
    ("Great puzzle! After studying the fragments, I believe that the object depicted is a candle. The flame is at the "
     "top and the holder at the bottom. I hope this helps!", "candle"),
    ("Thanks! Based on the shapes, it appears to be an anchor. The curved arms at the bottom are typical.", "anchor"),
    # guards: two sentences stating different objects, or a stated object then a hedge, name none
    ("The object is a cup. The object is a mug. The handle is large.", None),
    ("Based on the shapes, it appears to be an anchor. Or maybe a hook. The arms are curved.", None),
]


# ----------------------------------------------------------------------------- a clause is no name
CLAUSE_NO_NAME = [
    # a last sentence of several words with a verb or a pronoun is a remark, never the word
    ("The picture is hard to read. The arms are curved.", None), ("Kettle? I hope this helps!", None),
    ('{"answer": "it is round"}', None), ("Thanks!\nYou can see it.", None), ("I'm an AI.", None),
    ("I am an AI.", None), ("Thanks, happy to help.", None), ("I'm going with bell.", "bell"),
    # guards: one such word alone is a word (CS2), and names of two or three words stay names
    ('{"answer": "think"}', "think"), ("teddy bear", "teddy bear"), ("It's an ice cream cone.", "ice cream cone"),
]


# ----------------------------------------------------------------------------- the letters a word is spelled with
SPELLED = [
    ("G A R D E N", "garden"), ("R-I-V-E-R.", "river"), ("The visible letters spell out MARKET.", "market"),
    ('The remaining letters read "winter".', "winter"),
    # guards: letters that spell two words, or a hedge, name none
    ("The letters spell out river or rover.", None), ("W I N T E R or W I N D O W", None),
]


CLASSES = {"described": [("visfactor-cs1", CS1, r, m) for r, m in DESCRIBED],
           "reads": [("visfactor-cs2", CS2, r, m) for r, m in READS],
           "unknown": [("visfactor-cs1", CS1, r, m) for r, m in UNKNOWN],
           "clauses": [("visfactor-cs1", CS1, r, m) for r, m in CLAUSES],
           "gloss": [("visfactor-cs1", CS1, r, m) for r, m in GLOSS],
           "stated": [("visfactor-cs3", CS1, r, m) for r, m in STATED],
           "quoted-other-script": [("visfactor-cs2", CS2, r, m) for r, m in QUOTED_OTHER_SCRIPT],
           "label-places": [("visfactor-cs1", CS1, r, m) for r, m in LABEL_PLACES],
           "revised": [("visfactor-cs1", CS1, r, m) for r, m in REVISED],
           "stated-once": [("visfactor-cs1", CS1, r, m) for r, m in STATED_ONCE],
           "clause-no-name": [("visfactor-cs1", CS1, r, m) for r, m in CLAUSE_NO_NAME],
           "spelled": [("visfactor-cs2", CS2, r, m) for r, m in SPELLED]}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


def test_the_scorer_and_a_person_s_typed_name_share_the_reader_s_form():
    # the scorer matches "a red apple" to "apple" as the reader stores it; a person typing it is read the same
    assert normalise_word("A big black umbrella.") == "umbrella" and word_correct("a red apple", ["apple"])
    assert not word_correct("red", ["apple"]) and word_in("A red apple") == "apple"
    assert word_in("cup, mug") is None and word_in("Cup, I think") == "cup"

"""Questionnaire and free-text readings of round 7 of issue 31 (fixX): a sentence that only declines to comment is
no comment; a row of identical JSON comment wrappers is its one comment (different ones: none); an example echoed
after the ratings with words before its colon is no rating; whole questionnaires in compact forms (numbered pairs,
cut-off runs, numbered labelled lines, one rating for all, prose naming every statement once). Each case is a reply
other than the corpus lines, with the reading a careful person takes (None: unreadable, never guessed; a None inside:
that statement unrated)."""
from __future__ import annotations

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task
from tests.support.replies import read

TEN = {"topic": "Pets", "benchmark": "a", "statements": [{"id": str(k), "text": f"statement text {k}"} for k in range(1, 11)]}
V = [4, 3, 3, 2, 4, 2, 3, 4, 3, 4]
ODD = {"sentences": ["Backstroke is the only stroke swum on the back.", "Freestyle is usually the fastest swimming stroke.",
                     "Comets are icy bodies that orbit the Sun."]}


def ratings(values=V, **changed):
    out = {str(k): v for k, v in zip(range(1, 11), values)}
    out.update({k.lstrip("s"): v for k, v in changed.items()})
    return out


def _read(reply: str, test: str = "cogbench-a"):
    return read(test, TEN, reply)


def _free(reply: str):
    return get_task("oddball").answer.parse(reply, Observation(trial=0, stimulus=ODD, parts=()))


# ----------------------------------------------------------------------------- 1. declining to comment; repeated wrappers
@pytest.mark.parametrize("reply", [
    "I won't be commenting on this.", "I'm not going to comment.", "I am not going to comment on this.", "I'd rather not comment.",
    "I would prefer not to comment on this one.", "I decline to comment.", "I'll pass.", "I will not comment here.",
    "Kein Kommentar von mir.", "Ich möchte das nicht kommentieren.", "Ich verzichte auf einen Kommentar.",
    "Prefiero no comentar.", "No voy a comentar.", "Je préfère ne pas commenter.", "Je ne vais pas commenter.",
    "Preferisco non commentare.", "Prefiro não comentar.", "不予置评。", "我不想评论。", "コメントは控えます。",
    "コメントを差し控えます。", "코멘트는 하지 않겠습니다.", "I'd rather not comment. Thanks!",
])
def test_declining_to_comment_is_no_comment(reply):
    assert _free(reply) == (None, "refusal")


@pytest.mark.parametrize("reply", [
    "I won't comment on the bees, but the comet line is odd.",
    "I'm not going to comment on every line. The comet one is off-topic.",
    "我不想评论别的，但彗星那句不相关。",
    "I won't lie: the comet sentence does not belong.",
])
def test_declining_beside_a_comment_keeps_the_comment(reply):
    assert _free(reply) == (reply, "parsed")


@pytest.mark.parametrize("reply,meant", [
    ('{"comment": "Swimming facts; comets are unrelated."} {"comment": "Swimming facts; comets are unrelated."}',
     "Swimming facts; comets are unrelated."),
    ('{"comment": "Swimming facts; comets are unrelated."}\n{"comment": "Swimming facts; comets are unrelated."}',
     "Swimming facts; comets are unrelated."),
    ('{"comment": "Nice."}, {"comment": "Nice."}, {"comment": "Nice."}', "Nice."),
    ('```json\n{"comment": "Fine list."}\n```\n```json\n{"comment": "Fine list."}\n```', "Fine list."),
    ('{"answer": "Strokes are fine; the comet is odd."} {"answer": "Strokes are fine; the comet is odd."}',
     "Strokes are fine; the comet is odd."),
])
def test_identical_wrappers_are_one_comment(reply, meant):
    assert _free(reply) == (meant, "parsed")


@pytest.mark.parametrize("reply,meant", [
    ('{"comment": "Comets are off-topic."} {"comment": "All of it fits."}', (None, "invalid")),
    ('{"comment": "No comment."} {"comment": "No comment."}', (None, "refusal")),
    ('{"comment": "Good facts."}', ("Good facts.", "parsed")),
])
def test_wrapper_guards(reply, meant):
    assert _free(reply) == meant


# ----------------------------------------------------------------------------- 2. an example echoed after the ratings
LINES = "\n".join(f"Statement {i}: {v}" for i, v in zip(range(1, 11), V))


@pytest.mark.parametrize("echo", ["Example format: Statement 1: 3", "Format example: Statement 1: 5", "Example of the format: Statement 1: 1",
                                  "Sample answer: Statement 1: 2", "Example: Statement 1: 3"])
def test_echoed_example_after_the_ratings(echo):
    assert _read(LINES + "\n\n" + echo) == ratings()


# ----------------------------------------------------------------------------- 2-3. compact whole replies
PAIRS = [
    ", ".join(f"S{i} {v}" for i, v in zip(range(1, 11), V)),
    " ".join(f"S{i}={v}" for i, v in zip(range(1, 11), V)),
    " ".join(f"Rating {i}: {v}" for i, v in zip(range(1, 11), V)),
    "; ".join(f"S{i}: {v}" for i, v in zip(range(1, 11), V)),
    ", ".join(f"Q{i}={v}" for i, v in zip(range(1, 11), V)),
    " ".join(f"{i} {v}" for i, v in zip(range(1, 11), V)),
    "\n".join(f"{i}: {v}" for i, v in zip(range(1, 11), V)) + "\n\n以上が私の評価です。",
    "\n".join(f"{i}: {v}" for i, v in zip(range(1, 11), V)) + "\n\nThat's all from me.",
    ", ".join(f"Statement {i}: {v}" for i, v in zip(range(1, 11), V)),
]
ANCHORS = {1: "strongly disagree", 2: "disagree", 3: "neutral", 4: "agree", 5: "strongly agree"}


@pytest.mark.parametrize("reply", PAIRS)
def test_numbered_pairs(reply):
    assert _read(reply) == ratings()
    assert _read(reply, "cogbench-v") == ratings()


@pytest.mark.parametrize("reply", [", ".join(f"{i} {ANCHORS[v]}" for i, v in zip(range(1, 11), V)),
                                   " ".join(f"{i}) {ANCHORS[v]}" for i, v in zip(range(1, 11), V))])
def test_numbered_anchor_words(reply):
    assert _read(reply) == ratings()


@pytest.mark.parametrize("reply,rated", [("1: 4 2: 3 3: 3 4: 2 5:", 4), ("1: 4\n2: 3\n3: 3\n4: 2\n5: 4\n6: 2\n7", 6),
                                         ("S1 4, S2 3, S3 3, S4", 3), ("1: 4\n2: 3\n3: 3\n4: 2\n5: 4\n6:", 5)])
def test_cut_off_runs_rate_what_came_before(reply, rated):
    assert _read(reply) == ratings(V[:rated] + [None] * (10 - rated))


def test_an_unreadable_pair_leaves_its_statement_unrated():
    assert _read(", ".join(f"S{i} {v}" if i != 2 else "S2 3 or 4" for i, v in zip(range(1, 11), V))) == ratings(s2=None)
    assert _read(", ".join(f"Q{i}={v}" if i != 5 else "Q5=maybe 4" for i, v in zip(range(1, 11), V))) == ratings(s5=None)


LABELS = ["Healthier", "Costs", "Children", "Large dogs", "Company", "Exotic pets", "Shelters", "Ties down", "At work", "Landlords"]


@pytest.mark.parametrize("reply", [
    "### Ratings\n\n" + "\n".join(f"{i}. **{t}:** {v}" for i, t, v in zip(range(1, 11), LABELS, V)),
    "\n".join(f"{i}. {t}: {v}" for i, t, v in zip(range(1, 11), LABELS, V)),
    "**My ratings**\n" + "\n".join(f"{i}) **{t}**: **{v}**" for i, t, v in zip(range(1, 11), LABELS, V)),
])
def test_numbered_labelled_lines(reply):
    assert _read(reply) == ratings()


@pytest.mark.parametrize("reply,v", [("All of them get a 4 from me.", 4), ("They all get a 3.", 3), ("Each of the statements gets a 2.", 2),
                                     ("I give all of them a 5.", 5), ("All ten statements get a 3 from me.", 3)])
def test_one_rating_for_all(reply, v):
    assert _read(reply) == ratings([v] * 10)


@pytest.mark.parametrize("reply", [
    "Statement 1 gets a 4 from me, statement 2 a 3, statement 3 a 3, statement 4 a 2, statement 5 a 4, statement 6 a 2, "
    "statement 7 a 3, statement 8 a 4, statement 9 a 3 and statement 10 a 4.",
    "Statement 1 gets a 4. Statement 2 gets a 3. Statement 3 gets a 3. Statement 4 gets a 2. Statement 5 gets a 4. "
    "Statement 6 gets a 2. Statement 7 gets a 3. Statement 8 gets a 4. Statement 9 gets a 3. Statement 10 gets a 4.",
    "I agree with statements 1, 5, 8 and 10 (4 each). Statements 2, 3, 7 and 9 are neutral for me (3). I disagree with 4 and 6 (2).",
    "I agree with statement 1 (4) and statement 5 (4). Statement 2 gets a 3 from me. I'm neutral on statement 3 (3), statement 7 (3) "
    "and statement 9 (3). I disagree with statement 4 (2) and statement 6 (2), and agree with statement 8 (4) and statement 10 (4).",
])
def test_prose_naming_each_statement(reply):
    assert _read(reply) == ratings()


@pytest.mark.parametrize("reply", [
    "I agree with statements 1, 2 and 3 (5). I disagree with the rest (2).",  # agree is not 5; the rest unnamed
    "I strongly agree with statement 1 (5) and statement 7. Statement 2 gets a 3 from me.",  # 7 without a rating
    "Statement 1 gets a 2 from me, statement 2 a 5, statement 2 a 4, statement 4 a 4, statement 5 a 3, statement 6 a 4, "
    "statement 7 a 3, statement 8 a 3, statement 9 a 2 and statement 10 a 4.",  # statement 2 twice, 3 never
    "All of them get a 4 from me, except statement 3, which gets a 2.",
    "I'd give statement 1 a 4 and statements 2 and 3 a 5, but honestly 10 reasons make me unsure.",
    "1: 4\n2:",
    " ".join(f"S{i}={v}" for i, v in zip(range(1, 10), V)),  # nine of ten, not cut off
])
def test_compact_near_misses_stay_unread(reply):
    assert _read(reply) is None


def test_a_hedged_labelled_line_is_not_a_compact_reading():
    reply = "\n".join(f"{i}. **{t}:** {'maybe ' if i == 2 else ''}{v}" for i, t, v in zip(range(1, 11), LABELS, V))
    assert _read(reply) in (None, ratings(s2=None))


def test_a_pair_with_its_anchor_in_brackets_keeps_its_reading():
    # (blind57 likert:58's form) "1: 5 (muy de acuerdo)": no unread pair; the other readers read every line
    reply = "1: 5 (muy de acuerdo)\n" + "\n".join(f"{i}: {v}" for i, v in zip(range(2, 11), V[1:]))
    assert _read(reply) == ratings(s1=5)

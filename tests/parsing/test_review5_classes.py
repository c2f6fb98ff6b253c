"""Classes a fifth adversarial review of the session's new rules found (issue 31): each checked on replies
other than the stored sets, with the reading a careful person takes (None: unreadable, never guessed); the
guards beside each class keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, P3, read, vf

CF2 = vf("CF2", "rows", 5, list("12345"))
TFTFT = ["T", "F", "T", "F", "T"]
QUESTIONNAIRE = {"statements": [{"id": str(i), "text": t} for i, t in enumerate(
    ["Owning a pet makes people healthier.", "Pets are a financial burden.", "Children with pets are more caring."], 1)]}


def _ratings(first: str, layout: str = "{i}. {r}") -> str:
    """A questionnaire reply whose first statement's rating is ``first``, the others 2 and 5."""
    return "\n".join(layout.format(i=i, r=r) for i, r in enumerate([first, 2, 5], 1))


def _rows(third: str) -> str:
    return f"1: T\n2: F\n3: {third}\n4: F\n5: T"


CASES = [
    # --- the Korean "no" labelling the rows it answers no for is no self-correction (it read the list inverted)
    ("visfactor-cf2", CF2, "예: 1, 3, 5\n아니오: 2, 4", TFTFT),
    ("visfactor-cf2", CF2, "예: 1, 3\n아니요: 2, 4, 5", ["T", "F", "T", "F", "F"]),
    # guards: the English list, and "아니," that takes the answer before it back
    ("visfactor-cf2", CF2, "Yes: 1, 3, 5\nNo: 2, 4", TFTFT),
    ("wcst", CARDS, "2번 카드를 고르겠습니다. 아니, 3번으로 하겠습니다.", 3),
    # --- a row's value left open in brackets ("T (or F)", "T（或F）") or offered as a possibility ("T?", "T (maybe)")
    ("visfactor-cf2", CF2, _rows("T (or F)"), None),
    ("visfactor-cf2", CF2, _rows("T（或F）"), None),
    ("visfactor-cf2", CF2, _rows("T (maybe)"), None),
    ("visfactor-cf2", CF2, _rows("T?"), None),
    ("visfactor-cf2", CF2, _rows("T？"), None),
    ("visfactor-cf2", CF2, _rows("T, maybe"), None),
    ("visfactor-cf2", CF2, _rows("T (not sure)"), None),
    ("visfactor-cf2", CF2, "1:T, 2:F, 3:T?, 4:F, 5:T", None),
    ("visfactor-cf2", CF2, "1:T, 2:F, 3:T (or F), 4:F, 5:T", None),
    # guards: a best guess, a remark in brackets, a question answered inside them
    ("visfactor-cf2", CF2, _rows("T (probably)"), TFTFT),
    ("visfactor-cf2", CF2, _rows("T (contains it)"), TFTFT),
    ("visfactor-cf2", CF2, _rows("T (rotated? no)"), TFTFT),
    # --- the bare Chinese 选 after a word that concludes or sets the time ("所以选3", "这次选3")
    ("wcst", CARDS, "颜色规则不对，所以选3。", 3),
    ("wcst", CARDS, "上次的规则不对，这次选3。", 3),
    ("wcst", CARDS, "形状规则错了，因此选3。", 3),
    ("visfactor-p3", P3, "颜色不对，所以选C。", "C"),
    # guards: a reason about that answer is no choice; two answers stay two
    ("wcst", CARDS, "所以选3的理由是颜色。", None),
    ("wcst", CARDS, "所以选2还是3？", None),
    # --- a second rating offered after the first ("4, maybe 5") leaves the statement unrated, as "4 or 5" does
    ("cogbench-a", QUESTIONNAIRE, _ratings("4, maybe 5"), {"1": None, "2": 2, "3": 5}),
    ("cogbench-a", QUESTIONNAIRE, _ratings("4 (or maybe 5)"), {"1": None, "2": 2, "3": 5}),
    ("cogbench-a", QUESTIONNAIRE, _ratings("4 maybe 5"), {"1": None, "2": 2, "3": 5}),
    ("cogbench-a", QUESTIONNAIRE, _ratings("4, perhaps 3", "Statement {i}\nRating: {r}"), {"1": None, "2": 2, "3": 5}),
    ("cogbench-a", QUESTIONNAIRE, _ratings("4, vielleicht 5", "Aussage {i}: {r}"), {"1": None, "2": 2, "3": 5}),
    # guards: a rating with an anchor, and a rating alone
    ("cogbench-a", QUESTIONNAIRE, _ratings("4 - agree"), {"1": 4, "2": 2, "3": 5}),
    ("cogbench-a", QUESTIONNAIRE, _ratings("4", "Statement {i}\nRating: {r}"), {"1": 4, "2": 2, "3": 5}),
    # --- a reply that opens with its own "Q:" and answers it after "A:": the "A:" labels the answer, it is no option A
    ("visfactor-p3", P3, "Q: Which figure contains the shape?\nA: C", "C"),
    ("visfactor-p3", P3, "**Q:** Which figure?\n**A:** D", "D"),
    ("visfactor-p3", P3, "问：哪个图形？\nA：C", "C"),
    ("visfactor-p3", P3, "Q: Which option?\nA: C\nQ: Next item?\nA: D", None),
    # guards: the letters listed as options, and the card format that read "A: 3" already
    ("visfactor-p3", P3, "Q: Which figure?\nA: no\nB: no\nC: yes\nAnswer: C", "C"),
    ("wcst", CARDS, "Q: Which card matches?\nA: 3", 3),
    # --- an invented assistant turn that gives another answer as a turn of talk ("Sorry, B then.") is a second answer
    ("visfactor-p3", P3, "Answer: C\n\nUser: Wrong, it was B.\nAssistant: Sorry, B then.", None),
    ("visfactor-p3", P3, "Answer: C\n\nUser: Are you sure?\nAssistant: B then.", None),
    ("visfactor-p3", P3, "Answer: C\n\nUser: Are you sure?\nAssistant: You're right, B.", None),
    ("wcst", CARDS, "Selection: 3\nUser: Sure?\nAssistant: Sorry, 2 then.", None),
    # guards: a turn that keeps the answer, or talks without one
    ("visfactor-p3", P3, "Answer: C\n\nUser: Are you sure?\nAssistant: Okay, C then.", "C"),
    ("visfactor-p3", P3, "Answer: C\n\nUser: Thanks!\nAssistant: You're welcome!", "C"),
    # --- a self-correction after a full list that changes single rows: the list with those rows changed
    ("visfactor-cf2", CF2, _rows("T") + "\n\nCorrection: figure 3 is F.", ["T", "F", "F", "F", "T"]),
    ("visfactor-cf2", CF2, _rows("T") + "\n\nNo wait, figure 3 is F.", ["T", "F", "F", "F", "T"]),
    ("visfactor-cf2", CF2, _rows("T") + "\n\nActually, figure 3 is F, 5 is F.", ["T", "F", "F", "F", "F"]),
    ("visfactor-cf2", CF2, _rows("T") + "\n\n아니, 3번은 F입니다.", ["T", "F", "F", "F", "T"]),
    ("visfactor-cf2", CF2, _rows("T") + "\n\n訂正：図形3はFです。", ["T", "F", "F", "F", "T"]),
    # guards: a remark about a row after the correction word keeps the list; a full list after it replaces it
    ("visfactor-cf2", CF2, _rows("T") + "\n\nWait, figure 3 is tricky, but I keep T.", TFTFT),
    ("visfactor-cf2", CF2, _rows("F") + "\n\nWait — I misread figure 3. Final: T, F, T, F, T", TFTFT),
    # --- a lone labelled answer with a word of doubt is offered as a possibility, as the bare one is ("C (not sure)")
    ("visfactor-p3", P3, "Answer: C (not sure)", None),
    ("visfactor-p3", P3, "Answer: C — I guess", None),
    ("visfactor-p3", P3, "Final answer: maybe C", None),
    ("wcst", CARDS, "Selection: 3?", None),
    # guards: a labelled best guess and a confidence are read
    ("visfactor-p3", P3, "Answer: C (probably)", None),  # (round 6: 'probably' on a bare answer is a hedge, as 'maybe' is)
    ("wcst", CARDS, "Selection: 3 (confidence: 60%)", 3),
    ("visfactor-p3", P3, "Answer: C", "C"),
]


@pytest.mark.parametrize("test, stimulus, reply, meant", CASES)
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant

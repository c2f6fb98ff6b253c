"""Classes of misreadings a probe of questionnaires, free text and answers in Japanese, Korean and
Chinese found (issue 31): each is checked on replies written for the class, with the reading a careful
person takes (None: unreadable, never guessed); the guards beside each class keep their reading."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, P3, read, vf

ODDBALL = {"sentences": ["Mount Fuji is Japan's highest mountain.", "Sushi is one of Japan's best-known dishes.",
                         "Coffee beans are the seeds of a cherry-like fruit.", "Tokyo is the capital of Japan."]}
ROWS = {"subtest": "CF2", "answer_kind": "rows", "n_rows": 5, "options": ["T", "F"],
        "question": "For each test figure 1-5, does it contain the model? Answer T or F per figure."}
DECK = {"trial": 1, "phase": "first", "balance": 2000.0}
STATEMENTS = ["Owning a pet makes people healthier.", "Pets are a financial burden.", "Children with pets are more caring."]
QUESTIONNAIRE = {"statements": [{"id": str(i), "text": t} for i, t in enumerate(STATEMENTS, 1)]}


def _ratings(reply: str, meant: list | None) -> tuple:
    return ("cogbench-a", QUESTIONNAIRE, reply, None if meant is None else {str(i): r for i, r in enumerate(meant, 1)})


def _comment(reply: str) -> tuple:
    return ("oddball", ODDBALL, reply, reply)


def _refusal(reply: str) -> tuple:
    return ("oddball", ODDBALL, reply, None)


# ----------------------------------------------------------------------------- a Korean, Japanese or Chinese correction
# "No," in Korean (아니), Japanese (いや) or Chinese (不对) takes the answer before it back: the answer after it is
# read, or, where it cannot be read, the reply is unreadable (never the answer taken back)
CORRECTION = [
    ("wcst", CARDS, "2번 카드를 고르겠습니다. 아니, 4번으로 하겠습니다.", 4),
    ("wcst", CARDS, "2번. 아니, 4번으로.", None),
    ("wcst", CARDS, "카드 2。いや、4かな。", None),
    ("wcst", CARDS, "我选2。不对，4也许。", None),
    ("dcigt", DECK, "AAA. 아니, CCC로 바꾸겠습니다.", "CCC"),
    # "(으)로 하겠습니다" (I'll make it X) commits like "を選びます" and "にします"
    ("wcst", CARDS, "4번으로 하겠습니다.", 4), ("dcigt", DECK, "BBB로 할게요.", "BBB"),
    # guards: a correction that confirms the first answer keeps it; one answer alone is read
    ("wcst", CARDS, "2번 카드를 고르겠습니다. 아니, 그게 맞습니다.", 2),
    ("wcst", CARDS, "カード2にします。いや、カード4にします。", 4), ("wcst", CARDS, "我选2。不对，选4。", 4),
    ("wcst", CARDS, "2번 카드를 선택합니다.", 2), ("wcst", CARDS, "2번 또는 4번으로 하겠습니다.", None),
]

# ----------------------------------------------------------------------------- refusals in Chinese, Japanese and Korean
# a reply that only declines (and apologises, or offers other help) is a refusal, not a comment; one that turns to
# the passage after "…ですが、" or "…지만" is a comment
REFUSAL = [
    _refusal("很抱歉，我无法对这段文字发表评论。"), _refusal("对不起，我不能评论这段内容。还有什么可以帮您的吗？"),
    _refusal("저는 이 내용에 대해 평가하기 어렵습니다. 다른 도움이 필요하시면 말씀해 주세요."),
    _refusal("AI로서 개인적인 의견은 없습니다. 죄송합니다."),
    _refusal("申し訳ありませんが、この文章についてはコメントできません。"),
    _refusal("申し訳ありませんが、その依頼にはお応えできません。"),
    _refusal("申し訳ありませんが、AIとして個人的な意見は持っていません。"),
    # guards: comments, including ones that begin with an apology or a difficulty and then comment
    _comment("申し訳ないですが、一つ言わせてください：コーヒーの文は浮いています。"),
    _comment("이 글은 평가하기 어렵지만 커피 문장이 이상합니다."), _comment("AIとして意見はありませんが、コーヒーの文は浮いています。"),
    _comment("很好的日本概述。咖啡豆那句话和主题无关。"), _refusal("No comment."),
    _comment("No comment on the trains, but the coffee sentence is strange."),
    _comment("일본에 대한 좋은 요약입니다. 커피 원두 문장은 주제와 맞지 않네요."),
]

# ----------------------------------------------------------------------------- questionnaires in Japanese, Korean, Chinese
# a rating column headed in the reply's language, anchors in Chinese and Korean (in full-width parentheses too),
# statement numbers with a counter ("1번", "第1题") or the enumeration comma ("1、4"), and a numbered list that skips a
# statement (that statement unrated, the others read)
CJK_QUESTIONNAIRE = [
    _ratings("| 番号 | 評価 |\n|---|---|\n| 1 | 4 |\n| 2 | 2 |\n| 3 | 5 |", [4, 2, 5]),
    _ratings("| 번호 | 점수 |\n|---|---|\n| 1 | 4 |\n| 2 | 2 |\n| 3 | 5 |", [4, 2, 5]),
    _ratings("| 编号 | 评分 |\n|---|---|\n| 1 | 4 |\n| 2 | 2 |\n| 3 | 5 |", [4, 2, 5]),
    _ratings("1. 4（同意）\n2. 2（不同意）\n3. 5（非常同意）", [4, 2, 5]),
    _ratings("1. 4 (동의함)\n2. 1 (전혀 동의하지 않음)\n3. 3 (보통)", [4, 1, 3]),
    _ratings("1. 4（そう思う）\n2. 2（そう思わない）\n3. 5（強くそう思う）", [4, 2, 5]),
    _ratings("1번: 4\n2번: 2\n3번: 5", [4, 2, 5]), _ratings("第1题：4分\n第2题：2分\n第3题：5分", [4, 2, 5]),
    _ratings("1、4\n2、2\n3、5", [4, 2, 5]), _ratings("1. 4\n3. 5", [4, None, 5]),
    _ratings("문장 1: 4점\n문장 3: 2점", [4, None, 2]),
    # guards: an anchor that disagrees with its digit, a rating out of range, a list out of order or repeated
    _ratings("1. 4（不同意）\n2. 2\n3. 5", [None, 2, 5]),
    _ratings("| 번호 | 점수 |\n|---|---|\n| 1 | 4 |\n| 2 | 6 |\n| 3 | 5 |", [4, None, 5]),
    _ratings("1. 4\n3. 5\n2. 2", None), _ratings("1. 4\n2. 2\n2. 5", None), _ratings("2. 4\n3. 5", None),
    _ratings("陈述1\n想法：我同意，但是有保留。\n评分：2\n\n陈述2\n想法：不同意。\n评分：2\n\n陈述3\n想法：同意\n评分：5", [2, 2, 5]),
]

# ----------------------------------------------------------------------------- the statement echoed before its rating
# "1. Owning a pet makes people healthier. — 4": the statement's own words, then the rating after them
ECHO = [
    _ratings("\n".join(f"{i}. {t} — {r}" for i, (t, r) in enumerate(zip(STATEMENTS, [4, 2, 5]), 1)), [4, 2, 5]),
    _ratings(f'1. **{STATEMENTS[0]}** 4\n2. "{STATEMENTS[1]}" – 2\n3. {STATEMENTS[2][:-1]}: 4 - agree', [4, 2, 4]),
    # guards: two ratings, a rating out of range, a digit inside a sentence after the statement
    _ratings(f"1. {STATEMENTS[0][:-1]} — 4 or 5\n2. {STATEMENTS[1][:-1]} — 2\n3. {STATEMENTS[2][:-1]}: 6", [None, 2, None]),
    _ratings(f"1. {STATEMENTS[0]} I have 2 cats.\n2. {STATEMENTS[1]} 3 vets.\n3. {STATEMENTS[2]} 5", [None, None, 5]),
]

# ----------------------------------------------------------------------------- T/F rows in Korean and Japanese
# Korean yes / no (예, 네 / 아니오, 아니요) and true / false (참 / 거짓) are row values; "図形 1", "그림 1", "도형 1" label rows
TF = ["T", "T", "F", "F", "T"]
KO_JA_ROWS = [
    ("visfactor-cf2", ROWS, "1번: 예\n2번: 예\n3번: 아니오\n4번: 아니오\n5번: 예", TF),
    ("visfactor-cf2", ROWS, "그림 1: 예\n그림 2: 네\n그림 3: 아니요\n그림 4: 거짓\n그림 5: 참", TF),
    ("visfactor-cf2", ROWS, "図形1: はい\n図形2: はい\n図形3: いいえ\n図形4: いいえ\n図形5: はい", TF),
    ("visfactor-cf2", ROWS, "図形1: T\n図形2: T\n図形3: F\n図形4: F\n図形5: T", TF),
    # guards: a row cut off, a row left without a value
    ("visfactor-cf2", ROWS, "1번: 예\n2번: 예\n3번: 아니오\n4번:", None),
    ("visfactor-cf2", ROWS, "그림 1: 예\n그림 2: 예\n그림 3: 아니요\n그림 5: 예", None),
]

# ----------------------------------------------------------------------------- a row left between two values
# "4: T 또는 F", "4: はい か いいえ", "4: 예 아니면 아니오": "or" in Korean, Japanese and Chinese leaves the row open
ROW_HEDGE = [
    ("visfactor-cf2", ROWS, "1: T\n2: T\n3: F\n4: T 또는 F\n5: T", None),
    ("visfactor-cf2", ROWS, "1: T\n2: T\n3: F\n4: T か F\n5: T", None),
    ("visfactor-cf2", ROWS, "1: 예\n2: 예\n3: 아니오\n4: 예 아니면 아니오\n5: 예", None),
    ("visfactor-cf2", ROWS, "1: T\n2: T\n3: F\n4: T 还是 F\n5: T", None),
    # guards: every row settled
    ("visfactor-cf2", ROWS, "1: T\n2: T\n3: F\n4: F\n5: T", TF), ("visfactor-cf2", ROWS, "1: T\n2: T\n3: F\n4: T or F\n5: T", None),
]

# ----------------------------------------------------------------------------- a rating left between two values
# "Rating: 3 또는 4", "評価：3か4", "评分：3或4", "评分：3~4": no rating, as "Rating: 3 or 4"
RATING_HEDGE = [
    _ratings("Statement 1\nRating: 3 또는 4\n\nStatement 2\nRating: 2\n\nStatement 3\nRating: 5", [None, 2, 5]),
    _ratings("陈述1\n评分：3或4\n\n陈述2\n评分：2\n\n陈述3\n评分：5", [None, 2, 5]),
    _ratings("ステートメント1\n評価：3か4\n\nステートメント2\n評価：2\n\nステートメント3\n評価：5", [None, 2, 5]),
    _ratings("陈述1\n评分：3~4\n\n陈述2\n评分：2分\n\n陈述3\n评分：5", [None, 2, 5]),
    # guards: one rating each; a rating before its anchor
    _ratings("ステートメント1\n評価：4\n\nステートメント2\n評価：2\n\nステートメント3\n評価：5", [4, 2, 5]),
    _ratings("Statement 1\nRating: 4 - agree\n\nStatement 2\nRating: 2 / disagree\n\nStatement 3\nRating: 5", [4, 2, 5]),
]

# ----------------------------------------------------------------------------- Korean "might be" after the answer
# "정답은 B입니다. D일 수도 있습니다." (the answer is B; it might be D) offers a second answer, as "It might be D." does
MA = vf("MA1", "int", 1, [15, 57, 73, 94])
KO_MIGHT = [
    ("visfactor-p3", P3, "정답은 B입니다. D일 수도 있습니다.", None), ("visfactor-ma1", MA, "57입니다. 73일 수도 있어요.", None),
    ("wcst", CARDS, "2번 카드입니다. 3번일 수도 있어요.", None),
    # guards: the answer alone, with a reason, or with a rejected other
    ("visfactor-p3", P3, "정답은 B입니다.", "B"), ("visfactor-ma1", MA, "정답은 57입니다. 다른 숫자는 아닙니다.", 57),
    ("wcst", CARDS, "2번 카드입니다. 색깔이 같기 때문입니다.", 2), ("visfactor-p3", P3, "정답은 B입니다. 아마 D는 아닙니다.", "B"),
]

# ----------------------------------------------------------------------------- a word after a Korean or Japanese label
# "정답: umbrella", "답: umbrella", "단어: umbrella", "正解：umbrella" label the word as "Answer:" does
CS1 = vf("CS1", "word", 1, [])
WORD_LABEL = [
    ("visfactor-cs1", CS1, "정답: umbrella", "umbrella"), ("visfactor-cs1", CS1, "답: umbrella", "umbrella"),
    ("visfactor-cs1", CS1, "단어: umbrella", "umbrella"), ("visfactor-cs1", CS1, "正解：umbrella", "umbrella"),
    # guards: two words offered, a word in another script (not the English word asked for)
    ("visfactor-cs1", CS1, "정답: umbrella 또는 cane", None), ("visfactor-cs1", CS1, "정답: 우산", None),
]

CLASSES = {"correction": CORRECTION, "refusal": REFUSAL, "cjk_questionnaire": CJK_QUESTIONNAIRE, "echo": ECHO, "ko_ja_rows": KO_JA_ROWS,
           "row_hedge": ROW_HEDGE, "rating_hedge": RATING_HEDGE, "ko_might": KO_MIGHT, "word_label": WORD_LABEL}


@pytest.mark.parametrize("test,stimulus,reply,meant", [case for cases in CLASSES.values() for case in cases],
                         ids=[f"{name}-{i}" for name, cases in CLASSES.items() for i in range(len(cases))])
def test_each_class_reads_as_a_careful_reader(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant

"""Free-text (Oddball comment) classes of issue 31, round 2: single quotes around the whole comment are a wrapper,
and a reply that only opts out of commenting ("No comment.", "N/A", "...", a Korean refusal) is no comment. Each
checked on replies other than the corpus lines, with the reading a careful person takes (None: no comment), and
guards that keep close replies' readings."""
from __future__ import annotations

import pytest

from tests.support.replies import read

ODD = {"sentences": ["Bees make honey from nectar.", "A hive can hold tens of thousands of bees.",
                     "Paris is the capital of France.", "Worker bees are all female."]}


# ---------------------------------------------------------------- 1. single quotes around the whole comment
@pytest.mark.parametrize("reply,meant", [
    ("'Nice bee facts, but the Paris sentence does not belong.'", "Nice bee facts, but the Paris sentence does not belong."),
    ("‘Nice bee facts, but the Paris sentence does not belong.’", "Nice bee facts, but the Paris sentence does not belong."),
    # an apostrophe inside the comment, and a possessive, are not quotes
    ("'I didn't know worker bees are all female. Paris doesn't fit.'", "I didn't know worker bees are all female. Paris doesn't fit."),
    ("‘The bees’ hive facts are great; Paris isn’t about bees.’", "The bees’ hive facts are great; Paris isn’t about bees."),
    ("  'Lovely passage about bees.'  \n", "Lovely passage about bees."),
    ("Answer: 'The Paris line is out of place.'", "The Paris line is out of place."),
])
def test_single_quotes_around_the_whole_comment_are_a_wrapper(reply, meant):
    assert read("oddball", ODD, reply) == meant


@pytest.mark.parametrize("reply", [
    # quotes around one phrase, not the whole: kept as written
    "'Paris' is the odd one out, the rest is about 'bees'",
    "'Bees' and 'hives' fit; 'Paris' does not.",
    "The word 'Paris' stands out.",
    "'Tis a fine passage about bees.",
    # a double-quoted comment keeps its inner single quotes
    "\"The 'Paris' sentence is odd.\"",
])
def test_quotes_around_a_phrase_are_kept(reply):
    meant = reply.strip()
    if meant.startswith('"'):
        meant = meant[1:-1]
    assert read("oddball", ODD, reply) == meant


# ---------------------------------------------------------------- 2. opting out of commenting is no comment
@pytest.mark.parametrize("reply", [
    "No comment.", "No comments.", "No comment on this one.", "No comment from me.", "I have no comments.",
    "I have no comment on this passage.", "Nothing to add.", "I have nothing to add.", "None.",
    "Kein Kommentar.", "Keine Kommentare.", "Sin comentarios.", "Sin comentario.", "Pas de commentaire.",
    "Aucun commentaire.", "Nessun commento.", "Sem comentários.",
    "コメントはありません。", "特にありません。", "无可奉告。", "没有评论。", "暂无评论。", "없습니다.", "코멘트 없습니다.",
    "N/A", "n/a", "...", "…", "—", "-", " ... ", "No comment. Sorry!", '{"comment": "No comment."}', "'No comment.'",
    "Answer: N/A",
    # Korean refusals, as the other languages' are
    "죄송하지만 이에 대해 언급할 수 없습니다.", "죄송합니다. 도와드릴 수 없습니다.", "죄송하지만 도와 드릴 수 없습니다.",
    "이 글에 대해서는 언급할 수 없습니다.",
])
def test_opting_out_is_no_comment(reply):
    assert read("oddball", ODD, reply) is None


@pytest.mark.parametrize("reply", [
    # a comment that mentions "no comment", or says something besides opting out, is kept as written
    "No comment on the hive, but the Paris sentence is strange.",
    "No comments, it all looks fine to me.",
    "I have no comments except that Paris does not fit.",
    "Nothing to add, except that the Paris line is odd.",
    "None of these sentences surprised me.",
    "N/A for me, but Paris is odd.",
    "Kein Kommentar zu den Bienen, aber Paris passt nicht.",
    "特にありませんが、パリの文は関係ないです。",
    "죄송하지만, 파리 문장은 주제와 맞지 않네요.",
    "특히 파리 문장이 이상합니다.",
    "OK.", "👍", "ok", "Nice.",
])
def test_a_comment_beside_an_opt_out_is_kept(reply):
    assert read("oddball", ODD, reply) == reply.strip()

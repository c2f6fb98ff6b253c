"""The parsers' shortcuts change no reading: a card pattern is skipped where the text lacks its
gate (``choice.gated``: a word every match contains), a markup pass of ``text.mask`` where
the text lacks the characters its matches need, and the clauses of a reply that names no other
answer than the one read (``hedges.hedged_alternative``). Every card reply of the corpora (and a
sample of the others, a spread of ways of writing) is read with the gates and without them,
masked with and without the character checks, and looked at for a hedge with the shortcut and
clause by clause: the readings must be the same, field by field."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.parsing import cards, choice, formats, hedges, recall, text

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SHAPES, COLORS = ("triangle", "star", "cross", "circle"), ("red", "green", "yellow", "blue")


def _replies() -> list[str]:
    out = []
    for path in sorted(FIXTURES.glob("replies*/*.jsonl")):
        lines = [json.loads(raw)["reply"] for raw in path.read_text(encoding="utf-8").splitlines() if raw.strip()]
        out += lines if path.stem == "card" else lines[::12]
    for name in ("card_replies.json", "smollm2_replies.json"):
        out += [c["reply"] for c in json.loads((FIXTURES / name).read_text(encoding="utf-8"))]
    return out


REPLIES = _replies()
# option sets: the four shapes apart, and two options sharing shape and colour (descriptions that
# name a card only by its number); the card being sorted described or not
OPTIONS = [
    (tuple(zip(SHAPES, COLORS, (1, 2, 3, 4))), ("star", "red", 3)),
    ((("star", "green", 2), ("star", "green", 4), ("cross", "blue", 1), ("circle", "yellow", 3)), ("triangle", "blue", 2)),
]


def _readings() -> list[tuple]:
    out = []
    for key, sorted_card in OPTIONS:
        for desk in (False, True)[:2 if key == OPTIONS[0][0] else 1]:
            reader = cards._card_reader(key, desk, sorted_card)
            for reply in REPLIES:
                r = reader.reading(reply)
                out.append((r.value, r.ok, r.why, r.mentions, sorted(r.rejected), r.commitments))
    return out


def test_gated_card_patterns_read_as_ungated(monkeypatch):
    assert len(REPLIES) > 500
    monkeypatch.setattr(recall, "enabled", False)  # every reply read (tests/parsing/test_recalled_readings.py)
    gated = _readings()
    assert sum(r[1] for r in gated) > len(gated) // 3  # most of them name a card: the check has readings to compare
    monkeypatch.setattr(choice, "_GATES", {})  # every pattern tried on every text
    monkeypatch.setattr(choice, "_FINDERS", {})
    monkeypatch.setattr(choice, "_SPANS", {})
    _forget_readers()  # readers keep their finders
    assert _readings() == gated
    _forget_readers()


def _forget_readers() -> None:
    cards._options_reader.cache_clear()
    cards._ignoring.cache_clear()


def _mask_unchecked(s: str) -> str:
    for rx, _ in text._MD:
        s = rx.sub(text._REPLACE.get(rx, lambda m: " " * len(m.group(0))), s)  # each pass blanks as mask's does
    return s


@pytest.mark.parametrize("reply", ["**C**", "- **Rainy**", "## Answer\n> B", "$\\boxed{3}$", "\\text{T}", "`x` __y__ ~~z~~",
                                   "• one\n· two", "plain text 3"])
def test_mask_checks_change_nothing(reply):
    assert text.mask(reply) == _mask_unchecked(reply)


def test_mask_checks_change_nothing_on_the_corpora():
    assert [text.mask(r) for r in REPLIES] == [_mask_unchecked(r) for r in REPLIES]


def test_hedge_shortcut_changes_nothing_on_the_corpora():
    """A reply that names no answer but the one it is read as offers no other: what the clause
    analysis gives, for every reply of the corpora read as each value of a card choice and of
    a letter choice (the replies that name another answer go through the analysis either way)."""
    readers = [(cards._card_reader(key, False, sorted_card), (1, 2, 3, 4)) for key, sorted_card in OPTIONS]
    readers.append((formats._letter_reader(tuple("ABCDE")), tuple("ABCDE")))
    compared = skipped = hedged = 0
    for reader, values in readers:
        finder = reader.finder()
        for reply in REPLIES:
            prepared = text.prepare(reply)
            masked = text.mask(prepared)
            mentions = hedges.answer_mentions(masked, finder)
            for value in values:
                clause_by_clause = hedges._hedged_clauses(prepared, masked, mentions, value, lambda m, v: m != v,
                                                          lambda m, v: m == v)
                assert hedges.hedged_alternative(prepared, value, finder) == clause_by_clause, (reply, value)
                compared += 1
                skipped += all(m.value == value for m in mentions)
                hedged += clause_by_clause
    # both kinds compared: replies the shortcut settles, and hedges the analysis finds
    assert skipped > compared // 10 and hedged > 50, (compared, skipped, hedged)


def test_card_keys_convert_what_is_not_plain():
    """A card key is ``(str(shape), str(color), int(number))`` whatever types the stimulus holds
    (the fast path keeps strings and ints as they are)."""
    np = pytest.importorskip("numpy")

    class Shape(str):
        def __str__(self) -> str:
            return "shape:" + super().__str__()

    key = cards._cards_key([{"shape": np.str_("star"), "color": "red", "number": np.int64(2)},
                            {"shape": Shape("cross"), "color": None, "number": True}, {"shape": "circle", "color": "blue"}])
    assert key == (("star", "red", 2), ("shape:cross", "None", 1), ("circle", "blue", 0))
    assert [tuple(map(type, k)) for k in key] == [(str, str, int)] * 3


def test_a_reply_naming_one_answer_is_not_cut_into_clauses(monkeypatch):
    """The runner reads every reply for a second answer: one that names only the answer read
    ("Selection: 2", most replies) is settled once its mentions are found, without the negation
    and clause passes (about half of reading it before); one naming another still gets them
    (card 1, ruled out)."""
    obs = Observation(0, {"card": {"shape": "star", "color": "red", "number": 3},
                          "options": [{"shape": s, "color": c, "number": n} for s, c, n in OPTIONS[0][0]]}, ())
    passes = []
    real = hedges.rejected_mentions
    monkeypatch.setattr(hedges, "rejected_mentions", lambda *a: passes.append(a) or real(*a))
    assert formats.parse_card_choice("Selection: 2", obs) == (2, "parsed")
    assert passes == []
    assert formats.parse_card_choice("Card 1 does not match. Selection: 2", obs) == (2, "parsed")
    assert len(passes) == 1

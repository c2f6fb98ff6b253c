"""A repeated reply's reading is recalled (``parsing.recall``), never different from reading it
again: every reply of every corpus (tests/fixtures/replies*/) is read by its test's parser with
recall off, then with recall on twice (the second time each reading is recalled where its
finders find the same), and once more with the stimulus of the next line of the same test (a
card reply recalled across option sets: another set's finders must find the same mentions, or
the reply is read again). Every reading the engine returns (value, status, why, mentions,
rejected mentions, commitments) must be the same in every pass, and the parsers' answers too."""
from __future__ import annotations

import json
from pathlib import Path

from machinepsych.core.types import Observation
from machinepsych.parsing import FORMATS, cells, choice, commitment, recall
from machinepsych.parsing.truncation import reply_cut_off
from machinepsych.tasks.catalog import get_task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _lines() -> list[dict]:
    out = []
    for path in sorted(FIXTURES.glob("replies*/*.jsonl")):
        out += [json.loads(raw) for raw in path.read_text(encoding="utf-8").splitlines() if raw.strip()]
    return out


LINES = _lines()


def _shifted(lines: list[dict]) -> list[dict]:
    """Each line with the stimulus of the next line of its test (the last with the first's)."""
    by_test: dict[str, list[int]] = {}
    for i, line in enumerate(lines):
        by_test.setdefault(line["test"], []).append(i)
    out = list(lines)
    for idx in by_test.values():
        for a, b in zip(idx, idx[1:] + idx[:1]):
            out[a] = {**lines[a], "stimulus": lines[b]["stimulus"]}
    return out


def _read_all(lines: list[dict], monkeypatch) -> tuple[list, list]:
    """(the parsers' answers, every reading the engine returned) for ``lines``, in order."""
    readings: list = []
    real = commitment.read

    def spy(*args, **kw):
        r = real(*args, **kw)
        readings.append((r.value, type(r.value), r.ok, r.why, r.mentions, sorted(r.rejected), r.commitments))
        return r

    monkeypatch.setattr(commitment, "read", spy)
    monkeypatch.setattr(choice, "read", spy)
    monkeypatch.setattr(cells, "read", spy)
    answers = []
    for line in lines:
        parse = get_task(line["test"]).answer.parse
        try:
            got = parse(line["reply"], Observation(trial=0, stimulus=line["stimulus"], parts=()))
        except Exception as exc:  # noqa: BLE001 - a parser that raises must raise the same way every time
            got = ("error", type(exc).__name__, str(exc))
        answers.append((got, repr(got)))
    monkeypatch.undo()
    return answers, readings


def test_recalled_readings_are_the_readings(monkeypatch):
    assert len(LINES) > 3000
    cards = _shifted([line for line in LINES if get_task(line["test"]).answer.format_name == "card-choice"])
    assert len(cards) > 350
    monkeypatch.setattr(recall, "enabled", False)
    off, off_cards = _read_all(LINES, monkeypatch), _read_all(cards, monkeypatch)
    assert len(off[1]) > 2000  # most parsers read through the engine: there are readings to compare
    monkeypatch.setattr(recall, "_kept", {})
    assert _read_all(LINES, monkeypatch) == off  # kept as they are read
    assert _read_all(LINES, monkeypatch) == off  # recalled
    assert _read_all(cards, monkeypatch) == off_cards  # recalled across option sets, or read again


def test_a_reading_is_recalled_only_where_the_finders_agree(monkeypatch):
    """The same reply with answers that name other things is read again, not recalled."""
    monkeypatch.setattr(recall, "_kept", {})
    a = choice.ChoiceReader((choice.Answer("x", (choice.word("sunny"),)), choice.Answer("y", (choice.word("rainy"),))))
    b = choice.ChoiceReader((choice.Answer("x", (choice.word("rainy"),)), choice.Answer("y", (choice.word("sunny"),))))
    assert a("Answer: sunny") == ("x", "parsed")
    assert len(recall._kept) == 1
    assert b("Answer: sunny") == ("y", "parsed")
    assert a("Answer: sunny") == ("x", "parsed")
    c = choice.ChoiceReader((choice.Answer(1, (choice.word("sunny"),)), choice.Answer(2, (choice.word("rainy"),))))
    d = choice.ChoiceReader((choice.Answer(True, (choice.word("sunny"),)), choice.Answer(2, (choice.word("rainy"),))))
    assert c("Answer: sunny") == (1, "parsed")
    got = d("Answer: sunny")
    assert got == (True, "parsed") and got[0] is True  # 1 == True, yet a different answer: read again


def test_a_reply_told_cut_off_is_not_recalled_as_a_whole_one(monkeypatch):
    monkeypatch.setattr(recall, "_kept", {})
    reply = "Sheet A has one hole, and sheet D matches the fold pattern best. So D."
    letters = Observation(trial=0, stimulus={"answer_kind": "mc", "options": list("ABCDE")}, parts=())
    assert FORMATS["letter"](reply, letters) == ("D", "parsed")
    with reply_cut_off(True):
        assert FORMATS["letter"](reply, letters)[1] != "parsed"
    assert FORMATS["letter"](reply, letters) == ("D", "parsed")

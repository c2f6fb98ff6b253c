"""benchmarks/parsing_end_to_end.py on a small sample: replies of four answer formats, given
through real ``machinepsych run``s on a loopback endpoint, are stored and read as the test's own
parser reads them; a line whose stimulus no seed shows on its first trial is skipped and
counted. One of the tests (VisFactor MA1) has a study page before its first answer."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from parsing_end_to_end import CorpusEndpoint, measure_end_to_end  # noqa: E402

from machinepsych.prompting.strategies import REASK_TEXT  # noqa: E402
from machinepsych.tasks.catalog import get_task  # noqa: E402


def first_stimulus(test: str, seed: int):
    spec = get_task(test)
    return spec.make(spec.resolve("default", {})).reset(seed).stimulus


def lines(test: str, seed: int, fmt: str, replies: list[tuple[str, object]]) -> list[dict]:
    stimulus = first_stimulus(test, seed)
    return [{"test": test, "stimulus": stimulus, "reply": r, "meant": m, "_where": f"{fmt}.jsonl:{i}", "format": fmt}
            for i, (r, m) in enumerate(replies, 1)]


@pytest.fixture(scope="module")
def sample():
    corpus = {
        "card": lines("wcst", 1, "card", [("Selection: 2", 2), ("I would sort it with card 4.\n\nSelection: 4", 4),
                                          ("<think>Colour first? The second card.</think>\nSelection: 3", 3),
                                          ("I cannot tell which rule applies.", None)]),
        "number": lines("visfactor-ma1", 0, "number", [('{"answer": 77}', 77), ('Here is my answer: {"answer": 91}', 91),
                                                       ("I do not remember the pairs.", None)]),
        "word": lines("nback", 0, "word", [("Not available.", "not available"), ("n/a", "not available")]),
    }
    later = {**corpus["word"][0], "stimulus": {"letter": "H", "position": 5, "n": 2}, "_where": "word.jsonl:9"}
    corpus["word"].append(later)  # the fifth letter is never a first trial
    return corpus, measure_end_to_end(corpus, max_seed=3, reask=0, log=lambda *a: None)


def test_each_line_is_stored_and_read_as_the_parser_reads_it(sample):
    corpus, (results, skipped) = sample
    assert [s["where"] for s in skipped] == ["word.jsonl:9"]
    assert len(results) == sum(map(len, corpus.values())) - 1
    for r in results:
        assert r["class"] == r["direct"] == "meant", r
    by_where = {(r["format"], r["where"]): r for r in results}
    assert by_where[("card", "card.jsonl:3")]["parsed"] == 3  # the run read past the reasoning block
    assert by_where[("number", "number.jsonl:3")]["status"] != "parsed"  # stored as unread, not guessed


def test_the_endpoint_gives_each_first_answer_once_and_ends_later_trials():
    ep = CorpusEndpoint()
    ep.start(["first", "second"], before=1)
    study = [{"role": "user", "content": "study page"}]
    ask = study + [{"role": "assistant", "content": "OK."}, {"role": "user", "content": "question"}]
    assert ep.reply(study) == "OK."
    assert ep.reply(ask) == "first"
    assert ep.reply(ask) == "second"
    assert ep.reply(ask + [{"role": "assistant", "content": "first"}, {"role": "user", "content": REASK_TEXT}]) == "first"
    with pytest.raises(ValueError):
        ep.reply(ask + [{"role": "assistant", "content": "first"}, {"role": "user", "content": "next trial"}])

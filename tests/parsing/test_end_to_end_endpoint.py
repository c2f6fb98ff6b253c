"""The loopback endpoint of benchmarks/parsing_end_to_end.py tells requests apart by their images as
well as their text: VisFactor MA1 and MV1-MV3 send each item's own study page (the same words, other
pictures), and read by text alone item 2's study page was taken for item 1's, so every later-trial
line of those tests was lost (replies_blind38's first end-to-end run: 7 lines)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "parsing_end_to_end.py"
_SPEC = importlib.util.spec_from_file_location("benchmarks_parsing_end_to_end", _PATH)
e2e = importlib.util.module_from_spec(_SPEC)
sys.modules["benchmarks_parsing_end_to_end"] = e2e
_SPEC.loader.exec_module(e2e)

SYSTEM = {"role": "system", "content": "Picture-Number (MA1)."}


def study(picture: str) -> dict:
    return {"role": "user", "content": [{"type": "text", "text": "Study page: remember the number that goes with each picture."},
                                        {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{picture}"}}]}


def test_study_pages_with_other_pictures_are_other_requests():
    endpoint = e2e.CorpusEndpoint()
    endpoint.start(["Selection: 3"], before=1, script=['{"answer": 12}', "OK."])
    ack = {"role": "assistant", "content": "OK."}
    item = {"role": "user", "content": "Item 1 of 42. Which number?"}
    assert endpoint.reply([SYSTEM, study("AAAA")]) == "OK."
    assert endpoint.reply([SYSTEM, study("AAAA"), ack, item]) == '{"answer": 12}'
    # item 2: its own study page, then its question: the script's next call, then the line's reply
    assert endpoint.reply([SYSTEM, study("BBBB")]) == "OK."
    assert endpoint.reply([SYSTEM, study("BBBB"), ack, {"role": "user", "content": "Item 2 of 42. Which number?"}]) == "Selection: 3"


def test_the_same_request_again_is_the_same_request():
    endpoint = e2e.CorpusEndpoint()
    endpoint.start(["Selection: 3"], before=1)
    assert endpoint.reply([SYSTEM, study("AAAA")]) == "OK."
    assert endpoint.reply([SYSTEM, study("AAAA")]) == "OK."  # a study page sent again (S2: the same every trial)
    assert endpoint.reply([SYSTEM, study("AAAA"), {"role": "assistant", "content": "OK."},
                           {"role": "user", "content": "Item 1 of 42. Which number?"}]) == "Selection: 3"

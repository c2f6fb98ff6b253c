"""fixY (issue 31, round 8): replies cut off in the clause after a lead-in phrase; corrections after a bare answer.
Each CASE failed on main ba694841 (a confident wrong reading); the GUARDS keep close replies' readings."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task

FIX = Path(__file__).resolve().parents[1] / "fixtures"
# a real stimulus per format/test (set, file, line)
SS = ("replies_blind66", "number", 92)
MV = ("replies_blind68", "tf_rows", 102)
DC = ("replies_blind68", "word", 14)
VZ = ("replies_blind68", "letter", 158)
MB = ("replies_blind66", "word", 88)
LN = ("replies_blind66", "word", 51)


@lru_cache(maxsize=None)
def row(where: tuple) -> dict:
    s, f, n = where
    return json.loads((FIX / s / f"{f}.jsonl").read_text(encoding="utf-8").splitlines()[n - 1])


def read(where: tuple, reply: str):
    r = row(where)
    return get_task(r["test"]).answer.parse(reply, Observation(trial=0, stimulus=r["stimulus"], parts=()))


# class 1: a one-sentence reply that stops in the clause after its lead-in phrase commits to nothing
CUT = [(SS, "Starting from S1, the path goes"), (SS, "Tracing from S2, the route goes"),
       (SS, "Following the lines from S3, the route"), (SS, "Looking at S4, it"), (SS, "From S5, the line runs"),
       (SS, "Checking S2, the path"), (MV, "On the study map, the MILL"), (MV, "In the map, the BRIDGE"),
       (MV, "Looking at the map, it"), (DC, "After the loss of $260 from AAA, I"), (DC, "After the win from BBB, we"),
       (DC, "Given the losses on CCC, my choice")]
KEEP = [(SS, "S1", 1), (SS, "S1.", 1), (SS, "Route: S1", 1), (SS, "Starting from S1, the path reaches F.", 1),
        (DC, "AAA", "AAA"), (DC, "After the loss from AAA, I switch to BBB.", "BBB"), (MV, "MILL", "T"),
        (DC, "In the end, the BBB deck", "BBB"), (DC, "After all, the AAA deck", "AAA"), (MB, "On balance, the left arm", "left")]


@pytest.mark.parametrize("where,reply", CUT)
def test_cut_after_lead_in_is_no_answer(where, reply):
    assert read(where, reply)[0] is None


@pytest.mark.parametrize("where,reply,meant", KEEP)
def test_guards_keep_their_reading(where, reply, meant):
    assert read(where, reply)[0] == meant



# class 2: a correction after a bare answer ends on the new answer alone: the new answer is read
RETAKEN = [(VZ, "D. Wait — I missed the diagonal fold; with it, E.", "E"), (VZ, "B. Hmm, the hole lands on the left; so C.", "C"),
           (MB, "Right arm. Hmm, it just gave 0 twice — left arm instead.", "left"),
           (MB, "Left arm. Oh, it paid nothing three times: right arm instead.", "right"),
           (DC, "AAA. Wait, AAA lost $260 — BBB instead.", "BBB"), (DC, "AAA. Hmm, big losses there; CCC then.", "CCC"),
           (SS, "3. Wait, the path from S3 misses the circle; S4 instead.", 4),
           (VZ, "A. Warte — die Faltung fehlt; mit ihr, C.", "C"), (MB, "Right arm. No wait, it paid 0 — left arm instead.", "left"),
           (DC, "DDD. Oops, DDD lost twice; AAA instead.", "AAA")]
RETAKE_GUARDS = [(VZ, "D. Wait — I missed the diagonal fold; with it, maybe E.", None), (VZ, "D. Wait — I missed the fold; still D.", "D"),
                 (VZ, "D. Wait — with the fold, is it E?", None), (MB, "Right arm. Hmm, it gave 0 twice — not left arm though.", "right"),
                 (MB, "Right arm. No, it paid 1 — right arm.", "right"), (MB, "Right arm. Hmm, it gave 0 twice — left arm or right arm.", None),
                 (VZ, "D. Hmm, with the fold, E or D.", None)]


@pytest.mark.parametrize("where,reply,meant", RETAKEN + RETAKE_GUARDS)
def test_correction_after_bare_answer(where, reply, meant):
    assert read(where, reply)[0] == meant


# class 3: an answer asked, then another offered with "maybe": a hedge, no answer
HEDGED = [(LN, "vowel? maybe consonant"), (LN, "Vowel? Perhaps consonant."), (LN, "consonant? or maybe vowel"), (VZ, "B? maybe D"),
          (MB, "left arm? vielleicht right arm"), (DC, "AAA? possibly BBB..."), (SS, "3? maybe 4"), (VZ, "C? peut-être E"),
          (DC, "CCC? or DDD"), (MB, "right arm? probably left arm")]
HEDGE_GUARDS = [(LN, "vowel? yes, vowel.", "vowel"), (LN, "vowel? maybe vowel", "vowel"), (LN, "Is it a vowel? No — consonant.", "consonant"),
                (LN, "consonant", "consonant"), (LN, "vowel?", None)]


@pytest.mark.parametrize("where,reply", HEDGED)
def test_asked_then_maybe_is_a_hedge(where, reply):
    assert read(where, reply)[0] is None


@pytest.mark.parametrize("where,reply,meant", HEDGE_GUARDS)
def test_hedge_guards(where, reply, meant):
    assert read(where, reply)[0] == meant


FT = ("replies_blind67", "free_text", 159)
C = "Volcano facts are accurate. The offside rule line is out of place."
# class 4: an echoed example whose comment is a placeholder is no part of the comment
ECHOED = [C + '\n\nfor example: {"comment": "your comment here"}', C + ' For example: {"comment": "text"}',
          C + '\n\ne.g. {"comment": "Your text goes here"}', C + '\n\nExample format: {"comment": "[comment]"}',
          C + '\n\nBeispiel: {"comment": "Ihr Kommentar hier"}', C + '\n\nFormat: {"comment": "your feedback"}',
          C + '\n(for example {"comment": "comment"})', C + '\n\nExemple : {"comment": "votre commentaire ici"}',
          C + '\n\ne.g. {"comment": "<your comment>"}', C + '\n\nfor instance: {"comment": "the comment"}']
ECHO_GUARDS = [('{"comment": "The text is fine."}', "The text is fine."), ('{"comment": "text"}', None),
               ('for example: {"comment": "your comment here"}', None), (C + '\n{"comment": "..."}', C)]


@pytest.mark.parametrize("reply", ECHOED)
def test_placeholder_example_is_dropped(reply):
    assert read(FT, reply)[0] == C


@pytest.mark.parametrize("reply,meant", ECHO_GUARDS)
def test_placeholder_guards(reply, meant):
    assert read(FT, reply)[0] == meant

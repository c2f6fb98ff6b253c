"""S2 (Cube Comparisons) and MV3 (Map Memory), generation 2: the counts a participant can read
off without doing the task (S2: symbols shared by the two views and shared on the same face;
MV3: streets and buildings of the test section and how many studied sections have the same
counts) are distributed alike for true and false items; generation 1 stays reproducible."""
import collections

import numpy as np
import pytest

from machinepsych.tasks.visfactor.core import GENERATION, generate
from tests.support.visfactor_items import DIFFS, item_digest

# generation 1 over seeds 0-7 x easy/normal/hard, recorded before the redesign (pictures,
# study pages, questions, keys, options, parameters)
PINNED_V1 = {"S2": "fd28d78603947f7f", "MV3": "5a70bdbb9956daff"}


def digest(sub: str, generation: int) -> str:
    return item_digest(sub, generation, ("study_image", "question", "gold", "options", "params"))


@pytest.mark.parametrize("sub", ["S2", "MV3"])
def test_generation_1_unchanged(sub):
    assert GENERATION[sub] == 2
    assert digest(sub, 1) == PINNED_V1[sub]


# --- S2 ------------------------------------------------------------------------------------
def _rotations():
    """The 24 rotations of the cube, by closure of two quarter turns (independent of ROT24)."""
    qx = np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]])
    qz = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]])
    group, frontier = [np.eye(3, dtype=int)], [np.eye(3, dtype=int)]
    while frontier:
        nxt = []
        for g in frontier:
            for q in (qx, qz):
                h = q @ g
                if not any((h == k).all() for k in group):
                    group.append(h)
                    nxt.append(h)
        frontier = nxt
    return group


ROUND = {s: 4 for s in ("circle", "disc", "square", "block", "+")} | {s: 2 for s in ("S", "H", "N", "X", "-")}


def _looks_same(s, u, v):
    o = ROUND.get(s, 1)
    return o == 4 or u == v or (o == 2 and tuple(-x for x in u) == v)


def _one_cube(v1, v2, group):
    for g in group:
        cube = {n: (s, u) for n, s, u in v1}
        good = True
        for n, s, u in v2:
            n2, u2 = tuple(int(x) for x in g @ n), tuple(int(x) for x in g @ u)
            if n2 in cube:
                good &= cube[n2][0] == s and _looks_same(s, cube[n2][1], u2)
            else:
                cube[n2] = (s, u2)
        syms = [s for s, _ in cube.values()]
        if good and len(syms) == len(set(syms)):
            return True
    return False


def _s2_items(n, generation=2):
    out = []
    for seed in range(n):
        it = generate("S2", 5000 + seed, ("easy", "normal", "hard")[seed % 3], generation=generation)
        v1 = [(tuple(n_), s, tuple(u)) for n_, s, u in it.params["view1"]]
        v2 = [(tuple(n_), s, tuple(u)) for n_, s, u in it.params["view2"]]
        out.append((it, v1, v2))
    return out


@pytest.fixture(scope="module")
def s2_items():
    return _s2_items(300)


def test_s2_key_by_brute_force(s2_items):
    group = _rotations()
    for it, v1, v2 in s2_items[:120]:
        assert _one_cube(v1, v2, group) == (it.gold == "T")


def test_s2_shared_symbols_alike_for_same_and_different(s2_items):
    sig = {"T": collections.Counter(), "F": collections.Counter()}
    identical_on_same_face = 0
    for it, v1, v2 in s2_items:
        f1 = {s: (n, u) for n, s, u in v1}
        shared = [(n, s, u) for n, s, u in v2 if s in f1]
        same_face = [(s, u) for n, s, u in shared if f1[s][0] == n]
        sig[it.gold][(len(shared), len(same_face))] += 1
        # a shared symbol on the same face looking exactly as in the first view (generation 1's
        # turns produced it in "different" items only: no turned cube does)
        identical_on_same_face += any(_looks_same(s, f1[s][1], u) and ROUND.get(s, 1) < 4 for s, u in same_face)
    assert identical_on_same_face == 0
    # two shared on the same face, or three shared with one on the same face: impossible for one
    # cube, 10% of generation 1's items (all "different")
    assert all(k not in sig["F"] for k in ((2, 2), (3, 1), (3, 2), (3, 3)))
    nt, nf = sum(sig["T"].values()), sum(sig["F"].values())
    assert 0.4 < nt / (nt + nf) < 0.6
    tv = 0.5 * sum(abs(sig["T"][k] / nt - sig["F"][k] / nf) for k in set(sig["T"]) | set(sig["F"]))
    assert tv < 0.16, (tv, sig)  # generation 1: 0.38 (600 hard items); generation 2: 0.07


# --- MV3 -----------------------------------------------------------------------------------
def _counts(sec):
    return len(sec["streets"]), len(sec["buildings"])


def _distance(a, b):
    """Streets in one section only, plus buildings in one only."""
    sa = {tuple(map(tuple, e)) for e in a["streets"]}
    sb = {tuple(map(tuple, e)) for e in b["streets"]}
    ba = {(tuple(c), q) for c, q in a["buildings"]}
    bb = {(tuple(c), q) for c, q in b["buildings"]}
    return len(sa ^ sb) + len(ba ^ bb)


def test_mv3_key_and_lures():
    sig = {"T": collections.Counter(), "F": collections.Counter()}
    for seed in range(600):
        d = DIFFS[seed % 3]
        it = generate("MV3", 7000 + seed, d)
        secs, test = it.params["sections"], it.params["test"]
        assert (test in secs) == (it.gold == "T")
        both = sum(_counts(s) == _counts(test) for s in secs)
        assert both >= 1  # a lure keeps the counts of the studied section it was made from
        if it.gold == "F":
            # made by moving 1 (hard) to 3 (easy) streets or buildings of a studied section
            moves = {"easy": 3, "normal": 2, "hard": 1}[d]
            near = min(_distance(s, test) for s in secs if _counts(s) == _counts(test))
            assert 2 <= near <= 2 * moves
        sig[it.gold][min(both, 3)] += 1
    nt, nf = sum(sig["T"].values()), sum(sig["F"].values())
    assert 0.4 < nt / (nt + nf) < 0.6
    tv = 0.5 * sum(abs(sig["T"][k] / nt - sig["F"][k] / nf) for k in range(4))
    # generation 1: lures whose counts match no studied section (a third of the items), so
    # "F iff no studied section has both counts" was 81% right
    assert tv < 0.1, (tv, sig)

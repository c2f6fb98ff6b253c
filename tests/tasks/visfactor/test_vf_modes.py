import io

import numpy as np
import pandas as pd
import pytest
from PIL import Image

from machinepsych.core.errors import ConfigError
from machinepsych.tasks.visfactor import SUBTESTS, env_class
from machinepsych.tasks.visfactor.perturb import expand


def session(sub, **params):
    env = env_class(sub)({"n_items": 3, **params})
    obs = env.reset(11)
    out = []
    while True:
        out.append(obs)
        res = env.step(None)
        if res.done:
            return out
        obs = res.next_observation


@pytest.mark.parametrize("sub", [s for s, m in SUBTESTS.items() if m.split])
def test_split_derives_from_default(sub):
    for d, s in zip(session(sub), session(sub, mode="split")):
        assert d.stimulus["item_seed"] == s.stimulus["item_seed"]
        assert d.parts[0].sha256 == s.parts[0].sha256  # same item, same picture
        assert s.stimulus["answer_kind"] == "rows" and len(s.hidden["gold"]) == s.stimulus["n_rows"]
        assert len(s.stimulus["row_questions"]) == s.stimulus["n_rows"]
        gold, opts = d.hidden["gold"], d.stimulus["options"]
        if d.stimulus["answer_kind"] in ("mc", "letter", "int"):  # int: SS3's buildings
            assert s.hidden["gold"] == ["T" if o == gold else "F" for o in opts]
        elif d.stimulus["answer_kind"] == "groups":
            g = len(opts)
            assert s.hidden["gold"] == ["T" if gold[i] == k + 1 else "F" for i in range(8) for k in range(g)]
        else:  # already per-part judgments
            assert s.hidden["gold"] == gold


@pytest.mark.parametrize("sub", list(SUBTESTS))
def test_perturbations_keep_keys_and_are_recorded(sub):
    mode = "split" if SUBTESTS[sub].split else "default"
    plain = session(sub, mode=mode)
    pert = session(sub, mode=mode, perturb=("geometric", "photometric"))
    again = session(sub, mode=mode, perturb=("geometric", "photometric"))
    for a, b, c in zip(plain, pert, again):
        assert a.hidden["gold"] == b.hidden["gold"]
        assert b.parts[0].sha256 == c.parts[0].sha256 and b.parts[0].sha256 != a.parts[0].sha256
        rec = b.stimulus["perturbation"]
        assert {"shift", "rotate", "noise", "contrast", "brightness"} <= set(rec)
        assert ("flip" in rec) == ((sub, mode) in {("CF1", "split"), ("CF2", "split"), ("S1", "split"), ("P3", "split"), ("I3", "split")})
        assert abs(rec["rotate"]) <= 10
        img, orig = Image.open(io.BytesIO(b.parts[0].png)), Image.open(io.BytesIO(a.parts[0].png))
        assert img.size == (orig.width + 2 * rec["pad"][0], orig.height + 2 * rec["pad"][1])
        # nothing is cut off: the border of the perturbed image is (nearly) background
        g = np.asarray(img.convert("L"), dtype=float)
        border = np.concatenate([g[0], g[-1], g[:, 0], g[:, -1]])
        assert border.mean() > 200


def test_flip_only_where_allowed():
    assert "flip" in expand(("geometric",), "S1", "split")
    assert "flip" not in expand(("geometric",), "S1", "default")
    with pytest.raises(ConfigError):
        expand(("flip",), "VZ2", "split")
    with pytest.raises(ConfigError):
        expand(("blur",), "VZ2", "default")


def test_params_are_validated():
    from machinepsych.tasks.visfactor.subtests import S1, S2, VZ2
    with pytest.raises(ConfigError):
        VZ2.resolve(overrides={"perturb": ("flip",)})
    with pytest.raises(ConfigError):
        VZ2.resolve(overrides={"perturb": ("blur",)})
    with pytest.raises(ConfigError):
        S2.resolve(overrides={"mode": "split"})  # S2 has no split variant
    with pytest.raises(ConfigError):
        VZ2.resolve(overrides={"n_items": 0})
    assert S1.resolve("split", {"perturb": ("flip",)}).perturb == ("flip",)
    assert VZ2.resolve().n_items == 20 and S2.resolve().n_items == 42
    assert VZ2.resolve("hard").difficulty == "hard"


def test_flipped_s1_keeps_same_vs_mirrored():
    # mirroring the whole item mirrors the first card too: a rotated card stays a rotation
    from machinepsych.tasks.visfactor.gen_spatial import transform
    base = [(1.0, 0.0), (0.0, 1.2), (-0.8, -0.1), (0.2, -0.9)]
    m = [(-x, y) for x, y in base]
    for mirrored in (False, True):
        v = transform(base, mirrored, 37.0)
        vm = [(-x, y) for x, y in v]
        sa = lambda p: sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(p, p[1:] + p[:1]))  # noqa: E731
        assert (sa(vm) * sa(m) > 0) == (not mirrored)


def test_visfactor_scorer():
    from machinepsych.tasks.visfactor.score import score_visfactor
    env = env_class("VZ2")({"n_items": 4})
    obs = env.reset(1)
    rows = []
    for t in range(4):
        gold = obs.hidden["gold"]
        act = gold if t < 3 else ("A" if gold != "A" else "B")
        res = env.step(act)
        rows.append({"trial": t, "correct": res.correct, "stimulus": obs.stimulus, "parse_status": "parsed", **res.info})
        obs = res.next_observation
    m = score_visfactor(pd.DataFrame(rows), env.params)
    assert m["accuracy"] == 75 and m["acc_mc"] == 75
    assert m["frct_paper"] == pytest.approx(100 * (2 * 0.75 - 1))
    assert m["frct_kit"] == 2 and m["random_acc"] == pytest.approx(20) and m["human_norm"] == 13.8
    assert m["invalid_rate"] == 0


def test_visfactor_scorer_judgments_and_number_right():
    from machinepsych.tasks.visfactor.score import score_visfactor
    # CF1 split: 2 items x 5 T/F parts, 9 of 10 parts right, 1 item fully right
    st = {"answer_kind": "rows", "n_rows": 5, "options": [], "subtest": "CF1"}
    frame = pd.DataFrame([
        {"trial": 0, "correct": True, "stimulus": st, "parse_status": "parsed", "subtest": "CF1", "mode": "split",
         "kind": "rows", "rows_correct": [True] * 5, "chance_item": 1 / 32, "chance_row": 0.5},
        {"trial": 1, "correct": False, "stimulus": st, "parse_status": "invalid", "subtest": "CF1", "mode": "split",
         "kind": "rows", "rows_correct": [True] * 4 + [False], "chance_item": 1 / 32, "chance_row": 0.5}])
    m = score_visfactor(frame, None)
    assert m["accuracy"] == 50 and m["acc_rows"] == 90 and m["acc_mc"] is None
    assert m["frct_paper"] == pytest.approx(160 * (2 * 0.9 - 1)) and m["frct_kit"] == 8
    assert m["random_acc"] == pytest.approx(100 / 32) and m["random_rows"] == 50 and m["random_paper"] == 50
    assert m["invalid_rate"] == 50
    assert m["random_constant"] is None  # no keys in the frame: not computed
    # answering F to every part of split items with one T in five: 80% of the parts (the keys decide)
    golds = pd.Series([["F", "T", "F", "F", "F"], ["F", "F", "F", "T", "F"]])
    m3 = score_visfactor(frame.assign(gold=golds), None)
    assert m3["random_constant"] == pytest.approx(80.0)
    # CS2 counts the number right; chance from an old run's stimulus (no chance in info)
    st2 = {"answer_kind": "word", "n_rows": 1, "options": [], "subtest": "CS2"}
    frame2 = pd.DataFrame([{"trial": t, "correct": t < 3, "stimulus": st2, "parse_status": "parsed", "subtest": "CS2",
                            "mode": "default", "kind": "word", "rows_correct": [t < 3]} for t in range(4)])
    m2 = score_visfactor(frame2, None)
    from machinepsych.tasks.visfactor.icons import WORDS
    assert m2["frct_kit"] == 3 and m2["frct_paper"] == pytest.approx(50 * 0.75)
    assert m2["random_acc"] == pytest.approx(100 / len(WORDS))

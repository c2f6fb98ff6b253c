"""VisFactor for people: instructions and questions without any text meant for models, forms
a person can answer, typed answers read as people type them, memory subtests as study then
test, and the item counter left to the web app."""
from __future__ import annotations

import pytest

from machinepsych.core.types import ImagePart, TextPart
from machinepsych.tasks.visfactor import SUBTESTS
from machinepsych.tasks.visfactor.answer import parse_typed
from machinepsych.core.spec import Buttons, TextBox
from machinepsych.tasks.visfactor.subtests import SPECS

MODEL_WORDS = ("JSON", '{"answer"', "Give only the answer", "last such object", "Respond with")
CASES = [(s, "default") for s in SUBTESTS] + [(s, "split") for s, m in SUBTESTS.items() if m.split]
MEMORY = ("MA1", "MV1", "MV2", "MV3")


def _session(sub, mode="default", n=3, **extra):
    spec = SPECS[sub]
    env = spec.make({"n_items": n, **({"mode": mode} if mode != "default" else {}), **extra})
    return spec, env, env.reset(7)


@pytest.mark.parametrize("sub,mode", CASES)
def test_a_person_never_reads_model_text(sub, mode):
    spec, env, obs = _session(sub, mode)
    texts = [spec.instructions(env, "person")]
    while obs is not None:
        texts += [p.text for p in obs.parts_for("person") if isinstance(p, TextPart)]
        texts += [p.text for p in obs.study_for("person") if isinstance(p, TextPart)]
        form = spec.answer.form(obs, env.action_space)
        if isinstance(form, TextBox):
            texts += [form.hint, form.example]
            assert form.hint and form.example
        else:
            assert isinstance(form, Buttons) and 2 <= len(form.options) <= 9
            texts += [o.label for o in form.options]
            assert all(o.key for o in form.options)
        # the item counter duplicates the web app's progress display: models only
        assert not any("Item " in p.text and " of " in p.text for p in obs.parts_for("person")
                       if isinstance(p, TextPart))
        assert any(p.text.startswith("Item ") for p in obs.parts_for("model") if isinstance(p, TextPart))
        obs = env.step(None).next_observation
    for t in texts:
        assert not any(w in t for w in MODEL_WORDS), t
    # the model's instruction does carry the format (it is only kept from people)
    assert "JSON" in spec.instructions(env, "model")


def _obs(sub, mode="default"):
    return _session(sub, mode, n=1)


@pytest.mark.parametrize("typed", ["T F T F F", "T,F,T,F,F", "tftff", "TFTFF", "t, f, t, f, f", "true false true false false",
                                   "True, False, True, False, False", "yes no yes no no", "1. T 2. F 3. T 4. F 5. F",
                                   " T  F T F F. "])
def test_typed_true_false_lists(typed):
    _, _, obs = _obs("CF2")
    assert parse_typed(typed, obs) == (("T", "F", "T", "F", "F"), "parsed")


@pytest.mark.parametrize("typed,status", [("", "empty"), ("   ", "empty"), ("T F T F", "invalid"), ("garden", "invalid"),
                                          ("T F T F F T", "invalid"), ("T F maybe F F", "invalid")])
def test_typed_lists_that_cannot_be_read(typed, status):
    _, _, obs = _obs("CF2")
    assert parse_typed(typed, obs) == (None, status)


def test_typed_words_labels_numbers_and_dots():
    _, env, obs = _obs("CS2")
    word = env.item().gold
    for typed in (word, word.upper(), f" {word.capitalize()}. ", f"the {word}"):
        assert parse_typed(typed, obs) == (word, "parsed"), typed
    _, env, obs = _obs("CS1")
    assert parse_typed("An Ice  Cream!", obs) == ("ice cream", "parsed")
    _, env, obs = _obs("VZ2")
    for typed, want in (("b", "B"), ("(C)", "C"), ("option d", "D"), ("E.", "E")):
        assert parse_typed(typed, obs) == (want, "parsed")
    assert parse_typed("B or C", obs) == (None, "invalid")
    _, env, obs = _obs("SS2")
    for typed in ("S3", "s3", "3", "start S3"):
        assert parse_typed(typed, obs) == (3, "parsed")
    assert parse_typed("S7", obs) == (None, "invalid")
    _, env, obs = _obs("CF3")
    for typed in ("2, 5", "(2,5)", "2 5", "row 2 column 5"):
        assert parse_typed(typed, obs) == ("(2, 5)", "parsed")
    for typed in ("2, 5 (took me 3 tries)", "2, 5, 3", "I think 2, 5"):  # asked again, never trimmed
        assert parse_typed(typed, obs) == (None, "invalid"), typed
    _, env, obs = _obs("I3")
    n = obs.stimulus["n_rows"]
    want = tuple((1, 2, 2, 1, 1, 2, 1, 2)[:n])
    for typed in (" ".join(map(str, want)), ",".join(map(str, want)), "".join(map(str, want))):
        assert parse_typed(typed, obs) == (want, "parsed")
    _, env, obs = _obs("MA1")
    gold = env.item().gold
    assert parse_typed(str(gold), obs) == (gold, "parsed")
    assert parse_typed(f"number {gold}", obs) == (gold, "parsed")
    # not a number of the study page: well-formed, so kept (and scored wrong), never refused
    # (refusing it would tell which numbers were studied); a remark beside it is not trimmed
    assert parse_typed("5", obs) == (5, "parsed")
    assert parse_typed(f"{gold} (took me 3 tries)", obs) == (None, "invalid")
    _, env, obs = _obs("S2")
    for typed, want in (("T", "T"), ("same", "T"), ("Different", "F"), ("no", "F"), ("false", "F")):
        assert parse_typed(typed, obs) == (want, "parsed")


@pytest.mark.parametrize("sub", list(SUBTESTS))
def test_every_canonical_action_reads_back(sub):
    # what a button stands for, typed as its label, is read as that action
    spec, env, obs = _obs(sub)
    form = spec.answer.form(obs, env.action_space)
    if isinstance(form, Buttons):
        for o in form.options:
            assert spec.answer.read_typed(o.label, obs) == (o.action, "parsed")


def test_buttons_for_few_options_and_a_box_for_many():
    for sub, kind in (("VZ2", Buttons), ("S2", Buttons), ("SS2", Buttons), ("VZ3", Buttons), ("MA1", TextBox),
                      ("SS3", TextBox), ("CF2", TextBox), ("CS3", TextBox), ("CF3", TextBox)):
        spec, env, obs = _obs(sub)
        assert isinstance(spec.answer.form(obs, env.action_space), kind), sub
    spec, env, obs = _obs("SS2")
    assert [o.label for o in spec.answer.form(obs, env.action_space).options] == ["S1", "S2", "S3", "S4", "S5"]


@pytest.mark.parametrize("sub", MEMORY)
def test_memory_subtests_study_then_test(sub):
    spec, env, obs = _session(sub, n=2)
    assert obs.study and isinstance(obs.study[0], ImagePart) and obs.study[0].png
    assert obs.study_seconds == env.params.study_seconds > 0
    # the question's picture is not the study page
    q_images = [p for p in obs.parts if isinstance(p, ImagePart)]
    assert len(q_images) == 1 and q_images[0].sha256 != obs.study[0].sha256
    assert "study" in spec.instructions(env, "person").lower()
    # study time is a parameter with a range; 0 = self-paced
    assert spec.make({"study_seconds": 0}).reset(1).study_seconds == 0
    from machinepsych.core.errors import ConfigError
    with pytest.raises(ConfigError):
        spec.resolve(None, {"study_seconds": -1})
    with pytest.raises(ConfigError):
        spec.resolve(None, {"study_seconds": 100_000})


def test_non_memory_subtests_have_no_study_phase():
    for sub in SUBTESTS:
        if sub in MEMORY:
            continue
        spec, env, obs = _obs(sub)
        assert obs.study == () and "study_seconds" not in spec.Params.model_fields


def test_models_get_study_message_then_test_message():
    import asyncio

    from machinepsych.core.types import ModelCall, Usage
    from machinepsych.participants.base import TurnContext
    from machinepsych.prompting.strategies import get_strategy

    spec, env, obs = _session("MV2", n=1)
    log = []

    async def chat(messages, purpose):
        log.append((purpose, messages))
        return ModelCall(purpose, tuple(messages), "Ready." if purpose == "study" else '{"answer": "T"}', Usage(),
                         0.0, "fake")

    ctx = TurnContext(spec=spec, params=env.params, instructions=spec.instructions(env, "model"), observation=obs,
                      action_space=env.action_space, history=[], session_seed=1)
    turn = asyncio.run(get_strategy("direct").respond(ctx, chat))
    assert [p for p, _ in log] == ["study", "answer"] and turn.action == "T"
    study_msg, question_msg = log[0][1][-1], log[1][1][-1]
    assert study_msg.images and study_msg.images[0].sha256 == obs.study[0].sha256
    assert question_msg.images and question_msg.images[0].sha256 != obs.study[0].sha256
    assert "JSON" in question_msg.content_text or '"answer"' in question_msg.content_text


def test_words_a_person_reads_name_no_answer():
    """The person's instructions, hints and examples use no word that could be a CS1-CS3 answer
    unless a model reads it too (so they can never give an answer away)."""
    import re

    from machinepsych.tasks.visfactor.icons import ICON_NAMES, WORDS

    objects = {n for names in ICON_NAMES for n in names.split(",")}
    for sub in ("CS1", "CS2", "CS3"):
        answers = set(WORDS) if sub == "CS2" else objects
        spec, env, obs = _obs(sub)
        form = spec.answer.form(obs, env.action_space)
        person = " ".join((spec.instructions(env, "person"), form.hint, form.example,
                           *(p.text for p in obs.parts_for("person") if isinstance(p, TextPart))))
        model = " ".join((spec.instructions(env, "model"),
                          *(p.text for p in obs.parts_for("model") if isinstance(p, TextPart))))
        only_person = set(re.findall(r"[a-z]+", person.lower())) - set(re.findall(r"[a-z]+", model.lower()))
        assert not only_person & answers, (sub, sorted(only_person & answers))

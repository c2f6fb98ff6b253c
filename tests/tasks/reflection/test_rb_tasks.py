"""Environment contract, answer formats, instructions and dynamics of the Reflection-Bench tests."""
import subprocess
import sys

import numpy as np
import pytest
from pathlib import Path

from machinepsych.core.checker import check_env
from machinepsych.core.spec import Buttons, TextBox
from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_battery, get_task
from tests.tasks.reflection.rb_helpers import TESTS

ODDBALL_FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "oddball_prompts_sample.json"
CASES = [(t, p) for t in TESTS for p in get_task(t).presets]


@pytest.mark.parametrize("task,preset", CASES)
def test_check_env(task, preset):
    spec = get_task(task)
    if task == "oddball" and preset == "published":  # reads the user's copy of the released file
        params = spec.resolve(preset, {"data": str(ODDBALL_FIXTURE)})
    elif task == "oddball":
        params = spec.resolve(preset, {"passages": 6})
    else:
        params = spec.resolve(preset)
    check_env(spec, params)


def test_battery():
    b = get_battery("reflection-bench")
    assert [i.task for i in b.items] == ["wpt", "wcst-reflection", "oddball", "nback", "dcigt", "prlt", "mbt"]
    assert [i.sessions for i in b.items] == [2, 2, 3, 2, 2, 2, 2]
    assert b.strategies == ("free", "direct", "cot")
    assert [m.name for m in b.summary_metrics] == ["table2", "table9", "mbt"]
    for item in b.items:
        if item.task == "wcst-reflection":
            continue  # the card-sorting family's test
        spec = get_task(item.task)
        assert item.preset in spec.presets
        assert "easy" in spec.presets
        if item.task != "oddball":
            assert "hard" in spec.presets


def test_lookup_imports_one_test_only():
    """Looking up prlt imports its package and the family kit only: no other test, no layer
    above the tasks, no matplotlib."""
    code = ("import sys; from machinepsych.tasks.catalog import get_task; get_task('prlt'); "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(('machinepsych', 'matplotlib')))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    ours = {m.split(".")[3] for m in out if m.startswith("machinepsych.tasks.reflection.")}
    assert ours <= {"prlt", "_common", "_bandit", "_figkit", "layout"}, ours  # the family's paper layout
    banned = ("machinepsych.analysis", "machinepsych.scoring", "machinepsych.runner", "machinepsych.prompting",
              "machinepsych.web", "machinepsych.tasks.cardsort", "machinepsych.tasks.visfactor", "matplotlib")
    assert not [m for m in out if m.startswith(banned)]


def test_spec_declarations():
    for t in TESTS:
        spec = get_task(t)
        assert spec.key == f"{t}-v1" and spec.family == "reflection"
        assert spec.docs.startswith("docs/reflection-bench.md#")
        assert "Reflection-Bench" in spec.citation and "seed" not in spec.citation
        assert spec.chance is not None
        names = [m.name for m in spec.metrics]
        assert len(names) == len(set(names)) and spec.primary == t
        for field in spec.Params.model_fields.values():
            assert field.default is not None or field.annotation is not None


def test_params_validated():
    from machinepsych.core.errors import ConfigError

    with pytest.raises(ConfigError):
        get_task("wpt").resolve(None, {"p": 1.5})
    with pytest.raises(ConfigError):
        get_task("nback").resolve(None, {"n": 60, "trials": 52})
    with pytest.raises(ConfigError):
        get_task("dcigt").resolve(None, {"p_loss": (0.5, 0.1, 1.5, 0.1)})
    assert get_task("mbt").resolve("hard").n == 4


# ----------------------------------------------------------------------------- answers
OBS = Observation(0, {}, ())


@pytest.mark.parametrize("task,reply,expected", [
    ("wpt", "Today is sunny, so I predict rainy.", "rainy"),
    ("wpt", "Answer: Sunny", "sunny"),
    ("nback", "They differ, so: No", "no"),
    ("nback", "Not available", "not available"),
    ("nback", "N/A", "not available"),
    ("nback", "Yes.", "yes"),
    ("prlt", "I will pick the left arm.", "left"),
    ("prlt", "Right arm", "right"),
    ("mbt", "left", "left"),
    ("dcigt", "I'll keep deck CCC.", "CCC"),
    ("dcigt", "Switching from AAA to DDD", "DDD"),
])
def test_parsers(task, reply, expected):
    spec = get_task(task)
    action, status = spec.answer.parse(reply, OBS)
    assert (action, status) == (expected, "parsed")
    assert spec.answer.parse(spec.answer.format(expected), OBS)[0] == expected


def test_parsers_invalid():
    assert get_task("prlt").answer.parse("I can't decide.", OBS) == (None, "invalid")
    assert get_task("wpt").answer.parse("", OBS)[1] == "empty"
    assert get_task("oddball").answer.parse("   ", OBS)[1] == "empty"


@pytest.mark.parametrize("task", TESTS)
def test_format_round_trip(task):
    spec = get_task(task)
    env = spec.make(spec.resolve(None, {"passages": 3} if task == "oddball" else {}))
    rng = np.random.default_rng(0)
    obs = env.reset(1)
    for _ in range(env.n_trials):
        for _ in range(5):
            a = env.action_space.sample(rng)
            assert spec.answer.parse(spec.answer.format(a), obs) == (a, "parsed")
        obs = env.step(env.action_space.sample(rng)).next_observation


MODEL_WORDS = ("json", "reply with", "answer with", "respond with", "output", "format")


@pytest.mark.parametrize("task", TESTS)
def test_human_form(task):
    spec = get_task(task)
    env = spec.make(spec.resolve(None, {"passages": 3} if task == "oddball" else {}))
    obs = env.reset(0)
    seen_forms = 0
    while obs is not None:
        form = spec.answer.form(obs, env.action_space)
        if isinstance(form, Buttons):
            labels = [o.label for o in form.options]
            actions = [o.action for o in form.options]
            assert all(label.strip() for label in labels) and len(set(labels)) == len(labels)
            assert len(set(actions)) == len(actions) and all(env.action_space.contains(a) for a in actions)
            assert set(actions) == set(env.action_space.options)
            assert [o.key for o in form.options] == [str(i + 1) for i in range(len(actions))]
        else:
            assert isinstance(form, TextBox) and form.hint and form.example
            typed, status = spec.answer.read_typed(form.example, obs)
            assert status == "parsed" and env.action_space.contains(typed)
        seen_forms += 1
        step = env.step(env.action_space.sample(np.random.default_rng(seen_forms)))
        obs = step.next_observation
    person = spec.instructions(env, "person").lower()
    assert not any(w in person for w in MODEL_WORDS), person
    assert spec.answer.person_instruction


def test_human_labels():
    labels = lambda t, obs=None: [o.label for o in get_task(t).answer.form(  # noqa: E731
        obs or OBS, get_task(t).make().action_space).options]
    assert labels("wpt") == ["Sunny", "Rainy"]
    assert labels("nback") == ["Yes", "No", "Not available"]
    assert labels("prlt") == labels("mbt") == ["Right arm", "Left arm"]  # the question's order (right, then left)
    assert labels("dcigt", Observation(0, {"phase": "first"}, ())) == ["Deck AAA", "Deck BBB", "Deck CCC", "Deck DDD"]
    final = Observation(1, {"phase": "final", "first_deck": "CCC"}, ())
    assert labels("dcigt", final) == ["Deck AAA", "Deck BBB", "Keep deck CCC", "Deck DDD"]


# the system prompts used so far, which the model instructions must reproduce byte for byte
OLD_PROMPTS = {
    "wpt": """\
You are working as a weather forecaster. Each day you will be told today's weather and the readings of two devices, and you must predict tomorrow's weather.
The device readings are written as [d1, d2], where 1 means a device is active and 0 means it is inactive.
After each prediction you will learn what the weather actually turned out to be. Use this feedback to improve your predictions as you go.
Answer with a single word: sunny or rainy.""",
    "prlt": """\
You are playing a two-armed bandit game. On every trial choose either the right arm or the left arm. After each choice you receive a reward of 0 or 1.
Your goal is to collect as much reward as possible in total. Keep playing until the game ends.
Answer with "right arm" or "left arm".""",
    "mbt": """\
You are playing a two-armed bandit game in which exactly one of the two arms gives a reward. On every trial choose either the right arm or the left arm; you then receive a reward of 0 or 1.
Your goal is to collect as much reward as possible in total. Keep playing until the game ends.
Answer with "right arm" or "left arm".""",
    "dcigt": """\
You are playing a card game with four decks: AAA, BBB, CCC and DDD. You start with $2000, and your goal is to end with as much money as possible.
On every trial you first pick a deck and are shown what that deck would give you: a gain and possibly a loss. You then get exactly one chance to reconsider: keep that deck or switch to another one. Only your final choice counts, and its outcome is added to your money.
Answer with the name of a deck: AAA, BBB, CCC or DDD.""",
    "nback": """\
You will be shown a sequence of letters, one letter at a time. For every letter, decide whether it is the same as the letter shown 4 steps earlier in the sequence.
Answer "Yes" if it is the same and "No" if it is different. For the first 4 letters there is nothing 4 steps back to compare with, so answer "Not available" for them.
After each answer you will be told whether it was right (True) or wrong (False).""",
    "oddball": """\
Let's play a game. You will be shown a short passage of sentences about a topic. Just make a few short comments on what you read.""",
}


@pytest.mark.parametrize("task", TESTS)
def test_model_instructions_unchanged(task):
    spec = get_task(task)
    env = spec.make(spec.resolve("hard" if task == "nback" else None))
    assert spec.instructions(env, "model") == OLD_PROMPTS[task]


def test_suffixes():
    assert get_task("wpt").answer.suffixes["direct"].startswith("Reply with your choice only")
    assert get_task("oddball").answer.suffixes["direct"].startswith("Reply with your comments only")
    assert get_task("prlt").answer.suffixes["cot"] == "Let's think step by step."


# ----------------------------------------------------------------------------- dynamics
def test_nback_sequence_statistics():
    env = get_task("nback").make({"n": 2, "target_rate": 0.42, "trials": 2000})
    env.reset(3)
    rate = env.truth.count("yes") / (2000 - 2)
    assert abs(rate - 0.42) < 0.04
    paper = get_task("nback").make({"n": 2, "sequence": "paper"})
    paper.reset(0)
    assert paper.truth.count("yes") == 21 and paper.truth.count("no") == 29
    paper4 = get_task("nback").make({"n": 4, "sequence": "paper"})
    paper4.reset(0)
    assert paper4.truth.count("yes") == 10


def test_wpt_transitions():
    env = get_task("wpt").make({"p": 0.9, "trials": 4000})
    env.reset(1)
    same = [env.weather[t + 1] == env.weather[t] for t in range(4000)]
    a = [s for s, c in zip(same, env.cues) if c == "A"]
    b = [s for s, c in zip(same, env.cues) if c == "B"]
    assert abs(sum(a) / len(a) - 0.9) < 0.03 and abs(sum(b) / len(b) - 0.1) < 0.03


def test_dcigt_two_steps_and_balance():
    env = get_task("dcigt").make({"trials": 3})
    obs = env.reset(0)
    assert env.n_trials == 6 and obs.stimulus["phase"] == "first"
    r1 = env.step("DDD")
    assert r1.next_observation.stimulus["phase"] == "final"
    assert "DDD" in r1.feedback and r1.info["first_deck"] == "DDD"
    r2 = env.step("CCC")
    assert r2.info["switched"] is True and r2.info["final_deck"] == "CCC"
    assert r2.info["balance"] == 2000 + r2.reward
    r3 = env.step(None)
    assert r3.info["first_deck"] is None


def test_mbt_dynamics():
    env = get_task("mbt").make({"n": 2})
    env.reset(0)
    good = []
    for t in range(env.n_trials):
        good.append(env.p_right(t) > 0.5)
        env.step("right")
    assert env.n_trials == 40 and good[:6] == [True, True, False, False, True, True]
    assert get_task("mbt").make({"n": 4}).n_trials == 80


def test_hidden_state_not_in_stimulus():
    env = get_task("oddball").make({"passages": 2})
    obs = env.reset(0)
    assert set(obs.stimulus) == {"sentences"} and obs.hidden["deviant_sentence"] in obs.stimulus["sentences"]
    assert "deviant" not in str(obs.public_json())
    nb = get_task("nback").make()
    obs = nb.reset(0)
    assert "targets_in_sequence" not in obs.stimulus and obs.hidden["answer"] == "not available"


def test_dcigt_prompts_do_not_reveal_the_horizon_by_default():
    """'Trial k of 50' tells the participant when the game ends; the default says 'Trial k'. The
    preset 'horizon' restores the old wording, and the built-in agents' scores do not change."""
    from machinepsych.core.scoring import score_session, steps_frame
    from machinepsych.participants.agents import play_agent

    spec = get_task("dcigt")
    for preset, want in (("default", "Trial 1. "), ("easy", "Trial 1. "), ("horizon", "Trial 1 of 50. ")):
        env = spec.make(spec.resolve(preset))
        obs = env.reset(0)
        assert obs.parts[0].text.startswith(want)
        assert all("of 50" not in (p.text if hasattr(p, "text") else "") for p in obs.parts) or preset == "horizon"
        assert "50" not in spec.instructions(env, "model")
    for agent in ("ideal", "wsls", "random"):
        for seed in range(3):
            a, b = (score_session(spec, steps_frame(*play_agent(spec, spec.resolve(p), seed, agent)), spec.resolve(p))
                    for p in ("default", "horizon"))
            assert a == b

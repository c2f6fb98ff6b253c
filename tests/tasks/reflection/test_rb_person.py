"""What a person sees on Reflection-Bench trials, and that models are still sent exactly the
messages they were sent before people got their own wording (docs/reflection-bench.md#people)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from machinepsych.core.play import Episode
from machinepsych.core.spec import Timing
from machinepsych.core.types import TextPart
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task
from tests.support.model_messages import model_messages_digest

from tests.tasks.reflection.rb_helpers import TESTS

DATA = Path(__file__).resolve().parents[2] / "fixtures" / "oddball_prompts_sample.json"
# sha256 (first 16 hex digits) of everything a model is sent in a session played by agent:random
# (re-pinned when agent:random came to answer as the test's chance policy: issue 29; what a
# model is sent for a given answer did not change, the random answers did)
# (system text, every trial message as the prompting strategies build it, the feedback), taken
# before the person wording was added: the models' messages must not move
MODEL_MESSAGES = {
    "dcigt:default:0": "4059361e9c83a6e0",
    "dcigt:default:1": "771d1d3763ed4642",
    "dcigt:easy:0": "4059361e9c83a6e0",
    "dcigt:easy:1": "771d1d3763ed4642",
    "dcigt:hard:0": "a98f921b767ea43e",
    "dcigt:hard:1": "b0f6a4d3ecee48f3",
    "dcigt:horizon:0": "be5b9f7d503374a3",
    "dcigt:horizon:1": "5818e9a38888c6b2",
    "mbt:default:0": "27e848578892353e",
    "mbt:default:1": "0478afbd1fa35ed8",
    "mbt:easy:0": "27e848578892353e",
    "mbt:easy:1": "0478afbd1fa35ed8",
    "mbt:hard:0": "3406c8a5b3b9588f",
    "mbt:hard:1": "bbc9116ae49d39d1",
    "nback:default:0": "303f517c2d3307b3",
    "nback:default:1": "b1b4bbe388255cc8",
    "nback:easy:0": "303f517c2d3307b3",
    "nback:easy:1": "b1b4bbe388255cc8",
    "nback:hard-paper-sequence:0": "d8405b7005c74802",
    "nback:hard-paper-sequence:1": "8196e8d6a69dfce3",
    "nback:hard:0": "9e1861dd09e3ac0d",
    "nback:hard:1": "895f8fe53688fc5c",
    "nback:paper-sequence:0": "e03536a9d1affe45",
    "nback:paper-sequence:1": "b708ea59e974bb39",
    "oddball:default:0": "4f93a83062960caf",
    "oddball:default:1": "f22e78ad260dc341",
    "oddball:easy:0": "4f93a83062960caf",
    "oddball:easy:1": "f22e78ad260dc341",
    "oddball:no-embedding:0": "4f93a83062960caf",
    "oddball:no-embedding:1": "f22e78ad260dc341",
    "oddball:paper-position:0": "cd37534d09424642",
    "oddball:paper-position:1": "4a9540793746fc83",
    "oddball:published:0": "52b0bafd23749832",
    "oddball:published:1": "52b0bafd23749832",
    "prlt:default:0": "8a1229ea332329c7",
    "prlt:default:1": "bdb0b9aeb44db7d9",
    "prlt:easy:0": "8a1229ea332329c7",
    "prlt:easy:1": "bdb0b9aeb44db7d9",
    "prlt:hard:0": "1fca959b7116882e",
    "prlt:hard:1": "31d3262e7a40a537",
    "wpt:default:0": "1ff47e65356319d0",
    "wpt:default:1": "c3ded26f3bd6da9b",
    "wpt:easy:0": "1ff47e65356319d0",
    "wpt:easy:1": "c3ded26f3bd6da9b",
    "wpt:hard:0": "aa3c64b446df9119",
    "wpt:hard:1": "79938153d58ca1c6",
    "wpt:paper-sequence:0": "b7a668fe90de7e50",
    "wpt:paper-sequence:1": "f89c04d4d7ca40bd",
}


def _params(task: str, preset: str):
    spec = get_task(task)
    if task == "oddball":
        return spec.resolve(preset, {"data": str(DATA), "passages": 3} if preset == "published" else {"passages": 4})
    return spec.resolve(preset)


@pytest.mark.parametrize("key", sorted(MODEL_MESSAGES))
def test_models_are_sent_the_same_messages(key):
    task, preset, seed = key.split(":")
    assert model_messages_digest(task, _params(task, preset), int(seed)) == MODEL_MESSAGES[key]


def _texts(obs, audience):
    return "\n".join(p.text for p in obs.parts_for(audience) if isinstance(p, TextPart))


def _session(task: str, preset: str = "default", seed: int = 3):
    spec = get_task(task)
    steps, _ = play_agent(spec, _params(task, preset), seed, "random")
    return steps


@pytest.mark.parametrize("preset", ["default", "horizon", "hard"])
def test_dcigt_every_decision_screen_shows_question_balance_and_last_outcome(preset):
    steps = _session("dcigt", preset)
    for i, step in enumerate(steps):
        obs, person, model = step.observation, _texts(step.observation, "person"), _texts(step.observation, "model")
        stim = obs.stimulus
        assert f"Your current balance is ${stim['balance']:g}." in person.splitlines()
        assert "Trial" not in person  # the page shows its own progress
        if stim["phase"] == "first":
            assert person.endswith("Which deck do you choose: AAA, BBB, CCC or DDD?")
            counter = f"Trial {stim['trial']} of {len(steps) // 2}." if preset == "horizon" else f"Trial {stim['trial']}."
            assert model.startswith(counter + " Your current balance is")
            if i == 0:  # the first trial: balance and question, nothing before
                assert person.splitlines()[0].startswith("Your current balance")
            else:
                last = steps[i - 1].result.info
                assert person.splitlines()[0] == (f"Last trial: your final choice was deck {last['final_deck']}; "
                                                  f"you gained ${last['final_gain']:g} and lost ${last['final_loss']:g}.")
        else:
            assert person.splitlines()[0] == f"Preview: {obs.feedback}"  # the preview stays on the page
            assert "Which deck is your final choice: AAA, BBB, CCC or DDD?" in person
            assert model == "You may keep this deck or switch to another one; only your final choice counts. " \
                            "Which deck is your final choice: AAA, BBB, CCC or DDD?"


def test_dcigt_an_invalid_final_choice_is_said_on_the_next_screen():
    spec = get_task("dcigt")
    ep = Episode(spec.make(spec.resolve()), 0)
    ep.step("AAA")
    ep.step(None)
    person = _texts(ep.observation, "person")
    assert person.startswith("Last trial: no valid final deck was named; nothing changed.\nYour current balance is $2000.")


@pytest.mark.parametrize("task,counter", [("prlt", r"^This is trial \d+\. "), ("mbt", r"^This is trial \d+\. "),
                                          ("nback", r"^Letter \d+: "), ("dcigt", r"^Trial \d+\. ")])
def test_trial_counters_and_reply_formats_are_the_models_only(task, counter):
    for step in _session(task):
        obs = step.observation
        model, person = _texts(obs, "model"), _texts(obs, "person")
        if task != "dcigt" or obs.stimulus["phase"] == "first":
            assert re.match(counter, model), model
        assert not re.search(r"\b(?:trial \d+|letter \d+:)", person, re.I), person
        if task == "nback":
            assert model.endswith("Answer Yes, No or Not available.") and "Answer" not in person
            assert person == f"The letter is {obs.stimulus['letter']}.\nIs it the same as the letter " \
                             f"{obs.stimulus['n']} steps back?"


@pytest.mark.parametrize("task", ["prlt", "mbt"])
def test_bandit_pages_keep_the_last_reward(task):
    steps = _session(task)
    for i, step in enumerate(steps):
        person = _texts(step.observation, "person")
        question = "Which arm do you choose: right arm or left arm?"
        if i == 0:
            assert person == question
        else:
            last = steps[i - 1]
            assert person == (f"Your last choice, the {last.action} arm, gave a reward of {int(last.result.reward)}."
                              f"\n{question}")
            assert step.observation.feedback == f"The reward for your last choice was {int(last.result.reward)}."


def test_wpt_pages_say_todays_weather():
    steps = _session("wpt")
    for i, step in enumerate(steps):
        obs = step.observation
        person = _texts(obs, "person")
        assert person.endswith("What will tomorrow's weather be: sunny or rainy?")
        if i == 0:
            assert person == _texts(obs, "model")  # the first day's text says it for everyone
        else:
            said = steps[i - 1].action or "no valid prediction"
            assert person.startswith(f"A new day has begun. Today the weather is {obs.stimulus['today']} "
                                     f"(your prediction was {said}).")
            assert "A new day" not in _texts(obs, "model")  # models read it in the feedback


@pytest.mark.parametrize("task", TESTS)
def test_reflection_bench_declares_no_timing_of_its_own(task):
    # the published procedure is a text conversation: no durations to take over, the browser's defaults apply
    assert get_task(task).timing == Timing()

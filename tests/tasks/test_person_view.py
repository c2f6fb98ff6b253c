"""What a person is shown, for every registered test and preset: a short session played by
agent:random, then replayed trial by trial to look at each page as a person gets it.

On every trial a person's text (the instructions worded for people, the trial's parts and
study material for people, the form's labels, hints and examples) must

* carry no reply-format text written for models (JSON, "Answer with", "Selection:", ...),
* carry no trial counter of its own ("Trial 3 of 50", "This is trial 3": the web page shows
  its progress),
* reveal no value of ``obs.hidden`` that a model is not shown as well (no answer key),
* show something besides the answer widget (a question, a picture or a passage),

and the form must be usable: buttons with distinct legal actions and distinct keys, a text box
whose reader takes the canonical text of sampled actions (and its own example), a
questionnaire whose full submission parses.
"""
from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.core.play import Episode, replay
from machinepsych.core.spec import Buttons, Likert, Questionnaire, TaskSpec, TextBox
from machinepsych.core.types import ImagePart, Observation, TextPart
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import all_tasks

SPECS = all_tasks()
CASES = [(spec, preset) for spec in SPECS for preset in spec.presets]

# reply-format text written for models' parsers (matched case-insensitively; "JSON" as a word)
MODEL_FORMAT = ("Answer with", "Selection:", "exactly as written", "single word", "Give only", "required format",
                "<1-4>", "Reply with", "Respond with", '{"answer"', "Card Label", "Answer on a single line",
                "no explanation", "Acknowledge")
JSON_WORD = re.compile(r"\bJSON\b")
COUNTER = re.compile(r"\b(?:trial|item|question|letter|passage|day)\s+\d+(?:\s+(?:of|/)\s+\d+)?\b(?!\s+steps?\b)", re.I)

# the number of trials, shrunk where the parameters allow it (first value that validates)
LENGTH_FIELDS = ("n_trials", "trials", "passages", "n_items", "blocks", "x", "iterations", "n_iterations")
SMALL = (4, 6, 8, 12)
EXTRA = {"wpt": {"estimate_from": 1}}  # estimate_from must stay below trials
# presets that read a user's copy of published materials (--data) get the suite's fixture
USER_DATA = {("oddball", "published"): Path(__file__).resolve().parents[1] / "fixtures" / "oddball_prompts_sample.json"}


def _params(spec: TaskSpec, preset: str):
    data = USER_DATA.get((spec.id, preset))
    base = {"data": str(data)} if data else {}
    fields = [f for f in LENGTH_FIELDS if f in spec.Params.model_fields]
    for field in fields[:1]:
        for n in SMALL:
            try:
                return spec.resolve(preset, {**base, **EXTRA.get(spec.id, {}), field: n})
            except ConfigError:
                continue
    return spec.resolve(preset, base or None)


def _text(parts) -> str:
    return "\n".join(p.text if isinstance(p, TextPart) else p.alt for p in parts)


def _form_text(form) -> str:
    if isinstance(form, Buttons):
        return "\n".join(o.label for o in form.options)
    if isinstance(form, Likert):
        return "\n".join((*form.anchors, *(o.label for o in form.options)))
    if isinstance(form, TextBox):
        return f"{form.hint}\n{form.example}"
    if isinstance(form, Questionnaire):
        return "\n".join((*(s.text for s in form.statements), *form.anchors, form.reason))
    raise AssertionError(f"unknown form {form!r}")


def _leaves(value: Any):
    """The scalar values inside a hidden field (lists and dicts flattened)."""
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, float):
        if math.isfinite(value):
            yield str(int(value)) if value.is_integer() else repr(value)
    else:
        yield str(value)


def _shows(text: str, value: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(value)}(?![\w]|\.\d)", text, re.I) is not None


def check_format_words(where: str, text: str) -> None:
    low = text.lower()
    found = [w for w in MODEL_FORMAT if w.lower() in low] + (["JSON"] if JSON_WORD.search(text) else [])
    assert not found, f"{where} shows a person text written for models ({found}): {text!r}"
    counter = COUNTER.search(text)
    assert not counter, f"{where} shows its own trial counter {counter.group(0)!r} (the page shows progress)"


def check_no_leak(where: str, obs: Observation, trial: str, general: str, model: str) -> None:
    """No hidden value is shown to a person unless a model is shown it too. Words are looked for
    in everything a person reads; numbers only in the trial's own text and study material (the
    instructions and buttons name key numbers 1, 2, 3 ... on every trial of every test)."""
    for key, value in obs.hidden.items():
        for leaf in _leaves(value):
            number = re.fullmatch(r"-?\d+(?:\.\d+)?", leaf) is not None
            person = trial if number else f"{trial}\n{general}"
            if leaf.strip() and _shows(person, leaf) and not _shows(model, leaf):
                raise AssertionError(f"{where}: hidden {key}={leaf!r} is shown to a person and not to a model")


def check_form(where: str, spec: TaskSpec, obs: Observation, episode: Episode, rng: np.random.Generator):
    space = episode.action_space
    form = spec.answer.form(obs, space)
    if isinstance(form, (Buttons, Likert)):
        options = form.options
        labels = [o.label.strip() for o in options]
        assert all(labels) and len(set(labels)) == len(labels), f"{where}: button labels {labels}"
        actions = [o.action for o in options]
        assert len({repr(a) for a in actions}) == len(actions), f"{where}: two buttons give one answer"
        assert all(episode.legal(a) is not None for a in actions), f"{where}: a button is not a legal answer"
        keys = [o.key for o in options if o.key]
        assert len(keys) == len(set(keys)), f"{where}: keys {keys}"
        if isinstance(form, Buttons) and len(options) <= 9:
            assert len(keys) == len(options), f"{where}: a button has no key"
    elif isinstance(form, TextBox):
        assert form.hint.strip(), f"{where}: a text box without a hint"
        for _ in range(3):
            action = space.sample(rng)
            typed, status = spec.answer.read_typed(spec.answer.format(action), obs)
            assert status == "parsed" and episode.legal(typed) is not None, \
                f"{where}: typing {spec.answer.format(action)!r} gives {typed!r} ({status})"
        if form.example:
            typed, status = spec.answer.read_typed(form.example, obs)
            assert status == "parsed" and episode.legal(typed) is not None, \
                f"{where}: the example {form.example!r} is not read as an answer ({status})"
    elif isinstance(form, Questionnaire):
        assert spec.answer.parse_form is not None, f"{where}: a questionnaire without parse_form"
        ids = [s.id for s in form.statements]
        assert ids and len(set(ids)) == len(ids), f"{where}: statement ids {ids}"
        submission = {"ratings": {i: int(rng.integers(form.low, form.high + 1)) for i in ids},
                      "reasons": {i: "It follows from what I read." for i in ids}}
        action, status = spec.answer.parse_form(submission, obs)
        assert status == "parsed" and episode.legal(action) is not None, f"{where}: a full submission gives {status}"
    else:
        raise AssertionError(f"{where}: unknown form {form!r}")
    return form


@pytest.mark.parametrize("spec,preset", [pytest.param(s, p, id=f"{s.key}:{p}") for s, p in CASES])
def test_person_view(spec, preset):
    params = _params(spec, preset)
    steps, _ = play_agent(spec, params, 7, "random")
    assert steps, f"{spec.id}: an empty session"
    env = spec.make(params)
    episode = Episode(env, 7)
    person_instructions = spec.instructions(env, "person")
    model_instructions = spec.instructions(env, "model")
    check_format_words(f"{spec.key}:{preset} instructions", person_instructions)
    rng = np.random.default_rng(0)

    def check(i: int, obs: Observation) -> None:
        where = f"{spec.key}:{preset} trial {i + 1}"
        shown = obs.parts_for("person")
        study = obs.study_for("person")
        assert any(isinstance(p, ImagePart) or p.text.strip() for p in (*shown, *study)), \
            f"{where}: a person is shown nothing but the answer widget"
        form = check_form(where, spec, obs, episode, rng)
        trial = "\n".join((_text(shown), _text(study)))
        check_format_words(where, f"{trial}\n{_form_text(form)}")
        model = "\n".join((model_instructions, _text(obs.parts_for("model")), _text(obs.study_for("model")),
                           obs.feedback or ""))
        check_no_leak(where, obs, trial, f"{_form_text(form)}\n{person_instructions}", model)

    replay(episode, [s.action for s in steps], check)
    assert episode.done and len(episode.steps) == len(steps)

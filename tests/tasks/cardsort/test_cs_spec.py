"""Every card-sorting TaskSpec: environment contract, answer format, human forms, agents
without hidden state, instructions word for word, light lookup, figures."""
import hashlib
import itertools
import re
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from machinepsych.core.checker import check_env
from machinepsych.core.play import Episode
from machinepsych.core.scoring import score_session, steps_frame
from machinepsych.core.spec import Buttons, TextBox
from machinepsych.participants.agents import agent_view, play_agent, seen
from machinepsych.tasks.catalog import get_task

TESTS = ("wcst", "wcst-kennedy", "wcst-shape", "wcst-color", "wcst-number", "wcst-reflection",
         "wcst-vision-probe", "lnt", "lnt-letter", "lnt-number")
CASES = [(t, p) for t in TESTS for p in get_task(t).presets]
# sha256 (first 16 hex digits) of the model instructions: the prompts used before the
# TaskSpec restructuring, word for word
MODEL_TEXT = {
    ("wcst", "default"): "2758733766052c23",
    ("wcst", "no-exclusivity"): "16654ce63b64d9ac",
    ("wcst", "paper-layout"): "2758733766052c23",
    ("wcst-kennedy", "default"): "228b0250eb45f6ee",
    ("wcst-kennedy", "code-prompt"): "6b58acee2dcc8518",
    ("wcst-kennedy", "faithful"): "228b0250eb45f6ee",
    ("wcst-shape", "default"): "bed3f394ad205f2a",
    ("wcst-color", "default"): "42e35ff81d399bfa",
    ("wcst-number", "default"): "94c0955929469b52",
    ("wcst-reflection", "default"): "c464e50849b6cadc",
    ("wcst-reflection", "easy"): "c464e50849b6cadc",
    ("wcst-reflection", "hard"): "c464e50849b6cadc",
    ("wcst-reflection", "easy-corrected-desk"): "acfd1167f46988a7",
    ("wcst-reflection", "hard-corrected-desk"): "acfd1167f46988a7",
    ("wcst-vision-probe", "default"): "d9443e4eef7b55b9",
    ("lnt", "default"): "8ea74bcdfa444bbb",
    ("lnt", "code-prompt"): "1f2bc74b13cd2a11",
    ("lnt-letter", "default"): "2f4e4f037eb3930a",
    ("lnt-number", "default"): "517da3ae65d20e0b",
}
MODEL_WORDS = ("Selection:", "Reply with", "Answer with", "Answer on a single line", "Acknowledge", "JSON",
               "Card Label", "no explanation", "exactly as written")


def _params(test, preset):
    spec = get_task(test)
    overrides = {"n_trials": 6} if test == "wcst-vision-probe" else {}
    return spec, spec.resolve(preset, overrides)


@pytest.mark.parametrize("test,preset", CASES)
def test_check_env(test, preset):
    spec, params = _params(test, preset)
    check_env(spec, params)


@pytest.mark.parametrize("test,preset", CASES)
def test_model_instructions_word_for_word(test, preset):
    spec = get_task(test)
    env = spec.make(spec.resolve(preset))
    text = spec.instructions(env, "model")
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == MODEL_TEXT[(test, preset)]
    fmt = spec.answer.model_instruction
    fmt = fmt(env) if callable(fmt) else fmt
    assert fmt and all(sentence in text for sentence in re.split(r"(?<=\.)\s+", fmt) if sentence)
    assert env.instructions() != text  # the task description alone carries no reply format


@pytest.mark.parametrize("test,preset", CASES)
def test_person_instructions_and_forms(test, preset):
    spec, params = _params(test, preset)
    env = spec.make(params)
    text = spec.instructions(env, "person")
    assert not any(w.lower() in text.lower() for w in MODEL_WORDS), text
    assert ("click" in text.lower()) or ("type" in text.lower())
    ep = Episode(env, 3)
    rng = np.random.default_rng(0)
    while not ep.done:
        obs = ep.observation
        form = spec.answer.form(obs, ep.action_space)
        if isinstance(form, Buttons):
            labels = [o.label for o in form.options]
            assert all(labels) and len(set(labels)) == len(labels)
            assert [o.key for o in form.options] == [str(i + 1) for i in range(len(form.options))]
            actions = [o.action for o in form.options]
            assert len(set(actions)) == len(actions) and all(ep.action_space.contains(a) for a in actions)
        else:
            assert isinstance(form, TextBox) and form.hint and form.example
            action, status = spec.answer.read_typed(form.example, obs)
            assert status == "parsed" and ep.action_space.contains(action)
        ep.step(ep.action_space.sample(rng))


@pytest.mark.parametrize("test", TESTS)
def test_parse_of_format_is_identity(test):
    spec, params = _params(test, "default")
    ep = Episode(spec.make(params), 1)
    rng = np.random.default_rng(1)
    while not ep.done:
        obs, space = ep.observation, ep.action_space
        options = getattr(space, "options", None)
        actions = list(options) if options else [space.sample(rng) for _ in range(20)]
        for a in actions:
            assert spec.answer.parse(spec.answer.format(a), obs) == (a, "parsed"), a
        ep.step(actions[0])


@pytest.mark.parametrize("test", TESTS)
def test_agents_see_no_hidden_state(test):
    spec, params = _params(test, "default")
    ep = Episode(spec.make(params), 0)
    history = []
    while not ep.done:
        obs = ep.observation
        for name, agent in spec.all_agents().items():
            view = agent_view(agent, params, obs, ep.action_space, history, 0)
            assert view.observation.hidden == {}
            assert view.answer_key is None or agent.oracle
            assert all(s.observation.hidden == {} for s in view.history)
            assert ep.action_space.contains(agent.policy(view))
        step = ep.step(ep.action_space.sample(np.random.default_rng(obs.trial)))
        history.append(seen(step.observation, step.action, step.result))
    assert not any(a.oracle for a in spec.agents.values())


def test_hidden_rule_is_recorded_but_not_shown():
    for test in ("wcst", "wcst-kennedy", "wcst-reflection", "lnt"):
        spec = get_task(test)
        obs = spec.make(spec.resolve()).reset(0)
        assert "rule" in obs.hidden and "rule" not in obs.stimulus and "rule" not in obs.public_json()
        assert obs.hidden["rule"] not in obs.text.lower().split()


@pytest.mark.parametrize("test,agent,lo,hi", [("wcst", "ideal", 75, 100), ("wcst", "random", 0, 60),
                                               ("lnt", "ideal", 75, 100), ("wcst-color", "ideal", 80, 100),
                                               ("wcst-vision-probe", "ideal", 100, 100)])
def test_agents_score_where_expected(test, agent, lo, hi):
    spec = get_task(test)
    params = spec.resolve()
    steps, replies = play_agent(spec, params, 0, agent)
    out = score_session(spec, steps_frame(steps, replies), params)
    assert lo <= out[spec.primary] <= hi
    assert set(out) <= {m.name for m in spec.metrics}


def test_lookup_imports_only_this_family():
    code = ("import sys; from machinepsych.tasks.catalog import get_task; get_task('wcst'); get_task('lnt'); "
            "get_task('wcst-vision-probe'); bad = [m for m in sys.modules if m.startswith('machinepsych.') and "
            "not (m.startswith(('machinepsych.core', 'machinepsych.parsing', 'machinepsych.fitting')) or m.startswith('machinepsych.tasks.cardsort') or "
            "m in ('machinepsych.tasks', 'machinepsych.tasks.catalog'))]; "
            "heavy = [m for m in ('matplotlib', 'PIL') if m in sys.modules]; print(bad, heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[] []", out


@pytest.mark.parametrize("test", ("wcst", "lnt", "wcst-reflection", "wcst-vision-probe"))
def test_figures_render(test):
    spec = get_task(test)
    params = spec.resolve(None, {"n_trials": 4} if test == "wcst-vision-probe" else {})
    frames, scores = [], []
    for cond, agent in itertools.product(("a", "b"), ("random", "ideal")):
        for seed in range(2):
            steps, replies = play_agent(spec, params, seed, agent)
            f = steps_frame(steps, replies, session=f"{cond}{agent}{seed}").assign(condition=f"{cond}:{agent}")
            frames.append(f)
            scores.append({"session": f"{cond}{agent}{seed}", "condition": f"{cond}:{agent}",
                           **score_session(spec, f, params)})
    trials, scores = pd.concat(frames, ignore_index=True), pd.DataFrame(scores)
    figs = [fig for fn in spec.figures for fig in fn(trials, scores, spec)]
    assert figs and all(title and fig.axes for title, fig in figs)
    import matplotlib.pyplot as plt

    for _, fig in figs:
        for ax in fig.axes:
            assert ax.get_ylabel()
            lo, hi = ax.get_ylim()
            assert hi > 50  # percentages on 0-100, never 0-1
        plt.close(fig)


@pytest.mark.parametrize("rule,named", [("shape", "same shape"), ("color", "same colour"), ("number", "same number of shapes")])
def test_a_component_made_without_parameters_names_its_own_rule(rule, named):
    """``spec.make()`` with no parameters is the test's default preset: wcst-color's names the colour
    rule (its parameters' own default rule is shape, so every component said "same shape")."""
    spec = get_task(f"wcst-{rule}")
    env = spec.make()
    assert env.params.rule == rule
    assert named in spec.instructions(env, "model") and named in spec.instructions(spec.make({}), "person")

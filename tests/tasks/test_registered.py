"""Every test in the catalog, through the generic machinery: the checker on every preset,
its answer format for models and people, its declared metrics, and a chance level."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from machinepsych.analysis.chance import chance
from machinepsych.core.checker import check_env
from machinepsych.core.play import Episode
from machinepsych.core.spec import Buttons, Likert, Questionnaire, TextBox
from machinepsych.tasks.catalog import all_tasks, get_task, task_ids

SPECS = all_tasks()
CASES = [(spec, preset) for spec in SPECS for preset in spec.presets]
MODEL_WORDS = ("JSON", '{"answer"', "Selection:", "Reply with", "Respond with")


def test_catalog_ids_resolve_to_their_specs():
    assert len(SPECS) == len(task_ids()) >= 36
    for spec in SPECS:
        assert get_task(spec.id) is spec and get_task(spec.key) is spec and get_task(spec.id.upper()) is spec


# presets that read a user's copy of published materials (--data) get the suite's fixture
USER_DATA = {("oddball", "published"): Path(__file__).resolve().parents[1] / "fixtures" / "oddball_prompts_sample.json"}


@pytest.mark.parametrize("spec,preset", CASES, ids=[f"{s.key}:{p}" for s, p in CASES])
def test_check_env(spec, preset):
    data = USER_DATA.get((spec.id, preset))
    check_env(spec, spec.resolve(preset, {"data": str(data)} if data else None))


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_declared_metrics_and_forms(spec):
    names = [m.name for m in spec.metrics]
    assert len(names) == len(set(names)) and spec.primary in names
    for m in spec.metrics:
        lo, hi = m.scale
        assert lo is None or hi is None or lo < hi, f"{spec.id}.{m.name}: scale {m.scale}"
        if m.unit == "%" and None not in m.scale:  # a bounded percentage lives on 0-100 (a signed
            # one, 100 x a cosine similarity as the oddball score, on -100..100)
            assert m.scale in ((0.0, 100.0), (-100.0, 100.0)), f"{spec.id}.{m.name}: scale {m.scale}"
    params = spec.resolve()
    env = spec.make(params)
    person = spec.instructions(env, "person")
    assert not any(w in person for w in MODEL_WORDS), f"{spec.id}: people's instructions speak to a model: {person}"
    episode = Episode(env, 3)
    rng = np.random.default_rng(0)
    for _ in range(min(env.n_trials, 4)):
        obs, space = episode.observation, episode.action_space
        form = spec.answer.form(obs, space)
        if isinstance(form, (Buttons, Likert)):
            actions = [o.action for o in form.options]
            assert all(o.label.strip() for o in form.options)
            assert len({repr(a) for a in actions}) == len(actions)
            assert all(space.contains(a) for a in actions), f"{spec.id}: a button is not a legal answer"
            keys = [o.key for o in form.options if o.key]
            assert len(keys) == len(set(keys))
        elif isinstance(form, Questionnaire):
            ids = [st.id for st in form.statements]
            assert ids and len(set(ids)) == len(ids) and all(st.text.strip() for st in form.statements)
            assert form.low < form.high and spec.answer.parse_form is not None
        else:
            assert isinstance(form, TextBox) and form.hint.strip()
        action = space.sample(rng)
        reply = spec.answer.format(action)
        parsed, status = spec.answer.parse(reply, obs)
        assert status == "parsed" and episode.legal(parsed) == episode.legal(action), (spec.id, action, reply, parsed)
        episode.step(action)


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_chance_level_exists(spec):
    result = chance(spec, n=1000 if spec.chance is not None else 40, seed=0)
    cell = result["metrics"][spec.primary]
    assert cell["n"] > 0 and np.isfinite(cell["mean"]) and np.isfinite(cell["p95"]) and cell["sd"] >= 0


def _github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation but '-' and '_' dropped,
    spaces to '-'."""
    import re

    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_docs_link_of_the_catalog_resolves_on_github():
    """``tasks --json``'s ``docs`` of each test is a page of docs/ and, with an anchor, one that
    GitHub makes: an ``<a id=...>`` or a heading's slug. Probe 13: reflection-bench.md's headings
    ended in ``{#wpt}``, an attribute GitHub shows as text and makes no anchor of."""
    import re

    root = Path(__file__).resolve().parents[2]
    missing = []
    for spec in SPECS:
        page, _, anchor = spec.docs.partition("#")
        text = (root / page).read_text()
        ids = set(re.findall(r'<a id="([^"]+)"', text))
        ids |= {_github_slug(h) for h in re.findall(r"^#+ (.*)$", text, flags=re.M)}
        if anchor and anchor not in ids:
            missing.append(spec.docs)
    assert missing == []

"""People never see which test they take: every test of the catalog is taken through a study
link, every page of the session is read as the server sends it (the consent page, the session
page with its instructions and first trial, each trial's fragment and JSON after every answer,
practice included, the end page) and searched for the test's names: its title and the parts
of it that name something, its id and key, its family's name, VisFactor's subtest code."""
from __future__ import annotations

import html
import json
import re

import numpy as np
import pytest

from machinepsych.core.spec import Questionnaire, TextBox
from machinepsych.runner.plan import TaskRun
from machinepsych.tasks.catalog import get_task, task_ids

from tests.web.helpers import consent, human_run

SHORT = ({"n_trials": 3}, {"trials": 3}, {"n_items": 2}, {"iterations": 1, "statements": 2}, {"blocks": 1})
FAMILY_NAMES = {"cardsort": ["WCST", "Wisconsin"], "visfactor": ["VisFactor", "Kit of Factor"],
                "cogbench": ["CogBench"], "reflection": ["Reflection-Bench", "Reflection Bench"],
                "lnt": ["Letter-Number Test"], "vision-probe": ["WCST"]}
# parts of titles that describe an ability or a variant, not a name people could look up
DESCRIPTIONS = {"64 cards", "task switching", "named", "letter only", "number only", "sort by color", "sort by shape",
                "sort by number", "fixed 72-card list", "Kennedy & Nowak text variant"}
ABILITY = re.compile(r"^(flexibility|speed) of closure$|memory$|induction$|perceptual speed$|reasoning$|relations$"
                     r"|scanning$|visualization$")


def names(spec) -> set[str]:
    """Every name of the test a page must not show."""
    title = spec.title
    out = {title, spec.id, spec.key, *FAMILY_NAMES.get(spec.family, [])}
    for part in re.split(r"[:,()]", title):
        part = part.strip()
        if len(part) >= 3 and part not in DESCRIPTIONS and not ABILITY.search(part) and not part.startswith("opinions"):
            out.add(part)
    code = re.match(r"VisFactor (\w+\d)", title)
    if code:
        out.add(code.group(1))
    return out


def found(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE if " " in name else 0) is not None


def short_run(store, test_id: str):
    """A session of the test, as short as its parameters allow."""
    spec = get_task(test_id)
    fields = spec.env_class.Params.model_fields
    params = {}
    for p in SHORT:
        if set(p) <= set(fields):
            try:
                spec.params_from(p)
            except Exception:  # noqa: BLE001 - too short for this test: its default length
                continue
            params = p
            break
    return human_run(store, [TaskRun(task=test_id, params=params, sessions=1)], "n-" + test_id[:40])


@pytest.mark.parametrize("test_id", [t for t in task_ids() if not t.startswith("toy-")])
def test_no_page_names_the_test(people, test_id):
    spec = get_task(test_id)
    run = short_run(people.store, test_id)
    study = people.study(run, consent="Your answers are stored without your name.", practice=1)
    b = people.browser()
    pages = [b.get(f"/s/{study.slug}").text]
    sid = consent(b, study)
    row = people.store.sessions(run.id)[0]
    for _ in range(200):
        page = b.get(f"/session/{sid}")
        pages.append(page.text)
        state = b.get(f"/session/{sid}/state").json()
        pages.append(json.dumps(state))
        if state["phase"] == "done":
            break
        b.post(f"/session/{sid}/begin", json={})
        for body in answer_bodies(people.store, row, spec, state):
            r = b.post(f"/session/{sid}/answer", json={"trial": state["trial"], "phase": state["phase"], "rt_ms": 900,
                                                       **body})
            if r.status_code == 200:
                pages.append(r.text)
                break
        assert r.status_code == 200, (test_id, state["form"], r.text)
    else:
        raise AssertionError("the session did not end")
    text = html.unescape("\n".join(pages))
    shown = [n for n in sorted(names(spec)) if found(text, n)]
    where = {n: text[max(0, m.start() - 80):m.end() + 40] for n in shown
             for m in [re.search(re.escape(n), text, re.IGNORECASE)] if m}
    assert not shown, where


def answer_bodies(store, row, spec, state) -> list[dict]:
    """Answers to the trial on screen: a button's option, every statement rated, or typed
    answers the test's parser reads (the form's example, a formatted legal action)."""
    if state["form"] in ("buttons", "likert"):
        return [{"action": state["options"][0]}]
    from machinepsych.core.play import Episode
    from machinepsych.runner.session import replay
    from machinepsych.web.session_phase import practice_seed

    if state["phase"] == "practice":
        ep = Episode(spec.make(spec.params_from(row.params)), practice_seed(row.seed))
        obs, space = ep.observation, ep.action_space
    else:
        rp = replay(store, row)
        obs, space = rp.obs, rp.env.action_space
    form = spec.answer.form(obs, space)
    if isinstance(form, Questionnaire):
        return [{"ratings": {s.id: form.low for s in form.statements}, "reasons": {s.id: "" for s in form.statements}}]
    assert isinstance(form, TextBox), form
    return [{"text": t} for t in (form.example, spec.answer.format(space.sample(np.random.default_rng(0))), "1") if t]

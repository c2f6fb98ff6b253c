"""Every registered test can be taken by a person, from its spec alone: the page shows the
instructions worded for people and the declared form; the page's JSON carries only what the
page shows (no hidden state, no stimulus fields for scorers, no text meant for models); one
answer is stored, and an empty or unreadable typed answer is refused and never stored.
The toy tests cover the study phase, the questionnaire and the Likert scale."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from machinepsych.core.spec import Buttons, Likert, Questionnaire, TextBox
from machinepsych.core.types import TextPart
from machinepsych.runner.plan import TaskRun
from machinepsych.tasks.catalog import task_ids, get_task
from tests.web.helpers import human_run, lab_url
from tests.web.toys import MODEL_ONLY, SECRET

PAGE_KEYS = {"session", "phase", "trial", "n_trials", "done", "observation", "form", "options"}
OBS_KEYS = {"trial", "parts", "feedback", "study", "study_seconds"}
ANSWER_KEYS = {"trial", "feedback", "done", "correct", "observation", "html"}


def model_only_texts(obs) -> list[str]:
    return [p.text for p in (*obs.parts, *obs.study) if isinstance(p, TextPart) and p.audience == "model"]


def answer_for(form, options):
    if isinstance(form, (Buttons, Likert)):
        return {"action": options[0]}
    if isinstance(form, Questionnaire):
        return {"ratings": {s.id: form.low for s in form.statements}, "reasons": {s.id: "because" for s in form.statements}}
    return None


@pytest.mark.parametrize("test_id", [t for t in task_ids() if not t.startswith("toy-")])
def test_every_registered_test_for_a_person(people, test_id):
    spec = get_task(test_id)
    run = human_run(people.store, [TaskRun(task=test_id, sessions=1)], "p-" + test_id.replace(".", "-")[:40])
    row = people.store.sessions(run.id)[0]
    env = spec.make(row.params)
    obs = env.reset(row.seed)
    b = people.browser()
    page = b.get(lab_url(b, row.id))
    assert page.status_code == 200, page.text
    html = page.text
    person = spec.instructions(env, "person")
    assert (person.split("\n")[0][:60].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;")) in html
    for text in model_only_texts(obs):
        assert text not in html
    form = spec.answer.form(obs, env.action_space)
    state = b.get(f"/session/{row.id}/state").json()
    assert set(state) <= PAGE_KEYS and set(state["observation"]) <= OBS_KEYS, state.keys()
    blob = json.dumps(state)
    assert '"hidden"' not in blob and '"stimulus"' not in blob
    for text in model_only_texts(obs):
        assert json.dumps(text)[1:-1] not in blob
    assert state["form"] == form.kind
    body = answer_for(form, state["options"])
    if isinstance(form, TextBox):
        for empty in ("", "   "):
            r = b.post(f"/session/{row.id}/answer", json={"trial": 0, "text": empty, "rt_ms": 900})
            assert r.status_code == 422 and r.json()["error"].startswith("Please type an answer")
        assert people.store.trials(row.id) == []
        # the example the form shows is a well-formed answer, read by the test's parser for people
        body = {"text": form.example or spec.answer.format(env.action_space.sample(np.random.default_rng(0)))}
    r = b.post(f"/session/{row.id}/answer", json={"trial": 0, "rt_ms": 900, **body})
    if r.status_code == 422 and isinstance(form, TextBox) and not form.example:
        assert r.json()["error"] and people.store.trials(row.id) == []  # refused in words, never stored
        return
    assert r.status_code == 200, r.text
    d = r.json()
    assert set(d) <= ANSWER_KEYS | {"phase_done"}
    assert '"hidden"' not in r.text and '"stimulus"' not in r.text
    stored = people.store.trials(row.id)
    assert len(stored) == 1 and stored[0].parse_status == "parsed" and stored[0].latency_s == pytest.approx(0.9)


def test_toys_study_phase_questionnaire_likert(people, toys):
    run = human_run(people.store, [TaskRun(task=t, sessions=1) for t in ("toy-recall", "toy-survey", "toy-rating")],
                    "toys")
    recall, survey, rating = people.store.sessions(run.id)
    b = people.browser()
    # recall: the study word is in a template shown first, the question after it; no key, no model text
    html = b.get(lab_url(b, recall.id)).text
    # timed material: the page holds its place; it is served as the page shows it
    assert "<template class='study' data-seconds='1' data-later='1'></template>" in html and "Study this word:" not in html
    shown = b.post(f"/session/{recall.id}/shown", json={}).json()
    assert "<template class='study' data-seconds='1'>" in shown["study_html"] and "Study this word:" in shown["study_html"]
    assert "<template class='question'>" in html and "Type the word." in html
    assert SECRET not in html and MODEL_ONLY not in html and "Type the word and press Enter." in html
    state = b.get(f"/session/{recall.id}/state").json()
    # its second runs from that serving (on the real clock): what is left of it, if anything
    assert state["observation"].get("study_seconds", 0) <= 1.0 and SECRET not in json.dumps(state)
    # once the page has taken the study material away, neither the page nor its JSON has it again
    assert b.post(f"/session/{recall.id}/studied", json={"phase": "test", "trial": 1}).status_code == 409
    assert b.post(f"/session/{recall.id}/studied", json={"phase": "test", "trial": 0}).status_code == 200
    html = b.get(lab_url(b, recall.id)).text
    assert "Study this word:" not in html and "<template class='study'" not in html and "Type the word." in html
    assert "study" not in b.get(f"/session/{recall.id}/state").json()["observation"]
    word = get_task("toy-recall").make(recall.params)
    word.reset(recall.seed)
    r = b.post(f"/session/{recall.id}/answer", json={"trial": 0, "text": "two words", "rt_ms": 10})
    assert r.status_code == 422 and "could not be read" in r.json()["error"]
    assert b.post(f"/session/{recall.id}/answer", json={"trial": 0, "text": "", "rt_ms": 10}).status_code == 422
    r = b.post(f"/session/{recall.id}/answer", json={"trial": 0, "text": f"  {word.items[0].upper()} ", "rt_ms": 10})
    assert r.status_code == 200 and r.json()["correct"] is True and r.json()["feedback"] == "Correct."
    assert people.store.trials(recall.id)[0].reply == word.items[0].upper()
    # survey: an article until Continue, then the statements with a reason box each
    html = b.get(lab_url(b, survey.id)).text
    assert "<template class='study' data-seconds='0'>" in html and "class='continue'" in html
    assert html.count("<fieldset class='statement'") == 3 and "Why?" in html and "name='r0' value='5'" in html
    ok = {"ratings": {"clear": 4, "fair": 2, "new": 5}, "reasons": {"clear": "short", "fair": "one-sided", "new": ""}}
    for bad in ({"ratings": {"clear": 4, "fair": 2}}, {"ratings": {"clear": 4, "fair": 2, "new": 6}},
                {"ratings": {"clear": 4, "fair": 2, "new": True}}, {"ratings": {**ok["ratings"], "extra": 1}},
                {"action": {"clear": 4, "fair": 2, "new": 5}}):
        r = b.post(f"/session/{survey.id}/answer", json={"trial": 0, "rt_ms": 5, **bad})
        assert r.status_code == 422, bad
    r = b.post(f"/session/{survey.id}/answer", json={"trial": 0, "rt_ms": 5000, **ok})
    assert r.status_code == 200, r.text
    t = people.store.trials(survey.id)[0]
    assert t.action == ok["ratings"] and json.loads(t.reply) == ok["ratings"] and t.latency_s == 5.0
    # rating: seven keyed buttons with the scale's anchors
    html = b.get(lab_url(b, rating.id)).text
    assert re.findall(r"data-key='(\d)'>", html) == [str(i) for i in range(1, 8)] and "unpleasant" in html
    assert b.post(f"/session/{rating.id}/answer", json={"trial": 0, "action": 8}).status_code == 422
    assert b.post(f"/session/{rating.id}/answer", json={"trial": 0, "action": 7, "rt_ms": 3}).status_code == 200


def test_progress_counts_trials_not_steps_and_keeps_the_horizon_hidden(people):
    """DC-IGT takes two steps per trial and does not reveal its length to models by default:
    the page counts trials ("Trial 2" after both choices of trial 1) without "of N"; with the
    horizon shown to models (preset horizon) people see "of N" too."""
    run = human_run(people.store, [TaskRun(task="dcigt", params={"trials": 3}, sessions=1)], "p-dcigt-progress")
    row = people.store.sessions(run.id)[0]
    b = people.browser()
    counters = []
    for step in range(4):
        html = b.get(lab_url(b, row.id)).text
        counters.append(re.search(r"<div class='progress'><span>([^<]*)</span>", html).group(1))
        state = b.get(f"/session/{row.id}/state").json()
        assert state["n_trials"] is None
        assert b.post(f"/session/{row.id}/answer", json={"trial": step, "rt_ms": 500,
                                                        "action": state["options"][0]}).status_code == 200
    assert counters == ["Trial 1", "Trial 1", "Trial 2", "Trial 2"]
    run = human_run(people.store, [TaskRun(task="dcigt", preset="horizon", params={"trials": 3}, sessions=1)],
                    "p-dcigt-horizon")
    row = people.store.sessions(run.id)[0]
    fresh = people.browser()
    html = fresh.get(lab_url(fresh, row.id)).text
    assert "<span>Trial 1 of 3</span>" in html

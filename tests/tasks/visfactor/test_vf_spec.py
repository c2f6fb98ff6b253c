"""Every VisFactor spec: checker over presets, parser round trips, the person's form,
agents without hidden state, the oracle, the chance simulator."""

import numpy as np
import pytest

from machinepsych.core.checker import check_env
from machinepsych.core.play import Episode
from machinepsych.core.scoring import score_session, steps_frame
from machinepsych.core.spec import Buttons, TextBox
from machinepsych.core.types import Observation
from machinepsych.participants.agents import agent_view, play_agent
from machinepsych.tasks.catalog import VISFACTOR_SUBTESTS, VISFACTOR_VERSIONS, get_battery, get_task
from machinepsych.tasks.visfactor.answer import parse_typed
from machinepsych.tasks.visfactor.parse import extract_answer, parse_visual

SPECS = [get_task(f"visfactor-{s.lower()}") for s in VISFACTOR_SUBTESTS]
SMALL = {"n_items": 2}
MODEL_WORDS = ("json", "{", '"answer"', "respond with")


def test_catalog_and_battery():
    from machinepsych.tasks.visfactor import subtests
    for s, spec in zip(VISFACTOR_SUBTESTS, SPECS):
        # the memory subtests' version 2 takes the study page away from models; every redesign of
        # a generator (issue 20) is one more version; the older versions stay for old runs
        hist = subtests.history(s)
        assert VISFACTOR_VERSIONS[s] == len(hist), f"catalog.VISFACTOR_VERSIONS[{s!r}] must be {len(hist)}"
        assert getattr(subtests, s) is spec and spec.key == f"visfactor-{s.lower()}-v{len(hist)}"
        assert not spec.study_stays and spec.env_class.generation is None
        for v, (gen, stays) in enumerate(hist[:-1], start=1):
            old = get_task(f"visfactor-{s.lower()}@{v}")
            assert old is getattr(subtests, f"{s}_V{v}") and old.version == v and old.study_stays == stays
            assert old.env_class.generation == (None if gen == hist[-1][0] else gen)
        assert spec.primary == "accuracy" and spec.scorer.metric("accuracy").scale == (0.0, 100.0)
    bat = get_battery("visfactor")
    assert [i.task for i in bat.items] == [s.id for s in SPECS]
    assert bat.strategies == ("direct", "cot", "scot", "mad")


def test_extract_last_answer():
    assert extract_answer('first {"answer": "A"} then {"answer": "C"}') == "C"
    assert extract_answer('{ "answer" : ["T", "F"] }') == ["T", "F"]
    assert extract_answer("{'answer': 'B'}") == "B"
    assert extract_answer("no json here") is None
    assert extract_answer('{"answer": "(2, 3)"}') == "(2, 3)"


def obs(kind, n=1, options=()):
    return Observation(0, {"answer_kind": kind, "n_rows": n, "options": list(options)}, ())


def test_parse_kinds():
    assert parse_visual('{"answer": ["yes", "no", "T"]}', obs("rows", 3)) == (("T", "F", "T"), "parsed")
    assert parse_visual('{"answer": "TFT"}', obs("rows", 3)) == (("T", "F", "T"), "parsed")
    assert parse_visual('{"answer": ["T"]}', obs("rows", 3))[1] == "invalid"
    assert parse_visual("so the end is row 2 and column 4", obs("cell")) == ("(2, 4)", "parsed")
    assert parse_visual("edge C", obs("letter")) == ("C", "parsed")
    assert parse_visual('{"answer": 7}', obs("int")) == (7, "parsed")
    assert parse_visual('{"answer": "House"}', obs("word")) == ("house", "parsed")
    assert parse_visual("", obs("mc"))[1] == "empty"


def test_parse_typed_reads_what_people_type():
    five = ("T", "F", "T", "F", "F")
    for text in ("T F T F F", "T,F,T,F,F", "t, f, t, f, f", "true false true false false", "TFTFF",
                 "yes no yes no no", '{"answer": ["T", "F", "T", "F", "F"]}'):
        assert parse_typed(text, obs("rows", 5)) == (five, "parsed"), text
    assert parse_typed("T F T", obs("rows", 5))[1] == "invalid"
    assert parse_typed("", obs("rows", 5))[1] == "empty"
    assert parse_typed("1 2 2 1 1 2 1 2", obs("groups", 8, (1, 2))) == ((1, 2, 2, 1, 1, 2, 1, 2), "parsed")
    assert parse_typed("1,2,2,1,1,2,1,2", obs("groups", 8, (1, 2)))[0] == (1, 2, 2, 1, 1, 2, 1, 2)
    assert parse_typed("Garden.", obs("word")) == ("garden", "parsed")
    assert parse_typed("  house ", obs("word")) == ("house", "parsed")
    assert parse_typed("2, 5", obs("cell")) == ("(2, 5)", "parsed")
    assert parse_typed("(2,5)", obs("cell")) == ("(2, 5)", "parsed")
    assert parse_typed("c", obs("letter")) == ("C", "parsed")
    assert parse_typed("b", obs("mc")) == ("B", "parsed")


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_checker_every_preset(spec):
    for preset in spec.presets:
        check_env(spec, spec.resolve(preset, SMALL))


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_answer_format_forms_and_hidden_state(spec):
    for preset in spec.presets:
        params = spec.resolve(preset, {"n_items": 3})
        env = spec.make(params)
        person = spec.instructions(env, "person")
        assert not any(w in person.lower() for w in MODEL_WORDS), person
        assert spec.instructions(env, "model").startswith(env.instructions())
        ep = Episode(env, 5)
        rng = np.random.default_rng(0)
        while not ep.done:
            o, space = ep.observation, ep.action_space
            # hidden state: the answer key is in hidden, never in the stimulus
            assert {"gold", "accepted", "rows", "params"} <= set(o.hidden)
            assert not {"gold", "accepted", "rows", "params"} & set(o.stimulus)
            assert not any(w in o.stimulus["person_question"].lower() for w in MODEL_WORDS)
            for _ in range(5):  # parse(format(a)) == a on sampled legal actions
                a = space.sample(rng)
                assert spec.answer.parse(spec.answer.format(a), o) == (a, "parsed"), a
            form = spec.answer.form(o, space)
            if isinstance(form, Buttons):
                assert o.stimulus["answer_kind"] in ("mc", "letter", "int", "tf")
                acts = [opt.action for opt in form.options]
                assert len(set(map(repr, acts))) == len(acts) and all(space.contains(a) for a in acts)
                assert all(opt.label.strip() for opt in form.options)
                assert [opt.key for opt in form.options[:9]] == [str(i + 1) for i in range(min(9, len(acts)))]
            else:
                assert isinstance(form, TextBox) and form.hint.strip() and form.example.strip()
                assert not any(w in form.hint.lower() for w in MODEL_WORDS)
                a, status = spec.answer.read_typed(form.example, o)
                assert status == "parsed" and space.contains(a), (form.example, a)
            # agents see no hidden state; only the oracle gets the key
            for name, agent in spec.all_agents().items():
                view = agent_view(agent, params, o, space, (), 5)
                assert view.observation.hidden == {}
                assert (view.answer_key is not None) == agent.oracle
            ep.step(None)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_ideal_scores_100_and_random_round_trips(spec):
    params = spec.resolve(None, {"n_items": 3})
    assert spec.agent("ideal").oracle
    steps, replies = play_agent(spec, params, 3, "ideal")
    assert all(s.result.correct for s in steps) and all(s.action is not None for s in steps)
    assert score_session(spec, steps_frame(steps, replies), params)["accuracy"] == 100
    steps, replies = play_agent(spec, params, 3, "random")
    assert all(s.action is not None for s in steps)
    m = score_session(spec, steps_frame(steps, replies), params)
    assert {x.name for x in spec.metrics} >= set(m)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_chance_simulator(spec):
    params = spec.resolve()
    out = spec.chance(params, 1000, np.random.default_rng(1), "uniform")  # (speed: benchmarks/, not here)
    assert {m.name for m in spec.metrics} == set(out)
    acc = out["accuracy"]
    assert acc.shape == (1000,) and (acc >= 0).all() and (acc <= 100).all()
    # the mean random accuracy equals the mean per-session chance level
    se = acc.std() / np.sqrt(len(acc)) + 1e-9
    assert abs(acc.mean() - out["random_acc"].mean()) < 5 * se + 0.05


def test_chance_matches_random_agent_sessions():
    spec = get_task("visfactor-cf1")
    params = spec.resolve("split")
    sim = spec.chance(params, 4000, np.random.default_rng(2), "uniform")
    real = [score_session(spec, steps_frame(*play_agent(spec, params, s, "random")), params) for s in range(1)]
    assert sim["random_acc"].mean() == pytest.approx(real[0]["random_acc"])
    assert sim["acc_rows"].mean() == pytest.approx(50, abs=0.5)
    assert sim["frct_paper"].mean() == pytest.approx(0, abs=2)


def test_lookup_imports_only_the_family():
    import subprocess
    import sys
    code = ("import sys; from machinepsych.tasks.catalog import get_task; get_task('visfactor-vz2'); "
            "print(sorted(m for m in sys.modules if m.startswith('machinepsych.') and not m.startswith("
            "('machinepsych.core', 'machinepsych.parsing', 'machinepsych.tasks.visfactor')) "
            "and m != 'machinepsych.tasks.catalog'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['machinepsych.tasks']"


def test_figures_render():
    import pandas as pd
    spec = get_task("visfactor-vz2")
    params = spec.resolve(None, {"n_items": 3})
    rows = []
    for cond, agent in (("agent:ideal", "ideal"), ("agent:random", "random")):
        for s in range(2):
            m = score_session(spec, steps_frame(*play_agent(spec, params, s, agent)), params)
            rows.append({"condition": cond, "session": s, **m})
    figs = spec.figures[0](pd.DataFrame(), pd.DataFrame(rows), spec)
    assert len(figs) == 2 and all(title and fig.axes for title, fig in figs)
    assert figs[0][1].axes[0].get_ylim() == (0.0, 100.0)

"""The prediction measures as pure functions: ties in accuracy, pseudo-R2 against choosing
uniformly, per-trial probabilities of a cognitive model that add up to its own likelihood, and
leave-one-person-out predictions that never use the predicted person's own fit."""
from __future__ import annotations

import math

import numpy as np
import pytest

from machinepsych.analysis.prediction import cognitive_trials, hit, measures, nll_of, trial_probabilities
from machinepsych.fitting.data import session_data
from machinepsych.fitting.fit import fit_sessions
from machinepsych.fitting.models import TINY
from machinepsych.runner.people_import import read_people
from tests.prediction.people import igt_people_csv


def test_accuracy_counts_a_tie_as_a_share():
    assert hit({"A": 0.5, "B": 0.5}, "A") == 0.5
    assert hit({"A": 0.2, "B": 0.5, "C": 0.3}, "B") == 1.0
    assert hit({"A": 0.2, "B": 0.5, "C": 0.3}, "C") == 0.0


def test_pseudo_r2_is_zero_for_uniform_and_one_for_certain():
    ks = [4, 4, 2]
    uniform = [nll_of(1 / k) for k in ks]
    assert measures(uniform, [0.25, 0.25, 0.5], ks)["pseudo_r2"] == pytest.approx(0.0, abs=1e-12)
    certain = measures([nll_of(1.0)] * 3, [1, 1, 1], ks)
    assert certain["pseudo_r2"] == 1.0 and certain["accuracy"] == 1.0 and certain["nll"] == 0.0
    assert nll_of(0.0) == pytest.approx(-math.log(1e-6))  # the floor, not infinity


@pytest.fixture(scope="module")
def igt_people(tmp_path_factory):
    spec, persons = read_people(igt_people_csv(tmp_path_factory.mktemp("m") / "igt.csv", people=4, trials=30),
                                "generic")
    sessions = []
    for p in persons:
        records = [{"trial": r.index, "stimulus": r.observation.get("stimulus", {}), "action": r.action,
                    "reward": r.reward, "correct": r.correct, "feedback": r.feedback, **r.info} for r in p.records]
        sessions.append((f"human:{p.subject}", p.params, records))
    return spec, sessions


def test_per_trial_probabilities_add_up_to_the_models_own_likelihood(igt_people):
    spec, sessions = igt_people
    person, params, records = sessions[0]
    data = session_data(spec.fit, records, spec.params_from(params))
    for model in spec.fit.models:
        theta = np.mean(model.bounds, axis=1) if model.k else np.zeros(0)
        probs = trial_probabilities(model, theta, data)
        valid = data.choice >= 0
        # the model's likelihood floors each probability at TINY (at these parameters some are below it)
        ours = -np.log(np.maximum(probs[np.flatnonzero(valid), data.choice[valid]], TINY)).sum()
        assert ours == pytest.approx(float(model.nll(theta, data)[0]), rel=1e-9), model.name


def test_each_person_is_predicted_with_the_median_of_the_others(igt_people):
    spec, sessions = igt_people
    got = cognitive_trials(spec, sessions)
    datas = [session_data(spec.fit, r, spec.params_from(p)) for _, p, r in sessions]
    model = next(m for m in spec.fit.models if m.name == "pvl-delta")
    fits = fit_sessions(model, datas, 0, with_se=False)
    names = [p.name for p in model.params]
    for j, (person, _, _) in enumerate(sessions):
        others = [[f.params[n] for n in names] for i, f in enumerate(fits) if i != j]
        probs = trial_probabilities(model, np.median(others, axis=0), datas[j])
        rows = got["pvl-delta"][got["pvl-delta"]["person"] == person]
        want = [probs[t, c] for t, c in enumerate(datas[j].choice) if c >= 0]
        assert rows["p"].tolist() == pytest.approx(want, rel=1e-12)

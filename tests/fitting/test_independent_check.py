"""An independent check of the Rescorla-Wagner fit on public data: cpm-toolbox's bandit data
(200 people, four stimuli shown in pairs, 72 trials each) and cpm-toolbox's own implementation
of the model's likelihood (``cpm.applications._sessions.rlrw``), fetched from PyPI by the test
(AGPL-3.0: never copied into this repository). For each of 10 people, the parameters that
maximise cpm's likelihood (scipy, many starts) and our fit agree within 0.05, and the negative
log-likelihoods within 0.1%."""
from __future__ import annotations

import importlib.util
import sys
import types
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy.optimize import minimize

from machinepsych.fitting.data import ChoiceData
from machinepsych.fitting.fit import fit_sessions
from machinepsych.fitting.models import RescorlaWagner
from tests.support.registry import fetch

CPM = "cpm-toolbox==0.26.0"


@pytest.fixture(scope="module")
def cpm(tmp_path_factory):
    where = tmp_path_factory.mktemp("cpm")
    wheel = fetch(CPM, "cpm_toolbox-*.whl")
    with zipfile.ZipFile(wheel) as z:
        z.extractall(where / "pkg")
    root = where / "pkg" / "cpm"
    # the likelihood module and what it imports, without the package's heavy __init__ files
    saved = {k: v for k, v in sys.modules.items() if k == "cpm" or k.startswith("cpm.")}
    for name, folder in (("cpm", root), ("cpm.core", root / "core"), ("cpm.models", root / "models"),
                         ("cpm.applications", root / "applications")):
        pkg = types.ModuleType(name)
        pkg.__path__ = [str(folder)]
        sys.modules[name] = pkg
    try:
        for name in ("cpm.core._jit", "cpm.models.kernels", "cpm.applications._sessions"):
            spec = importlib.util.spec_from_file_location(name, root / (name.split(".", 1)[1].replace(".", "/") + ".py"))
            mod = importlib.util.module_from_spec(spec)
            sys.modules[name] = mod
            spec.loader.exec_module(mod)
        yield sys.modules["cpm.applications._sessions"], pd.read_csv(root / "datasets" / "data" / "bandit_small.csv")
    finally:
        for k in [k for k in sys.modules if k == "cpm" or k.startswith("cpm.")]:
            del sys.modules[k]
        sys.modules.update(saved)


def test_rescorla_wagner_fit_agrees_with_cpm_toolbox(cpm):
    sessions, data = cpm
    people = sorted(data["ppt"].unique())[:10]
    ours_data, theirs = [], []
    for ppt in people:
        df = data[data["ppt"] == ppt].sort_values("trial")
        arms = df[["arm_left", "arm_right"]].to_numpy().astype(np.int64)
        rewards = df[["reward_left", "reward_right"]].to_numpy().astype(float)
        response = df["response"].to_numpy().astype(np.int64)
        T = len(df)

        def nll(x, arms=arms, rewards=rewards, response=response, T=T):
            policy = sessions.rlrw(float(x[0]), float(x[1]), np.full(4, 0.25), arms, rewards, response, False,
                                   np.zeros(T))[0]
            return -float(np.log(np.maximum(policy[np.arange(T), response], 1e-300)).sum())

        best = None
        for x0 in np.random.default_rng(ppt).random((12, 2)) * [1.0, 10.0]:
            res = minimize(nll, x0, method="L-BFGS-B", bounds=[(0, 1), (0, 10)])
            if best is None or res.fun < best.fun:
                best = res
        theirs.append((best.x, best.fun))
        stim = arms[np.arange(T), response] - 1
        shown = np.zeros((T, 4), dtype=bool)
        shown[np.arange(T)[:, None], arms - 1] = True
        reward = rewards[np.arange(T), response]
        ours_data.append(ChoiceData(tuple(range(4)), stim, reward, (reward > 0).astype(float), shown))
    fits = fit_sessions(RescorlaWagner(q0=0.25, beta_max=10.0), ours_data)
    for (x, fun), fit in zip(theirs, fits):
        assert fit.nll == pytest.approx(fun, rel=1e-3)
        assert fit.params["alpha"] == pytest.approx(x[0], abs=0.05)
        assert fit.params["beta"] == pytest.approx(x[1], abs=0.05)

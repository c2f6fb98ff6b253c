"""How well a prediction run predicts people (docs/predict.md): pure functions of stored trials.

Each predictor gives, before each of a person's choices, a probability to every option; its
measures over the trials it is scored on are the negative log-likelihood of the people's
actual choices (in total, per trial and per person), the pseudo-R2 against the random model
(1 - NLL / NLL of choosing uniformly among the options), and the accuracy of its most
probable option (a tie of m options counts 1/m when the choice is among them). Predictors:
the model of the prediction run (``person_p`` of its trials), the random model, and each
cognitive model the test declares (``fit``), cross-validated leave-one-person-out: each person
is predicted with the median of the maximum-likelihood parameters of all the other people.
All predictors are scored on the same trials: those where the model gave a probability.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

FLOOR = 1e-6  # a probability below this counts as this (an option outside the endpoint's top tokens)


def nll_of(p: float) -> float:
    return -math.log(max(p, FLOOR))


def measures(nlls: Sequence[float], hits: Sequence[float], ks: Sequence[int]) -> dict[str, Any]:
    """NLL total and per trial, pseudo-R2 against choosing uniformly among ``ks`` options, accuracy."""
    n = len(nlls)
    total = float(sum(nlls))
    base = float(sum(math.log(k) for k in ks))
    return {"trials": n, "nll": total, "nll_per_trial": total / n if n else None,
            "pseudo_r2": 1.0 - total / base if base > 0 else None, "accuracy": float(sum(hits)) / n if n else None}


def hit(probs: Mapping[Any, float], choice: Any) -> float:
    """1/m when ``choice`` is among the m most probable options, else 0."""
    if not probs:
        return 0.0
    top = max(probs.values())
    best = [o for o, p in probs.items() if p >= top - 1e-12]
    return 1.0 / len(best) if choice in best else 0.0


def model_trials(pairs: Sequence[tuple[Any, Any]], people: Mapping[int, str]) -> pd.DataFrame:
    """One row per stored prediction trial with a person's choice: ``person``, ``task``,
    ``trial``, ``k`` (options), ``p`` (the model's probability of the choice; None: none given),
    ``hit``. ``pairs``: (session row, trial row) of the prediction run; ``people``: the person
    each prediction session (by index) predicts."""
    rows = []
    for s, t in pairs:
        info = t.info or {}
        choice = info.get("person_action")
        if choice is None:
            continue
        probs = t.choice_probs
        rows.append({"person": people[s.index], "task": s.task_id, "trial": t.index, "k": info.get("n_options"),
                     "p": info.get("person_p"), "hit": hit(probs, str(choice)) if probs else None})
    return pd.DataFrame(rows, columns=["person", "task", "trial", "k", "p", "hit"])


def trial_probabilities(model, theta: np.ndarray, data) -> np.ndarray:
    """(T, K) the probability ``model`` with parameters ``theta`` gives each option before each
    trial of one session's :class:`~machinepsych.fitting.data.ChoiceData`."""
    from ..fitting.models import Stack, Trial

    stack = Stack([data])
    theta = np.atleast_2d(np.asarray(theta, dtype=float))
    state = model.start(theta, stack)
    out = np.zeros((data.n_trials, data.n_options))
    for t in range(data.n_trials):
        x = Trial(stack, t, 1)
        out[t] = model.probs(theta, state, x)[0]
        if x.valid.any():
            model.learn(theta, state, x)
    return out


def cognitive_trials(spec, sessions: Sequence[tuple[str, Mapping[str, Any], list[dict[str, Any]]]],
                     seed: int = 0) -> dict[str, pd.DataFrame]:
    """{model name: rows (person, trial, p, hit)} of each cognitive model ``spec`` declares,
    leave-one-person-out: every person fitted once, and each person predicted with the median
    of the other people's parameters. ``sessions``: (person, params, trial records)."""
    from ..fitting.data import session_data
    from ..fitting.fit import fit_sessions

    decl = spec.fit
    if decl is None or len(sessions) < 2:
        return {}
    kept, datas = [], []
    for person, params, records in sessions:
        records = sorted(records, key=lambda r: r["trial"])
        rows = [r for r in records if decl.include is None or decl.include(r)]
        datas.append(session_data(decl, rows, spec.params_from(params)))
        kept.append((person, [r["trial"] for r in rows]))
    from ..fitting.models import Uniform

    out = {}
    for model in decl.models:
        if isinstance(model, Uniform):  # the random model, shown once (as random)
            continue
        fits = fit_sessions(model, datas, seed, with_se=False)
        names = [p.name for p in model.params]
        table = np.array([[f.params[n] for n in names] for f in fits]).reshape(len(fits), len(names))
        rows = []
        for j, ((person, trials), data) in enumerate(zip(kept, datas)):
            others = np.delete(table, j, axis=0)
            theta = np.median(others, axis=0) if len(names) else np.zeros(0)
            probs = trial_probabilities(model, theta, data)
            for t, trial in enumerate(trials):
                c = int(data.choice[t])
                if c < 0:
                    continue
                row = dict(zip(data.options, probs[t]))
                rows.append({"person": person, "trial": trial, "p": float(probs[t, c]),
                             "hit": hit(row, data.options[c])})
        out[model.name] = pd.DataFrame(rows, columns=["person", "trial", "p", "hit"])
    return out


def test_table(model_name: str, llm: pd.DataFrame, cognitive: Mapping[str, pd.DataFrame],
               agents: Mapping[str, pd.DataFrame] | None = None) -> dict[str, Any]:
    """The measures of every predictor of one test, on the trials the model gave a probability
    (per person and overall), and how many of the people's choices those are: the model, the
    random model, the ``agents`` (``agent:NAME`` -> rows, as :func:`cognitive_trials` gives)
    and the cognitive models."""
    scored = llm[llm["p"].notna()]
    keys = set(zip(scored["person"], scored["trial"]))
    preds: dict[str, tuple[str, pd.DataFrame]] = {
        model_name: ("model", scored.assign(nll=[nll_of(p) for p in scored["p"]]))}
    ks = scored.set_index(["person", "trial"])["k"]
    rand = scored.assign(p=[1.0 / k for k in scored["k"]], hit=[1.0 / k for k in scored["k"]])
    preds["random"] = ("agent", rand.assign(nll=[nll_of(p) for p in rand["p"]]))
    others = [(name, "agent", df) for name, df in (agents or {}).items()]
    for label, kind, df in others + [(f"{n}{LOPO}", "cognitive", df) for n, df in cognitive.items()]:
        df = df[[(a, b) in keys for a, b in zip(df["person"], df["trial"])]]
        df = df.assign(k=[ks[(a, b)] for a, b in zip(df["person"], df["trial"])])
        preds[label] = (kind, df.assign(nll=[nll_of(p) for p in df["p"]]))
    rows, people = [], {}
    for name, (kind, df) in preds.items():
        rows.append({"predictor": name, "kind": kind, **measures(df["nll"].tolist(), df["hit"].tolist(),
                                                                 df["k"].astype(int).tolist())})
        for person, g in df.groupby("person", sort=False):
            people.setdefault(person, {})[name] = measures(g["nll"].tolist(), g["hit"].tolist(),
                                                           g["k"].astype(int).tolist())
    return {"choices": int(len(llm)), "predicted": int(len(scored)), "predictors": rows,
            "people": [{"person": p, "by_predictor": v} for p, v in people.items()]}


def person_labels(sessions: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """{people session id: the person's label}: the participant's name, with the session where
    several sessions share it (a browser study's people are all "human")."""
    counts = Counter(s["participant"] for s in sessions)
    return {s["session"]: s["participant"] if counts[s["participant"]] == 1 else f"{s['participant']} #{s['session']}"
            for s in sessions}


def prediction_report(store, run) -> dict[str, Any]:
    """``report --json``'s ``prediction``: the measures of a prediction run, per test."""
    from ..core.spec import LAPSE
    from ..storage.export import trials_frame
    from ..tasks.catalog import get_task
    from .prediction_agents import agent_trials

    link = run.spec["predicts"]
    labels = person_labels(link["sessions"])
    people = {k: labels[s["session"]] for k, s in enumerate(link["sessions"])}
    answer = run.spec.get("answers", ["free"])[0]
    model_name = f"{run.spec['participants'][0]['ref']} | {run.spec['strategies'][0]}" + \
        (f" | answer={answer}" if answer != "free" else "")
    llm = model_trials(store.trials_for_run(run.id), people)
    people_rows = {r.id: r for r in store.sessions(link["run_id"])}
    frame = trials_frame(store, link["run_id"])
    tests: dict[str, Any] = {}
    for task, rows in llm.groupby("task", sort=True):
        ids = [s["session"] for s in link["sessions"] if people_rows[s["session"]].task_id == task]
        first = people_rows[ids[0]]
        spec = get_task(first.task_id, first.task_version)
        sessions = [(labels[i], people_rows[i].params,
                     frame[frame["session_id"] == i].to_dict("records")) for i in ids]
        tests[task] = test_table(model_name, rows, cognitive_trials(spec, sessions),
                                 agent_trials(store, [people_rows[i] for i in ids], [labels[i] for i in ids]))
    return {"run": run.name, "people_run": link["run"], "model": model_name, "floor": FLOOR, "lapse": LAPSE,
            "tests": tests}


HEADERS = ["kind", "trials", "NLL", "NLL/trial", "pseudo-R2", "accuracy"]
CODE_PREFIX = {"model": "m", "agent": "a", "cognitive": "c"}


def predictor_codes(t: dict[str, Any]) -> dict[str, str]:
    """Short codes of the predictors (m, r, a1, c1 ...), shown where the names do not fit."""
    codes, seen = {}, {}
    for r in t["predictors"]:
        if r["predictor"] == "random":
            codes[r["predictor"]] = "r"
            continue
        prefix = CODE_PREFIX.get(r["kind"], "p")
        seen[prefix] = seen.get(prefix, 0) + 1
        codes[r["predictor"]] = prefix if prefix == "m" else f"{prefix}{seen[prefix]}"
    return codes


def print_prediction(data: dict[str, Any], console) -> None:
    """The measures as a table per test, then NLL per trial by person (terminal; at any width
    every column and every number whole, split over several tables where needed)."""
    from .fit_table import FitTable, print_fit

    for task, t in data["tests"].items():
        codes = predictor_codes(t)
        ft = FitTable(f"{task}: predicting {len(t['people'])} people of run {data['people_run']} "
                      f"({t['predicted']} of {t['choices']} choices given a probability by the model)",
                      "predictor", HEADERS, justify=["left"] + ["right"] * 5)
        for r in t["predictors"]:
            ft.add(r["predictor"], [r["kind"], str(r["trials"]), _num(r["nll"], 2), _num(r["nll_per_trial"], 3),
                                    _num(r["pseudo_r2"], 3), _num(r["accuracy"], 3)], code=codes[r["predictor"]])
        notes = [f"agents: their policy's own probabilities with a lapse of {data.get('lapse', 0.05):g}, nothing "
                 "fitted"] if any(r["kind"] == "agent" and r["predictor"] != "random" for r in t["predictors"]) else []
        print_fit(console, ft, notes)
        print_person_table(t, console)


PEOPLE_SHOWN = 30  # people listed in the terminal's per-person table (all of them in the JSON and HTML)
LOPO = " (leave-one-person-out)"


def person_rows(t: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """(header, rows) of NLL per trial by person and predictor (cognitive models by their name)."""
    names = [r["predictor"] for r in t["predictors"]]
    header = ["person", "trials", *("model" if r["kind"] == "model" else r["predictor"].removesuffix(LOPO)
                                     for r in t["predictors"])]
    rows = []
    for p in t["people"]:
        by = p["by_predictor"]
        first = by.get(names[0], {})
        rows.append([p["person"], str(first.get("trials", 0)),
                     *(_num(by.get(n, {}).get("nll_per_trial"), 3) for n in names)])
    return header, rows


def print_person_table(t: dict[str, Any], console) -> None:
    from .fit_table import FitTable, print_fit

    header, rows = person_rows(t)
    more = len(rows) - PEOPLE_SHOWN
    ft = FitTable("NLL per trial by person" + (f" (first {PEOPLE_SHOWN}; all in report --json)" if more > 0 else ""),
                  header[0], header[1:])
    for r in rows[:PEOPLE_SHOWN]:
        ft.add(r[0], r[1:], code=f"p{len(ft.rows) + 1}")
    print_fit(console, ft)


def _num(v: float | None, digits: int) -> str:
    return "-" if v is None else f"{v:.{digits}f}"

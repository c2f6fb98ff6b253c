"""``machinepsych fit --recover TEST``: can the fits be trusted on this test's design?

Every candidate model plays ``n`` of the test's own seeded sessions with parameters drawn
uniformly from their plausible ranges; every model is fitted to every simulated session.

* parameter recovery: per model and parameter, the Pearson correlation and the mean bias of
  the fitted against the true values (the model fitted to its own data);
* model recovery: the confusion matrix, the share of each generating model's sessions won (by
  BIC) by each fitted model;
* ``by_family``: per generating model the share of its sessions won by a model of its family
  (:attr:`CognitiveModel.family`: ``random-bias`` is of the random family);
* the built-in agents: sessions of each agent the test maps to a model (``ChoiceModels.agents``)
  are classified, the share won by a model of the expected model's family (``won`` gives the
  share won by each model).

From fewer than 9 sessions per model (``too_few``: where even r = 0.95 has its 95% lower bound
below 0.8) no parameter is judged: every learning rate is in ``needs`` without a length, each
parameter says ``judged`` False, and no longer design or count of sessions is tried. A
model-recovery share is judged from 29 sessions per model (``models_too_few``: below, a model
winning all its sessions has its share's 95% lower bound below 0.9).

Where a learning-rate parameter is recovered below r = 0.8 at the default design, longer
designs (the declared ``length`` parameter doubled, up to ``max_factor`` times; where a
doubling passes the longest the test allows, that longest design once) are tried and the
length at which it reaches 0.8 is named (at the design as at a longer one: r's 95% lower bound
over the ``n`` sessions, :func:`lower_bound`). A longer design simulates and fits only the models
whose rates it still has to recover (parameter recovery alone: model recovery and the agents
are measured at the design itself). Where the design cannot be lengthened (no declared
length, or already the longest the test allows), ``fixed`` says so; a learning rate its
sample recovers there (lower bound >= 0.8) passes at one session only where an independent sample of
``COUNT_SAMPLE`` times ``n`` participants recovers it with 95% confidence (``confirmed``,
:func:`_confirm_one_session`), and ``per_participant``
names the number of sessions per participant (2, 3, 4, 6 or 8; each simulated participant
plays that many seeded sessions with one parameter set, fitted jointly,
:func:`~machinepsych.fitting.fit.fit_participants`) at which each weak learning rate's r
clears 0.8 with 95% confidence. The count is read off one curve fitted to every count at
once (:mod:`.pooled`: batches of ``COUNT_SAMPLE`` times ``n`` participants each play the most
sessions tried, fitted on their first 1, 2, 3, 4, 6 and 8; the Spearman-Brown relation fitted
to all these Spearman's rho, its lower bound by a bootstrap over participants), not from each count's own
sample: a count whose r only reads 0.8 in one sample of 60 varies from seed to seed, as r
at 60 participants varies by about 0.05 between samples. Batches are added (up to
``COUNT_BATCHES``) until ``MIN_RATES`` participants are simulated and then while the bound is
within ``MARGIN_SE`` of its standard errors of a reliability at which the count named would change (:func:`~.pooled.settled`). ``reaches`` is the first count at
which the curve itself reads 0.8 (r passes 0.8 between the two), ``pooled`` the curve; and each model whose
diagonal (by family) is below 0.9 reaches 0.9: what a study
that cannot lengthen the test can do instead (``fit --per participant`` fits such sessions
jointly). Only the weak models are simulated at each count.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
from scipy.stats import rankdata

from ..core.errors import ConfigError
from ..core.scoring import step_row
from ..core.spec import TaskSpec
from ..participants.agents import play_agent
from .data import ChoiceData, session_data
from .fit import fit_participants, fit_sessions
from .pooled import pooled_curve, settled
from .simulate import draw_params, simulate_session

TARGET_R = 0.8
CONFIDENCE = 0.95  # a count of sessions per participant is named where r's one-sided lower bound clears TARGET_R
TARGET_SHARE = 0.9  # the model-recovery diagonal (by family) a design should reach
SESSION_COUNTS = (2, 3, 4, 6, 8)  # sessions per participant tried where a design cannot be lengthened
COUNT_SAMPLE = 2  # a weak rate's count of sessions is searched over batches of this many times ``n`` participants
COUNT_BATCHES = 10  # at most this many batches: more are added while the count named is near its edge
MIN_RATES = 240  # ... and until at least this many participants (within COUNT_BATCHES): below it gross misfits
# like the SLM's other mode leave the curve's bound covering too little (docs/fitting.md, Recovery)
MARGIN_SE = 2.0  # ... until rho_1's lower bound is this many of its standard errors from every edge
CONFIRM_SEED = 20_000  # a fixed design's one-session pass is confirmed on participants seeded from seed + this


def _pearson(a: np.ndarray, b: np.ndarray) -> float | None:
    """Pearson's r over the sessions fitted (finite on both sides); None where it is undefined
    (fewer than 3 sessions, or no spread)."""
    ok = np.isfinite(a) & np.isfinite(b)
    a, b = a[ok], b[ok]
    if a.size < 3 or np.std(a) == 0 or np.std(b) == 0:
        return None
    r = float(np.corrcoef(a, b)[0, 1])
    return r if np.isfinite(r) else None


def lower_bound(r: float | None, n: int, level: float = CONFIDENCE) -> float | None:
    """The one-sided ``level`` lower confidence bound of a Pearson correlation ``r`` over ``n``
    pairs (Fisher's z: atanh r is about normal with standard error 1 / sqrt(n - 3))."""
    if r is None or n < 4:
        return None
    from scipy.stats import norm

    edge = 1 - 1e-12  # atanh is infinite at +-1 (math.atanh raises there)
    return math.tanh(math.atanh(min(max(r, -edge), edge)) - float(norm.ppf(level)) / math.sqrt(n - 3))


def _parameter_recovery(models, truth: Mapping[str, np.ndarray], source: list[str], fits) -> dict[str, dict[str, Any]]:
    """Per model and parameter: r and mean bias of fitted against true (the model fitted to its own data)."""
    parameters: dict[str, dict[str, Any]] = {}
    for m in models:
        own = [i for i, s in enumerate(source) if s == m.name]
        fitted = np.array([[fits[m.name][i].params[p.name] for p in m.params] for i in own]).reshape(len(own), m.k)
        parameters[m.name] = {
            p.name: _recovered(truth[m.name][:, j], fitted[:, j], p.kind) for j, p in enumerate(m.params)}
    return parameters


def _recovered(true: np.ndarray, fitted: np.ndarray, kind: str) -> dict[str, Any]:
    """r, its lower bound ``lo`` (:func:`lower_bound`), Spearman's ``rho`` (what the curve of
    :mod:`.pooled` is fitted to) and the mean bias of fitted against true."""
    r = _pearson(true, fitted)
    ok = np.isfinite(true) & np.isfinite(fitted)
    rho = _pearson(rankdata(true[ok]), rankdata(fitted[ok])) if ok.sum() else None
    return {"r": r, "lo": lower_bound(r, int(ok.sum())), "rho": rho, "bias": float(np.mean(fitted - true)),
            "kind": kind}


def _simulate(spec: TaskSpec, params, models, n: int, seed: int, sessions: int = 1):
    """``n`` participants of each model, its parameters drawn from their plausible ranges,
    each playing ``sessions`` seeded sessions with those parameters (participant ``i``'s
    session ``j`` is seed ``seed + i + j n``: its first session is the one a design of one
    session per participant plays): (truth, units, source), ``units`` a list of sessions per
    participant."""
    rng = np.random.default_rng([seed, 0x2EC])
    truth: dict[str, np.ndarray] = {}
    units: list[list[ChoiceData]] = []
    source: list[str] = []
    for m in models:
        thetas = np.array([draw_params(m, rng) for _ in range(n)]).reshape(n, m.k)
        truth[m.name] = thetas
        for i in range(n):
            units.append([simulate_session(spec, params, m, thetas[i], seed + i + j * n, rng)[0]
                          for j in range(sessions)])
            source.append(m.name)
    return truth, units, source


def recover_parameters(spec: TaskSpec, params, models, n: int, seed: int = 0, sessions: int = 1) -> dict[str, Any]:
    """Parameter recovery alone, of ``models`` (each simulated and fitted to its own
    participants, ``sessions`` sessions each, fitted jointly)."""
    parameters: dict[str, dict[str, Any]] = {}
    for m in models:
        truth, units, source = _simulate(spec, params, [m], n, seed, sessions)
        parameters.update(_parameter_recovery([m], truth, source, {m.name: fit_participants(m, units, seed)}))
    length = int(getattr(params, spec.fit.length)) if spec.fit.length else None
    return {"length": length, "n": n, "sessions": sessions, "parameters": parameters}


def recover_models(spec: TaskSpec, params, generating, n: int, seed: int = 0, sessions: int = 1) -> dict[str, Any]:
    """Model recovery of the ``generating`` models alone (their rows of the confusion matrix):
    ``n`` participants of each, ``sessions`` sessions each, every model of the test fitted
    jointly to each participant and the lowest BIC winning."""
    models = spec.fit.models
    _, units, source = _simulate(spec, params, generating, n, seed, sessions)
    fits = {m.name: fit_participants(m, units, seed, with_se=False) for m in models}
    won = np.array(_winners(models, fits))
    source_arr = np.array(source)
    family = {m.name: m.family for m in models}
    return {"sessions": sessions, "n": n,
            "confusion": {g.name: {f.name: float(np.mean(won[source_arr == g.name] == f.name)) for f in models}
                          for g in generating},
            "by_family": {g.name: float(np.mean([family[w] == g.family for w in won[source_arr == g.name]]))
                          for g in generating}}


def _winners(models, fits) -> list[str]:
    """Per session (or participant), the model with the lowest BIC."""
    bic = np.array([[f.bic for f in fits[m.name]] for m in models])  # (models, sessions)
    return [models[i].name for i in np.argmin(bic, axis=0)]


def recover_design(spec: TaskSpec, params, n: int, seed: int = 0, agents: bool = True) -> dict[str, Any]:
    """Parameter and model recovery (and agent classification) at one design."""
    decl = spec.fit
    assert decl is not None
    models = decl.models
    truth, units, source = _simulate(spec, params, models, n, seed)
    datas = [u[0] for u in units]
    agent_names = [a for a in decl.agents if a in spec.all_agents()] if agents else []
    for a in agent_names:
        for i in range(n):
            steps, _ = play_agent(spec, params, seed + 10_000 + i, a)
            datas.append(session_data(decl, [step_row(s) for s in steps], params))
            source.append(f"agent:{a}")
    fits = {m.name: fit_sessions(m, datas, seed) for m in models}
    won = _winners(models, fits)
    source_arr, won_arr = np.array(source), np.array(won)

    parameters = _parameter_recovery(models, truth, source, fits)
    confusion = {m.name: {f.name: float(np.mean(won_arr[source_arr == m.name] == f.name)) for f in models}
                 for m in models}
    family = {m.name: m.family for m in models}
    won_family = np.array([family[w] for w in won])
    # the share of each generating model's sessions won by a model of its family (random-bias
    # wins of uniformly random sessions count as random)
    by_family = {m.name: float(np.mean(won_family[source_arr == m.name] == m.family)) for m in models}
    classified = {a: {"expected": decl.agents[a], "family": family[decl.agents[a]],
                      "share": float(np.mean(won_family[source_arr == f"agent:{a}"] == family[decl.agents[a]])),
                      "won": {f.name: float(np.mean(won_arr[source_arr == f"agent:{a}"] == f.name)) for f in models}}
                  for a in agent_names}
    length = int(getattr(params, decl.length)) if decl.length else None
    return {"length": length, "n": n, "parameters": parameters, "confusion": confusion, "by_family": by_family,
            "agents": classified}


def _check_length(spec: TaskSpec, params) -> None:
    """A design shorter than ``fit`` fits (``MIN_CHOICES`` choices a session): one line."""
    from .runs import MIN_CHOICES

    name = spec.fit.length
    if name and int(getattr(params, name)) < MIN_CHOICES:
        raise ConfigError(f"{name} = {getattr(params, name)} is shorter than the {MIN_CHOICES} choices fit needs in a "
                          f"session (fit skips shorter sessions): give {name}={MIN_CHOICES} or more")


def _judged_from() -> int:
    """The fewest sessions per model whose r can be judged recovered: where an r of 0.95 has its
    95% lower bound (:func:`lower_bound`) at TARGET_R or above (9)."""
    return next(n for n in range(4, 1000) if (lower_bound(0.95, n) or 0) >= TARGET_R)


def _models_judged_from() -> int:
    """The fewest sessions per model whose model-recovery share can be judged against
    TARGET_SHARE: where a model that wins every one of its sessions has the one-sided 95%
    (Clopper-Pearson) lower bound of its share, ``(1 - CONFIDENCE) ** (1 / n)``, at TARGET_SHARE
    or above (29; at 9 sessions, 9 of 9 won is bounded at 0.72)."""
    return next(n for n in range(1, 10_000) if (1 - CONFIDENCE) ** (1 / n) >= TARGET_SHARE)


def _weak_rates(result: Mapping[str, Any], bound: bool = False) -> list[tuple[str, str]]:
    """The learning rates recovered below TARGET_R (``bound``: whose lower bound is below it)."""
    key = "lo" if bound else "r"
    return [(m, p) for m, ps in result["parameters"].items() for p, v in ps.items()
            if v["kind"] == "learning rate" and (v[key] is None or v[key] < TARGET_R)]


def recover(spec: TaskSpec, n: int = 40, overrides: Mapping[str, Any] | None = None, seed: int = 0,
            max_factor: int = 8, max_sessions: int = 8, batches: int = COUNT_BATCHES) -> dict[str, Any]:
    """Recovery at the test's design (default preset plus ``overrides``), then at longer
    designs for the learning rates it does not recover; where the design cannot be
    lengthened, with more sessions per participant (up to ``max_sessions``) for the learning
    rates and the model-recovery diagonal it does not recover."""
    if spec.fit is None:
        raise ConfigError(f"{spec.id} declares no cognitive models; tests with models: "
                          + ", ".join(_tests_with_models()))
    if not 3 <= n <= 10_000:
        raise ConfigError(f"--n must be between 3 and 10000 (got {n})")

    if not 1 <= max_sessions <= max(SESSION_COUNTS):
        raise ConfigError(f"--sessions must be between 1 and {max(SESSION_COUNTS)} (got {max_sessions})")
    params = spec.resolve(overrides=overrides)
    _check_length(spec, params)
    base = recover_design(spec, params, n, seed)
    # a longer design's verdict, as a fixed design's, is r's 95% lower bound over the n sessions:
    # too few sessions (3: no bound) cannot show a rate recovered, nor that it is not
    judged, models_judged = _judged_from(), _models_judged_from()
    out: dict[str, Any] = {"test": spec.id, "design": base, "longer": [], "needs": {}, "fixed": None,
                           "per_participant": None, "confirmed": {}, "too_few": n < judged, "judged_from": judged,
                           "models_too_few": n < models_judged, "models_judged_from": models_judged}
    for ps in base["parameters"].values():
        for v in ps.values():
            v["judged"] = n >= judged
    if n < judged:  # no verdict from so few: every learning rate "cannot be judged", none recovered
        out["needs"] = {f"{m}.{p}": None for m, ps in base["parameters"].items() for p, v in ps.items()
                        if v["kind"] == "learning rate"}
        return out
    weak = _weak_rates(base, bound=True)  # the design on the bar a longer design is judged on
    decl = spec.fit
    start = int(getattr(params, decl.length)) if decl.length else None
    limit = _longest(spec)
    fixed = None
    if start is None:
        fixed = f"{spec.id} declares no length parameter: its design cannot be lengthened"
    elif limit is not None and start >= limit:
        fixed = f"{decl.length} = {start} is the longest design {spec.id} allows: it cannot be lengthened"
    if fixed:
        out["confirmed"] = _confirm_one_session(spec, params, base, weak, COUNT_SAMPLE * n, seed)
        weak += [tuple(k.split(".", 1)) for k, v in out["confirmed"].items() if not v["passed"]]
    weak_models = [m for m, share in base["by_family"].items() if share < TARGET_SHARE]
    if fixed and (weak or weak_models):
        out["fixed"] = fixed
        out["per_participant"] = _sessions_needed(spec, params, weak, weak_models, n, seed, max_sessions,
                                                  COUNT_SAMPLE * n, batches)
    for length in _longer_lengths(start, limit, max_factor) if weak and fixed is None else []:
        try:
            longer = spec.resolve(overrides={**(overrides or {}), decl.length: length})
        except ConfigError:
            break
        models = [decl.model(m) for m in dict.fromkeys(m for m, _ in weak)]
        res = recover_parameters(spec, longer, models, n, seed)
        out["longer"].append(res)
        still = [k for k in _weak_rates(res, bound=True) if k in weak]  # only those the design did not recover
        for key in weak:
            if key not in still:
                out["needs"][f"{key[0]}.{key[1]}"] = length
        weak = still
        if not weak:
            break
    for m, p in weak:
        out["needs"][f"{m}.{p}"] = None
    return out


def _confirm_one_session(spec: TaskSpec, params, base: Mapping[str, Any], weak: list[tuple[str, str]], n: int,
                         seed: int) -> dict[str, dict[str, Any]]:
    """On a design that cannot be lengthened, a learning rate the design's sample recovers (r's
    lower bound at least 0.8) passes at one session only where an independent sample of ``n`` participants
    (seeds from ``seed + CONFIRM_SEED``, one session each) recovers it with 95% confidence
    (its Fisher lower bound, ``lo``, at least 0.8): a sample of a few dozen can read r well
    above its value by chance (WCST-128's SLM ``r`` read 0.89 over 30 participants of seed 3,
    where the curve over hundreds puts one session near 0.7). Per rate: the replication's
    ``r``, ``lo``, ``n`` and whether it ``passed``."""
    passing = [(m, p) for m, ps in base["parameters"].items() for p, v in ps.items()
               if v["kind"] == "learning rate" and (m, p) not in weak]
    out: dict[str, dict[str, Any]] = {}
    for name in dict.fromkeys(m for m, _ in passing):
        again = recover_parameters(spec, params, [spec.fit.model(name)], n, seed + CONFIRM_SEED)["parameters"][name]
        for m, p in passing:
            if m == name:
                v = again[p]
                out[f"{m}.{p}"] = {"r": v["r"], "lo": v["lo"], "n": n,
                                   "passed": v["lo"] is not None and v["lo"] >= TARGET_R}
    return out


def _sessions_needed(spec: TaskSpec, params, rates: list[tuple[str, str]], models: list[str], n: int, seed: int,
                     max_sessions: int, n_rates: int | None = None, batches: int = 1,
                     min_rates: int = MIN_RATES) -> dict[str, Any]:
    """On a design that cannot be lengthened: the number of sessions per participant (of
    :data:`SESSION_COUNTS`, up to ``max_sessions``), fitted jointly, at which each weak
    learning rate is recovered, and each weak model its diagonal >= 0.9 over ``n``
    participants (None: not within ``max_sessions``).

    A rate's count comes from every count at once (:func:`~.pooled.pooled_curve`): batches of
    ``n_rates`` participants (default ``n``) each play ``max_sessions`` seeded sessions, fitted
    jointly on their first 1, 2, 3, 4, 6 and 8 (up to ``max_sessions``), and the Spearman-Brown
    curve fitted to the r of all these counts names the smallest count whose 95% lower bound
    (bootstrap over participants) reaches 0.8 (``rates``), and the smallest at which the curve
    itself does (``reaches``); ``pooled`` holds each rate's curve. A batch is added, up to
    ``batches``, until ``min_rates`` participants are simulated and while a weak rate's count is
    near its edge (:func:`~.pooled.settled`: rho_1's
    lower bound within ``MARGIN_SE`` of its standard errors of a reliability where the count
    named changes); the curve says ``batches`` used and ``capped`` where the last still was.
    ``n_rates`` in the result: the participants simulated. ``tried``: the recovery at each
    count simulated over them (each count's own r and lower bound ``lo``, and the weak models'
    rows where they were still searched)."""
    decl = spec.fit
    n_rates = n_rates or n
    counts = [c for c in (1, *SESSION_COUNTS) if c <= max_sessions]
    candidates = [c for c in SESSION_COUNTS if c <= max_sessions]
    out: dict[str, Any] = {"tried": [], "rates": {}, "reaches": {}, "pooled": {}, "models": {}, "n_rates": n_rates}
    steps = {c: {"sessions": c, "n": n, "n_rates": n_rates, "parameters": {}, "by_family": {}, "confusion": {}}
             for c in counts}
    if rates and candidates:
        for name in dict.fromkeys(m for m, _ in rates):
            _rates_over_counts(spec, params, decl.model(name), [p for m, p in rates if m == name], n_rates, seed,
                               counts, candidates, steps, out, batches, min_rates)
        out["n_rates"] = max(s["n_rates"] for s in steps.values())
    else:
        out["rates"].update({f"{m}.{p}": None for m, p in rates})
        out["reaches"].update({f"{m}.{p}": None for m, p in rates})
    for count in candidates:
        if not models:
            break
        res = recover_models(spec, params, [decl.model(m) for m in models], n, seed, count)
        steps[count]["by_family"], steps[count]["confusion"] = res["by_family"], res["confusion"]
        out["models"].update({m: count for m in models if res["by_family"][m] >= TARGET_SHARE})
        models = [m for m in models if m not in out["models"]]
    out["models"].update({m: None for m in models})
    out["tried"] = [s for c, s in steps.items() if s["parameters"] or s["by_family"]]
    return out


def _rates_over_counts(spec: TaskSpec, params, model, weak: list[str], n: int, seed: int, counts: list[int],
                       candidates: list[int], steps: dict[int, dict[str, Any]], out: dict[str, Any],
                       batches: int = 1, min_rates: int = 0) -> None:
    """Batches of ``n`` participants of ``model``, each playing ``max(counts)`` sessions, fitted
    on their first ``k`` at each of ``counts`` (the same participants and sessions at every
    count); a batch is added, up to ``batches``, until ``min_rates`` participants and while a weak rate's curve is not
    :func:`~.pooled.settled`. Batch ``b`` is simulated as the first with seed ``seed + b n
    max(counts)`` (its sessions' seeds follow the earlier batches'), so the first batch is the
    sample of a search of one batch. Each count's own recovery over every batch goes into
    ``steps``, each weak rate's pooled curve into ``out``."""
    names = [p.name for p in model.params]
    cols = [names.index(p) for p in weak]
    truths: list[np.ndarray] = []
    fits: dict[int, list] = {k: [] for k in counts}
    last = max(batches, 1) - 1
    for b in range(last + 1):
        truth, units, _ = _simulate(spec, params, [model], n, seed + b * n * max(counts), max(counts))
        truths.append(truth[model.name])
        for k in counts:
            fits[k] += fit_participants(model, [u[:k] for u in units], seed, with_se=False)
        if len(truths) * n < min_rates and b < last:
            continue  # fewer than the minimum: no curve read yet
        true = np.concatenate(truths)
        fitted = {k: np.array([[f.params[p] for p in names] for f in fits[k]]) for k in counts}
        curves = {p: pooled_curve(true[:, j], np.array([fitted[k][:, j] for k in counts]), counts, candidates,
                                  TARGET_R, CONFIDENCE, seed) for p, j in zip(weak, cols)}
        near = [p for p, c in curves.items() if not settled(c, candidates, TARGET_R, MARGIN_SE)]
        if not near:
            break
    for p, curve in curves.items():
        key = f"{model.name}.{p}"
        out["pooled"][key] = {**curve, "batches": len(truths), "capped": p in near and batches > 1}
        out["rates"][key], out["reaches"][key] = curve["named"], curve["reaches"]
    source = [model.name] * len(true)
    for k in counts:
        steps[k]["parameters"].update(_parameter_recovery([model], {model.name: true}, source, {model.name: fits[k]}))
        steps[k]["n_rates"] = len(true)


def _longest(spec: TaskSpec) -> int | None:
    """The largest value the test's length parameter accepts (None: no bound declared)."""
    field = spec.Params.model_fields[spec.fit.length] if spec.fit.length else None
    if field is None:
        return None
    return next((getattr(c, "le", None) for c in field.metadata if getattr(c, "le", None) is not None), None)


def _longer_lengths(start: int, limit: int | None, max_factor: int) -> list[int]:
    """The design doubled while within ``max_factor`` times ``start``; where a doubling passes
    ``limit``, ``limit`` itself once (when it is longer than the last tried)."""
    out, factor = [], 2
    while factor <= max_factor:
        length = start * factor
        if limit is not None and length > limit:
            if limit > (out[-1] if out else start):
                out.append(limit)
            break
        out.append(length)
        factor *= 2
    return out


def _tests_with_models() -> list[str]:
    from .runs import tests_with_models

    return tests_with_models()

"""Cognitive models of a two-stage task with several start states and deterministic
transitions (the two-step task of Kool, Cushman & Gershman, 2016): each trial is one row of
:class:`~machinepsych.fitting.data.ChoiceData`, a first-stage choice among the options
``shown`` (those of the trial's start state) that leads to a known second-stage state, whose
reward is the row's outcome. docs/twostep-kool.md#model-fits gives the equations."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .models import CognitiveModel, Param, Stack, Uniform, as_stack, softmax

if TYPE_CHECKING:
    from .data import ChoiceData


class StartStates(CognitiveModel):
    """Hybrid model-based / model-free learning (Kool et al., 2016). Option i leads to
    second-stage state ``leads_to[i]`` for certain.

    After a choice a with reward r in state s: Q2(s) += alpha (r - Q2(s)); the model-free value
    Q_MF(a) += alpha (Q2(s) - Q_MF(a)) + alpha lambda (r - Q2(s)) (Q2(s) before its update). The
    model-based value of an option is Q2 of the state it leads to. Choice: softmax with beta over
    w Q_MB + (1 - w) Q_MF plus a stickiness bonus p for the options that lead to the state
    reached on the last trial. ``fixed`` pins parameters (model-free: w = 0; model-based: w = 1,
    lambda unused)."""

    needs = "options"
    ALL = (Param("alpha", 0.0, 1.0, (0.2, 0.8), "learning rate"),
           Param("beta", 0.0, 20.0, (2.0, 8.0), "inverse temperature"),
           Param("lambda", 0.0, 1.0, (0.3, 1.0), "eligibility"),
           Param("w", 0.0, 1.0, (0.2, 0.8), "model-based weight"),
           Param("p", -5.0, 5.0, (-0.5, 1.0), "stickiness"))

    def __init__(self, name: str, label: str, leads_to: tuple[int, ...], fixed: dict[str, float] | None = None):
        self.name, self.label = name, label
        self.leads_to = np.array(leads_to)
        self.n_states = int(self.leads_to.max()) + 1
        self.fixed = dict(fixed or {})
        self.params = tuple(p for p in self.ALL if p.name not in self.fixed)

    def _theta(self, theta: np.ndarray) -> dict[str, np.ndarray]:
        free = iter(range(theta.shape[1]))
        return {p.name: (np.full(theta.shape[0], self.fixed[p.name]) if p.name in self.fixed else theta[:, next(free)])
                for p in self.ALL}

    def start(self, theta, data):
        R = theta.shape[0]
        return {**super().start(theta, data), "q1": np.zeros((R, len(self.leads_to))),
                "q2": np.zeros((R, self.n_states)), "last_state": np.full(R, -1)}

    def probs(self, theta, state, x):
        th = self._theta(theta)
        w = th["w"][:, None]
        q_mb = state["q2"][:, self.leads_to]
        sticky = (self.leads_to[None, :] == state["last_state"][:, None]).astype(float)
        values = th["beta"][:, None] * (w * q_mb + (1 - w) * state["q1"]) + th["p"][:, None] * sticky
        return softmax(values, x.shown)

    def learn(self, theta, state, x):
        th = self._theta(theta)
        s = self.leads_to[x.cc]
        q1, q2, alpha = state["q1"], state["q2"], th["alpha"]
        q2s = q2[x.idx, s]
        d2 = x.r - q2s
        q1[x.idx, x.cc] += np.where(x.valid, alpha * (q2s - q1[x.idx, x.cc]) + alpha * th["lambda"] * d2, 0.0)
        q2[x.idx, s] += np.where(x.valid, alpha * d2, 0.0)
        state["last_state"] = np.where(x.valid, s, state["last_state"])
        super().learn(theta, state, x)

    def nll(self, theta: np.ndarray, data: "ChoiceData | Stack") -> np.ndarray:
        """The likelihood of :meth:`probs` and :meth:`learn` over (R,) arrays, for rows that show
        two options (any other data goes the step-by-step way): a choice's probability is the
        logistic of its value's lead over the other option's (the tests check both agree)."""
        data = as_stack(data)
        if not np.all(data.shown.sum(axis=2) == 2):
            return super().nll(theta, data)
        theta = np.atleast_2d(np.asarray(theta, dtype=float))
        R = theta.shape[0]
        th = self._theta(theta)
        pair = np.argsort(~data.shown, axis=2, kind="stable")[:, :, :2]  # (rows or 1, T, 2): the two shown
        c = data.choice
        other = np.where(pair[..., 0] == c, pair[..., 1], pair[..., 0])
        valid, reward, rows = c >= 0, data.reward, np.arange(R)
        c = np.maximum(c, 0)
        q1, q2 = np.zeros((R, len(self.leads_to))), np.zeros((R, self.n_states))
        last = np.full(R, -1)
        alpha, lam, w, beta, p = th["alpha"], th["lambda"], th["w"], th["beta"], th["p"]
        ll = np.zeros(R)
        for t in range(data.n_trials):
            ok, a, b, r = valid[:, t], c[:, t], other[:, t], reward[:, t]
            if not ok.any():
                continue
            sa, sb = self.leads_to[a], self.leads_to[b]

            def value(k, s):
                return beta * (w * q2[rows, s] + (1 - w) * q1[rows, k]) + p * (s == last)

            lead = value(a, sa) - value(b, sb)
            ll -= np.where(ok, np.logaddexp(0.0, -lead), 0.0)
            q2s = q2[rows, sa]
            d2 = r - q2s
            q1[rows, a] += np.where(ok, alpha * (q2s - q1[rows, a]) + alpha * lam * d2, 0.0)
            q2[rows, sa] += np.where(ok, alpha * d2, 0.0)
            last = np.where(ok, sa, last)
        return -ll


def start_state_models(leads_to: tuple[int, ...]) -> tuple[CognitiveModel, ...]:
    """The candidate models of a deterministic two-stage task with several start states."""
    return (Uniform(),
            StartStates("model-free", "model-free TD(lambda) learning of each first-stage option", leads_to,
                        fixed={"w": 0.0}),
            StartStates("model-based", "model-based choice by the learnt value of the state an option leads to",
                        leads_to, fixed={"w": 1.0, "lambda": 0.0}),
            StartStates("hybrid", "hybrid of model-based and model-free values, weight w (Kool et al., 2016)",
                        leads_to))

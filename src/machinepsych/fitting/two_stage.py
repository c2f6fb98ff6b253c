"""Cognitive models of two-stage choices (the two-step task of Daw et al., 2011): each stage is
one row of :class:`~machinepsych.fitting.data.ChoiceData`, the options ``shown`` on a row saying
which stage and second-stage state it is. docs/twostep.md#model-fits gives the equations."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .models import CognitiveModel, Param, Stack, Trial, Uniform, as_stack, softmax

if TYPE_CHECKING:
    from .data import ChoiceData


class TwoStage(CognitiveModel):
    """Hybrid model-based / model-free learning of a two-stage task (Daw et al., 2011), each
    stage one row of the data. Options: ``first`` (the first-stage options' indices) and
    ``second`` (per second-stage state, its options' indices); which state a row is in is what
    it ``shown``s. First option i leads to state ``common[i]`` with probability ``p_common``.

    Second stage: Q2(s, a) += alpha (r - Q2(s, a)), softmax with beta2. First stage: the
    model-free value moves by alpha (Q2(s, a2) - Q1(a1)) + alpha lambda (r - Q2(s, a2)); the
    model-based value is p_common max Q2(common state) + (1 - p_common) max Q2(other state);
    softmax with beta1 over w Q_MB + (1 - w) Q_MF plus a stickiness bonus p for the last first
    choice. ``fixed`` pins parameters (model-free: w = 0; model-based: w = 1, lambda unused)."""

    needs = "options"
    ALL = (Param("alpha", 0.0, 1.0, (0.2, 0.8), "learning rate"),
           Param("beta1", 0.0, 20.0, (2.0, 8.0), "inverse temperature"),
           Param("beta2", 0.0, 20.0, (2.0, 8.0), "inverse temperature"),
           Param("lambda", 0.0, 1.0, (0.3, 1.0), "eligibility"),
           Param("w", 0.0, 1.0, (0.2, 0.8), "model-based weight"),
           Param("p", -5.0, 5.0, (-0.5, 1.0), "stickiness"))

    def __init__(self, name: str, label: str, first: tuple[int, ...], second: tuple[tuple[int, ...], ...],
                 common: tuple[int, ...], p_common: float, fixed: dict[str, float] | None = None, family: str = ""):
        self.name, self.label, self._family = name, label, family or name
        self.first, self.second = np.array(first), np.array(second)
        if len(first) != 2 or self.second.shape[1] != 2:
            raise ValueError("a two-stage model's stages offer two options each")
        self.common, self.p_common = np.array(common), p_common
        self.fixed = dict(fixed or {})
        self.params = tuple(p for p in self.ALL if p.name not in self.fixed)

    @property
    def family(self) -> str:
        return self._family

    def _theta(self, theta: np.ndarray) -> dict[str, np.ndarray]:
        free = iter(range(theta.shape[1]))
        return {p.name: (np.full(theta.shape[0], self.fixed[p.name]) if p.name in self.fixed else theta[:, next(free)])
                for p in self.ALL}

    def start(self, theta, data):
        R, S = theta.shape[0], len(self.second)
        return {**super().start(theta, data), "q1": np.zeros((R, len(self.first))),
                "q2": np.zeros((R, S, self.second.shape[1])), "a1": np.full(R, -1), "prev1": np.full(R, -1)}

    def _where(self, x: Trial) -> tuple[np.ndarray, np.ndarray]:
        """Per row: is it a first-stage row, and the second-stage state it is in (0 where first)."""
        stage1 = x.shown[:, self.first].any(axis=1)
        state = np.argmax(x.shown[:, self.second[:, 0]], axis=1)
        return stage1, state

    def probs(self, theta, state, x):
        th = self._theta(theta)
        stage1, s = self._where(x)
        R, K = x.shown.shape
        best = state["q2"].max(axis=2)  # (R, S)
        p = self.p_common
        q_mb = p * best[:, self.common] + (1 - p) * best[:, 1 - self.common]
        w = th["w"][:, None]
        v1 = th["beta1"][:, None] * (w * q_mb + (1 - w) * state["q1"])
        v1 = v1 + th["p"][:, None] * (np.arange(len(self.first))[None, :] == state["prev1"][:, None])
        v2 = th["beta2"][:, None] * state["q2"][x.idx, s]
        values = np.zeros((R, K))
        values[:, self.first] = np.where(stage1[:, None], v1, 0.0)
        rows2 = self.second[s]  # (R, A) option indices of each row's state
        np.put_along_axis(values, rows2, np.where(stage1[:, None], 0.0, v2), axis=1)
        return softmax(values, x.shown)

    def learn(self, theta, state, x):
        th = self._theta(theta)
        stage1, s = self._where(x)
        first_pos = np.argmax(self.first[None, :] == x.cc[:, None], axis=1)
        chose1 = x.valid & stage1
        state["a1"] = np.where(chose1, first_pos, np.where(stage1, -1, state["a1"]))
        state["prev1"] = np.where(chose1, first_pos, state["prev1"])
        a2 = np.argmax(self.second[s] == x.cc[:, None], axis=1)
        chose2 = x.valid & ~stage1
        q1, q2 = state["q1"], state["q2"]
        alpha = th["alpha"]
        q2sa = q2[x.idx, s, a2]
        a1 = state["a1"]
        has1 = chose2 & (a1 >= 0)
        a1c = np.maximum(a1, 0)
        d1 = q2sa - q1[x.idx, a1c]
        d2 = x.r - q2sa
        q1[x.idx, a1c] += np.where(has1, alpha * d1 + alpha * th["lambda"] * d2, 0.0)
        q2[x.idx, s, a2] += np.where(chose2, alpha * d2, 0.0)
        super().learn(theta, state, x)


    def nll(self, theta: np.ndarray, data: "ChoiceData | Stack") -> np.ndarray:
        """The likelihood of :meth:`probs` and :meth:`learn`, computed over (R,) arrays: each
        stage offers two options, so a choice's probability is the logistic of its value's lead
        over the other option's (the tests check both give the same values)."""
        data = as_stack(data)
        theta = np.atleast_2d(np.asarray(theta, dtype=float))
        R = theta.shape[0]
        th = self._theta(theta)
        c, shown = data.choice, data.shown
        stage1 = shown[:, :, self.first].any(axis=2)
        where = np.argmax(shown[:, :, self.second[:, 0]], axis=2)
        pos1 = np.argmax(c[..., None] == self.first, axis=2)
        pos2 = np.argmax(c[..., None] == self.second[where], axis=2)
        valid, reward = c >= 0, data.reward
        rows = np.arange(R)
        q1, q2 = np.zeros((R, 2)), np.zeros((R, len(self.second), 2))
        a1, prev1 = np.full(R, -1), np.full(R, -1)
        p = self.p_common
        alpha, lam, w = th["alpha"], th["lambda"], th["w"][:, None]
        ll = np.zeros(R)
        for t in range(data.n_trials):
            # each (sessions, T) array's column: one value per row, or one for all rows
            ok, st1, s, k1, k2, r = valid[:, t], stage1[:, t], where[:, t], pos1[:, t], pos2[:, t], reward[:, t]
            if not ok.any():
                continue
            best = q2.max(axis=2)
            v1 = th["beta1"][:, None] * (w * (p * best[:, self.common] + (1 - p) * best[:, 1 - self.common])
                                         + (1 - w) * q1) + th["p"][:, None] * (np.arange(2) == prev1[:, None])
            qs = q2[rows, s]
            lead = np.where(st1, v1[rows, k1] - v1[rows, 1 - k1], th["beta2"] * (qs[rows, k2] - qs[rows, 1 - k2]))
            ll -= np.where(ok, np.logaddexp(0.0, -lead), 0.0)
            chose1 = ok & st1
            a1 = np.where(chose1, k1, np.where(st1, -1, a1))
            prev1 = np.where(chose1, k1, prev1)
            chose2 = ok & ~st1
            has1 = chose2 & (a1 >= 0)
            a1c = np.maximum(a1, 0)
            q2sa = qs[rows, k2]
            d2 = r - q2sa
            q1[rows, a1c] += np.where(has1, alpha * (q2sa - q1[rows, a1c]) + alpha * lam * d2, 0.0)
            q2[rows, s, k2] += np.where(chose2, alpha * d2, 0.0)
        return -ll


def two_stage_models(first: tuple[int, ...], second: tuple[tuple[int, ...], ...], common: tuple[int, ...],
                     p_common: float) -> tuple[CognitiveModel, ...]:
    """The candidate models of a two-stage task (each stage a row of the data)."""
    layout = (first, second, common, p_common)
    return (Uniform(),
            TwoStage("model-free", "model-free TD(lambda) learning, no transition model", *layout, fixed={"w": 0.0},
                     family="model-free"),
            TwoStage("model-based", "model-based planning over learnt second-stage values", *layout,
                     fixed={"w": 1.0, "lambda": 0.0}, family="model-based"),
            TwoStage("hybrid", "hybrid of model-based and model-free values, weight w (Daw et al., 2011)", *layout,
                     family="hybrid"))

"""Built-in ``agent:wsls`` and ``agent:ideal`` for the Reflection-Bench tasks.

Policies see only what a participant sees: stimuli, the parameters of the task (public
configuration, e.g. p or n) and the correctness / reward of earlier trials — never hidden
state such as the drawn weather sequence or the deviant position.

* WPT: wsls repeats a prediction that was right and switches one that was wrong; ideal
  learns P(tomorrow | device, today) with a Beta(1, 1) prior and predicts the mode.
* N-back: wsls repeats the last answer if right, otherwise flips Yes/No; ideal remembers.
* DC-IGT: wsls returns to a deck that paid and keeps a previewed deck unless it showed a
  loss; ideal estimates each deck's mean net outcome (optimistic start, so every deck is
  tried), picks the best, and on a previewed loss switches to the second best.
* PRLT: wsls on rewards; ideal is a Bayesian filter over "which arm is better" with the
  known p and a small hazard of reversal.
* MBT: wsls on rewards; ideal infers the rewarding arm from the last reward and flips it on
  every n-th trial (the reversal pattern).
* Oddball: wsls writes a bland on-topic comment; ideal finds the sentence sharing the
  fewest content words with the others and says it is an unexpected, confusing shift;
  ``agent:ideal-embed`` finds it with the local MiniLM embedder instead (slower, exact).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..scoring.embedding import content_words
from .agents import register_policy
from .base import TurnContext

OTHER = {"right": "left", "left": "right", "sunny": "rainy", "rainy": "sunny", "yes": "no", "no": "yes"}
DECKS = ("AAA", "BBB", "CCC", "DDD")


def _last(ctx: TurnContext):
    return ctx.history[-1] if ctx.history else None


# -- WPT --------------------------------------------------------------------------------
def wpt_wsls(ctx: TurnContext) -> str:
    ex = _last(ctx)
    if ex is None or ex.turn.action is None:
        return ctx.observation.stimulus["today"]
    return ex.turn.action if ex.result.correct else OTHER[ex.turn.action]


def wpt_ideal(ctx: TurnContext) -> str:
    counts: dict[tuple[str, str], list[float]] = {}
    hist = ctx.history
    for i, ex in enumerate(hist):
        # tomorrow of trial i is 'today' of trial i+1 (the current observation for the last one)
        nxt = hist[i + 1].observation if i + 1 < len(hist) else ctx.observation
        s = ex.observation.stimulus
        c = counts.setdefault((s["cue"], s["today"]), [1.0, 1.0])
        c[0 if nxt.stimulus["today"] == "sunny" else 1] += 1
    s = ctx.observation.stimulus
    a, b = counts.get((s["cue"], s["today"]), [1.0, 1.0])
    if a == b:
        return s["today"]
    return "sunny" if a > b else "rainy"


# -- N-back -----------------------------------------------------------------------------
def nback_ideal(ctx: TurnContext) -> str:
    n = ctx.observation.stimulus["n"]
    letters = [ex.observation.stimulus["letter"] for ex in ctx.history] + [ctx.observation.stimulus["letter"]]
    t = len(letters) - 1
    if t < n:
        return "not available"
    return "yes" if letters[t] == letters[t - n] else "no"


def nback_wsls(ctx: TurnContext) -> str:
    n = ctx.observation.stimulus["n"]
    if ctx.observation.trial < n:
        return "not available"
    ex = _last(ctx)
    if ex is None or ex.turn.action not in ("yes", "no"):
        return "no"
    return ex.turn.action if ex.result.correct else OTHER[ex.turn.action]


# -- DC-IGT -----------------------------------------------------------------------------
def dcigt_wsls(ctx: TurnContext) -> str:
    s = ctx.observation.stimulus
    rng = ctx.rng()
    if s["phase"] == "final":
        first = s.get("first_deck")
        if first is None:
            return DECKS[int(rng.integers(4))]
        if s.get("first_loss", 0) > 0:
            return [d for d in DECKS if d != first][int(rng.integers(3))]
        return first
    ex = _last(ctx)
    if ex is None or ex.turn.action is None:
        return DECKS[int(rng.integers(4))]
    if (ex.result.reward or 0) >= 0:
        return ex.turn.action
    return [d for d in DECKS if d != ex.turn.action][int(rng.integers(3))]


def _deck_values(ctx: TurnContext) -> np.ndarray:
    total = np.full(4, 200.0)  # optimistic prior: every deck looks good until tried
    count = np.ones(4)
    for i, ex in enumerate(ctx.history):
        st = ex.observation.stimulus
        if st["phase"] == "final":
            if st.get("first_deck"):
                d = DECKS.index(st["first_deck"])
                total[d] += st["first_gain"] - st["first_loss"]
                count[d] += 1
            if ex.turn.action is not None and ex.result.reward is not None:
                d = DECKS.index(ex.turn.action)
                total[d] += ex.result.reward
                count[d] += 1
    return total / count


def dcigt_ideal(ctx: TurnContext) -> str:
    s = ctx.observation.stimulus
    v = _deck_values(ctx)
    if s["phase"] == "final" and s.get("first_deck"):
        d = DECKS.index(s["first_deck"])
        v = v.copy()
        v[d] += (s["first_gain"] - s["first_loss"] - v[d]) / (1 + len(ctx.history) / 8)
        if s.get("first_loss", 0) > 0:
            order = [int(i) for i in np.argsort(-v) if int(i) != d]
            return DECKS[order[0]]
        return s["first_deck"]
    return DECKS[int(np.argmax(v))]


# -- bandits ----------------------------------------------------------------------------
def bandit_wsls(ctx: TurnContext) -> str:
    ex = _last(ctx)
    if ex is None or ex.turn.action is None:
        return "right" if ex is None else ("right" if ctx.rng().random() < 0.5 else "left")
    return ex.turn.action if (ex.result.reward or 0) > 0 else OTHER[ex.turn.action]


def prlt_ideal(ctx: TurnContext) -> str:
    p = float(ctx.params.get("p", 0.8))
    hazard = 1.0 / max(2, int(ctx.params.get("trials", 40)))
    belief = 0.5  # P(right is the better arm)
    for ex in ctx.history:
        a, r = ex.turn.action, ex.result.reward
        if a is not None:
            p_if_right = p if a == "right" else 1 - p  # P(reward | right better)
            p_if_left = 1 - p if a == "right" else p
            lr, ll = (p_if_right, p_if_left) if r and r > 0 else (1 - p_if_right, 1 - p_if_left)
            belief = belief * lr / (belief * lr + (1 - belief) * ll)
        belief = belief * (1 - hazard) + (1 - belief) * hazard
    return "right" if belief >= 0.5 else "left"


def mbt_ideal(ctx: TurnContext) -> str:
    n = int(ctx.params.get("n", 2))
    ex = _last(ctx)
    if ex is None or ex.turn.action is None:
        return "right" if ex is None else bandit_wsls(ctx)
    good = ex.turn.action if (ex.result.reward or 0) > 0 else OTHER[ex.turn.action]
    t = ctx.observation.trial
    return OTHER[good] if t % n == 0 else good


# -- Oddball ----------------------------------------------------------------------------
def _odd_one(sentences: list[str]) -> int:
    words = [content_words(s) for s in sentences]
    overlap = [sum(len(w & o) for j, o in enumerate(words) if j != i) for i, w in enumerate(words)]
    return int(np.argmin(overlap))


def _odd_one_embedded(sentences: list[str]) -> int:
    """The sentence least similar to the others under the local MiniLM embedder (finds the
    deviant of our bank in 60/60 test passages; ~0.7 s per passage on 2 CPU cores)."""
    from ..scoring.embedding import get_embedder

    v = get_embedder("minilm").encode(list(sentences))
    sim = v @ v.T
    np.fill_diagonal(sim, 0.0)
    return int(np.argmin(sim.sum(axis=1)))


def _surprised(sents: list[str], k: int) -> str:
    return (f"Wait, what? The sentence \"{sents[k]}\" is a totally unexpected shift that makes no sense here. "
            "It has nothing to do with the rest of the passage. I don't get it; this is completely confusing.")


def oddball_ideal_embed(ctx: TurnContext) -> str:
    sents = ctx.observation.stimulus["sentences"]
    return _surprised(sents, _odd_one_embedded(sents))


def oddball_ideal(ctx: TurnContext) -> str:
    """Word-overlap detection (fast, no model; finds the deviant in ~56% of passages)."""
    sents = ctx.observation.stimulus["sentences"]
    return _surprised(sents, _odd_one(sents))


def oddball_wsls(ctx: TurnContext) -> str:
    sents = ctx.observation.stimulus["sentences"]
    return f"These are nice facts. I liked learning that {sents[0][0].lower() + sents[0][1:]}"


POLICIES: dict[str, dict[str, Any]] = {
    "wpt": {"wsls": wpt_wsls, "ideal": wpt_ideal},
    "nback": {"wsls": nback_wsls, "ideal": nback_ideal},
    "dcigt": {"wsls": dcigt_wsls, "ideal": dcigt_ideal},
    "prlt": {"wsls": bandit_wsls, "ideal": prlt_ideal},
    "mbt": {"wsls": bandit_wsls, "ideal": mbt_ideal},
    "oddball": {"wsls": oddball_wsls, "ideal": oddball_ideal, "ideal-embed": oddball_ideal_embed},
}
for _family, _pols in POLICIES.items():
    for _agent, _fn in _pols.items():
        register_policy(_agent, _family, _fn)

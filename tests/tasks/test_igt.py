"""The Iowa Gambling Task: its payoff schedule, the chance simulator against the scorer on the
environment's own trials, the net score per block, and the wsls agent."""
from __future__ import annotations

import numpy as np
import pandas as pd

from machinepsych.core.scoring import step_row
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import get_task
from machinepsych.tasks.igt.env import BECHARA_LOSSES, DECKS
from machinepsych.tasks.igt.score import net_scores

SPEC = get_task("igt")


def test_the_schedule_is_bechara_s():
    # every 10 cards: A and B net -$250, C and D net +$250; B and D lose once per 10 cards
    for d, gain in enumerate((100, 100, 50, 50)):
        for k in range(4):
            block = BECHARA_LOSSES[d][10 * k:10 * k + 10]
            assert 10 * gain - sum(block) == (-250 if d < 2 else 250)
            assert sum(x > 0 for x in block) == (5 if d in (0, 2) else 1)


def test_the_simulator_scores_as_the_environment_and_scorer_do():
    P = SPEC.resolve(overrides={"trials": 45})
    decks = np.random.default_rng(4).integers(0, 4, size=45)
    env = SPEC.make(P)
    env.reset(0)
    rows = []
    for t, d in enumerate(decks):
        r = env.step(DECKS[d])
        rows.append({"trial": t, "action": DECKS[d], **r.info})
    scored = SPEC.scorer.score(pd.DataFrame(rows), P)

    class Fixed:
        def integers(self, lo, hi, size):
            return decks[None, :]

    sim = SPEC.chance(P, 1, Fixed())
    for name in ("net_total", "net_1", "net_2", "net_3", "final_balance", "share_A", "share_D"):
        assert sim[name][0] == scored[name], name
    assert scored["net_4"] is None and np.isnan(sim["net_4"][0])  # 45 trials: three blocks


def test_net_score_per_block_of_20():
    decks = np.array([[2] * 20 + [0] * 20 + [1, 3] * 10 + [-1] * 20 + [3] * 20])
    assert net_scores(decks).tolist() == [[20, -20, 0, 0, 20]]


def test_wsls_stays_after_no_net_loss_and_switches_after_a_net_loss():
    steps = play_agent(SPEC, SPEC.resolve(), 0, "wsls")[0]
    rows = [step_row(s) for s in steps]
    for prev, cur in zip(rows, rows[1:]):
        assert (cur["action"] == prev["action"]) == (prev["gain"] - prev["loss"] >= 0)

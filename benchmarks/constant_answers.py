"""What a participant who knows the format scores by giving one answer throughout (issue 30):
for every catalog test whose answer is one of a fixed set (text tests; VisFactor has its own
``random_constant``), at every preset, each constant answer played through the real environment
and scorer over N seeded sessions, beside the test's printed chance (its default random policy).

    PYTHONPATH=src .venv/bin/python benchmarks/constant_answers.py [--n 1000] [--only nback,lnt-letter]

A constant answer is played where the trial offers it, a uniformly random one elsewhere (e.g.
N-back's first letters offer the same three answers, so "No" is played there too). "per
position" is the best answer at each trial position, chosen on the first half of the sessions
from the constant answers' right answers there and scored on the second half (a fixed answer
sheet: an upper reference where the right answer does not depend on earlier answers; on a fixed
sequence, as N-back's paper-sequence or wcst-reflection's list, it learns the key itself, no
baseline; N-back's best answer per kind of letter is its declared policy ``always-no``). The
table lists the primary metric: mean (p95) of each, and flags a constant answer whose mean is
above the printed chance's mean.
"""
from __future__ import annotations

import argparse
from dataclasses import replace

import numpy as np

from machinepsych.analysis.chance import chance as simulate_chance
from machinepsych.core.errors import ConfigError
from machinepsych.core.scoring import score_session, steps_frame
from machinepsych.core.spaces import Choice
from machinepsych.core.spec import Agent
from machinepsych.participants.agents import play_agent
from machinepsych.tasks.catalog import TASKS, get_task


def options_of(spec, params) -> list:
    """The answers the trials of one session offer (in order of first appearance); [] where a
    trial's answer is not one of a fixed set."""
    seen: list = []

    def look(view):
        if not isinstance(view.action_space, Choice):
            raise TypeError
        for o in view.action_space.options:
            if o not in seen:
                seen.append(o)
        return view.action_space.sample(view.rng())

    player = replace(spec, agents={**spec.agents, "_look": Agent(look)})
    try:
        play_agent(player, params, 0, "_look")
    except TypeError:
        return []
    return seen


def constant(answer) -> Agent:
    def policy(view):
        opts = view.action_space.options
        return answer if answer in opts else opts[int(view.rng().integers(len(opts)))]
    return Agent(policy, f"always {answer}")


def play(spec, params, agent: Agent, n: int):
    """Per session the primary metric, and the trial frame's correctness per position."""
    player = replace(spec, agents={**spec.agents, "_c": agent})
    scores, right = [], []
    for i in range(n):
        steps, replies = play_agent(player, params, 7_000_000 + i, "_c")
        frame = steps_frame(steps, replies, session=i)
        scores.append(score_session(spec, frame, params).get(spec.primary))
        right.append(frame["correct"].to_numpy(float) if "correct" in frame else None)
    return np.array([np.nan if s is None else float(s) for s in scores]), right


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--only", default="")
    ap.add_argument("--skip", default="")
    a = ap.parse_args()
    ids = sorted({get_task(k).id for k in TASKS} - {i for i in (get_task(k).id for k in TASKS) if i.startswith("visfactor")})
    if a.only:
        ids = [i for i in ids if i in a.only.split(",")]
    ids = [i for i in ids if i not in a.skip.split(",")]
    print("| test | preset | primary | printed chance: policy, mean (p95) | best constant answer: mean (p95) | "
          "every constant answer | per position | constant above chance |")
    print("|---|---|---|---|---|---|---|---|")
    for tid in ids:
        spec = get_task(tid)
        for preset in spec.presets:
            try:
                params = spec.resolve(preset)
            except ConfigError as e:  # a preset that needs a file of the user's (oddball's released prompts)
                print(f"| {tid} | {preset} | skipped: {str(e)[:80]} |", flush=True)
                continue
            opts = options_of(spec, params)
            if not opts:
                continue
            ch = simulate_chance(spec, params, n=a.n, seed=0)
            m = ch["metrics"].get(spec.primary)
            if m is None:
                continue
            rows, rights = {}, {}
            for o in opts:
                s, r = play(spec, params, constant(o), a.n)
                rows[o] = (float(np.nanmean(s)), float(np.nanpercentile(s, 95)))
                rights[o] = r
            best = max(rows, key=lambda o: rows[o][0])
            per_pos = ""
            if all(r is not None for rs in rights.values() for r in rs) and len({len(r) for rs in rights.values() for r in rs}) == 1:
                acc = {o: np.array(rs) for o, rs in rights.items()}  # sessions x positions
                half = a.n // 2
                choice = np.array([max(acc, key=lambda o: acc[o][:half, t].mean()) for t in range(acc[opts[0]].shape[1])])
                test = np.array([[acc[choice[t]][i, t] for t in range(len(choice))] for i in range(half, a.n)])
                per_pos = f"{100 * test.mean():.1f}% of trials right"
            every = "; ".join(f"{o}: {mu:.1f}" for o, (mu, _) in rows.items())
            flag = "**yes**" if rows[best][0] > m["mean"] + 1e-9 else ""
            print(f"| {tid} | {preset} | {spec.primary} | {ch['responses']}: {m['mean']:.1f} ({m['p95']:.1f}) | "
                  f"{best}: {rows[best][0]:.1f} ({rows[best][1]:.1f}) | {every} | {per_pos} | {flag} |", flush=True)


if __name__ == "__main__":
    main()

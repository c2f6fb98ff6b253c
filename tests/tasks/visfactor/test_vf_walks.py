"""The loop-erased random walks SS2's networks are drawn with (``gen_ss2._walk_to``): the walk
draws as a loop over ``Draws.index`` does, the loop erasure is the chronological one, and a
walk walled off from its targets draws nothing."""
from __future__ import annotations

import numpy as np

from machinepsych.tasks.visfactor.core import Draws
from machinepsych.tasks.visfactor.gen_ss2 import _grid, _loop_erased, _walk_to


def _walk_by_index(draws, nbrs, v, stop) -> list:
    out = [v]
    while v not in stop:
        nb = nbrs[v]
        v = nb[draws.index(len(nb))]
        out.append(v)
    return out


def _erase_as_it_closes(walk) -> list:
    path = []
    for v in walk:
        if v in path:
            del path[path.index(v) + 1:]
        else:
            path.append(v)
    return path


def test_walk_draws_as_a_loop_over_index():
    # 300 walks on a 9 x 9 grid (tens of thousands of steps: the 4,096-draw blocks refill
    # mid-walk), each followed by one index draw: the same points and the same next draw
    grid = _grid((9, 9))
    a, b = Draws(np.random.default_rng(7)), Draws(np.random.default_rng(7))
    pick = np.random.default_rng(1)
    points = sorted(grid)
    steps = 0
    for _ in range(300):
        src = points[pick.integers(len(points))]
        stop = {points[i] for i in pick.choice(len(points), 2, replace=False)}
        walk = a.walk(grid, src, stop)
        assert walk == _walk_by_index(b, grid, src, stop)
        assert a.index(1000) == b.index(1000)
        steps += len(walk)
    assert steps > 3 * 4096


def test_loop_erasure_is_the_chronological_one():
    rng = np.random.default_rng(3)
    for _ in range(500):
        walk = [int(x) for x in rng.integers(0, 6, rng.integers(1, 40))]
        walk.append(99)  # the walk ends where it first enters its target
        assert _loop_erased(walk) == _erase_as_it_closes(walk)


def test_walk_to_keeps_off_walls_and_draws_nothing_when_walled_off():
    shape = (6, 6)
    draws = Draws(np.random.default_rng(5))
    wall = {(r, 3) for r in range(6)}
    for _ in range(50):
        path = _walk_to(draws, (0, 0), {(5, 2), (4, 1)}, wall, shape)
        assert path[0] == (0, 0) and path[-1] in {(5, 2), (4, 1)} and not wall & set(path)
        assert len(set(path)) == len(path)  # loop-erased: a simple path
        assert all(abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1 for p, q in zip(path, path[1:]))
    before = (draws.i, len(draws.buf))
    assert _walk_to(draws, (0, 0), {(0, 5)}, wall, shape) is None
    assert (draws.i, len(draws.buf)) == before
    assert _walk_to(draws, (0, 0), {(0, 0)}, wall, shape) == [(0, 0)]

"""models.retry.bounded: a call cut off at its deadline, as asyncio.timeout would, with the
deadlines of calls with the same bound sharing one timer."""
from __future__ import annotations

import asyncio
import time

import pytest

from machinepsych.core.errors import ModelCallError
from machinepsych.models.retry import bounded


class _Model:
    name = "stub:model"


async def _reply_after(s: float, value="ok"):
    await asyncio.sleep(s)
    return value


def test_calls_in_time_return_and_late_ones_are_cut_off_at_their_deadline():
    async def main():
        t0 = time.perf_counter()
        results = await asyncio.gather(
            *(bounded(_Model(), _reply_after(0.01 * (i % 3), i), 0.2) for i in range(30)),
            bounded(_Model(), _reply_after(5), 0.1), return_exceptions=True)
        return results, time.perf_counter() - t0

    results, took = asyncio.run(main())
    assert results[:30] == list(range(30))
    assert isinstance(results[30], ModelCallError) and results[30].transient
    assert "no complete reply within 0.1 s (--timeout)" in str(results[30])
    assert 0.09 < took < 2.0  # cut at the deadline, not after the 5 s the call would take


def test_one_timer_for_many_calls_with_the_same_bound():
    async def main():
        loop = asyncio.get_running_loop()
        gate = asyncio.Event()

        async def wait_gate():
            await gate.wait()
            return 1

        calls = [asyncio.ensure_future(bounded(_Model(), wait_gate(), 60)) for _ in range(200)]
        await asyncio.sleep(0)
        timers = len(loop._scheduled)  # asyncio.timeout would have scheduled 200
        gate.set()
        assert sum(await asyncio.gather(*calls)) == 200
        return timers

    assert asyncio.run(main()) <= 2


def test_a_later_call_is_cut_at_its_own_deadline_after_earlier_ones_ended():
    async def main():
        first = asyncio.ensure_future(bounded(_Model(), _reply_after(0.01), 0.3))
        await asyncio.sleep(0.1)
        t0 = time.perf_counter()
        second = bounded(_Model(), _reply_after(5), 0.3)
        with pytest.raises(ModelCallError, match="within 0.3 s"):
            await second
        assert await first == "ok"
        return time.perf_counter() - t0

    took = asyncio.run(main())
    assert 0.28 < took < 1.5  # its own 0.3 s, not the first call's deadline


def test_cancellation_from_outside_and_errors_inside_pass_through():
    async def main():
        task = asyncio.ensure_future(bounded(_Model(), _reply_after(5), 10))
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

        async def raises_timeout():
            raise TimeoutError("the call's own")

        with pytest.raises(TimeoutError, match="the call's own"):
            await bounded(_Model(), raises_timeout(), 10)
        # no bound: awaited as it is
        assert await bounded(_Model(), _reply_after(0, "free"), None) == "free"
        assert await bounded(_Model(), _reply_after(0, "free"), 0) == "free"
        # the task goes on normally after a cut-off (its cancellation was consumed)
        with pytest.raises(ModelCallError):
            await bounded(_Model(), _reply_after(5), 0.05)
        assert asyncio.current_task().cancelling() == 0
        await asyncio.sleep(0.01)
        return "done"

    assert asyncio.run(main()) == "done"


def test_the_deadlines_go_with_their_event_loop():
    import gc
    import weakref

    loops = []

    async def main():
        loops.append(weakref.ref(asyncio.get_running_loop()))
        assert await bounded(_Model(), _reply_after(0, 1), 30) == 1

    asyncio.run(main())
    gc.collect()
    assert loops[0]() is None  # nothing kept the finished loop alive

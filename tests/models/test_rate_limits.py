"""Hosted providers' rate limits (issue 23): headers read, Retry-After honoured (on a fake
clock: no wall-time asserts), 429s outside --max-attempts but inside a wait budget, the
AIMD limiter, and a loopback endpoint limited to 20 requests/s served within 15 % of its
bound with at most 10 % refused."""
from __future__ import annotations

import asyncio
import math
from email.utils import format_datetime
from datetime import datetime, timedelta, timezone

import pytest

from machinepsych.core.errors import ModelCallError
from machinepsych.core.types import Message
from machinepsych.models import make_model
from machinepsych.models.base import GenerateOptions
from machinepsych.models.ratelimit import EndpointLimiter, RateInfo, parse_duration, rate_info
from machinepsych.models.retry import RetryPolicy, call_model
from tests.support.fake_anthropic import FakeAnthropicServer
from tests.support.rate_limited import RateLimitedServer, drive_calls


class FakeTime:
    """A clock that moves only when slept on; every sleep is recorded."""

    def __init__(self):
        self.t, self.sleeps = 1000.0, []

    def clock(self) -> float:
        return self.t

    async def sleep(self, s: float) -> None:
        self.sleeps.append(round(s, 3))
        self.t += s
        await asyncio.sleep(0)


def policy(ft: FakeTime, **kw) -> RetryPolicy:
    return RetryPolicy(initial_s=1.0, jitter_s=0.0, clock=ft.clock, sleep=ft.sleep, **kw)


MESSAGES = [Message.text("user", "trial one")]


def call(model, pol, concurrency=4):
    async def go():
        try:
            return await call_model(model, MESSAGES, GenerateOptions(timeout_s=10), "answer", pol, concurrency)
        finally:
            await model.aclose()
    return asyncio.run(go())


# --- headers ---------------------------------------------------------------------------------
def test_headers_are_read():
    assert rate_info({"Retry-After": "3"}).retry_after_s == 3.0
    assert rate_info({"retry-after-ms": "250", "retry-after": "1"}).retry_after_s == 0.25  # ms wins
    when = datetime.now(timezone.utc) + timedelta(seconds=30)
    assert 28 <= rate_info({"retry-after": format_datetime(when, usegmt=True)}).retry_after_s <= 31  # HTTP date
    openai = rate_info({"x-ratelimit-limit-requests": "500", "x-ratelimit-remaining-requests": "499",
                        "x-ratelimit-reset-requests": "120ms", "x-ratelimit-limit-tokens": "30000",
                        "x-ratelimit-remaining-tokens": "29000", "x-ratelimit-reset-tokens": "2s"})
    assert openai == RateInfo(None, 500, 499, 0.12, 30000, 29000, 2.0)
    reset = (datetime.now(timezone.utc) + timedelta(seconds=6)).isoformat().replace("+00:00", "Z")
    anthropic = rate_info({"anthropic-ratelimit-requests-limit": "50", "anthropic-ratelimit-requests-remaining": "49",
                           "anthropic-ratelimit-requests-reset": reset,
                           "anthropic-ratelimit-input-tokens-remaining": "900",
                           "anthropic-ratelimit-input-tokens-limit": "1000",
                           "anthropic-ratelimit-tokens-remaining": "5000"})
    assert anthropic.limit_requests == 50 and 4 <= anthropic.reset_requests_s <= 6.5
    assert anthropic.remaining_tokens == 900 and anthropic.limit_tokens == 1000  # the tightest token limit
    assert parse_duration("6m0s") == 360 and parse_duration("1h2m3.5s") == 3723.5 and parse_duration("x") is None
    assert rate_info({"content-type": "application/json"}) is None


# --- Retry-After and the budgets --------------------------------------------------------------
@pytest.mark.parametrize("provider,transport", [("openai", "direct"), ("openai", "aiohttp"), ("anthropic", None)])
def test_retry_after_is_honoured(provider, transport, fake_openai_factory, monkeypatch):
    """A 429 with Retry-After: 3 is retried after 3 s (the endpoint paused that long), not the 1 s backoff."""
    if provider == "anthropic":
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-key")
        srv = FakeAnthropicServer(retry_after_s=3).start()
        model = make_model("anthropic:claude-fake", base_url=srv.base_url)
    else:
        srv = fake_openai_factory(retry_after_s=3)
        model = make_model("openai:fake-model", base_url=srv.base_url, transport=transport)
    try:
        srv.script("429", None)
        ft = FakeTime()
        c = call(model, policy(ft))
    finally:
        if provider == "anthropic":
            srv.stop()
    assert c.attempts == 2 and "HTTP 429" in c.errors[0]
    assert ft.sleeps == [3.0]


def test_rate_limits_do_not_use_attempts_but_a_wait_budget(fake_openai_factory):
    srv = fake_openai_factory(retry_after_s=0.5)
    srv.script("429", "429", "429", "429", None)
    ft = FakeTime()
    c = call(make_model("openai:fake-model", base_url=srv.base_url), policy(ft, max_attempts=2))
    assert c.attempts == 5 and sum(ft.sleeps) == pytest.approx(2.0)  # four 429s, max_attempts=2 untouched

    srv.reset()
    srv.script("429", "429", "429", None)
    ft = FakeTime()
    with pytest.raises(ModelCallError) as exc:
        call(make_model("openai:fake-model", base_url=srv.base_url), policy(ft, rate_limit_wait_s=0.8))
    assert exc.value.transient and "gave up after 2 attempts, rate-limited" in str(exc.value)
    assert "rate-limit wait budget of a call is 0.8 s" in str(exc.value)  # the command says how to resume


def test_a_wait_longer_than_the_maximum_fails_at_once(fake_openai_factory):
    srv = fake_openai_factory(retry_after_s=3600)
    srv.script("429", None)
    ft = FakeTime()
    with pytest.raises(ModelCallError) as exc:
        call(make_model("openai:fake-model", base_url=srv.base_url), policy(ft))
    assert "asked to wait 3600 s, more than the 60 s" in str(exc.value) and ft.sleeps == []


# --- the limiter -----------------------------------------------------------------------------
def test_aimd_window_halves_once_per_round_trip_and_grows_back():
    async def go():
        ft = FakeTime()
        lim = EndpointLimiter(8, clock=ft.clock, sleep=ft.sleep)
        tickets = [await lim.acquire() for _ in range(8)]
        ft.t += 0.1
        for t in tickets[:4]:  # four refusals of requests sent together: one decrease
            lim.done(t, ok=False, refused=True)
        assert lim.window == 4
        lim.done(tickets[4], ok=True)
        assert lim.window == 4.25  # additive increase: +1/window per reply
        late = await lim.acquire()
        ft.t += 0.1
        lim.done(late, ok=False, refused=True)  # sent after the decrease: another one
        assert lim.window == pytest.approx(2.125)
        for t in tickets[5:]:
            lim.done(t, ok=True)
        assert 2.125 < lim.window < 4
    asyncio.run(go())


def test_stated_rpm_paces_from_the_first_call():
    async def go():
        ft = FakeTime()
        lim = EndpointLimiter(64, rpm=600, clock=ft.clock, sleep=ft.sleep)  # 10/s, spaced (no burst)
        for _ in range(30):
            lim.done(await lim.acquire(), ok=True)
        return ft
    ft = asyncio.run(go())
    # (30 - 1) / 10 per second, the first at once, and the sliding second's margin (0.03 s per 10)
    assert sum(ft.sleeps) == pytest.approx(2.9 + 2 * 0.03, abs=0.01)


def test_a_rate_limited_endpoint_is_served_near_its_bound():
    """60 calls from 16 sessions (--concurrency 8) to an endpoint that takes 20 requests/s
    (burst 5) and sends OpenAI's limit headers: done within 15 % of 60/20 = 3 s, at most 10 %
    refused. (The 200-call version, and endpoints without limit headers: benchmarks/providers.py.)"""
    n, rps = 60, 20.0
    with RateLimitedServer(rps=rps, burst=5, latency_s=0.02, record=False) as srv:
        elapsed = drive_calls(srv.base_url, n)
        refused = srv.refused / (srv.served + srv.refused)
    assert srv.served == n
    assert elapsed <= 1.15 * n / rps, elapsed
    assert refused <= 0.10, (srv.refused, srv.served)


def test_a_pacer_that_falls_behind_sends_no_catch_up_burst():
    """Issue 30: the client stalls (a starved event loop, the end of a pause) for 2 s; the next
    requests go out one interval apart, not all at once to make up the time (stated --rpm,
    learned headers and learned AIMD rates alike)."""
    import asyncio

    from machinepsych.models.ratelimit import EndpointLimiter, RateInfo

    def sends(setup) -> list[float]:
        clock = [0.0]

        async def sleep(s: float) -> None:
            clock[0] += s

        async def go() -> list[float]:
            lim = EndpointLimiter(16, rpm=setup.get("rpm"), clock=lambda: clock[0], sleep=sleep)
            if "headers" in setup:  # the endpoint announced 10 requests/s
                lim.done(await lim.acquire(), ok=True, rate=RateInfo(limit_requests=10, remaining_requests=9,
                                                                      reset_requests_s=0.1))
            clock[0] += 2.0  # the client falls behind
            out = []
            for _ in range(6):
                t = await lim.acquire()
                out.append(t.sent_at)
                lim.done(t, ok=True)
            return out

        return asyncio.run(go())

    for setup in ({"rpm": 600}, {"headers": True}):
        at = sends(setup)
        gaps = [b - a for a, b in zip(at, at[1:])]
        assert min(gaps) >= 0.09, (setup, gaps)


def paced_sends(n: int, *, rpm: float = 600, stall=lambda i: 0.0, overshoot: float = 0.0) -> list[float]:
    """When ``n`` requests at a stated ``rpm`` go out, on a fake clock: ``stall(i)`` seconds
    pass after the i-th (the client's event loop blocked), and every sleep wakes
    ``overshoot`` seconds late (a loaded machine's timers)."""
    clock = [0.0]

    async def sleep(s: float) -> None:
        clock[0] += s + overshoot

    async def go() -> list[float]:
        lim = EndpointLimiter(16, rpm=rpm, clock=lambda: clock[0], sleep=sleep)
        out = []
        for i in range(n):
            t = await lim.acquire()
            out.append(t.sent_at)
            lim.done(t, ok=True)
            clock[0] += stall(i)
        return out

    return asyncio.run(go())


def test_a_pacer_makes_up_a_slow_wake_up():
    """Issue 30: every sleep of the pacer wakes 2 ms late (a loaded machine): 100 requests at a
    learned 9.7/s (97 % of a sliding second's 10) take 99 intervals, 10.206 s, and 12 ms (the
    schedule holds; the sliding second's margin takes a little of its 31 ms a second), never
    closer than half an interval. Before, each request's interval ran from when the one before
    went: 2 ms lost on each, 10.404 s (at the benchmark's sliding second, 1.7 % of the run)."""
    at = paced_sends(100, rpm=582, overshoot=0.002)
    assert at[-1] - at[0] == pytest.approx(99 * 60 / 582 + 0.012, abs=0.002)
    assert min(b - a for a, b in zip(at, at[1:])) >= 0.5 * 60 / 582 - 1e-9


def test_a_pacer_makes_up_a_stall_shorter_than_an_interval_without_a_burst():
    """Issue 30's throttled client: the event loop stalls 150 ms after every 10th request (the
    next request, due 103 ms after, goes 47 ms late). The requests after it make the time up,
    each at least half an interval after the one before: 40 requests at a learned 9.7/s end
    39 intervals after the first, as without a stall (before: the lateness lost for good at
    each stall, 141 ms in all; at the benchmark's sliding second the throttled client took
    1.15x the bound). A stall of more than an interval restarts the schedule (the test above:
    no burst after it)."""
    at = paced_sends(40, rpm=582, stall=lambda i: 0.15 if i % 10 == 9 else 0.0)
    assert at[-1] - at[0] == pytest.approx(39 * 60 / 582)
    gaps = [b - a for a, b in zip(at, at[1:])]
    assert min(gaps) == pytest.approx(2 * 60 / 582 - 0.15)  # the next one at its slot


def test_a_stated_limit_leaves_a_margin_for_the_way_to_the_endpoint():
    """Paced at a stated 10/s (no headroom), the 11th request goes no sooner than 1.03 s after
    the first, even where the schedule would make up a late one sooner: each request reaches a
    sliding second's endpoint a little sooner or later than its ticket (issue 30, under a load
    of 14: refused at the 11th when the first took 28 ms to arrive)."""
    at = paced_sends(40, stall=lambda i: 0.05 if i % 10 == 0 else 0.0)
    assert min(b - a for a, b in zip(at, at[10:])) >= 1.03 - 1e-9


def test_a_pacer_making_up_time_keeps_to_a_sliding_second():
    """However the client stalls, no 11 consecutive requests at 10/s (or less) go out within a
    second, which an endpoint counting 10 requests over a sliding second would refuse (the
    schedule's catch-up is held to it), and none closer than half an interval; at 10.1/s, 11."""
    import random

    rnd = random.Random(30)
    for rpm in (600, 582, 606):  # a stated 10/s; a learned 97 % of it; a rate just past 10/s
        at = paced_sends(300, rpm=rpm, stall=lambda i: rnd.choice((0.0, 0.0, 0.03, 0.07, 0.12, 0.4)),
                         overshoot=0.001)
        n = math.ceil(rpm / 60)
        assert min(b - a for a, b in zip(at, at[n:])) >= 1.0 - 1e-9
        assert min(b - a for a, b in zip(at, at[1:])) >= 0.5 * 60 / rpm - 1e-9


def test_a_learned_rate_does_not_grow_back_past_the_rate_that_was_refused():
    """Issue 30's outside check: against an endpoint counting 10 requests over a sliding second
    (no limit headers, a whole-second Retry-After), the learned rate grew 5 % a second back over
    the limit and was refused every 3-4 s, each refusal pausing the endpoint for a second: 1.42-
    1.48x the bound with 7-10 % refused. For a minute after a 429 the growth stops at 97 % of the
    refused rate; after that it looks for a higher limit again."""
    from machinepsych.models.ratelimit import HEADROOM, MD_RATE, EndpointLimiter

    async def go():
        ft = FakeTime()
        lim = EndpointLimiter(16, clock=ft.clock, sleep=ft.sleep)
        for _ in range(10):  # ten accepted in the first second, then a refusal: learned from the throughput
            ft.t += 0.1
            lim.done(await lim.acquire(), ok=True)
        refused = await lim.acquire()
        lim.done(refused, ok=False, refused=True)
        assert lim.learned == "aimd"
        first, start = lim.requests.rate, ft.t
        while ft.t < start + 10.0:  # the first estimate is no cap: the rate grows from it ...
            t = await lim.acquire()
            ft.t += 0.05
            lim.done(t, ok=True)
        assert lim.requests.rate > first / MD_RATE
        refused = await lim.acquire()  # ... until the endpoint refuses the paced rate
        cap, start = HEADROOM * lim.requests.rate, ft.t  # 97 % of the rate refused
        lim.done(refused, ok=False, refused=True)
        top = 0.0
        while ft.t < start + 50.0:  # replies without a refusal for most of a minute
            t = await lim.acquire()
            ft.t += 0.05
            lim.done(t, ok=True)
            top = max(top, lim.requests.rate)
        assert cap - 0.2 < top <= cap + 1e-9, (top, cap)  # grown back to the cap, not past it
        while ft.t < start + 90.0:  # a minute on: the growth looks for a higher limit again
            t = await lim.acquire()
            ft.t += 0.05
            lim.done(t, ok=True)
        assert lim.requests.rate > cap
    asyncio.run(go())


def test_a_refusal_tells_the_rate_the_endpoint_accepted():
    """Issue 30: at an endpoint that counts 10 requests over a sliding second, sends no limit
    header and a whole-second Retry-After (each refusal holds every request a second), the
    requests sent in the second before a refused one and not refused are what it accepted: the
    learned rate starts there (97 % of it; before: 85 % of the replies back in that second, 6.8
    for 8 replies of 10 accepted, grown 5 % a second for 8 s back to the limit). That count is a
    refused rate: the growth stops at it for a minute, as after any refusal (before: it grew
    10 % a second past it and was refused within two seconds, a second of every request lost:
    1.08x the bound instead of 1.05x), then looks for a higher limit; a refusal of the paced
    rate puts it just under that count in one step (before: 85 % of the refused rate, then a
    second refusal at 97 % of it, above the limit). A refusal that holds the endpoint less than
    a second keeps the cheaper probe (the test above)."""
    from machinepsych.models.ratelimit import HEADROOM, PROBE_AFTER_S

    async def go():
        ft = FakeTime()
        lim = EndpointLimiter(16, clock=ft.clock, sleep=ft.sleep)
        tickets = [await lim.acquire() for _ in range(11)]  # ten accepted, two of them still on their way
        ft.t += 0.02
        for t in tickets[:8]:
            lim.done(t, ok=True)
        lim.done(tickets[10], ok=False, refused=True, rate=RateInfo(retry_after_s=1.0))
        start = ft.t
        assert lim.learned == "aimd" and lim.requests.rate == pytest.approx(HEADROOM * 10)
        assert lim.refused_rate == 10
        for t in tickets[8:10]:
            lim.done(t, ok=True)
        top = 0.0
        while ft.t < start + PROBE_AFTER_S - 1:  # no growth past the count for a minute ...
            t = await lim.acquire()
            ft.t += 0.02
            lim.done(t, ok=True)
            top = max(top, lim.requests.rate)
        assert top == pytest.approx(HEADROOM * 10)
        while lim.requests.rate < 11:  # ... then the growth looks for a higher limit ...
            t = await lim.acquire()
            ft.t += 0.02
            lim.done(t, ok=True)
        ft.t += 1.0  # (a second without requests)
        for _ in range(10):  # ... until a refusal after ten in a second
            lim.done(await lim.acquire(), ok=True)
        lim.done(await lim.acquire(), ok=False, refused=True, rate=RateInfo(retry_after_s=1.0))
        assert lim.requests.rate == pytest.approx(HEADROOM * 10) and lim.refused_rate == 10
    asyncio.run(go())


def test_the_first_refusal_of_a_burst_sets_the_rate_before_any_answer():
    """Issue 30, through `machinepsych run --concurrency 16` at a sliding second with a
    whole-second Retry-After: the refusals of the first burst come back before its answers.
    The endpoint's count sets the rate at once (97 % of the 10 it took), where it used to wait
    for three replies: the pause's end then sent an unpaced burst of the window, refused again
    (another second of every request), and the replies of both seconds, counted together, made
    a first rate of 15.3/s, refused a third time."""
    from machinepsych.models.ratelimit import HEADROOM

    async def go():
        ft = FakeTime()
        lim = EndpointLimiter(16, clock=ft.clock, sleep=ft.sleep)
        tickets = [await lim.acquire() for _ in range(16)]
        ft.t += 0.01
        for t in tickets[10:]:  # six refused, back before any answer
            lim.done(t, ok=False, refused=True, rate=RateInfo(retry_after_s=1.0))
        assert lim.learned == "aimd" and lim.requests is not None
        assert lim.requests.rate == pytest.approx(HEADROOM * 10) and lim.refused_rate == 10
        ft.t += 0.02
        for t in tickets[:10]:
            lim.done(t, ok=True)
        sent = []
        for _ in range(12):  # after the pause: paced, not a burst of the window
            t = await lim.acquire()
            sent.append(t.sent_at)
            lim.done(t, ok=True)
        assert sent[0] >= tickets[10].sent_at + 1.0
        assert min(b - a for a, b in zip(sent, sent[1:])) >= 0.5 / (HEADROOM * 10) - 1e-9
        assert sent[10] - sent[0] >= 1.0
    asyncio.run(go())


def test_a_refusal_of_requests_paced_within_the_known_limit_keeps_the_rate():
    """Issue 30's outliers under load (traced with the benchmark endpoint's own timestamps:
    1.18-1.23x at a sliding second): paced within its limit, the 11th request was refused
    because the one ten before it reached the endpoint 35-113 ms late (the client had sent them
    1.03-1.05 s apart; the endpoint saw 0.92-1.00 s). The pause is honoured, but the rate is not
    cut (it was: to 97 % of the 9 counted, 8.73/s for the rest of the run; with --rpm to 85 %),
    up to three times a minute; a fourth such refusal says the limit is lower than known: cut as
    usual."""
    from machinepsych.models.ratelimit import BUNCHED_PER_MINUTE, HEADROOM, MD_RATE

    async def paced(lim, ft, k):
        for _ in range(k):
            t = await lim.acquire()
            ft.t += 0.001
            lim.done(t, ok=True)

    async def go():
        # stated 10/s
        ft = FakeTime()
        lim = EndpointLimiter(8, rpm=600, clock=ft.clock, sleep=ft.sleep)
        await paced(lim, ft, 30)
        for _ in range(BUNCHED_PER_MINUTE):
            late = await lim.acquire()
            assert late.sent_at - lim.sent_times[-11] >= 1.0  # the pacer's window held
            lim.done(late, ok=False, refused=True, rate=RateInfo(retry_after_s=1.0))
            assert lim.requests.rate == pytest.approx(10) and lim.paused_until == pytest.approx(ft.t + 1.0)
            await paced(lim, ft, 20)
        again = await lim.acquire()
        lim.done(again, ok=False, refused=True, rate=RateInfo(retry_after_s=1.0))
        assert lim.requests.rate == pytest.approx(10 * MD_RATE)  # the fourth within a minute: cut

        # learned from the endpoint's own count (ten accepted, the rest of the burst refused)
        ft = FakeTime()
        lim = EndpointLimiter(16, clock=ft.clock, sleep=ft.sleep)
        tickets = [await lim.acquire() for _ in range(16)]
        ft.t += 0.01
        for t in tickets[10:]:
            lim.done(t, ok=False, refused=True, rate=RateInfo(retry_after_s=1.0))
        for t in tickets[:10]:
            lim.done(t, ok=True)
        assert lim.refused_rate == 10 and lim.requests.rate == pytest.approx(HEADROOM * 10)
        await paced(lim, ft, 40)
        late = await lim.acquire()
        lim.done(late, ok=False, refused=True, rate=RateInfo(retry_after_s=1.0))
        assert lim.requests.rate == pytest.approx(HEADROOM * 10)  # not 97 % of the 9 sent in its second
    asyncio.run(go())

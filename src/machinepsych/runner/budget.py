"""A run's cost budget (``run --max-cost USD``, raised by ``resume RUN --max-cost USD``).

Before each model call the participant asks :meth:`CostBudget.reserve` for the call's worst
case (:meth:`CostBudget.worst_case`: twice its prompt's usual token count, characters / 4,
at the input price, plus its reply cap at the output price); the reservation is replaced by
the call's recorded cost when it returns. The reply cap (:func:`reply_cap`) is ``--max-tokens``,
else the adapter's own (Anthropic's 1,024), else :data:`REPLY_CAP`, and every call of a run
with a budget sends it (:func:`attach_budget`), so the provider cannot return a longer reply
than was reserved; a reply cut there has the finish reason "length" and is read as cut off. Calls in flight are counted at their worst case, so their replies cannot take
the run past the budget. A call whose worst case, with those of the calls in flight, would
pass the budget waits for them to return (their reservations become their real, usually far
smaller, costs: a run at ``--concurrency 16`` is not stopped at a fraction of its budget
because sixteen worst cases do not fit beside each other). A call that would take the run's
recorded cost (every stored trial and this process's returned calls) past the budget on its
own is not sent: the session stops where it is (its trials are kept, it stays open), the run stops once the calls
in flight are answered, and the command says so in one line, with the ``resume`` that
continues. With ``--workers N`` each process holds an equal share of what is left.

The budget is part of the run's spec (``max_cost_usd``); raising it is recorded in the run's
history (:func:`raise_budget`)."""
from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime, timezone

from ..core.errors import ConfigError, MachinePsychError
from ..core.types import Usage


# the reply cap of a call under --max-cost without --max-tokens (tokens): sent with every call,
# so that the reply cannot cost more than its reservation
REPLY_CAP = 4096


def reply_cap(model, max_tokens: int | None) -> int:
    """The reply tokens a call of ``model`` reserves and sends under ``--max-cost``:
    ``--max-tokens``, else the cap the adapter sends anyway (``default_max_tokens``: the
    Anthropic Messages API requires one), else :data:`REPLY_CAP`."""
    if max_tokens:
        return max_tokens
    return getattr(getattr(model, "inner", model), "default_max_tokens", None) or REPLY_CAP


def cap_note(run_spec: dict) -> str | None:
    """The line a run with --max-cost prints once as it starts (or resumes) where a model
    participant has no --max-tokens: the cap every reply of it gets."""
    from ..participants.factory import build_participant
    from .plan import RunSpec

    if run_spec.get("max_cost_usd") is None:
        return None
    spec = RunSpec.stored(run_spec)
    built = [build_participant(p) for p in spec.participants if p.max_tokens is None and not (p.is_agent or p.is_human)]
    caps = {p.name: reply_cap(p.model, None) for p in built if hasattr(p, "budget")}
    if not caps:
        return None
    told = (f"{next(iter(caps.values())):,} tokens" if len(set(caps.values())) == 1
            else "; ".join(f"{name}: {n:,} tokens" for name, n in caps.items()))
    return (f"--max-cost without --max-tokens: each reply capped at {told} (sent with every call, so that no reply "
            "costs more than the budget holds for it; a reply cut there is recorded and reported as cut by the "
            "budget's cap; --max-tokens sets another cap)")


class BudgetExceeded(MachinePsychError):
    """The run's cost budget would be passed: no new call is sent; the run is resumable."""


class CostBudget:
    def __init__(self, max_usd: float, spent_usd: float = 0.0):
        self.max_usd, self.spent_usd = float(max_usd), float(spent_usd)
        self.reserved_usd = 0.0
        self.in_flight = 0  # calls reserved and not yet settled
        self.stopped: BudgetExceeded | None = None
        self._settled: asyncio.Event | None = None  # set when a call in flight returns

    @staticmethod
    def worst_case(model, prompt_tokens: float, max_tokens: int) -> float:
        """The most a call can cost: ``prompt_tokens`` (the caller's upper count of its prompt),
        and a reply of ``max_tokens`` (the cap the call sends). A call in flight holds this
        much of the budget until it returns."""
        return model.cost(Usage(int(prompt_tokens) + 1, int(max_tokens))) or 0.0

    def reserve(self, estimate_usd: float) -> float:
        if self.stopped is not None or self.spent_usd + self.reserved_usd + estimate_usd > self.max_usd:
            if self.stopped is None:
                self.stopped = BudgetExceeded(
                    f"the run's cost budget of ${self.max_usd:.4f} (--max-cost) would be passed: recorded "
                    f"${self.spent_usd:.5f} by then, the next call about ${estimate_usd:.5f}")
            raise self.stopped
        self.reserved_usd += estimate_usd
        self.in_flight += 1
        return estimate_usd

    async def hold(self, worst_case) -> float:
        """Reserve ``worst_case()`` (the call's worst case), waiting while only the calls in flight stand in
        its way; raises :class:`BudgetExceeded` where the recorded cost alone leaves it no room."""
        while True:
            estimate = worst_case()
            if (self.stopped is not None or not self.in_flight
                    or self.spent_usd + self.reserved_usd + estimate <= self.max_usd
                    or self.spent_usd + estimate > self.max_usd):
                return self.reserve(estimate)
            if self._settled is None:
                self._settled = asyncio.Event()
            await self._settled.wait()

    def settle(self, reserved_usd: float, cost_usd: float | None) -> None:
        self.in_flight -= 1
        # with no call in flight nothing is reserved (no rounding residue of the subtractions
        # left to make a waiting call wait for a call that will never return)
        self.reserved_usd = self.reserved_usd - reserved_usd if self.in_flight else 0.0
        if self._settled is not None:  # the calls waiting for room look again
            self._settled.set()
            self._settled = None
        self.spent_usd += cost_usd or 0.0


def check_max_cost(value: float | None) -> None:
    if value is not None and not 0 < value <= 1_000_000:
        raise ConfigError(f"--max-cost must be more than 0 and at most 1000000 USD (got {value})")


def check_priced(participants, max_cost: float | None) -> None:
    """A budget needs prices: refuse --max-cost when a model participant has none."""
    if max_cost is None:
        return
    for p in participants:
        model = getattr(p, "model", None)
        if model is not None and model.cost(Usage(1000, 1000)) is None:
            raise ConfigError(f"--max-cost: no price is known for {p.name}, so its cost cannot be counted; add it "
                              "with --prices FILE (USD per 1M tokens: input, output) or leave --max-cost out")


def raise_budget(store, run, max_cost: float) -> dict:
    """Set the run's budget to ``max_cost`` (recorded in its history); returns the entry."""
    from sqlalchemy import update

    from ..storage.history import history
    from ..storage.schema import RunRow

    check_max_cost(max_cost)
    spec = dict(run.spec or {})
    entry = {"event": "budget", "at": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
             "from": spec.get("max_cost_usd"), "to": float(max_cost)}
    spec["max_cost_usd"] = float(max_cost)
    spec["history"] = [*history(spec), entry]
    with store.session() as s:
        s.execute(update(RunRow).where(RunRow.id == run.id).values(spec=spec))
        s.commit()
    return entry


def attach_budget(store, run, spec, participants, share: int = 1) -> CostBudget | None:
    """The run's budget (None without --max-cost), given to its model participants, each of
    which from then on sends its reply cap (:func:`reply_cap`) with every call; with ``share``
    processes driving the run, this one holds 1/share of what is left."""
    if spec.max_cost_usd is None:
        return None
    spent = float(store.run_totals(run.id)["cost_usd"])
    left = max(0.0, spec.max_cost_usd - spent) / max(1, share)
    budget = CostBudget(spent + left, spent)
    for p in participants:
        if hasattr(p, "budget"):
            p.budget = budget
            p.options = replace(p.options, max_tokens=reply_cap(p.model, p.options.max_tokens))
    return budget


def share_rates(participant, share: int) -> None:
    """One of ``share`` processes keeps 1/share of the endpoint's stated --rpm/--tpm."""
    retry = getattr(participant, "retry", None)
    if share > 1 and retry is not None and (retry.rpm or retry.tpm):
        participant.retry = replace(retry, rpm=retry.rpm and retry.rpm / share, tpm=retry.tpm and retry.tpm / share)

"""What a run would cost, before anything is created (``machinepsych run ... --dry-run``).

For each test configuration x participant x strategy x persona the first session's first three
trials are rendered by the very strategy the run will use, with a stand-in model whose
replies have the assumed length and read as valid (``TaskSpec.valid_reply``; nothing is sent):
the calls of the first trial and of a later one (a test whose feedback is its own message
sends it from the second trial on), their prompts and how much the prompt grows from one trial
to the next (the history a conversation re-sends). A session of n trials then makes
``c1 + (n - 1) c2`` calls and sends ``P1 + (n - 1) P2 + g (n - 1)(n - 2) / 2`` prompt tokens
(``c1``, ``P1`` the first trial's calls and prompt, ``c2``, ``P2`` the second's, ``g`` the growth
from the second to the third) and receives one reply of R tokens per call.

Assumptions (printed with the estimate):

* tokens = characters / 4; an image = 800 tokens;
* a reply is ``REPLY_TOKENS[strategy]`` tokens: ``direct`` 10 (an answer), ``cot`` 400 (reasoning
  then the answer), any other strategy 200; ``--max-tokens`` caps them;
* no re-asks, no retries, no prompt caching (caching and ``--batch`` only lower the cost);
  a debate (``mad``) runs all its rounds (the judge may settle it sooner);
* prices from the price table (``--prices``); a model without a price is said to have none.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from ..core.play import Episode
from ..core.types import ImagePart, ModelCall, Usage

REPLY_TOKENS = {"direct": 10, "cot": 400}
OTHER_REPLY_TOKENS = 200
IMAGE_TOKENS = 800
ASSUMPTIONS = ("tokens = characters / 4, an image = 800 tokens; replies: direct 10 tokens, cot 400, other "
               "strategies 200 (capped by --max-tokens); no re-asks, retries or prompt caching; a debate (mad) runs all its "
               "rounds; --batch at half price")


@dataclass
class Estimate:
    participant: str
    sessions: int = 0
    calls: int = 0
    prompt_tokens: float = 0.0
    completion_tokens: float = 0.0
    cost_usd: float | None = 0.0
    unpriced: set = field(default_factory=set)


def reply_tokens(strategy: str, max_tokens: int | None) -> int:
    n = REPLY_TOKENS.get(strategy, OTHER_REPLY_TOKENS)
    return min(n, max_tokens) if max_tokens else n


def _tokens(messages) -> float:
    chars, images = 0, 0
    for m in messages:
        for p in m.parts:
            if isinstance(p, ImagePart):
                images += 1
            else:
                chars += len(p.text)
    return chars / 4 + IMAGE_TOKENS * images


@dataclass
class Shape:
    """What a session of a test configuration sends: the calls and prompt tokens of its first
    trial (``c1``, ``p1``) and of its second (``c2``, ``p2``), and the growth ``g`` of the
    prompt per later trial."""

    c1: int = 0
    p1: float = 0.0
    c2: int = 0
    p2: float = 0.0
    g: float = 0.0

    def calls(self, n: int) -> int:
        return self.c1 + max(0, n - 1) * self.c2 if n else 0

    def prompt(self, n: int) -> float:
        if not n:
            return 0.0
        return self.p1 + (n - 1) * self.p2 + self.g * (n - 1) * max(0, n - 2) / 2


async def _render(row: dict, reply_len: int) -> Shape:
    from ..participants.base import Exchange, TurnContext
    from ..prompting.strategies import get_strategy
    from ..tasks.catalog import get_task

    spec = get_task(row["task_id"], row["task_version"])
    params = spec.params_from(row["params"])
    ep = Episode(spec.make(params), row["seed"])
    history: list = []
    scratch: dict = {}
    per_trial: list[tuple[int, float]] = []
    # about reply_len tokens of text, ending in a reply the test's strategies read as valid
    padding = max(1, reply_len * 4 // 5 - len(spec.valid_reply) // 5)
    reply = (" ".join(["word"] * padding) + ("\n" + spec.valid_reply if spec.valid_reply else "")).strip()
    for _ in range(3):
        if ep.done or ep.observation is None:
            break
        sent: list[float] = []

        async def chat(messages, purpose):
            sent.append(_tokens(messages))
            # a debate's judge settles nothing (the estimate counts a debate at its most rounds, whatever
            # the test reads in the padded reply; an empty reply is no answer in any format)
            return ModelCall(purpose=purpose, messages=tuple(messages), reply="" if purpose == "judge" else reply,
                             usage=Usage(), latency_s=0.0, model="dry-run")

        ctx = TurnContext(spec=spec, params=params, instructions=row["instructions"], observation=ep.observation,
                          action_space=ep.action_space, history=history, session_seed=row["seed"],
                          strategy=row["strategy"], persona=row["persona"], scratch=scratch)
        turn = await get_strategy(row["strategy"], spec).respond(ctx, chat, reask=0)
        step = ep.step(turn.action if turn.status == "parsed" else None)
        history.append(Exchange(step.observation, turn, step.result))
        per_trial.append((len(sent), sum(sent)))
    if not per_trial:
        return Shape()
    (c1, p1), (c2, p2) = per_trial[0], per_trial[min(1, len(per_trial) - 1)]
    g = max(0.0, per_trial[2][1] - p2) if len(per_trial) > 2 and per_trial[2][0] == c2 else 0.0
    return Shape(c1, p1, c2, p2, g)


def estimate_run(prepared, participant_specs) -> list[Estimate]:
    """One :class:`Estimate` per model participant of a prepared run (agents and people cost nothing)."""
    from ..models.pricing import PriceTable

    specs = {p.ref: p for p in participant_specs}
    out: dict[str, Estimate] = {}
    groups: dict[tuple, list[dict]] = {}
    for row in prepared.rows:
        p = specs[row["participant_name"]]
        if p.is_agent or p.is_human:
            continue
        key = (row["participant_name"], row["task_id"], row["task_version"], json.dumps(row["params"], sort_keys=True),
               row["strategy"], row["persona"], row["instructions"])
        groups.setdefault(key, []).append(row)
    for key, rows in groups.items():
        p = specs[key[0]]
        est = out.setdefault(p.ref, Estimate(p.ref))
        r_len = reply_tokens(key[4], p.max_tokens)
        shape = asyncio.run(_render(rows[0], r_len))
        n_calls, prompt, completion = 0, 0.0, 0.0
        for row in rows:
            n = row["n_trials"]
            n_calls += shape.calls(n)
            prompt += shape.prompt(n)
            completion += shape.calls(n) * r_len
        est.sessions += len(rows)
        est.calls += n_calls
        est.prompt_tokens += prompt
        est.completion_tokens += completion
        model = p.ref.split(":", 1)[1]
        price = PriceTable.load(p.price_file).lookup(model)
        if price is None:
            est.unpriced.add(model)
            est.cost_usd = None
        elif est.cost_usd is not None:
            cost = price.cost(Usage(int(prompt), int(completion)))
            est.cost_usd += cost * (0.5 if p.batch else 1.0)
    for ref, p in specs.items():
        if not (p.is_agent or p.is_human) and ref not in out:
            out[ref] = Estimate(ref)
    return list(out.values())

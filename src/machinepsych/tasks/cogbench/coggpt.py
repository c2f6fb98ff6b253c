"""CogGPT (Lv et al., 2024), the memory agent, as a strategy of this test.

Per iteration, in the released code's order:

1. perceive: short-term memory = the iteration's flow (the study material);
2. distil ("distil"): profile + flow -> JSON list of {thoughts, knowledge, score 1-5};
3. forget ("forget", no model): drop items already known (same text), keep the round(0.6 K)
   highest-scored;
4. store: kept items into the long-term memory (MiniLM vectors, numpy top-k);
5. update the profile ("profile_update"): an assessment, the attributes to change, and the
   updated profile, which must contain the section headers and the template's first and last
   keys ("Name:", "Future Outlook:"); re-asked up to ``max_attempts`` times, else kept as it was;
6. interpret ("interpret:<id>") each statement from the profile and the top-``recall_k``
   recalled items: "Thoughts: ... Rating: k", exactly one rating, re-asked up to
   ``max_attempts`` times, else invalid.

The profile and the memory are rebuilt from the session's stored calls on every iteration, so
a resumed session continues with the same state. ``recall_bug`` reproduces the released recall
order; the released grade check that never fired is not copied (we require one rating).
"""
from __future__ import annotations

import json
import re
from typing import Any

from machinepsych.core.types import Message, ModelCall, Usage

from .answer import ONE_STATEMENT_FORMAT
from .data import profile_text
from .memory import LongTermMemory, forget
from .methods import flow_text, rate, statements, system_text, turn_of

DISTIL = """You are the person described by this profile:
{profile}

You have just read the following material:
{flow}

Extract all the knowledge in it that you, as this person, take in. Reply with a JSON list only, one object per \
item: {{"thoughts": "<your thoughts on it, first person>", "knowledge": "<a complete subject-predicate-object \
statement, no pronouns referring outside it>", "score": <1-5, how interesting it is to you>}}. No duplicates."""

UPDATE = """You are the person described by this profile:
{profile}

You have just read the following material:
{flow}

Decide for yourself whether and how it changes you. Reply in three sections:
Assessment: <in the first person: the material's quality, how it fits your profile, how it moves you>
Changes: <the attributes whose values you change, first person; add, alter or remove attributes, but avoid \
sudden changes>
Updated profile:
<the whole profile, one "Key: value" line per attribute, same structure, from "Name:" to "Future Outlook:"; \
values general, under 30 characters, distinct and non-overlapping>"""

INTERPRET = """You are the person described by this profile:
{profile}

What you remember (your long-term memory):
{memory}

Answer only from your profile and your memory, not from outside knowledge; stay this person and never say you \
are an AI or a language model. Give your view of the statement in the first person, clearly, without quoting it.
Statement: {statement}
{fmt}"""

SECTIONS = ("assessment", "changes", "updated profile")


def parse_items(reply: str) -> list[dict] | None:
    """The JSON list of knowledge items in ``reply`` (the first [...] block), or None."""
    m = re.search(r"\[.*\]", reply or "", re.S)
    if not m:
        return None
    try:
        data = json.loads(m.group(0))
    except json.JSONDecodeError:
        return None
    items = []
    for d in data if isinstance(data, list) else []:
        if isinstance(d, dict) and isinstance(d.get("knowledge"), str) and d["knowledge"].strip():
            try:
                score = int(d.get("score", 0))
            except (TypeError, ValueError):
                score = 0
            items.append({"thoughts": str(d.get("thoughts", "")), "knowledge": d["knowledge"].strip(),
                          "score": max(1, min(5, score))})
    return items if isinstance(data, list) else None


def parse_profile(reply: str) -> str | None:
    """The updated profile ("Name:" .. the "Future Outlook:" line) if the reply passes the
    structure checks (the three section headers, both keys in order), else None."""
    text = reply or ""
    low = text.lower()
    if not all(h in low for h in SECTIONS):
        return None
    start = text.find("Name:", low.rfind("updated profile"))
    if start < 0:
        return None
    end = text.find("Future Outlook:", start)
    if end < 0:
        return None
    line_end = text.find("\n", end)
    return text[start: len(text) if line_end < 0 else line_end].strip()


def profile_dict(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        k, sep, v = line.partition(":")
        if sep and k.strip():
            out[k.strip()] = v.strip()
    return out


def current_profile(ctx) -> str:
    """The profile after the last accepted update of the session so far (else the initial one)."""
    profile = profile_text(ctx.observation.stimulus["profile"])
    for ex in ctx.history:
        for c in ex.turn.calls:
            if c.purpose.startswith("profile_update") and parse_profile(c.reply):
                profile = parse_profile(c.reply)
    return profile


def kept_items(ctx) -> list[dict]:
    """Every item kept after forgetting, in the session's earlier iterations."""
    return [it for ex in ctx.history for c in ex.turn.calls if c.purpose == "forget" for it in json.loads(c.reply)]


class CogGPT:
    name = "coggpt"

    def __init__(self, embedder: Any = None):
        self.embedder = embedder

    async def _checked(self, chat, prompt: str, purpose: str, check, calls: list[ModelCall], attempts: int):
        msgs = [Message.text("user", prompt)]
        for k in range(attempts):
            call = await chat(msgs, purpose if k == 0 else f"{purpose}:retry")
            calls.append(call)
            value = check(call.reply)
            if value is not None:
                return value
        return None

    async def respond(self, ctx, chat, reask: int = 0):
        p = ctx.params
        obs = ctx.observation
        calls: list[ModelCall] = []
        memory = ctx.scratch.get("coggpt_memory")
        if memory is None or ctx.scratch.get("coggpt_upto") != len(ctx.history):
            memory = LongTermMemory(self.embedder)
            memory.add(kept_items(ctx))
        memory = memory.copy()  # the cached one stays as it was if this turn fails
        profile = current_profile(ctx)
        flow = flow_text(obs)
        if flow:
            items = await self._checked(chat, DISTIL.format(profile=profile, flow=flow), "distil", parse_items, calls,
                                        p.max_attempts) or []
            known = {t.strip().lower() for t in memory.texts}
            items = [it for k, it in enumerate(items) if it["knowledge"].lower() not in known
                     and it["knowledge"].lower() not in {x["knowledge"].lower() for x in items[:k]}]  # no duplicates
            kept = forget(items, p.forget_rate)
            calls.append(ModelCall("forget", (), json.dumps(kept, ensure_ascii=False), Usage(), 0.0, "none"))
            memory.add(kept)
            new = await self._checked(chat, UPDATE.format(profile=profile, flow=flow), "profile_update",
                                      parse_profile, calls, p.max_attempts)
            profile = new or profile
        ctx.scratch["coggpt_memory"], ctx.scratch["coggpt_upto"] = memory, len(ctx.history) + 1
        action = {}
        system = Message.text("system", system_text(ctx))
        for s in statements(obs):
            recalled = memory.recall(s["text"], p.recall_k, p.recall_bug)
            prompt = INTERPRET.format(profile=profile, memory="\n".join(recalled) or "(nothing yet)",
                                      statement=s["text"], fmt=ONE_STATEMENT_FORMAT)
            rating, reason = await rate(chat, [system, Message.text("user", prompt)], f"interpret:{s['id']}", calls,
                                        p.max_attempts)
            action[s["id"]] = {"rating": rating, "reason": reason}
        return turn_of(action, calls, profile)


def coggpt() -> CogGPT:
    return CogGPT()

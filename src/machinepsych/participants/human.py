"""People as participants: sessions of the participant ``human`` are taken in the browser.

A human run is created like any other (``machinepsych run wcst --model human``): the same
seeded sessions, the same conditions. The runner does not drive these sessions; the web
app (``machinepsych serve``, :mod:`machinepsych.web`) gives each session to one person
(through a study link, ``machinepsych study create``), shows each trial, and stores the answer
as the same trial record as a model's (response time from the question's onset in
``latency_s``). See docs/people.md.
"""
from __future__ import annotations

from typing import Any

from machinepsych.core.errors import ConfigError
from machinepsych.core.types import Turn
from .base import TurnContext

HUMAN = "human"


def is_human_ref(ref: str) -> bool:
    return ref == HUMAN or ref.startswith(HUMAN + ":")


class HumanParticipant:
    """Stands for a person in a run spec. It never answers from Python."""

    def __init__(self, ref: str = HUMAN):
        self.name = ref

    def describe(self) -> dict[str, Any]:
        return {"kind": "human"}

    def concurrency_key(self) -> str:
        return "human"

    async def respond(self, ctx: TurnContext) -> Turn:
        raise ConfigError("this session is taken in the browser: machinepsych serve "
                          "(people answer there; the runner does not drive human sessions)")

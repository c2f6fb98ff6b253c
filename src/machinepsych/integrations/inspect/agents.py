"""Our built-in agents as inspect model providers: ``--model machinepsych/agent-wsls``.

An agent answers from what a participant of the test sees (``core.spec.AgentView``), not
from the prompt text, so it serves only machinepsych's own sessions: the inspect tasks of
:mod:`.task` and a machinepsych run of ``inspect:machinepsych/agent-NAME``. Both set
:data:`machinepsych.participants.base.current_call` around each model call; the provider reads
the turn from it, answers the trial's question with the agent's canonical reply (the text
our parser reads back as the agent's action, as a run of ``agent:NAME`` stores it) and
acknowledges anything else (feedback, study material) with "OK". Usage is reported as zero
tokens, so inspect never counts them (its counter needs a tokenizer download).
"""
from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessage, GenerateConfig, ModelAPI, ModelOutput, ModelUsage, modelapi
from inspect_ai.tool import ToolChoice, ToolInfo

from ...core.errors import ConfigError
from ...participants.agents import AgentParticipant
from ...participants.base import current_call

ANSWERING = ("answer", "reask")
ACK = "OK"


def agent_name(model_name: str) -> str:
    """``agent-wsls`` (or ``agent:wsls``, ``wsls``) -> ``wsls``."""
    for prefix in ("agent-", "agent:"):
        if model_name.startswith(prefix):
            return model_name[len(prefix):]
    return model_name


@modelapi(name="machinepsych")
class MachinePsychAgentAPI(ModelAPI):
    """``machinepsych/agent-NAME``: the built-in agent NAME (random, wsls, perseverative, ideal
    or one a test declares) answering machinepsych's sessions."""

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig = GenerateConfig(), **model_args: Any) -> None:
        super().__init__(model_name=model_name, base_url=base_url, api_key=api_key, api_key_vars=[], config=config)
        self.agent = agent_name(model_name)
        if not self.agent:
            raise ConfigError("machinepsych/agent-NAME: name a built-in agent, e.g. machinepsych/agent-wsls")
        self.participant = AgentParticipant(self.agent)

    def max_connections(self) -> int:
        return 64  # no endpoint: answers are computed here

    async def generate(self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice,
                       config: GenerateConfig) -> ModelOutput:
        call = current_call.get()
        if call is None:
            raise ConfigError(f"machinepsych/agent-{self.agent} answers only machinepsych's own sessions "
                              "(inspect eval machinepsych/TEST, or machinepsych run --model "
                              f"inspect:machinepsych/agent-{self.agent}); it cannot read a free prompt.")
        ctx, purpose = call
        if purpose in ANSWERING:
            self.participant.check(ctx.spec)  # an agent the test does not have: its list of agents
            text = (await self.participant.respond(ctx)).reply
        else:
            text = ACK
        out = ModelOutput.from_content(model=f"agent-{self.agent}", content=text, stop_reason="stop")
        out.usage = ModelUsage(input_tokens=0, output_tokens=0, total_tokens=0)
        return out

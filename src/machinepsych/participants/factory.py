"""Build participants from their specs (``agent:ideal``, ``openai:gpt-4o`` ...)."""
from __future__ import annotations

from machinepsych.core.errors import UnknownNameError
from ..models import OPENAI_COMPATIBLE
from ..models.base import GenerateOptions
from .spec import ParticipantSpec
from ..models.retry import RetryPolicy
from .agents import AgentParticipant
from .base import Participant
from .llm import LLMParticipant


def build_participant(p: ParticipantSpec, max_attempts: int = 6) -> Participant:
    if p.is_agent:
        return AgentParticipant(p.ref.split(":", 1)[1])
    if p.is_human:
        from .human import HumanParticipant

        return HumanParticipant(p.ref)
    if ":" not in p.ref:
        raise UnknownNameError("participant", p.ref, ["agent:random", "agent:wsls", "agent:perseverative",
                                                      "agent:ideal", "human", "openai:MODEL", "anthropic:MODEL", "google:MODEL",
                                                      "inspect:PROVIDER/MODEL"])
    if p.ref.startswith("inspect:"):  # any model provider of inspect_ai (pip install 'machinepsych[inspect]')
        from ..models.inspect_model import InspectModel
        from ..models.pricing import PriceTable

        model = InspectModel(p.ref.split(":", 1)[1], base_url=p.base_url, prices=PriceTable.load(p.price_file))
    else:
        model = _make_model(p)
    concurrency, timeout_s = p.concurrency, p.timeout_s
    if p.batch:
        from ..models.batch import BATCH_TIMEOUT_S, BATCH_WIDTH, BatchModel

        # every session's call waits in the batch at once, for as long as the batch takes
        model, concurrency, timeout_s = BatchModel(model), BATCH_WIDTH, BATCH_TIMEOUT_S
    retry = RetryPolicy(max_attempts=max_attempts, rpm=p.rpm, tpm=p.tpm, rate_limit_wait_s=p.rate_limit_wait_s)
    return LLMParticipant(
        model, GenerateOptions(p.temperature, p.max_tokens, p.seed, timeout_s), reask=p.reask,
        concurrency=concurrency, retry=retry, system_as_user=p.system_as_user, text_only=p.text_only,
        choice_probs=p.choice_probs and not (p.is_agent or p.is_human),
    )


def _make_model(p: ParticipantSpec):
    from ..models import make_model

    kwargs = {"transport": p.transport} if p.ref.split(":", 1)[0] in OPENAI_COMPATIBLE else {}
    return make_model(p.ref, base_url=p.base_url, price_file=p.price_file, **kwargs)

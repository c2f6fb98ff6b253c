"""What a participant is, as typed configuration: ``agent:NAME``, ``human`` or
``provider:MODEL`` plus model options. Stored in the run spec so a run can be rebuilt.

A ``base_url`` is checked here, before anything is created: it must be an http(s) URL and
must not carry credentials (``user:password@`` or a ``?key=`` style query), because the
spec is printed and stored with the run; the key belongs in the provider's variable."""
from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import BaseModel, Field, field_validator, model_validator

from machinepsych.core.errors import ConfigError
from ..models.urls import credentials_advice, redact_urls


class ParticipantSpec(BaseModel):
    """``agent:NAME`` or ``provider:MODEL`` plus model options."""

    ref: str
    base_url: str | None = None
    temperature: float | None = Field(None, ge=0, le=2)
    max_tokens: int | None = Field(None, ge=1, le=1_000_000)
    seed: int | None = None
    timeout_s: float = Field(120.0, gt=0, le=3600)  # bounds each model call as a whole (--timeout)
    reask: int = Field(0, ge=0, le=10)
    concurrency: int = Field(8, ge=1, le=1024)
    system_as_user: bool = False
    price_file: str | None = None
    text_only: bool = False  # the model has no vision: images are replaced by a text placeholder
    # OpenAI-compatible only: aiohttp | httpx (official SDK) | direct | auto (direct for a
    # server on this machine, aiohttp otherwise; stored as what it resolved to)
    transport: str = "auto"
    # the endpoint's rate limits as the user's tier states them (--rpm/--tpm): paced from the
    # first call (models/ratelimit.py); without them the limits are learned from the endpoint
    rpm: float | None = Field(None, gt=0, le=10_000_000)
    tpm: float | None = Field(None, gt=0, le=10_000_000_000)
    rate_limit_wait_s: float = Field(600.0, gt=0, le=86_400)  # a call's budget for 429 waits (--rate-limit-wait)
    batch: bool = False  # through the provider's batch API at half price (--batch; models/batch.py)
    # --choice-probs: every answer's legal options with their probabilities (log-probabilities
    # of the top tokens at the answer; OpenAI-compatible endpoints)
    choice_probs: bool = False

    # Raised as ConfigError (not ValueError) on purpose: pydantic passes it through unchanged,
    # so the refusal is one line and the offending URL is never echoed in a validation report.
    @model_validator(mode="after")
    def _check_base_url(self) -> "ParticipantSpec":
        url = self.base_url
        if url is None:
            return self
        advice = credentials_advice(url, self.ref.partition(":")[0])
        if advice:
            raise ConfigError(advice)
        try:
            parts = urlsplit(url)
            parts.port  # noqa: B018 - raises ValueError for a malformed port
        except ValueError:
            parts = None
        if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(f"--base-url {redact_urls(url)!r} is not an http(s) URL; give the endpoint's "
                              "address, e.g. http://127.0.0.1:8000/v1.")
        return self

    @model_validator(mode="after")
    def _resolve_transport(self) -> "ParticipantSpec":
        from ..models import LOCAL_ALIASES, OPENAI_COMPATIBLE
        from ..models.openai_compat import TRANSPORTS, transport_for

        if self.transport not in (*TRANSPORTS, "auto"):
            raise ConfigError(f"transport must be one of {', '.join((*TRANSPORTS, 'auto'))} (got {self.transport!r}).")
        provider = self.ref.partition(":")[0]
        if self.transport == "auto" and provider in OPENAI_COMPATIBLE:
            self.transport = transport_for(self.base_url or LOCAL_ALIASES.get(provider))
        return self

    @field_validator("base_url")
    @classmethod
    def _strip(cls, v: str | None) -> str | None:
        return v.strip() if isinstance(v, str) else v

    @property
    def is_agent(self) -> bool:
        return self.ref.startswith("agent:")

    @property
    def is_human(self) -> bool:
        """A person, who takes the sessions in the browser (``machinepsych serve``)."""
        return self.ref == "human" or self.ref.startswith("human:")

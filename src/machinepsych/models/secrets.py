"""Known API keys kept out of everything stored: a reply that echoes the key the request
carried (a misconfigured gateway, a debugging proxy, a model told the header) has every
occurrence replaced before the trial is written, and the call records how many it replaced
(``model_calls.redacted``). Error messages are redacted separately (``openai_compat.redact``)."""
from __future__ import annotations

import os
from urllib.parse import quote, quote_plus

# the environment variables the adapters read their keys from (any other *_API_KEY counts too)
KEY_ENVS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY", "GEMINI_API_KEY")
MASK = "[redacted API key]"
MIN_LEN = 8  # shorter values ("none", "x") are placeholders, not secrets, and too common to replace

_cache: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


def known_keys() -> tuple[str, ...]:
    """Every form in which a known key may appear: the values of the key variables, and
    their URL-encoded forms (``%2B``, ``+`` for a space ...), longest first."""
    global _cache
    values = tuple(sorted({v.strip() for k, v in os.environ.items()
                           if (k in KEY_ENVS or k.endswith("_API_KEY")) and len(v.strip()) >= MIN_LEN}))
    if values != _cache[0]:
        forms = {f for v in values for f in (v, quote(v, safe=""), quote(v), quote_plus(v))}
        _cache = (values, tuple(sorted(forms, key=len, reverse=True)))
    return _cache[1]


def redact_keys(text: str, extra: tuple[str, ...] = ()) -> tuple[str, int]:
    """``text`` without any known key (nor ``extra`` secrets), and how many were replaced."""
    if not text:
        return text, 0
    n = 0
    for secret in (*known_keys(), *(e for e in extra if e and len(e) >= MIN_LEN)):
        if secret in text:
            n += text.count(secret)
            text = text.replace(secret, MASK)
    return text, n

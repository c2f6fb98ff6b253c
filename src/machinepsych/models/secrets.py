"""Known API keys kept out of everything stored: a reply that echoes the key the request
carried (a misconfigured gateway, a debugging proxy, a model told the header) has every
occurrence replaced before the trial is written, and the call records how many it replaced
(``model_calls.redacted``). Error messages are redacted separately (``openai_compat.redact``).

A key is found in any percent-encoding: each of its characters raw or as ``%XX`` of its UTF-8
bytes, hex digits in either case, any mix (``-`` as ``-``, ``%2D`` or ``%2d``; a space also as
``+``), or percent-encoded twice (``%252D``: an address carrying the key, put into another), or
as a JSON string escape (``\\u002d``, ``\\/``) or an HTML character reference (``&#45;``,
``&#x2D;``): a reply that quotes the key inside JSON or a web page. The keys are collected from the environment once per run (:func:`collect_keys`, called
when a run starts; the first redaction collects them if nothing has), and compiled into one
pattern, so a reply costs one regular-expression pass."""
from __future__ import annotations

import os
import re
from functools import lru_cache

# the environment variables the adapters read their keys from (any other *_API_KEY counts too)
KEY_ENVS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY", "GEMINI_API_KEY")
MASK = "[redacted API key]"
MIN_LEN = 8  # shorter values ("none", "x") are placeholders, not secrets, and too common to replace

_known: tuple[str, ...] | None = None


def collect_keys() -> tuple[str, ...]:
    """Read the key variables' values from the environment (once per run) and keep them."""
    global _known
    _known = tuple(sorted({v.strip() for k, v in os.environ.items()
                           if (k in KEY_ENVS or k.endswith("_API_KEY")) and len(v.strip()) >= MIN_LEN}))
    return _known


def known_keys() -> tuple[str, ...]:
    """The keys last collected (collected now if never)."""
    return collect_keys() if _known is None else _known


def _hex(digits: str) -> str:
    """Hex digits in either case."""
    return "".join(f"[{d}{d.lower()}]" if d.isalpha() else d for d in digits)


def _char(ch: str) -> str:
    """One character of a key: raw, percent-encoded once or twice (either case), a JSON escape or
    an HTML character reference, or ``+`` (once encoded: ``%2B``) for a space."""
    forms = [re.escape(ch), "".join("%" + _hex(f"{b:02X}") for b in ch.encode("utf-8")),
             "".join("%25" + _hex(f"{b:02X}") for b in ch.encode("utf-8"))]
    if ord(ch) < 0x10000:  # a JSON / JavaScript string escape ("\u002d", "\u002D") and an HTML character reference
        forms += [r"\\u" + _hex(f"{ord(ch):04X}"), f"&#0*{ord(ch)};", "&#[xX]0*" + _hex(f"{ord(ch):X}") + ";"]
    if ch == "/":
        forms.append(r"\\/")
    if ch == " ":
        forms += [r"\+", "%2[bB]"]
    return "(?:" + "|".join(forms) + ")"


@lru_cache(maxsize=64)
def _pattern(secrets: tuple[str, ...]) -> re.Pattern | None:
    if not secrets:
        return None
    return re.compile("|".join("".join(_char(c) for c in s) for s in sorted(secrets, key=len, reverse=True)))


def redact_keys(text: str, extra: tuple[str, ...] = (), mask: str = MASK) -> tuple[str, int]:
    """``text`` without any known key (nor ``extra`` secrets), in any encoding, each replaced
    by ``mask``, and how many were replaced."""
    if not text:
        return text, 0
    secrets = known_keys()
    if extra:
        secrets = tuple(sorted({*secrets, *(e for e in extra if e and len(e) >= MIN_LEN)}))
    rx = _pattern(secrets)
    return (text, 0) if rx is None else rx.subn(mask, text)

"""Known API keys kept out of everything stored: a reply that echoes the key the request
carried (a misconfigured gateway, a debugging proxy, a model told the header) has every
occurrence replaced before the trial is written, and the call records how many it replaced
(``model_calls.redacted``). Error messages are redacted separately (``openai_compat.redact``).

A key is found in any percent-encoding: each of its characters raw or as ``%XX`` of its UTF-8
bytes, hex digits in either case, any mix (``-`` as ``-``, ``%2D`` or ``%2d``; a space also as
``+``), percent-encoded any number of times (``%252D``, ``%25252D``: ``%`` followed by any run of
``25``, the fixed point of decoding ``%25`` again and again), in JavaScript's legacy ``escape()``
form (``%u002D``), as a JSON string escape (``\\u002d``, ``\\/``) or an HTML character reference
(``&#45;``, ``&#x2D;``, with or without the ``;`` a browser forgives, or a named one such as
``&lowbar;``); the key written in another letter case (not encoded besides); the key wrapped over lines (a line break between any
two characters); and its base64 (standard or URL-safe, at any alignment, so inside
``Basic base64(user:key)`` too) or hex. Left as they are: a key whose characters are changed
into look-alikes (``&hyphen;`` is U+2010, not ``-``) and a key encrypted, hashed or cut in parts
elsewhere than at a line break: no encoding to undo; and a key both re-cased and encoded.

The keys are collected from the environment once per run (:func:`collect_keys`, called when a
run starts; the first redaction collects them if nothing has) and prepared once
(:class:`_Finder`): a reply costs one case-sensitive regular-expression pass, a few substring
tests and one upper-casing (22 us for a 1.1 KB reply and one key; 16 us before the forms beyond
twice-percent-encoded, JSON and HTML were added)."""
from __future__ import annotations

import base64
import html.entities
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


# HTML's named character references, by the character they stand for ("_": "&lowbar;", "&UnderBar;")
_NAMED: dict[str, list[str]] = {}
for _name, _value in html.entities.html5.items():
    if len(_value) == 1 and _name.endswith(";"):
        _NAMED.setdefault(_value, []).append(_name)


def _nocase(text: str) -> str:
    """``text`` as a pattern matching it in any letter case (hex digits, ``u``, ``x``, the letters of a key)."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.lower() != c.upper() else re.escape(c) for c in text)


def _char(ch: str) -> str:
    """One character of a key: itself, percent-encoded any number of times (``%``
    then any run of ``25``), ``%uXXXX``, a JSON escape, an HTML character reference (numeric with
    or without ``;``, or named), or ``+`` for a space."""
    code = ord(ch)
    forms = [re.escape(ch), "".join("%(?:25)*" + _nocase(f"{b:02X}") for b in ch.encode("utf-8"))]
    if code < 0x10000:
        forms += ["%(?:25)*" + _nocase(f"u{code:04X}"), r"\\" + _nocase(f"u{code:04X}"), f"&#0*{code};?",
                  "&#" + _nocase("x") + "0*" + _nocase(f"{code:X}") + ";?"]
    forms += [re.escape("&" + name) for name in _NAMED.get(ch, ())]
    if ch == "/":
        forms.append(r"\\/")
    if ch == " ":  # form encoding's "+" for a space, raw or itself percent-encoded (any depth)
        forms += [r"\+", "%(?:25)*2[bB]"]
    return "(?:" + "|".join(forms) + ")"


def _base64_forms(secret: str) -> list[str]:
    """The key's base64, standard and URL-safe, at each of the three alignments it may have
    inside a longer encoded text: only the characters that the key's bytes alone decide."""
    raw, forms = secret.encode("utf-8"), []
    for lead in range(3):
        encoded = base64.b64encode(b"\0" * lead + raw).decode("ascii")
        first, last = -(-8 * lead // 6), (8 * (lead + len(raw))) // 6  # characters wholly from the key
        middle = encoded[first:last]
        forms += [middle, middle.replace("+", "-").replace("/", "_")]
    return forms


class _Finder:
    """Every form of the known keys, prepared once per set of keys: one case-sensitive pattern
    over the keys' characters in each of their encodings (the common case costs one pass), the
    base64 and hex forms as plain substrings, and the upper-cased key for a text that holds it
    in another letter case (only then is the case-insensitive pattern run)."""

    def __init__(self, secrets: tuple[str, ...]):
        ordered = sorted(secrets, key=len, reverse=True)
        self.chars = re.compile("|".join(r"(?:\r?\n)?".join(_char(c) for c in s) for s in ordered))
        hexes = [s.encode("utf-8").hex() for s in ordered]
        self.exact = tuple(dict.fromkeys([f for s in ordered for f in _base64_forms(s)]
                                         + hexes + [h.upper() for h in hexes]))
        self.upper = tuple(s.upper() for s in ordered if s.upper() != s.lower())
        self.anycase = re.compile("|".join(map(re.escape, ordered)), re.IGNORECASE) if self.upper else None

    def redact(self, text: str, mask: str) -> tuple[str, int]:
        text, n = self.chars.subn(mask, text)
        for form in self.exact:
            if form in text:
                n += text.count(form)
                text = text.replace(form, mask)
        if self.anycase is not None:
            folded = text.upper()
            if any(u in folded for u in self.upper):
                text, more = self.anycase.subn(mask, text)
                n += more
        return text, n


@lru_cache(maxsize=64)
def _finder(secrets: tuple[str, ...]) -> _Finder | None:
    return _Finder(secrets) if secrets else None


def redacted(text: str) -> str:
    """``text`` as it may be printed: every known key masked (a stored text, such as a run's
    name stored before that name became a key's value)."""
    return redact_keys(text)[0]


def redact_keys(text: str, extra: tuple[str, ...] = (), mask: str = MASK) -> tuple[str, int]:
    """``text`` without any known key (nor ``extra`` secrets), in any encoding, each replaced
    by ``mask``, and how many were replaced."""
    if not text:
        return text, 0
    secrets = known_keys()
    if extra:
        secrets = tuple(sorted({*secrets, *(e for e in extra if e and len(e) >= MIN_LEN)}))
    finder = _finder(secrets)
    return (text, 0) if finder is None else finder.redact(text, mask)

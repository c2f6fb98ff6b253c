"""Credentials in endpoint URLs: find them (to refuse such a ``--base-url``) and redact them
wherever a URL may be printed or stored (descriptions, error messages, logs).

A key belongs in the provider's environment variable (``OPENAI_API_KEY``,
``ANTHROPIC_API_KEY``, ``GOOGLE_API_KEY``), which the adapters send as a header and never
store; a URL is shown, logged and saved with the run, so it must not carry one.
"""
from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

from .secrets import collect_keys, redact_keys

# query parameters that carry a secret (matched case-insensitively, '-' and '_' alike)
SECRET_PARAMS = ("key", "api_key", "apikey", "x_goog_api_key", "token", "access_token", "auth_token", "auth",
                 "password", "passwd", "pwd", "secret", "client_secret", "sig", "signature")
KEY_VARIABLES = {"anthropic": "ANTHROPIC_API_KEY", "google": "GOOGLE_API_KEY"}  # every other provider: OpenAI's

_USERINFO_RE = re.compile(r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.\-]*://)(?P<userinfo>[^/@\s?#'\"<>]+)@")
_QUERY_RE = re.compile(
    r"(?P<key>[?&;](?:" + "|".join(p.replace("_", "[_-]?") for p in SECRET_PARAMS) + r")=)(?P<value>[^&#\s'\"<>]+)",
    re.IGNORECASE,
)


_SECRET_NAMES = frozenset(p.replace("_", "") for p in SECRET_PARAMS)


def _is_secret_param(name: str) -> bool:
    return name.strip().lower().replace("-", "").replace("_", "") in _SECRET_NAMES


def url_credentials(url: str) -> list[str]:
    """What in ``url`` is a credential, as short descriptions (empty when none):
    ``"user:password@"``, the names of secret query parameters, and a known API key (the value
    of an ``*_API_KEY`` variable, in any encoding: :mod:`.secrets`) anywhere in it, in the
    path (a gateway that takes its key there), under any query name or in the fragment."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    found = []
    if "@" in parts.netloc:
        found.append("user:password@" if parts.password is not None else "user@")
    found += [f"?{k}=" for k, _ in parse_qsl(parts.query, keep_blank_values=True) if _is_secret_param(k)]
    collect_keys()  # the environment as it is now (a spec is checked before its run collects them)
    if redact_keys(url)[1]:
        found.append("an API key from the environment")
    return found


def redact_urls(text: str) -> str:
    """``text`` with the credentials of every URL in it replaced by ``***``
    (``http://***@host/...``, ``?key=***``)."""
    if "@" in text:
        text = _USERINFO_RE.sub(r"\g<scheme>***@", text)
    if "=" in text:
        text = _QUERY_RE.sub(r"\g<key>***", text)
    return text


def redact_url(url: str | None) -> str | None:
    """One URL with its credentials and any known API key (:mod:`.secrets`) replaced by
    ``***`` (None stays None)."""
    return None if url is None else redact_urls(redact_keys(url, mask="***")[0])


def key_variable(provider: str) -> str:
    """The environment variable that holds ``provider``'s API key."""
    return KEY_VARIABLES.get(provider, "OPENAI_API_KEY")


def credentials_advice(url: str, provider: str = "openai") -> str | None:
    """The one-line refusal for a base URL that carries credentials, or None when it is clean."""
    found = url_credentials(url)
    if not found:
        return None
    var = key_variable(provider)
    return (f"--base-url {redact_url(url)} carries credentials ({', '.join(found)}); a URL is printed, logged "
            f"and stored with the run: remove them and set the key in the environment variable {var} instead "
            f"(e.g. export {var}=...), which is sent as a header and never stored.")

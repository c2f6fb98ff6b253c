"""Error hierarchy. Every error says what went wrong and how to fix it."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


class MachinePsychError(Exception):
    """Base class for all errors raised on purpose by machinepsych."""


class ConfigError(MachinePsychError):
    """A user-supplied value (name, parameter, URL, file) is invalid."""


class UnknownNameError(ConfigError):
    """A name (test, preset, model, agent, strategy...) is not known.

    The message lists the valid names and the closest match.
    """

    def __init__(self, kind: str, name: str, valid: Iterable[str], plural: str | None = None):
        valid = sorted(valid)
        close = difflib.get_close_matches(name, valid, n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        super().__init__(
            f"Unknown {kind} {name!r}.{hint} Valid {plural or _plural(kind)}: {', '.join(valid)}."
        )
        self.kind, self.name, self.valid = kind, name, valid


def _plural(kind: str) -> str:
    """The plural of the kind's head noun, the last word before " of " or " for ":
    "parameter of wcst" -> "parameters of wcst", "agent for prlt" -> "agents for prlt",
    "difficulty of wcst" -> "difficulties of wcst"."""
    cut = min((i for i in (kind.find(" of "), kind.find(" for ")) if i >= 0), default=len(kind))
    head, rest = kind[:cut], kind[cut:]
    if head.endswith("y") and head[-2:-1] not in tuple("aeiou"):
        return head[:-1] + "ies" + rest
    if head.endswith(("s", "x", "ch", "sh")):
        return head + "es" + rest
    return head + "s" + rest


class MissingDependencyError(MachinePsychError):
    """An optional dependency is needed for this feature."""

    def __init__(self, package: str, feature: str, extra: str | None = None):
        cmd = f"pip install 'machinepsych[{extra}]'" if extra else f"pip install {package}"
        super().__init__(f"{feature} needs the package {package!r}. Install it with: {cmd}")


class MissingCredentialsError(ConfigError):
    """A hosted provider was selected but its API key is not set."""


class ModelCallError(MachinePsychError):
    """A model call failed. `transient` says whether a retry may succeed."""

    def __init__(self, message: str, *, transient: bool, status: int | None = None, rate=None):
        super().__init__(message)
        self.transient = transient
        self.status = status
        # what the response's headers said about rate limits (models.ratelimit.RateInfo), if any
        self.rate = rate


class StoreError(MachinePsychError):
    """The result store cannot be opened or is inconsistent."""


class StoreUnavailable(StoreError):
    """The store stopped taking writes mid-run (disk full, connection lost past the retry
    time, read-only): the run stops with one line and stays resumable (exit code 3)."""


class ResumeMismatchError(StoreError):
    """Replaying stored actions did not reproduce the stored observations."""


def require_file(path, label: str = "", fix: str = "") -> None:
    """Raise ConfigError (one line) unless ``path`` is a file: a folder is named as a folder, not
    as a missing file. ``label``: the option it came from (``--prices``); ``fix``: what to give."""
    from pathlib import Path

    path = Path(path)
    if path.is_file():
        return
    where = f"{label} {path}" if label else str(path)
    what = "is a folder, not a file" if path.is_dir() else "no such file"
    raise ConfigError(f"{where}: {what}" + (f"; {fix}" if fix else ""))

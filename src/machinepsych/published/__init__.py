"""Published result tables as data: the numbers the source papers report, on this project's
scales, one CSV file per paper (read with :func:`load_rows`; matched to a run's tests and
conditions by :mod:`machinepsych.analysis.published`).

Files (docs/published.md lists their tables and conversions):

* ``reflection_bench.csv``: Reflection-Bench (Li et al., 2024), Tables 2-9;
* ``visfactor.csv``: VisFactor (Huang et al., 2025), Tables 1-4 and the v2 leaderboard;
* ``wcst64.csv``: Hao, Alexandre & Yu (2024), the WCST-64 study, Tables 1-4;
* ``kennedy_nowak.csv``: Kennedy & Nowak (2024), Tables 1-2;
* ``cogbench.csv``: CogBench (Lv et al., 2024, the CogGPT paper), Tables 2-3.

Columns: ``source`` (paper short name and table), ``model`` (as published), ``kind`` (model,
human, chance or reference), the condition in the project's vocabulary (``test``, ``preset``,
``strategy``, ``persona``, ``input``, ``mode``, ``perturb``; empty = the test's default, ``*`` =
any), ``metric`` (the project's metric name for that test), ``value`` (on the project's scale),
``sd``, ``n`` and ``note`` (what was converted, and caveats).
"""
from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass
from functools import lru_cache
from importlib import resources

FILES = ("reflection_bench.csv", "visfactor.csv", "wcst64.csv", "kennedy_nowak.csv", "cogbench.csv")
KINDS = ("model", "human", "chance", "reference")
ANY = "*"


@dataclass(frozen=True)
class PublishedRow:
    """One published number: who (``model``), where (``source``), on which test and condition,
    which metric and its value on the project's scale."""

    source: str
    model: str
    kind: str
    test: str
    preset: str
    strategy: str
    persona: str
    input: str
    mode: str
    perturb: str
    metric: str
    value: float
    sd: float | None
    n: int | None
    note: str
    file: str = ""

    @property
    def condition(self) -> str:
        """The condition in the project's label form, without a participant:
        strategy | persona | input=... | mode=... | perturb=... (only what the row fixes)."""
        parts = [self.strategy] if self.strategy and self.strategy != ANY else []
        if self.persona and self.persona not in ("none", ANY):
            parts.append(self.persona)
        for key in ("input", "mode", "perturb"):
            value = getattr(self, key)
            if value and value != ANY:
                parts.append(f"{key}={value}")
        return " | ".join(parts)

    @property
    def label(self) -> str:
        """How a report names the row: ``published: MODEL (condition)``."""
        cond = self.condition
        return f"published: {self.model}" + (f" ({cond})" if cond else "")

    def as_json(self) -> dict:
        out = {"source": self.source, "model": self.model, "kind": self.kind, "test": self.test,
               "preset": self.preset, "condition": self.condition, "metric": self.metric, "value": self.value}
        if self.sd is not None:
            out["sd"] = self.sd
        if self.n is not None:
            out["n"] = self.n
        if self.note:
            out["note"] = self.note
        return out


def _float(s: str) -> float | None:
    s = s.strip()
    return float(s) if s else None


def _read(name: str) -> list[PublishedRow]:
    text = resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
    out = []
    for r in csv.DictReader(io.StringIO(text)):
        value = _float(r["value"])
        if value is None:
            raise ValueError(f"{name}: a row without a value: {r}")
        n = _float(r["n"])
        out.append(PublishedRow(r["source"], r["model"], r["kind"], r["test"], r["preset"], r["strategy"],
                                r["persona"], r["input"], r["mode"], r["perturb"], r["metric"], value,
                                _float(r["sd"]), None if n is None else int(n), r["note"], name))
    return out


@lru_cache(maxsize=1)
def load_rows() -> tuple[PublishedRow, ...]:
    """Every published row of every file, in file order."""
    return tuple(row for name in FILES for row in _read(name))


def as_dicts(rows) -> list[dict]:
    return [asdict(r) for r in rows]

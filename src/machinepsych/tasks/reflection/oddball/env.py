"""Oddball paradigm with sentences, the environment (``docs/reflection-bench.md#oddball``).

A passage is eight short sentences: seven on one topic and one unrelated factual sentence
(the deviant) at a recorded position. The participant only comments. Materials: our own
bank (``oddball_bank.txt``, 74 topics of 8 sentences). Each passage draws a topic, 7 of its
8 sentences in random order, and one sentence of a topic from an unrelated category; the
deviant position is drawn from the seed (uniform over 1..8) unless ``deviant_position`` is
set (the published items always use position 5).

With ``data`` (the user's copy of the released prompt file, ``published.py``) the sessions use
the released passages instead, in file order, each sent unchanged with the published system
prompt; the deviant stays where the file has it (the 5th sentence), and the score uses the
official reference statement. The file's SHA-256 is kept in ``data_sha256``: a stored run whose
file has changed since it was created is refused.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from machinepsych.core.env import Environment
from machinepsych.core.errors import UnknownNameError
from machinepsych.core.spaces import FreeText
from machinepsych.core.types import Observation, TextPart
from machinepsych.parsing.values import read_comment_value

from .._common import RangedParams, invalid
from .published import FORMAT, PUBLISHED_POSITION, PUBLISHED_SYSTEM, load_prompt_file

N_SENTENCES = 8
# Categories whose sentences may be on-topic for each other (never used as deviants).
RELATED = [{"earth", "geography", "environment"}, {"sports", "games"}, {"body", "medicine"},
           {"technology", "transport"}]


@dataclass(frozen=True)
class Topic:
    name: str
    category: str
    sentences: tuple[str, ...]


@lru_cache(maxsize=1)
def load_bank() -> tuple[Topic, ...]:
    """Parse the bundled bank: ``## topic | category`` headers, one sentence per line."""
    text = resources.files(__package__).joinpath("oddball_bank.txt").read_text(encoding="utf-8")
    topics: list[Topic] = []
    name = cat = None
    sents: list[str] = []
    for line in text.splitlines() + ["## end | end"]:
        line = line.strip()
        if line.startswith("## "):
            if name:
                topics.append(Topic(name, cat, tuple(sents)))
            name, _, cat = (s.strip() for s in line[3:].partition("|"))
            sents = []
        elif line and not line.startswith("#"):
            sents.append(line)
    return tuple(topics)


def unrelated(a: str, b: str) -> bool:
    return a != b and not any(a in g and b in g for g in RELATED)


def make_passage(rng, topic: str | None = None, position: int | None = None) -> dict[str, Any]:
    """Draw one passage: returns sentences, topic, deviant position (1-based) and source."""
    bank = load_bank()
    names = [t.name for t in bank]
    ti = names.index(topic) if topic else int(rng.integers(len(bank)))
    t = bank[ti]
    pick = rng.permutation(len(t.sentences))[: N_SENTENCES - 1]
    others = [o for o in bank if unrelated(o.category, t.category)]
    o = others[int(rng.integers(len(others)))]
    deviant = o.sentences[int(rng.integers(len(o.sentences)))]
    pos = position if position else int(rng.integers(1, N_SENTENCES + 1))
    sents = [t.sentences[int(i)] for i in pick]
    sents.insert(pos - 1, deviant)
    return {"sentences": sents, "topic": t.name, "deviant_position": pos, "deviant_sentence": deviant,
            "deviant_topic": o.name}


def check_data_file(params: "OddballParams"):
    """The prompt file of ``params``, refused (ConfigError, one line) if it is missing, not in the
    expected format, or not the file the run was created with (SHA-256)."""
    from machinepsych.core.errors import ConfigError

    from .published import DataFileError

    try:
        f = load_prompt_file(params.data)
    except DataFileError as exc:
        raise ConfigError(str(exc)) from None
    if params.data_sha256 and f.sha256 != params.data_sha256:
        raise ConfigError(f"data: {params.data} has changed since this run was created (SHA-256 {f.sha256[:12]}..., "
                          f"stored {params.data_sha256[:12]}...); restore that file")
    if params.passages > len(f.passages):
        raise ConfigError(f"data: {params.data} has {len(f.passages)} passages, the run needs {params.passages}")
    return f


class OddballParams(RangedParams):
    passages: int = Field(50, ge=1, le=1000, description="passages per session (each its own conversation); "
                          "with data: the first N of the file (default: all)")
    deviant_position: int | None = Field(None, ge=1, le=N_SENTENCES, description="fixed deviant position; None: drawn")
    topic: str | None = Field(None, description="use only this topic of the bank; None: drawn per passage")
    embedder: Literal["minilm", "openai", "none"] = Field("minilm", description="embedder of the oddball score")
    materials: Literal["bank", "published"] = Field(
        "bank", description="our own seeded bank, or the released passages read from data")
    data: str | None = Field(None, min_length=1, description="your copy of the released prompt file "
                             "(prompts_oddball.json); sets materials='published'")
    data_sha256: str | None = Field(None, pattern=r"^[0-9a-f]{64}$",
                                    description="SHA-256 of data, filled in from the file; a changed file is refused")
    reference: Literal["ours", "official"] | None = Field(
        None, description="reference statement of the score; None: official with the published materials, else ours")

    _valid_text: ClassVar[dict[str, str]] = {
        "data_sha256": "64 lower-case hex digits, filled in from the data file",
        "data": "the path of your copy of prompts_oddball.json"}

    @model_validator(mode="before")
    @classmethod
    def _read_data(cls, values):
        """A new run reads and checks the file and records its SHA-256. Stored parameters (with
        ``data_sha256``) are taken as they are, so a report of a stored run does not need the
        file; the file is checked against the stored hash when a session is played
        (:func:`check_data_file`), so resuming with a changed or missing file is refused."""
        if not isinstance(values, dict) or not values.get("data") or values.get("data_sha256"):
            return values
        values = dict(values)
        f = load_prompt_file(values["data"])
        values["data_sha256"] = f.sha256
        values.setdefault("materials", "published")
        values.setdefault("passages", len(f.passages))
        return values

    @model_validator(mode="after")
    def _check(self):
        if self.materials == "published":
            if not self.data:
                raise invalid("materials='published' reads your copy of the released prompt file: "
                                 f"give it with --data PATH ({FORMAT})")
            try:  # a stored run whose file is gone or changed is refused when a session is played
                f = load_prompt_file(self.data)
                n = len(f.passages) if f.sha256 == self.data_sha256 else None
            except ValueError:
                n = None
            if n is not None and self.passages > n:
                raise invalid(f"passages = {self.passages} is out of range (valid: 1 <= passages <= {n}, "
                                 "the passages in the data file)")
            if self.deviant_position not in (None, PUBLISHED_POSITION):
                raise invalid(f"deviant_position = {self.deviant_position}: the released passages fix the "
                                 f"deviant at position {PUBLISHED_POSITION} (leave it unset)")
            if self.topic is not None:
                raise invalid("topic selects a topic of our bank; it cannot be used with the published materials")
        elif self.topic is not None and self.topic not in [t.name for t in load_bank()]:
            names = ", ".join(t.name for t in load_bank())
            raise invalid(f"topic = {self.topic!r} is not a topic of the bank (valid: {names})")
        elif self.data:
            raise invalid("data is given but materials='bank'; drop one of them")
        elif self.data_sha256:
            raise invalid("data_sha256 is set without data")
        return self

    @property
    def reference_kind(self) -> str:
        return self.reference or ("official" if self.materials == "published" else "ours")


INSTRUCTIONS = """\
Let's play a game. You will be shown a short passage of sentences about a topic. Just make a few short comments on what you read."""

RANDOM_COMMENTS = ("Interesting facts, thanks for sharing.", "That is a nice little passage.",
                   "I enjoyed reading these sentences.", "Good to know, I learned something new.")


class Oddball(Environment):
    Params = OddballParams

    @property
    def n_trials(self) -> int:
        return self.params.passages

    @property
    def action_space(self) -> FreeText:
        return FreeText(RANDOM_COMMENTS, read=read_comment_value)

    def instructions(self) -> str:
        return PUBLISHED_SYSTEM if self.params.materials == "published" else INSTRUCTIONS

    def _setup(self) -> None:
        if self.params.materials == "published":
            f = check_data_file(self.params)
            self.items = []
            for k in range(self.params.passages):
                sents = f.sentences(k)
                dev = sents[PUBLISHED_POSITION - 1]
                self.items.append({"sentences": sents, "text": f.passages[k], "topic": f"passage {k + 1}",
                                   "deviant_position": PUBLISHED_POSITION, "deviant_sentence": dev,
                                   "deviant_topic": None})
            return
        if self.params.topic and self.params.topic not in [t.name for t in load_bank()]:
            raise UnknownNameError("oddball topic", self.params.topic, [t.name for t in load_bank()])
        self.items = [make_passage(self.rng, self.params.topic, self.params.deviant_position)
                      for _ in range(self.params.passages)]

    def _observe(self, feedback: str | None) -> Observation:
        item = self.items[self.trial]
        hidden = {k: item[k] for k in ("topic", "deviant_position", "deviant_sentence", "deviant_topic")}
        return Observation(self.trial, {"sentences": item["sentences"]},
                           (TextPart(item.get("text") or " ".join(item["sentences"])),), feedback, hidden=hidden)

    def _score(self, action: Any):
        item = self.items[self.trial]
        return self.outcome(None, None, reward=None, topic=item["topic"], deviant_position=item["deviant_position"],
                            deviant_sentence=item["deviant_sentence"], deviant_topic=item["deviant_topic"],
                            reply_text=action, reference=self.params.reference_kind)

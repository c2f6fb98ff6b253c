"""One environment class per VisFactor subtest: a session is N generated items, one trial
(single-turn question) per item, no feedback (``docs/visfactor.md#environment``).

``mode="default"`` asks the original question (MC letter, T/F list, number, word...);
``mode="split"`` asks one yes/no judgement per option/part (derived from the same item) and
is answered with a list of T/F values. An item is correct only if every part is right.

The observation's ``stimulus`` holds what is public about the trial (subtest, item seed,
difficulty, mode, answer kind, number of parts, the question with and without the model's
reply-format sentences, the options, the split questions, the perturbation record); the
answer key (``gold``, ``accepted`` words, the split rows' T/F values) and the generator's
parameters (which name the answer for most subtests) are in ``Observation.hidden``. The
step ``info`` carries what the scorer needs (parts right, the chance level of the trial).
"""
import json
import re
from functools import lru_cache
from typing import Any, Literal

import numpy as np
from pydantic import Field, field_validator, model_validator

from machinepsych.core.env import Environment, Params
from machinepsych.core.errors import ConfigError
from machinepsych.core.spaces import Choice, FreeText, Sequence, Space
from machinepsych.core.types import ImagePart, Observation, TextPart
from machinepsych.parsing.values import read_word_value
from machinepsych.parsing.words import word_correct

from .catalog import SUBTESTS
from .core import Item, generate, png_bytes
from .icons import ICON_NAMES, WORDS
from .perturb import GROUPS, NAMES, expand, perturb

Difficulty = Literal["easy", "normal", "hard"]
# Memory subtests: seconds a person studies the study page before the question (the kit's study
# time per part as we read it; docs/visfactor.md#memory-subtests). 0 = until they click Continue.
STUDY_SECONDS = {"MA1": 240.0, "MV1": 240.0, "MV2": 240.0, "MV3": 180.0}
STUDY_TEXT = {
    "MA1": "Study page: remember the number that goes with each picture. The page will be taken away before "
           "the question.",
    "MV1": "Study page: remember these shapes. The page will be taken away before the question.",
    "MV2": "Study map: remember which building stands where. The map will be taken away before the question.",
    "MV3": "Study sections: remember these map sections. They will be taken away before the question.",
}


class VisualParams(Params):
    """Parameters common to every subtest (each subtest narrows ``n_items``' default and
    ``mode``'s choices in its own subclass, see :func:`params_class`)."""

    n_items: int = Field(32, ge=1, le=1000, description="items per session (default: the released set's count)")
    difficulty: Difficulty = Field("normal", description="generator difficulty")
    mode: Literal["default", "split"] = Field("default", description="original question or one T/F judgement per part")
    perturb: tuple[str, ...] = Field((), description="image perturbations or groups (geometric, photometric)")

    @field_validator("perturb")
    @classmethod
    def _known(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        bad = [n for n in v if n not in NAMES and n not in GROUPS]
        if bad:
            raise ValueError(f"unknown perturbation {bad[0]!r}; valid: {', '.join(NAMES + tuple(GROUPS))}")
        return tuple(v)


@lru_cache(maxsize=None)
def params_class(subtest: str) -> type[VisualParams]:
    """The complete ``Params`` of one subtest: its released item count as default, ``split``
    allowed only where the subtest has a split variant, and ``flip`` only where mirroring
    keeps the answer key."""
    meta = SUBTESTS[subtest]
    mode_type = Literal["default", "split"] if meta.split else Literal["default"]

    class SubtestParams(VisualParams):
        n_items: int = Field(meta.n_items, ge=1, le=1000, description="items per session")
        mode: mode_type = Field("default", description="original question or one T/F judgement per part")  # type: ignore[valid-type]
        if subtest in STUDY_SECONDS:
            study_seconds: float = Field(STUDY_SECONDS[subtest], ge=0, le=1800,
                                         description="how long a person sees the study page (0 = until Continue)")

        @model_validator(mode="after")
        def _flip_allowed(self):
            try:
                expand(self.perturb, subtest, self.mode)
            except ConfigError as exc:
                raise ValueError(str(exc)) from None
            return self

    SubtestParams.__name__ = SubtestParams.__qualname__ = f"VisFactor{subtest}Params"
    return SubtestParams


@lru_cache(maxsize=256)
def cached_item(subtest: str, seed: int, difficulty: str, generation: int | None = None) -> Item:
    return generate(subtest, seed, difficulty, generation)


@lru_cache(maxsize=256)
def rendered(subtest: str, seed: int, difficulty: str, names: tuple[str, ...],
             generation: int | None = None) -> tuple[bytes, str]:
    """PNG of an item after perturbation, and the JSON of the perturbation record."""
    item = cached_item(subtest, seed, difficulty, generation)
    img, rec = item.image, {}
    if names:
        img, rec = perturb(img, names, np.random.default_rng([seed, 0x9E37]), item.figures)
    return png_bytes(img), json.dumps(rec, sort_keys=True)


@lru_cache(maxsize=64)
def rendered_study(subtest: str, seed: int, difficulty: str, names: tuple[str, ...]) -> bytes:
    """PNG of a memory item's study page, after the same kinds of perturbation."""
    item = cached_item(subtest, seed, difficulty)
    img = item.study_image
    if names:
        img, _ = perturb(img, tuple(n for n in names if n != "flip"), np.random.default_rng([seed, 0x57D7]))
    return png_bytes(img)


def split_question(item: Item) -> str:
    if item.split_question:
        return item.split_question
    lines = [f"{i + 1}. {q}" for i, (q, _) in enumerate(item.rows)]
    return ("Answer each of the following questions with T (true) or F (false):\n" + "\n".join(lines) +
            '\nRespond with the answer as a JSON object with a list of T/F values in this order, e.g. '
            '{"answer": [' + ", ".join('"F"' for _ in item.rows) + "]}.")


_FORMAT = re.compile(r"\s*(?:Respond with the answer as a JSON object|Answer with one letter, e\.g\. \{|"
                     r"Give (?:a list of )?(?:five|eight)|Answer T or F, e\.g\.|Answer T \(same|Answer with one word\.)")


def person_question(question: str) -> str:
    """The question without the sentences that tell a model how to format its reply (they
    always come last): what a person reads beside the picture."""
    m = _FORMAT.search(question)
    return question[:m.start()].rstrip() if m else question


def answer_view(item: Item, mode: str) -> tuple[str, str, Any, int]:
    """(kind, question, gold, n_rows) of an item in a mode."""
    if mode == "split" and item.rows and item.kind != "rows":
        return "rows", split_question(item), tuple(g for _, g in item.rows), len(item.rows)
    n = len(item.gold) if item.kind in ("rows", "groups") else 1
    return item.kind, item.question, item.gold, n


def word_pool(subtest: str) -> tuple[str, ...]:
    """The words a random participant picks from on a word item (CS2: the word list; CS1,
    CS3: the objects' names)."""
    return WORDS if subtest == "CS2" else tuple(n.split(",")[0] for n in ICON_NAMES)


def space_for(item: Item, kind: str, n_rows: int) -> Space:
    tf = Choice(("T", "F"))
    if kind == "rows":
        return Sequence((tf,) * n_rows)
    if kind == "tf":
        return tf
    if kind == "groups":
        return Sequence((Choice(tuple(item.options)),) * n_rows)
    if kind in ("mc", "int", "letter"):
        return Choice(tuple(item.options))
    if kind == "cell":
        n = int(item.params["grid"])
        return Choice(tuple(f"({r}, {c})" for r in range(1, n + 1) for c in range(1, n + 1)))
    if kind == "word":
        return FreeText(samples=word_pool(item.subtest), read=read_word_value)
    raise ValueError(kind)


def chance(item: Item, kind: str, n_rows: int) -> tuple[float, float]:
    """(chance of a fully correct trial, chance per part) under uniform random guessing over
    the trial's legal answers."""
    if kind == "rows" and item.kind in ("mc", "letter", "int", "groups"):
        # split view of an item with one answer per question: its rows hold exactly one T per
        # question, so marking one row T at random is right 1 / (options) of the time (issue 20:
        # the structural chance, not 2^-rows; each part is still a coin flip)
        if item.kind == "groups":
            return (1 / len(item.options)) ** len(item.gold), 0.5
        return 1 / n_rows, 0.5
    if kind in ("rows", "tf"):
        return 0.5 ** n_rows, 0.5
    if kind == "groups":
        p = 1 / len(item.options)
        return p ** n_rows, p
    if kind == "cell":
        p = 1 / int(item.params["grid"]) ** 2
        return p, p
    if kind == "word":
        p = 1 / len(WORDS if item.subtest == "CS2" else ICON_NAMES)
        return p, p
    p = 1 / max(1, len(item.options))
    return p, p


def jsonable(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


class VisualEnv(Environment):
    """Base class; ``subtest`` is set by :func:`env_class`."""

    Params = VisualParams
    subtest: str = ""
    # the generator's generation (None: the current one; an older test version names its own)
    generation: int | None = None
    # set by the validity audit (analysis.audit.collect), which reads keys, never pixels
    skip_images: bool = False

    @property
    def meta(self):
        return SUBTESTS[self.subtest]

    @property
    def n_trials(self) -> int:
        return self.params.n_items

    @property
    def mode(self) -> str:
        return self.params.mode if self.meta.split else "default"

    def instructions(self) -> str:
        return f"{self.meta.name} ({self.subtest}).\n" + self.meta.instructions

    def instructions_for_people(self) -> str:
        """People read the kit's instructions without the subtest's name and code."""
        return self.meta.instructions

    def _setup(self) -> None:
        self.item_seeds = [int(s) for s in self.rng.integers(0, 2**31 - 1, self.n_trials)]
        self.perturb_names = expand(tuple(self.params.perturb), self.subtest, self.mode)

    def _item(self) -> Item:
        return cached_item(self.subtest, self.item_seeds[self.trial], self.params.difficulty, self.generation)

    def item(self) -> Item:
        """The generated item of the current trial (image before perturbation, key, parameters)."""
        return self._item()

    @property
    def action_space(self) -> Space:
        item = self._item()
        kind, _, _, n = answer_view(item, self.mode)
        return space_for(item, kind, n)

    def _observe(self, feedback: str | None) -> Observation:
        item = self._item()
        seed = self.item_seeds[self.trial]
        kind, question, gold, n = answer_view(item, self.mode)
        if self.skip_images:  # the validity audit: keys and option surfaces only, no PNG
            png, rec = b"", "{}"
        else:
            png, rec = rendered(self.subtest, seed, self.params.difficulty, self.perturb_names, self.generation)
        stimulus = {
            "subtest": self.subtest, "item_seed": seed, "difficulty": self.params.difficulty, "mode": self.mode,
            "answer_kind": kind, "n_rows": n, "question": question, "person_question": person_question(question),
            "options": [jsonable(o) for o in item.options], "row_questions": [q for q, _ in item.rows] if kind == "rows" else [],
            "answer_format": item.answer_format, "perturbation": json.loads(rec),
        }
        hidden = {"gold": jsonable(gold), "accepted": list(item.accepted), "rows": [list(r) for r in item.rows],
                  "params": item.params}
        # the item counter is for models only: the web app shows people its own progress
        parts = (ImagePart(png, alt=f"{self.meta.name} ({self.subtest}): the picture of this question",
                           person_alt="The picture of this question"),
                 TextPart(f"Item {self.trial + 1} of {self.n_trials}.", audience="model"),
                 TextPart(question, audience="model"),
                 TextPart(person_question(question), audience="person"))
        study: tuple = ()
        if item.study_image is not None:  # memory subtests: study page first, then the question alone
            study_png = b"" if self.skip_images else rendered_study(self.subtest, seed, self.params.difficulty,
                                                                     self.perturb_names)
            study = (ImagePart(study_png, alt=f"{self.meta.name} ({self.subtest}): the study page",
                               person_alt="The study page"),
                     TextPart(STUDY_TEXT[self.subtest]))
        return Observation(self.trial, stimulus, parts, feedback, hidden, study=study,
                           study_seconds=float(getattr(self.params, "study_seconds", 0.0)) if study else 0.0)

    def _score(self, action: Any):
        item = self._item()
        kind, _, gold, n = answer_view(item, self.mode)
        if action is None:
            rows = [False] * n
        elif kind in ("rows", "groups"):
            rows = [a == g for a, g in zip(action, gold)]
        elif kind == "word":
            rows = [word_correct(action, item.accepted)]
        else:
            rows = [action == gold]
        ok = all(rows)
        p_item, p_row = chance(item, kind, n)
        return self.outcome(ok, None, subtest=self.subtest, mode=self.mode, kind=kind, difficulty=self.params.difficulty,
                            rows_correct=rows, n_rows=n, gold=jsonable(gold), choice=jsonable(action),
                            chance_item=p_item, chance_row=p_row)


@lru_cache(maxsize=None)
def env_class(subtest: str, generation: int | None = None) -> type[VisualEnv]:
    """The environment class of ``subtest`` (e.g. ``"VZ2"``), with its own ``Params``;
    ``generation`` names an older generator (an older version of the test)."""
    suffix = "" if generation is None else f"Gen{generation}"
    return type(f"VisFactor{subtest}{suffix}", (VisualEnv,), {"subtest": subtest, "Params": params_class(subtest),
                                                                "generation": generation, "__doc__": SUBTESTS[subtest].name})

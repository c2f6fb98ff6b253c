"""N-back environment (``docs/reflection-bench.md#nback``).

Letters over {E, F, G, H} are shown one per trial; answer Yes if the letter equals the one
n trials back, No otherwise, and "Not available" on the first n trials. Feedback on the
previous answer is the bare word True or False. The sequence is drawn from the seed (the
first n letters uniformly, then each position is a target with probability
``target_rate``, else one of the other letters uniformly) or, with ``sequence="paper"``, is
the published 52-letter list.
"""
from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from machinepsych.core.env import Environment
from machinepsych.core.spaces import Choice
from machinepsych.core.types import Observation

from .._common import RangedParams, invalid, worded

PAPER_SEQUENCE = "FGEGHFHFGHGFGFEHGHFHHEHEEEGFGEGFFHFHHGEGEHEHFGFEGFGE"
ANSWERS = ("yes", "no", "not available")


class NBackParams(RangedParams):
    n: int = Field(2, ge=1, le=10, description="how many letters back to compare")
    trials: int = Field(52, ge=2, le=10_000)
    target_rate: float = Field(0.42, ge=0.0, le=1.0, description="P(target) per position after the first n")
    letters: str = Field("EFGH", min_length=2, max_length=26, pattern=r"^[A-Za-z]+$")
    _valid_text: ClassVar[dict[str, str]] = {"letters": "2 to 26 distinct letters A-Z"}
    sequence: Literal["seeded", "paper"] = "seeded"

    @model_validator(mode="after")
    def _check(self):
        if self.n >= self.trials:
            raise invalid(f"n = {self.n} must be smaller than trials = {self.trials} (valid: 1 <= n < trials)")
        if len(set(self.letters)) != len(self.letters):
            raise invalid(f"letters = {self.letters!r} repeats a letter (valid: 2 to 26 distinct letters A-Z)")
        return self


INSTRUCTIONS = """\
You will be shown a sequence of letters, one letter at a time. For every letter, decide whether it is the same as the letter shown {n} steps earlier in the sequence.
Answer "Yes" if it is the same and "No" if it is different. For the first {n} letters there is nothing {n} steps back to compare with, so answer "Not available" for them.
After each answer you will be told whether it was right (True) or wrong (False)."""


def nback_truth(seq: str, n: int) -> list[str]:
    return ["not available" if i < n else ("yes" if seq[i] == seq[i - n] else "no") for i in range(len(seq))]


class NBack(Environment):
    Params = NBackParams

    @property
    def n_trials(self) -> int:
        return self.params.trials

    @property
    def action_space(self) -> Choice:
        return Choice(ANSWERS)

    def instructions(self) -> str:
        return INSTRUCTIONS.format(n=self.params.n)

    def _setup(self) -> None:
        P = self.params
        if P.sequence == "paper":
            seq = (PAPER_SEQUENCE * (P.trials // len(PAPER_SEQUENCE) + 1))[: P.trials]
        else:
            letters = P.letters
            k = len(letters)
            first = self.rng.integers(k, size=P.trials)
            hit = self.rng.random(P.trials) < P.target_rate
            other = self.rng.integers(k - 1, size=P.trials)
            out: list[str] = []
            for i in range(P.trials):
                if i < P.n:
                    out.append(letters[first[i]])
                elif hit[i]:
                    out.append(out[i - P.n])
                else:
                    rest = [c for c in letters if c != out[i - P.n]]
                    out.append(rest[other[i]])
            seq = "".join(out)
        self.sequence = seq
        self.truth = nback_truth(seq, P.n)
        self.targets = self.truth.count("yes")

    def _observe(self, feedback: str | None) -> Observation:
        t, n = self.trial, self.params.n
        text = (f"Letter {t + 1}: {self.sequence[t]}. Is it the same as the letter {n} steps back? "
                "Answer Yes, No or Not available.")
        # people: no position counter (the page shows its progress), the buttons give the answers
        person = f"The letter is {self.sequence[t]}.\nIs it the same as the letter {n} steps back?"
        stim = {"letter": self.sequence[t], "position": t + 1, "n": n}
        # the realised target count covers letters not shown yet: recorded, never shown
        hidden = {"targets_in_sequence": self.targets,
                  "target_rate_realised": round(self.targets / max(1, self.params.trials - n), 4),
                  "answer": self.truth[t]}
        return Observation(t, stim, worded(text, person), feedback, hidden=hidden)

    def _score(self, action: Any):
        truth = self.truth[self.trial]
        correct = action == truth
        return self.outcome(correct, "True" if correct else "False", reward=None,
                            letter=self.sequence[self.trial], target=truth, response=action)

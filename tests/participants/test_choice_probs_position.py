"""Free-text ``--choice-probs`` reads the options' probabilities at the mention the parser
committed to, not at a later restatement or at a word that only spells like an option (real
runs against a recording endpoint that returns fixed log-probabilities)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store
from tests.support.fake_openai import FakeOpenAIServer
from tests.support.runs import run_trials


@dataclass
class TokenReplies(FakeOpenAIServer):
    """Answers every trial with the same tokens; ``top`` gives the alternatives (token ->
    probability) at the answer token, every other token is certain."""

    tokens: list[str] = field(default_factory=list)
    answer_at: int = 0
    top: dict[str, float] = field(default_factory=dict)

    def chat_payload(self, body):
        out = super().chat_payload(body)
        out["choices"][0]["message"]["content"] = "".join(self.tokens)
        content = []
        for i, t in enumerate(self.tokens):
            top = self.top if i == self.answer_at else {t: 1.0}
            content.append({"token": t, "logprob": math.log(top[t]),
                            "top_logprobs": [{"token": k, "logprob": math.log(p)} for k, p in top.items()]})
        out["choices"][0]["logprobs"] = {"content": content}
        return out


def _probs(tmp_path, task: str, srv: TokenReplies, params: dict | None = None):
    return run_trials(tmp_path / "p.db", RunSpec(
        tasks=[TaskRun(task=task, params=params or {}, sessions=1)],
        participants=[ParticipantSpec(ref="openai:fake-model", base_url=srv.base_url, choice_probs=True)],
        name="probs"))


def test_a_letter_is_read_at_the_answer_not_at_a_later_article(tmp_path):
    # "I play A.\nThat was a guess.": the article "a" spells like option A; the answer is " A"
    tokens = ["I", " play", " A", ".\n", "That", " was", " a", " guess", "."]
    with TokenReplies(tokens=tokens, answer_at=2, top={" A": 0.6, " B": 0.1, " the": 0.3}) as srv:
        df = _probs(tmp_path, "prl", srv, {"trials": 3})
    assert (df["action"] == "A").all()
    for probs, outside in zip(df["choice_probs"], df["choice_probs_outside"]):
        assert probs == pytest.approx({"A": 0.6 / 0.7, "B": 0.1 / 0.7}, abs=1e-12)
        assert outside == pytest.approx(0.3, abs=1e-12)


def test_a_card_is_read_at_the_selection_not_at_its_restatement(tmp_path):
    tokens = ["Selection", ":", " 1", "\n", "Card", " 1", " shares", " the", " colour", "."]
    top = {" 1": 0.6, " 2": 0.1, " 10": 0.1, " 3": 0.05, " zzz": 0.15}
    with TokenReplies(tokens=tokens, answer_at=2, top=top) as srv:
        df = _probs(tmp_path, "wcst", srv, {"n_trials": 3})
    assert (df["action"] == 1).all()
    legal = 0.6 + 0.1 + 0.05
    for probs, outside in zip(df["choice_probs"], df["choice_probs_outside"]):
        assert probs == pytest.approx({"1": 0.6 / legal, "2": 0.1 / legal, "3": 0.05 / legal, "4": 0.0}, abs=1e-12)
        assert outside == pytest.approx(1 - legal, abs=1e-12)


def test_an_answer_the_parser_reads_from_no_single_mention_gets_no_probabilities_and_is_counted(
        tmp_path, cli_in_process, no_api_keys):
    # the reply names its card twice and the parser reads 2, but from no one of the mentions
    # alone (writing 3 at either leaves a hedge, not card 3): no position, nothing stored
    tokens = ["Card", " 2", " or", " card", " 2", "."]
    with TokenReplies(tokens=tokens, answer_at=1, top={" 2": 0.7, " 3": 0.3}) as srv:
        r = cli_in_process("run", "wcst", "-m", "openai:fake-model", "--base-url", srv.base_url, "--choice-probs",
                           "-p", "n_trials=2", "-n", "1", "--store", "p.db", "--run-name", "probs", "--no-progress",
                           cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "2 of 2 read answers have no option probabilities" in r.stdout, r.stdout
    df = trials_frame(Store(tmp_path / "p.db"), "probs")
    assert (df["parse_status"] == "parsed").all() and df["choice_probs"].isna().all()

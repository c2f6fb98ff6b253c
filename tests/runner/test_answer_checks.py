"""``--answer`` and ``--choice-probs`` settings that cannot work are refused in one line when
the run spec is made (before any store or session), and each answer mode is its own condition."""
from __future__ import annotations

import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun, expand_sessions

URL = "http://127.0.0.1:9/v1"


def spec(task="wcst", ref="openai:m", answers=("structured",), strategies=("direct",), probs=False, **kw):
    return RunSpec(tasks=[TaskRun(task=task, sessions=1)],
                   participants=[ParticipantSpec(ref=ref, base_url=URL if ref.startswith(("openai", "llamacpp")) else None,
                                                 choice_probs=probs, **kw)],
                   strategies=list(strategies), answers=list(answers))


@pytest.mark.parametrize("make, words", [
    (lambda: spec(answers=("json",)), "choose free or structured"),
    (lambda: spec(strategies=("scot",)), "drop --answer structured or that strategy"),
    (lambda: spec(ref="openai:m", batch=True), "run it with --answer free"),
    (lambda: spec(answers=("free",), probs=True, task="oddball"), "drop --choice-probs"),
    (lambda: spec(answers=("free",), probs=True, task="cogbench-a"), "drop --choice-probs"),
    (lambda: spec(answers=("free",), probs=True, ref="agent:random"), "add a model participant"),
    # CogBench's react and reflexion: more than the answer calls per statement (feedback, a reflection)
    (lambda: spec(task="cogbench-a", strategies=("react",)), "drop --answer structured or that strategy"),
    (lambda: spec(task="cogbench-v", strategies=("cot", "reflexion")), "drop --answer structured or that strategy"),
    # a test's own strategy list is checked like the run's
    (lambda: RunSpec(tasks=[TaskRun(task="wcst", sessions=1, strategies=["scot"])],
                     participants=[ParticipantSpec(ref="openai:m", base_url=URL)], answers=["structured"]),
     "drop --answer structured or that strategy"),
])
def test_refused_in_one_line(make, words):
    with pytest.raises(ConfigError) as err:
        make()
    assert words in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("strategies", [("direct",), ("free",), ("cot",), ("direct", "cot")])
def test_cogbench_answers_structured_under_the_general_strategies_and_its_own_cot(strategies):
    # direct / free: one call per trial with the questionnaire's schema; cot (CogBench's own): one call per
    # statement, each with the statement's schema (tests/models/test_structured_cogbench_cot.py)
    spec(task="cogbench-a", strategies=strategies)
    spec(task="cogbench-v", strategies=strategies)


def test_anthropic_has_no_logprobs(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-x-000000")
    with pytest.raises(ConfigError, match="drop --choice-probs"):
        spec(ref="anthropic:claude-x", answers=("free",), probs=True)


def test_each_answer_mode_is_a_condition_and_agents_answer_as_always():
    run = RunSpec(tasks=[TaskRun(task="wcst", sessions=2)],
                  participants=[ParticipantSpec(ref="openai:m", base_url=URL), ParticipantSpec(ref="agent:random")],
                  answers=["free", "structured"])
    rows = expand_sessions(run, [{}, {}])
    got = {(r["participant_name"], r["answer_mode"], r["condition"]) for r in rows}
    assert got == {("openai:m", "free", "openai:m | direct"),
                   ("openai:m", "structured", "openai:m | direct | answer=structured"),
                   ("agent:random", "free", "agent:random")}
    # the same seeds in both modes: paired comparisons
    seeds = {m: sorted(r["seed"] for r in rows if r["answer_mode"] == m and r["participant_name"] == "openai:m")
             for m in ("free", "structured")}
    assert seeds["free"] == seeds["structured"] == [0, 1]


@pytest.mark.parametrize("temperature, words", [
    (None, "unset, no temperature is sent and the endpoint's default applies"),  # not "at 0 or unset" (OpenAI's is 1)
    (0.0, "at 0 it gives the same answers"),
])
def test_repeat_refusal_says_what_an_unset_temperature_means(temperature, words):
    from machinepsych.runner.plan import check_repeatable

    with pytest.raises(ConfigError) as err:
        check_repeatable([ParticipantSpec(ref="openai:m", base_url=URL, temperature=temperature)], 2)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_rejected_request_hints_at_the_schema_and_log_probabilities_it_may_carry():
    from machinepsych.models.openai_compat import status_error

    err = status_error(400, "response_format json_schema is not supported by this model", where="openai:m", key_env="K")
    assert "an answer schema, log-probabilities" in str(err) and not err.transient

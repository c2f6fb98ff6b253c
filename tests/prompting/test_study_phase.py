"""A trial with study material (``Observation.study``): the model gets the material as its own
message, its reply is kept as a "study" call, and the question comes after it in the same
conversation, with the material taken away: the question request (and every later one)
carries the placeholder where the study message was. A test version that declares
``study_stays`` (the versions made before, kept for old runs) keeps the old requests."""
import asyncio
from dataclasses import replace

from machinepsych.core.types import STUDY_PLACEHOLDER, ModelCall, Observation, StepResult, TextPart, Turn, Usage
from machinepsych.participants.base import Exchange, TurnContext
from machinepsych.prompting.strategies import get_strategy
from machinepsych.tasks.catalog import get_task


def fake_chat(log):
    async def chat(messages, purpose):
        log.append((purpose, messages))
        reply = "Ready." if purpose == "study" else "Selection: 2"
        return ModelCall(purpose, tuple(messages), reply, Usage(), 0.0, "fake")
    return chat


def context(obs, history=(), study_stays=False):
    spec = replace(get_task("wcst"), study_stays=study_stays)
    params = spec.resolve()
    env = spec.make(params)
    return TurnContext(spec=spec, params=params, instructions="Sort the cards.", observation=obs,
                       action_space=env.action_space, history=list(history), session_seed=1)


def texts(messages):
    return [(m.role, m.content_text) for m in messages]


def test_study_then_question_in_one_conversation():
    obs = Observation(0, {}, (TextPart("Which word was on the list?"),), study=(TextPart("Words: apple, river"),),
                      study_seconds=5)
    log = []
    turn = asyncio.run(get_strategy("direct").respond(context(obs), fake_chat(log)))
    assert [p for p, _ in log] == ["study", "answer"]
    study_msgs, answer_msgs = log[0][1], log[1][1]
    assert texts(study_msgs)[-1] == ("user", "Words: apple, river")
    got = texts(answer_msgs)
    # the question request: the placeholder where the study message was, the model's reply to it
    assert got[-3:-1] == [("user", STUDY_PLACEHOLDER), ("assistant", "Ready.")]
    assert got[-1][0] == "user" and got[-1][1].startswith("Which word")
    assert not any("apple" in text for _, text in got)
    assert [c.purpose for c in turn.calls] == ["study", "answer"] and turn.action == 2
    # the stored answer call is the request as sent
    assert texts(turn.calls[1].messages) == got

    # the next trial re-sends the exchange in its history, with the placeholder again
    nxt = replace(obs, trial=1, feedback="Correct.")
    ex = Exchange(obs, turn, StepResult(True, "Correct.", False, nxt))
    log2 = []
    asyncio.run(get_strategy("direct").respond(context(nxt, [ex]), fake_chat(log2)))
    assert [p for p, _ in log2] == ["study", "answer"]
    assert texts(log2[0][1])[-1] == ("user", "Correct.\nWords: apple, river")  # the feedback goes with the study turn
    got2 = texts(log2[-1][1])
    assert got2[1:4] == [("user", STUDY_PLACEHOLDER), ("assistant", "Ready."), ("user", got[-1][1])]
    # feedback on the previous trial stays with the placeholder, once
    assert got2[5] == ("user", "Correct.\n" + STUDY_PLACEHOLDER)
    assert not any("apple" in text for _, text in got2)
    assert sum(text.count("Correct.") for _, text in got2) == 1


def test_old_versions_keep_the_study_message_in_view():
    """``study_stays`` (a version made before the placeholder) reproduces the old requests."""
    obs = Observation(0, {}, (TextPart("Which word was on the list?"),), study=(TextPart("Words: apple, river"),))
    log = []
    turn = asyncio.run(get_strategy("direct").respond(context(obs, study_stays=True), fake_chat(log)))
    got = texts(log[1][1])
    assert got[-3:-1] == [("user", "Words: apple, river"), ("assistant", "Ready.")]
    nxt = replace(obs, trial=1, feedback="Correct.")
    ex = Exchange(obs, turn, StepResult(True, "Correct.", False, nxt))
    log2 = []
    asyncio.run(get_strategy("direct").respond(context(nxt, [ex], study_stays=True), fake_chat(log2)))
    got2 = texts(log2[-1][1])
    assert got2[1:4] == [("user", "Words: apple, river"), ("assistant", "Ready."), ("user", got[-1][1])]
    assert got2[5][1].startswith("Correct.\nWords: apple, river")


def test_single_turn_strategies_send_study_once():
    obs = Observation(0, {}, (TextPart("Which word was on the list?"),), study=(TextPart("Words: apple"),))
    for name in ("mad", "scot"):
        log = []
        turn = asyncio.run(get_strategy(name).respond(context(obs), fake_chat(log)))
        purposes = [p for p, _ in log]
        assert purposes[0] == "study" and purposes.count("study") == 1 and len(log) > 2
        assert texts(log[0][1])[-1] == ("user", "Words: apple")
        for purpose, msgs in log[1:]:
            assert texts(msgs)[1:3] == [("user", STUDY_PLACEHOLDER), ("assistant", "Ready.")]
            assert not any("apple" in text for _, text in texts(msgs)), purpose
        assert turn.calls[0].purpose == "study"


def test_observation_json_carries_study_but_agents_see_no_hidden():
    from machinepsych.participants.agents import public
    obs = Observation(0, {}, (TextPart("q"),), hidden={"key": 1}, study=(TextPart("s"),), study_seconds=3)
    j = obs.to_json()
    assert j["study"] == [{"type": "text", "text": "s"}] and j["study_seconds"] == 3
    p = public(obs)
    assert p.hidden == {} and p.study == obs.study and "hidden" not in p.public_json()

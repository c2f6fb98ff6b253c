"""The methods as this test's strategies, driven with a scripted model: every call recorded by
purpose, ratings re-asked until exactly one, CogGPT's distil / forget / store / profile update /
interpret loop, its recall order with and without the released defect, and resume from calls."""
import asyncio
import json

import numpy as np

from machinepsych.core.play import Episode
from machinepsych.core.types import STUDY_PLACEHOLDER, ModelCall, Usage
from machinepsych.participants.base import Exchange, TurnContext
from machinepsych.prompting.strategies import get_strategy
from machinepsych.tasks.cogbench import SPEC_A, SPEC_A_V1
from machinepsych.tasks.cogbench.coggpt import parse_items, parse_profile
from machinepsych.tasks.cogbench.memory import LongTermMemory, forget, split_text


class WordEmbedder:
    """A deterministic bag-of-words embedder (tests only): unit vectors over hashed words."""

    def encode(self, texts):
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().replace(".", " ").split():
                out[i, sum(map(ord, w)) % 64] += 1.0
        n = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(n == 0, 1, n)


def scripted(purpose: str, text: str) -> str:
    if purpose.startswith("distil"):
        return json.dumps([{"thoughts": "I see", "knowledge": f"Fact {k} about dogs and walking.", "score": k}
                           for k in range(1, 6)])
    if purpose.startswith("profile_update"):
        return ("Assessment: good.\nChanges: Hobbies.\nUpdated profile:\nName: Lena Hoffmann\nHobbies: Dogs\n"
                "Future Outlook: Calm")
    if purpose.startswith("answer:2") and not purpose.startswith("reask"):
        return "Thoughts: I cannot decide."  # no rating: re-asked
    return "Thoughts: As this person I lean in.\nRating: 4"


def play(strategy_name, params, reask=1, embedder=None, stop=None, history=None, spec=SPEC_A, answer="free"):
    env = spec.make(params)
    ep = Episode(env, 7)
    history = list(history or [])
    for ex in history:
        ep.step(ex.turn.action)
    seen = []

    async def chat(messages, purpose, schema=None):
        seen.append((purpose, tuple(messages)))
        reply = (json.dumps({"reasoning": "As this person I lean in.", "rating": 4}) if schema is not None
                 else scripted(purpose, messages[-1].content_text))
        return ModelCall(purpose, tuple(messages), reply, Usage(1, 1), 0.0, "fake")

    strat = get_strategy(strategy_name, spec)
    if embedder is not None:
        strat.embedder = embedder
    scratch = {}
    while not ep.done and (stop is None or len(history) < stop):
        ctx = TurnContext(spec=spec, params=params, instructions=spec.instructions(env, "model"), observation=ep.observation,
                          action_space=ep.action_space, history=list(history), session_seed=7, strategy=strategy_name,
                          scratch=scratch, answer=answer)
        turn = asyncio.run(strat.respond(ctx, chat, reask))
        step = ep.step(turn.action)
        history.append(Exchange(step.observation, turn, step.result))
    return history, seen


def test_cot_calls_by_purpose_and_reask():
    params = SPEC_A.resolve("small")
    history, seen = play("cot", params)
    purposes = [p for p, _ in seen]
    assert purposes[:5] == ["answer:1", "answer:2", "reask:answer:2", "answer:3", "study"]
    first = history[0].turn
    assert first.action["2"] == {"rating": 4, "reason": "As this person I lean in."} and first.reasked
    # the question is asked after the flow's own message, with the flow taken away: the profile
    # and the placeholder stand where the study message was
    study_msgs = [m for p, m in seen if p == "study"][0]
    flow = history[1].observation.study[-1].text
    assert flow in study_msgs[-1].content_text
    assert "It will not be shown again when you answer." in study_msgs[-1].content_text
    first_study = purposes.index("study")
    asks = [m for p, m in seen[first_study:] if p.startswith(("answer:", "reask:answer:"))]
    assert len(asks) >= 6
    for ask in asks:
        assert ask[1].content_text.endswith("\n\n" + STUDY_PLACEHOLDER) and "Statement:" in ask[3].content_text
        assert ask[1].content_text.startswith("Your profile (you are this person):")
        assert not any(flow[:60] in m.content_text for m in ask)


def test_cot_version_1_kept_the_flow_in_view():
    """cogbench-a@1 (kept for old runs): the statement requests carry the study message itself."""
    params = SPEC_A_V1.resolve("small")
    history, seen = play("cot", params, spec=SPEC_A_V1)
    study_msgs = [m for p, m in seen if p == "study"][0]
    ask = [m for p, m in seen if p == "answer:1"][1]
    assert ask[1].content_text == study_msgs[-1].content_text and "Statement:" in ask[-1].content_text
    assert "It will not be shown again" not in study_msgs[-1].content_text
    assert history[1].observation.study[-1].text[:60] not in ask[-1].content_text


def test_unparsed_after_reasks_is_an_invalid_item():
    params = SPEC_A.resolve("small")
    history, _ = play("cot", params, reask=0)
    assert history[0].turn.action["2"]["rating"] is None and history[0].result.info["item_status"]["2"] == "invalid"
    assert history[0].turn.status == "parsed"


def test_structured_cot_asks_for_the_json_object_its_schema_reads():
    """Under --answer structured each statement's prompt asks for the schema's JSON object (reasoning, then
    rating), never the free format's "Thoughts: ... Rating: ..."; free prompts keep the free format."""
    from machinepsych.tasks.cogbench.answer import ONE_STATEMENT_FORMAT, ONE_STATEMENT_JSON_FORMAT

    params = SPEC_A.resolve("small")
    history, seen = play("cot", params, stop=1, answer="structured")
    asks = [m[-1].content_text for p, m in seen if p.startswith("answer:")]
    assert len(asks) == 3
    for text in asks:
        assert text.endswith(ONE_STATEMENT_JSON_FORMAT) and "Thoughts:" not in text and "Rating:" not in text
        assert text.index('"reasoning"') < text.index('"rating"')
    assert history[0].turn.action["1"] == {"rating": 4, "reason": "As this person I lean in."}
    _, seen = play("cot", params, stop=1)
    free = [m[-1].content_text for p, m in seen if p.startswith("answer:")]
    assert free and all(t.endswith(ONE_STATEMENT_FORMAT) and "JSON" not in t for t in free)


def test_react_and_reflexion_see_last_iterations_feedback():
    params = SPEC_A.resolve("small")
    _, seen = play("reflexion", params)
    reflect = [m for p, m in seen if p.startswith("reflect:")]
    assert len(reflect) == 2 * 3  # iterations 1 and 2, three statements
    text = reflect[0][-1].content_text
    assert "you rated it 4" in text and "People with this profile rated it" in text
    _, seen = play("react", params)
    assert not any(p.startswith("reflect") for p, _ in seen)
    assert any("Observation (feedback" in m[-1].content_text for p, m in seen if p.startswith("answer"))


def test_coggpt_loop_and_state_from_stored_calls():
    params = SPEC_A.resolve("small", {"max_attempts": 2, "profile": "Lena Hoffmann"})
    history, seen = play("coggpt", params, embedder=WordEmbedder())
    purposes = [p for p, _ in seen]
    assert purposes[:3] == ["interpret:1", "interpret:2", "interpret:3"]  # iteration 0: profile only
    assert purposes[3:6] == ["distil", "profile_update", "interpret:1"]
    forget_calls = [c for c in history[1].turn.calls if c.purpose == "forget"]
    kept = json.loads(forget_calls[0].reply)
    assert [k["score"] for k in kept] == [3, 4, 5]  # round(0.6 * 5) highest-scored kept
    again = [c for c in history[2].turn.calls if c.purpose == "forget"]
    # the same five items again: facts 3-5 are known and not stored twice; of the two forgotten
    # ones, round(0.6 * 2) = 1 is kept
    assert [k["knowledge"] for k in json.loads(again[0].reply)] == ["Fact 2 about dogs and walking."]
    # iteration 2 interprets with the updated profile and recalled memories
    last = [m for p, m in seen if p == "interpret:1"][-1][-1].content_text
    assert "Hobbies: Dogs" in last and "about dogs and walking." in last and "(nothing yet)" not in last
    # a fresh participant (resume) rebuilds the same state from the stored calls
    _, seen2 = play("coggpt", params, embedder=WordEmbedder(), history=history[:2])
    again = [m for p, m in seen2 if p == "interpret:1"][0][-1].content_text
    assert again == last


def test_profile_update_checks_and_bounded_retries():
    assert parse_profile("Assessment: x\nChanges: y\nUpdated profile:\nName: A\nAge: 3\nFuture Outlook: z\nthanks") == \
        "Name: A\nAge: 3\nFuture Outlook: z"
    assert parse_profile("Updated profile:\nName: A\nFuture Outlook: z") is None  # sections missing
    assert parse_profile("Assessment: x\nChanges: y\nUpdated profile:\nName: A\nAge: 3") is None
    assert parse_items('Here: [{"knowledge": "Dogs bark.", "score": 9}]') == [{"thoughts": "", "knowledge": "Dogs bark.", "score": 5}]
    assert parse_items("no json") is None


def test_forget_and_recall_order_with_the_released_defect():
    items = [{"knowledge": k, "score": s} for k, s in [("a", 1), ("b", 5), ("c", 3), ("d", 5), ("e", 2)]]
    assert [i["knowledge"] for i in forget(items, 0.4)] == ["b", "c", "d"]
    assert forget(items, 0.0) == items
    mem = LongTermMemory(WordEmbedder())
    mem.add([{"knowledge": t, "score": 1} for t in ("dogs run fast", "dogs run", "cats sleep", "fish swim deep",
                                                      "birds sing")])
    fixed = mem.recall("dogs run fast", k=3)
    assert fixed[0] == "dogs run fast" and fixed[1] == "dogs run"
    buggy = mem.recall("dogs run fast", k=3, released_bug=True)
    assert "dogs run fast" not in buggy and len(buggy) == 3
    assert split_text("x" * 2500) == ["x" * 1000, "x" * 1000, "x" * 700]


def test_coggpt_with_the_package_minilm():
    mem = LongTermMemory()  # the oddball test's MiniLM, looked up by name
    mem.add([{"knowledge": "Hiking in the mountains lowers stress.", "score": 4},
             {"knowledge": "Virtual reality headsets cost a lot of money.", "score": 3}])
    assert mem.recall("Is walking outdoors good for the mind?", k=1) == ["Hiking in the mountains lowers stress."]


def test_coggpt_reply_carries_the_profile_and_reads_back_the_same_ratings():
    import matplotlib
    import pandas as pd

    matplotlib.use("Agg")
    from machinepsych.tasks.cogbench.figures import profile_changes

    params = SPEC_A.resolve("small", {"max_attempts": 2, "profile": "Lena Hoffmann"})
    history, _ = play("coggpt", params, embedder=WordEmbedder())
    last = history[-1]
    assert "Current profile:\nName: Lena Hoffmann\nHobbies: Dogs" in last.turn.reply
    assert SPEC_A.answer.parse(last.turn.reply, last.observation) == (last.turn.action, "parsed")
    df = pd.DataFrame([{"task": "cogbench-a", "condition": "m|coggpt", "session": 0, "iteration": ex.observation.trial,
                        "reply": ex.turn.reply, "stimulus": ex.observation.stimulus, "ratings": ex.result.info["ratings"]}
                       for ex in history])
    [(title, fig)] = profile_changes(df, None, SPEC_A)
    text = " ".join(t.get_text() for t in fig.axes[0].texts)
    assert "+Hobbies: Dogs" in text and "-Hobbies: Hiking" in text


def test_the_docs_say_what_each_method_and_direct_send():
    """docs/cogbench.md describes the requests as sent: the paper's methods ask one statement
    per request in the one-statement format (no block of all statements); only ``-s direct``
    sends the block format."""
    from pathlib import Path

    from machinepsych.tasks.cogbench.answer import MODEL_INSTRUCTION, ONE_STATEMENT_FORMAT

    params = SPEC_A.resolve("small")
    for method in ("cot", "react", "reflexion", "coggpt"):
        _, seen = play(method, params, embedder=WordEmbedder(), stop=1)
        asks = [m for p, m in seen if p.startswith(("answer:", "interpret:"))]
        assert len(asks) == 3, method  # the small preset's three statements
        for ask in asks:
            text = "\n".join(m.content_text for m in ask)
            assert text.endswith(ONE_STATEMENT_FORMAT) and "Statement <number>" not in text, method
            assert MODEL_INSTRUCTION not in text and "Statement 2:" not in text, method
    doc = " ".join((Path(__file__).parents[3] / "docs" / "cogbench.md").read_text().split())
    models = doc[doc.index("* **Models**"):doc.index("* **People**")]
    assert "one statement per request" in models and "Only a run with `-s direct`" in models
    assert "Rating: <one number from 1 to 5>" in models

"""What a model is sent: system message (persona + instructions), strategy suffix on every
trial, inline vs separate feedback, full history, re-ask policy; all over real HTTP."""
import pytest

from machinepsych.prompting.personas import PERSONAS
from machinepsych.prompting.strategies import DEFAULT_SUFFIXES, REASK_TEXT
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import request_messages, trials_frame
from machinepsych.storage.store import Store
from tests.support.fake_openai import message_text


def run(store, base_url, task, n, name, **kw):
    strategies = kw.pop("strategies", ["direct"])
    personas = kw.pop("personas", ["none"])
    p = ParticipantSpec(ref="openai:fake", base_url=base_url, **kw)
    create_run(store, RunSpec(tasks=[TaskRun(task=task, params={"n_trials": n}, sessions=1)], participants=[p],
                              strategies=strategies, personas=personas, name=name))
    stats = run_sync(store, name, progress=False)
    assert stats.sessions_failed == 0, stats.failures
    return trials_frame(store, name)


def test_inline_feedback_suffix_and_persona(fake_openai, tmp_path):
    store = Store(tmp_path / "a.db")
    run(store, fake_openai.base_url, "wcst", 3, "a", strategies=["cot"], personas=["goal_maint"])
    last = fake_openai.bodies[-1]["messages"]
    assert [m["role"] for m in last] == ["system", "user", "assistant", "user", "assistant", "user"]
    system = message_text(last[0])
    assert system.startswith(PERSONAS["goal_maint"]) and "Selection: <1-4>" in system
    users = [message_text(m) for m in last if m["role"] == "user"]
    assert all(u.endswith(DEFAULT_SUFFIXES["cot"]) for u in users)
    assert users[1].startswith(("Correct.", "Incorrect.")) and not users[0].startswith(("Correct", "Incorrect"))
    # the history holds the model's own earlier replies, verbatim
    df = trials_frame(store, "a")
    assert [message_text(m) for m in last if m["role"] == "assistant"] == list(df["reply"][:2])


def test_separate_feedback_keeps_acknowledgement(fake_openai, tmp_path):
    store = Store(tmp_path / "b.db")
    fake_openai.reply = lambda msgs: "Understood." if message_text(msgs[-1]) in ("Correct!", "Incorrect!") else "2"
    df = run(store, fake_openai.base_url, "wcst-kennedy", 3, "b", strategies=["free"])
    last = fake_openai.bodies[-1]["messages"]
    texts = [message_text(m) for m in last]
    # ... reply 1, feedback 1, "Understood.", trial 2, reply 2, feedback 2, "Understood.", trial 3
    assert [m["role"] for m in last] == ["system"] + ["user", "assistant", "user", "assistant"] * 2 + ["user"]
    assert texts[3] in ("Correct!", "Incorrect!") and texts[4] == "Understood."
    assert texts[-1].startswith("New Card:")
    assert list(df["n_calls"]) == [1, 2, 2] and set(df["action"]) == {2}
    assert len(fake_openai.bodies) == 5


def test_reask_policy_off_by_default_and_recorded_when_on(fake_openai, tmp_path):
    store = Store(tmp_path / "c.db")

    def stubborn_then_ok(msgs):
        return "Selection: 3" if message_text(msgs[-1]) == REASK_TEXT else "I am not sure."

    fake_openai.reply = stubborn_then_ok
    off = run(store, fake_openai.base_url, "wcst", 2, "off")
    assert list(off["parse_status"]) == ["invalid", "invalid"] and not off["reasked"].any()
    assert (off["correct"] == False).all()  # noqa: E712  invalid = error trial, never skipped
    on = run(store, fake_openai.base_url, "wcst", 2, "on", reask=1)
    assert list(on["parse_status"]) == ["parsed", "parsed"] and on["reasked"].all()
    assert list(on["action"]) == [3, 3] and list(on["n_calls"]) == [2, 2]
    # the re-ask exchange stays in the conversation
    sid = store.sessions(store.get_run("on").id)[0].id
    msgs = request_messages(store, sid, 1)
    texts = [m["parts"][0]["text"] for m in msgs]
    assert texts[2] == "I am not sure." and texts[3] == REASK_TEXT and texts[4] == "Selection: 3"


def test_usage_and_cost_recorded(fake_openai, tmp_path):
    store = Store(tmp_path / "d.db")
    fake_openai.cached_tokens = 3
    df = run(store, fake_openai.base_url, "lnt", 2, "d")
    assert (df["prompt_tokens"] > 0).all() and (df["completion_tokens"] > 0).all()
    assert (df.loc[df["trial"] == 0, "cached_tokens"] == 3).all()
    # a model missing from the price table has no cost (never a made-up one)
    assert df["cost_usd"].isna().all()


@pytest.mark.parametrize("fmt", ["csv", "parquet", "jsonl"])
def test_export_formats_roundtrip(tmp_path, fmt):
    import json

    import pandas as pd

    from machinepsych.storage.export import write_export

    store = Store(tmp_path / "e.db")
    create_run(store, RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": 12}, sessions=2)],
                              participants=[ParticipantSpec(ref="agent:ideal")], name="e"))
    run_sync(store, "e", progress=False)
    df = trials_frame(store, "e")
    path = write_export(df, tmp_path / f"t.{fmt}")
    back = {"csv": pd.read_csv, "parquet": pd.read_parquet,
            "jsonl": lambda p: pd.read_json(p, lines=True)}[fmt](path)
    assert len(back) == 24
    for col in ("session", "trial", "stimulus", "reply", "action", "parse_status", "correct", "rule", "matches"):
        assert col in back.columns
    stim = back["stimulus"].iloc[0]
    stim = json.loads(stim) if isinstance(stim, str) else stim
    assert set(stim) >= {"card", "options"}
    if fmt == "csv":  # matches is ';'-separated, ready for `machinepsych score`
        assert all(isinstance(m, str) or pd.isna(m) for m in back["matches"])


def test_every_reask_stays_in_the_history(fake_openai, tmp_path):
    """With --reask 2, a reply re-asked twice keeps both failed replies in later requests."""
    store = Store(tmp_path / "f.db")
    count = {"n": 0}

    def twice_then_ok(msgs):
        if message_text(msgs[-1]) == REASK_TEXT:
            count["n"] += 1
            return "Selection: 1" if count["n"] % 2 == 0 else "still unsure"
        return "no idea"

    fake_openai.reply = twice_then_ok
    df = run(store, fake_openai.base_url, "wcst", 2, "f", reask=2)
    assert list(df["n_calls"]) == [3, 3] and list(df["action"]) == [1, 1]
    last = [message_text(m) for m in fake_openai.bodies[-1]["messages"]]
    # trial 1's exchange: prompt, "no idea", re-ask, "still unsure", re-ask, "Selection: 1"
    assert last[2:7] == ["no idea", REASK_TEXT, "still unsure", REASK_TEXT, "Selection: 1"]
    sid = store.sessions(store.get_run("f").id)[0].id
    assert [m["parts"][0]["text"] for m in request_messages(store, sid, 1)] == last

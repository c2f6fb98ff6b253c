"""Runner end to end on built-in agents: storage, resume, no duplicates, same results."""
import asyncio

import pytest

from machinepsych.participants.agents import AgentParticipant
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.runner.session import drive_session
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store


from tests.support.runs import Crash, CrashingAgent, crash_two_sessions_then_resume, make_run


def comparable(df):
    return df[["session", "trial", "reply", "action", "parse_status", "correct", "feedback", "rule"]].astype(str).values.tolist()


def test_full_run_stores_every_trial(tmp_path):
    store = Store(tmp_path / "a.db")
    make_run(store, "r1")
    stats = run_sync(store, "r1", progress=False)
    assert stats.sessions_done == 7 and stats.sessions_failed == 0
    df = trials_frame(store, "r1")
    assert len(df) == 3 * 64 + 2 * 25 + 2 * 25
    assert set(df["parse_status"]) == {"parsed"}
    assert not df.duplicated(["session", "trial"]).any()
    assert store.get_run("r1").status == "complete"


def test_resume_after_crash_gives_identical_results(tmp_path):
    store = Store(tmp_path / "b.db")
    make_run(store, "full", agent="wsls")
    run_sync(store, "full", progress=False)
    expected = comparable(trials_frame(store, "full"))

    stats = crash_two_sessions_then_resume(store, "crashy", (("wcst", 3), ("lnt", 2), ("wcst-kennedy", 2)))
    assert stats.sessions_failed == 0
    got = comparable(trials_frame(store, "crashy"))
    assert got == expected
    # resuming a complete run is a no-op
    again = run_sync(store, "crashy", progress=False)
    assert again.trials == 0 and len(trials_frame(store, "crashy")) == len(expected)


def test_resume_detects_changed_protocol(tmp_path):
    from machinepsych.core.errors import ResumeMismatchError
    from sqlalchemy import update
    from machinepsych.storage.schema import TrialRow

    store = Store(tmp_path / "c.db")
    make_run(store, "m", tasks=(("lnt", 1),))
    row = store.sessions(store.get_run("m").id)[0]
    with pytest.raises(Crash):
        asyncio.run(drive_session(store, row, CrashingAgent("ideal", 5)))
    with store.session() as s:  # tamper with a stored stimulus
        s.execute(update(TrialRow).where(TrialRow.session_id == row.id, TrialRow.index == 2)
                  .values(observation={"trial": 2, "stimulus": {"letter": "x"}}))
        s.commit()
    with pytest.raises(ResumeMismatchError, match="changed"):
        asyncio.run(drive_session(store, row, AgentParticipant("ideal")))


def test_reference_agents_match_published_simulation(tmp_path):
    """spec §4.3: ideal agent CC 4.97, accuracy 87.8%; random accuracy 25.1%, NPE 47.9."""
    from machinepsych.core.scoring import score_sessions, summarize
    from machinepsych.tasks import get_task

    store = Store(tmp_path / "d.db")
    out = {}
    for agent in ("ideal", "random"):
        spec = RunSpec(tasks=[TaskRun(task="wcst", sessions=60)], participants=[ParticipantSpec(ref=f"agent:{agent}")],
                       name=agent)
        create_run(store, spec)
        run_sync(store, agent, progress=False)
        out[agent] = summarize(score_sessions(get_task("wcst"), trials_frame(store, agent)))
    assert out["ideal"]["CC"]["mean"] == pytest.approx(4.97, abs=0.1)
    assert out["ideal"]["accuracy"]["mean"] == pytest.approx(87.8, abs=2.0)
    assert out["ideal"]["PE"]["mean"] == pytest.approx(5.58, abs=0.8)
    assert out["random"]["accuracy"]["mean"] == pytest.approx(25.1, abs=2.0)
    assert out["random"]["NPE"]["mean"] == pytest.approx(47.9, abs=2.0)
    assert out["random"]["TFC"]["n"] == 0


def test_battery_parameters_go_to_the_tests_that_have_them():
    from machinepsych.core.errors import UnknownNameError
    from machinepsych.runner.plan import expand_tasks

    tasks = expand_tasks("reflection-bench", None, {"trials": 30}, None, "hard")
    by_task = {t.task: t for t in tasks}
    assert by_task["prlt"].params["trials"] == 30 and by_task["prlt"].preset == "hard"
    assert "trials" not in by_task["wcst-reflection"].params  # x, not trials, sets its length
    assert "oddball" not in by_task  # the paper's hard setting leaves it out
    with pytest.raises(UnknownNameError, match="trials"):
        expand_tasks("reflection-bench", None, {"trails": 30}, None)

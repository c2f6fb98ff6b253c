"""react and reflexion are fed the Rationality of their previous reasoning where people (or, opt-in,
an LLM judge, said to be one) have annotated it in the store, as the paper's feedback holds it;
"not available" where nobody has. The requests are read as a scripted OpenAI-compatible server
received them."""
import pytest

from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.annotations import JUDGE_PREFIX, save
from machinepsych.storage.store import Store
from machinepsych.tasks.cogbench.data import shipped
from tests.support.fake_openai import message_text

STATEMENTS = shipped("a").topic("Pets").statements[:2]
NOT_AVAILABLE = "Rationality score of your reasoning (1-5): not available."
BY_PEOPLE = "Rationality score of your reasoning (1-5), given by people who read it: {}."
BY_JUDGE = "Rationality score of your reasoning (1-5), given by an LLM judge, not by people: {}."


def run_with_annotations(server, tmp_path, strategy: str, **params) -> dict[tuple[int, int, str], str]:
    """Run 2 iterations x 2 statements after annotating iteration 0; returns the text of every
    request by (iteration, statement number, purpose: answer / reflect)."""
    server.reply = lambda messages: "Thoughts: As this person I lean in.\nRating: 4"
    tmp_path.mkdir(parents=True, exist_ok=True)
    store = Store(tmp_path / f"{strategy}.db")
    name = f"fb-{strategy}"
    create_run(store, RunSpec(tasks=[TaskRun(task="cogbench-a", sessions=1,
                                             params={"iterations": 2, "statements": 2, "topic": "Pets",
                                                     "profile": "Marcus Chen", **params})],
                              participants=[ParticipantSpec(ref="openai:fake", base_url=server.base_url)],
                              strategies=[strategy], name=name))
    run = store.get_run(name)
    s = store.sessions(run.id)[0]
    # iteration 0 (trial 0): statement 1 scored by three people (majority 4), statement 2 only by
    # an LLM judge (3); nothing of iteration 1
    for annotator, score in (("Ann", 4), ("Bo", 4), ("Cy", 2)):
        save(store, run.id, f"{s.id}:0:1", annotator, score)
    save(store, run.id, f"{s.id}:0:2", JUDGE_PREFIX + "fake:judge", 3)
    stats = run_sync(store, name, progress=False)
    assert stats.sessions_failed == 0, stats.failures
    out = {}
    iteration = -1
    for body in server.bodies:
        last = message_text(body["messages"][-1])
        j = next((k + 1 for k, st in enumerate(STATEMENTS) if f"Statement: {st}" in last), None)
        if j is None:  # the study call that opens iterations 1..
            continue
        purpose = "reflect" if "Reflect on this feedback" in last else "answer"
        # requests come in order: statement 1 opens each iteration (its reflect call, where there
        # is one, then its answer)
        if j == 1 and not (purpose == "answer" and (iteration, 1, "reflect") in out
                           and (iteration, 1, "answer") not in out):
            iteration += 1
        out[(iteration, j, purpose)] = last
    store.close()
    return out


@pytest.mark.parametrize("strategy", ["react", "reflexion"])
def test_people_scores_are_fed_back_and_a_judge_only_when_asked(fake_openai, tmp_path, strategy):
    got = run_with_annotations(fake_openai, tmp_path, strategy)
    purposes = ("answer", "reflect") if strategy == "reflexion" else ("answer",)
    for purpose in purposes:
        # iteration 0 has no feedback at all
        assert "Observation" not in got[(0, 1, "answer")]
        # iteration 1, statement 1: people's majority of 4, 4, 2
        assert BY_PEOPLE.format(4) in got[(1, 1, purpose)]
        # statement 2: only a judge scored it and the judge was not asked for: not available
        assert NOT_AVAILABLE in got[(1, 2, purpose)] and "judge" not in got[(1, 2, purpose)]
        # iteration 2: nobody annotated iteration 1
        assert NOT_AVAILABLE in got[(2, 1, purpose)] and NOT_AVAILABLE in got[(2, 2, purpose)]
    fake_openai.reset()
    judged = run_with_annotations(fake_openai, tmp_path / "judge", strategy, rationality_judge=True)
    assert BY_JUDGE.format(3) in judged[(1, 2, "answer")]
    assert BY_PEOPLE.format(4) in judged[(1, 1, "answer")]  # people first, the judge only where none scored


def test_cot_gets_no_feedback(fake_openai, tmp_path):
    fake_openai.reply = lambda messages: "Thoughts: fine.\nRating: 3"
    store = Store(tmp_path / "cot.db")
    create_run(store, RunSpec(tasks=[TaskRun(task="cogbench-a", sessions=1,
                                             params={"iterations": 1, "statements": 2, "topic": "Pets"})],
                              participants=[ParticipantSpec(ref="openai:fake", base_url=fake_openai.base_url)],
                              strategies=["cot"], name="c"))
    run = store.get_run("c")
    save(store, run.id, f"{store.sessions(run.id)[0].id}:0:1", "Ann", 5)
    assert run_sync(store, "c", progress=False).sessions_failed == 0
    assert not any("Rationality" in message_text(m) for b in fake_openai.bodies for m in b["messages"])
    store.close()

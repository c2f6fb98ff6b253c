"""machinepsych and inspect_ai (docs/inspect.md), offline:

* every catalog test is an inspect task found through the ``inspect_ai`` entry point
  (``machinepsych/<test>``), answered by our agents served as inspect models
  (``machinepsych/agent-wsls``): one test of each family writes a successful log with our
  scores, and a session scores exactly as the same session of ``machinepsych run``;
* inspect's ``mockllm/model`` with scripted outputs that carry their usage (without it inspect
  counts tokens with a tokenizer it downloads): the requests are the very messages a
  machinepsych run sends (strategy, re-asks), the usage is ours, and a second eval with
  ``-T cache=true`` replays every call from inspect's cache;
* ``machinepsych export RUN --format inspect`` of a run taken by a person, an agent and a model
  is a log with one sample per session that ``inspect log dump`` reads;
* the ``inspect:`` participant completes a machinepsych run (``inspect:machinepsych/agent-wsls``
  scores as ``agent:wsls``; ``inspect:mockllm/model`` above).
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai", reason="inspect_ai is not installed: pip install 'machinepsych[inspect]'")

from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.log import read_eval_log  # noqa: E402
from inspect_ai.model import ModelOutput, ModelUsage, get_model  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from machinepsych.cli import app  # noqa: E402
from machinepsych.integrations.inspect.task import machinepsych_task  # noqa: E402
from machinepsych.prompting.strategies import REASK_TEXT  # noqa: E402
from machinepsych.runner.plan import ParticipantSpec, RunSpec, expand_tasks  # noqa: E402
from machinepsych.runner.run import create_run  # noqa: E402
from machinepsych.storage.store import Store  # noqa: E402

INSPECT = Path(sys.executable).with_name("inspect")


def _cli(*args: str) -> str:
    res = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output + repr(res.exception)
    return res.output


def _eval(task, model, log_dir, **kw):
    logs = inspect_eval(task, model=model, log_dir=str(log_dir), display="none", **kw)
    assert len(logs) == 1
    log = logs[0]
    assert log.status == "success", log.error
    assert Path(log.location).suffix == ".eval" and Path(log.location).exists()
    return log


def _session_scores(db: Path, run: str) -> dict[tuple[str, int], dict]:
    """{(participant, seed): metrics} of a stored run."""
    st = Store(f"sqlite:///{db}")
    try:
        r = st.get_run(run)
        scores = st.scores(r.id)
        return {(s.participant_name, s.seed): scores[s.id].metrics for s in st.sessions(r.id) if s.id in scores}
    finally:
        st.close()


def test_the_entry_point_names_the_registry_module():
    eps = {ep.name: ep.value for ep in entry_points(group="inspect_ai")}
    assert eps.get("machinepsych") == "machinepsych.integrations.inspect._registry", (
        "reinstall the package (pip install -e '.[inspect]') so inspect finds machinepsych's tasks")


def test_wcst_through_the_registry_with_an_agent_scores_as_machinepsych_run(tmp_path):
    # `inspect eval machinepsych/wcst --model machinepsych/agent-wsls -T n_trials=12 -T sessions=2 -T seed=5`
    log = _eval("machinepsych/wcst", "machinepsych/agent-wsls", tmp_path / "logs",
                task_args={"n_trials": 12, "sessions": 2, "seed": 5, "chance": 300})
    assert log.eval.task == "machinepsych/wcst" and log.eval.model == "machinepsych/agent-wsls"
    assert [s.id for s in log.samples] == [0, 1] and [s.metadata["seed"] for s in log.samples] == [5, 6]
    meta = log.eval.metadata["machinepsych"]
    assert (meta["key"], meta["primary"], meta["params"]["n_trials"]) == ("wcst-v2", "accuracy", 12)
    assert meta["declared"]["accuracy"] == {"label": "accuracy (invalid replies are errors)", "unit": "%",
                                            "scale": [0.0, 100.0], "higher_is_better": True, "summary": False}
    assert meta["chance"]["n"] == 300 and 0 < meta["chance"]["metrics"]["accuracy"]["mean"] < 100
    assert isinstance(meta["norms"], list)
    # the conversation: instructions, then each trial and the agent's canonical reply
    msgs = log.samples[0].messages
    assert [m.role for m in msgs[:3]] == ["system", "user", "assistant"] and len(msgs) == 1 + 2 * 12
    assert re.fullmatch(r"Selection: [1-4]", msgs[2].text)
    # results: the declared metrics with mean, stderr and n, and their scales
    by_name = {s.name: s for s in log.results.scores}
    assert set(by_name) == {"CC", "PE", "NPE", "TFC", "CLR", "FMS", "accuracy", "errors", "trials", "CC_norm", "P_w",
                            "invalid"}
    acc = by_name["accuracy"]
    assert acc.scorer == "wcst" and acc.metadata["declared"]["accuracy"]["scale"] == [0.0, 100.0]
    assert {m.name for m in acc.metrics.values()} == {"mean", "stderr", "n"}
    # the very sessions machinepsych run gives agent:wsls (same seeds, same scorer)
    db = tmp_path / "r.db"
    _cli("run", "wcst", "--model", "agent:wsls", "--sessions", "2", "--seed", "5", "--param", "n_trials=12",
         "--store", str(db), "--run-name", "w", "--no-progress")
    stored = _session_scores(db, "w")
    for s in log.samples:
        ours = stored[("agent:wsls", s.metadata["seed"])]
        theirs = s.scores["wcst"].value
        assert {k: v for k, v in ours.items() if v is not None} == {k: v for k, v in theirs.items() if v == v}
        assert all(theirs[k] != theirs[k] for k, v in ours.items() if v is None and k in theirs)  # undefined: NaN


@pytest.mark.parametrize("test, model, args, n_messages", [
    ("wpt", "machinepsych/agent-wsls", {"trials": 24, "estimate_from": 8}, 1 + 2 * 24),              # reflection
    ("visfactor-cf1", "machinepsych/agent-ideal", {"n_items": 3}, 1 + 2 * 3),                      # visfactor (images)
    ("cogbench-a", "machinepsych/agent-mover", {"preset": "small"}, None),                         # cogbench (study turns)
    ("lnt", "machinepsych/agent-wsls", {"n_trials": 8}, None),                                     # cardsort, feedback apart
])
def test_one_test_of_each_family_writes_a_log_with_our_scores(tmp_path, test, model, args, n_messages):
    log = _eval(f"machinepsych/{test}", model, tmp_path, task_args={**args, "chance": 0}, limit=1)
    sample = log.samples[0]
    spec_id = test
    score = sample.scores[spec_id]
    primary = log.eval.metadata["machinepsych"]["primary"]
    assert isinstance(score.value[primary], (int, float)) and score.value[primary] == score.value[primary]
    assert "[primary]" in score.explanation and score.metadata["unread"] == 0
    assert log.eval.metadata["machinepsych"]["chance"] is None  # -T chance=0
    if n_messages is not None:
        assert len(sample.messages) == n_messages
    if test == "visfactor-cf1":
        assert any(c.type == "image" for m in sample.messages if not isinstance(m.content, str) for c in m.content)
    if test == "cogbench-a":  # the study material, then the placeholder that took its place
        texts = [m.text for m in sample.messages]
        assert any("[The study material was shown here and has been taken away.]" in t for t in texts)
    if test == "lnt":  # the feedback is its own message, acknowledged
        assert any(m.role == "assistant" and m.text == "OK" for m in sample.messages)


def _scripted(seen: list):
    """mockllm's outputs, each with its usage: the first reply to a trial is unreadable on
    even trials, the re-ask is answered; every request's sampling seed and (role, text) of its
    messages are kept in ``seen``."""

    def reply(input, tools, tool_choice, config):
        seen.append((config.seed, [(m.role, m.text) for m in input]))
        last = input[-1].text
        if last == REASK_TEXT:
            text = "Selection: 2"
        else:
            trial = int(re.search(r"Trial (\d+) of", last).group(1))
            text = "I am not sure." if trial % 2 == 0 else f"Selection: {trial % 4 + 1}"
        out = ModelOutput.from_content("mockllm/model", text)
        out.usage = ModelUsage(input_tokens=9, output_tokens=3, total_tokens=12, input_tokens_cache_read=1)
        return out

    return reply


def test_mockllm_gets_the_messages_a_machinepsych_run_sends(tmp_path, monkeypatch):
    monkeypatch.setenv("INSPECT_CACHE_DIR", str(tmp_path / "cache"))
    seen_inspect: list = []
    task = machinepsych_task("wcst", n_trials=6, sessions=1, seed=4, strategy="cot", reask=1, chance=0, cache=True)
    log = _eval(task, get_model("mockllm/model", custom_outputs=_scripted(seen_inspect)), tmp_path / "logs", seed=7)
    sample = log.samples[0]
    assert len(seen_inspect) == 6 + 3  # one re-ask on each even trial
    assert seen_inspect[0][0] == 7 + 1000 * 4 + 0 and seen_inspect[-1][0] == 7 + 1000 * 4 + 5  # as --model-seed 7
    usage = sample.model_usage["mockllm/model"]
    assert (usage.input_tokens, usage.output_tokens, usage.input_tokens_cache_read) == (9 * 9, 3 * 9, 9)
    assert sample.scores["wcst"].value["invalid"] == 0  # every re-ask was answered

    # a retried sample replays its calls from inspect's cache: the same eval again calls the model never
    again: list = []
    log2 = _eval(machinepsych_task("wcst", n_trials=6, sessions=1, seed=4, strategy="cot", reask=1, chance=0, cache=True),
                 get_model("mockllm/model", custom_outputs=_scripted(again)), tmp_path / "logs2", seed=7)
    assert again == [] and log2.samples[0].scores["wcst"].value == sample.scores["wcst"].value

    # the same session through machinepsych run with the inspect: participant (the same script)
    from machinepsych.models import inspect_model
    from machinepsych.participants.spec import ParticipantSpec
    from machinepsych.runner.plan import RunSpec, TaskRun
    from machinepsych.runner.run import create_run, run_sync

    seen_run: list = []

    class Scripted(inspect_model.InspectModel):
        def __init__(self, model, base_url=None, prices=None):
            super().__init__(model, base_url, prices, custom_outputs=_scripted(seen_run))

    monkeypatch.setattr(inspect_model, "InspectModel", Scripted)
    st = Store(f"sqlite:///{tmp_path / 'm.db'}")
    try:
        spec = RunSpec(tasks=[TaskRun(task="wcst", params={"n_trials": 6}, sessions=1)], strategies=["cot"], seed=4,
                       participants=[ParticipantSpec(ref="inspect:mockllm/model", reask=1, seed=7)], name="m")
        create_run(st, spec)
        stats = run_sync(st, "m", progress=False)
        assert stats.sessions_done == 1 and stats.sessions_failed == 0
        assert seen_run == seen_inspect  # the very requests (and sampling seeds), call by call
        run = st.get_run("m")
        trials = st.trials(st.sessions(run.id)[0].id)
        assert sum(t.prompt_tokens for t in trials) == 9 * 10 and sum(t.cached_tokens for t in trials) == 9
        assert [t.reply for t in trials] == [log.samples[0].store["machinepsych:trials"][i]["reply"] for i in range(6)]
    finally:
        st.close()


def test_the_inspect_participant_runs_an_agent_served_by_inspect(tmp_path):
    db = tmp_path / "p.db"
    _cli("run", "wcst", "--model", "inspect:machinepsych/agent-wsls", "--model", "agent:wsls", "--sessions", "2",
         "--param", "n_trials=12", "--store", str(db), "--run-name", "p", "--no-progress")
    scores = _session_scores(db, "p")
    assert len(scores) == 4
    for seed in (0, 1):
        assert scores[("inspect:machinepsych/agent-wsls", seed)] == scores[("agent:wsls", seed)]


def test_resume_repoints_an_inspect_participant(tmp_path):
    # a run stopped part-way goes on with another model of the same inspect provider
    db = tmp_path / "r.db"
    st = Store(db)
    create_run(st, RunSpec(tasks=expand_tasks("wcst", None, {"n_trials": 6}, 2),
                           participants=[ParticipantSpec(ref="inspect:machinepsych/agent-random")], name="r"))
    st.close()
    res = CliRunner().invoke(app, ["resume", "r", "--store", str(db), "--model", "openai:gpt-4o"])
    assert res.exit_code != 0 and "inspect (machinepsych) provider family" in str(res.exception)
    res = CliRunner().invoke(app, ["resume", "r", "--store", str(db), "--model", "inspect:mockllm"])
    assert res.exit_code != 0 and "inspect:PROVIDER/MODEL" in str(res.exception)
    _cli("resume", "r", "--store", str(db), "--model", "agent-wsls", "--no-progress")  # a bare name keeps inspect
    scores = _session_scores(db, "r")
    assert {ref for ref, _ in scores} == {"inspect:machinepsych/agent-wsls"} and len(scores) == 2


def _take_as_person(store: Store, row) -> None:
    """A person's answers, stored as the web app stores them (canonical reply, response time)."""
    from machinepsych.participants.agents import canonical_turn
    from machinepsych.runner.session import replay, trial_record

    rp = replay(store, row)
    i = 0
    while not rp.episode.done:
        obs = rp.episode.observation
        turn = canonical_turn(rp.spec, obs, rp.episode.action_space.options[i % 4], latency_s=0.8)
        result = rp.episode.step(turn.action).result
        rec = trial_record(obs, turn, result, i)
        rec.info = {**(rec.info or {}), "rt_ms": 800}
        store.commit_trial_sync(row.id, rec)
        i += 1
    store.set_session_status(row.id, "complete")


def test_export_of_a_run_of_a_person_an_agent_and_a_model_is_an_inspect_log(tmp_path):
    from machinepsych.participants.spec import ParticipantSpec
    from machinepsych.runner.plan import TaskRun
    from machinepsych.runner.run import run_sync
    from tests.web.helpers import human_run

    db = tmp_path / "x.db"
    st = Store(f"sqlite:///{db}")
    try:
        run = human_run(st, [TaskRun(task="wcst", params={"n_trials": 8}, sessions=2)], "mixed",
                        extra=[ParticipantSpec(ref="agent:wsls"), ParticipantSpec(ref="inspect:machinepsych/agent-random")])
        run_sync(st, "mixed", progress=False)
        people = [s for s in st.sessions(run.id) if s.participant_name == "human"]
        _take_as_person(st, people[0])  # the second person never came: a pending session
        sessions = st.sessions(run.id)
    finally:
        st.close()
    out = tmp_path / "mixed.eval"
    said = _cli("export", "mixed", "--format", "inspect", "--out", str(out), "--store", str(db))
    assert "Wrote 6 sessions" in said and out.exists()
    log = read_eval_log(str(out))
    assert log.status == "cancelled"  # one session was never taken
    assert [s.id for s in log.samples] == [s.index for s in sessions]
    by_id = {s.id: s for s in log.samples}
    stored = _session_scores(db, "mixed")
    for s in sessions:
        sample = by_id[s.index]
        md = sample.metadata
        assert (md["participant"], md["seed"], md["status"], md["condition"]) == (
            s.participant_name, s.seed, s.status, s.condition)
        if s.status != "complete":
            assert sample.scores is None and md["trials"] == 0
            continue
        trials = sample.store["machinepsych:trials"]
        assert len(trials) == 8 and sample.messages[-1].role == "assistant"
        assert sample.messages[-1].text == trials[-1]["reply"]
        metrics = stored[(s.participant_name, s.seed)]
        assert {k: v for k, v in sample.scores["wcst"].value.items() if v == v} == {
            k: v for k, v in metrics.items() if v is not None}
    kinds = {by_id[s.index].metadata["participant_kind"] for s in sessions}
    assert kinds == {"person", "agent", "model"}
    person = by_id[people[0].index]
    assert person.messages[0].role == "system" and person.messages[0].text == people[0].instructions
    assert "machinepsych/agent-random" in by_id[next(s.index for s in sessions if s.participant_name.startswith("inspect:"))].model_usage
    groups = {m.group for sc in log.results.scores for m in sc.metrics.values()}
    assert groups == {"human", "agent:wsls", "inspect:machinepsych/agent-random | direct"}
    assert log.eval.metadata["machinepsych"]["run"] == "mixed"
    assert log.eval.metadata["machinepsych"]["tests"]["wcst-v2"]["declared"]["accuracy"]["scale"] == [0.0, 100.0]
    # inspect's own command line reads it
    dump = subprocess.run([str(INSPECT), "log", "dump", str(out)], capture_output=True, text=True, timeout=120)
    assert dump.returncode == 0, dump.stderr[-2000:]
    dumped = json.loads(dump.stdout)
    assert len(dumped["samples"]) == 6 and dumped["eval"]["model"] == "machinepsych/mixed"


def test_export_inspect_refuses_images_and_the_agent_model_a_free_prompt(tmp_path):
    res = CliRunner().invoke(app, ["export", "r", "--format", "inspect", "--out", str(tmp_path / "r.eval"),
                                   "--images", str(tmp_path / "img"), "--store", str(tmp_path / "none.db")])
    assert res.exit_code != 0 and "an inspect log carries the run's images itself" in str(res.exception)
    assert not (tmp_path / "r.eval").exists() and not (tmp_path / "none.db").exists()
    import asyncio

    model = get_model("machinepsych/agent-wsls")
    with pytest.raises(Exception, match="answers only machinepsych's own sessions"):
        asyncio.run(model.generate("Which card?"))


def test_a_retried_sample_replays_its_earlier_calls_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("INSPECT_CACHE_DIR", str(tmp_path / "cache"))
    calls: list = []
    script = _scripted([])

    def flaky(input, tools, tool_choice, config):
        calls.append(input[-1].text)
        if len(calls) == 4:  # the endpoint fails once, on the session's fourth call
            raise RuntimeError("connection reset")
        return script(input, tools, tool_choice, config)

    task = machinepsych_task("wcst", n_trials=5, sessions=1, seed=2, chance=0, cache=True)
    log = _eval(task, get_model("mockllm/model", custom_outputs=flaky), tmp_path / "logs", retry_on_error=1)
    sample = log.samples[0]
    assert len(sample.error_retries or []) == 1 and sample.scores["wcst"].value["trials"] == 5
    # 5 calls (no re-ask): 4 in the first attempt (the 4th failed), then only the 4th and 5th
    # again; the retry's first three came from the cache
    assert len(calls) == 4 + 2 and calls[4] == calls[3]


def test_a_split_task_carries_no_human_norm():
    """The kit's norm is of the kit's own format: an inspect task (or an exported run) of split
    VisFactor sessions carries none, one of default sessions the converted norm (issue 30)."""
    from machinepsych.integrations.inspect.scorer import norms_info
    from machinepsych.tasks.catalog import get_task

    spec = get_task("visfactor-p3")
    split, whole = spec.resolve("split", {}), spec.resolve("default", {})
    assert norms_info(spec, [split]) == [] and norms_info(spec, [split.model_dump(mode="json")]) == []
    assert [n["value"] for n in norms_info(spec, [whole])] == [77.17]
    assert [n["value"] for n in norms_info(spec, [split, whole.model_dump(mode="json")])] == [77.17]
    assert norms_info(spec, [spec.resolve("default", {"perturb": ["geometric"]})]) == []

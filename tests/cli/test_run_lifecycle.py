"""The commands around a run (issue 19, 5b-d): ``resume RUN --base-url/--model`` repoints a
model participant (recorded in the run's history, shown in the report, no key stored);
``runs delete RUN`` deletes a run and everything of it but the images other runs show (SQLite
and PostgreSQL); ``export --out`` refuses a missing folder. Every refusal is one line on
stderr with exit code 2 and changes nothing."""
from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.plan import RunSpec, TaskRun
from machinepsych.runner.repoint import plan_repoint
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage import annotations, figures, study
from machinepsych.storage.schema import (AnnotationRow, AssignmentRow, FigureRow, ImageRow, LeaseRow, ModelCallRow,
                                         RunRow, ScoreRow, SessionRow, StudyRow, TrialRow)
from machinepsych.storage.store import Store
from tests.support.runs import every_output

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setenv("MACHINEPSYCH_RETRY_INITIAL_S", "0.01")


def _wrong(url: str) -> str:
    return url.replace("/v1", "/wrong/v1")  # the fake server answers 404 there


def _invoke(runner, *args):
    return runner.invoke(app, [str(a) for a in args])


# -- resume --base-url / --model -----------------------------------------------------------------

def test_resume_with_the_right_base_url_completes_a_run_started_with_a_wrong_one(fake_openai, tmp_path, monkeypatch):
    secret = "sk-mp-" + secrets.token_hex(16)
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    db, runner, wrong, right = tmp_path / "r.db", CliRunner(), _wrong(fake_openai.base_url), fake_openai.base_url
    res = _invoke(runner, "run", "wcst", "--model", "openai:fake", "--base-url", wrong, "--sessions", "2",
                  "--param", "n_trials=6", "--store", db, "--run-name", "r", "--no-progress")
    assert res.exit_code == 1 and "404" in res.output, res.output
    again = _invoke(runner, "resume", "r", "--store", db, "--no-progress")  # as it was: the same 404
    assert again.exit_code == 1 and "404" in again.output, again.output
    assert fake_openai.count == 0  # nothing reached the chat route

    fixed = _invoke(runner, "resume", "r", "--base-url", right, "--store", db, "--no-progress")
    assert fixed.exit_code == 0, fixed.output + repr(fixed.exception)
    assert f"base URL {wrong} -> {right}" in fixed.output and "recorded in the run's history" in fixed.output
    assert fake_openai.count == 12
    assert {r.headers.get("Authorization") for r in fake_openai.requests} == {f"Bearer {secret}"}

    store = Store(db)
    run = store.get_run("r")
    assert run.status == "complete"
    assert [p["base_url"] for p in run.spec["participants"]] == [right]
    (entry,) = run.spec["history"]
    assert entry["event"] == "repoint" and entry["participant"] == "openai:fake"
    assert entry["from"] == {"ref": "openai:fake", "base_url": wrong}
    assert entry["to"] == {"ref": "openai:fake", "base_url": right}
    assert entry["sessions"] == 2 and entry["trials_kept"] == 0
    rows = store.sessions(run.id)
    assert {s.participant["base_url"] for s in rows} == {right}
    assert {s.condition for s in rows} == {"openai:fake | direct"}  # the same condition as before
    store.close()

    report = json.loads(_invoke(runner, "report", "r", "--json", "--store", db).output)
    assert report["config"]["history"] == [entry]
    outputs = [res.output, again.output, fixed.output, *every_output(runner, app, "r", db, tmp_path)]
    page = (tmp_path / "html" / "index.html").read_text()
    how = page[page.index("How this run was made</h2>"):page.index("<h3>Tests")]
    assert "<h3>Changes</h3>" in how and wrong in how and right in how and "repointed openai:fake" in how

    needle = secret.encode()
    for p in (p for p in tmp_path.rglob("*") if p.is_file()):
        assert needle not in p.read_bytes(), f"API key found in {p}"
    assert not any(secret in text for text in outputs)


def test_resume_with_another_model_keeps_complete_sessions_as_answered(fake_openai, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    db, runner = tmp_path / "m.db", CliRunner()
    # one call at a time: session 0 answers its 4 trials, session 1's first call fails
    fake_openai.script(None, None, None, None, "404")
    res = _invoke(runner, "run", "wcst", "--model", "openai:old-name", "--base-url", fake_openai.base_url,
                  "--sessions", "2", "--param", "n_trials=4", "--concurrency", "1", "--store", db,
                  "--run-name", "m", "--no-progress")
    assert res.exit_code == 1, res.output
    fake_openai.reset()

    fixed = _invoke(runner, "resume", "m", "--model", "vllm:new-name", "--store", db, "--no-progress")
    assert fixed.exit_code == 0, fixed.output + repr(fixed.exception)
    assert {r.body["model"] for r in fake_openai.requests} == {"new-name"} and fake_openai.count == 4

    store = Store(db)
    run = store.get_run("m")
    s0, s1 = store.sessions(run.id)
    # the complete session stays as it was answered: its participant, condition and description
    assert (s0.participant_name, s0.condition, s0.participant["model"]) == ("openai:old-name", "openai:old-name | direct", "old-name")
    assert (s1.participant_name, s1.condition, s1.participant["model"]) == ("vllm:new-name", "vllm:new-name | direct", "new-name")
    calls = {c.trial_id: c.model for c in store.model_calls(t.id for s in (s0, s1) for t in store.trials(s.id))}
    assert {calls[t.id] for t in store.trials(s0.id)} == {"old-name"}
    assert {calls[t.id] for t in store.trials(s1.id)} == {"new-name"}
    assert [p["ref"] for p in run.spec["participants"]] == ["vllm:new-name"]
    entry = run.spec["history"][0]
    assert entry["from"]["ref"] == "openai:old-name" and entry["to"]["ref"] == "vllm:new-name"
    assert entry["sessions"] == 1 and entry["trials_kept"] == 0
    store.close()


def test_a_second_participant_is_picked_with_participant(tmp_path):
    store = Store(tmp_path / "p.db")
    run = create_run(store, RunSpec(tasks=[TaskRun(task="lnt", sessions=1)], name="two", participants=[
        ParticipantSpec(ref="openai:a", base_url="http://127.0.0.1:9/v1"),
        ParticipantSpec(ref="openai:b", base_url="http://127.0.0.1:9/v1"), ParticipantSpec(ref="agent:random")]))
    plan = plan_repoint(store, run, base_url="http://127.0.0.1:8/v1", participant="openai:b")
    assert plan.old_ref == "openai:b" and plan.new.base_url == "http://127.0.0.1:8/v1"
    assert [p["base_url"] for p in plan.spec["participants"][:2]] == ["http://127.0.0.1:9/v1", "http://127.0.0.1:8/v1"]
    # pointing it where it points already changes (and records) nothing
    assert plan_repoint(store, run, base_url="http://127.0.0.1:9/v1", participant="openai:a") is None
    assert plan_repoint(store, run) is None
    store.close()


# -- runs delete -------------------------------------------------------------------------------

IMAGE_WCST = {"input": "image", "n_trials": 5}


def _image_run(store, name, participants, sessions):
    run = create_run(store, RunSpec(tasks=[TaskRun(task="wcst", params=IMAGE_WCST, sessions=sessions)],
                                    participants=participants, name=name))
    run_sync(store, name, progress=False)  # the people's sessions stay open
    return store.get_run(name)


def _images_of(store, run_id) -> set[str]:
    shas = set()
    for _, t in store.trials_for_run(run_id):
        shas |= {p["sha256"] for p in t.observation.get("parts", []) if p.get("type") == "image"}
    return shas


def _rows(store, run_id) -> dict[str, int]:
    """The run's rows per table, counted here independently of storage.deletion."""
    sessions = select(SessionRow.id).where(SessionRow.run_id == run_id)
    trials = select(TrialRow.id).where(TrialRow.session_id.in_(sessions))
    count = {
        "sessions": select(func.count()).select_from(SessionRow).where(SessionRow.run_id == run_id),
        "trials": select(func.count()).select_from(TrialRow).where(TrialRow.session_id.in_(sessions)),
        "model_calls": select(func.count()).select_from(ModelCallRow).where(ModelCallRow.trial_id.in_(trials)),
        "scores": select(func.count()).select_from(ScoreRow).where(ScoreRow.session_id.in_(sessions)),
        "assignments": select(func.count()).select_from(AssignmentRow).where(AssignmentRow.session_id.in_(sessions)),
        "studies": select(func.count()).select_from(StudyRow).where(StudyRow.run_id == run_id),
        "annotations": select(func.count()).select_from(AnnotationRow).where(AnnotationRow.run_id == run_id),
        "leases": select(func.count()).select_from(LeaseRow).where(LeaseRow.run_id == run_id),
        "report_figures": select(func.count()).select_from(FigureRow).where(FigureRow.run_id == run_id),
        "runs": select(func.count()).select_from(RunRow).where(RunRow.id == run_id),
    }
    with store.session() as s:
        return {k: s.scalar(q) for k, q in count.items()}


def _stored_images(store) -> set[str]:
    with store.session() as s:
        return set(s.scalars(select(ImageRow.sha256)))


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request, tmp_path):
    """A SQLite store, or the session's throwaway PostgreSQL database (shared with
    tests/storage/test_postgres.py: the checks below hold whatever other runs it holds)."""
    store = Store(tmp_path / "d.db" if request.param == "sqlite" else request.getfixturevalue("postgres_url"))
    yield store
    store.close()


def test_delete_removes_the_run_and_everything_of_it_but_shared_images(any_store, fake_openai, monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    store = any_store
    model = ParticipantSpec(ref="openai:fake", base_url=fake_openai.base_url)
    tag = secrets.token_hex(3)
    keep = _image_run(store, f"keep-{tag}", [ParticipantSpec(ref="agent:ideal"), model, ParticipantSpec(ref="human")], 2)
    gone = _image_run(store, f"gone-{tag}", [ParticipantSpec(ref="agent:random"), model, ParticipantSpec(ref="human")], 3)
    for run in (keep, gone):  # a study link with a participant, an annotation, kept figures, a lease
        link = study.create_study(store, run)
        assert study.assign_next(store, link, f"p-{run.name}", {}) is not None
        annotations.save(store, run.id, "1:0:a", "alice", 4)
        assert figures.keep(store, run.id, {"usage": ("digest", [])})
        store.take_lease(run.id)
    kept_before, gone_before = _rows(store, keep.id), _rows(store, gone.id)
    assert all(gone_before.values()) and all(kept_before.values()), gone_before  # every table has rows of each run
    shared, only_gone = _images_of(store, keep.id) & _images_of(store, gone.id), _images_of(store, gone.id) - _images_of(store, keep.id)
    assert shared and only_gone  # seeds 0-1 show the same cards in both runs, seed 2 only in "gone"
    images_before, names_before = _stored_images(store), [r.name for r in store.list_runs()]
    url = store.url
    store.close()

    runner = CliRunner()
    res = _invoke(runner, "runs", "delete", gone.name, "--yes", "--store", url)
    assert res.exit_code == 0, res.output + repr(res.exception)
    assert f"Deleted run {gone.name}" in res.output and f"{len(only_gone)} image(s) no other run shows" in res.output

    store = Store(url)
    assert [r.name for r in store.list_runs()] == [n for n in names_before if n != gone.name]
    assert _rows(store, gone.id) == dict.fromkeys(gone_before, 0)
    assert _rows(store, keep.id) == kept_before
    assert _stored_images(store) == images_before - only_gone
    assert _images_of(store, keep.id) <= _stored_images(store)
    assert len(store.trials_for_run(keep.id)) == kept_before["trials"]
    store.close()
    # the run left is whole: it reports and exports as before
    assert _invoke(runner, "report", keep.name, "--json", "--store", url).exit_code == 0
    assert _invoke(runner, "export", keep.name, "--out", tmp_path / "k.csv", "--store", url).exit_code == 0


def test_delete_asks_on_a_terminal(tmp_path, monkeypatch):
    db = tmp_path / "a.db"
    create_run(Store(db), RunSpec(tasks=[TaskRun(task="lnt", sessions=1)],
                                  participants=[ParticipantSpec(ref="agent:random")], name="a"))
    runner = CliRunner()
    no_tty = _invoke(runner, "runs", "delete", "a", "--store", db)
    assert no_tty.exit_code != 0 and "pass --yes" in str(no_tty.exception)  # exit 2 through main(): see REFUSALS
    import machinepsych.cli.runs as runs_cli

    monkeypatch.setattr(runs_cli, "_interactive", lambda: True)  # as on a terminal
    kept = runner.invoke(app, ["runs", "delete", "a", "--store", str(db)], input="n\n")
    assert kept.exit_code == 1 and "Nothing deleted" in kept.output and "1 session(s)" in kept.output
    assert [r.name for r in Store(db).list_runs()] == ["a"]
    gone = runner.invoke(app, ["runs", "delete", "a", "--store", str(db)], input="y\n")
    assert gone.exit_code == 0 and "Deleted run a" in gone.output
    assert Store(db).list_runs() == []
    listed = _invoke(runner, "runs", "--store", db)
    assert listed.exit_code == 0 and "Runs in" in listed.output


def test_repoint_is_recorded_on_any_store(any_store, monkeypatch):
    from machinepsych.runner.repoint import apply_repoint

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    store, name = any_store, f"rp-{secrets.token_hex(3)}"
    run = create_run(store, RunSpec(tasks=[TaskRun(task="lnt", sessions=2)], name=name, participants=[
        ParticipantSpec(ref="openai:a", base_url="http://127.0.0.1:9/wrong/v1"), ParticipantSpec(ref="agent:random")]))
    done = store.sessions(run.id)[0]
    store.set_session_status(done.id, "complete")
    for url, model in (("http://127.0.0.1:9/v1", None), (None, "ollama:b")):
        apply_repoint(store, plan_repoint(store, store.get_run(name), base_url=url, model=model))
    run = store.get_run(name)
    assert [(e["from"], e["to"]) for e in run.spec["history"]] == [
        ({"ref": "openai:a", "base_url": "http://127.0.0.1:9/wrong/v1"}, {"ref": "openai:a", "base_url": "http://127.0.0.1:9/v1"}),
        ({"ref": "openai:a", "base_url": "http://127.0.0.1:9/v1"}, {"ref": "ollama:b", "base_url": "http://127.0.0.1:9/v1"})]
    assert [p["ref"] for p in run.spec["participants"]] == ["ollama:b", "agent:random"]
    by_id = {s.id: s for s in store.sessions(run.id)}
    assert by_id[done.id].participant_name == "openai:a"  # complete: as it was answered
    assert by_id[done.id].participant["base_url"] == "http://127.0.0.1:9/wrong/v1"
    models = [s for s in by_id.values() if s.participant_name == "ollama:b"]
    assert len(models) == 1 and models[0].participant["base_url"] == "http://127.0.0.1:9/v1"
    assert models[0].condition.startswith("ollama:b | ")


# -- one-line refusals that change nothing -------------------------------------------------------

OLD = "{tmp}/old.db"
REFUSALS = [
    ("export r1 --out {tmp}/missing/deeper/t.csv --store " + OLD, "the folder"),
    ("export r1 --out {tmp}/t.csv --images {tmp}/missing/img --store " + OLD, "the folder"),
    ("export r1 --out {tmp} --store " + OLD, "is a folder"),
    ("runs delete nosuchrun --yes --store " + OLD, "Unknown run"),
    ("runs delete r1 --store " + OLD, "pass --yes"),
    ("runs delete r1 --yes --store {tmp}/new.db", "No store"),
    ("runs --store {tmp}/new.db delete r1 --yes", "No store"),
    ("resume r1 --base-url http://127.0.0.1:9/v1 --store " + OLD, "no model participant"),
    ("resume m1 --model anthropic:claude-x --store " + OLD, "provider family"),
    ("resume m1 --model google:gemini-x --store " + OLD, "provider family"),
    ("resume m1 --model nosuch:x --store " + OLD, "Unknown model provider"),
    ("resume m1 --base-url http://user:pw@127.0.0.1:9/v1 --store " + OLD, "carries credentials"),
    ("resume m1 --base-url http://127.0.0.1:9/v1?api_key=pw --store " + OLD, "carries credentials"),
    ("resume m1 --base-url ftp://127.0.0.1/v1 --store " + OLD, "not an http(s) URL"),
    ("resume m1 --participant openai:a --store " + OLD, "give one of them"),
    ("resume m2 --base-url http://127.0.0.1:8/v1 --store " + OLD, "--participant"),
    ("resume m2 --base-url http://127.0.0.1:8/v1 --participant openai:c --store " + OLD, "not a model participant"),
    ("resume m2 --model openai:b --participant openai:a --store " + OLD, "already a participant"),
    ("resume done --base-url http://127.0.0.1:8/v1 --store " + OLD, "is complete"),
]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("refusals")
    store = Store(d / "old.db")
    lnt = [TaskRun(task="lnt", sessions=1)]
    create_run(store, RunSpec(tasks=lnt, participants=[ParticipantSpec(ref="agent:random")], name="r1"))
    run_sync(store, "r1", progress=False)  # a run with trials to export
    url = "http://127.0.0.1:9/v1"
    create_run(store, RunSpec(tasks=lnt, participants=[ParticipantSpec(ref="openai:a", base_url=url)], name="m1"))
    create_run(store, RunSpec(tasks=lnt, participants=[ParticipantSpec(ref="openai:a", base_url=url),
                                                       ParticipantSpec(ref="openai:b", base_url=url)], name="m2"))
    done = create_run(store, RunSpec(tasks=lnt, participants=[ParticipantSpec(ref="openai:a", base_url=url)], name="done"))
    for s in store.sessions(done.id):
        store.set_session_status(s.id, "complete")
    store.close()
    return d


def _state(d: Path):
    files = {str(p): p.stat().st_size for p in d.rglob("*") if p.is_file() and not p.name.endswith(("-wal", "-shm"))}
    store = Store(d / "old.db")
    runs = [(r.name, json.dumps(r.spec, sort_keys=True)) for r in store.list_runs()]
    sessions = [(s.participant_name, s.condition, json.dumps(s.participant, sort_keys=True))
                for r in store.list_runs() for s in store.sessions(r.id)]
    store.close()
    return files, runs, sessions


@pytest.mark.parametrize("args,says", REFUSALS, ids=[a[:60] for a, _ in REFUSALS])
def test_refusal_is_one_line_and_changes_nothing(args, says, tmp, monkeypatch, capsys):
    from machinepsych.cli import main

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    before = _state(tmp)
    monkeypatch.chdir(tmp)
    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", *args.format(tmp=tmp).split()])
    with pytest.raises(SystemExit) as exit_:
        main()
    out = capsys.readouterr()
    lines = [ln for ln in out.err.splitlines() if ln.strip()]
    assert exit_.value.code == 2, f"exit {exit_.value.code}\n{out.out}\n{out.err}"
    assert "Traceback" not in out.err and len(lines) == 1 and lines[0].startswith("error:"), out.err
    assert says in lines[0], lines[0]
    assert ":pw@" not in lines[0] and "=pw" not in lines[0]  # a refused URL's credentials are not echoed
    assert _state(tmp) == before
    assert not (tmp / "missing").exists() and not (tmp / "new.db").exists() and not (tmp / "t.csv").exists()

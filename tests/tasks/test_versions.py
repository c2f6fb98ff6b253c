"""Test versions: an id names its latest version, ``id@N`` and ``id-vN`` an older one; every
version after the first declares what it changed in what models are sent; a run of an older
version is made, stored, resumed and reported as that version."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from machinepsych.core.errors import ConfigError, UnknownNameError
from machinepsych.runner.plan import ParticipantSpec, RunSpec, expand_tasks
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import TASKS, _split, get_task, is_latest, split_version, task_versions
from tests.support.model_messages import DECLARED_CHANGES


@pytest.mark.parametrize("name,key", [
    ("wcst", "wcst-v2"), ("wcst@1", "wcst-v1"), ("WCST@2", "wcst-v2"), ("wcst-v1", "wcst-v1"), ("wcst@v1", "wcst-v1"),
    (" wcst-reflection@1 ", "wcst-reflection-v1"), ("visfactor-MA1@1", "visfactor-ma1-v1"),
    ("visfactor-ma1", "visfactor-ma1-v2"), ("visfactor-vz2@1", "visfactor-vz2-v1"), ("cogbench-a@1", "cogbench-a-v1"),
    ("lnt@1", "lnt-v1"),
])
def test_versioned_ids(name, key):
    assert get_task(name).key == key


def test_bad_versions_are_named():
    with pytest.raises(UnknownNameError, match="3") as err:
        get_task("wcst@3")
    assert "Valid versions of wcst: 1, 2." in str(err.value)
    with pytest.raises(ConfigError, match="number"):
        get_task("wcst@latest")
    with pytest.raises(UnknownNameError):
        get_task("nosuchtest@1")
    assert split_version("wcst@1") == ("wcst", 1) and split_version("wcst") == ("wcst", None)
    # a version given by a stored run wins over the id
    assert get_task("wcst", 1).key == "wcst-v1" and get_task("wcst@2", 1).key == "wcst-v1"


def test_every_later_version_declares_its_change():
    later = {(base, v) for base, v in map(_split, TASKS) if v > 1}
    assert later == set(DECLARED_CHANGES), "each version after the first needs a DECLARED_CHANGES entry"
    for base, v in later:
        old, new = get_task(base, v - 1), get_task(base, v)
        last = max(task_versions(base))
        assert new.id == old.id and is_latest(new) == (v == last) and not is_latest(old)
        assert new.scorer is old.scorer and new.Params is old.Params  # same test, same scores
        assert task_versions(base) == list(range(1, last + 1))


@pytest.mark.parametrize("name,stored", [("wcst@1", ("wcst-v1", 1)), ("wcst-v1", ("wcst-v1", 1)), ("wcst", ("wcst", 2))])
def test_runs_keep_the_version_asked_for(name, stored, tmp_path):
    (tr,) = expand_tasks(name, None, {"n_trials": 3}, 1)
    assert tr.task == stored[0]
    st = Store(tmp_path / "v.db")
    create_run(st, RunSpec(tasks=[tr], participants=[ParticipantSpec(ref="agent:random")], name="v"))
    run_sync(st, "v", progress=False)
    (session,) = st.sessions(st.get_run("v").id)
    assert (session.task_id, session.task_version) == ("wcst", stored[1])
    first, second = st.trials(session.id)[:2]
    model_text = [p["text"] for p in second.observation["parts"] if p.get("audience") == "model"][0]
    # version 1 wrote the feedback line into the trial text too; version 2 leaves it to the strategy
    assert model_text.startswith(first.feedback) == (stored[1] == 1)

    from machinepsych.analysis import report, terminal

    data = report.build(st, "v")
    assert [t["test"] for t in data["config"]["tests"].values()] == [f"wcst-v{stored[1]}"]
    out = io.StringIO()
    terminal.print_tables(data, Console(file=out, width=120))
    # the header names the parameters set away from the preset (another design than the default)
    assert f"Tests: wcst-v{stored[1]} (default, n_trials=3)" in out.getvalue()


def test_a_version_added_after_a_lookup_is_found(monkeypatch):
    """The catalog's table of versions is kept between lookups (a run looks its test up once per
    session) and built again when the catalog's keys change."""
    assert get_task("wcst").key == "wcst-v2"
    monkeypatch.setitem(TASKS, "wcst-v3", TASKS["wcst-v2"] + "_missing")
    assert task_versions("wcst") == [1, 2, 3]
    with pytest.raises(ConfigError, match="wcst-v3"):
        get_task("wcst")  # the latest version is now 3, whose catalog line names no spec
    monkeypatch.delitem(TASKS, "wcst-v3")
    assert get_task("wcst").key == "wcst-v2" and task_versions("wcst") == [1, 2]

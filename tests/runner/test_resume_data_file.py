"""A run of the oddball test on the published materials records its data file's SHA-256. When
``resume`` begins, a changed or missing file is refused with one line, before any session
starts: no session is marked running and nothing is sent or stored."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from tests.support.cli import CLI

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "oddball_prompts_sample.json"


def published_run(store: Store, data: Path, base_url: str) -> None:
    create_run(store, RunSpec(
        tasks=[TaskRun(task="oddball", preset="published", params={"data": str(data), "embedder": "none"}, sessions=2)],
        participants=[ParticipantSpec(ref="openai:fake", base_url=base_url)], name="odd"))


def untouched(store: Store) -> bool:
    sessions = store.sessions(store.get_run("odd").id)
    return all(s.status == "pending" and s.started_at is None and not store.trials(s.id) for s in sessions)


@pytest.mark.parametrize("change", ["edited", "missing"])
def test_resume_refuses_a_changed_or_missing_data_file_before_any_session(change, fake_openai, tmp_path):
    data = tmp_path / "prompts_oddball.json"
    shutil.copy(FIXTURE, data)
    db = tmp_path / "odd.db"
    published_run(Store(db), data, fake_openai.base_url)
    if change == "edited":
        data.write_text(data.read_text(encoding="utf-8").replace("ferry", "boat"), encoding="utf-8")
    else:
        data.unlink()

    with pytest.raises(ConfigError, match="changed since this run was created" if change == "edited" else "no such file"):
        run_sync(Store(db), "odd", progress=False)
    assert untouched(Store(db)) and fake_openai.count == 0

    res = subprocess.run([*CLI, "resume", "odd", "--store", str(db), "--no-progress"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 2, res.stdout + res.stderr
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and str(data) in lines[0], res.stderr
    assert untouched(Store(db)) and fake_openai.count == 0


def test_resume_with_the_recorded_file_runs(fake_openai, tmp_path):
    data = tmp_path / "prompts_oddball.json"
    shutil.copy(FIXTURE, data)
    store = Store(tmp_path / "ok.db")
    published_run(store, data, fake_openai.base_url)
    stats = run_sync(store, "odd", progress=False)
    assert stats.sessions_failed == 0 and stats.trials == 2 * 3 and fake_openai.count == 6

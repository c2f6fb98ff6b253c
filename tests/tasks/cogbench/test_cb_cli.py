"""``machinepsych score cogbench``: released eval files and exports (people as the reference)."""
import json

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.export import trials_frame, write_export
from machinepsych.storage.store import Store
from tests.tasks.cogbench.cb_helpers import eval_records, write

runner = CliRunner()


def _score(*args):
    res = runner.invoke(app, ["score", "cogbench", *map(str, args)])
    assert res.exit_code == 0, res.output
    return res.stdout  # notes go to stderr


def test_released_eval_file_as_json(tmp_path):
    human = [[[3, 4, 5] for _ in range(11)] for _ in range(2)]
    method = [[[3, 4, 5] if t % 2 else [3, 4, 4] for t in range(11)] for _ in range(2)]
    path = write(tmp_path, "eval_cogbench_v.json", eval_records(human=human, method=method))
    out = json.loads(_score(path, "--method", "CoT", "--json"))
    assert set(out) == {"authenticity", "authenticity_per_question", "rationality", "items", "arithmetic", "differences"}
    assert out["arithmetic"] == "default" and out["differences"].startswith("Differs from the official evaluation code")
    assert list(out["authenticity"]) == [*map(str, range(11)), "avg", "5th", "10th"]
    assert out["authenticity"]["1"] == 1.0 and out["authenticity"]["2"] == pytest.approx(0.5)
    assert out["authenticity"]["avg"] == pytest.approx((5 * 1.0 + 5 * 0.5) / 10)
    assert out["rationality"]["avg"] == 3.0 and out["items"] == {"used": 66, "dropped": 0}
    res = runner.invoke(app, ["score", "cogbench", str(path), "--method", "CogGPT"])
    assert res.exit_code != 0 and "Valid methods: CoT" in str(res.exception)


def test_export_with_people_as_the_reference(tmp_path):
    store = Store(tmp_path / "s.db")
    spec = RunSpec(tasks=[TaskRun(task="cogbench-a", params={"topic": "Pets", "profile": "Marcus Chen"}, sessions=1)],
                   participants=[ParticipantSpec(ref="agent:mover"), ParticipantSpec(ref="agent:static")],
                   strategies=["direct"], name="x")
    create_run(store, spec)
    run_sync(store, "x", progress=False)
    df = trials_frame(store, "x")
    plain = write_export(df, tmp_path / "x.csv")
    res = runner.invoke(app, ["score", "cogbench", str(plain), "--method", "agent:static", "--json"])
    assert json.loads(res.stdout)["authenticity"]["avg"] is not None
    out = json.loads(_score(plain, "--method", "agent:mover", "--json"))
    assert out["authenticity"]["avg"] > 0.6 and out["reference"].startswith("the stored reference")
    # the mover's sessions stand in for people: static is scored against their majority
    df.loc[df["participant"] == "agent:mover", "participant"] = "human"
    people = write_export(df, tmp_path / "p.csv")
    out = json.loads(_score(people, "--method", "agent:static", "--json"))
    assert out["reference"].startswith("people in this file")
    assert out["authenticity"]["0"] == 1.0  # both start from the same profile cues
    mover_vs_people = json.loads(_score(people, "--method", "human", "--json"))
    assert mover_vs_people["reference"].startswith("the stored reference")
    assert "iteration" in _score(people, "--method", "agent:static")

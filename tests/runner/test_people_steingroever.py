"""``machinepsych import-people --format steingroever-igt``: Steingroever et al. (2015)'s wide
files (choice_N, wi_N, lo_N, index_N; the user supplies them, so the test writes a small set in
that layout): each person of the 100-trial files becomes an ``igt`` session on the cards they
drew (whatever their study's payoff scheme), scored as counted by hand; other study lengths,
bad cells and files that do not line up are refused in one line."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import get_task
from machinepsych.tasks.igt.env import DECKS
from tests.support.cli import run_cli
from tests.support.people_files import assert_refused

N = 100


def _write(folder: Path, n: int, choices: np.ndarray, wins: np.ndarray, losses: np.ndarray, studies: list[str]) -> Path:
    """The four files in the published layout (R's write.csv: a quoted, unnamed first column of
    row labels; losses as amounts <= 0)."""
    folder.mkdir(parents=True, exist_ok=True)
    labels = [f'"Subj_{i + 1}"' for i in range(len(choices))]
    for name, head, table in (("choice", "Choice", choices), ("wi", "Wins", wins), ("lo", "Losses", losses)):
        lines = ['"",' + ",".join(f'"{head}_{t + 1}"' for t in range(n))]
        lines += [label + "," + ",".join(f"{v:g}" for v in row) for label, row in zip(labels, table)]
        (folder / f"{name}_{n}.csv").write_text("\n".join(lines) + "\n")
    (folder / f"index_{n}.csv").write_text('"","Subj","Study"\n' + "".join(
        f'"{i + 1}",{i + 1},"{s}"\n' for i, s in enumerate(studies)))
    return folder / f"choice_{n}.csv"


@pytest.fixture
def files(tmp_path) -> tuple[Path, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(11)
    choices = rng.integers(1, 5, size=(3, N))
    wins, losses = np.zeros((3, N)), np.zeros((3, N))
    env = get_task("igt").make({})  # person 1: the traditional schedule (payoff scheme 1)
    env.reset(0)
    for t, c in enumerate(choices[0]):
        info = env.step(DECKS[c - 1]).info
        wins[0, t], losses[0, t] = info["gain"], -info["loss"]
    for p in (1, 2):  # people 2 and 3: another scheme (gains that vary, losses drawn at random)
        wins[p] = np.where(choices[p] <= 2, 100 + 10 * rng.integers(0, 3, N), 50)
        losses[p] = -np.where(rng.random(N) < 0.3, 25 * rng.integers(1, 12, N), 0)
    return _write(tmp_path / "data", N, choices, wins, losses, ["Horstmann", "Wood", "Wood"]), choices, wins, losses


def test_people_are_igt_sessions_on_their_own_cards_scored_as_counted_by_hand(files, tmp_path):
    path, choices, wins, losses = files
    r = run_cli("import-people", str(path.with_name("index_100.csv")), "--format", "steingroever-igt",
                "--run-name", "many-labs", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    store = Store(str(tmp_path / "s.db"), create=False)
    run = store.get_run("many-labs")
    sessions = {s.participant_name: s for s in store.sessions(run.id)}
    assert sorted(sessions) == ["human:Horstmann-Subj_1", "human:Wood-Subj_2", "human:Wood-Subj_3"]
    assert sessions["human:Horstmann-Subj_1"].params == get_task("igt").resolve().model_dump(mode="json")
    assert sessions["human:Wood-Subj_2"].params["losses"] is not None  # replayed on the cards drawn
    scores = store.scores(run.id)
    for p, name in enumerate(sorted(sessions)):
        s = sessions[name]
        got = scores[s.id].metrics
        good = np.isin(choices[p], (3, 4)).astype(int) - np.isin(choices[p], (1, 2)).astype(int)
        assert [got[f"net_{b + 1}"] for b in range(5)] == [good[20 * b:20 * b + 20].sum() for b in range(5)]
        assert got["final_balance"] == 2000 + wins[p].sum() + losses[p].sum()
        trials = store.trials(s.id)
        assert [(t.action, t.info["gain"], t.info["loss"]) for t in trials] == [
            (DECKS[c - 1], w, -x) for c, w, x in zip(choices[p], wins[p], losses[p])]


def test_other_lengths_bad_cells_and_files_that_do_not_line_up_are_refused(files, tmp_path):
    path, choices, wins, losses = files
    short = _write(tmp_path / "d95", 95, choices[:, :95], wins[:, :95], losses[:, :95], ["Fridberg"] * 3)
    bad = tmp_path / "bad"
    bad.mkdir()
    for f in path.parent.iterdir():
        (bad / f.name).write_text(f.read_text())
    lo = (bad / "lo_100.csv").read_text().splitlines()
    lo[2] = lo[2].replace(",", ",250,", 1).rsplit(",", 1)[0]  # person 2's first loss written as positive
    (bad / "lo_100.csv").write_text("\n".join(lo) + "\n")
    rows = tmp_path / "rows"
    rows.mkdir()
    for f in path.parent.iterdir():
        text = f.read_text()
        (rows / f.name).write_text(text.rsplit("\n", 2)[0] + "\n" if f.name == "wi_100.csv" else text)
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "choice_100.csv").write_text(path.read_text())
    cases = [(short, "the 95-trial studies are not the igt test"),
             (bad / "choice_100.csv", "lo_100.csv: line 3, column Losses_1: '250' is not a loss <= 0"),
             (rows / "choice_100.csv", "wi_100.csv: its rows are not the people of choice_100.csv"),
             (alone / "choice_100.csv", "wi_100.csv: not found"),
             (tmp_path / "data.csv", "no such file")]
    (tmp_path / "data.csv").unlink(missing_ok=True)
    assert_refused([(p, "steingroever-igt", said) for p, said in cases])

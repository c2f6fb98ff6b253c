"""``machinepsych fit --trials FILE --test T``: the trials of a file collected elsewhere (the
file ``machinepsych score`` reads) fitted as a stored run's are: a CSV written from a run's
WCST trials gives the same fits as fitting the run; bad input is one line, nothing written."""
from __future__ import annotations

import json

import pandas as pd
import pytest

from machinepsych.storage.store import Store


def _card(d) -> str:
    return f"{d['shape']} {d['color']} {d['number']}"


def _csv(store: Store, run: str, path) -> None:
    rows = []
    for s in store.sessions(store.get_run(run).id):
        for t in store.trials(s.id):
            stim = t.observation["stimulus"]
            rows.append({"session": f"{s.participant_name}/{s.index}", "trial": t.index,
                         "rule": t.info.get("rule"), "correct": int(bool(t.correct)),
                         "matches": ";".join(t.info.get("matches") or []),
                         "choice": "" if t.action is None else t.action, "card": _card(stim["card"]),
                         "options": ";".join(_card(o) for o in stim["options"])})
    pd.DataFrame(rows).to_csv(path, index=False)


@pytest.mark.parametrize("test", ["wcst", "wcst-kennedy"])
def test_a_trials_file_is_fitted_as_the_run_it_came_from(tmp_path, cli_in_process, test):
    r = cli_in_process("run", test, "--model", "agent:wsls", "--model", "agent:random", "--sessions", "2",
                       "--run-name", "w", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    store = Store(str(tmp_path / "s.db"), create=False)
    _csv(store, "w", tmp_path / "trials.csv")
    store.close()
    r = cli_in_process("score", test, "trials.csv", "--json", cwd=tmp_path)  # the file score reads
    assert r.returncode == 0 and len(json.loads(r.stdout)["sessions"]) == 4, r.stderr
    ran = json.loads(cli_in_process("fit", "w", "--store", "s.db", "--json", cwd=tmp_path).stdout)
    r = cli_in_process("fit", "--trials", "trials.csv", "--test", test, "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    read = json.loads(r.stdout)
    assert len(read["sessions"]) == len(ran["sessions"]) > 0

    def by_fit(out):  # a session's fit of a model, known by its likelihood (the file names sessions its own way)
        return {(row["model"], round(row["nll"], 8)): row for row in out["sessions"]}

    mine, theirs = by_fit(read), by_fit(ran)
    assert mine.keys() == theirs.keys()
    for k, row in theirs.items():
        params = {c: v for c, v in row.items() if c.startswith("param_") and v is not None}
        assert {c: mine[k][c] for c in params} == pytest.approx(params, abs=1e-6)
        assert (mine[k]["bic"], mine[k]["pseudo_r2"], mine[k]["best"]) == pytest.approx((row["bic"], row["pseudo_r2"], row["best"]))
    assert list(read["summary"][test]) == ["file | trials.csv"]
    text = cli_in_process("fit", "--trials", "trials.csv", "--test", test, cwd=tmp_path).stdout
    assert "file | trials.csv" in text


def test_a_trials_file_with_bad_input_is_one_line(tmp_path, cli_in_process):
    (tmp_path / "t.csv").write_text("session,trial,correct,choice,card\n1,0,1,2,triangle red 1\n")
    cases = [(("--trials", "t.csv"), "--trials FILE and --test TEST go together"),
             (("--trials", "t.csv", "--test", "prlt"), "fit --trials reads trials files of wcst"),
             (("--trials", "t.csv", "--test", "wcst"), "missing column(s) options"),
             (("--trials", "t.csv", "--test", "wcst", "--model", "rw"), "--model 'rw' is not a model")]
    for args, line in cases:
        r = cli_in_process("fit", *args, cwd=tmp_path)
        assert r.returncode != 0 and line in r.stderr and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)
    (tmp_path / "t.csv").write_text("session,trial,correct,choice,card,options\n1,0,1,7,triangle red 1,"
                                    "triangle red 1;star green 2;cross yellow 3;circle blue 4\n")
    r = cli_in_process("fit", "--trials", "t.csv", "--test", "wcst", cwd=tmp_path)
    assert r.returncode != 0 and "line 2: choice 7 is not a key card position 1-4" in r.stderr, r.stderr

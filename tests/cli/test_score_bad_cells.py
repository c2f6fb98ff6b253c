"""``machinepsych score`` on a trials file whose cells a test's scorer cannot use (a reward
"yes", points "x"): one line naming the file and the cell, exit code 2, no traceback (the
scorers read their columns with pandas' astype/int, which raise ValueError)."""
from __future__ import annotations

import sys

import pytest

PRLT = "session,trial,choice,reward,correct,true_p\n" + "".join(
    f"0,{t},{'right' if t % 2 else 'left'},{'yes' if t == 3 else t % 2},{t % 2},0.8\n" for t in range(12))


@pytest.mark.parametrize("test,text,cell", [("prlt", PRLT, "'yes'")])
def test_a_cell_the_scorer_cannot_use_is_one_line(test, text, cell, tmp_path, monkeypatch, capsys):
    from machinepsych.cli import main

    path = tmp_path / "trials.csv"
    path.write_text(text)
    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", "score", test, str(path)])
    with pytest.raises(SystemExit) as exit_:
        main()
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert exit_.value.code == 2 and "Traceback" not in err and len(lines) == 1, err
    assert lines[0].startswith("error:") and str(path) in lines[0] and cell in lines[0], lines[0]

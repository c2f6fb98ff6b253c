"""``machinepsych score TEST FILE`` checks the rule words: an unknown ``rule`` or ``matches``
value, or a file of the other card-sorting family (a WCST file given to ``lnt`` and back), is
one line (exit 2) naming the row and value or the columns, and the fix; so is a cell the test's
scorer cannot read (a PRLT reward "yes": pandas' astype raised a ValueError traceback), and a file
whose ``task`` column names another catalog test."""
from __future__ import annotations

import sys

import pytest

HEAD = "session,trial,rule,correct,matches"
CASES = [
    ("wcst", f"{HEAD}\n1,0,color,1,color\n1,1,colour,0,shape\n", "row 3: rule 'colour' is not one of color, shape, number"),
    ("wcst", f"{HEAD}\n1,0,color,1,color;size\n", "row 2: matches value 'size' is not one of color, shape, number"),
    ("wcst", f"{HEAD}\n1,0,,1,color\n", "row 2: rule (empty) is not one of color, shape, number"),
    ("lnt", f"{HEAD}\n1,0,letter,1,letter\n1,1,letters,1,letter\n", "row 3: rule 'letters' is not one of letter, number"),
    ("lnt", f"{HEAD}\n1,0,color,1,color\n", "card-sorting rules (color) but lnt expects rules letter, number"),
    ("lnt", f"{HEAD},card\n1,0,number,1,number,x\n", "card-sorting columns (card) but lnt expects"),
    ("wcst", f"{HEAD},sequence\n1,0,number,1,number,K7\n", "letter-number columns (sequence) but wcst expects"),
    ("wcst-kennedy", f"{HEAD}\n1,0,letter,1,letter\n", "letter-number rules (letter) but wcst-kennedy expects"),
    ("prlt", "session,trial,choice,reward,correct,true_p\n0,0,left,0,0,0.8\n0,1,right,yes,1,0.8\n",
     "the prlt scorer cannot use a cell (could not convert string to float: 'yes')"),
    # an export's task column names another test (a wcst-reflection export scored as wcst); a task named
    # the file's own way (not a catalog id) is no refusal
    ("wcst", f"task,{HEAD}\nwcst-reflection,1,0,color,1,color\n",
     "its task column holds trials of wcst-reflection, not wcst: give the test they are of (score wcst-reflection FILE)"),
]


@pytest.mark.parametrize("test, text, message", CASES, ids=[m[:40] for _, _, m in CASES])
def test_a_bad_rule_word_is_one_line(test, text, message, tmp_path, monkeypatch, capsys):
    from machinepsych.cli import main

    f = tmp_path / "t.csv"
    f.write_text(text)
    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", "score", test, str(f)])
    with pytest.raises(SystemExit) as exit_:
        main()
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert exit_.value.code == 2 and len(err) == 1, err
    assert err[0].startswith("error: ") and message in err[0], err[0]
    if "other" in message or "expects" in message:
        assert "score it with" in err[0]


def test_rule_words_ignore_case_and_spaces(tmp_path):
    from typer.testing import CliRunner

    from machinepsych.cli import app

    f = tmp_path / "t.csv"
    f.write_text(f"{HEAD}\n1,0, Color ,1,COLOR;shape\n1,1,color,0,\n")
    res = CliRunner().invoke(app, ["score", "wcst", str(f), "--json"])
    assert res.exit_code == 0, res.output


def test_score_prints_the_scores_before_it_fits_the_models(tmp_path, monkeypatch, capsys):
    """Fitting takes seconds a session (two two-step sessions: 11 s against 1.5 s unfitted, on a
    loaded 2-core machine): the scores are on the screen before the fits are made."""
    from machinepsych.cli import main
    from machinepsych.fitting import report

    f = tmp_path / "t.csv"
    f.write_text("session,trial,choice,reward,correct,true_p\n" + "".join(
        f"0,{t},{'right' if t % 3 else 'left'},{t % 2},{t % 2},0.8\n" for t in range(12)))
    seen = []
    monkeypatch.setattr(report, "file_fits", lambda *a: seen.append(capsys.readouterr().out) or {"omitted": "x"})
    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setattr(sys, "argv", ["machinepsych", "score", "prlt", str(f)])
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 0 and len(seen) == 1 and "mean (SD)" in seen[0], seen


def test_score_no_fits_prints_the_scores_and_fits_nothing(tmp_path, monkeypatch):
    """`score --no-fits` skips the models' fits (seconds a session, up to 2,000 sessions): the scores are
    printed, in the table and in --json (without its `fits`), and the file's sessions are never fitted."""
    import json

    from typer.testing import CliRunner

    from machinepsych.cli import app
    from machinepsych.fitting import report

    f = tmp_path / "t.csv"
    f.write_text("session,trial,choice,reward,correct,true_p\n" + "".join(
        f"0,{t},{'right' if t % 3 else 'left'},{t % 2},{t % 2},0.8\n" for t in range(12)))
    fitted = []
    monkeypatch.setattr(report, "file_fits", lambda *a: fitted.append(a) or {"omitted": "x"})
    monkeypatch.setenv("COLUMNS", "300")
    res = CliRunner().invoke(app, ["score", "prlt", str(f), "--no-fits"])
    assert res.exit_code == 0 and "mean (SD)" in res.output, res.output
    res = CliRunner().invoke(app, ["score", "prlt", str(f), "--no-fits", "--json"])
    out = json.loads(res.output)
    assert res.exit_code == 0 and "fits" not in out and set(out) == {"sessions", "summary"}, res.output
    assert fitted == []
    res = CliRunner().invoke(app, ["score", "prlt", str(f), "--json"])
    assert res.exit_code == 0 and json.loads(res.output)["fits"] == {"omitted": "x"} and len(fitted) == 1, res.output


def test_a_task_column_of_the_files_own_naming_is_scored(tmp_path):
    from typer.testing import CliRunner

    from machinepsych.cli import app

    f = tmp_path / "t.csv"
    f.write_text(f"task,{HEAD}\nWisconsin,1,0,color,1,color\nwcst,1,1,color,0,shape\n")
    r = CliRunner().invoke(app, ["score", "wcst", str(f), "--json"])
    assert r.exit_code == 0, r.output


def test_only_a_cell_that_cannot_be_converted_is_called_the_user_s_cell(tmp_path, monkeypatch):
    """A scorer's own TypeError (a bug) is not reported as "cannot use a cell" (before: any
    TypeError was); a JSONL cell int() cannot read (a list where points go) still is, in one line."""
    from typer.testing import CliRunner

    from machinepsych.cli import app

    f = tmp_path / "t.jsonl"
    f.write_text('{"session": 1, "trial": 0, "correct": 1, "pad": 1, "points": [1, 2], "stake": 1}\n')
    res = CliRunner().invoke(app, ["score", "twostep-kool", str(f), "--no-fits"])
    said = str(res.exception)  # the app raises ConfigError; main() prints it as one line, exit 2
    assert type(res.exception).__name__ == "ConfigError" and "\n" not in said, repr(res.exception)
    assert "the twostep-kool scorer cannot use a cell (int() argument must be" in said, said

    def bug(*a, **k):
        raise TypeError("unsupported operand type(s) for +: 'int' and 'NoneType'")

    monkeypatch.setattr("machinepsych.core.scoring.score_sessions", bug)
    f.write_text('{"session": 1, "trial": 0, "correct": 1, "pad": 1, "points": 2, "stake": 1}\n')
    res = CliRunner().invoke(app, ["score", "twostep-kool", str(f), "--no-fits"])
    assert "cannot use a cell" not in res.output and isinstance(res.exception, TypeError), res.output

"""``annotate --judge`` with a URL, or ``--base-url`` with credentials in it, is one line (exit 2)
that never echoes the credentials, given before the store is opened or anything is asked."""
from __future__ import annotations

import sys

import pytest

CASES = [
    (["--judge", "http://user:hunter2pw@host:8000/v1"], "--judge http://***@host:8000/v1 is a URL"),
    (["--judge", "https://host/v1?api_key=hunter2pw"], "is a URL and carries credentials (?api_key=)"),
    (["--judge", "http://host/v1"], "--judge http://host/v1 is a URL: give --judge provider:model"),
    (["--judge", "openai:m", "--base-url", "http://user:hunter2pw@127.0.0.1:9/v1"],
     "--base-url http://***@127.0.0.1:9/v1 carries credentials (user:password@)"),
]


@pytest.mark.parametrize("args, message", CASES, ids=[m[:40] for _, m in CASES])
def test_judge_url_with_credentials_is_one_line_without_them(args, message, tmp_path, monkeypatch, capsys):
    from machinepsych.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setattr(sys, "argv", ["machinepsych", "annotate", "r", *args, "--store", str(tmp_path / "s.db")])
    with pytest.raises(SystemExit) as exit_:
        main()
    out = capsys.readouterr()
    err = [ln for ln in out.err.splitlines() if ln.strip()]
    assert exit_.value.code == 2 and len(err) == 1, err
    assert err[0].startswith("error: ") and message in err[0], err[0]
    assert "hunter2pw" not in out.err + out.out
    assert list(tmp_path.iterdir()) == [], "something was created"

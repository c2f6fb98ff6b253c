"""``study create/list --base-url``: an address whose link would not reach the study is refused
in one line naming the fix, before anything is made (issue 30's outside probe, H17: a query or a
fragment swallowed the appended ``/s/CODE``, a space and port 99999 were accepted, and a refused
URL's password was echoed in full)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from machinepsych.cli import app

BROKEN = [("https://lab.example.org/?token=abc", "query or fragment"),
          ("https://lab.example.org/#frag", "query or fragment"),
          ("https://lab.example.org/?", "query or fragment"),
          ("https://lab.example.org/a b", "contains a space"),
          ("https://lab.example.org:99999", "invalid port"),
          ("https://lab.example.org:0", "port 0"),
          ("https://admin:secretpw@lab.example.org", "no credentials")]


@pytest.fixture(scope="module")
def human_store(tmp_path_factory):
    db = tmp_path_factory.mktemp("study_url") / "s.db"
    res = CliRunner().invoke(app, ["run", "lnt", "--model", "human", "--sessions", "1", "--run-name", "h",
                                   "--param", "n_trials=2", "--store", str(db), "--no-progress"])
    assert res.exit_code == 0, res.output
    return db


@pytest.mark.parametrize("url,why", BROKEN)
def test_study_create_and_list_refuse_a_link_that_would_not_reach_the_study(url, why, human_store, cli_in_process,
                                                                            tmp_path):
    before = human_store.read_bytes()
    for args in (["study", "create", "h"], ["study", "list"]):
        res = cli_in_process(*args, "--store", str(human_store), "--base-url", url, cwd=tmp_path)
        assert res.returncode == 2, res.stdout + res.stderr
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and why in lines[0] and "e.g. https://" in lines[0], res.stderr
        assert "secretpw" not in res.stdout + res.stderr
    assert human_store.read_bytes() == before  # no study made
    listed = CliRunner().invoke(app, ["study", "list", "--store", str(human_store)]).output
    assert "/s/" not in listed


def test_a_plain_address_with_a_path_is_accepted(human_store, tmp_path):
    db = tmp_path / "copy.db"
    db.write_bytes(human_store.read_bytes())
    res = CliRunner().invoke(app, ["study", "create", "h", "--store", str(db), "--base-url", "https://example.org/lab/"])
    assert res.exit_code == 0 and "Study link: https://example.org/lab/s/" in res.output, res.output

"""``machinepsych fit --trials FILE --test T``: the trials of a file collected elsewhere (the
file ``machinepsych score`` reads) fitted as a stored run's are: a CSV written from a run's
WCST trials, and the file ``export`` writes of a bandit, reversal-learning, IGT, DC-IGT, WPT or
two-step run, give the same fits as fitting the run; ``score`` prints those fits (``--json``: ``fits``,
as ``report --json``) and says in one line when the file lacks a column they need; bad input is
one line, nothing written."""
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
    assert list(read["summary"][f"{test} | default"]) == ["file | trials.csv"]
    text = cli_in_process("fit", "--trials", "trials.csv", "--test", test, cwd=tmp_path).stdout
    assert "file | trials.csv" in text
    # the file ``export`` writes (the key cards only inside ``stimulus``) is fitted as it stands
    r = cli_in_process("export", "w", "--store", "s.db", "--format", "csv", "--out", "export.csv", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "options" not in pd.read_csv(tmp_path / "export.csv").columns
    r = cli_in_process("fit", "--trials", "export.csv", "--test", test, "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    exported = by_fit(json.loads(r.stdout))
    assert exported.keys() == theirs.keys()
    assert [exported[k]["best"] for k in theirs] == [row["best"] for row in theirs.values()]
    # the export names its test in its task column: given as another card-sorting test, one line
    other = "wcst-kennedy" if test == "wcst" else "wcst"
    r = cli_in_process("fit", "--trials", "export.csv", "--test", other, cwd=tmp_path)
    assert r.returncode == 2 and f"its task column holds trials of {test}, not {other}" in r.stderr, r.stderr


def test_a_trials_file_with_bad_input_is_one_line(tmp_path, cli_in_process):
    (tmp_path / "t.csv").write_text("session,trial,correct,choice,card\n1,0,1,2,triangle red 1\n")
    cases = [(("--trials", "t.csv"), "--trials FILE and --test TEST go together"),
             (("--trials", "t.csv", "--test", "lnt"), "lnt is not one of them"),
             (("--trials", "t.csv", "--test", "wcst"), "missing column(s) options; fit --trials --test wcst needs "
                                                       "session, trial, correct, choice, card, options (or stimulus)"),
             (("--trials", "t.csv", "--test", "wcst", "--model", "rw"), "--model 'rw' is not a model")]
    for args, line in cases:
        r = cli_in_process("fit", *args, cwd=tmp_path)
        assert r.returncode != 0 and line in r.stderr and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)
    (tmp_path / "t.csv").write_text("session,trial,correct,choice,card,options\n1,0,1,7,triangle red 1,"
                                    "triangle red 1;star green 2;cross yellow 3;circle blue 4\n")
    r = cli_in_process("fit", "--trials", "t.csv", "--test", "wcst", cwd=tmp_path)
    assert r.returncode != 0 and "line 2: choice 7 is not one of 1, 2, 3, 4 (empty: no answer)" in r.stderr, r.stderr
    (tmp_path / "t.csv").write_text("session,trial,correct,choice,card,options,condition\n" + "".join(
        f"1,{t},1,1,triangle red 1,triangle red 1;star green 2;cross yellow 3;circle blue 4,{c}\n"
        for t, c in enumerate(["a", "a", "b"])))
    r = cli_in_process("fit", "--trials", "t.csv", "--test", "wcst", cwd=tmp_path)
    assert r.returncode == 2 and "t.csv: session 1 holds more than one condition (a, b)" in r.stderr, r.stderr


# shorter sessions where the models are slow to fit (VPP's eight parameters)
SHORT = {"igt": ("--param", "trials=30"), "dcigt": ("--param", "trials=15"), "twostep": ("--param", "trials=40")}


def _agents_run(tmp_path, cli, test: str) -> None:
    """A run of two built-in agents, one session each, exported as the CSV ``export`` writes."""
    first = "agent:model-based" if test == "twostep-kool" else "agent:wsls"  # the agents it has
    r = cli("run", test, "--model", first, "--model", "agent:random", "--sessions", "1", "--run-name", "w",
            *SHORT.get(test, ()), "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = cli("export", "w", "--out", "trials.csv", "--store", "s.db", cwd=tmp_path)
    assert r.returncode == 0, r.stderr


def _fits_by_model(rows) -> list[tuple[str, float, bool]]:
    """(model, NLL, won) of every fit, in an order the file's session names do not change."""
    return sorted((row["model"], row["nll"], row["best"]) for row in rows)


def _assert_same_fits(rows, of_run) -> None:
    """The same fits: each model's NLLs within 1e-9, the same winners."""
    mine, theirs = _fits_by_model(rows), _fits_by_model(of_run)
    assert len(mine) == len(theirs) >= 8  # 2 sessions x 4 models at least
    for (m1, nll1, best1), (m2, nll2, best2) in zip(mine, theirs):
        assert (m1, best1) == (m2, best2) and abs(nll1 - nll2) < 1e-9, (m1, nll1, nll2)


@pytest.mark.parametrize("test", ["bandit-pairs", "prlt", "igt", "dcigt", "wpt", "twostep", "twostep-kool"])
def test_an_exported_run_is_fitted_as_the_run_it_came_from(tmp_path, cli_in_process, monkeypatch, test):
    """The file ``export`` writes of a run of agents, fitted with ``fit --trials``, gives the
    run's fits (those ``report`` makes, as ``fit RUN``): every model's NLL to 1e-9 and the same
    winners; ``score`` of that file prints them as ``report`` prints the run's, and ``score
    --json``'s ``fits`` is ``report --json``'s."""
    _agents_run(tmp_path, cli_in_process, test)
    r = cli_in_process("report", "w", "--json", "--store", "s.db", cwd=tmp_path)
    reported = json.loads(r.stdout)["fits"]  # the run's sessions fitted as fit RUN fits them
    r = cli_in_process("fit", "--trials", "trials.csv", "--test", test, "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    read = json.loads(r.stdout)
    _assert_same_fits(read["sessions"], reported["sessions"])
    # the export's condition column keeps the run's two participants apart, as fit RUN does: the
    # same sessions per condition, the same winners and parameter means (both keyed by the design)
    def flat(summary):  # condition -> (n, winners, parameter means)
        return {cond.removeprefix("file | trials.csv | "): (
            e["n"], e["winners"], {(m, p): v["mean"] for m, ps in e["params"].items() for p, v in ps.items()})
            for cond, e in summary.items()}

    design = f"{test} | default"
    mine, theirs = flat(read["summary"][design]), flat(reported["summary"][design])
    assert mine.keys() == theirs.keys() and len(theirs) == 2
    for cond, (n, winners, means) in theirs.items():
        assert (mine[cond][0], mine[cond][1]) == (n, winners)
        assert mine[cond][2] == pytest.approx(means, abs=1e-6)

    r = cli_in_process("score", test, "trials.csv", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    scored = json.loads(r.stdout)
    assert len(scored["sessions"]) == 2 and set(scored["fits"]) == set(reported)
    _assert_same_fits(scored["fits"]["sessions"], reported["sessions"])
    assert len(reported["summary"][design]) == 2
    for cond, entry in scored["fits"]["summary"][design].items():
        assert cond.removeprefix("file | trials.csv | ") in reported["summary"][design] and entry["n"] == 1
        assert sum(entry["winners"].values()) == pytest.approx(1.0)
    assert scored["fits"]["participants"] is None  # each session of a file is its own participant

    if test == "prlt":  # the terminal's tables (the same code as report's)
        text = cli_in_process("score", test, "trials.csv", cwd=tmp_path).stdout
        assert "Model fits" in text and f"{test} | default: winning model per session" in text
        assert "file | trials.csv | agent:random" in text
        monkeypatch.setattr("machinepsych.fitting.report.REPORT_MAX_SESSIONS", 1)  # more sessions than a report fits
        fits = json.loads(cli_in_process("score", test, "trials.csv", "--json", cwd=tmp_path).stdout)["fits"]
        assert fits == {"omitted": "not fitted: 2 sessions, more than a report fits (1); run machinepsych fit "
                                   "--trials trials.csv --test prlt"}


def test_a_trials_file_lacking_a_fit_column_is_one_line_before_any_fit(tmp_path, cli_in_process):
    """``fit --trials`` names the missing column and the test's columns in one line; a cell its
    reader cannot use names the line and column; ``score`` of the same file still scores it and
    says in one line that the fits were not made, and why."""
    _agents_run(tmp_path, cli_in_process, "igt")
    df = pd.read_csv(tmp_path / "trials.csv")
    df.drop(columns=["loss"]).to_csv(tmp_path / "noloss.csv", index=False)
    r = cli_in_process("fit", "--trials", "noloss.csv", "--test", "igt", cwd=tmp_path)
    assert r.returncode != 0 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "missing column(s) loss; fit --trials --test igt needs session, trial, correct, deck, gain, loss" in r.stderr
    r = cli_in_process("score", "igt", "noloss.csv", cwd=tmp_path)  # scored; the fits said not made, in one line
    assert r.returncode == 0 and "igt: noloss.csv" in r.stdout, r.stderr
    said = [ln for ln in r.stdout.splitlines() if "Model fits" in ln]
    assert said == ["Model fits (docs/fitting.md): not fitted: the file has no column loss (igt's models read session, "
                    "trial, correct, deck, gain, loss)"], r.stdout
    df.drop(columns=["deck"]).assign(choice=df["deck"]).to_csv(tmp_path / "nodeck.csv", index=False)
    r = cli_in_process("fit", "--trials", "nodeck.csv", "--test", "igt", cwd=tmp_path)
    assert "missing column(s) deck" in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr

    bad = df.copy()
    bad.loc[3, "deck"] = "E"
    bad.to_csv(tmp_path / "bad.csv", index=False)
    r = cli_in_process("fit", "--trials", "bad.csv", "--test", "igt", cwd=tmp_path)
    assert r.returncode != 0 and "bad.csv: line 5: deck 'E' is not one of A, B, C, D" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    bad.to_json(tmp_path / "bad.jsonl", orient="records", lines=True)  # no header line: the 4th record, as the file check says
    r = cli_in_process("fit", "--trials", "bad.jsonl", "--test", "igt", cwd=tmp_path)
    assert r.returncode != 0 and "bad.jsonl: record 4: deck 'E' is not one of A, B, C, D" in r.stderr, r.stderr
    r = cli_in_process("score", "igt", "bad.csv", "--json", cwd=tmp_path)  # scored; the fits say why not
    assert r.returncode == 0, r.stderr
    # the scorer counts that row invalid (n_invalid 1); its fits refuse it: the line says both
    scored = json.loads(r.stdout)
    assert sum(s["n_invalid"] for s in scored["sessions"].values()) == 1
    assert scored["fits"] == {"omitted": "not fitted: bad.csv: line 5: deck 'E' is not one of A, B, C, D "
                                         "(empty: no answer); the scores above read that row by the scorer's own "
                                         "rule (an answer it cannot read counts as invalid); fix the cell for "
                                         "scores and fits of the same rows"}

    _agents_run(tmp_path / "b", cli_in_process, "bandit-pairs") if (tmp_path / "b").mkdir() is None else None
    pairs = pd.read_csv(tmp_path / "b" / "trials.csv").drop(columns=["offered"])
    pairs.to_csv(tmp_path / "pairs.csv", index=False)
    r = cli_in_process("fit", "--trials", "pairs.csv", "--test", "bandit-pairs", cwd=tmp_path)
    assert "missing column(s) offered; fit --trials --test bandit-pairs needs session, trial, correct, choice, " \
           "outcome, offered" in r.stderr, r.stderr


def test_score_says_in_one_line_which_fit_columns_a_file_lacks(tmp_path, cli_in_process):
    """A card-sorting file with only the columns the scorer reads is scored as before, and the
    fits are said not made, naming the columns missing; a test without models says nothing."""
    (tmp_path / "t.csv").write_text("session,trial,rule,correct,matches\n" + "".join(
        f"1,{t},color,{t % 2},{'color' if t % 2 else 'shape'}\n" for t in range(12)))
    r = cli_in_process("score", "wcst", "t.csv", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    said = [ln for ln in r.stdout.splitlines() if "Model fits" in ln]
    assert said == ["Model fits (docs/fitting.md): not fitted: the file has no column choice, card, options "
                    "(wcst's models read session, trial, correct, choice, card, options (or stimulus))"], r.stdout
    r = cli_in_process("score", "wcst", "t.csv", "--json", cwd=tmp_path)
    out = json.loads(r.stdout)
    assert out["sessions"]["1"]["trials"] == 12 and out["fits"] == {"omitted": said[0].split(": ", 1)[1]}
    # lnt declares no models: its file is scored, and neither the table nor --json says a word of fits
    (tmp_path / "l.csv").write_text("session,trial,rule,correct,matches\n" + "".join(
        f"1,{t},letter,{t % 2},{'letter' if t % 2 else 'number'}\n" for t in range(12)))
    r = cli_in_process("score", "lnt", "l.csv", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["sessions"]["1"]["trials"] == 12 and set(out) == {"sessions", "summary"}, out
    r = cli_in_process("score", "lnt", "l.csv", cwd=tmp_path)
    assert r.returncode == 0 and "lnt: l.csv" in r.stdout and "Model fits" not in r.stdout, r.stdout + r.stderr


def test_an_import_people_run_shows_its_fits_in_the_report(tmp_path, cli_in_process):
    """People imported with ``import-people`` are fitted in ``report`` as any run's sessions:
    the terminal's Model fits tables and ``report --json``'s ``fits`` (one session per person)."""
    rng = __import__("numpy").random.default_rng(3)
    lines = ["task,subject,trial,choice,outcome"] + [
        f"bandit2arm,{s},{t},{rng.choice(['A', 'B'])},{rng.choice([1, -1])}" for s in ("a", "b") for t in range(1, 41)]
    (tmp_path / "people.csv").write_text("\n".join(lines) + "\n")
    r = cli_in_process("import-people", "people.csv", "--format", "generic", "--run-name", "ppl", "--store", "s.db",
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    fits = json.loads(cli_in_process("report", "ppl", "--json", "--store", "s.db", cwd=tmp_path).stdout)["fits"]
    assert fits["summary"]["bandit2arm | default"]["people | generic"]["n"] == 2
    assert {row["participant"] for row in fits["sessions"]} == {"human:a", "human:b"}
    assert len(fits["sessions"]) == 2 * len(fits["models"]["bandit2arm | default"])
    text = cli_in_process("report", "ppl", "--out", "rep", "--store", "s.db", cwd=tmp_path).stdout
    assert "Model fits" in text and "bandit2arm | default: winning model per session" in text


def test_key_cards_of_an_exported_stimulus_are_checked_as_the_options_column(tmp_path, cli_in_process):
    """An export's key cards (inside its ``stimulus`` JSON) are read by the same check as the
    ``options`` column: a colour written ``Red`` or a card that is no card is one line naming
    the file's line and the column, not a key card that silently matches nothing."""
    keys = [{"shape": "triangle", "color": "red", "number": 1}, {"shape": "star", "color": "green", "number": 2},
            {"shape": "cross", "color": "yellow", "number": 3}, {"shape": "circle", "color": "blue", "number": 4}]

    def write(options) -> None:
        stim = json.dumps({"card": keys[0], "options": options})
        rows = [{"session": 1, "trial": t, "correct": 1, "choice": 1, "card": "triangle red 1", "stimulus": stim,
                 "rule": "color", "matches": "color;shape;number"}
                for t in range(12)]
        pd.DataFrame(rows).to_csv(tmp_path / "t.csv", index=False)

    write(keys)
    r = cli_in_process("fit", "--trials", "t.csv", "--test", "wcst", "--model", "random", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    for bad, said in [([{**keys[0], "color": "Red"}, *keys[1:]], "stimulus: key card 'triangle Red 1' is not a card"),
                      ([{"shape": "hexagon", "color": "purple", "number": 9}, *keys[1:]],
                       "stimulus: key card 'hexagon purple 9' is not a card"),
                      (5, "stimulus: not an exported card-sorting stimulus")]:
        write(bad)
        for cmd in (("fit", "--trials", "t.csv", "--test", "wcst"), ("score", "wcst", "t.csv")):
            r = cli_in_process(*cmd, cwd=tmp_path)
            out = r.stderr if cmd[0] == "fit" else r.stdout + r.stderr
            assert f"line 2: {said}" in out, (cmd, out)
            if cmd[0] == "fit":
                assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr

"""The reply sets of ``benchmarks/parsing.py`` read end to end, through real ``machinepsych run``s.

``benchmarks/parsing.py`` hands each corpus reply straight to the test's parser. This script
checks that a real run reads the same replies the same way: the ``run`` command (prompting
strategy ``direct``, the OpenAI-compatible model adapter and its transport, the runner's read
of the reply, ``--reask``, the store) against a loopback endpoint that gives the replies.

For every line of a reply set (test, stimulus, reply, meant) it finds the session seed whose
first trial shows that stimulus (seeds 0..--max-seed through the test's ``reset``; a line whose
stimulus no seed shows, e.g. one of a later trial, is counted and skipped). The lines are
grouped by (test, seed); each group is one ``machinepsych run TEST --seed S --sessions 1
--repeat K`` (K = the group's lines) into one SQLite store. The endpoint answers each
session's first-trial answer request with the group's next corpus reply and ends the session
at its next request (an HTTP 400: the first trial is already committed, so a run takes a
second, not a whole session). Calls a test makes before its first answer (a study page) get a
neutral reply; how many there are is learned on the test's first group.

Then the store is read: each session's first trial gives the stored raw reply (which
identifies the line), the parse status and the stored response, classed meant / wrong /
invalid by ``parsing.classify``. Printed: the per-format table of the direct parser and of
the runs side by side, and every line whose end-to-end class differs from its direct class
(a difference is a defect of the run path). ``--reask N``: the endpoint answers a re-ask
with the same reply again (a model that keeps its answer), so a line may not change class.

    .venv/bin/python benchmarks/parsing_end_to_end.py [--corpus DIR | --all] [--max-seed 300] [--reask 0] [--limit N] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from parsing import MAIN, classify, comparable, load, measure, table  # noqa: E402

from machinepsych.prompting.strategies import REASK_TEXT  # noqa: E402
from machinepsych.tasks.catalog import get_task  # noqa: E402
from tests.support.fake_openai import FakeOpenAIServer, message_text  # noqa: E402

NEUTRAL = "OK."  # the reply to a call made before the first answer (a study page)


class FirstTrialSeeds:
    """The first trial's stimulus of each seed of a test (default preset), made on demand."""

    def __init__(self, test: str, max_seed: int):
        spec = get_task(test)
        self.env = spec.make(spec.resolve("default", {}))
        self.max_seed = max_seed
        self.shown: list[Any] = []

    def _quick_mismatch(self, seed: int, want: dict) -> bool:
        """A seed that cannot show ``want``, told without making its first item: an item test
        (VisFactor) draws its items' seeds first, and drawing one item takes a tenth of a second."""
        if "item_seed" not in want or not hasattr(self.env, "item_seeds"):
            return False
        import numpy as np

        env = self.env
        env.seed, env.rng, env.trial = seed, np.random.default_rng(seed), 0
        env._setup()
        return env.item_seeds[0] != want["item_seed"]

    def find(self, stimulus: Any) -> int | None:
        want = comparable(stimulus)
        for seed in range(self.max_seed + 1):
            if seed < len(self.shown) and self.shown[seed] is not None:
                if self.shown[seed] == want:
                    return seed
                continue
            if isinstance(want, dict) and self._quick_mismatch(seed, want):
                continue
            shown = comparable(self.env.reset(seed).stimulus)
            self.shown.extend([None] * (seed + 1 - len(self.shown)))
            self.shown[seed] = shown
            if shown == want:
                return seed
        return None


def key(messages: list[dict]) -> str:
    return json.dumps([(m.get("role"), message_text(m)) for m in messages], ensure_ascii=False)


class CorpusEndpoint:
    """The loopback endpoint's replies for one group of lines at a time.

    The group's K sessions send the same requests up to their first answer (the same seed,
    the same prompts). The ``before`` first distinct requests of the group get ``NEUTRAL``,
    the next distinct one is the first answer request: each time it comes it is answered with
    the group's next reply. A re-ask of it (its messages, the reply, the re-ask text) gets the
    same reply again; any other request is a later trial and gets a 400, which ends the session."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.start([], 0)

    def start(self, replies: list[str], before: int) -> None:
        with self.lock:
            self.replies, self.before = list(replies), before
            self.seen: list[str] = []
            self.given: dict[str, str] = {}  # the first answer request + reply -> that reply (its re-asks)
            self.answer_key: str | None = None

    def reply(self, messages: list[dict]) -> str:
        k = key(messages)
        with self.lock:
            if k not in self.seen:
                self.seen.append(k)
            at = self.seen.index(k)
            if at < self.before:
                return NEUTRAL
            if at == self.before:
                self.answer_key = k
                if not self.replies:
                    raise ValueError("no corpus reply left for this first trial")
                text = self.replies.pop(0)
                self.given[key(messages + [{"role": "assistant", "content": text}])] = text
                return text
            asked = key(messages[:-1])
            if asked in self.given and message_text(messages[-1]) == REASK_TEXT:
                return self.given[asked]
        raise ValueError("a later trial: this session has given its first answer")


def cli(args: list[str]) -> tuple[int, str]:
    from typer.testing import CliRunner

    from machinepsych.cli.app import app

    res = CliRunner().invoke(app, args)
    return res.exit_code, res.output


def first_trials(store_url: str, run_name: str) -> list[dict]:
    """The first trial of each session of ``run_name``: reply, status, action, trials stored."""
    from machinepsych.storage.store import Store

    st = Store(store_url)
    try:
        run = st.get_run(run_name)
        out = []
        for s in st.sessions(run.id):
            trials = st.trials(s.id)
            t0 = next((t for t in trials if t.index == 0), None)
            out.append({"seed": s.seed, "n_trials": len(trials), "status_session": s.status,
                        **({"reply": t0.reply, "status": t0.parse_status, "action": t0.action, "reasked": t0.reasked}
                           if t0 is not None else {"reply": None})})
        return out
    finally:
        st.close()


class Runs:
    """The ``run`` command against the loopback endpoint, into one store."""

    def __init__(self, server: FakeOpenAIServer, endpoint: CorpusEndpoint, store: str, reask: int):
        self.server, self.endpoint, self.store, self.reask = server, endpoint, store, reask
        self.n = 0
        self.before: dict[str, int] = {}

    def run(self, test: str, seed: int, replies: list[str], before: int) -> list[dict]:
        self.n += 1
        name = f"e2e-{self.n}-{test}"
        self.endpoint.start(replies, before)
        code, output = cli(["run", test, "--model", "openai:loopback", "--base-url", self.server.base_url,
                            "--strategy", "direct", "--seed", str(seed), "--sessions", "1",
                            "--repeat", str(max(len(replies), 1)), *(["--temperature", "1"] if len(replies) > 1 else []),
                            "--reask", str(self.reask), "--max-attempts", "1", "--store", self.store,
                            "--run-name", name, "--no-progress", "--concurrency", "8"])
        if code not in (0, 1):
            raise RuntimeError(f"run {test} --seed {seed} exited {code}:\n{output[-2000:]}")
        return first_trials(self.store, name)

    def run_group(self, test: str, seed: int, replies: list[str]) -> list[dict]:
        """The sessions of one group. How many calls a session of ``test`` makes before its
        first answer is learned on its first group: from none up, the first count for which
        every session stores a first trial (with too few, the answer request is taken for a
        later trial and refused, so no first trial is stored)."""
        for before in range(self.before.get(test, 0), 4):
            got = self.run(test, seed, replies, before)
            if got and all(g["reply"] is not None for g in got):
                self.before[test] = before
                return got
        raise RuntimeError(f"{test} --seed {seed}: no session stored a first trial (4 calls before the answer tried)")


def measure_end_to_end(corpus: dict[str, list[dict]], max_seed: int, reask: int, limit: int | None = None,
                       log=print) -> tuple[list[dict], list[dict]]:
    """(results of the lines a seed reproduces, the skipped lines) for ``corpus``; each result
    holds the direct class too (``direct``)."""
    direct = {r["where"]: r for r in measure(corpus)}
    finders: dict[str, FirstTrialSeeds] = {}
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    skipped: list[dict] = []
    for fmt, lines in corpus.items():
        for line in lines[:limit]:
            finder = finders.setdefault(line["test"], FirstTrialSeeds(line["test"], max_seed))
            seed = finder.find(line["stimulus"])
            if seed is None:
                skipped.append({"format": fmt, "test": line["test"], "where": line["_where"]})
            else:
                groups[(line["test"], seed)].append({**line, "format": fmt})
    log(f"{sum(map(len, groups.values()))} lines in {len(groups)} (test, seed) groups; {len(skipped)} skipped")
    results: list[dict] = []
    endpoint = CorpusEndpoint()
    os.environ.setdefault("OPENAI_API_KEY", "none")
    with tempfile.TemporaryDirectory() as tmp, FakeOpenAIServer(reply=endpoint.reply, record=False) as server:
        runs = Runs(server, endpoint, f"sqlite:///{tmp}/e2e.db", reask)
        for (test, seed), lines in sorted(groups.items()):
            got = runs.run_group(test, seed, [line["reply"] for line in lines])
            results += match(lines, got, direct)
    return results, skipped


def match(lines: list[dict], got: list[dict], direct: dict[str, dict]) -> list[dict]:
    """Each line with the session whose stored first reply is its reply (a line whose session
    stored no first trial, or another reply, is classed ``lost``)."""
    by_reply: dict[str, list[dict]] = defaultdict(list)
    for g in got:
        if g["reply"] is not None:
            by_reply[g["reply"]].append(g)
    out = []
    for line in lines:
        d = direct[line["_where"]]
        found = by_reply[line["reply"]].pop(0) if by_reply[line["reply"]] else None
        if found is None:
            cls, status, action, reasked = "lost", "no stored first trial", None, False
        else:
            status, action, reasked = found["status"], found["action"], found["reasked"]
            cls = classify(line["meant"], action, status)
        out.append({"format": line["format"], "test": line["test"], "where": line["_where"], "meant": line["meant"],
                     "reply": line["reply"], "class": cls, "status": status, "parsed": comparable(action), "reasked": reasked,
                     "direct": d["class"], "direct_status": d["status"], "direct_parsed": d["parsed"]})
    return out


def side_by_side(results: list[dict]) -> list[dict]:
    """Per format: the direct parser's table and the runs' table of the same lines."""
    e2e = {r["format"]: r for r in table(results, False)}
    dir_ = {r["format"]: r for r in table([{**r, "class": r["direct"]} for r in results], False)}
    rows = []
    for fmt in sorted(e2e):
        lost = sum(r["class"] == "lost" for r in results if r["format"] == fmt)
        rows.append({"format": fmt, "n": e2e[fmt]["n"],
                     "direct": {k: dir_[fmt][k] for k in ("meant", "wrong", "invalid")},
                     "end_to_end": {k: e2e[fmt][k] for k in ("meant", "wrong", "invalid")}, "lost": lost})
    return rows


def report(corpus_dir: Path, args: argparse.Namespace) -> int:
    corpus = load(corpus_dir)
    results, skipped = measure_end_to_end(corpus, args.max_seed, args.reask, args.limit,
                                          log=(lambda *a: None) if args.json else print)
    rows = side_by_side(results)
    differ = [r for r in results if r["class"] != r["direct"]]
    skipped_by_test = dict(Counter(s["test"] for s in skipped))
    if args.json:
        print(json.dumps({"corpus": str(corpus_dir), "reask": args.reask, "rows": rows, "skipped": len(skipped),
                          "skipped_by_test": skipped_by_test, "differ": differ}, indent=1, ensure_ascii=False))
        return 0
    shown = corpus_dir.relative_to(ROOT) if corpus_dir.is_relative_to(ROOT) else corpus_dir
    print(f"End to end (machinepsych run, --strategy direct, --reask {args.reask}) on {shown}")
    print(f"{'format':<10} {'n':>4}   {'direct: % meant':>15} {'wrong':>6} {'invalid':>8}   "
          f"{'run: % meant':>12} {'wrong':>6} {'invalid':>8} {'lost':>5}")
    for r in rows:
        d, e = r["direct"], r["end_to_end"]
        print(f"{r['format']:<10} {r['n']:>4}   {d['meant']:>15.1f} {d['wrong']:>6.1f} {d['invalid']:>8.1f}   "
              f"{e['meant']:>12.1f} {e['wrong']:>6.1f} {e['invalid']:>8.1f} {r['lost']:>5}")
    n = len(results)
    pct = {c: 100.0 * sum(r["class"] == c for r in results) / max(n, 1) for c in ("meant", "wrong", "invalid")}
    dpct = {c: 100.0 * sum(r["direct"] == c for r in results) / max(n, 1) for c in ("meant", "wrong", "invalid")}
    print(f"{'all':<10} {n:>4}   {dpct['meant']:>15.1f} {dpct['wrong']:>6.1f} {dpct['invalid']:>8.1f}   "
          f"{pct['meant']:>12.1f} {pct['wrong']:>6.1f} {pct['invalid']:>8.1f} {sum(r['class'] == 'lost' for r in results):>5}")
    print(f"skipped (no seed in 0..{args.max_seed} shows the stimulus on its first trial): {len(skipped)} "
          f"{json.dumps(skipped_by_test)}")
    if args.reask:
        print(f"first trials re-asked: {sum(r['reasked'] for r in results)}")
    print(f"{len(differ)} lines read differently end to end:")
    for r in differ:
        print(f"  {r['where']} {r['test']} meant={json.dumps(r['meant'], ensure_ascii=False)}\n"
              f"      direct [{r['direct']}] {r['direct_status']} {json.dumps(r['direct_parsed'], ensure_ascii=False)}"
              f" | run [{r['class']}] {r['status']} {json.dumps(r['parsed'], ensure_ascii=False)}\n"
              f"      {' '.join(r['reply'].split())[:160]}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=MAIN, help="folder of <format>.jsonl files")
    ap.add_argument("--all", action="store_true", help="every reply set tests/fixtures/replies*")
    ap.add_argument("--max-seed", type=int, default=300, help="seeds searched for a line's first trial (default 300)")
    ap.add_argument("--reask", type=int, default=0, help="--reask of the runs (the endpoint repeats its reply)")
    ap.add_argument("--limit", type=int, default=None, help="the first N lines of each format only")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    corpora = sorted(p for p in MAIN.parent.glob("replies*") if p.is_dir()) if args.all else [args.corpus]
    for c in corpora:
        report(c, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

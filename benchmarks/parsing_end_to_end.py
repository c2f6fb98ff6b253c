"""The reply sets of ``benchmarks/parsing.py`` read end to end, through real ``machinepsych run``s.

``benchmarks/parsing.py`` hands each corpus reply straight to the test's parser. This script
checks that a real run reads the same replies the same way: the ``run`` command (prompting
strategy ``direct``, the OpenAI-compatible model adapter and its transport, the runner's read
of the reply, ``--reask``, the store) against a loopback endpoint that gives the replies.

For every line of a reply set (test, stimulus, reply, meant) it finds where a session shows
that stimulus: the seed whose first trial shows it (seeds 0..--max-seed through the test's
``reset``), else a seed and a later trial k <= --max-step (default 8) with the earlier answers
that lead there, found by stepping the test's environment with legal answers (each fixed
option, the option of that index on every trial, so every first choice of DC-IGT; then one
seeded random policy). A line whose stimulus no such trial shows (e.g. CogBench statements cut
short by the corpus writer) is counted, by reason, and skipped; so is a line whose earlier
answers have no reply the test's parser reads as exactly them. The lines are grouped by
(test, seed, earlier answers); each group is one ``machinepsych run TEST --seed S --sessions 1
--repeat K`` (K = the group's lines) into one SQLite store. The endpoint answers each
session's first k-1 answer requests with the earlier answers, written in the test's own answer
form (``answer.format``, checked with the test's parser before use), the k-th with the group's
next corpus reply, and ends the session at its next request (an HTTP 400: trial k is already
committed, so a run takes a second, not a whole session). Calls a test makes before its first
answer (a study page) get a neutral reply; how many there are is learned on the test's first
group; before a later answer, the separate feedback message and the study page each get one.

Then the store is read: each session's trial k gives the stored raw reply (which identifies
the line), the parse status and the stored response, classed meant / wrong / invalid by
``parsing.classify`` (a session whose earlier trials did not store the earlier answers played
leaves its line ``lost``; a stored stimulus other than the line's is counted). Printed: the
per-format table of the direct parser and of the runs side by side; the lines a first-trial-only
run skips, those read on a later trial and those still skipped, by reason, per test; and every
line whose end-to-end class differs from its direct class (a difference is a defect of the run
path). ``--reask N``: the endpoint answers a re-ask with the same reply again (a model that
keeps its answer), so a line may not change class.

    .venv/bin/python benchmarks/parsing_end_to_end.py [--corpus DIR | --all] [--max-seed 300] [--max-step 8] [--reask 0] [--limit N] [--json]
"""
from __future__ import annotations

import argparse
import hashlib
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


class TrialFinder:
    """Where a test (default preset) shows a stimulus: on the first trial of a seed (seeds
    0..max_seed through ``reset``), else on a later trial k <= max_step of a seed played with
    legal answers. The answers played are each fixed legal option (the option of that index on
    every trial: for DC-IGT this tries every first choice) and one seeded random policy."""

    def __init__(self, test: str, max_seed: int, max_step: int):
        self.spec = spec = get_task(test)
        self.env = spec.make(spec.resolve("default", {}))
        self.max_seed, self.max_step = max_seed, max_step
        self.shown: list[Any] = []
        self.played: dict[tuple[int, int], list[tuple[Any, Any]]] = {}  # (seed, policy) -> [(obs, answer)]

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

    def first(self, want: Any) -> int | None:
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

    def _answer(self, policy: int, rng: Any) -> Any:
        space = self.env.action_space
        options = getattr(space, "options", None)
        if options and policy < len(options):
            return options[policy]
        return space.sample(rng)

    def _play(self, seed: int, policy: int) -> list[tuple[Any, Any]]:
        """The first max_step observations of ``seed`` answered by ``policy``, each with its answer."""
        import numpy as np

        if (seed, policy) not in self.played:
            rng = np.random.default_rng([seed, policy])
            obs, out = self.env.reset(seed), []
            for _ in range(self.max_step):
                answer = self._answer(policy, rng)
                out.append((obs, answer))
                step = self.env.step(answer)
                if step.done:
                    break
                obs = step.next_observation
            self.played[(seed, policy)] = out
        return self.played[(seed, policy)]

    def later(self, want: Any) -> tuple[int, list[tuple[Any, Any]], Any] | None:
        """(seed, [(observation, answer)] of the trials before, the trial's observation) of the
        first later trial showing ``want``."""
        self.env.reset(0)
        n_options = len(getattr(self.env.action_space, "options", None) or ())
        for seed in range(self.max_seed + 1):
            for policy in range(n_options + 1):  # each fixed option, then the random policy
                played = self._play(seed, policy)
                for k in range(1, len(played)):
                    if comparable(played[k][0].stimulus) == want:
                        return seed, played[:k], played[k][0]
        return None

    def find(self, stimulus: Any) -> tuple[int, list[tuple[Any, Any]], Any] | None:
        want = comparable(stimulus)
        seed = self.first(want)
        if seed is not None:
            return seed, [], None
        return self.later(want)


def key(messages: list[dict]) -> str:
    """A request as the endpoint tells requests apart: each message's role, text and images (a digest
    of each image's URL). Study pages whose text is the same and whose pictures differ (VisFactor
    MA1, MV1-MV3: a study page of its own per item) are different requests; told apart by text
    alone, item 2's study page was taken for item 1's and the session's later trials were lost."""
    return json.dumps([(m.get("role"), message_text(m), image_digests(m)) for m in messages], ensure_ascii=False)


def image_digests(message: dict) -> list[str]:
    """A short digest of the URL (a data: URL, the image itself) of each image part of ``message``."""
    content = message.get("content")
    parts = content if isinstance(content, list) else []
    return [hashlib.sha256(str((p.get("image_url") or {}).get("url", "")).encode()).hexdigest()[:16]
            for p in parts if isinstance(p, dict) and p.get("type") == "image_url"]


class CorpusEndpoint:
    """The loopback endpoint's replies for one group of lines at a time.

    The group's K sessions send the same requests up to the answer request of the group's
    trial (the same seed, the same prompts, the same earlier replies). The first distinct
    requests of the group get the group's ``script`` in turn (``NEUTRAL`` for a call that is
    not an answer, e.g. a study page, the earlier trials' answers otherwise); the next
    distinct one is the trial's answer request: each time it comes it is answered with the
    group's next reply. A re-ask of it (its messages, the reply, the re-ask text) gets the
    same reply again; any other request is a later trial and gets a 400, which ends the session."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.start([])

    def start(self, replies: list[str], before: int = 0, script: list[str] = ()) -> None:
        """``before`` neutral replies, then ``script``, then the answer request."""
        with self.lock:
            self.replies, self.script = list(replies), [NEUTRAL] * before + list(script)
            self.seen: list[str] = []
            self.given: dict[str, str] = {}  # the answer request + reply -> that reply (its re-asks)

    def reply(self, messages: list[dict]) -> str:
        k = key(messages)
        with self.lock:
            if k not in self.seen:
                self.seen.append(k)
            at = self.seen.index(k)
            if at < len(self.script):
                return self.script[at]
            if at == len(self.script):
                if not self.replies:
                    raise ValueError("no corpus reply left for this trial")
                text = self.replies.pop(0)
                self.given[key(messages + [{"role": "assistant", "content": text}])] = text
                return text
            asked = key(messages[:-1])
            if asked in self.given and message_text(messages[-1]) == REASK_TEXT:
                return self.given[asked]
        raise ValueError("a later trial: this session has given its answer")


def cli(args: list[str]) -> tuple[int, str]:
    from typer.testing import CliRunner

    from machinepsych.cli.app import app

    res = CliRunner().invoke(app, args)
    return res.exit_code, res.output


def stored_trials(store_url: str, run_name: str, index: int, earlier: list[Any]) -> list[dict]:
    """Trial ``index`` of each session of ``run_name``: reply, status, action, and whether the
    trials before it stored ``earlier`` (the answers played to reach it) and it stored the
    stimulus it was meant to show (``stimulus``)."""
    from machinepsych.storage.store import Store

    st = Store(store_url)
    try:
        run = st.get_run(run_name)
        out = []
        for s in st.sessions(run.id):
            trials = sorted(st.trials(s.id), key=lambda t: t.index)
            t = next((t for t in trials if t.index == index), None)
            played = [comparable(t.action) for t in trials if t.index < index]
            out.append({"seed": s.seed, "n_trials": len(trials), "status_session": s.status,
                        "earlier_ok": played == comparable(earlier),
                        **({"reply": t.reply, "status": t.parse_status, "action": t.action, "reasked": t.reasked,
                            "stimulus": comparable((t.observation or {}).get("stimulus"))}
                           if t is not None else {"reply": None})})
        return out
    finally:
        st.close()


def answer_text(spec: Any, answer: Any, obs: Any) -> str | None:
    """A reply the test's parser reads as exactly ``answer`` on ``obs``: the test's own answer
    form (``answer.format``), else the bare value or JSON; None where none is read so."""
    for text in (spec.answer.format(answer), str(answer), json.dumps(answer, ensure_ascii=False)):
        try:
            action, status = spec.answer.parse(text, obs)
        except Exception:  # noqa: BLE001 (a form the parser cannot take is not used)
            continue
        if status == "parsed" and comparable(action) == comparable(answer):
            return text
    return None


def calls_before_answer(spec: Any, obs: Any) -> int:
    """The calls a later trial makes before its answer request: the separate feedback message
    (feedback_mode "separate") and the study page."""
    return int(spec.feedback_mode == "separate" and obs.feedback is not None) + int(bool(obs.study))


class Runs:
    """The ``run`` command against the loopback endpoint, into one store."""

    def __init__(self, server: FakeOpenAIServer, endpoint: CorpusEndpoint, store: str, reask: int):
        self.server, self.endpoint, self.store, self.reask = server, endpoint, store, reask
        self.n = 0
        self.before: dict[str, int] = {}

    def run(self, test: str, seed: int, replies: list[str], before: int, script: list[str],
            earlier: list[Any]) -> list[dict]:
        self.n += 1
        name = f"e2e-{self.n}-{test}"
        self.endpoint.start(replies, before, script)
        code, output = cli(["run", test, "--model", "openai:loopback", "--base-url", self.server.base_url,
                            "--strategy", "direct", "--seed", str(seed), "--sessions", "1",
                            "--repeat", str(max(len(replies), 1)), *(["--temperature", "1"] if len(replies) > 1 else []),
                            "--reask", str(self.reask), "--max-attempts", "1", "--store", self.store,
                            "--run-name", name, "--no-progress", "--concurrency", "8"])
        if code not in (0, 1):
            raise RuntimeError(f"run {test} --seed {seed} exited {code}:\n{output[-2000:]}")
        return stored_trials(self.store, name, len(earlier), earlier)

    def run_group(self, test: str, seed: int, replies: list[str], later: list[str]) -> list[dict]:
        """The sessions of one group; ``later``: the replies of the calls after the first
        trial's study pages, up to the answer request of the group's trial (the earlier
        answers and the later trials' feedback and study calls). How many calls a session of
        ``test`` makes before its first answer is learned on its first group: from none up, the
        first count for which every session stores the group's trial after the earlier answers
        (with too few, an answer request is taken for another call, and the session stores
        other answers or ends early)."""
        earlier = [a for a in later if not isinstance(a, str)]
        script = [a if isinstance(a, str) else a[1] for a in later]
        got: list[dict] = []
        for before in range(self.before.get(test, 0), 4):
            got = self.run(test, seed, replies, before, script, [a[0] for a in earlier])
            if got and all(g["reply"] is not None and g["earlier_ok"] for g in got):
                self.before[test] = before
                return got
        if not earlier:
            raise RuntimeError(f"{test} --seed {seed}: no session stored a first trial (4 calls before the answer tried)")
        return got  # its lines are classed lost


def group_key(finder: TrialFinder, found: tuple) -> tuple[tuple, list] | None:
    """(the group of a line found at ``found``, the calls of that group after the first trial's
    study pages: NEUTRAL or (answer, its reply)); None where an earlier answer has no reply
    the test's parser reads as it."""
    seed, earlier, obs = found
    spec, later = finder.spec, []
    for j, (o, answer) in enumerate(earlier):
        if j:
            later += [NEUTRAL] * calls_before_answer(spec, o)
        text = answer_text(spec, answer, o)
        if text is None:
            return None
        later.append((answer, text))
    if obs is not None:
        later += [NEUTRAL] * calls_before_answer(spec, obs)
    return (finder.spec.id, seed, json.dumps([a if isinstance(a, str) else a[1] for a in later])), later


def measure_end_to_end(corpus: dict[str, list[dict]], max_seed: int, reask: int, limit: int | None = None,
                       log=print, max_step: int = 1) -> tuple[list[dict], list[dict]]:
    """(results of the lines a seed reproduces, the skipped lines, each with its ``reason``)
    for ``corpus``; each result holds the direct class too (``direct``) and ``trial``, the
    (1-based) trial it was read on: the first, or up to ``max_step`` (the command's --max-step,
    8 by default; 1 here: first trials only)."""
    direct = {r["where"]: r for r in measure(corpus)}
    finders: dict[str, TrialFinder] = {}
    groups: dict[tuple, list[dict]] = defaultdict(list)
    scripts: dict[tuple, list] = {}
    skipped: list[dict] = []
    for fmt, lines in corpus.items():
        for line in lines[:limit]:
            finder = finders.setdefault(line["test"], TrialFinder(line["test"], max_seed, max_step))
            found = finder.find(line["stimulus"])
            grouped = group_key(finder, found) if found is not None else None
            if grouped is None:
                reason = (f"not a trial of any seed/step (seeds 0..{max_seed}, trials 1..{max_step})" if found is None
                          else "no reply the parser reads as an earlier answer")
                skipped.append({"format": fmt, "test": line["test"], "where": line["_where"], "reason": reason})
                continue
            gkey, later = grouped
            scripts[gkey] = later
            groups[gkey].append({**line, "format": fmt, "trial": len(found[1]) + 1})
    n_later = sum(len(ls) for k, ls in groups.items() if ls[0]["trial"] > 1)
    log(f"{sum(map(len, groups.values()))} lines in {len(groups)} (test, seed, earlier answers) groups "
        f"({n_later} on a later trial); {len(skipped)} skipped")
    results: list[dict] = []
    endpoint = CorpusEndpoint()
    os.environ.setdefault("OPENAI_API_KEY", "none")
    with tempfile.TemporaryDirectory() as tmp, FakeOpenAIServer(reply=endpoint.reply, record=False) as server:
        runs = Runs(server, endpoint, f"sqlite:///{tmp}/e2e.db", reask)
        # first-trial groups first: they learn each test's calls before its first answer
        for gkey, lines in sorted(groups.items(), key=lambda kv: (kv[1][0]["trial"] > 1, kv[0])):
            got = runs.run_group(gkey[0], gkey[1], [line["reply"] for line in lines], scripts[gkey])
            results += match(lines, got, direct)
    return results, skipped


def match(lines: list[dict], got: list[dict], direct: dict[str, dict]) -> list[dict]:
    """Each line with the session whose stored reply on the line's trial is its reply (a line
    whose session stored no such trial, another reply, or other earlier answers than the ones
    played, is classed ``lost``)."""
    by_reply: dict[str, list[dict]] = defaultdict(list)
    for g in got:
        if g["reply"] is not None and g["earlier_ok"]:
            by_reply[g["reply"]].append(g)
    out = []
    for line in lines:
        d = direct[line["_where"]]
        found = by_reply[line["reply"]].pop(0) if by_reply[line["reply"]] else None
        if found is None:
            cls, status, action, reasked, same = "lost", "no stored trial after the earlier answers", None, False, False
        else:
            status, action, reasked = found["status"], found["action"], found["reasked"]
            cls = classify(line["meant"], action, status)
            same = found["stimulus"] == comparable(line["stimulus"])
        out.append({"format": line["format"], "test": line["test"], "where": line["_where"], "meant": line["meant"],
                    "trial": line["trial"], "reply": line["reply"], "class": cls, "status": status,
                    "parsed": comparable(action), "reasked": reasked, "stored_stimulus_same": same,
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
                                          log=(lambda *a: None) if args.json else print, max_step=args.max_step)
    rows = side_by_side(results)
    differ = [r for r in results if r["class"] != r["direct"]]
    skipped_by = {reason: dict(Counter(s["test"] for s in skipped if s["reason"] == reason))
                  for reason in sorted({s["reason"] for s in skipped})}
    # what a first-trial-only run skips: the lines read on a later trial and the ones skipped now
    later = [r for r in results if r["trial"] > 1]
    first_only = dict(Counter(r["test"] for r in later) + Counter(s["test"] for s in skipped))
    later_by_test = dict(Counter(r["test"] for r in later))
    stimulus_differs = [r["where"] for r in results if r["class"] != "lost" and not r["stored_stimulus_same"]]
    if args.json:
        print(json.dumps({"corpus": str(corpus_dir), "reask": args.reask, "rows": rows, "skipped": len(skipped),
                          "skipped_by_reason": skipped_by, "later_trial_by_test": later_by_test,
                          "skipped_first_trial_only": first_only, "stored_stimulus_differs": stimulus_differs,
                          "differ": differ}, indent=1, ensure_ascii=False))
        return 0
    shown = corpus_dir.relative_to(ROOT) if corpus_dir.is_relative_to(ROOT) else corpus_dir
    print(f"End to end (machinepsych run, --strategy direct, --reask {args.reask}) on {shown}")
    print(f"{'format':<10} {'n':>4}   {'direct: % meant':>15} {'wrong':>6} {'invalid':>8}   "
          f"{'run: % meant':>12} {'wrong':>6} {'invalid':>8} {'lost':>5}")
    for r in rows:
        d, e = r["direct"], r["end_to_end"]
        print(f"{r['format']:<10} {r['n']:>4}   {d['meant']:>15.1f} {d['wrong']:>6.1f} {d['invalid']:>8.1f}   "
              f"{e['meant']:>12.1f} {e['wrong']:>6.1f} {e['invalid']:>8.1f} {r['lost']:>5}")
    for label, rs in (("all", results), ("trial > 1", later)):
        n = len(rs)
        pct = {c: 100.0 * sum(r["class"] == c for r in rs) / max(n, 1) for c in ("meant", "wrong", "invalid")}
        dpct = {c: 100.0 * sum(r["direct"] == c for r in rs) / max(n, 1) for c in ("meant", "wrong", "invalid")}
        print(f"{label:<10} {n:>4}   {dpct['meant']:>15.1f} {dpct['wrong']:>6.1f} {dpct['invalid']:>8.1f}   "
              f"{pct['meant']:>12.1f} {pct['wrong']:>6.1f} {pct['invalid']:>8.1f} {sum(r['class'] == 'lost' for r in rs):>5}")
    print(f"skipped by a first-trial-only run (not on the first trial of seeds 0..{args.max_seed}): "
          f"{sum(first_only.values())} {json.dumps(first_only)}")
    print(f"read on a later trial (2..{args.max_step}) after earlier answers: {len(later)} {json.dumps(later_by_test)}")
    print(f"skipped: {len(skipped)}")
    for reason, by_test in skipped_by.items():
        print(f"  {reason}: {sum(by_test.values())} {json.dumps(by_test)}")
    print(f"stored stimulus other than the line's: {len(stimulus_differs)} {' '.join(stimulus_differs[:10])}")
    if args.reask:
        print(f"trials re-asked: {sum(r['reasked'] for r in results)}")
    print(f"{len(differ)} lines read differently end to end:")
    for r in differ:
        print(f"  {r['where']} {r['test']} trial {r['trial']} meant={json.dumps(r['meant'], ensure_ascii=False)}\n"
              f"      direct [{r['direct']}] {r['direct_status']} {json.dumps(r['direct_parsed'], ensure_ascii=False)}"
              f" | run [{r['class']}] {r['status']} {json.dumps(r['parsed'], ensure_ascii=False)}\n"
              f"      {' '.join(r['reply'].split())[:160]}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=MAIN, help="folder of <format>.jsonl files")
    ap.add_argument("--all", action="store_true", help="every reply set tests/fixtures/replies*")
    ap.add_argument("--max-seed", type=int, default=300, help="seeds searched for a line's first trial (default 300)")
    ap.add_argument("--max-step", type=int, default=8,
                    help="the latest trial (1-based) searched for a line's stimulus (default 8)")
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

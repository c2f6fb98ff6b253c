"""Confident wrong readings by class, on replies composed from parts (seeded).

The blind reply sets each find a few phrasings the parsers read as a different answer than
meant. This script measures the *classes* behind them instead of single phrasings: it composes
replies from parts over the real first-trial prompts of every choice format (card, letter,
number, T/F rows and single T/F, word: deck, arm, weather and an open word):

    preamble (none, a greeting, reasoning that names another option)
    + a commitment in one of several forms (JSON object, "Answer:"/"Selection:", bold, bare, a sentence)
    + a tail of one class (below)

and derives the label from the composition: the committed answer, or null where the tail
hedges between the answer and another legal option. Each line is read by the test's own parser
(``get_task(test).answer.parse``) and classed as in ``benchmarks/parsing.py`` (meant / wrong /
invalid). Printed per tail class and per format: n, % meant, % wrong, % invalid.

    .venv/bin/python benchmarks/parsing_generated.py [--seed 0] [--n 3000] [--show N] [--sample N] [--json]

Tail classes (label): plain, explain (the answer); or_alt, though_alt, similar_alt, paren_alt,
cond_alt, foreign_alt (another option offered after the answer, in English, German, Spanish,
French, Italian, Chinese or Japanese: null); ruled_out, compared (another option named and set
aside: the answer); example_echo (the prompt's own example object echoed after the answer: the
answer); template_before (the template's placeholder before the answer: the answer);
options_restated (the options listed again: the answer); settled (a hedge, then an explicit
final answer: the final answer); revised (a self-correction to another option: that option).
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from parsing import classify, comparable  # noqa: E402

from machinepsych.core.types import Observation  # noqa: E402
from machinepsych.tasks.catalog import get_task  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PROMPTS = ROOT / "tests" / "fixtures" / "replies_blind17"  # real first-trial stimuli, one per test
TESTS = {"card": ("wcst", "wcst-kennedy"), "letter": ("visfactor-cf1", "visfactor-p3", "visfactor-vz3"),
         "number": ("visfactor-ma1", "visfactor-ss3"), "tf_rows": ("visfactor-cf2", "visfactor-vz1", "visfactor-mv1"),
         "word": ("dcigt", "prlt", "wpt", "visfactor-cs1")}
OBJECTS = ("kettle", "umbrella", "bicycle", "teapot", "scissors", "lamp", "bell", "guitar")


def stimuli() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for path in sorted(PROMPTS.glob("*.jsonl")):
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = json.loads(raw)
            if line["test"] not in out and line["stimulus"].get("phase") != "final":
                out[line["test"]] = line["stimulus"]
    return out


# ----------------------------------------------------------------------------- answers of a test
class Answers:
    """The legal answers of one test and how a reply names them."""

    def __init__(self, fmt: str, test: str, stim: dict):
        self.fmt, self.test, self.stim = fmt, test, stim
        q = stim.get("question", "")
        ex = re.search(r"e\.g\.\s*(\{[^{}]*\})", q)
        self.example = ex.group(1) if ex else None
        if fmt == "card":
            self.values = [1, 2, 3, 4]
        elif fmt == "letter":
            self.values = list(stim["options"])
        elif fmt == "number":
            self.values = list(stim["options"])
        elif test == "visfactor-mv1":
            self.values = ["T", "F"]
        elif fmt == "tf_rows":
            n = stim["n_rows"]
            self.values = [tuple(random.Random(k).choice("TF") for _ in range(n)) for k in range(6)]
        elif test == "dcigt":
            self.values = ["AAA", "BBB", "CCC", "DDD"]
        elif test == "prlt":
            self.values = ["left", "right"]
        elif test == "wpt":
            self.values = ["sunny", "rainy"]
        else:
            self.values = list(OBJECTS)

    @property
    def rows(self) -> bool:
        return self.fmt == "tf_rows" and self.test != "visfactor-mv1"

    def meant(self, v: Any) -> Any:
        return list(v) if isinstance(v, tuple) else v

    def json(self, v: Any) -> str:
        if self.test == "prlt":
            v = f"{v} arm"
        return json.dumps({"answer": list(v) if isinstance(v, tuple) else v}, ensure_ascii=False)

    def bare(self, v: Any) -> str:
        if self.rows:
            return ", ".join(v)
        return {"prlt": f"{v} arm"}.get(self.test, str(v))

    def named(self, v: Any, rng: random.Random) -> str:
        """``v`` named in a sentence (an alternative or an option set aside)."""
        if self.fmt == "card":
            return rng.choice((f"card {v}", f"card {v}", f"option {v}"))
        if self.fmt == "letter":
            return rng.choice((f"{v}", f"option {v}", f'"{v}"'))
        if self.fmt == "number":
            return rng.choice((f"{v}", f"{v}", f"number {v}")) if self.test == "visfactor-ma1" else rng.choice((f"building {v}", f"{v}"))
        if self.test == "visfactor-mv1":
            return rng.choice(("F" if v == "F" else "T", f'"{v}"'))
        if self.test == "dcigt":
            return rng.choice((f"deck {v}", f"{v}"))
        if self.test == "prlt":
            return f"the {v} arm"
        if self.test == "wpt":
            return v
        return rng.choice((f"{'an' if v[0] in 'aeiou' else 'a'} {v}", f'"{v}"'))

    def commitment(self, v: Any, rng: random.Random) -> str:
        forms = ["json", "label", "bold", "bare", "sentence"]
        form = rng.choice(forms)
        if form == "json":
            return self.json(v)
        label = "Selection" if self.fmt == "card" else ("Prediction" if self.test == "wpt" else "Answer")
        if form == "label":
            return f"{label}: {self.bare(v)}"
        if form == "bold":
            return f"**{label}: {self.bare(v)}**" if self.rows or rng.random() < 0.5 else f"**{self.bare(v)}**"
        if form == "bare":
            return self.bare(v)
        if self.rows:
            return f"My answer is {self.bare(v)}."
        return rng.choice((f"I choose {self.named(v, rng)}.", f"My answer is {self.bare(v)}.", f"I'll go with {self.named(v, rng)}."))

    def alternative(self, v: Any, rng: random.Random) -> tuple[Any, str]:
        """Another legal answer, and how the tail names it (a row: one figure's value flipped)."""
        if self.rows:
            k = rng.randrange(len(v))
            flipped = "T" if v[k] == "F" else "F"
            w = tuple(flipped if i == k else x for i, x in enumerate(v))
            noun = "piece" if self.test == "visfactor-vz1" else "figure"
            return w, f"{flipped} for {noun} {k + 1}"
        w = rng.choice([x for x in self.values if x != v])
        return w, self.named(w, rng)


# ----------------------------------------------------------------------------- tails
ALT = {  # class -> templates with {W} (the other option named); the label is null
    "or_alt": (", or possibly {W}.", " or maybe {W}", "... or {W}.", "\n\nOr perhaps {W}."),
    "though_alt": (" — though {W} is possible too.", " Though it could also be {W}.", "\n\nThat said, {W} might also be right."),
    "similar_alt": (" But {W} is very similar too.", " {W} looks just as likely.", "\n\n{W} could equally be it."),
    "paren_alt": (" ({W} is also possible)", " (or {W})", " (possibly {W})"),
    "cond_alt": (" (or {W} if I misjudged the shape)", " — {W} if the lines count differently.", " If I misread it, {W}."),
    "foreign_alt": (" Oder vielleicht {W}.", " O quizás {W}.", " Ou peut-être {W}.", " O forse {W}.", " 也可能是{W}。", " {W}かもしれません。"),
}
ROW_ALT = {  # the same classes where the other option is a row's value ("figure 2 as T")
    "or_alt": (", or maybe {W} too.", "\n\nOr possibly {W}."),
    "though_alt": (" Though {W} is possible too.", " — though {W} could also be right."),
    "similar_alt": (" {W} seems just as likely.", " But {W} is equally plausible."),
    "paren_alt": (" ({W} is also possible)", " (maybe {W})"),
    "cond_alt": (" ({W} if the faint line counts)", " If I misread it, {W}."),
    "foreign_alt": (" Oder vielleicht {W}.", " O quizás {W}.", " Ou peut-être {W}.", " O forse {W}."),
}
KEEP = {  # class -> templates; the label is the answer committed
    "plain": ("",),
    "explain": (" It fits best.", "\n\nI'm fairly confident about this.", " This matches what I saw."),
    "ruled_out": (" {W} is wrong because it does not fit.", " Not {W}.", "\n\nI ruled out {W}.", " {W} does not match."),
    "compared": (" {W} was close, but it does not match.", " I compared it with {W}, which fails.",),
    "options_restated": (" (The options were {ALL}.)", "\n\nOptions considered: {ALL}."),
}
CLASSES = ("plain", "explain", *ALT, "ruled_out", "compared", "example_echo", "template_before", "options_restated",
           "settled", "revised")
PREAMBLES = ("", "", "Sure!\n\n", "Let me look at each option carefully.\n\n", "Hmm. ")


def join(body: str, tail: str) -> str:
    """``body`` then ``tail``, a sentence of the tail starting as a sentence does."""
    if re.match(r" [^\W_\"]", tail) and not tail.startswith((" or ", " (")):
        tail = " " + tail[1].upper() + tail[2:]
        if not re.search(r"[.!?}*)]$", body):
            body += "."
    return body + tail


def compose(a: Answers, cls: str, rng: random.Random) -> tuple[str, Any]:
    """(reply, meant) of one composed reply of class ``cls``."""
    v = rng.choice(a.values)
    w, named_w = a.alternative(v, rng)
    pre = rng.choice(PREAMBLES)
    if cls == "template_before":
        pre = rng.choice(('Format: {"answer": ...}\n\n', "Required format: {\"answer\": <value>}\n"))
    body = a.commitment(v, rng)
    if cls in ALT or cls == "settled":
        table = ROW_ALT if a.rows else ALT
        alt_cls = rng.choice(list(ALT)) if cls == "settled" else cls
        tail = rng.choice(table[alt_cls]).replace("{W}", named_w)
        if cls == "settled":
            return pre + join(body, tail) + "\n\nFinal answer: " + a.json(v), a.meant(v)
        return pre + join(body, tail), None
    if cls == "revised":
        return pre + body + rng.choice((" Wait, actually ", "\n\nHmm, no — ", " Correction: ")) + a.json(w), a.meant(w)
    if cls == "example_echo":
        return pre + body + rng.choice((f" (format per the example {a.example})", f"\n\n(The example format was {a.example}.)")), a.meant(v)
    if cls in KEEP:
        all_opts = ", ".join(a.named(x, rng) for x in a.values) if not a.rows else "T or F for each figure"
        tail = rng.choice(KEEP[cls]).replace("{W}", named_w).replace("{ALL}", all_opts)
        return pre + join(body, tail), a.meant(v)
    return pre + body, a.meant(v)


def generate(seed: int, n: int) -> list[dict]:
    rng = random.Random(seed)
    stims = stimuli()
    pool = [(fmt, test) for fmt, tests in TESTS.items() for test in tests if test in stims]
    lines = []
    for k in range(n):
        fmt, test = pool[k % len(pool)]
        cls = CLASSES[(k // len(pool)) % len(CLASSES)]
        a = Answers(fmt, test, stims[test])
        if cls == "example_echo" and a.example is None:  # only prompts that show an example answer
            cls = "explain"
        reply, meant = compose(a, cls, rng)
        lines.append({"format": fmt, "test": test, "class": cls, "stimulus": stims[test], "reply": reply, "meant": meant})
    return lines


def measure(lines: list[dict]) -> list[dict]:
    out = []
    for line in lines:
        parse = get_task(line["test"]).answer.parse
        action, status = parse(line["reply"], Observation(trial=0, stimulus=line["stimulus"], parts=()))
        out.append({**line, "parsed": comparable(action), "status": status, "read": classify(line["meant"], action, status)})
    return out


def rows_of(results: list[dict], key: str) -> list[dict]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        groups[r[key]].append(r)
        groups["all"].append(r) if key == "class" else None
    return [{key: k, "n": len(rs), **{c: 100.0 * sum(r["read"] == c for r in rs) / len(rs) for c in ("meant", "wrong", "invalid")}}
            for k, rs in groups.items()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n", type=int, default=3000, help="replies to compose (spread evenly over tests and classes)")
    ap.add_argument("--show", type=int, default=0, help="print up to N replies read wrong")
    ap.add_argument("--sample", type=int, default=0, help="print N composed replies with their labels (for hand-checking)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    lines = generate(args.seed, args.n)
    if args.sample:
        for line in random.Random(args.seed + 1).sample(lines, args.sample):
            print(json.dumps({"test": line["test"], "class": line["class"], "reply": line["reply"], "meant": line["meant"]}, ensure_ascii=False))
        return 0
    results = measure(lines)
    by_class, by_format = rows_of(results, "class"), rows_of(results, "format")
    if args.json:
        print(json.dumps({"seed": args.seed, "by_class": by_class, "by_format": by_format}, indent=1))
        return 0
    print(f"{len(results)} composed replies, seed {args.seed}")
    for title, rows, key in (("class", by_class, "class"), ("format", by_format, "format")):
        print(f"\n{title:<17} {'n':>5} {'% meant':>8} {'% wrong':>8} {'% invalid':>10}")
        for r in rows:
            print(f"{r[key]:<17} {r['n']:>5} {r['meant']:>8.1f} {r['wrong']:>8.1f} {r['invalid']:>10.1f}")
    wrong = [r for r in results if r["read"] != "meant"][: args.show]
    for r in wrong:
        print(f"[{r['read']}] {r['class']} {r['test']}: {r['reply']!r} meant {r['meant']!r} read {r['parsed']!r} ({r['status']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

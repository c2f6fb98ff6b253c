"""What a chat model is actually sent, read off the wire: every test of the catalog (every
VisFactor subtest included) under every strategy that applies to it (direct, cot, free, scot,
mad and the strategies a test declares, e.g. CogBench's memory agents) plays a short session
against a loopback OpenAI-compatible server, and the recorded request bodies are checked:

(a) **Nothing is said twice in one user turn.** No non-empty line occurs twice in one user
    message (its text parts joined), and in particular no feedback line does (the defect this
    guards against: "Incorrect.\\nIncorrect." when a test wrote its feedback into the trial text
    and the strategy prefixed it again). The tests' stimuli never repeat a line within one
    message (card descriptions are one line each, with distinct ordinals; option lines carry
    their number); a test that needs to must be listed in ``ALLOWED_REPEATS``. The scripted
    model's replies are made unique (a request counter), so replies quoted back to the model
    (a debate's transcript, a reflection) cannot repeat a line either.
(b) **Study material is taken away.** A message that carries study material (a study text of
    the session's observations as a substring, or a study image, compared by the SHA-256 of
    the data URL's bytes) is always the *last* message of its request (the study turn itself)
    and never holds the question (a question image, or the question text: the last model text
    part of a trial). Every later request that carries the model's reply to a study turn has,
    right before that reply, a user message with :data:`STUDY_PLACEHOLDER` instead of the
    material; and each (test, strategy) that shows study material and keeps a conversation
    after it sends the placeholder at least once (CogGPT's interpret calls keep no
    conversation: the flow reaches them only as distilled memory).

``test_old_versions_are_caught`` runs the same checks on the versions made before the fix
(``wcst@1``, ``wcst-reflection@1``, ``visfactor-ma1@1`` ..., ``cogbench-a@1``) and requires
them to fail, so these checks can fail.
"""
from __future__ import annotations

import base64
import hashlib
import threading
from collections import Counter
from dataclasses import dataclass, field

import pytest

from machinepsych.core.types import STUDY_PLACEHOLDER
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import all_tasks, get_task
from tests.support.fake_openai import FakeOpenAIServer, message_text

GENERAL = ("direct", "cot", "free", "scot", "mad")
# strategies whose requests after the study turn carry no conversation (nothing to replace)
NO_CONVERSATION_AFTER_STUDY = {"coggpt"}
# (test id, line) pairs a test legitimately repeats within one user message: none today
ALLOWED_REPEATS: set[tuple[str, str]] = set()
# short sessions: a few trials each (names shared by several tests' parameters)
SMALL = {"n_trials": 3, "trials": 3, "n_items": 2, "passages": 2, "iterations": 2, "statements": 2,
         "max_attempts": 1, "x": 6, "blocks": 1, "estimate_from": 1}
SPECS = all_tasks()


def strategies_for(spec) -> list[str]:
    return list(dict.fromkeys([*GENERAL, *spec.strategies]))


def small(spec) -> dict:
    return {k: v for k, v in SMALL.items() if k in spec.Params.model_fields}


@dataclass
class Capture:
    """The requests of one session (one test, one strategy) and the replies they got."""

    test: str
    strategy: str
    bodies: list[dict]
    replies: list[str]
    study_texts: set[str] = field(default_factory=set)
    study_images: set[str] = field(default_factory=set)
    question_texts: set[str] = field(default_factory=set)
    question_images: set[str] = field(default_factory=set)
    feedback_lines: set[str] = field(default_factory=set)


class UniqueReplies:
    """The scripted model: every reply is unique (a counter), and each is kept in order."""

    def __init__(self):
        self.replies: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, messages) -> str:
        with self.lock:
            text = f"Noted, reply {len(self.replies) + 1}."
            self.replies.append(text)
            return text


def images_of(message: dict) -> set[str]:
    content = message.get("content")
    out = set()
    for p in content if isinstance(content, list) else ():
        url = (p.get("image_url") or {}).get("url", "") if p.get("type") == "image_url" else ""
        if url.startswith("data:"):
            out.add(hashlib.sha256(base64.b64decode(url.split(",", 1)[1])).hexdigest())
    return out


def model_texts(parts: list[dict]) -> list[str]:
    return [p["text"] for p in parts if p.get("type") == "text" and p.get("audience", "all") != "person"
            and p["text"].strip()]


def capture(server: FakeOpenAIServer, store: Store, test: str, strategy: str, **params) -> Capture:
    spec = get_task(test)
    server.reset()
    script = UniqueReplies()
    server.reply = script
    name = f"cap-{spec.id}-v{spec.version}-{strategy}" + "".join(f"-{v}" for v in params.values())
    create_run(store, RunSpec(tasks=[TaskRun(task=spec.key, params={**small(spec), **params}, sessions=1)],
                              participants=[ParticipantSpec(ref="openai:fake", base_url=server.base_url)],
                              strategies=[strategy], name=name))
    stats = run_sync(store, name, progress=False)
    assert stats.sessions_failed == 0, (test, strategy, stats.failures)
    cap = Capture(f"{spec.id}@{spec.version}", strategy, list(server.bodies), list(script.replies))
    assert len(cap.bodies) == len(cap.replies) > 0
    for session in store.sessions(store.get_run(name).id):
        for trial in store.trials(session.id):
            obs = trial.observation or {}
            study = obs.get("study") or []
            cap.study_texts |= {t.strip() for t in model_texts(study)}
            cap.study_images |= {p["sha256"] for p in study if p.get("type") == "image"}
            parts = obs.get("parts") or []
            texts = model_texts(parts)
            if study and texts:
                cap.question_texts.add(texts[-1].strip())
            cap.question_images |= {p["sha256"] for p in parts if p.get("type") == "image"}
            if obs.get("feedback"):
                cap.feedback_lines |= {ln.strip() for ln in obs["feedback"].splitlines() if ln.strip()}
    return cap


def carries_study(cap: Capture, message: dict) -> bool:
    text = message_text(message)
    return any(t in text for t in cap.study_texts) or bool(images_of(message) & cap.study_images)


def problems(cap: Capture) -> list[str]:
    """Every breach of rules (a) and (b) in one session's requests."""
    out: list[str] = []
    where = f"{cap.test} / {cap.strategy}"
    study_replies: set[str] = set()
    placeholders = 0
    for i, (body, reply) in enumerate(zip(cap.bodies, cap.replies)):
        msgs = body["messages"]
        # (a) no line twice in one user message; feedback lines named as such
        for k, m in enumerate(msgs):
            if m["role"] != "user":
                continue
            lines = Counter(ln.strip() for ln in message_text(m).splitlines() if ln.strip())
            for line, n in lines.items():
                if n > 1 and (cap.test.split("@")[0], line) not in ALLOWED_REPEATS:
                    what = "feedback line" if line in cap.feedback_lines else "line"
                    out.append(f"{where}: request {i + 1}, message {k + 1}: {what} {line[:60]!r} sent {n} times")
        # (b) study material only in the study turn, which is the request's last message
        holders = [k for k, m in enumerate(msgs) if carries_study(cap, m)]
        for k in holders:
            if k != len(msgs) - 1:
                out.append(f"{where}: request {i + 1} carries the study material in message {k + 1} of {len(msgs)} "
                           "(after the study turn; the placeholder belongs there)")
            text = message_text(msgs[k])
            if images_of(msgs[k]) & cap.question_images or any(q in text for q in cap.question_texts):
                out.append(f"{where}: request {i + 1}: the study material and the question in one message")
        if holders and holders[-1] == len(msgs) - 1:
            study_replies.add(reply)
        # every later request carrying the reply to a study turn has the placeholder before it
        for k, m in enumerate(msgs):
            if m["role"] == "assistant" and message_text(m) in study_replies:
                before = msgs[k - 1] if k else {}
                if before.get("role") != "user" or STUDY_PLACEHOLDER not in message_text(before):
                    out.append(f"{where}: request {i + 1}: no placeholder before the reply to the study turn")
                else:
                    placeholders += 1
    if (cap.study_texts or cap.study_images) and cap.strategy not in NO_CONVERSATION_AFTER_STUDY:
        if not study_replies:
            out.append(f"{where}: the study material was never sent in a study turn of its own")
        elif not placeholders:
            out.append(f"{where}: no request after the study turn carries the placeholder")
    return out


@pytest.fixture(scope="module")
def server():
    with FakeOpenAIServer() as srv:
        yield srv


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_what_models_are_sent(spec, server, tmp_path):
    store = Store(tmp_path / "capture.db")
    found = []
    for strategy in strategies_for(spec):
        found += problems(capture(server, store, spec.key, strategy))
    assert not found, "\n".join(found[:20])


# presentations that change what a model is sent beyond the default one
# (split mode: one T/F question per option, listed in one message)
VARIANTS = [("wcst", {"input": "image"}), ("visfactor-cf1", {"mode": "split"}), ("visfactor-vz2", {"mode": "split"})]


@pytest.mark.parametrize("test,params", VARIANTS, ids=[f"{t}-{'-'.join(map(str, p.values()))}" for t, p in VARIANTS])
def test_what_models_are_sent_in_other_presentations(test, params, server, tmp_path):
    spec = get_task(test)
    store = Store(tmp_path / "capture.db")
    found = []
    for strategy in strategies_for(spec):
        found += problems(capture(server, store, spec.key, strategy, **params))
    assert not found, "\n".join(found[:20])


def test_every_test_and_subtest_is_covered():
    from machinepsych.tasks.catalog import VISFACTOR_SUBTESTS

    ids = {s.id for s in SPECS}
    assert {f"visfactor-{s.lower()}" for s in VISFACTOR_SUBTESTS} <= ids and len(ids) == len(SPECS) >= 38
    study = [s.id for s in SPECS if s.id.startswith(("visfactor-ma1", "visfactor-mv", "cogbench"))]
    assert len(study) == 6


# The versions made before the fix, and what the checks must find in each.
OLD = [
    ("wcst@1", "direct", "feedback line 'Incorrect.' sent 2 times"),
    ("wcst@1", "mad", "feedback line 'Incorrect.' sent 2 times"),
    ("wcst-reflection@1", "cot", "feedback line 'False' sent 2 times"),
    ("visfactor-ma1@1", "direct", "carries the study material in message 2 of 4"),
    ("visfactor-mv1@1", "scot", "carries the study material in message 2 of"),
    ("visfactor-mv2@1", "mad", "carries the study material in message 2 of"),
    ("visfactor-mv3@1", "free", "carries the study material in message 2 of 4"),
    ("cogbench-a@1", "cot", "carries the study material in message 2 of 4"),
    ("cogbench-v@1", "direct", "carries the study material in message 2 of 4"),
]


@pytest.mark.parametrize("test,strategy,expected", OLD, ids=[f"{t}-{s}" for t, s, _ in OLD])
def test_old_versions_are_caught(test, strategy, expected, server, tmp_path):
    found = problems(capture(server, Store(tmp_path / "old.db"), test, strategy))
    assert any(expected in p for p in found), found[:5]
    # and the current version of the same test passes the same checks
    current = get_task(test.split("@")[0])
    assert current.version > get_task(test).version
    assert problems(capture(server, Store(tmp_path / "new.db"), current.key, strategy)) == []

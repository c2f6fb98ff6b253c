"""A fingerprint of everything a model is sent in a session played by ``agent:random``: the
instructions, each trial's user message (feedback inline where the test puts it there), study
messages, and the feedback. Tests pin these digests so that rewording a test for people never
changes a model's text.

A change of what models are sent is made as a new version of the test, declared in
:data:`DECLARED_CHANGES` (test id, version, what changed). The pinned digests of the older
version are then checked against that version, which the catalog keeps (``wcst@1``), and the
new version gets digests of its own (:func:`versions_pinned`)."""
from __future__ import annotations

import hashlib
import json

from machinepsych.participants.agents import play_agent
from machinepsych.prompting.strategies import _user
from machinepsych.tasks.catalog import get_task

# (test id, version) -> what that version changed in what models are sent (docs/README.md#versions)
DECLARED_CHANGES: dict[tuple[str, int], str] = {
    ("wcst", 2): "the feedback line (Correct./Incorrect.) is sent once; v1 wrote it into the trial text as "
                 "well as the inline feedback, so every trial after the first began with it twice",
    ("wcst-reflection", 2): "the True/False line is sent once (the published message); v1 sent it twice",
    **{(f"visfactor-{s}", 2): "the study page is taken away: the question requests carry a placeholder where "
                              "the study message was; v1 left the study page in the question's conversation"
       for s in ("ma1", "mv1", "mv2", "mv3")},
    **{(f"visfactor-{s}", 2): "issue 20: the generator was redesigned so that no construct-free rule (line counts, "
                              "piece sizes, distance to a line, the figure's own end dot, the option most like the "
                              "others, symmetry) finds the answer: the items differ; v1 makes the old items"
       for s in ("cf2", "cf3", "vz1", "vz2", "ss3", "p3")},
    **{(f"visfactor-{s}", v): "issue 20, learned audit: the generator was redesigned again so that no classifier "
                              "trained on the items' surface features (counts, sizes, positions, symmetry, overlap "
                              "between options) beats the structural chance: the items differ; the previous "
                              "version makes the previous items"
       for s, v in (("cf1", 2), ("cf2", 3), ("cf3", 3), ("cs1", 2), ("cs2", 2), ("cs3", 2), ("vz1", 3), ("vz2", 3),
                    ("vz3", 2), ("s2", 2), ("ss2", 2), ("ss3", 3), ("p3", 3), ("i3", 2), ("mv3", 3))},
    ("visfactor-ss2", 3): "issue 20, learned audit: the network is drawn on a larger grid (9 x 13, 11 x 11, 13 x 13 points "
                          "at easy, normal, hard; was 5 x 5, 7 x 7, 9 x 9) so that the run from a start to its first junction does not "
                          "tell the answer: the items differ; version 2 makes the previous items",
    ("visfactor-cf2", 4): "issue 30: the five test figures are drawn first and every set of them is exactly the set "
                          "holding some four-line figure, the key a coin flip per figure (no whole-item rule beats "
                          "chance): the items differ; version 3 makes the previous items",
    ("visfactor-ss2", 4): "issue 30: the points within two steps of every start are drawn from the starts alone, on a "
                          "grid three rows taller (the area around a start does not tell the answer): the items "
                          "differ; version 3 makes the previous items",
    ("visfactor-ss2", 5): "issue 30's second shortcut hunt: above the blind bottom band every start's branch is drawn "
                          "alike (random walk order, wrong starts join only in the circle's half, no side line), so the "
                          "points where each start's line leaves the band do not tell the answer: the items differ; "
                          "version 4 makes the previous items",
    ("visfactor-i3", 3): "issue 30's second shortcut hunt: each group has a lure per other group, each held by the test "
                         "figures of one group, so how many test figures hold a group's shared value no longer tells its "
                         "rule from its lures; seven attributes of three values (a dotted border, the outline's colour and "
                         "a line under the figure added), any of them the rule of three groups: the items differ; version "
                         "2 makes the previous items",
    ("visfactor-vz1", 4): "issue 30: five pieces of equal area (4, 5 or 6 unit squares) are drawn first, every set of "
                          "three makes a shape of its own and the key is one set drawn uniformly (no rule on the pieces "
                          "and the shape's area beats 1/10): the items differ; version 3 makes the previous items",
    ("visfactor-ss3", 4): "issue 30: a shortest route is drawn beside every building and a street that continues a "
                          "building's open side is never blocked: the items differ; version 3 makes the previous items",
    ("visfactor-ss3", 5): "issue 30: the answer's rank by distance to the two points' line is drawn before the layout "
                          "and rival routes are cut away from the streets around buildings (no rule on where a building "
                          "is beats chance): the items differ; version 4 makes the previous items",
    ("visfactor-ss3", 6): "issue 30: a finished item is kept with a probability that draws the streets continuing the "
                          "answer's sides (open, road-blocked, map edge) as those of the other buildings (no local view "
                          "of a building beats chance): the items differ; version 5 makes the previous items",
    **{(f"cogbench-{b}", 2): "the flow is taken away: the statement requests carry a placeholder where the study "
                             "message was, and the study message says the flow will not be shown again; v1 kept "
                             "the flow in view" for b in ("a", "v")},
}


def versions_pinned(task: str) -> list[int]:
    """The versions of ``task`` whose digests are pinned: version 1, and every later version
    only where its change is declared (an undeclared one is an error)."""
    from machinepsych.tasks.catalog import task_versions

    out = []
    for v in task_versions(task):
        if v > 1 and (task, v) not in DECLARED_CHANGES:
            raise AssertionError(f"{task} v{v} changes what models are sent without a DECLARED_CHANGES entry")
        out.append(v)
    return out


def model_messages_digest(task: str, params, seed: int) -> str:
    """``task`` may name a version (``wcst@1``); the id alone is the latest."""
    spec = get_task(task)
    steps, _ = play_agent(spec, params, seed, "random")
    h = hashlib.sha256(spec.instructions(spec.make(params), "model").encode())
    for s in steps:
        o = s.observation
        feedback = None if spec.feedback_mode == "separate" else o.feedback
        h.update(json.dumps(_user(o.parts_for("model"), feedback, "SUFFIX").to_json(), sort_keys=True).encode())
        if o.study:
            h.update(json.dumps(_user(o.study_for("model"), None, "").to_json()).encode())
        h.update(json.dumps(o.feedback).encode())
        h.update(json.dumps(s.result.feedback).encode())
    return h.hexdigest()[:16]

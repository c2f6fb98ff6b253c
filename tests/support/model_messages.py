"""A fingerprint of everything a model is sent in a session played by ``agent:random``: the
instructions, each trial's user message (feedback inline where the test puts it there), study
messages, and the feedback. Tests pin these digests so that rewording a test for people never
changes a model's text."""
from __future__ import annotations

import hashlib
import json

from machinepsych.participants.agents import play_agent
from machinepsych.prompting.strategies import _user
from machinepsych.tasks.catalog import get_task


def model_messages_digest(task: str, params, seed: int) -> str:
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

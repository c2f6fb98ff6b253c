"""What a person's page reads as JSON: the observation (never text meant for a model) and the form.
"""
from __future__ import annotations

from typing import Any

from ..core.spec import Buttons, Likert, TaskSpec
from ..core.types import Observation
from ..runner.session import json_roundtrip
from ..storage import study as studies
from ..storage.store import Store
from .session_access import Access
from .session_phase import _fresh, _phase
from .session_timing import _replay_timed, _study_view, _time_left


def public_observation(obs: Observation, with_study: bool | str = True) -> dict[str, Any]:
    """Only what the page shows: the parts and study material for people (until it has been
    studied; not ``"later"``: see :func:`_study_view`), the feedback."""
    out = {"trial": obs.trial, "parts": [person_json(p) for p in obs.parts_for("person")], "feedback": obs.feedback}
    if obs.study and with_study is True:
        out["study"] = [person_json(p) for p in obs.study_for("person")]
        out["study_seconds"] = obs.study_seconds
    return out


def person_json(part) -> dict[str, Any]:
    """A part as a person's page gets it (a picture's words for people)."""
    out = part.to_json()
    if out.get("type") == "image":
        out["alt"] = part.alt_for("person")
    return out


def form_json(spec: TaskSpec, obs: Observation, space) -> dict[str, Any]:
    form = spec.answer.form(obs, space)
    out: dict[str, Any] = {"form": form.kind, "options": None}
    if isinstance(form, (Buttons, Likert)):
        out["options"] = json_roundtrip([o.action for o in form.options])
    return out


def _state(store: Store, acc: Access) -> dict[str, Any]:
    rp = _replay_timed(store, acc)
    phase, practice = _phase(rp, acc)
    out: dict[str, Any] = {"session": acc.row.id, "phase": phase, "trial": rp.n_stored,
                           "n_trials": rp.env.progress()[1], "done": rp.done}
    if phase == "practice":
        obs, fresh = _study_view(store, acc, phase, practice.answered, practice.episode.observation, "state")
        out.update(trial=practice.answered, n_trials=practice.n, observation=public_observation(obs, fresh),
                   **form_json(rp.spec, obs, practice.episode.action_space))
    elif phase == "test":
        obs, fresh = _study_view(store, acc, phase, rp.n_stored, rp.obs, "state")
        out.update(observation=public_observation(obs, fresh), **form_json(rp.spec, obs, rp.env.action_space))
        left = _time_left(acc, rp, studies.state_of(_fresh(store, acc).assignment), studies.clock())
        if left is not None:
            out["time_left_s"] = left
    return out

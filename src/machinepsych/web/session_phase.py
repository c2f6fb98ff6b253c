"""Where a person is in a session: consent, practice, the test or done, and the trial on screen.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from ..core.play import Episode
from ..core.spec import TaskSpec, Timing
from ..core.types import Observation
from ..runner.session import Replayed
from ..storage import study as studies
from ..storage.schema import StudyRow
from ..storage.store import Store
from .session_access import Access, current_session


def timing_of(spec: TaskSpec, study: StudyRow | None) -> Timing:
    base = spec.timing
    over = studies.pacing(study)
    return Timing(**{k: int(over.get(k, getattr(base, k))) for k in ("fixation_ms", "iti_ms", "feedback_ms")})


def practice_seed(seed: int) -> int:
    return int(hashlib.sha256(f"practice:{seed}".encode()).hexdigest()[:12], 16)


@dataclass
class Practice:
    episode: Episode
    n: int
    answered: int


def practice_of(rp: Replayed, acc: Access) -> Practice | None:
    """The practice trials still to take (None when there are none): the same test and
    parameters from another seed, never stored as trials and never scored."""
    study, a = acc.study, acc.assignment
    if study is None or study.practice <= 0 or a.practice_done or rp.n_stored:
        return None
    episode = Episode(rp.spec.make(rp.params), practice_seed(acc.row.seed))
    n = min(study.practice, episode.env.n_trials)
    for p in a.practice:
        if episode.done:
            break
        episode.step(episode.legal(p.get("action")))
    if len(a.practice) >= n or episode.done:
        return None
    return Practice(episode, n, len(a.practice))


def _current(rp: Replayed, acc: Access) -> tuple[str, int]:
    phase, practice = _phase(rp, acc)
    return phase, (practice.answered if practice else rp.n_stored)


def _on_screen(rp: Replayed, acc: Access) -> Observation | None:
    """The observation of the trial on screen (a practice trial's, or the test's)."""
    phase, practice = _phase(rp, acc)
    return practice.episode.observation if phase == "practice" else rp.obs


def _fresh(store: Store, acc: Access) -> Access:
    a = studies.assignment_for_session(store, acc.assignment.session_id) or acc.assignment
    return replace(acc, assignment=a)


def _now_session(store: Store, acc: Access) -> int:
    """Where this person is now: a finished test shows its own end page (on to the next);
    an unfinished one that is not the person's current test sends them to the current one."""
    if len(acc.order) < 2 or acc.row.status == "complete":
        return acc.row.id
    return current_session(store, acc.assignment)


def _needs_consent(acc: Access) -> bool:
    return bool(acc.study and acc.study.consent.strip() and acc.assignment.consented_at is None)


def _phase(rp: Replayed, acc: Access) -> tuple[str, Practice | None]:
    if rp.done:
        return "done", None
    if _needs_consent(acc):
        return "consent", None
    practice = practice_of(rp, acc)
    return ("practice" if practice else "test"), practice

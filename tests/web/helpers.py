"""Helpers for the web app's tests: human runs, study links, and a client per browser."""
from __future__ import annotations

from fastapi.testclient import TestClient

from machinepsych.participants.spec import ParticipantSpec
from machinepsych.runner.plan import RunSpec, TaskRun
from machinepsych.runner.run import prepare_run
from machinepsych.storage.store import Store
from machinepsych.storage.study import create_study

ADMIN = "admin-token-for-the-tests"
AUTH = {"Authorization": f"Bearer {ADMIN}"}


def human_run(store: Store, tasks: list[TaskRun], name: str, seed: int = 3, name_override: str | None = None,
              extra: list[ParticipantSpec] = ()):
    """A run whose sessions are for people (and any ``extra`` participants)."""
    prepared = prepare_run(RunSpec(tasks=tasks, participants=[ParticipantSpec(ref="human"), *extra],
                                   seed=seed, name=name))
    return store.create_run(name_override or prepared.name, prepared.spec, prepared.rows)


class Lab:
    """One store, the app over it, and as many independent browsers (cookie jars) as needed."""

    def __init__(self, tmp_path):
        from machinepsych.web.app import create_app

        self.url = f"sqlite:///{tmp_path / 'lab.db'}"
        self.store = Store(self.url)
        self._create_app = create_app
        self._app = None
        self.clients: list[TestClient] = []

    @property
    def app(self):
        if self._app is None:
            self._app = self._create_app(self.url, admin_token=ADMIN)
        return self._app

    def browser(self) -> TestClient:
        c = TestClient(self.app, follow_redirects=True)
        self.clients.append(c)
        return c

    def study(self, run, **kw):
        return create_study(self.store, run, **kw)

    def close(self):
        for c in self.clients:
            c.close()
        if self._app is not None:
            self._app.state.store.close()
        self.store.close()


def lab_url(client: TestClient, session_id: int, suffix: str = "") -> str:
    """A lab session's address with its token (``suffix``: ``/state`` ...), as the admin page links it."""
    from machinepsych.storage.study import lab_token

    return f"/session/{session_id}{suffix}?k={lab_token(client.app.state.admin_token, session_id)}"


def consent(client: TestClient, study, query: str = "") -> int:
    """Agree on the study link's consent (or start) page: the session the slot begins with."""
    import re

    page = client.get(f"/s/{study.slug}" + (f"?{query}" if query else ""))
    assert page.status_code == 200, page.text
    r = client.post(f"/s/{study.slug}/consent" + (f"?{query}" if query else ""), json={"agree": True})
    assert r.status_code == 200, r.text
    return int(re.search(r"/session/(\d+)$", r.json()["next"]).group(1))

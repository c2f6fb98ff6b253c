"""inspect_ai's entry point into machinepsych (``[project.entry-points.inspect_ai]``).

inspect imports this module the first time it meets a name in the ``machinepsych/``
namespace (``inspect eval machinepsych/wcst``, ``--model machinepsych/agent-wsls``). It
registers one task per catalog test (``machinepsych/<test id>``, each built by
:func:`~machinepsych.integrations.inspect.task.machinepsych_task`) and the model provider of the
built-in agents. Looking the tests up here reads only the catalog's names: a test's family is
imported when its task is built.
"""
from __future__ import annotations

from typing import Any

from inspect_ai import Task, task

from ...tasks.catalog import task_ids
from . import agents  # noqa: F401  (registers the machinepsych/agent-NAME model provider)
from .task import machinepsych_task


def _register(test_id: str):
    def factory(preset: str = "default", strategy: str = "direct", sessions: int | None = None, seed: int = 0,
                persona: str = "none", version: int | None = None, reask: int = 0, chance: int | None = None,
                cache: bool | str = False, **params: Any) -> Task:
        return machinepsych_task(test_id, preset=preset, strategy=strategy, sessions=sessions, seed=seed,
                                 persona=persona, version=version, reask=reask, chance=chance, cache=cache, **params)

    factory.__name__ = factory.__qualname__ = test_id.replace("-", "_")
    factory.__doc__ = (f"machinepsych test {test_id}: one sample per session (-T sessions=N, -T seed=S), "
                       "-T preset=NAME, -T strategy=direct|cot|..., -T persona=NAME, -T reask=K, "
                       "-T chance=N (0: none), -T cache=true, -T version=N; any other -T is a test parameter.")
    return task(name=test_id)(factory)


TASKS = {test_id: _register(test_id) for test_id in task_ids()}

"""One generic factory: an inspect ``Task`` from a catalog test (``TaskSpec``).

``inspect eval machinepsych/wcst --model openai/gpt-4o -T preset=hard -T strategy=cot
-T sessions=10 -T seed=3`` builds ``machinepsych_task("wcst", preset="hard", strategy="cot",
sessions=10, seed=3)``: one sample per session, session i seeded ``seed + i`` exactly as
``machinepsych run`` seeds it (so both take the very same tests), the test's instructions as
the input, the session solver (:mod:`.solver`) and the test's scorer (:mod:`.scorer`). Any
other ``-T name=value`` is a parameter of the test (``-T n_trials=12``).

The task's metadata (the log's ``eval.metadata["machinepsych"]``) names the test, its
version, preset, complete parameters, strategy and persona, the declared metrics with
their scales, the chance level (the test's random participant, simulated as the reports do;
``-T chance=0`` leaves it out, ``-T chance=N`` simulates N sessions) and the published human
norms.
"""
from __future__ import annotations

from typing import Any

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample

from ...core.errors import ConfigError
from ...prompting.personas import persona_text
from ...prompting.strategies import get_strategy
from ...runner.plan import check_sessions
from ...tasks.catalog import get_task
from .scorer import metric_info, norms_info, session_scorer
from .solver import session_solver



def chance_level(spec, params, n: int | None) -> dict[str, Any] | None:
    """The test's chance level for these parameters (mean, SD, 95th percentile per metric), as
    the reports compute it when the store has none; None for ``n`` = 0."""
    if n is not None and n <= 0:
        return None
    from ...analysis.chance import AUTO_CHANCE_N, chance

    n = n or AUTO_CHANCE_N["simulator" if spec.chance is not None else "loop"]
    res = chance(spec, params, n=max(2, n), seed=0)
    return {k: res[k] for k in ("n", "seed", "method", "responses", "policy", "primary", "metrics")}


def task_metadata(spec, params, *, preset: str, strategy: str, persona: str, seed: int, sessions: int,
                  chance: int | None) -> dict[str, Any]:
    return {"machinepsych": {
        "test": spec.id, "version": spec.version, "key": spec.key, "family": spec.family, "title": spec.title,
        "citation": spec.citation, "docs": spec.docs, "preset": preset, "params": params.model_dump(mode="json"),
        "strategy": strategy, "persona": persona, "seed": seed, "sessions": sessions,
        "seeds": "session i is seeded seed + i, as machinepsych run seeds it",
        "scorer": f"{spec.key}/{spec.scorer.version}", **metric_info(spec),
        "chance": chance_level(spec, params, chance),
        "norms": norms_info(spec, [params]),
    }}


def machinepsych_task(test: str, preset: str = "default", strategy: str = "direct", sessions: int | None = None,
                      seed: int = 0, persona: str = "none", version: int | None = None, reask: int = 0,
                      chance: int | None = None, cache: bool | str = False, **params: Any) -> Task:
    """The inspect task of the catalog test ``test`` (see the module's docstring)."""
    spec = get_task(test, version)
    P = spec.resolve(preset, params)
    get_strategy(strategy, spec)  # an unknown strategy lists the valid ones
    persona_text(persona)
    n = sessions or spec.default_sessions
    check_sessions(n)
    if not 0 <= int(seed) < 2**62:
        raise ConfigError(f"seed must be between 0 and 2^62 (got {seed})")
    if not 0 <= int(reask) <= 10:
        raise ConfigError(f"reask must be between 0 and 10 (got {reask})")
    instructions = spec.instructions(spec.make(P), "model")
    stored = P.model_dump(mode="json")
    samples = [Sample(id=i, input=instructions, metadata={"session": i, "seed": int(seed) + i, "params": stored})
               for i in range(n)]
    return Task(
        dataset=MemoryDataset(samples, name=spec.key),
        solver=session_solver(spec.id, spec.version, strategy=strategy, persona=persona, reask=int(reask), cache=cache),
        scorer=session_scorer(spec, P),
        metadata=task_metadata(spec, P, preset=preset, strategy=strategy, persona=persona, seed=int(seed),
                               sessions=n, chance=chance),
        version=spec.version,
        display_name=f"{spec.id} ({spec.title})" if spec.title else spec.id,
    )

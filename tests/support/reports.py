"""Reports made lighter for tests that do not read some of their parts: the chance levels a
report simulates where none is stored (200 loop or 1,000 simulator sessions a test), and the
model fits it runs on every fittable session. Each test says which part it does not read;
the parts themselves are tested at their full size elsewhere (tests/analysis/test_chance*.py,
tests/fitting)."""
from __future__ import annotations


def light_reports(monkeypatch, *, chance_n: int | None = 10, fits: bool = True) -> None:
    """Reports made in this test simulate ``chance_n`` sessions per chance level (None: the
    usual number) and, with ``fits=False``, fit no model (the fits part is left out, as
    beyond ``REPORT_MAX_SESSIONS``)."""
    from machinepsych.analysis.chance import AUTO_CHANCE_N
    from machinepsych.fitting import report as fit_report

    if chance_n is not None:
        monkeypatch.setitem(AUTO_CHANCE_N, "loop", chance_n)
        monkeypatch.setitem(AUTO_CHANCE_N, "simulator", chance_n)
    if not fits:
        monkeypatch.setattr(fit_report, "REPORT_MAX_SESSIONS", 0)


def store_light_chance(store, run_ref, n: int = 10) -> None:
    """Store the chance levels a report of the run needs, simulated with ``n`` sessions (seed 0),
    so that a report made in another process (a ``machinepsych report`` subprocess) reads them
    instead of simulating 200 or 1,000 sessions: for tests that read no chance level."""
    from machinepsych.analysis.chance import chance, chance_key, missing_chance
    from machinepsych.tasks.catalog import get_task

    for task, params in missing_chance(store, run_ref):
        spec = get_task(task)
        resolved = spec.params_from(params)
        store.put_chance(spec.key, chance_key(resolved, spec.chance_policy.name), n, 0, chance(spec, resolved, n=n, seed=0))

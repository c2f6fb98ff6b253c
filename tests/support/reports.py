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


def store_light_chance(store, run_ref=None, n: int = 10, *, test: str | None = None,
                       overrides: dict | None = None) -> None:
    """Store the chance levels a report needs, simulated with ``n`` sessions (seed 0): those of
    the run ``run_ref``'s tests, or of ``test`` with ``overrides`` (of a run not made yet: the
    chance level of its report is simulated while it runs). A command in another process (a
    ``machinepsych run`` or ``report`` subprocess) then reads them instead of simulating 200 or
    1,000 sessions: for tests that read no chance level."""
    from machinepsych.analysis.chance import chance, chance_key, missing_chance, report_policies
    from machinepsych.tasks.catalog import get_task

    if test is not None:
        todo = [(test, get_task(test).resolve(overrides=overrides or {}))]
    else:
        todo = [(task, get_task(task).params_from(params)) for task, params in missing_chance(store, run_ref)]
    for task, resolved in todo:
        spec = get_task(task)
        for policy in report_policies(task):
            store.put_chance(spec.key, chance_key(resolved, policy), n, 0,
                             chance(spec, resolved, n=n, seed=0, responses=policy))

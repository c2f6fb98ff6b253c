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

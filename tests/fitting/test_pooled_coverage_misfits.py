"""The pooled curve's 95% lower bound covers the reliability it estimates with 2% gross
misfits per count (test_pooled_coverage.py: the check, and the case without them)."""
from __future__ import annotations

from tests.fitting.test_pooled_coverage import lower_bound_covers


def test_the_lower_bound_covers_the_reliability_with_misfits():
    lower_bound_covers(0.02)

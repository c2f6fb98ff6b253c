"""How a run's sessions are shared out (about equal trials per group, every session once) and
the running totals a progress display reads from the store when other processes do the work."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.runner.run import check_executor, run_sync, split_sessions
from machinepsych.storage.store import Store
from tests.support.runs import make_run


def test_split_sessions_balances_trials_and_keeps_every_session_once():
    rows = [SimpleNamespace(index=i, n_trials=n) for i, n in enumerate([100, 100, 72, 72, 50, 50, 50, 52, 52, 40])]
    groups = split_sessions(rows, 3)
    assert sorted(r.index for g in groups for r in g) == list(range(10))
    loads = [sum(r.n_trials for r in g) for g in groups]
    assert max(loads) - min(loads) <= 40 and all(g == sorted(g, key=lambda r: r.index) for g in groups)
    assert len(split_sessions(rows[:2], 8)) == 2  # never an empty group


def test_run_totals_match_what_the_run_did(tmp_path):
    store = Store(tmp_path / "t.db")
    make_run(store, "t", agent="random", tasks=(("prlt", 2), ("wpt", 1)))
    stats = run_sync(store, "t", progress=False)
    t = store.run_totals(store.get_run("t").id)
    assert t["trials"] == stats.trials and t["complete"] == 3 and t["failed"] == 0
    assert t["invalid"] == stats.invalid and t["prompt_tokens"] == 0


@pytest.mark.parametrize("kwargs, message", [
    ({"workers": 0}, "--workers must be between 1"),
    ({"executor": "dask"}, "--executor must be one of local, ray"),
    ({"ray_address": "10.0.0.5:6379"}, "--ray-address needs --executor ray"),
    ({"executor": "ray", "ray_address": "10.0.0.5:6379"}, "needs a store every machine of the cluster reaches"),
])
def test_execution_options_are_checked_with_one_line(kwargs, message):
    options = {"workers": 1, "executor": "local", "ray_address": None, "store_url": "sqlite:///x.db", **kwargs}
    if options["executor"] == "ray":
        pytest.importorskip("ray")
    with pytest.raises(ConfigError, match=message) as err:
        check_executor(**options)
    assert "\n" not in str(err.value)


def test_critical_path_singles_out_only_the_few_longest_sessions():
    from machinepsych.runner.drive import CriticalPath

    battery = CriticalPath({1: 100, 2: 100, 3: 72, 4: 50, 5: 50, 6: 40})
    assert [battery.urgent(s) for s in range(1, 7)] == [True, True, False, False, False, False]
    for _ in range(30):
        battery.done_one(1)
    assert battery.urgent(2) and not battery.urgent(1)  # 2 now has the most left, alone
    for _ in range(28):
        battery.done_one(2)
    assert battery.top == 72 and battery.urgent(2) and battery.urgent(3) and not battery.urgent(1)  # 2 and 3 tie
    battery.finished(3)
    assert battery.urgent(2) and not battery.urgent(3) and not battery.urgent(1)
    lockstep = CriticalPath({i: 20 for i in range(64)})  # equally long sessions: none singled out
    assert not any(lockstep.urgent(i) for i in range(64))
    assert CriticalPath({}).top == 0

"""``run --dry-run`` counts the calls a run makes: for every test of the catalog and every
battery, the estimate is within 5% of the calls a model behind a loopback endpoint actually
received, with no API key set."""
from __future__ import annotations

import pytest

from machinepsych.runner.estimate import estimate_run
from machinepsych.runner.plan import ParticipantSpec, RunSpec, battery_strategies, expand_tasks
from machinepsych.runner.run import create_run, prepare_run, run_sync
from machinepsych.storage.store import Store
from machinepsych.tasks.catalog import all_tasks, battery_ids, get_battery, get_task, is_battery
from tests.support.fake_openai import default_reply

# fewer items where a session draws many images (more than the three trials the estimate renders)
SMALL = {"visfactor": {"n_items": 5}, "vision-probe": {"n_trials": 6}, "cogbench": {"iterations": 4, "statements": 4}}


def _tests(name: str) -> list:
    return [get_task(i.task) for i in get_battery(name).items] if is_battery(name) else [get_task(name)]


def _reply_for(name: str):
    """The endpoint's replies: a test's valid reply where it declares one (CogBench's methods
    re-ask a reply they cannot read); for the visual tests a judge that asks for every debate
    round (the estimate counts MAD at its most rounds); else the scripted ``Selection: k``."""
    valid = next((s.valid_reply for s in _tests(name) if s.valid_reply), "")
    if valid:
        return lambda messages: valid
    if any(s.family == "visfactor" for s in _tests(name)):
        return lambda messages: "Let us continue the debate for another round, please."
    return default_reply


def _params(name: str) -> dict:
    return {k: v for spec in _tests(name) for k, v in SMALL.get(spec.family, {}).items()}


NAMES = [s.id for s in all_tasks()] + battery_ids()


@pytest.mark.parametrize("name", NAMES)
def test_dry_run_counts_the_calls_made(name, tmp_path, fake_openai, no_api_keys):
    fake_openai.reply = _reply_for(name)
    spec = get_task(name) if not is_battery(name) else None
    strategies = list(spec.strategies) if spec is not None and spec.strategies else battery_strategies(name, None)
    tasks = expand_tasks(name, None, _params(name), 1)
    participants = [ParticipantSpec(ref="openai:fake-model", base_url=fake_openai.base_url, transport="direct")]
    run = RunSpec(tasks=tasks, participants=participants, strategies=strategies, name="r")
    prepared = prepare_run(run)
    estimated = sum(e.calls for e in estimate_run(prepared, participants))
    st = Store(tmp_path / "s.db")
    create_run(st, prepared)
    run_sync(st, "r", progress=False)
    made = fake_openai.count
    assert made > 0 and abs(estimated - made) <= 0.05 * made, (name, estimated, made)

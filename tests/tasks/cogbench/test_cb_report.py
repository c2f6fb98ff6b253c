"""The report shows CogBench's published scores, pooled over a condition's sessions: Authenticity
per iteration over every topic's items, and Rationality from people's annotations in the store
(per item the majority of the annotators' scores), with an LLM judge's scores apart."""
import math
import re

import pytest

from machinepsych.analysis.report import battery_tables, build, to_json
from machinepsych.runner.plan import ParticipantSpec, RunSpec, TaskRun
from machinepsych.runner.run import create_run, run_sync
from machinepsych.storage.annotations import JUDGE_PREFIX, annotations_frame, save
from machinepsych.storage.export import trials_frame
from machinepsych.storage.store import Store
from machinepsych.tasks.cogbench.score import item_rows, per_iteration
from machinepsych.web.annotate import items


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("cbr") / "r.db")
    spec = RunSpec(tasks=[TaskRun(task="cogbench-a", params={"iterations": 2, "statements": 3}, sessions=3)],
                   participants=[ParticipantSpec(ref="agent:mover"), ParticipantSpec(ref="agent:static")],
                   strategies=["direct"], name="cbr")
    create_run(store, spec)
    run_sync(store, "cbr", progress=False)
    return store, store.get_run("cbr")


def test_pooled_authenticity_and_rationality_in_the_report(run):
    store, row = run
    all_items = items(store, row.id)
    mover = [it for it in all_items if it["condition"] == "agent:mover"]
    # two people score every item of the mover at iteration 1 (4 and 2 -> majority 2 by the tie
    # rule: nearest the median, then the lower) and at iteration 2 (both 5); a judge scores 1
    for it in mover:
        if it["iteration"] == 1:
            save(store, row.id, it["item"], "Ann", 4)
            save(store, row.id, it["item"], "Bo", 2)
        elif it["iteration"] == 2:
            save(store, row.id, it["item"], "Ann", 5)
            save(store, row.id, it["item"], "Bo", 5)
        save(store, row.id, it["item"], JUDGE_PREFIX + "fake", 1)
    ann = annotations_frame(store, row.id)
    assert ann["judge"].sum() == len(mover) and (~ann["judge"]).sum() == 2 * sum(1 for it in mover if it["iteration"])

    data = build(store, "cbr")
    pooled = data["pooled"]["cogbench-a | default"]
    trials = trials_frame(store, row.id)
    for cond in ("agent:mover", "agent:static"):
        per_t, _ = per_iteration(item_rows(trials[trials["condition"] == cond]))
        want = [per_t[t] for t in (1, 2) if not math.isnan(per_t[t])]
        got = pooled[cond]["authenticity_avg"]
        assert (got is None and not want) or got == pytest.approx(sum(want) / len(want))
    m = pooled["agent:mover"]
    assert m["rationality_avg"] == pytest.approx((2 + 5) / 2) and m["rationality_last"] == pytest.approx(5.0)
    assert m["rationality_llm_judge_avg"] == pytest.approx(1.0)  # apart, never mixed with people's
    assert m["annotated_items"] == sum(1 for it in mover if it["iteration"]) == 3 * 2 * 3
    assert pooled["agent:static"]["rationality_avg"] is None and pooled["agent:static"]["annotated_items"] == 0
    titles = [t for t, _, _ in battery_tables(data)]
    assert any("pooled over sessions" in t for t in titles)
    assert to_json(data)["pooled"]["cogbench-a | default"]["agent:mover"]["rationality_avg"] == pytest.approx(3.5)


def test_pooled_table_fits_80_columns_without_cutting_a_name(run):
    import io

    from rich.console import Console

    from machinepsych.analysis.terminal import print_tables
    from machinepsych.tasks.catalog import get_task

    store, _ = run
    out = io.StringIO()
    print_tables(build(store, "cbr"), Console(file=out, width=80, color_system=None))
    text = out.getvalue()
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    headers = " ".join(line for line in text.splitlines() if line.startswith("┃"))
    for m in get_task("cogbench-a").pooled.metrics:
        if m.table:  # every column header whole, in some part of the split table
            assert re.search(rf"┃{m.name}\s*┃", headers.replace("┃ ", "┃")), m.name

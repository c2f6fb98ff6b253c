"""storage.export.rows_frame builds the trials table column by column from an iterator: the
same frame as pd.DataFrame(list(rows)), with a column's repeated values held once."""
from __future__ import annotations

import pandas as pd

from machinepsych.storage import export


def _rows() -> list[dict]:
    rows = []
    for i in range(23):
        row = {"session": i // 4, "trial": i % 4, "reply": ["left", "right", "x"][i % 3], "correct": i % 2 == 0,
               "stimulus": {"card": i % 5, "shape": "star"}, "matches": ["color"] if i % 2 else ["shape", "number"],
               "nested": {"a": {"b": [i % 2]}}, "latency_s": 0.5 + i}
        if i % 7 == 3:
            del row["reply"]  # a key some rows lack
        if i == 5:
            row["latency_s"] = None  # numbers with a gap
            row["reward"] = 1  # a column that appears late
        if i == 11:
            row["correct"] = None
            row["stimulus"] = {"card": 1.0, "shape": "star"}  # equal to {"card": 1} but a float: kept apart
        if i == 12:
            row["stimulus"] = {"card": True, "shape": "star"}
        rows.append(row)
    return rows


def test_rows_frame_equals_a_frame_of_the_row_list_in_any_batch(monkeypatch):
    expected = pd.DataFrame(_rows())
    for batch in (1, 4, 2000):
        got = export.rows_frame(iter(_rows()), batch=batch)
        pd.testing.assert_frame_equal(got, expected)
        assert [str(t) for t in got.dtypes] == [str(t) for t in expected.dtypes]
    monkeypatch.setattr(export, "INTERN_LIMIT", 2)  # a column past the limit is kept as it comes
    pd.testing.assert_frame_equal(export.rows_frame(iter(_rows()), batch=3), expected)
    assert export.rows_frame(iter([])).empty


def test_rows_frame_holds_a_repeated_value_once():
    got = export.rows_frame(iter(_rows()), batch=4)
    stimuli = got["stimulus"]
    assert stimuli[0] is stimuli[5] and stimuli[1] is stimuli[21]  # {"card": 0}, {"card": 1}
    assert stimuli[11] == {"card": 1.0, "shape": "star"} and stimuli[11] is not stimuli[1]
    assert stimuli[12]["card"] is True
    assert got["matches"][1] is got["matches"][3] and got["nested"][0] is got["nested"][2]

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


def _mixed_rows() -> list[dict]:
    """Columns that start as one kind of value and meet another later (a batch or more on)."""
    rows = []
    for i in range(12):
        rows.append({"ints_then_float": i if i < 7 else 7.5, "ints_then_none": i if i != 9 else None,
                     "bools_then_int": i % 2 == 0 if i < 8 else 1, "strs_then_gap": f"s{i % 3}",
                     "big": 2 ** 63 + i if i == 10 else i, "none": None, "floats": float(i) if i != 4 else float("nan"),
                     "strs_then_int": "a" if i < 11 else 3, "distinct": f"d{i}"})
        if i == 6:
            del rows[-1]["strs_then_gap"]  # NaN in a column of strings
    return rows


def test_rows_frame_gives_the_dtypes_of_the_row_list_when_a_column_changes_kind(monkeypatch):
    expected = pd.DataFrame(_mixed_rows())
    for limit in (export.INTERN_LIMIT, 4):  # 4: the column of distinct strings goes past it
        monkeypatch.setattr(export, "INTERN_LIMIT", limit)
        for batch in (1, 2, 5, 2000):
            got = export.rows_frame(iter(_mixed_rows()), batch=batch)
            pd.testing.assert_frame_equal(got, expected)
            assert [str(t) for t in got.dtypes] == [str(t) for t in expected.dtypes]


def test_a_column_of_one_kind_is_held_as_an_array_while_it_is_built():
    from machinepsych.storage.frame_columns import Column

    ints, strs = Column(0, 10), Column(0, 10)
    for start in (0, 1000):
        ints.extend(list(range(start, start + 1000)), export._interned)
        strs.extend(["left", "right"] * 500, export._interned)
    assert ints.values.itemsize == 8 and len(ints.values) == 2000  # array("q"), not a list of ints
    assert strs.values.itemsize == 4 and list(strs.uniques) == ["left", "right"]
    pd.testing.assert_series_equal(strs.series(), pd.Series(["left", "right"] * 1000))

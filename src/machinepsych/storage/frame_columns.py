"""One column of a table built row batch by row batch (:func:`.export.rows_frame`), held
compactly while it is built: 8 bytes a value while every value is an int (not a bool), a
float, 1 byte while every value is a bool, a 4-byte code while every value is a string (each
distinct string held once, up to a limit), and a list of Python objects once another kind of
value is met. :meth:`Column.series` gives what ``pd.Series(values)`` gives for the same
values (dtype included): 500,000 trials of ten columns then cost a few MB while they are read,
not a pointer and an object per value."""
from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import pandas as pd

_TYPED = {int: "q", float: "d"}


class Column:
    __slots__ = ("kind", "values", "uniques", "limit", "memo")

    def __init__(self, missing: int, limit: int):
        self.limit = limit  # distinct strings held by code at most; beyond, a list
        self.kind: type | None = None  # int, float, bool or str while typed; None: not known yet, or a list
        self.values: Any = [np.nan] * missing if missing else None  # None: nothing yet
        self.uniques: dict[str, int] = {}
        self.memo: dict | None = {}  # a list's repeated values, held once (export._interned)

    def extend(self, batch: list, intern) -> None:
        """Add a batch of values; ``intern(values, column)`` gives a list's values with repeats
        held once."""
        if self.values is None:
            kind = type(batch[0]) if batch else None
            if kind in (int, float, bool, str):
                self.kind = kind
                self.values = bytearray() if kind is bool else array("i") if kind is str else array(_TYPED[kind])
            else:
                self.values = []
        if self.kind is not None and all(type(v) is self.kind for v in batch):
            before = len(self.values)
            try:
                if self.kind is str:
                    codes = [self.uniques.setdefault(v, len(self.uniques)) for v in batch]
                    if len(self.uniques) <= self.limit:
                        self.values.extend(codes)
                        return
                else:
                    self.values.extend(batch)
                    return
            except OverflowError:  # an int beyond 64 bits: the batch's values before it were added
                del self.values[before:]
        self._to_list()
        self.values.extend(intern(batch, self) if self.memo is not None else batch)

    def _to_list(self) -> None:
        """The values so far as a list of Python objects (the column's kind is mixed from now on)."""
        if self.kind is None:
            return
        if self.kind is str:
            names = list(self.uniques)
            self.values = [names[c] for c in self.values]
        elif self.kind is bool:
            self.values = [bool(b) for b in self.values]
        else:
            self.values = self.values.tolist()
        self.kind, self.uniques = None, {}

    def __len__(self) -> int:
        return 0 if self.values is None else len(self.values)

    def series(self) -> pd.Series:
        """The column as ``pd.Series(values)`` would make it from the same values."""
        if self.kind is None:
            return pd.Series(self.values)
        if self.kind is str:
            names = np.empty(len(self.uniques), dtype=object)
            names[:] = list(self.uniques)
            return pd.Series(names[np.frombuffer(self.values, dtype=np.int32)])
        dtype = {bool: np.bool_, int: np.int64, float: np.float64}[self.kind]
        return pd.Series(np.frombuffer(self.values, dtype=dtype))

"""How a test reads people's trial-level data from a long table (``machinepsych import-people``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for annotations: core does not need pandas at import
    import pandas as pd


@dataclass(frozen=True)
class PeopleTable:
    """How a test reads people's trial-level data from a long table (``machinepsych
    import-people``, docs/people-data.md): ``columns`` are the test's own columns beyond
    ``subject``, ``trial`` and ``choice``; ``choice(cell)`` reads a choice cell into an action
    (None: no answer on that trial; ValueError with a short reason: unreadable);
    ``params(rows)`` gives, from one person's rows in trial order (a DataFrame with a
    ``line`` column, the file's line number of each row, and the actions in ``action``), the
    parameter overrides under which the environment replays those actions into exactly the
    outcomes the file records (the schedule that person saw). A cell it cannot use raises
    ``PeopleCellError``."""

    columns: tuple[str, ...]
    choice: "Callable[[Any], Any]"
    params: "Callable[[pd.DataFrame], dict[str, Any]]"


class PeopleCellError(ValueError):
    """One cell of a people's data file that cannot be used: its line, column and why."""

    def __init__(self, line: int, column: str, reason: str):
        super().__init__(f"line {line}, column {column}: {reason}")
        self.line, self.column, self.reason = line, column, reason

"""Reading people's data files (``machinepsych import-people``, docs/people-data.md): a
table read as text, every cell kept as written, with the file's line number of each row, so
a cell that cannot be used is named by its line and column."""
from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import ConfigError

if TYPE_CHECKING:
    import pandas as pd


def blank(cell: Any) -> bool:
    """An empty cell: missing, None, NaN (pandas' empty CSV cell) or only spaces."""
    return cell is None or (isinstance(cell, float) and math.isnan(cell)) or str(cell).strip() == ""


# the words of a yes/no cell of a trials file (``correct``, two-step's ``collected``), case ignored
YES_WORDS = ("1", "true", "t", "yes", "y", "correct")
NO_WORDS = ("0", "false", "f", "no", "n", "incorrect")
YES_NO = "1/0, true/false, yes/no"  # as an error line names them


def yes_no(cell: Any) -> bool | None:
    """A yes/no cell: True or False by its word (:data:`YES_WORDS`, :data:`NO_WORDS`; a whole
    number pandas read as ``1.0`` is ``1``), None where it is empty; a ValueError otherwise."""
    if blank(cell):
        return None
    word = str(cell).strip().lower().removesuffix(".0")
    if word not in YES_WORDS + NO_WORDS:
        raise ValueError(f"{cell!r} is not one of {YES_NO}")
    return word in YES_WORDS


def read_table(path: Path, sep: str | None) -> pd.DataFrame:
    """The table at ``path`` (cells as text, none read as missing), a ``line`` column first
    (line 1 is the header); a file that is not a table is refused in one line."""
    import pandas as pd

    try:
        df = pd.read_csv(path, sep=sep, engine="python", dtype=str, keep_default_na=False)
    except (OSError, UnicodeDecodeError, pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
        raise ConfigError(f"{path}: cannot be read as a table ({str(exc).splitlines()[0]})") from None
    df.columns = [str(c).strip() for c in df.columns]
    df.insert(0, "line", range(2, len(df) + 2))  # line 1 is the header
    return df


def need_columns(df: pd.DataFrame, path: Path, columns: tuple[str, ...]) -> None:
    """Refuse, naming the first, a table that lacks any of ``columns``."""
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ConfigError(f"{path}: column {missing[0]} is missing (the file has: {', '.join(df.columns[1:])})")

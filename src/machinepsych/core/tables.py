"""Reading people's data files (``machinepsych import-people``, docs/people-data.md): a
table read as text, every cell kept as written, with the file's line number of each row, so
a cell that cannot be used is named by its line and column."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .errors import ConfigError

if TYPE_CHECKING:
    import pandas as pd


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

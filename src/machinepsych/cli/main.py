"""The console script ``machinepsych``: every command (one module per group, registered on the
app by :mod:`machinepsych.cli`) run with every error a user can cause as one line on stderr."""
from __future__ import annotations

import logging
import sys

import typer
from pydantic import ValidationError
from typer.exceptions import TyperException
from rich.markup import escape

from ..core.errors import MachinePsychError, StoreUnavailable
from . import process
from .app import app, err, os_error_line


def bounded_line(text: str, most: int = 2000) -> str:
    """An error message as one line of at most ``most`` characters (a value quoted from a
    user's file may be megabytes long): the middle is cut, and says how much."""
    text = " ".join(text.splitlines())
    if len(text) <= most:
        return text
    keep = most // 2
    return f"{text[:keep]} [... {len(text) - 2 * keep:,} characters cut ...] {text[-keep:]}"


DAMAGED_LINE = ("The store is damaged (SQLite: database disk image is malformed): a page it read is not what "
                "SQLite wrote: restore it from a copy (`sqlite3 FILE .recover` may save "
                "what the other pages hold)")


def damaged_store(exc: BaseException) -> bool:
    """SQLite's word for a file whose pages are broken (a damaged page the header does not
    reveal: the cut-short file is refused before it is opened, storage.identity)."""
    if "DatabaseError" not in {c.__name__ for c in type(exc).__mro__}:  # sqlite3's or SQLAlchemy's
        return False
    text = str(exc)
    return "database disk image is malformed" in text or "file is not a database" in text


def main() -> None:
    """The console script: every error a user can cause is one line on stderr and exit code 2."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        err.print("aborted")
        sys.exit(130)
    except TyperException as exc:  # usage errors: unknown command or option, missing argument, not a number ...
        ctx = getattr(exc, "ctx", None)
        hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        err.print(f"[red]error:[/red] {escape(message + hint)}", soft_wrap=True, highlight=False)
        sys.exit(2)
    except StoreUnavailable as exc:  # the store went away mid-command (disk full, connection lost): resumable
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True, highlight=False)
        sys.exit(3)
    except MachinePsychError as exc:
        from ..runner.budget import BudgetExceeded

        stopped = isinstance(exc, BudgetExceeded)  # --max-cost reached: resumable, like a store gone away
        # escaped: a message quotes values (a masked run name, "[redacted API key]") that are not markup
        err.print(f"[red]{'stopped' if stopped else 'error'}:[/red] {escape(bounded_line(str(exc)))}", soft_wrap=True,
                  highlight=False)
        sys.exit(3 if stopped else 2)
    except OSError as exc:  # disk full, permission, path errors of any file a command writes or reads
        err.print(f"[red]error:[/red] {escape(os_error_line(exc))}", soft_wrap=True, highlight=False)
        sys.exit(3)
    except Exception as exc:  # noqa: BLE001 - only SQLite's damaged-file errors are turned into a line
        if not damaged_store(exc):
            raise
        err.print(f"[red]error:[/red] {escape(DAMAGED_LINE)}", soft_wrap=True, highlight=False)
        sys.exit(2)
    except ValidationError as exc:  # a typed config (run spec) rejected a value
        first = exc.errors()[0]
        err.print(f"[red]error:[/red] {escape('.'.join(map(str, first['loc'])) + ': ' + first['msg'])}", soft_wrap=True,
                  highlight=False)
        sys.exit(2)
    code = code if isinstance(code, int) else 0
    if process.leave_at_once and process.started_as_the_command():
        process.exit_now(code)
    sys.exit(code)


if __name__ == "__main__":
    main()

"""The CLI application object and the helpers every command shares."""
from __future__ import annotations

import json
from typing import Any

from collections import Counter

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from ..core.errors import ConfigError


def repeated_option(command, ctx, args: list[str]) -> str | None:
    """The one-line complaint about the first single-valued option given more than once in
    ``args`` ("--preset was given twice (a, b); give it once"), or None. The command's own
    parser reads the arguments, with every single-valued option collecting its values instead
    of keeping the last, so ``--opt=v``, short options and values that look like options are
    read exactly as the real parse reads them; a flag repeated with the same meaning
    (``--json --json``) is left alone. Options declared repeatable are not checked."""
    if ctx.resilient_parsing:
        return None
    parser = command.make_parser(ctx)
    for opt in {*parser._long_opt.values(), *parser._short_opt.values()}:
        opt.action = {"store": "append", "store_const": "append_const"}.get(opt.action, opt.action)
    try:
        opts, _, order = parser.parse_args(args=list(args))
    except typer.TyperException:  # the real parse reports it
        return None
    seen = Counter(id(p) for p in order)
    for param in command.get_params(ctx):
        if getattr(param, "param_type_name", "") != "option" or param.multiple or getattr(param, "count", False):
            continue
        if seen[id(param)] < 2:
            continue
        values = list(opts.get(param.name) or [])
        if getattr(param, "is_flag", False) and len({repr(v) for v in values}) <= 1:
            continue
        name = next((o for o in param.opts if o.startswith("--")), param.opts[0])
        times = "twice" if len(values) == 2 else f"{len(values)} times"
        shown = ", ".join(" ".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in values)
        return f"{name} was given {times} ({shown}); give it once"
    return None


class OnceOptions:
    """Single-valued options given once each, checked while the arguments are parsed."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        problem = repeated_option(self, ctx, args)
        if problem:
            ctx.fail(problem)  # a usage error: one line, exit code 2
        return super().parse_args(ctx, args)


class OnceCommand(OnceOptions, TyperCommand):
    """A command whose single-valued options may each be given once: typer (like click) would
    keep the last of ``--preset a --preset b`` without a word; here it is a usage error,
    raised while the arguments are parsed, before the command does anything."""


class OnceGroup(OnceOptions, TyperGroup):
    """A command group (``runs``, ``study`` ...) whose own single-valued options, those before
    its subcommand (``runs --store a --store b``), may each be given once, as a command's."""


class App(typer.Typer):
    """The typer app whose every command (``cls`` left out) is a :class:`OnceCommand`, and
    which is itself, as a group, a :class:`OnceGroup`."""

    def __init__(self, *, cls=None, **kwargs):
        super().__init__(cls=cls or OnceGroup, **kwargs)

    def command(self, name: str | None = None, *, cls=None, **kwargs):
        return super().command(name, cls=cls or OnceCommand, **kwargs)


app = App(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
          help="Put language and vision-language models through cognitive-psychology tests.")
# emoji codes off: a model called openai:m: is printed as written (":m:" would become an emoji)
console = Console(emoji=False)
err = Console(stderr=True, emoji=False)
STORE_HELP = "Result store: a SQLAlchemy URL (sqlite:///x.db, postgresql+psycopg://...) or a SQLite file path."


def _store(url: str | None, *, create: bool = True, readonly: bool = False):
    """The store of ``--store``; commands that need one pass ``create=False`` and never make
    one; read-only commands also pass ``readonly=True``: an older store is not upgraded but
    refused with the upgrade command (see storage.identity)."""
    from ..storage.store import Store

    hint = "" if url is None else f" --store {url}"
    return Store(url, create=create, readonly=readonly, hint=hint)


def parse_params(items: list[str] | None) -> dict[str, Any]:
    """``k=v`` pairs; values are JSON when they parse (numbers, true/false, lists), else text;
    a comma-separated value becomes a list."""
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise ConfigError(f"--param expects key=value, got {item!r} (e.g. --param p=0.65)")
        k, v = item.split("=", 1)
        if k.strip() in out:
            raise ConfigError(f"--param {k.strip()} is given twice; give each parameter once (a list: "
                              f"--param {k.strip()}=a,b)")
        try:
            out[k.strip()] = json.loads(v)
        except json.JSONDecodeError:
            out[k.strip()] = v.split(",") if "," in v else v
    return out



def _store_arg(st) -> str:
    """`` --store URL`` for hints, unless the store is the default one (password masked)."""
    return "" if st.url == "sqlite:///machinepsych.db" else f" --store {st.safe_url}"


# names that say "a file": an output folder is not given one of these by intent
FILE_SUFFIXES = frozenset((".csv", ".tsv", ".json", ".jsonl", ".parquet", ".html", ".htm", ".txt", ".md", ".xlsx",
                           ".png", ".svg", ".pdf", ".db", ".sqlite"))


def check_output_path(path, option: str, *, folder: bool = False) -> None:
    """An output path is written into a folder that already exists: a typo in it (``--out
    resluts/x.csv``) is a one-line error, not a tree of new folders. ``folder``: the path
    itself is a folder the command makes (its parent must exist); otherwise it is a file and
    may not be an existing folder. Checked before anything is opened or created."""
    from pathlib import Path

    p = Path(path).expanduser()
    parent = p.absolute().parent
    if not parent.is_dir():
        raise ConfigError(f"{option} {path}: the folder {parent} does not exist; create it first or choose "
                          "another path")
    if not folder and p.is_dir():
        raise ConfigError(f"{option} {path} is a folder; give a file name, e.g. {p / 'trials.csv'}")
    if folder and p.exists() and not p.is_dir():
        raise ConfigError(f"{option} {path} is a file; give a folder")
    if folder and not p.exists() and p.suffix.lower() in FILE_SUFFIXES:  # "--out people.csv" made a folder of that name
        raise ConfigError(f"{option} {path} names a file, but this command writes its files into a folder; "
                          f"give a folder, e.g. {option} {p.with_suffix('')}")


def os_error_line(exc: OSError) -> str:
    """An operating-system error (disk full, permission denied, a folder where a file goes ...)
    as one line: what failed and on which path."""
    import errno

    what = {errno.ENOSPC: "no space left on the device", errno.EDQUOT: "disk quota exceeded",
            errno.EACCES: "permission denied", errno.EPERM: "operation not permitted",
            errno.EROFS: "read-only file system", errno.EISDIR: "is a folder", errno.ENOTDIR: "not a folder",
            errno.ENOENT: "no such file or folder", errno.EEXIST: "already exists",
            errno.ENAMETOOLONG: "file name too long"}.get(exc.errno or -1, exc.strerror or str(exc) or type(exc).__name__)
    path = exc.filename if exc.filename is not None else ""
    return f"{path}: {what}" if path else str(what)

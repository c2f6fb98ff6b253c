"""``machinepsych export``: a run's trials (csv, parquet, jsonl, an inspect_ai log) or its
cognitive-model fits."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..core.errors import ConfigError
from .app import STORE_HELP, _store, app, console


def _export_inspect(run: str, out: Path, images: Optional[Path], store: Optional[str]) -> None:
    """``export --format inspect``: the run as an inspect_ai log, one sample per session (docs/inspect.md)."""
    if images:
        raise ConfigError("--images: an inspect log carries the run's images itself; leave --images out")
    import importlib.util

    if importlib.util.find_spec("inspect_ai") is None:
        raise ConfigError("--format inspect needs inspect_ai: pip install 'machinepsych[inspect]'")
    from ..integrations.inspect.export import write_run_log

    st = _store(store, create=False, readonly=True)
    path, n = write_run_log(st, run, out)
    console.print(f"Wrote {n} sessions (one inspect sample each) to {path}; view it with: "
                  f"inspect view --log-dir {path.parent}", markup=False, highlight=False, soft_wrap=True)


@app.command("export")
def export_cmd(run: str = typer.Argument(..., help="Run name or id."),
               fmt: str = typer.Option("csv", "--format", help="csv | parquet | jsonl | inspect (an inspect_ai log: one sample per session; --out FILE.eval)"),
               out: Path = typer.Option(..., "--out", help="Output file."),
               images: Optional[Path] = typer.Option(None, "--images", help="Also write every image of the run as DIR/<sha256>.png (the `images` column names them)."),
               fits: bool = typer.Option(False, "--fits", help="Export the cognitive-model fits of the run's sessions instead (one row per session and model; docs/fitting.md)."),
               per: str = typer.Option("session", "--per", help="With --fits: 'session' (each session alone) or 'participant' (one row per participant and model, its sessions fitted jointly, as fit --per participant)."),
               store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP)) -> None:
    """Export a run's trials, one row per trial (columns: see README, 'Data format'), or with
    --fits its cognitive-model fits, one row per session and model."""
    from ..storage.export import export_run, write_images
    from .app import check_output_path

    check_output_path(out, "--out")  # before the store is opened or anything created
    if per not in ("session", "participant"):
        raise ConfigError(f"--per must be 'session' or 'participant' (got {per!r})")
    if per != "session" and not fits:
        raise ConfigError("--per goes with --fits (trials are exported one row per trial)")
    if fits:
        return _export_fits(run, out, fmt, images, store, per)
    if fmt.strip().lower() == "inspect":
        return _export_inspect(run, out, images, store)
    if images:
        check_output_path(images, "--images", folder=True)
    st = _store(store, create=False, readonly=True)
    hashes: set[str] = set()
    # row by row, in memory that does not grow with the run; people's platform ids and timestamps
    rows = export_run(st, run, out, fmt, images=hashes if images else None)
    console.print(f"Wrote {rows} trials to {out}")
    if images:
        n = write_images(st, hashes, images)
        console.print(f"Wrote {n} images to {images}")


def _export_fits(run: str, out: Path, fmt: str, images: Optional[Path], store: Optional[str],
                 per: str = "session") -> None:
    from ..core.atomic import atomic_path
    from ..fitting.runs import fit_stored_runs, tests_with_models

    fmt = fmt.strip().lower()
    if fmt not in ("csv", "jsonl", "parquet"):
        raise ConfigError(f"--fits is exported as csv, jsonl or parquet (got --format {fmt})")
    if images:
        raise ConfigError("--images does not go with --fits (fits have no images)")
    st = _store(store, create=False, readonly=True)
    report = fit_stored_runs(st, [st.get_run(run).name], per=per)
    if report.rows.empty:
        raise ConfigError("no session of this run has a cognitive-model fit; tests with models: "
                          + ", ".join(tests_with_models()))
    with atomic_path(out) as tmp:
        if fmt == "csv":
            report.rows.to_csv(tmp, index=False)
        elif fmt == "jsonl":
            report.rows.to_json(tmp, orient="records", lines=True)
        else:
            report.rows.to_parquet(tmp, index=False)
    if per == "participant":
        console.print(f"Wrote {len(report.rows)} fits ({len(report.rows.drop_duplicates(['run', 'design', 'condition', 'who']))} "
                      f"participants, their sessions fitted jointly) to {out}")
        return
    console.print(f"Wrote {len(report.rows)} fits ({report.rows['session'].nunique()} sessions) to {out}")

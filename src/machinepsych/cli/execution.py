"""Executing a run's open sessions for ``run`` and ``resume``: the options they share, the
run beside its chance levels, and the printed report, failures and next command at the end."""
from __future__ import annotations

import typer

from ..core.errors import StoreUnavailable
from . import process
from .app import _store_arg, console, err

WORKERS_HELP = ("Processes on this machine splitting the sessions, each with its own event loop, writing to the "
                "same store (with --executor ray: the number of Ray tasks; default one per CPU of the cluster).")
EXECUTOR_HELP = "local (this machine) or ray (sessions as Ray tasks; see docs/scale.md)."
RAY_ADDRESS_HELP = ("Address of a running Ray cluster (HOST:6379 or ray://HOST:10001); without it a local Ray "
                    "instance is started. Needs a --store all machines reach (PostgreSQL).")


def execute_run(st, run, *, progress: bool, workers: int, executor: str, ray_address: str | None) -> None:
    """Run (or resume) the run's open sessions, then print its report: the chance levels are
    simulated and the report's modules imported beside the sessions, and the scoring keeps
    the embeddings it computes for the report's figures."""
    from ..analysis.chance import ChancePrefetch
    from ..runner.budget import BudgetExceeded, cap_note
    from ..runner.plan import run_ref
    from ..runner.run import run_sync
    from ..storage.vector_use import kept_vectors_for

    note = cap_note(run.spec or {})  # --max-cost without --max-tokens: the reply cap, said once
    if note:
        console.print(note, highlight=False, soft_wrap=True, markup=False)

    chance = ChancePrefetch(st, run.id)  # the report's chance levels, simulated beside the run (once it is locked)
    process.exit_without_final_collection()

    def locked() -> None:
        # the chance child is forked before the report's modules are imported in a thread: a
        # fork taken while another thread is half-way through an import copies that module's
        # import lock held, and the child waits on it for ever
        chance.start()
        process.import_report_modules_in_background()
    try:
        with kept_vectors_for(st, (t["task"] for t in (run.spec or {}).get("tasks", ()))):
            stats = run_sync(st, run.id, progress=progress, workers=workers, executor=executor, ray_address=ray_address,
                             on_locked=locked)
    except StoreUnavailable as exc:  # one line, with the command that continues the run
        raise StoreUnavailable(f"{exc}; continue with: machinepsych resume {run_ref(run.name, run.id)}{_store_arg(st)}") from None
    except BudgetExceeded as exc:  # --max-cost reached: the run stops, resumable
        st.set_run_status(run.id, "incomplete")
        stored = float(st.run_totals(run.id)["cost_usd"])  # with the calls that were in flight then
        raise BudgetExceeded(f"{exc}; ${stored:.5f} stored once the calls in flight had returned; the run stopped "
                             f"and can continue with: machinepsych resume {run_ref(run.name, run.id)}"
                             f"{_store_arg(st)} --max-cost USD") from None
    chance.wait()
    process.leave_at_once_after(executor)
    _finish(st, run.name, stats)


def _finish(st, name: str, stats) -> None:
    import gc

    from ..analysis import report, terminal  # not html_report: its figures import matplotlib

    from ..runner.plan import run_ref

    run = st.get_run(name)
    name = run_ref(run.name, run.id)  # as the lines below give it to a command: never a key
    if (run.spec or {}).get("kind") == "prediction":  # resumed through `resume`: the prediction's tables
        from ..analysis.prediction_view import print_report

        print_report(st, run, console)
        if stats.failures:
            err.print(failure_line(stats.failures, f"machinepsych resume {name}{_store_arg(st)}"), soft_wrap=True,
                      highlight=False, markup=False, emoji=False)
            raise typer.Exit(1)
        return

    gc.disable()  # the report makes little garbage; collections would walk the run's heap
    try:
        data = report.build(st, name, trials=False)  # the tables read the stored scores
        asked = any(p.get("choice_probs") for p in (run.spec or {}).get("participants", []))
        probs = report.choice_probs_counts(st, run) if asked else None  # --choice-probs: answers without them
        with process.closing_beside(st):  # everything is read: the store closes while the tables print
            terminal.print_tables(data, console)
    finally:
        gc.enable()
        st.close()  # done already unless the report failed
    if stats.cached_share is not None:
        saved = ""
        if stats.cached_tokens or stats.cache_write_tokens:
            saved = (f"; cost ${stats.cost_usd:.4f}, without caching ${stats.uncached_cost_usd:.4f}"
                     + (f" ({stats.cache_write_tokens:,} tokens written to the cache)" if stats.cache_write_tokens else ""))
        console.print(f"Prompt tokens served from the endpoint's cache: {stats.cached_share:.0%}{saved}",
                      highlight=False, soft_wrap=True)
    replies, unread = data["replies"]["models"]  # every stored model trial of the run, this call's and earlier ones
    pct = report.invalid_pct(replies, unread)
    warn = pct is not None and pct > report.INVALID_WARN_PCT
    models = any(report.is_model_ref(str(p.get("ref", ""))) for p in (run.spec or {}).get("participants", []))
    console.print(("[bold red]" if warn else "") + report.unread_line(replies, unread, models)
                  + ("[/bold red]" if warn else ""),
                  highlight=False, soft_wrap=True)
    if probs is not None:
        read, without = probs
        console.print(f"{without:,} of {read:,} read answers have no option probabilities "
                      "(no one position in the reply that the parser read the answer from; none guessed)",
                      highlight=False, soft_wrap=True)
    store_arg = _store_arg(st)
    if stats.failures:
        err.print(failure_line(stats.failures, f"machinepsych resume {name}{store_arg}"), soft_wrap=True,
                  highlight=False, markup=False, emoji=False)
        raise typer.Exit(1)
    # no --out: report writes reports/NAME by default and makes reports/ itself, where --out
    # never makes a missing parent (a typo in a path is an error); so the line works as pasted, and
    # it is never wrapped (a long store path folded mid-word by the console could not be pasted)
    console.print(f"Report: machinepsych report {name}{store_arg}", soft_wrap=True, markup=False, highlight=False,
                  emoji=False)


def failure_line(failures: list[str], resume: str) -> str:
    """The sessions that failed, in one line: each distinct error once (a session's entry is
    "session I (CONDITION): ERROR"), and the command that continues the run."""
    by_error: dict[tuple[str, str], list[str]] = {}
    for f in failures:
        where, _, error = f.partition(": ")
        index, _, condition = where.removeprefix("session ").partition(" ")
        by_error.setdefault((error, condition), []).append(index)
    parts = [f"session{'s' if len(w) > 1 else ''} {_listed(w)} {c}: {e}".replace("  ", " ")
             for (e, c), w in by_error.items()]
    n = len(failures)
    return (f"error: {n} session{'s' if n > 1 else ''} failed (their trials are saved; continue with: {resume}): "
            + " | ".join(parts))


def _listed(items: list[str], most: int = 5) -> str:
    return ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")

"""``machinepsych resume``: continue an interrupted run, optionally repointed or with a new budget."""
from __future__ import annotations

from typing import Optional

import typer

from .app import STORE_HELP, _store, app, console
from .execution import EXECUTOR_HELP, RAY_ADDRESS_HELP, WORKERS_HELP, execute_run


@app.command("resume")
def resume_cmd(run: str = typer.Argument(..., help="Run name or id."),
               store: Optional[str] = typer.Option(None, "--store", help=STORE_HELP),
               no_progress: bool = typer.Option(False, "--no-progress"),
               workers: int = typer.Option(1, "--workers", min=1, max=256, help=WORKERS_HELP),
               executor: str = typer.Option("local", "--executor", help=EXECUTOR_HELP),
               ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
               base_url: Optional[str] = typer.Option(None, "--base-url", help="Point the run's model participant at this endpoint first (a run started with a wrong URL); recorded in the run's history. No credentials in the URL."),
               model: Optional[str] = typer.Option(None, "--model", "-m", help="Use this model for the participant's unfinished sessions (same provider family: openai, vllm, ollama, llamacpp are one); recorded in the run's history."),
               participant: Optional[str] = typer.Option(None, "--participant", help="Which model participant --base-url/--model changes (needed when the run has several)."),
               max_cost: Optional[float] = typer.Option(None, "--max-cost", min=0, max=1_000_000, help="Set (raise) the run's cost budget in USD before resuming; recorded in the run's history.")) -> None:
    """Continue an interrupted run: every unfinished session from its last committed trial
    (on this machine, in worker processes or on Ray, however it was started)."""
    from ..models.secrets import redacted
    from ..runner.repoint import apply_repoint, plan_repoint
    from ..storage.history import describe_change
    from ..runner.run import check_executor, check_not_running
    from ..storage.store import normalise_url

    check_executor(workers=workers, executor=executor, ray_address=ray_address, store_url=normalise_url(store))
    st = _store(store, create=False)
    r = st.get_run(run)
    check_not_running(st, r)  # before anything else starts
    if max_cost is not None:
        from ..runner.budget import check_max_cost, raise_budget

        check_max_cost(max_cost)
    change = plan_repoint(st, r, base_url=base_url, model=model, participant=participant)  # checked, not yet written
    if change is not None:
        apply_repoint(st, change)
        r = st.get_run(r.id)
        console.print(f"Repointed {redacted(describe_change(change.entry))} ({change.entry['sessions']} unfinished "
                      "session(s)); recorded in the run's history", highlight=False, soft_wrap=True)
    if max_cost is not None and max_cost != (r.spec or {}).get("max_cost_usd"):
        raise_budget(st, r, max_cost)
        r = st.get_run(r.id)
        console.print(f"Cost budget set to ${max_cost:.4f}; recorded in the run's history", highlight=False)
    execute_run(st, r, progress=not no_progress, workers=workers, executor=executor, ray_address=ray_address)

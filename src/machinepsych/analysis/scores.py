"""Store -> scores: per-session scores and per-condition summaries for a run, through each
test's declared scorer."""
from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from pandas.api.types import is_numeric_dtype

from ..core.scoring import score_session, summarize_arrays
from ..storage.store import Store
from ..tasks.catalog import get_task

META = ("session", "seed", "task", "preset", "condition", "participant", "strategy", "persona", "scorer")


def run_scores(store: Store, run_ref: str | int, trials: pd.DataFrame) -> pd.DataFrame:
    """One row per complete session: seed, task, condition, participant, strategy, persona, metrics."""
    run = store.get_run(run_ref)
    sessions = {s.index: s for s in store.sessions(run.id)}
    rows = []
    if trials.empty:
        return pd.DataFrame()
    for sid, df in trials.groupby("session", sort=True):
        s = sessions[sid]
        if s.status != "complete":
            continue
        spec = get_task(s.task_id, s.task_version)
        metrics = score_session(spec, df, s.params)
        rows.append({"session": sid, "seed": s.seed, "task": s.task_id, "preset": s.preset, "condition": s.condition,
                     "participant": s.participant_name, "strategy": s.strategy, "persona": s.persona,
                     "scorer": spec.key, "tokens": int(df["prompt_tokens"].sum() + df["completion_tokens"].sum()),
                     "cost_usd": float(df["cost_usd"].fillna(0).sum()), **metrics})
    return pd.DataFrame(rows)


def summary_by_condition(scores: pd.DataFrame) -> dict[str, dict[str, Any]]:
    """{"task | preset": {condition: summary}} with mean, SD (n-1), n and the 95% interval's
    ends (within each metric's declared scale) per metric."""
    out: dict[str, dict[str, Any]] = {}
    if scores.empty:
        return out
    for (task, preset), tdf in scores.groupby(["task", "preset"], sort=False):
        # the metrics this test's scorer produced (other tests' columns are all empty here)
        present = tdf.notna().any()
        cols = [c for c in tdf.columns if c not in META and present[c] and _numbers_only(tdf[c])]
        scales = metric_scales(str(task))
        for cond, df in tdf.groupby("condition", sort=False):
            # each metric one float array (undefined: NaN): no object per session and value
            # (100,000 sessions); a session listed twice counts once, at its last row
            arrays = {k: df[k].to_numpy(dtype=float, na_value=np.nan) for k in cols}
            if not df["session"].is_unique:
                last = list({int(sid): i for i, sid in enumerate(df["session"])}.values())
                arrays = {k: v[last] for k, v in arrays.items()}
            if not arrays:  # no metric: the number of sessions alone, as summarize gives it
                out.setdefault(f"{task} | {preset}", {})[cond] = {"sessions": int(df["session"].nunique())}
                continue
            out.setdefault(f"{task} | {preset}", {})[cond] = summarize_arrays(arrays, scales)
    return out


def metric_scales(task: str) -> dict[str, tuple[float | None, float | None]]:
    """{metric: declared scale} of a test (empty for a test the catalog does not know)."""
    from ..core.errors import ConfigError

    try:
        return {m.name: m.scale for m in get_task(task).metrics}
    except ConfigError:  # a test no longer registered: intervals without a scale
        return {}


def _numbers_only(column: pd.Series) -> bool:
    """No value of the column is text, a dict or a list (a metric, not a label or a record);
    a numeric column is known to be one without looking at its values."""
    if is_numeric_dtype(column.dtype):
        return True
    return not column.map(lambda v: isinstance(v, (str, dict, list))).any()


def fmt_mean_sd(cell: dict | None, digits: int = 2) -> str:
    if not cell or cell.get("mean") is None:
        return "-"
    sd = cell.get("sd")
    return f"{cell['mean']:.{digits}f} ({sd:.{digits}f})" if sd is not None else f"{cell['mean']:.{digits}f} (-)"


class MeanSD(float):
    """A mean over sessions that carries its SD (``sd``; None for a single session): a float
    wherever it is computed with (an overall score, a gap), shown as ``mean (SD)``."""

    sd: float | None

    def __new__(cls, mean: float, sd: float | None) -> "MeanSD":
        obj = super().__new__(cls, mean)
        obj.sd = None if sd is None or sd != sd else float(sd)
        return obj

    def text(self, digits: int = 2) -> str:
        return f"{self:.{digits}f} ({'-' if self.sd is None else f'{self.sd:.{digits}f}'})"

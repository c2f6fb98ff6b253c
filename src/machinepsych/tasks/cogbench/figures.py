"""CogBench figures: Authenticity per iteration per condition (pooled over sessions) with the
chance band and the published rows; rating trajectories of one session; the memory agent's
profile changes are in the report's calls (``profile_update``) and drawn by ``profile_diff``."""
from __future__ import annotations

import difflib

import numpy as np

from machinepsych.published import load_rows
from .score import item_rows, per_iteration


def _cogbench(trials):
    df = trials[trials["task"].astype(str).str.startswith("cogbench")] if "task" in trials else trials
    return df if not df.empty and "ratings" in df and "iteration" in df else None


def authenticity_curves(trials, scores, spec) -> list:
    """Pooled Authenticity per iteration for every condition, chance (kappa 0) and the
    published avg of each method as short labelled marks (other data)."""
    import matplotlib.pyplot as plt

    df = _cogbench(trials)
    if df is None:
        return []
    fig, ax = plt.subplots(figsize=(9.6, 4.2))
    for cond, g in df.groupby("condition", sort=False):
        per_t, _ = per_iteration(item_rows(g))
        ts = sorted(per_t)
        ax.plot(ts, [per_t[t] for t in ts], marker="o", label=str(cond))
    ax.axhline(0.0, color="grey", ls=":", label="chance (random ratings)")
    bench = "v" if spec is not None and spec.id.endswith("-v") else "a"
    published = [r for r in load_rows() if r.test == f"cogbench-{bench}" and r.metric == "authenticity_avg"]
    for k, r in enumerate(published):  # CogBench Table 2
        ax.axhline(r.value, color="#555555", ls=(0, (1 + k, 2)), lw=1,
                   label=f"published: {r.model} avg (other data)")
    ax.set_xlabel("iteration")
    ax.set_ylabel("Authenticity (Cohen's kappa, pooled)")
    ax.legend(fontsize=9, loc="center left", bbox_to_anchor=(1.02, 0.5))
    return [("CogBench: Authenticity per iteration", fig)]


def trajectories(trials, scores, spec) -> list:
    """Ratings per statement over the iterations of the first session of each condition,
    with the reference (dashed)."""
    import matplotlib.pyplot as plt

    df = _cogbench(trials)
    if df is None:
        return []
    conds = list(dict.fromkeys(df["condition"]))
    ncol = min(len(conds), 2)
    nrow = -(-len(conds) // ncol)
    fig, axes = plt.subplots(nrow, ncol, figsize=(5.0 * ncol, 3.6 * nrow), squeeze=False)
    for ax in axes.flat[len(conds):]:
        ax.axis("off")
    for ax, cond in zip(axes.flat, conds):
        g = df[df["condition"] == cond]
        g = g[g["session"] == g["session"].min()].sort_values("iteration")
        ids = list((g["ratings"].iloc[0] or {}).keys())
        for k, sid in enumerate(ids):
            ys = [(r or {}).get(sid) for r in g["ratings"]]
            ax.plot(g["iteration"], [np.nan if y is None else y for y in ys], color=f"C{k % 10}", lw=1)
            ref = [(r or {}).get(sid) for r in g["reference"]] if "reference" in g else []
            if ref and any(v is not None for v in ref):
                ax.plot(g["iteration"], [np.nan if y is None else y for y in ref], color=f"C{k % 10}", ls="--", lw=0.8)
        who = g["profile"].iloc[0] if "profile" in g else ""
        ax.set_title(f"{cond}\n{g['topic'].iloc[0]} / {who}", fontsize=9)
        ax.set_ylim(0.5, 5.5)
        ax.set_xlabel("iteration")
        ax.set_ylabel("rating (solid) / reference (dashed)")
    return [("CogBench: rating trajectories per statement", fig)]


def profile_changes(trials, scores, spec) -> list:
    """The memory agent's profile at the last iteration against the initial one, as a diff, for
    the first session of each condition whose replies carry a current profile (``coggpt``)."""
    import matplotlib.pyplot as plt

    from .data import profile_text
    from .methods import PROFILE_MARK

    df = _cogbench(trials)
    if df is None or "reply" not in df:
        return []
    out = []
    for cond, g in df.groupby("condition", sort=False):
        g = g[g["session"] == g["session"].min()].sort_values("iteration")
        last = [r for r in g["reply"] if isinstance(r, str) and PROFILE_MARK in r]
        if not last:
            continue
        stim = g["stimulus"].iloc[0]
        before = profile_text(stim.get("profile", {}) if isinstance(stim, dict) else {})
        diff = profile_diff(before, last[-1].split(PROFILE_MARK, 1)[1]) or "(no change)"
        lines = diff.splitlines()[:60]
        fig, ax = plt.subplots(figsize=(10.0, 0.22 * len(lines) + 0.8))
        ax.axis("off")
        for k, line in enumerate(lines):
            colour = "#1a6b32" if line.startswith("+") else "#b3261e" if line.startswith("-") else "#1b1b1b"
            ax.text(0, 1 - (k + 0.5) / max(len(lines), 1), line[:95], family="monospace", fontsize=9, color=colour,
                    transform=ax.transAxes, va="center")
        ax.set_title(f"{cond}: profile after the last iteration vs the initial profile", fontsize=10)
        out.append((f"CogBench: profile changes ({cond})", fig))
    return out


def profile_diff(before: str, after: str) -> str:
    """The memory agent's profile change as a unified diff (one attribute per line)."""
    return "\n".join(difflib.unified_diff(before.splitlines(), after.splitlines(), "before", "after", lineterm=""))

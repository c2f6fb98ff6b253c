"""The validity audit's view of a VisFactor trial (``TaskSpec.audit``, ``machinepsych audit``).

For each trial the audit gets the answer key and the surface of every answer option, so that
construct-free heuristic solvers (answer position, option consensus, centroid, largest and
smallest option, always true / always false) can be scored against chance. The features are
surface descriptions only (what is drawn, how much of it, where), never the solution:

* CF1: per simple figure, its number of edges, width and height (fixed figures, so these
  solvers reduce to a fixed position);
* VZ2: per unfolded sheet, its number of holes, then one 0/1 entry per hole position;
* P3: per picture, its number of lines, then one 0/1 entry per lattice edge;
* SS2: per starting point, its straight-line distance to the circle (the "size" the
  smallest/largest solvers use: smallest = the start nearest the circle), its horizontal
  distance to the circle, its column, and its distance to F.

Other choice items (VZ3, SS3, MA1, CF3, I3) carry their options for the position solvers;
T/F items carry their key per part. See ``docs/visfactor.md#validity-audit``.
"""
from __future__ import annotations

import math
from typing import Any

from machinepsych.core.spec import AuditItem
from machinepsych.core.types import Observation

from .core import Item, lattice_edges, norm_edge
from .env import answer_view, cached_item


def _option_features(item: Item) -> tuple[tuple[float, ...], ...]:
    p = item.params
    if item.subtest == "CF1":
        from .gen_closure import CF1_MODELS

        out = []
        for m in CF1_MODELS:
            pts = [q for e in m for q in e]
            out.append((float(len(m)), float(max(c for _, c in pts) - min(c for _, c in pts)),
                        float(max(r for r, _ in pts) - min(r for r, _ in pts))))
        return tuple(out)
    if item.subtest == "VZ2":
        from .gen_vz2 import SHEET, tile_centre

        cells = [tuple(round(v, 3) for v in tile_centre(t)) for t in SHEET]
        out = []
        for holes in p["options"]:
            hs = {tuple(round(float(v), 3) for v in h) for h in holes}
            out.append((float(len(hs)), *(1.0 if c in hs else 0.0 for c in cells)))
        return tuple(out)
    if item.subtest == "P3":
        n = int(p["grid"])
        edges = lattice_edges(n, n)
        out = []
        for opt in p["options"]:
            es = {norm_edge(tuple(a), tuple(b)) for a, b in opt}
            out.append((float(len(es)), *(1.0 if e in es else 0.0 for e in edges)))
        return tuple(out)
    if item.subtest == "SS2":
        circle, F = p["circle"], p["F"]
        return tuple((float(math.dist(s, circle)), float(abs(s[1] - circle[1])), float(s[1]), float(math.dist(s, F)))
                     for s in p["starts"])
    return ()


def audit_item(item: Item, mode: str) -> AuditItem:
    """The audit record of a generated item in ``mode`` (default or split)."""
    kind, _, gold, _ = answer_view(item, mode)
    rows = tuple(g == "T" for _, g in item.rows) if kind == "rows" else ()
    if kind == "rows" and item.kind != "rows":  # split view of a choice item: keep the options
        return AuditItem(key=item.gold, options=tuple(item.options), features=_option_features(item), rows=rows)
    if kind == "rows":
        return AuditItem(key=tuple(gold), rows=rows)
    if kind == "tf":
        return AuditItem(key=gold, options=("T", "F"), rows=(gold == "T",))
    if kind in ("mc", "letter", "int", "groups"):
        return AuditItem(key=gold, options=tuple(item.options), features=_option_features(item))
    if kind == "cell":
        n = int(item.params["grid"])
        return AuditItem(key=gold, options=tuple(f"({r}, {c})" for r in range(1, n + 1) for c in range(1, n + 1)))
    return AuditItem(key=gold)  # words: the key only


def audit(obs: Observation) -> AuditItem:
    """``TaskSpec.audit`` of every VisFactor subtest."""
    st: dict[str, Any] = obs.stimulus
    return audit_item(cached_item(st["subtest"], int(st["item_seed"]), st["difficulty"]), st["mode"])

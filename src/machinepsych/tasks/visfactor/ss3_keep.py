"""SS3 generation 6's table of keeping chances (gen_ss3.SS3_KEEP) from measured counts of the
answers' and the other buildings' views (benchmarks/ss3_view_table.py; docs/visfactor.md#ss3-version-6)."""
from __future__ import annotations

import itertools
import math

import numpy as np

CELLS = ["".join(c) for c in itertools.product("012", repeat=4)]  # views in SS3_KEEP's order


def _margins(view: str) -> list[float]:
    """Indicators of each street's state (blocked, map edge) and of each pair of streets' states."""
    x = [float(view[t] == s) for t in range(4) for s in "12"]
    for t, u in itertools.combinations(range(4), 2):
        x += [float(view[t] == s and view[u] == z) for s in "12" for z in "12"]
    return x


def keep_table(counts: dict, capped: float = 0.005, ridge: float = 0.01) -> list[int]:
    """SS3_KEEP for one difficulty from ``counts`` (benchmarks/ss3_view_table.py's output for one difficulty): weights
    exp(b . x) on the answers' views (x: :func:`_margins`) whose weighted margins, one street and
    two streets at a time, equal the other buildings' (exponential tilting, ridge ``ridge`` on b),
    scaled so the largest weight outside the ``capped`` share of the answers with the largest is
    100%, in percent (at least 1)."""
    from scipy.optimize import minimize

    X = np.array([_margins(c) for c in CELLS])
    pa = np.array([counts["answer"].get(c, 0) for c in CELLS], float)
    po = np.array([counts["other"].get(c, 0) for c in CELLS], float)
    pa, mu = pa / pa.sum(), (po / po.sum()) @ X

    def loss(b):
        z = X @ b
        e = pa * np.exp(z - z.max())
        return (math.log(e.sum()) + z.max() - b @ mu + ridge * b @ b / 2, (e @ X) / e.sum() - mu + ridge * b)

    z = X @ minimize(loss, np.zeros(X.shape[1]), jac=True, method="L-BFGS-B").x
    order, mass = np.argsort(-z), 0.0
    for i in order:
        mass += pa[i]
        if mass > capped:
            break
    return [int(v) for v in np.maximum(1, np.round(100 * np.exp(np.minimum(0.0, z - z[i]))))]

"""Human norms sit on the scale of the metric they name: percentages beside percentages."""
from __future__ import annotations

import pytest

from machinepsych.tasks.visfactor import SUBTESTS
from machinepsych.tasks.visfactor.subtests import SPECS


@pytest.mark.parametrize("sub", list(SUBTESTS))
def test_norms_are_percentages_of_a_declared_percentage_metric(sub):
    spec = SPECS[sub]
    assert len(spec.norms) == (SUBTESTS[sub].human_norm is not None)
    for n in spec.norms:
        m = spec.scorer.metric(n.metric)
        assert m is not None and m.unit == "%" and m.scale == (0.0, 100.0)
        assert 0 <= n.value <= 100 and n.source
    # a norm counting parts is never put on the all-parts-right accuracy
    if sub in ("CF2", "VZ1", "I3"):
        assert [n.metric for n in spec.norms] == ["acc_rows"]


def test_conversions():
    by = {s: {n.metric: n.value for n in SPECS[s].norms} for s in SUBTESTS}
    assert by["CS3"] == {"accuracy": 23.75}            # 5.7 right of 24
    assert by["SS2"] == {"accuracy": 48.44}            # 15.5 right of 32 (the kit's scale, not the paper's x5)
    assert by["CF1"] == {"accuracy": 55.0}             # R - W/4 = 14 over 32 items: R = 17.6
    assert by["S2"] == {"accuracy": 77.02}             # R - W = 22.7 over 42
    assert by["CF2"] == {"acc_rows": 67.49}            # R - W = 139.9 over 400 parts
    assert by["VZ1"] == {"acc_rows": 76.0}             # R - W = 124.8 over 240 pieces
    # the raw kit points are no longer a table column beside the percentages
    assert not SPECS["CF1"].scorer.metric("human_norm").table


def test_the_frct_figure_draws_the_norm_over_the_kits_own_format_only():
    """A run of both modes: the FRCT figure's human-norm line covers the default condition's bar
    and not the split one's (issue 30); a run of split only draws no norm."""
    import matplotlib.pyplot as plt
    import pandas as pd

    from machinepsych.tasks.visfactor.figures import visfactor_figures

    spec = SPECS["P3"]
    scores = pd.DataFrame({"condition": ["agent:ideal", "agent:ideal | mode=split"], "accuracy": [90.0, 100.0],
                           "random_acc": [20.0, 20.0], "frct_paper": [120.0, 288.0], "human_norm": [68.6, None]})

    def norm_spans(frame) -> list[tuple[float, float, float]]:
        (_, frct), = [f for f in visfactor_figures(frame, frame, spec) if "FRCT" in f[0]]
        ax = frct.axes[0]
        segments = [seg for c in ax.collections if hasattr(c, "get_segments") for seg in c.get_segments()]
        spans = [(seg[0][0], seg[1][0], seg[0][1]) for seg in segments if len(seg) == 2 and seg[0][1] == seg[1][1]]
        spans += [(*ax.get_xlim(), line.get_ydata()[0]) for line in ax.get_lines()
                  if line.get_ydata()[0] == line.get_ydata()[-1] and line.get_ydata()[0] != 0]
        plt.close(frct)
        return [s for s in spans if s[2] == 68.6]

    ((x0, x1, _),) = norm_spans(scores)
    assert x0 < 0 < x1 < 1, (x0, x1)  # over bar 0 (default), ending before bar 1 (split)
    assert norm_spans(scores.iloc[[1]]) == []
    ((x0, x1, _),) = norm_spans(scores.iloc[[0]])  # default only: the line across, as before

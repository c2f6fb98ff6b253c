"""Drawing the tests' own report figures (matplotlib, Agg backend): laid out and drawn once, as
PNG; the generic figures every section has are written as SVG by :mod:`.svg_figures`."""
from __future__ import annotations

import base64
import io
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


# Legible at the size the report shows them: figures are at most MAX_WIDTH_IN wide at DPI, so
# the page never scales them down, and no text is smaller than 9 pt.
DPI = 100
MAX_WIDTH_IN = 10.4
MIN_PT = 9.0
PNG_LEVEL = 1  # zlib level of the embedded PNGs: as small as level 6 for these flat figures, and faster
matplotlib.rcParams.update({"font.size": 10, "axes.titlesize": 11, "axes.labelsize": 10, "xtick.labelsize": 9,
                            "ytick.labelsize": 9, "legend.fontsize": 9, "legend.title_fontsize": 9,
                            "figure.titlesize": 11})


@dataclass(frozen=True)
class Rendered:
    """A figure as the report embeds it: its PNG data URL, its width in pixels and the
    smallest font size (pt) of any text in it."""

    data_url: str
    width_px: int
    min_pt: float


def smallest_text_pt(fig) -> float:
    sizes = [t.get_fontsize() for t in fig.findobj(matplotlib.text.Text) if t.get_visible() and t.get_text().strip()]
    return float(min(sizes)) if sizes else MIN_PT


def draw(fig) -> np.ndarray:
    """Lay the figure out and draw it once; its RGBA pixels. Figure functions leave the layout
    to this: one ``tight_layout`` pass (after narrowing a figure wider than the page) instead of
    one per function, and a single draw of the canvas, where ``savefig(bbox_inches="tight")``
    drew it twice. ``tight_layout`` keeps every label, title and legend inside the canvas
    (tests/analysis/test_figure_render.py checks it on the report's figures)."""
    w, h = fig.get_size_inches()
    if w > MAX_WIDTH_IN:  # narrower canvas, same point sizes: the page shows it unscaled
        fig.set_size_inches(MAX_WIDTH_IN, h * MAX_WIDTH_IN / w)
    fig.set_dpi(DPI)
    fig.tight_layout()
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())


def render(fig) -> Rendered:
    """The figure as the report embeds it (a PNG), drawn once; the figure is closed."""
    rgba = draw(fig)
    min_pt = smallest_text_pt(fig)  # after drawing: the ticks it walks exist by then
    plt.close(fig)
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(rgba[..., :3]).save(buf, format="png", compress_level=PNG_LEVEL)
    return Rendered("data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii"), rgba.shape[1], min_pt)


def fig_to_data_url(fig) -> str:
    return render(fig).data_url


def use_colours(colours: dict[str, str]) -> None:
    """Figures drawn next (the tests' own too) cycle through the report's colours in run order."""
    matplotlib.rcParams["axes.prop_cycle"] = matplotlib.cycler(color=list(colours.values()) or ["#4c72b0"])

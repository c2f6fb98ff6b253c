"""Shared pieces of the VisFactor generators: the item record, the generator registry and
small Pillow drawing helpers.

A generator is a pure function ``(rng, difficulty) -> Item``. It draws every random choice
from ``rng`` (a seeded ``numpy.random.Generator``), records in ``Item.params`` the
parameters needed to recompute the answer, and returns one composite PIL image. Answers
are known by construction; ``tests/tasks/visfactor`` re-derives them by independent computations.
See ``docs/visfactor.md#generators``.
"""
from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import islice
from typing import Any, Literal

import numpy as np
from PIL import Image, ImageDraw, ImageFont

Difficulty = Literal["easy", "normal", "hard"]
# Answer kinds (how a reply's JSON answer is normalised; see parse.py)
#   mc      one option label (letters A-E, or ints 1-5 for SS2)
#   tf      one T/F judgement
#   rows    a list of T/F judgements, one per part
#   groups  a list of group numbers (I3)
#   int     an integer (SS3, MA1)
#   letter  an upper-case letter (VZ3)
#   cell    "(row, col)" 1-based (CF3)
#   word    a word with accepted alternatives (CS1-CS3)
Kind = Literal["mc", "tf", "rows", "groups", "int", "letter", "cell", "word"]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass
class Item:
    """One generated item. ``gold`` answers the default-mode question; ``rows`` are the
    split-mode binary questions (row text, "T"/"F"). ``params`` must be JSON-able."""

    subtest: str
    image: Image.Image
    question: str
    kind: Kind
    gold: Any
    options: tuple = ()
    rows: list[tuple[str, str]] = field(default_factory=list)
    split_question: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    answer_format: str = ""
    accepted: tuple[str, ...] = ()  # word answers: accepted alternatives (lower case)
    # the box (x0, y0, x1, y1), x1 and y1 exclusive, of every figure panel in ``image``: what
    # the flip perturbation mirrors (each in place), leaving labels, titles and order alone
    figures: tuple[tuple[int, int, int, int], ...] = ()
    # memory subtests: the study page, shown before the question and taken away when it is asked
    study_image: Image.Image | None = None


class Draws:
    """Random numbers from ``rng`` drawn in blocks, for generators that make thousands of small
    random choices per item (one numpy call each would dominate their time)."""

    def __init__(self, rng: np.random.Generator):
        self.rng, self.buf, self.i, self.nbuf, self.ni = rng, [], 0, [], 0

    def index(self, k: int) -> int:
        """Uniform in 0..k-1."""
        if self.i >= len(self.buf):
            self.buf, self.i = self.rng.random(4096).tolist(), 0
        self.i += 1
        return int(self.buf[self.i - 1] * k)

    def walk(self, nbrs, v, stop) -> list:
        """A random walk from ``v`` until it enters ``stop``, each step to ``nbrs[v][index(len(nbrs[v]))]``:
        the points it passes, ``v`` first. The same draws, in the same order, as a loop over
        :meth:`index`, without a call per step (SS2 walks thousands of steps per item)."""
        out = [v]
        append = out.append
        while v not in stop:
            if self.i >= len(self.buf):
                self.buf, self.i = self.rng.random(4096).tolist(), 0
            before = len(out)
            for u in islice(self.buf, self.i, None):
                nb = nbrs[v]
                v = nb[int(u * len(nb))]
                append(v)
                if v in stop:
                    break
            self.i += len(out) - before
        return out

    def normal(self, loc: float = 0.0, scale: float = 1.0) -> float:
        if self.ni >= len(self.nbuf):
            self.nbuf, self.ni = self.rng.standard_normal(1024).tolist(), 0
        self.ni += 1
        return loc + scale * self.nbuf[self.ni - 1]


Generator = Callable[[np.random.Generator, str], Item]
GENERATORS: dict[str, Generator] = {}
# (subtest, generation) -> an older generator, kept so that an older test version makes its items
# (``visfactor-cf2@1``); GENERATION holds the current generation of each subtest that has one
OLD_GENERATORS: dict[tuple[str, int], Generator] = {}
# issue 20: the generators with a construct-free shortcut were redesigned (docs/visfactor.md#generator-deviations)
GENERATION: dict[str, int] = {"CF1": 2, "CF2": 4, "CF3": 3, "CS1": 2, "CS2": 2, "CS3": 2, "VZ1": 4, "VZ2": 3, "VZ3": 2,
                              "S2": 2, "SS2": 5, "SS3": 6, "P3": 3, "I3": 3, "MV3": 2}


def generator(subtest: str, version: int | None = None) -> Callable[[Generator], Generator]:
    def deco(fn: Generator) -> Generator:
        if version is None or version == GENERATION.get(subtest, 1):
            GENERATORS[subtest] = fn
        else:
            OLD_GENERATORS[(subtest, version)] = fn
        return fn

    return deco


def generations(subtest: str) -> Callable[[Callable[..., Item]], Callable[..., Item]]:
    """Register ``fn(rng, difficulty, generation)`` for every generation of ``subtest``: the
    current one (:data:`GENERATION`) as its generator, each older one to make an older test
    version's items."""
    def deco(fn: Callable[..., Item]) -> Callable[..., Item]:
        current = GENERATION.get(subtest, 1)
        for g in range(1, current + 1):
            generator(subtest, g)(partial(fn, generation=g))
        return fn

    return deco


def item_rng(subtest: str, seed: int, difficulty: str) -> np.random.Generator:
    """The random numbers item ``seed`` of ``subtest`` at ``difficulty`` is drawn from (:func:`generate`)."""
    return np.random.default_rng([int(seed), sum(map(ord, subtest)), {"easy": 0, "normal": 1, "hard": 2}[difficulty]])


def generate(subtest: str, seed: int, difficulty: str = "normal", generation: int | None = None) -> Item:
    """Generate one item of ``subtest`` from ``seed`` (deterministic). ``generation`` names an
    older generator of the subtest (None or the current one: the current generator)."""
    from . import generators  # noqa: F401  (registers)

    rng = item_rng(subtest, seed, difficulty)
    if generation is None or generation == GENERATION.get(subtest, 1):
        item = GENERATORS[subtest](rng, difficulty)
    else:
        item = OLD_GENERATORS[(subtest, generation)](rng, difficulty)
    if not item.figures:
        item.figures = figure_boxes(item.image)
    item.params.setdefault("seed", int(seed))
    item.params.setdefault("difficulty", difficulty)
    return item


def mc_rows(labels: tuple, gold: Any, what: str = "option") -> list[tuple[str, str]]:
    """Split view of a multiple-choice item: one yes/no row per option."""
    return [(f"Is {what} {lab} correct?", "T" if lab == gold else "F") for lab in labels]


# -- drawing ---------------------------------------------------------------------------
@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (identical on every machine, so images are reproducible)."""
    return ImageFont.load_default(size=size)


def canvas(w: int, h: int, color: Any = "white") -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (int(w), int(h)), color)
    return img, ImageDraw.Draw(img)


def text_center(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int = 16, fill: Any = "black") -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


def figure_boxes(img: Image.Image) -> tuple[tuple[int, int, int, int], ...]:
    """The figure boxes recorded on ``img`` by :func:`labelled_row` and :func:`stack` (kept in
    ``img.info``, which PNG encoding ignores)."""
    return tuple(tuple(b) for b in img.info.get("figures", ()))


def _moved(img: Image.Image, dx: int, dy: int) -> list[tuple[int, int, int, int]]:
    return [(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in figure_boxes(img)]


def labelled_row(panels: list[Image.Image], labels: list[str], gap: int = 12, label_h: int = 22,
                 title: str | None = None) -> Image.Image:
    """Panels side by side, each with a label under it, optional title above. Each panel is a
    figure: its box is recorded (or, for a panel made of figures, theirs)."""
    th = 26 if title else 0
    w = sum(p.width for p in panels) + gap * (len(panels) + 1)
    if title:
        w = max(w, int(font(16).getlength(title)) + 2 * gap)
    h = max(p.height for p in panels) + label_h + th + gap
    img, d = canvas(w, h)
    if title:
        d.text((gap, 4), title, font=font(16), fill="black")
    x = gap
    boxes: list[tuple[int, int, int, int]] = []
    for p, lab in zip(panels, labels):
        y = th + gap // 2
        img.paste(p, (x, y))
        boxes += _moved(p, x, y) or [(x, y, x + p.width, y + p.height)]
        text_center(d, (x + p.width / 2, th + gap // 2 + p.height + label_h / 2), lab, 16)
        x += p.width + gap
    img.info["figures"] = boxes
    return img


def stack(rows: list[Image.Image], gap: int = 8, sep: bool = True) -> Image.Image:
    """Images one above the other, left-aligned, with a thin separator line."""
    w = max(r.width for r in rows)
    h = sum(r.height for r in rows) + gap * (len(rows) - 1)
    img, d = canvas(w, h)
    y = 0
    boxes: list[tuple[int, int, int, int]] = []
    for i, r in enumerate(rows):
        img.paste(r, (0, y))
        boxes += _moved(r, 0, y)
        y += r.height
        if sep and i < len(rows) - 1:
            d.line([(0, y + gap // 2), (w, y + gap // 2)], fill=(170, 170, 170), width=1)
        y += gap
    img.info["figures"] = boxes
    return img


def framed(img: Image.Image, color: Any = "black", width: int = 1) -> Image.Image:
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, img.width - 1, img.height - 1], outline=color, width=width)
    return img


def dashed_line(draw: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float], dash: float = 6,
                fill: Any = "black", width: int = 1) -> None:
    (x0, y0), (x1, y1) = p, q
    length = float(np.hypot(x1 - x0, y1 - y0))
    if length == 0:
        return
    n = max(1, int(length // dash))
    for i in range(0, n, 2):
        a, b = i / n, min(1.0, (i + 1) / n)
        draw.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)], fill=fill, width=width)


def lattice_edges(rows: int, cols: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """All 8-neighbour edges of a rows x cols point lattice, as ((r, c), (r, c)) with a < b."""
    return list(_lattice_edges(rows, cols))


@lru_cache(maxsize=32)
def _lattice_edges(rows: int, cols: int) -> tuple:
    out = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < rows and 0 <= c2 < cols:
                    out.append(norm_edge((r, c), (r2, c2)))
    return tuple(out)


def norm_edge(a, b) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    return (a, b) if a <= b else (b, a)


def draw_edges(edges, rows: int, cols: int, cell: int = 28, pad: int = 12, width: int = 3, dots: bool = False,
               color: Any = "black") -> Image.Image:
    """Render a set of lattice edges (points (row, col)) as a line drawing."""
    img, d = canvas(pad * 2 + cell * (cols - 1) + 1, pad * 2 + cell * (rows - 1) + 1)
    if dots:
        for r in range(rows):
            for c in range(cols):
                x, y = pad + c * cell, pad + r * cell
                d.ellipse([x - 2, y - 2, x + 2, y + 2], fill=(150, 150, 150))
    for (a, b) in sorted(edges):  # a fixed drawing order, whatever the container
        d.line([(pad + a[1] * cell, pad + a[0] * cell), (pad + b[1] * cell, pad + b[0] * cell)], fill=color, width=width)
    return img


def edges_json(edges) -> list[list[list[int]]]:
    return [[list(a), list(b)] for a, b in sorted(edges)]


def edges_from_json(data) -> set:
    return {norm_edge(tuple(a), tuple(b)) for a, b in data}


def balanced_distractors(key: frozenset, pool: list[frozenset], rng, rank: int, k: int = 4,
                         marked: list[bool] | None = None, n_marked: int | None = None,
                         jaccard: bool = False, by_size: bool = False) -> list[int] | None:
    """Indices of ``k`` distractors from ``pool`` (sets of drawn elements: holes, lines) chosen
    so that the key is not the "consensus" option: the caller draws ``rank`` uniformly from
    0..k once per item (before any retry, so infeasible ranks are not redrawn) and the set is drawn uniformly among those where exactly ``r`` options are closer to
    the others than the key (summed symmetric differences plus size differences, the audit's
    L1 consensus; no ties with the key), and the key has the same rank by distance to the
    options' mean (the centroid). So the option most like the others, and the one nearest
    their centre, is the key in 1 / (k + 1) of items, as by chance. With ``jaccard`` the key
    is also the option most like the others by summed Jaccard distance (1 - shared / either)
    and by summed plain symmetric difference exactly when r = 0, and the least like them
    exactly when r = k; with ``by_size`` it is among the smallest options (fewest elements)
    only when r = 0 and among the largest only when r = k. With ``marked`` (one flag per pool set) exactly ``n_marked`` of
    the chosen sets are marked ones. None if no set of the pool reaches the drawn rank."""
    import itertools

    r = rank
    combos = np.array(list(itertools.combinations(range(len(pool)), k)), dtype=int).reshape(-1, k)
    if marked is not None and n_marked is not None and len(combos):
        combos = combos[np.asarray(marked, bool)[combos].sum(axis=1) == n_marked]
    if not len(combos):
        return None
    opts = [key, *pool]
    sizes = np.array([len(o) for o in opts])
    sym = np.array([[len(a ^ b) for b in opts] for a in opts])
    O = np.concatenate([np.zeros((len(combos), 1), dtype=int), combos + 1], axis=1)  # the key first

    def ranked(D, ok, exact=True, ends=False):
        """Keep the sets where the key has rank r by D (with ``ends``: is the most central
        option exactly when r = 0 and the least central exactly when r = k)."""
        d = D[O[ok][:, :, None], O[ok][:, None, :]].sum(axis=2)
        tie = np.isclose(d[:, 1:], d[:, :1]) if not exact else (d[:, 1:] == d[:, :1])
        if ends:
            below, above = (d[:, 1:] < d[:, :1] - 1e-9).sum(axis=1), (d[:, 1:] > d[:, :1] + 1e-9).sum(axis=1)
            good = ((below == 0) & ~tie.any(axis=1) if r == 0 else below > 0) & \
                   ((above == 0) & ~tie.any(axis=1) if r == k else above > 0)
        else:
            good = ~tie.any(axis=1) & ((d[:, 1:] < d[:, :1]).sum(axis=1) == r)
        out = ok.copy()
        out[np.flatnonzero(ok)[~good]] = False
        return out

    # summed symmetric differences plus size differences, for every pair of options
    ok = ranked(sym + np.abs(sizes[:, None] - sizes[None, :]), np.ones(len(combos), bool))
    if jaccard:
        ok = ranked(sym, ok, ends=True)
        union = np.array([[len(a | b) for b in opts] for a in opts])
        ok = ranked(1 - (union - sym) / np.maximum(union, 1), ok, exact=False, ends=True)
    if by_size:  # among the smallest options only when r = 0, among the largest only when r = k
        sz = sizes[O[ok]]
        smaller, larger = (sz[:, 1:] < sz[:, :1]).sum(axis=1), (sz[:, 1:] > sz[:, :1]).sum(axis=1)
        good = (r == 0) | (smaller > 0)
        good &= (r == k) | (larger > 0)
        ok[np.flatnonzero(ok)[~good]] = False
    # the same rank by distance to the mean (the centroid), on (size, indicators); elements no
    # option of a set has are zero columns there, so one element list serves every set
    elems = sorted(set().union(*opts))
    X = np.array([[len(o)] + [1.0 if e in o else 0.0 for e in elems] for o in opts])[O[ok]]
    c = np.linalg.norm(X - X.mean(axis=1, keepdims=True), axis=2)
    ok2 = ~np.isclose(c[:, 1:], c[:, :1]).any(axis=1) & ((c[:, 1:] < c[:, :1]).sum(axis=1) == r)
    good = [tuple(int(i) for i in row) for row in combos[ok][ok2]]
    if not good:
        return None
    return list(good[int(rng.integers(len(good)))])

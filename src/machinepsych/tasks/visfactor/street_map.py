"""The street grid that SS3's (Map Planning) and MV2's maps are drawn on: its segments, shortest
paths, perimeter points, buildings and the drawing. See ``docs/visfactor.md#generators``."""
from __future__ import annotations

import math
from collections import deque

from .core import LETTERS, canvas, text_center


def grid_segments(rows: int, cols: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                out.append(((r, c), (r + 1, c)))
    return out


def bfs(adj: dict, src) -> tuple[dict, dict]:
    """Distances and number of shortest paths from ``src``."""
    dist, count = {src: 0}, {src: 1}
    q = deque([src])
    while q:
        v = q.popleft()
        for w in adj.get(v, ()):
            if w not in dist:
                dist[w] = dist[v] + 1
                count[w] = count[v]
                q.append(w)
            elif dist[w] == dist[v] + 1:
                count[w] += count[v]
    return dist, count


def _adj(edges) -> dict:
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return adj


QUAD = ("TL", "TR", "BL", "BR")


def building_segments(cell, quad):
    """The two street segments that border a building in ``quad`` of ``cell``."""
    r, c = cell
    top, bot, left, right = ((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))
    return {"TL": (top, left), "TR": (top, right), "BL": (bot, left), "BR": (bot, right)}[quad]


def perimeter(rows: int, cols: int) -> list[tuple[int, int]]:
    out = [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
    out += [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)]
    return out


def point_label(i: int) -> str:
    return LETTERS[i] if i < 26 else LETTERS[i // 26 - 1] + LETTERS[i % 26]


def draw_map(rows, cols, open_segs, blocked, buildings, labels=None, cell=44, pad=30, numbers=True, marks=None, label_size=11):
    img, d = canvas(pad * 2 + cell * (cols - 1), pad * 2 + cell * (rows - 1))

    def P(p):
        return (pad + p[1] * cell, pad + p[0] * cell)

    for a, b in open_segs + blocked:
        d.line([P(a), P(b)], fill=(90, 90, 90), width=3)
    for a, b in blocked:
        x, y = (P(a)[0] + P(b)[0]) / 2, (P(a)[1] + P(b)[1]) / 2
        d.ellipse([x - 5, y - 5, x + 5, y + 5], fill="white", outline="black", width=2)
    q = cell / 2
    for k, (cellrc, quad) in enumerate(buildings):
        r, c = cellrc
        x0 = pad + c * cell + (0 if quad[1] == "L" else q)
        y0 = pad + r * cell + (0 if quad[0] == "T" else q)
        # [decision] inset 7 px from the streets and road blocks of radius 5 at mid-street, so a
        # road block never covers a building box (they overlapped at inset 4, radius 6)
        d.rectangle([x0 + 7, y0 + 7, x0 + q - 7, y0 + q - 7], fill=(235, 235, 235), outline="black")
        if numbers:
            text_center(d, (x0 + q / 2, y0 + q / 2), str(k + 1) if numbers is True else numbers[k], label_size)
    if labels:
        for lab, p in labels:
            x, y = P(p)
            dx = -16 if p[1] == 0 else 16 if p[1] == cols - 1 else 0
            dy = -16 if p[0] == 0 else 16 if p[0] == rows - 1 else 0
            text_center(d, (x + dx, y + dy), lab, 13, (0, 0, 170))
    for lab, p in (marks or []):
        x, y = p
        text_center(d, (pad + x * cell, pad + y * cell), lab, 16, (200, 0, 0))
    return img


def random_map(rng, rows, cols, n_build, p_block=0.25):
    segs = grid_segments(rows, cols)
    blocked = [s for s in segs if rng.random() < p_block]
    open_segs = [s for s in segs if s not in blocked]
    cells = [(r, c) for r in range(rows - 1) for c in range(cols - 1)]
    pick = rng.choice(len(cells), n_build, replace=False)
    buildings = [(cells[int(i)], QUAD[int(rng.integers(4))]) for i in pick]
    return open_segs, blocked, buildings


def _seg_distance(p, a, b) -> float:
    """Distance from point ``p`` to the segment ``a``-``b`` (points (row, col))."""
    (py, px), (ay, ax), (by, bx) = p, a, b
    dy, dx = by - ay, bx - ax
    t = max(0.0, min(1.0, ((py - ay) * dy + (px - ax) * dx) / (dy * dy + dx * dx)))
    return math.hypot(py - (ay + t * dy), px - (ax + t * dx))


def building_centre(cell, quad) -> tuple[float, float]:
    return (cell[0] + (0.25 if quad[0] == "T" else 0.75), cell[1] + (0.25 if quad[1] == "L" else 0.75))

"""Spatial relations (S1 Card Rotations, S2 Cube Comparisons). See ``docs/visfactor.md#generators``."""
from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from .core import Item, canvas, font, generator, generations, labelled_row
from .gen_cube import ROT24

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


# ----------------------------------------------------------------------------- S1
def random_polygon(rng, n_lo: int = 4, n_hi: int = 8) -> list[tuple[float, float]]:
    """Asymmetric polygon: vertices at sorted random angles, radii U[0.5, 1.5], shortest
    edge >= 0.2 x mean radius, all edge lengths distinct (so no rotation equals a mirror)."""
    while True:
        n = int(rng.integers(n_lo, n_hi + 1))
        ang = np.sort(rng.uniform(0, 2 * math.pi, n))
        rad = rng.uniform(0.5, 1.5, n)
        pts = [(float(r * math.cos(a)), float(r * math.sin(a))) for a, r in zip(ang, rad)]
        lens = [math.dist(p, q) for p, q in zip(pts, pts[1:] + pts[:1])]
        if min(lens) < 0.2 * float(rad.mean()):
            continue
        sl = sorted(lens)
        if any(b - a < 0.05 for a, b in zip(sl, sl[1:])):
            continue
        gaps = np.diff(np.concatenate([ang, [ang[0] + 2 * math.pi]]))
        if gaps.max() > math.pi * 0.9:  # keep the centre inside (star-shaped, simple polygon)
            continue
        return pts


def transform(pts, mirror: bool, angle_deg: float):
    a = math.radians(angle_deg)
    out = []
    for x, y in pts:
        if mirror:
            x = -x
        out.append((x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)))
    return out


def poly_panel(pts, size=96, fill=(40, 40, 40)):
    img, d = canvas(size, size)
    s = size / 3.4
    d.polygon([(size / 2 + x * s, size / 2 - y * s) for x, y in pts], fill=fill)
    d.rectangle([0, 0, size - 1, size - 1], outline=(120, 120, 120))
    return img


@generator("S1")
def gen_s1(rng, difficulty: str) -> Item:
    base = random_polygon(rng)
    while True:
        mirrors = [bool(rng.random() < 0.5) for _ in range(8)]
        if 0 < sum(mirrors) < 8:
            break
    angles = [float(rng.uniform(0, 360)) for _ in range(8)]
    first = poly_panel(base)
    views = [poly_panel(transform(base, m, a)) for m, a in zip(mirrors, angles)]
    img = labelled_row([first] + views, ["first"] + [str(i + 1) for i in range(8)])
    gold = tuple("F" if m else "T" for m in mirrors)
    q = ("For each of the cards 1-8, is it the first card turned in the plane of the page (T), or has it been flipped "
         "over (F)?" + OUT + ' Give eight T/F values in order, e.g. {"answer": ["T", "F", "F", "T", "T", "F", "T", "F"]}.')
    return Item("S1", img, q, "rows", gold, tuple("12345678"),
                [(f"Is card {i + 1} the first card turned in the plane (not flipped)?", g) for i, g in enumerate(gold)], q,
                {"polygon": [[round(x, 4), round(y, 4)] for x, y in base], "mirrored": mirrors,
                 "angles": [round(a, 2) for a in angles]}, "8 x T/F")


# ----------------------------------------------------------------------------- S2
# [decision] W (= M upside down), Z (= N turned 90 degrees) and 1 (like I or a bar) are left
# out of the official pool: they make two different faces look alike.
S2_POOL = tuple("ABCDEFGHJKLMNPQRSTUVXY") + tuple("234567") + ("+", "-") + (
    "circle", "disc", "square", "block", "triangle", "delta")
SYMMETRY = {s: 4 for s in ("circle", "disc", "square", "block", "+")}
SYMMETRY.update({s: 2 for s in ("S", "H", "N", "X", "-")})
VISIBLE = ((0, 0, 1), (0, -1, 0), (1, 0, 0))  # top, front, right in the viewer's frame
AXES = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]


def sym_order(s: str) -> int:
    return SYMMETRY.get(s, 1)


def view_of(cube: dict, R) -> list:
    """Visible faces of ``cube`` (normal -> (symbol, up)) after rotation R."""
    out = []
    for n, (s, up) in cube.items():
        n2 = tuple(int(v) for v in R @ np.array(n))
        if n2 in VISIBLE:
            out.append((n2, s, tuple(int(v) for v in R @ np.array(up))))
    return sorted(out, key=lambda f: VISIBLE.index(f[0]))


def ups_equal(s, u, v) -> bool:
    o = sym_order(s)
    return o == 4 or u == v or (o == 2 and tuple(-x for x in u) == v)


def consistent(view1, view2) -> bool:
    """Can the two views show one cube? (some rotation makes every shared face agree and no
    symbol sits on two faces)."""
    sym1 = {s: (n, up) for n, s, up in view1}
    faces1 = {n: (s, up) for n, s, up in view1}
    for g in ROT24:
        ok = True
        for n, s, up in view2:
            n2 = tuple(int(v) for v in g @ np.array(n))
            up2 = tuple(int(v) for v in g @ np.array(up))
            if n2 in faces1:
                s1, u1 = faces1[n2]
                if s1 != s or not ups_equal(s, u1, up2):
                    ok = False
                    break
            elif s in sym1:
                ok = False
                break
        if ok:
            return True
    return False


def _symbol_tile(sym: str, size: int = 64) -> Image.Image:
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    m = size * 0.22
    box = [m, m, size - m, size - m]
    if sym in ("circle", "disc"):
        d.ellipse(box, outline="black", fill="black" if sym == "disc" else None, width=4)
    elif sym in ("square", "block"):
        d.rectangle(box, outline="black", fill="black" if sym == "block" else None, width=4)
    elif sym in ("triangle", "delta"):
        d.polygon([(size / 2, m), (size - m, size - m), (m, size - m)], outline="black",
                  fill="black" if sym == "delta" else None, width=4)
    elif sym == "-":
        d.rectangle([m, size / 2 - 4, size - m, size / 2 + 4], fill="black")
    elif sym == "+":
        d.rectangle([m, size / 2 - 4, size - m, size / 2 + 4], fill="black")
        d.rectangle([size / 2 - 4, m, size / 2 + 4, size - m], fill="black")
    else:
        d.text((size / 2, size / 2), sym, font=font(int(size * 0.62)), fill="black", anchor="mm")
    return tile


FACE_BASIS = {  # visible face -> (corner at tile top-left, tile-right 3-D dir, tile-up 3-D dir)
    (0, 0, 1): ((0, 1, 1), (1, 0, 0), (0, 1, 0)),
    (0, -1, 0): ((0, 0, 1), (1, 0, 0), (0, 0, 1)),
    (1, 0, 0): ((1, 0, 1), (0, 1, 0), (0, 0, 1)),
}


def draw_cube(view, C: int = 90) -> Image.Image:
    W, H = int(C * 1.9), int(C * 1.8)
    ox, oy = C * 0.2, C * 1.55

    def P(v):
        return (ox + C * (v[0] + 0.55 * v[1]), oy - C * (v[2] + 0.45 * v[1]))

    img = Image.new("RGBA", (W, H), "white")
    d = ImageDraw.Draw(img)
    for n, s, up in view:
        corner, right, upv = FACE_BASIS[n]
        k = [i for i in range(3) if n[i] != 0][0]
        quad = []
        for u, v in ((0, 0), (1, 0), (1, 1), (0, 1)):
            p = [0, 0, 0]
            p[k] = 1 if n[k] > 0 else 0
            ax = [i for i in range(3) if i != k]
            p[ax[0]], p[ax[1]] = u, v
            quad.append(P(p))
        d.polygon(quad, fill="white", outline="black", width=2)
        # rotate the symbol so that its top points along `up`
        rx, uy = np.dot(up, right), np.dot(up, upv)
        angle = {(0, 1): 0, (1, 0): -90, (0, -1): 180, (-1, 0): 90}[(int(rx), int(uy))]
        TS = 64
        tile = _symbol_tile(s, TS).rotate(angle)
        o = np.array(P(tuple(corner[i] - 0 for i in range(3))))  # tile top-left
        pr = np.array(P(tuple(corner[i] + right[i] for i in range(3)))) - o
        pd = np.array(P(tuple(corner[i] - upv[i] for i in range(3)))) - o
        M = np.column_stack([pr / TS, pd / TS])
        Mi = np.linalg.inv(M)
        a, b = Mi[0]
        c_, e = Mi[1]
        data = (a, b, -(a * o[0] + b * o[1]), c_, e, -(c_ * o[0] + e * o[1]))
        layer = tile.transform((W, H), Image.AFFINE, data, resample=Image.BICUBIC)
        img.alpha_composite(layer)
    return img.convert("RGB")


def _s2_lures(v1, v2) -> list:
    """Every one-change variant of ``v2`` that leaves what is countable unchanged: which symbols
    both views show and which of them sit on the same face. A change turns one shared symbol
    (never back to its look in ``v1`` when it sits on the same face there: that would be a
    difference seen without turning the cube) or swaps two shared symbols that are on the same
    face in neither view before or after."""
    faces1 = {s: (n, up) for n, s, up in v1}
    out = []
    for i, (n, s, up) in enumerate(v2):
        if s not in faces1 or sym_order(s) == 4:
            continue
        n1, up1 = faces1[s]
        for a in AXES:
            if np.dot(a, n) != 0 or ups_equal(s, up, a) or (n1 == n and ups_equal(s, up1, a)):
                continue
            w = list(v2)
            w[i] = (n, s, a)
            out.append(w)
    for i in range(3):
        for j in range(i + 1, 3):
            (ni, si, ui), (nj, sj, uj) = v2[i], v2[j]
            if si in faces1 and sj in faces1 and faces1[si][0] not in (ni, nj) and faces1[sj][0] not in (ni, nj):
                w = list(v2)
                w[i], w[j] = (ni, sj, ui), (nj, si, uj)
                out.append(w)
    return out


@generations("S2")
def _gen_s2(rng, difficulty: str, generation: int) -> Item:
    # [decision] same/different is drawn once, before any retry: redrawing it on every retry
    # (when only "different" items can be rejected) made "same" the key of ~60% of items.
    same = bool(rng.random() < 0.5)
    while True:
        syms = [S2_POOL[int(i)] for i in rng.choice(len(S2_POOL), 6, replace=False)]
        cube = {}
        for n, s in zip(AXES, syms):
            ups = [a for a in AXES if np.dot(a, n) == 0]
            cube[n] = (s, ups[int(rng.integers(4))])
        R1 = ROT24[int(rng.integers(24))]
        v1 = view_of(cube, R1)
        R2 = ROT24[int(rng.integers(24))]
        v2 = view_of(cube, R2)
        shared = {s for _, s, _ in v1} & {s for _, s, _ in v2}
        if v2 == v1 or not shared:
            continue
        if generation >= 2:
            # [decision] generation 2: the pair of views is drawn first and kept only if some
            # one-change variant of the second view fits no cube with the first; "different"
            # shows that variant. Both answers therefore come from the same pairs of views, and
            # the change keeps the shared symbols and their faces: version 1's change (and its
            # retries) made "different" pairs share more symbols, or share two on the same
            # face, which no pair of views of one cube does (trees 63-69%, chance 51%).
            lures = _s2_lures(v1, v2)
            lure = next((lures[int(i)] for i in rng.permutation(len(lures)) if not consistent(v1, lures[int(i)])), None)
            if lure is None:
                continue
            if not same:
                v2 = lure
        elif not same:
            v2 = list(v2)
            how = int(rng.integers(2))
            if how == 0:  # turn one symbol on its face
                i = int(rng.integers(3))
                n, s, up = v2[i]
                ups = [a for a in AXES if np.dot(a, n) == 0 and a != up]
                v2[i] = (n, s, ups[int(rng.integers(3))])
            else:  # swap two symbols
                i, j = (int(x) for x in rng.choice(3, 2, replace=False))
                (ni, si, ui), (nj, sj, uj) = v2[i], v2[j]
                v2[i], v2[j] = (ni, sj, ui), (nj, si, uj)
            if consistent(v1, v2):
                continue
        break
    img = labelled_row([draw_cube(v1), draw_cube(v2)], ["first", "second"])
    gold = "T" if same else "F"
    q = ("Can these two drawings show the same cube (turned differently)? Each face carries a different symbol." + OUT
         + ' Answer T (same cube possible) or F (different cubes), e.g. {"answer": "T"}.')

    def vj(v):
        return [[list(n), s, list(up)] for n, s, up in v]

    return Item("S2", img, q, "tf", gold, ("T", "F"), [], "",
                {"view1": vj(v1), "view2": vj(v2), "same": same}, "T/F")



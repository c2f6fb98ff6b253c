"""Visualization: VZ2 Paper Folding (VZ1 is in ``gen_vz1.py``, VZ3 in ``gen_cube.py``).

See ``docs/visfactor.md#generators`` (VZ1, VZ2, VZ3)."""
from __future__ import annotations

import math
from functools import lru_cache

from .core import LETTERS, Item, balanced_distractors, canvas, dashed_line, generations, labelled_row, mc_rows, stack

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


# The 3x3 sheet is tiled by 4 triangles per unit cell (cut by both diagonals). Every fold line
# of the official family is a union of tile edges, so a fold maps tiles to tiles; each tile
# has one "centre" point (0.2 from its cell edge) and reflections map centres to centres.
SIDES = ("B", "R", "T", "L")  # bottom (y small), right, top, left
CENTRE = {"B": (0.5, 0.2), "R": (0.8, 0.5), "T": (0.5, 0.8), "L": (0.2, 0.5)}


def tile_centre(t):
    i, j, s = t
    return (i + CENTRE[s][0], j + CENTRE[s][1])


def locate(p):
    x, y = p
    i, j = math.floor(x + 1e-9), math.floor(y + 1e-9)
    fx, fy = x - i, y - j
    if fy < fx and fy < 1 - fx:
        s = "B"
    elif fy > fx and fy > 1 - fx:
        s = "T"
    elif fx > 0.5:
        s = "R"
    else:
        s = "L"
    return (i, j, s)


def fold_lines():
    out = [("x", 1), ("x", 2), ("y", 1), ("y", 2)]
    out += [("d", c) for c in range(-2, 3)] + [("a", c) for c in range(1, 6)]
    return out


def reflect(p, line):
    x, y = p
    kind, c = line
    if kind == "x":
        return (2 * c - x, y)
    if kind == "y":
        return (x, 2 * c - y)
    if kind == "d":  # y = x + c
        return (y - c, x + c)
    return (c - y, c - x)  # "a": y = -x + c


def side(p, line) -> float:
    x, y = p
    kind, c = line
    return {"x": x - c, "y": y - c, "d": y - x - c, "a": y + x - c}[kind]


def tile_poly(t):
    i, j, s = t
    c = (i + 0.5, j + 0.5)
    corners = {"B": [(i, j), (i + 1, j)], "R": [(i + 1, j), (i + 1, j + 1)], "T": [(i + 1, j + 1), (i, j + 1)], "L": [(i, j + 1), (i, j)]}[s]
    return corners + [c]


SHEET = [(i, j, s) for i in range(3) for j in range(3) for s in SIDES]


def _draw_shape(tiles, moving, line, holes, S=36, pad=14, view=(-3, -3, 6, 6)):
    """Panel of a folded shape (tiles = set of positions). ``moving`` shaded; ``line`` dashed."""
    x0, y0, x1, y1 = view
    img, d = canvas((x1 - x0) * S + 2 * pad, (y1 - y0) * S + 2 * pad)

    def P(p):
        return (pad + (p[0] - x0) * S, pad + (y1 - p[1]) * S)

    # [decision] drawn in sorted order: a set of (int, int, str) tiles iterates in an order that
    # depends on the process's string hash seed, and overlapping fills made the pixels differ
    # between processes.
    tiles = sorted(set(tiles))
    for t in tiles:
        d.polygon([P(p) for p in tile_poly(t)], fill=(225, 225, 225) if t in moving else "white")
    for t in tiles:
        pts = tile_poly(t)
        for a, b in ((pts[0], pts[1]), (pts[1], pts[2]), (pts[2], pts[0])):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            c = tile_centre(t)
            across = locate((mid[0] + (mid[0] - c[0]) * 0.3, mid[1] + (mid[1] - c[1]) * 0.3))
            if across not in tiles:
                d.line([P(a), P(b)], fill="black", width=2)
    if line is not None:
        xs = [p[0] for t in tiles for p in tile_poly(t)]
        ys = [p[1] for t in tiles for p in tile_poly(t)]
        lo, hi = min(xs) - 0.4, max(xs) + 0.4
        kind, c = line
        if kind == "x":
            seg = [(c, min(ys) - 0.4), (c, max(ys) + 0.4)]
        elif kind == "y":
            seg = [(lo, c), (hi, c)]
        elif kind == "d":
            seg = [(lo, lo + c), (hi, hi + c)]
        else:
            seg = [(lo, c - lo), (hi, c - hi)]
        dashed_line(d, P(seg[0]), P(seg[1]), dash=7, fill=(0, 0, 200), width=2)
    for h in holes:
        cx, cy = P(tile_centre(h))
        r = max(4, S * 0.12)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill="white", outline="black", width=2)
    return img


MIRRORS = ("x", "y", "d", "a")  # the sheet's mirror lines: x = 1.5, y = 1.5, y = x, y = 3 - x
# how often the key (the unfolded sheet) is mirror-symmetric, measured over 600-1,500 items per
# difficulty (the folds and the retries decide it)
VZ2_KEY_SYMMETRIC = {"easy": 0.45, "normal": 0.48, "hard": 0.55}


VZ2_THIN_SMALLEST = 0.5


def mirror_tile(t, m: str):
    x, y = tile_centre(t)
    return locate({"x": (3 - x, y), "y": (x, 3 - y), "d": (y, x), "a": (3 - y, 3 - x)}[m])


def symmetric(holes) -> bool:
    """Is the hole pattern its own mirror image about one of the sheet's four mirror lines?"""
    hs = frozenset(holes)
    return any(frozenset(mirror_tile(t, m) for t in hs) == hs for m in MIRRORS)


def unfold_holes(state: dict, punched) -> frozenset:
    return frozenset(o for o, cur in state.items() if cur == punched)


def fold_sheet(rng, n_folds: int):
    """Fold the sheet ``n_folds`` times along random fold lines that split what is left, the
    smaller side (or a random one of two equal sides) moving: (state, folds, stages), or None
    when no line splits the folded sheet any more."""
    state = {t: t for t in SHEET}
    folds, stages = [], []
    lines = fold_lines()
    for _ in range(n_folds):
        cur = set(state.values())
        options = []
        for ln in lines:
            pos = {t for t in cur if side(tile_centre(t), ln) > 0}
            neg = cur - pos
            if pos and neg:
                options.append((ln, pos, neg))
        if not options:
            return None
        ln, pos, neg = options[int(rng.integers(len(options)))]
        if len(pos) != len(neg):
            moving_sign = 1 if len(pos) < len(neg) else -1
        else:
            moving_sign = 1 if rng.random() < 0.5 else -1
        moving = pos if moving_sign > 0 else neg
        stages.append((set(cur), set(moving), ln))
        state = {o: (locate(reflect(tile_centre(c), ln)) if c in moving else c) for o, c in state.items()}
        folds.append({"line": list(ln), "moved_side": moving_sign})
    return state, folds, stages


def hole_decoys(rng, state, final, punched, correct) -> list:
    """VZ2's pool of wrong sheets: the unfolded sheets of up to three other punch positions,
    the key with a hole added, dropped or moved, its mirror image, and the first two decoys
    with a hole added or dropped (None where a hole cannot be dropped)."""
    sheet = list(SHEET)
    pool: list = []
    others = [t for t in final if t != punched]
    for i in rng.permutation(len(others))[:3]:
        pool.append(unfold_holes(state, others[int(i)]))

    def add_one(hs):
        extra = [t for t in sheet if t not in hs]
        return frozenset(hs | {extra[int(rng.integers(len(extra)))]})

    def drop_one(hs):
        hl = sorted(hs)
        return frozenset(hs - {hl[int(rng.integers(len(hl)))]}) if len(hl) > 1 else None

    def move_one(hs):
        d = drop_one(hs)
        return None if d is None else add_one(d)

    pool += [add_one(correct), add_one(correct), drop_one(correct), move_one(correct), move_one(correct),
             frozenset(locate((3 - tile_centre(t)[0], tile_centre(t)[1])) for t in correct)]
    for dec in list(pool[:2]):
        pool += [add_one(dec), drop_one(dec)]
    return pool


VZ2_FOLDS = {"easy": (1, 1), "normal": (1, 3), "hard": (3, 5)}  # the fewest and most folds


def _fold_and_punch(rng, lo: int, hi: int):
    """The sheet folded lo-hi times (fold_sheet) and punched at a random tile of what is left:
    (state, folds, stages, final tiles, punched tile, unfolded holes), or None where fold_sheet
    found no fold."""
    folded = fold_sheet(rng, int(rng.integers(lo, hi + 1)))
    if folded is None:
        return None
    state, folds, stages = folded
    final = sorted(set(state.values()))
    punched = final[int(rng.integers(len(final)))]
    return state, folds, stages, final, punched, unfold_holes(state, punched)


def _new_sheets(pool, correct) -> list[frozenset]:
    """The distinct sheets of ``pool`` that have holes and are not the key, in order."""
    uniq: list[frozenset] = []
    for dset in pool:
        if dset is not None and dset and dset != correct and dset not in uniq:
            uniq.append(dset)
    return uniq


def _vz2_search_v1(rng, difficulty: str):
    """Generation 1: the key and wrong sheets built around it (hole_decoys)."""
    lo, hi = VZ2_FOLDS[difficulty]
    key_rank = int(rng.integers(5))  # the key's consensus rank, drawn once (balanced_distractors)
    for _ in range(200):
        fp = _fold_and_punch(rng, lo, hi)
        if fp is None:
            continue
        state, folds, stages, final, punched, correct = fp
        uniq = _new_sheets(hole_decoys(rng, state, final, punched, correct), correct)
        if len(uniq) < 4:
            continue
        uniq = [uniq[int(i)] for i in sorted(rng.permutation(len(uniq))[:12])]
        chosen = balanced_distractors(correct, uniq, rng, key_rank)
        if chosen is not None:
            return stages, final, punched, [uniq[i] for i in chosen] + [correct], folds
    raise RuntimeError("VZ2 generation failed")  # pragma: no cover


def _vz2_search_v2(rng, difficulty: str):
    """Generation 2: the key and wrong sheets built around it (hole_decoys, symmetric variants)."""
    lo, hi = VZ2_FOLDS[difficulty]
    key_rank = int(rng.integers(5))  # the key's consensus rank, drawn once (balanced_distractors)
    # [decision] the number of mirror-symmetric wrong sheets is drawn once per item, as if each
    # were symmetric as often as the key is (VZ2_KEY_SYMMETRIC), so a symmetric sheet is the key
    # as often as chance says. Version 1's wrong sheets (a hole added, dropped or moved) were
    # mostly asymmetric: "choose a symmetric sheet" was right in 28-29% of items (chance 20%).
    n_sym = int(rng.binomial(4, VZ2_KEY_SYMMETRIC[difficulty]))
    # one fold (easy): version 1's wrong sheets, which favoured neither symmetric nor small sheets
    hard_enough = difficulty != "easy"
    for attempt in range(1000):
        if attempt % 60 == 59:  # a count no folding reached in 60 tries (rare) is drawn again
            n_sym = int(rng.binomial(4, VZ2_KEY_SYMMETRIC[difficulty]))
        fp = _fold_and_punch(rng, lo, hi)
        if fp is None:
            continue
        state, folds, stages, final, punched, correct = fp
        # [decision] wrong options: the unfolded sheets of other punch positions (decoys), the
        # key with a hole added, dropped or moved, its mirror image, and decoys with a hole
        # added or dropped; four are chosen so that the key is not the option most like the
        # others (balanced_distractors). Built only around the key, the key was that option
        # in ~2/3 of items.
        sheet = list(SHEET)
        pool = hole_decoys(rng, state, final, punched, correct)
        # symmetric variants: a hole and its mirror image added, dropped or moved (so that symmetric
        # wrong sheets can be drawn as often as the key is symmetric)
        for base in [correct, *pool[:3]] if hard_enough else []:
            for m in MIRRORS:
                extra = [t for t in sheet if t not in base]
                h = extra[int(rng.integers(len(extra)))]
                pool.append(frozenset(base | {h, mirror_tile(h, m)}))
                hl = sorted(base)
                h = hl[int(rng.integers(len(hl)))]
                dropped = base - {h, mirror_tile(h, m)}
                pool.append(frozenset(dropped))
                extra = [t for t in sheet if t not in base]
                h = extra[int(rng.integers(len(extra)))]
                pool.append(frozenset(dropped | {h, mirror_tile(h, m)}))  # a pair moved
        uniq = _new_sheets(pool, correct)
        syms = [u for u in uniq if symmetric(u)]
        asyms = [u for u in uniq if not symmetric(u)]
        if hard_enough:
            uniq = [syms[int(i)] for i in rng.permutation(len(syms))[:6]] + [asyms[int(i)] for i in rng.permutation(len(asyms))[:6]]
        else:
            uniq = [uniq[int(i)] for i in sorted(rng.permutation(len(uniq))[:12])]
        if len(uniq) < 4:
            continue
        chosen = balanced_distractors(correct, uniq, rng, key_rank, marked=[symmetric(u) for u in uniq],
                                      n_marked=n_sym if hard_enough else None, jaccard=hard_enough)
        if chosen is None:
            continue
        pick = [uniq[i] for i in chosen]
        # [decision] sheets with fewer holes are more often wrong here (a symmetric sheet cannot
        # have one hole): an item whose key has the fewest holes is drawn again with probability
        # VZ2_THIN_SMALLEST, so that "the sheet with the fewest holes" is right about as often as
        # chance says
        if hard_enough and len(correct) <= min(len(p) for p in pick) and rng.random() < VZ2_THIN_SMALLEST:
            continue
        break
    else:  # pragma: no cover
        raise RuntimeError("VZ2 generation failed")
    return stages, final, punched, pick + [correct], folds


# --- generation 3: the options are the unfolded sheets of five foldings
@lru_cache(maxsize=None)
def _tile_side(t, line) -> bool:
    return side(tile_centre(t), line) > 0


@lru_cache(maxsize=None)
def _tile_reflect(t, line):
    return locate(reflect(tile_centre(t), line))


def _splits(cur, line):
    """The ways ``line`` folds the shape ``cur``: [(line, moved side)], the smaller side moving
    (either side when the two are equal); [] when the line does not split the shape."""
    pos = sum(1 for t in cur if _tile_side(t, line))
    neg = len(cur) - pos
    if not pos or not neg:
        return []
    return [(line, 1), (line, -1)] if pos == neg else [(line, 1 if pos < neg else -1)]


def apply_folds(seq):
    """Fold the sheet along ``seq`` [(line, moved side)]: (state, folds, stages) as fold_sheet
    gives, or None where a line does not split the folded sheet. The smaller side moves; a
    fold's own side is kept only where the two sides are equal."""
    state = {t: t for t in SHEET}
    folds, stages = [], []
    for ln, sign in seq:
        cur = set(state.values())
        ways = _splits(cur, ln)
        if not ways:
            return None
        if len(ways) == 1:
            sign = ways[0][1]
        moving = {t for t in cur if _tile_side(t, ln) == (sign > 0)}
        stages.append((cur, moving, ln))
        state = {o: (_tile_reflect(c, ln) if c in moving else c) for o, c in state.items()}
        folds.append({"line": list(ln), "moved_side": sign})
    return state, folds, stages


def _vz2_search_v3(rng, difficulty: str):
    """Generation 3: a hidden folding, five variants of it that each fold one line differently
    (another fold line, or the other side of an even fold), punched at the same position; one
    variant, drawn uniformly, is shown and its unfolded sheet is the key, the other four
    variants' unfolded sheets are the wrong sheets."""
    lo, hi = VZ2_FOLDS[difficulty]
    lines = fold_lines()
    for _ in range(1000):
        n_folds = int(rng.integers(lo, hi + 1))
        seq = []
        state = {t: t for t in SHEET}
        for _k in range(n_folds):
            ways = [w for ln in lines for w in _splits(set(state.values()), ln)]
            if not ways:
                break
            seq.append(ways[int(rng.integers(len(ways)))])
            state = apply_folds(seq)[0]
        if len(seq) < n_folds:
            continue
        stages = apply_folds(seq)[2]
        final = sorted(set(state.values()))
        punched = final[int(rng.integers(len(final)))]
        variants: list = []
        seen: set = set()
        for _t in range(80):
            i = int(rng.integers(n_folds))
            alts = [w for ln in lines for w in _splits(stages[i][0], ln) if w != seq[i]]
            if not alts:
                continue
            folded = apply_folds(seq[:i] + [alts[int(rng.integers(len(alts)))]] + seq[i + 1:])
            if folded is None or punched not in folded[0].values():
                continue
            holes = unfold_holes(folded[0], punched)
            if holes in seen:
                continue
            seen.add(holes)
            variants.append((folded, holes))
            if len(variants) == 5:
                break
        if len(variants) < 5:
            continue
        key = int(rng.integers(5))
        (kstate, kfolds, kstages), kholes = variants[key]
        wrong = [h for j, (_, h) in enumerate(variants) if j != key]
        return kstages, sorted(set(kstate.values())), punched, wrong + [kholes], kfolds
    raise RuntimeError("VZ2 generation failed")  # pragma: no cover


# Generation 3 (the current one): see _vz2_search_v3.
@generations("VZ2")
def _vz2(rng, difficulty: str, generation: int) -> Item:
    search = {1: _vz2_search_v1, 2: _vz2_search_v2, 3: _vz2_search_v3}[generation]
    stages, final, punched, opts, folds = search(rng, difficulty)
    order = [int(i) for i in rng.permutation(5)]
    opts = [opts[i] for i in order]
    gold = LETTERS[order.index(4)]
    pts = [p for cur, _, _ in stages for t in cur for p in tile_poly(t)] + [p for t in final for p in tile_poly(t)]
    view = (math.floor(min(p[0] for p in pts)) - 1, math.floor(min(p[1] for p in pts)) - 1,
            math.ceil(max(p[0] for p in pts)) + 1, math.ceil(max(p[1] for p in pts)) + 1)
    S = max(20, min(36, int(170 / max(view[2] - view[0], view[3] - view[1]))))
    panels = [_draw_shape(cur, mov, ln, [], S=S, view=view) for cur, mov, ln in stages]
    panels.append(_draw_shape(final, set(), None, [punched], S=S, view=view))
    top = labelled_row(panels, [f"fold {i + 1}" for i in range(len(stages))] + ["punched"], title="Folding")
    bottom = labelled_row([_draw_shape(SHEET, set(), None, sorted(o), S=36, view=(0, 0, 3, 3)) for o in opts],
                          list(LETTERS[:5]), title="Unfolded sheets")
    labels = tuple(LETTERS[:5])
    q = ("A square sheet of paper is folded as shown (each dashed line is a fold; the shaded part is folded over), "
         "and a hole is punched through all layers in the last picture. Which sheet (A, B, C, D or E) shows the holes after the "
         "paper is completely unfolded?" + OUT + ' Answer with one letter, e.g. {"answer": "B"}.')
    return Item("VZ2", stack([top, bottom]), q, "mc", gold, labels, mc_rows(labels, gold, "sheet"), "",
                {"folds": folds, "punch": list(tile_centre(punched)),
                 "options": [sorted([list(map(float, tile_centre(t))) for t in o]) for o in opts]}, "letter A-E")

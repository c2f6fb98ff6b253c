"""Memory: MA1 Picture-Number, MV1 Shape Memory, MV2 Building Memory, MV3 Map Memory.

No official generators exist for MV1-MV3 (MA1's is followed); designs follow
``docs/visfactor.md#generators``."""
from __future__ import annotations

import math

import numpy as np

from .core import Item, canvas, framed, generator, generations, labelled_row, stack, text_center
from .street_map import draw_map, random_map
from .gen_spatial import poly_panel, random_polygon, transform
from .icons import ICON_NAMES, draw_icon

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


# ----------------------------------------------------------------------------- MA1
COLORS = {"black": (0, 0, 0), "red": (200, 30, 30), "blue": (30, 60, 200), "green": (20, 140, 40)}


@generator("MA1")
def gen_ma1(rng, difficulty: str) -> Item:
    cap = {"easy": 21, "normal": 21, "hard": 50}[difficulty]
    cols = list(COLORS) if cap > len(ICON_NAMES) else ["black"]
    pics = [(ICON_NAMES[i % len(ICON_NAMES)], cols[i // len(ICON_NAMES)]) for i in range(len(ICON_NAMES) * len(cols))]
    pick = [pics[int(i)] for i in rng.choice(len(pics), cap, replace=False)]
    nums = [int(x) for x in rng.choice(np.arange(10, 100), cap, replace=False)]
    ncol = math.ceil(math.sqrt(cap))
    cw, ch = 118, 60
    page, d = canvas(ncol * cw + 10, math.ceil(cap / ncol) * ch + 10)
    for k, ((icon, col), num) in enumerate(zip(pick, nums)):
        x, y = 5 + (k % ncol) * cw, 5 + (k // ncol) * ch
        d.rectangle([x + 2, y + 2, x + cw - 4, y + ch - 4], outline=(160, 160, 160))
        draw_icon(d, icon, (x + 6, y + 6, ch - 14), color=COLORS[col])
        text_center(d, (x + 85, y + ch / 2), str(num), 22)
    qi = int(rng.integers(cap))
    qimg, d2 = canvas(90, 90)
    draw_icon(d2, pick[qi][0], (10, 10, 70), color=COLORS[pick[qi][1]])
    study = labelled_row([page], [""], title="Study page", label_h=2)
    img = labelled_row([framed(qimg)], [""], title="Which number was paired with this picture?", label_h=2)
    q = "Which number was paired with this picture on the study page?" + OUT + ' Answer with the number, e.g. {"answer": 42}.'
    return Item("MA1", img, q, "int", nums[qi], tuple(sorted(nums)), [], "",
                {"pictures": [list(p) for p in pick], "numbers": nums, "query": qi}, "number", study_image=study)


# ----------------------------------------------------------------------------- MV1
@generator("MV1")
def gen_mv1(rng, difficulty: str) -> Item:
    k = {"easy": 12, "normal": 14, "hard": 16}[difficulty]
    shapes = [random_polygon(rng) for _ in range(k)]
    studied = bool(rng.random() < 0.5)
    # [decision] a "new" test shape is the mirror image of a studied shape (turned at random), so
    # the "never flipped" rule is what is tested; it is drawn at the study size (it was 1.19x
    # larger, and an unrelated polygon).
    idx = int(rng.integers(k))
    ang = float(rng.uniform(0, 360))
    test = transform(shapes[idx], not studied, ang)
    ncol = 8
    rows = [labelled_row([poly_panel(s, 84) for s in shapes[i:i + ncol]], [""] * len(shapes[i:i + ncol]), label_h=2)
            for i in range(0, k, ncol)]
    study = stack(rows, sep=False)
    img = labelled_row([poly_panel(test, 84)], [""], title="Test shape", label_h=2)
    gold = "T" if studied else "F"
    q = ("Was the test shape on the study page (possibly turned in the plane)?" + OUT +
         ' Answer T or F, e.g. {"answer": "F"}.')
    return Item("MV1", img, q, "tf", gold, ("T", "F"), [], "",
                {"shapes": [[[round(x, 4), round(y, 4)] for x, y in s] for s in shapes],
                 "test": [[round(x, 4), round(y, 4)] for x, y in test], "studied_index": idx if studied else None,
                 "source_index": idx, "mirrored": not studied, "angle": round(ang, 2)}, "T/F", study_image=study)


# ----------------------------------------------------------------------------- MV2
BUILDING_NAMES = ("BANK", "SHOP", "CAFE", "GYM", "ZOO", "INN", "LAB", "FARM", "BAR", "MALL", "POOL", "PARK", "FORT", "MILL")


@generator("MV2")
def gen_mv2(rng, difficulty: str) -> Item:
    rows, cols, nb = {"easy": (5, 6, 8), "normal": (5, 6, 10), "hard": (6, 7, 12)}[difficulty]
    open_segs, blocked, buildings = random_map(rng, rows, cols, nb, p_block=0.0)
    names = [BUILDING_NAMES[int(i)] for i in rng.choice(len(BUILDING_NAMES), nb, replace=False)]
    study = draw_map(rows, cols, open_segs, [], buildings, cell=84, numbers=names, label_size=10)
    spot = int(rng.integers(nb))
    truth = bool(rng.random() < 0.5)
    asked = names[spot] if truth else names[[i for i in range(nb) if i != spot][int(rng.integers(nb - 1))]]
    test = draw_map(rows, cols, open_segs, [], buildings, cell=84, label_size=14,
                    numbers=["?" if i == spot else "" for i in range(nb)])
    study = labelled_row([study], ["study map"])
    img = labelled_row([test], ["test map"])
    gold = "T" if truth else "F"
    q = (f"In the test map, was the building marked ? the {asked} on the study map?" + OUT +
         ' Answer T or F, e.g. {"answer": "T"}.')
    return Item("MV2", img, q, "tf", gold, ("T", "F"), [], "",
                {"rows": rows, "cols": cols, "buildings": [[list(c), qd] for c, qd in buildings], "names": names,
                 "spot": spot, "asked": asked}, "T/F", study_image=study)


# ----------------------------------------------------------------------------- MV3
def _section(rng):
    segs, blocked, builds = random_map(rng, 3, 3, int(rng.integers(1, 3)), p_block=0.3)
    return sorted(segs), sorted(builds)


def _section_img(sec):
    segs, builds = sec
    return framed(draw_map(3, 3, [tuple(map(tuple, s)) for s in segs], [], [(tuple(c), q) for c, q in builds], cell=40,
                           pad=14, numbers=False))


def _mv3_change(rng, sec):
    """``sec`` with one thing moved, its counts kept: a street segment to a place without one
    (half the changes, where some place has a street and some has none), else a building to
    another free slot (quadrant of a cell no other building uses). Either move picks uniformly
    among its moves, and the move back is as likely, so a changed section is distributed like
    a drawn one: a section's chance depends on its counts only."""
    from .street_map import QUAD, grid_segments

    segs, builds = sec
    allseg = grid_segments(3, 3)
    absent = [e for e in allseg if e not in segs]
    if segs and absent and rng.random() < 0.5:
        gone = int(rng.integers(len(segs)))
        return sorted(segs[:gone] + segs[gone + 1:] + [absent[int(rng.integers(len(absent)))]]), builds
    i = int(rng.integers(len(builds)))
    others = {c for j, (c, _) in enumerate(builds) if j != i}
    slots = [((r, c), q) for r in range(2) for c in range(2) if (r, c) not in others for q in QUAD if ((r, c), q) != builds[i]]
    return segs, sorted([b for j, b in enumerate(builds) if j != i] + [slots[int(rng.integers(len(slots)))]])


@generations("MV3")
def _gen_mv3(rng, difficulty: str, generation: int) -> Item:
    k = {"easy": 4, "normal": 5, "hard": 6}[difficulty]
    secs = []
    while len(secs) < k:
        s = _section(rng)
        if s not in secs:
            secs.append(s)
    studied = bool(rng.random() < 0.5)
    if generation >= 2:
        # [decision] generation 2: the test is a studied section or a lure made from a studied
        # section (drawn the same way) by moving 3 (easy), 2 (normal) or 1 (hard) streets or
        # buildings, every count kept. Version 1's lures added or removed a street (hard) or
        # were new random sections, so their counts often matched no studied section (logistic
        # 78-80%, trees 81-83%, chance 54%).
        idx = int(rng.integers(k))
        test = secs[idx]
        while not studied:
            test = secs[idx]
            for _ in range({"easy": 3, "normal": 2, "hard": 1}[difficulty]):
                test = _mv3_change(rng, test)
            if test not in secs:
                break
    elif studied:
        test = secs[int(rng.integers(k))]
    else:
        while True:
            if difficulty == "hard":  # a near copy: one street segment added or removed
                base = secs[int(rng.integers(k))]
                from .street_map import grid_segments
                allseg = grid_segments(3, 3)
                e = allseg[int(rng.integers(len(allseg)))]
                segs = sorted(set(base[0]) ^ {e})
                test = (segs, base[1])
            else:
                test = _section(rng)
            if test not in secs:
                break
    study = labelled_row([_section_img(s) for s in secs], [str(i + 1) for i in range(k)], title="Study sections")
    img = labelled_row([_section_img(test)], [""], title="Test section", label_h=2)
    gold = "T" if studied else "F"
    q = "Is the test section exactly one of the study sections?" + OUT + ' Answer T or F, e.g. {"answer": "T"}.'

    def sj(s):
        return {"streets": [[list(a), list(b)] for a, b in s[0]], "buildings": [[list(c), q] for c, q in s[1]]}

    return Item("MV3", img, q, "tf", gold, ("T", "F"), [], "",
                {"sections": [sj(s) for s in secs], "test": sj(test)}, "T/F", study_image=study)



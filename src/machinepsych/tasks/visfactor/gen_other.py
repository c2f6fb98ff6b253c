"""Perceptual speed (P3), induction (I3) and reasoning (RL2); the memory subtests are in ``gen_memory.py``.

No official generators exist for these; designs follow ``docs/visfactor.md#generators``."""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from .core import (LETTERS, Item, balanced_distractors, canvas, dashed_line, draw_edges, edges_json, framed, generator, generations,
                   labelled_row, lattice_edges, mc_rows, norm_edge, stack)

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


# ----------------------------------------------------------------------------- P3
def _mirror(edges, n):
    return {norm_edge((a[0], n - 1 - a[1]), (b[0], n - 1 - b[1])) for a, b in edges}


def _rot180(edges, n):
    return {norm_edge((n - 1 - a[0], n - 1 - a[1]), (n - 1 - b[0], n - 1 - b[1])) for a, b in edges}


def _p3_change(rng, base, kind: str, allE: list, n: int):
    """``base`` with one change: a line removed, added or moved to a line sharing a point with
    it; its mirror image or half turn. None where no line can move."""
    bl, rest = sorted(base), [e for e in allE if e not in base]
    if kind == "remove":
        return base - {bl[int(rng.integers(len(bl)))]}
    if kind == "add":
        return base | {rest[int(rng.integers(len(rest)))]}
    if kind in ("move", "move2"):
        e = bl[int(rng.integers(len(bl)))]
        near = [f for f in rest if set(f) & set(e)]
        return None if not near else (base - {e}) | {near[int(rng.integers(len(near)))]}
    return _mirror(base, n) if kind == "mirror" else _rot180(base, n)


def _p3_balanced(rng, difficulty: str, kinds: list, allE: list, n: int, k: int, generation: int):
    """Generations 1 and 2: the target and four wrong pictures chosen from its change variants so
    that the target's consensus rank is a rank drawn first (balanced_distractors). Generation 2
    never redraws the rank, compares by Jaccard distance, and at hard difficulty grows two- and
    three-change variants; generation 1 redrew the rank every 30 targets (when no pool of the
    difficulty reached it) and had one- and two-change variants only."""
    # [decision] generation 1: the wrong pictures are one change away from the target (line
    # removed, added, moved; mirror image or half turn) or two changes away, and four are chosen
    # so that the target is not the picture most like the others (balanced_distractors): built
    # only as single changes of the target, the target was that picture in ~93% of items.
    def change(base, kind):
        return _p3_change(rng, base, kind, allE, n)

    key_rank = int(rng.integers(5))  # the key's consensus rank, drawn once (balanced_distractors)
    deep = generation == 2 and difficulty == "hard"
    n_children = 2 if deep else 1
    tries = 0
    while True:
        tries += 1
        if generation == 1 and tries % 30 == 0:  # generation 1: a rank no pool reaches in 30 targets is drawn again
            key_rank = int(rng.integers(5))
        target = {allE[int(i)] for i in rng.choice(len(allE), k, replace=False)}
        pool: list[frozenset] = []
        for kind in rng.permutation(kinds):
            v = change(target, str(kind))
            if v is not None:
                pool.append(frozenset(v))
                for _ in range(n_children):
                    w = change(v, str(kinds[int(rng.integers(4))]))
                    if w is not None:
                        pool.append(frozenset(w))
                        if deep:
                            x = change(w, str(kinds[int(rng.integers(4))]))
                            if x is not None:
                                pool.append(frozenset(x))
        uniq: list[frozenset] = []
        for v in pool:
            if v != target and v not in uniq:
                uniq.append(v)
        if len(uniq) < 4:
            continue
        uniq = [uniq[int(i)] for i in sorted(rng.permutation(len(uniq))[:12])]
        chosen = balanced_distractors(frozenset(target), uniq, rng, key_rank, jaccard=generation == 2)
        if chosen is not None:
            variants = [set(uniq[i]) for i in chosen]
            break
    opts = variants + [target]
    order = [int(i) for i in rng.permutation(5)]
    return [opts[i] for i in order], order.index(4)


def _p3_family(rng, kinds: list, allE: list, n: int, k: int):
    """Generation 3: five distinct pictures grown as one family (a random recursive tree: each
    new picture is one change of a picture already drawn), in random order, then the key drawn
    uniformly among them."""
    while True:
        opts = [frozenset(allE[int(i)] for i in rng.choice(len(allE), k, replace=False))]
        for _ in range(200):
            parent = opts[int(rng.integers(len(opts)))]
            v = _p3_change(rng, parent, str(kinds[int(rng.integers(len(kinds)))]), allE, n)
            if v and frozenset(v) not in opts:
                opts.append(frozenset(v))
                if len(opts) == 5:
                    order = [int(i) for i in rng.permutation(5)]
                    return [set(opts[i]) for i in order], int(rng.integers(5))


@generations("P3")
def _p3(rng, difficulty: str, generation: int) -> Item:
    n = {"easy": 4, "normal": 4, "hard": 5}[difficulty]
    allE = lattice_edges(n, n)
    k = {"easy": 7, "normal": 9, "hard": 12}[difficulty]
    kinds = ["remove", "add", "move", "move2"] + ([] if difficulty == "hard" else ["mirror", "rot180"])
    # [decision] generation 3: the five pictures are built as one set first (each one change --
    # a line removed, added or moved; mirror image or half turn -- of another picture of the set)
    # and the key is drawn uniformly among them, the target being a copy of it. So no property of
    # the options alone (line counts, which picture is most like the others or central in the
    # set, symmetry) tells the key: P(key | options) = 1/5 by construction, and the key still has
    # a picture one change away (its parent or a child in the family). Generation 2 built the
    # wrong pictures as one- to three-change variants of the target and balanced the target's
    # consensus rank (balanced_distractors): the target stayed the centre of the set (median
    # line count, most similar to the others) and a learned solver found it in 70-75% of items.
    if generation < 3:
        opts, key = _p3_balanced(rng, difficulty, kinds, allE, n, k, generation)
    else:
        opts, key = _p3_family(rng, kinds, allE, n, k)
    target, gold = opts[key], LETTERS[key]
    cell = 30
    panels = [framed(draw_edges(o, n, n, cell=cell)) for o in opts]
    img = labelled_row([framed(draw_edges(target, n, n, cell=cell), width=3)] + panels, ["target"] + list(LETTERS[:5]))
    labels = tuple(LETTERS[:5])
    q = ("Which picture (A, B, C, D or E) is exactly the same as the target picture on the left?" + OUT +
         ' Answer with one letter, e.g. {"answer": "A"}.')
    return Item("P3", img, q, "mc", gold, labels, mc_rows(labels, gold, "picture"), "",
                {"grid": n, "target": edges_json(target), "options": [edges_json(o) for o in opts]}, "letter A-E")


# ----------------------------------------------------------------------------- I3
# generation 1 drew every attribute at random, so overall similarity to a group's examples found the
# group (the rule adds one match per own example: 85-93% of test figures); generation 2 has three values
# of fill, size and mark, a border and a tilt, and gives every group a lure (see _i3_groups_v2);
# generation 3 has seven attributes of three values or more (a dotted border, the outline's colour and
# a line under the figure added) and gives each group a lure per other group (see _i3_groups_v3)
I3_VALUES = {"sides": (3, 4, 5, 6), "fill": ("hollow", "filled"), "size": ("small", "large"), "mark": ("none", "dot")}
I3_VALUES_2 = {"sides": (3, 4, 5, 6), "fill": ("hollow", "striped", "filled"), "size": ("small", "medium", "large"),
               "mark": ("none", "dot", "cross"), "border": ("solid", "dashed"), "tilt": ("upright", "turned")}
I3_VALUES_3 = {**I3_VALUES_2, "border": ("solid", "dashed", "dotted"), "colour": ("black", "red", "blue"),
               "underline": ("none", "single", "double")}
_I3_COLOUR = {"black": (0, 0, 0), "red": (205, 30, 30), "blue": (30, 60, 215)}
_I3_RADIUS = {"small": 0.22, "large": 0.4}
_I3_RADIUS_2 = {"small": 0.23, "medium": 0.32, "large": 0.42}


def _fig(rng, feat: dict, box: int = 64):
    """One figure; with a ``tilt`` (generation 2) its pose is fixed (upright: a side at the bottom;
    turned: a corner at the bottom), otherwise it is turned at random."""
    img, d = canvas(box, box + 12 if "underline" in feat else box)  # generation 3: room for the line under it
    n, c = feat["sides"], box / 2
    r = box * (_I3_RADIUS if "tilt" not in feat else _I3_RADIUS_2)[feat["size"]]
    if "tilt" not in feat:
        rot = float(rng.uniform(0, 2 * math.pi))
    else:
        rot = math.pi / 2 + (math.pi / n if feat["tilt"] == "upright" else 0.0)
    pts = [(c + r * math.cos(rot + 2 * math.pi * i / n), c + r * math.sin(rot + 2 * math.pi * i / n)) for i in range(n)]
    if "tilt" not in feat:
        d.polygon(pts, outline="black", fill=(60, 60, 60) if feat["fill"] == "filled" else None, width=3)
    else:
        d.polygon(pts, fill=(90, 90, 90) if feat["fill"] == "filled" else None)
        if feat["fill"] == "striped":
            mask = Image.new("L", (box, box), 0)
            md = ImageDraw.Draw(mask)
            md.polygon(pts, fill=255)
            stripes, sd = canvas(box, box)
            for x in range(-box, box, 7):
                sd.line([(x, box), (x + box, 0)], fill="black", width=2)
            img.paste(stripes, (0, 0), mask)
        dashed = feat["border"] != "solid"
        ink = _I3_COLOUR[feat.get("colour", "black")]
        for p, q in zip(pts, pts[1:] + pts[:1]):
            d.line([p, q], fill="white" if dashed else ink, width=5 if dashed else 3)
        if feat["border"] == "dashed":  # white gaps (they cut the fill back from the border too)
            for p, q in zip(pts, pts[1:] + pts[:1]):
                dashed_line(d, p, q, dash=5, fill=ink, width=3)
        elif dashed:  # dotted: round dots about 5 px apart
            for p, q in zip(pts, pts[1:] + pts[:1]):
                n = max(2, round(math.dist(p, q) / 5))
                for i in range(n):
                    x, y = p[0] + (q[0] - p[0]) * i / n, p[1] + (q[1] - p[1]) * i / n
                    d.ellipse([x - 1.8, y - 1.8, x + 1.8, y + 1.8], fill=ink)
        for p in pts:  # corners stay in the outline's ink, so the outline reads as one figure
            d.ellipse([p[0] - 1.5, p[1] - 1.5, p[0] + 1.5, p[1] + 1.5], fill=ink)
        lines = {"none": (), "single": (box + 4,), "double": (box + 1, box + 7)}[feat.get("underline", "none")]
        for y in lines:
            d.line([(c - 14, y), (c + 14, y)], fill="black", width=3)
    col = "white" if feat["fill"] == "filled" else "black"
    # the cross is upright (+), across the stripes; on stripes the mark gets a thin white outline
    for e, fill in ([(1.5, "white")] if feat["fill"] == "striped" else []) + [(0, col)]:
        if feat["mark"] == "dot":
            d.ellipse([c - 4 - e, c - 4 - e, c + 4 + e, c + 4 + e], fill=fill)
        elif feat["mark"] == "cross":
            w = 3 + int(2 * e)
            d.line([(c - 6 - e, c), (c + 6 + e, c)], fill=fill, width=w)
            d.line([(c, c - 6 - e), (c, c + 6 + e)], fill=fill, width=w)
    return framed(img, (170, 170, 170))


def separates(figs_by_group, feature) -> bool:
    vals = [{f[feature] for f in g} for g in figs_by_group]
    return all(len(v) == 1 for v in vals) and len({next(iter(v)) for v in vals}) == len(vals)


def defines(figs_by_group, feature) -> bool:
    """Whether some group's examples all share a value of ``feature`` that no other group's example has
    (a second property of that group that the other groups do not have)."""
    for gi, grp in enumerate(figs_by_group):
        vals = {f[feature] for f in grp}
        if len(vals) == 1 and not any(f[feature] in vals for o, g in enumerate(figs_by_group) if o != gi for f in g):
            return True
    return False


def _i3_groups_v1(rng, g: int, rule: str, group_vals: list):
    def rand_feat(v):
        f = {k: vs[int(rng.integers(len(vs)))] for k, vs in I3_VALUES.items()}
        f[rule] = v
        return f

    while True:
        groups = [[rand_feat(v) for _ in range(3)] for v in group_vals]
        if [k for k in I3_VALUES if separates(groups, k)] == [rule]:
            break
    test_groups = [int(rng.integers(g)) for _ in range(8)]
    return groups, test_groups, [rand_feat(group_vals[t]) for t in test_groups]


def _i3_groups_v2(rng, g: int, rule: str, group_vals: list):
    """Every group h has a lure: a three-valued attribute L_h whose value x_h all its examples share;
    the other groups' examples show all three values of L_h (one each, in random order), so x_h is no
    property that the other groups lack. A test figure of group g has its rule value, the lure values
    x_h of every other group and another value than x_g of L_g; the rest at random. Each group then
    shares exactly one of its two common properties with every test figure (the own group the rule,
    the others their lure), and the number of attributes a test figure shares with each example is
    one plus one example per other lure attribute plus the random attributes, alike for every group:
    only which common property is the others' (the rule) tells the group."""
    three = [k for k, vs in I3_VALUES_2.items() if len(vs) == 3 and k != rule]
    lures = [three[int(i)] for i in rng.choice(len(three), g, replace=False)]
    lure_vals = [I3_VALUES_2[k][int(rng.integers(3))] for k in lures]
    free = [k for k in I3_VALUES_2 if k != rule and k not in lures]
    while True:
        groups = []
        for h, v in enumerate(group_vals):
            grp = [{rule: v} for _ in range(3)]
            for k, (lk, lx) in enumerate(zip(lures, lure_vals)):
                vals = [lx] * 3 if k == h else [I3_VALUES_2[lk][int(i)] for i in rng.permutation(3)]
                for f, x in zip(grp, vals):
                    f[lk] = x
            for f in grp:
                for k in free:
                    f[k] = I3_VALUES_2[k][int(rng.integers(len(I3_VALUES_2[k])))]
            groups.append([{k: f[k] for k in I3_VALUES_2} for f in grp])
        if not any(defines(groups, k) or separates(groups, k) for k in free):
            break
    test_groups = [int(rng.integers(g)) for _ in range(8)]
    tests = []
    for t in test_groups:
        f = {rule: group_vals[t]}
        for k, (lk, lx) in enumerate(zip(lures, lure_vals)):
            others = [x for x in I3_VALUES_2[lk] if x != lx]
            f[lk] = lx if k != t else others[int(rng.integers(2))]
        for k in free:
            f[k] = I3_VALUES_2[k][int(rng.integers(len(I3_VALUES_2[k])))]
        tests.append({k: f[k] for k in I3_VALUES_2})
    return groups, test_groups, tests, lures, lure_vals


def _i3_groups_v3(rng, g: int, rule: str, group_vals: list):
    """Each group has g - 1 lures: values its three examples share on an attribute of three values
    or more where every other group's examples show three values, one each. Lure i of group h is
    held by every test figure of group h + i (mod g) and by no other: the test figures of each
    other group take a value of their own on it (one of the shown values). So a test figure has
    exactly one of each group's shared values (the own group's rule, one lure of each other group),
    as in generation 2, and every value a test figure holds on the rule and the lure attributes is
    held by exactly the test figures of its group: how many test figures hold a value is a group's
    size, alike for the rule and the lures (generation 2 gave a test figure every other group's
    lure, so a lure was held by most test figures and the rule by few: issue 30's second hunt).
    Relabelling the groups by any permutation keeps this structure; only the attribute every
    group holds constant, a value each (the rule), tells the groups apart. The other attributes
    are drawn at random for every figure."""
    many = [k for k, vs in I3_VALUES_3.items() if len(vs) >= 3 and k != rule]
    attrs = [many[int(i)] for i in rng.permutation(len(many))][:g * (g - 1)]
    free = [k for k in I3_VALUES_3 if k != rule and k not in attrs]
    lures = []  # (attribute, shared value, owner group, {test figure group: its value})
    for i, k in enumerate(attrs):
        owner, holder = i % g, (i % g + 1 + i // g) % g
        vals = list(I3_VALUES_3[k])
        shown = [vals[int(j)] for j in rng.choice(len(vals), 3, replace=False)]  # sides: three of four
        x, rest = shown[0], shown[1:]
        others = [h for h in range(g) if h != holder]
        held = {holder: x, **{h: rest[int(j)] for h, j in zip(others, rng.permutation(len(rest)))}}
        lures.append((k, x, owner, shown, held))

    def random_free(f):
        for k in free:
            f[k] = I3_VALUES_3[k][int(rng.integers(len(I3_VALUES_3[k])))]
        return f

    while True:
        groups = []
        for h, v in enumerate(group_vals):
            grp = [{rule: v} for _ in range(3)]
            for k, x, owner, shown, _ in lures:
                vals = [x] * 3 if owner == h else [shown[int(j)] for j in rng.permutation(3)]
                for f, val in zip(grp, vals):
                    f[k] = val
            groups.append([{k: random_free(f)[k] for k in I3_VALUES_3} for f in grp])
        if not any(defines(groups, k) or separates(groups, k) for k in free):
            break
    test_groups = [int(rng.integers(g)) for _ in range(8)]
    tests = []
    for t in test_groups:
        f = random_free({rule: group_vals[t], **{k: held[t] for k, _, _, _, held in lures}})
        tests.append({k: f[k] for k in I3_VALUES_3})
    return groups, test_groups, tests, [k for k, *_ in lures], [x for _, x, *_ in lures]


@generations("I3")
def _i3(rng, difficulty: str, generation: int) -> Item:
    g = {"easy": 2, "normal": int(rng.integers(2, 4)), "hard": 3}[difficulty]
    values = {1: I3_VALUES, 2: I3_VALUES_2}.get(generation, I3_VALUES_3)
    # three groups need a rule of three values or more; generation 2 also needed three three-valued
    # lure attributes besides the rule, so its rule was always the sides
    if g == 3:
        feats = ["sides"] if generation <= 2 else [k for k, vs in values.items() if len(vs) >= 3]
    else:
        feats = list(values)
    rule = feats[int(rng.integers(len(feats)))]
    vals = list(values[rule])
    group_vals = [vals[int(i)] for i in rng.choice(len(vals), g, replace=False)]
    extra = {}
    if generation == 1:
        groups, test_groups, tests = _i3_groups_v1(rng, g, rule, group_vals)
    else:
        make = _i3_groups_v2 if generation == 2 else _i3_groups_v3
        groups, test_groups, tests, lures, lure_vals = make(rng, g, rule, group_vals)
        extra = {"lures": lures, "lure_values": lure_vals}
    rows = []
    for gi, grp in enumerate(groups):
        rows.append(labelled_row([_fig(rng, f) for f in grp], ["", "", ""], title=f"Group {gi + 1}", label_h=4))
    rows.append(labelled_row([_fig(rng, f) for f in tests], [str(i + 1) for i in range(8)], title="Test figures"))
    img = stack(rows)
    gold = tuple(t + 1 for t in test_groups)
    q = (f"The figures of each group share a property that the other group{'s do' if g > 2 else ' does'} not have. "
         f"To which group (1-{g}) does each test figure 1-8 belong?" + OUT +
         ' Give eight group numbers in order, e.g. {"answer": [1, 2, 2, 1, 1, 2, 1, 2]}.')
    split_rows = [(f"Does test figure {i + 1} belong to group {gi + 1}?", "T" if test_groups[i] == gi else "F")
                  for i in range(8) for gi in range(g)]
    return Item("I3", img, q, "groups", gold, tuple(range(1, g + 1)), split_rows, "",
                {"rule": rule, "group_values": group_vals, "examples": groups, "tests": tests, **extra},
                "8 group numbers")


# ----------------------------------------------------------------------------- RL2
# Unlabelled Euler diagrams: circles (cx, cy, r) on a 0..100 canvas.
DIAGRAMS = {
    "all_disjoint": [(20, 50, 15), (50, 50, 15), (80, 50, 15)],
    "one_contains_two_disjoint": [(50, 50, 44), (32, 52, 14), (68, 52, 14)],
    "nested": [(50, 50, 44), (50, 56, 28), (50, 62, 12)],
    "contains_and_separate": [(35, 50, 30), (35, 56, 13), (83, 50, 13)],
    "one_contains_two_overlapping": [(50, 50, 44), (38, 52, 18), (62, 52, 18)],
    "overlap_and_separate": [(25, 50, 18), (47, 50, 18), (84, 50, 12)],
}
LEXICON = {
    "all_disjoint": [("cats", "dogs", "birds"), ("chairs", "apples", "rivers"), ("tables", "clouds", "fish"),
                     ("circles", "squares", "triangles")],
    "one_contains_two_disjoint": [("animals", "cats", "dogs"), ("furniture", "chairs", "tables"),
                                  ("vehicles", "cars", "bicycles"), ("fruit", "apples", "bananas")],
    "nested": [("animals", "mammals", "cats"), ("living things", "plants", "trees"), ("vehicles", "cars", "taxis"),
               ("food", "fruit", "apples")],
    "contains_and_separate": [("fruit", "apples", "chairs"), ("animals", "dogs", "cars"), ("tools", "hammers", "clouds"),
                              ("birds", "eagles", "tables")],
    "one_contains_two_overlapping": [("people", "women", "doctors"), ("animals", "pets", "dogs"),
                                     ("people", "students", "athletes"), ("numbers", "even numbers", "multiples of three")],
    "overlap_and_separate": [("women", "doctors", "rivers"), ("students", "athletes", "rocks"),
                             ("dogs", "pets", "clouds"), ("even numbers", "multiples of three", "cars")],
}


@generator("RL2")
def gen_rl2(rng, difficulty: str) -> Item:
    kinds = list(DIAGRAMS)
    t = kinds[int(rng.integers(len(kinds)))]
    triple = list(LEXICON[t][int(rng.integers(len(LEXICON[t])))])
    rng.shuffle(triple)
    match = bool(rng.random() < 0.5)
    dk = t if match else [k for k in kinds if k != t][int(rng.integers(len(kinds) - 1))]
    img, d = canvas(260, 260)
    for cx, cy, r in DIAGRAMS[dk]:
        s = 2.4
        d.ellipse([15 + (cx - r) * s, 10 + (cy - r) * s, 15 + (cx + r) * s, 10 + (cy + r) * s], outline="black", width=3)
    q = (f"Classes: {triple[0]}, {triple[1]}, {triple[2]}. Does the circle diagram show the relations among these three "
         "classes (each circle standing for one of them)?" + OUT + ' Answer T or F, e.g. {"answer": "F"}.')
    return Item("RL2", img, q, "tf", "T" if match else "F", ("T", "F"), [], "",
                {"classes": triple, "relation_type": t, "diagram": dk, "circles": [list(c) for c in DIAGRAMS[dk]]}, "T/F")

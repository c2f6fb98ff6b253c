"""Visualization: VZ3 Surface Development (a cube net folded up).

Generation 1 drew X on top and O in front and asked any numbered edge, so where the key lay relative
to the marks followed from the net without folding (an edge of the X square lies on the X face, an
edge of a square next to X never does; boosted trees 29% against 11% chance). Generation 2 (current)
asks only edges of squares neither marked nor next to a mark, draws X and O on any two visible faces,
draws the key's place relative to the marks first and uniformly (``ROLES``), and numbers exactly 4
edges. See ``docs/visfactor.md#generators`` (VZ3)."""
from __future__ import annotations

import functools
import itertools
import math

import numpy as np

from .core import LETTERS, Item, canvas, generations, labelled_row, text_center

OUT = ' Respond with the answer as a JSON object {"answer": ...}.'


# ----------------------------------------------------------------------------- VZ3
def _hmat(R, t):
    M = np.eye(4, dtype=int)
    M[:3, :3] = R
    M[:3, 3] = t
    return M


FOLD = {  # child direction -> F(edge coordinate e) as 4x4 (see module notes)
    (1, 0): lambda e: _hmat([[0, 0, -1], [0, 1, 0], [1, 0, 0]], [e, 0, -e]),
    (-1, 0): lambda e: _hmat([[0, 0, 1], [0, 1, 0], [-1, 0, 0]], [e, 0, e]),
    (0, 1): lambda e: _hmat([[1, 0, 0], [0, 0, -1], [0, 1, 0]], [0, e, -e]),
    (0, -1): lambda e: _hmat([[1, 0, 0], [0, 0, 1], [0, -1, 0]], [0, e, e]),
}


def fold_net(squares):
    """Map each net square (i, j) to a 4x4 transform net -> cube [0,1]^3, or None if the
    squares do not fold into a cube."""
    sq = set(squares)
    root = squares[0]
    T = {root: _hmat(np.eye(3, dtype=int), [-root[0], -root[1], 0])}
    todo = [root]
    while todo:
        s = todo.pop()
        for (di, dj), F in FOLD.items():
            c = (s[0] + di, s[1] + dj)
            if c in sq and c not in T:
                e = s[0] + 1 if di == 1 else s[0] if di == -1 else s[1] + 1 if dj == 1 else s[1]
                T[c] = T[s] @ F(e)
                todo.append(c)
    normals = {s: tuple(int(v) for v in -(M[:3, :3] @ np.array([0, 0, 1]))) for s, M in T.items()}
    if len(set(normals.values())) != 6:
        return None, None
    return T, normals


def _apply(M, p):
    return tuple(int(round(v)) for v in (M @ np.array([p[0], p[1], 0, 1]))[:3])


def rotations24():
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            R = np.zeros((3, 3), dtype=int)
            for r, (c, s) in enumerate(zip(perm, signs)):
                R[r, c] = s
            if round(np.linalg.det(R)) == 1:
                out.append(R)
    return out


ROT24 = rotations24()
SQ_SIDES = {"E": ((1, 0), (1, 1)), "W": ((0, 0), (0, 1)), "S": ((0, 1), (1, 1)), "N": ((0, 0), (1, 0))}
SIDE_DIR = {"E": (1, 0), "W": (-1, 0), "S": (0, 1), "N": (0, -1)}
FACE_OF = {(0, 0, 1): "top", (0, -1, 0): "front", (1, 0, 0): "right", (0, 0, -1): "bottom", (0, 1, 0): "back", (-1, 0, 0): "left"}
DRAWN = {"top": (0, 0, 1), "front": (0, -1, 0), "right": (1, 0, 0)}  # the three faces the cube drawing shows
FACE_CENTRE = {"top": (0.5, 0.5, 1), "front": (0.5, 0, 0.5), "right": (1, 0.5, 0.5)}
PLACEMENTS = tuple(itertools.permutations(DRAWN))  # (face drawn with X, with O, unmarked)
# generation 2: the key's place relative to the marks (X, O, the third drawn face V and their opposites X', O', V');
# X-O is never a key (it lies only on the marked faces, which are never asked)
ROLES = tuple(frozenset(r) for r in (("X", "O'"), ("O", "X'"), ("V", "O'"), ("V", "X'"),
                                      ("V", "X"), ("V", "O"), ("X", "V'"), ("O", "V'")))


def _grow_net(rng):
    """A random cube net, grown square by square (redrawn until it folds); squares from (0, 0)."""
    while True:
        squares = [(0, 0)]
        while len(squares) < 6:
            s = squares[int(rng.integers(len(squares)))]
            d = list(SIDE_DIR.values())[int(rng.integers(4))]
            c = (s[0] + d[0], s[1] + d[1])
            if c not in squares:
                squares.append(c)
        mi, mj = min(s[0] for s in squares), min(s[1] for s in squares)
        if _folds(tuple(sorted((s[0] - mi, s[1] - mj) for s in squares))):
            return [(s[0] - mi, s[1] - mj) for s in squares]


@functools.lru_cache(maxsize=None)
def _folds(squares: tuple) -> bool:
    return fold_net(list(squares))[0] is not None


def _edge_faces(e, normals):
    """The net squares whose folded faces hold both ends of cube edge ``e``."""
    out = []
    for s, n in normals.items():
        k = next(i for i in range(3) if n[i])
        if all(v[k] == (1 if n[k] > 0 else 0) for v in e):
            out.append(s)
    return out


@functools.lru_cache(maxsize=None)
def _net_facts(squares: tuple):
    """Folding, net neighbours, net distances and cut edges (square, side, squares of its cube edge) of one net."""
    T, normals = fold_net(list(squares))
    nb = {s: [c for c in ((s[0] + d[0], s[1] + d[1]) for d in SIDE_DIR.values()) if c in squares] for s in squares}
    dist = {}
    for s in squares:
        dist[s], todo = {s: 0}, [s]
        for t in todo:
            for c in nb[t]:
                if c not in dist[s]:
                    dist[s][c] = dist[s][t] + 1
                    todo.append(c)
    cuts = []
    for s in squares:
        for side, (p, q) in SQ_SIDES.items():
            if (s[0] + SIDE_DIR[side][0], s[1] + SIDE_DIR[side][1]) not in squares:
                e = [_apply(T[s], (s[0] + pp[0], s[1] + pp[1])) for pp in (p, q)]
                cuts.append((s, side, tuple(_edge_faces(e, normals))))
    pairs = [(a, b) for a in squares for b in squares if a != b and int(np.dot(normals[a], normals[b])) == 0]
    return T, normals, nb, dist, cuts, pairs


def _pose_v2(rng):
    """Generation 2: net, marked squares, drawn pose and asked edge, chosen so that the key's place relative to
    the marks (ROLES) is uniform and independent of what the net shows without folding: the asked square is
    never marked nor next to a mark (the key would lie on / off that mark's face), the cube is drawn with X and
    O on any two of its visible faces, and the role is drawn first, then an asked edge of that role in the same
    stratum (the asked square's neighbours, the marks' distance in the net) as a first, unconditioned draw."""
    role, stratum = ROLES[int(rng.integers(len(ROLES)))], None
    while True:
        squares = tuple(sorted(_grow_net(rng)))
        pairs = _net_facts(squares)[5]
        a, b = pairs[int(rng.integers(len(pairs)))]
        xd, od, vd = PLACEMENTS[int(rng.integers(len(PLACEMENTS)))]
        cands = _askable(squares, a, b, xd, od, vd)
        if stratum is None and cands:
            stratum = cands[int(rng.integers(len(cands)))][3]
        hits = [c for c in cands if c[2] == role and c[3] == stratum]
        if hits:
            s, side, _, _ = hits[int(rng.integers(len(hits)))]
            T, normals = _net_facts(squares)[:2]
            return list(squares), T, normals, a, b, xd, od, (s, side)


@functools.lru_cache(maxsize=None)
def _askable(squares: tuple, a, b, xd: str, od: str, vd: str) -> list:
    """Generation 2's askable edges with X on square a drawn on face xd and O on b drawn on od: (square, side,
    role, stratum) for every cut edge of a square neither marked nor next to a mark, with at most two neighbours,
    whose folded edge is drawn."""
    T, normals, nb, dist, cuts, pairs = _net_facts(squares)
    x, o = np.array(normals[a]), np.array(normals[b])
    v = np.cross(x, o) * int(np.dot(DRAWN[vd], np.cross(DRAWN[xd], DRAWN[od])))
    name = {tuple(x): "X", tuple(o): "O", tuple(v): "V", tuple(-x): "X'", tuple(-o): "O'", tuple(-v): "V'"}
    out = []
    for s, side, fs in cuts:
        if s in (a, b) or dist[a][s] == 1 or dist[b][s] == 1 or len(nb[s]) > 2:
            continue
        r = frozenset(name[normals[f]] for f in fs)
        if r & {"X", "O", "V"}:  # a visible edge
            out.append((s, side, r, (len(nb[s]), dist[a][b])))
    return out


@generations("VZ3")
def _vz3(rng, difficulty: str, generation: int) -> Item:
    if generation == 1:
        squares = _grow_net(rng)
        T, normals = fold_net(squares)
        a = squares[int(rng.integers(6))]
        adj = [s for s in squares if s != a and int(np.dot(normals[s], normals[a])) == 0]
        b = adj[int(rng.integers(len(adj)))]
        xd, od, asked = "top", "front", None
    else:
        squares, T, normals, a, b, xd, od, asked = _pose_v2(rng)
    Q = next(R for R in ROT24  # cube frame -> drawing frame: X and O onto their drawn faces
             if tuple(R @ np.array(normals[a])) == DRAWN[xd] and tuple(R @ np.array(normals[b])) == DRAWN[od])

    def to_draw(v):  # cube vertex (cube frame) -> drawing frame
        w = Q @ (np.array(v) * 2 - 1)
        return tuple(int((x + 1) // 2) for x in w)

    visible = set()
    for n in ((0, 0, 1), (0, -1, 0), (1, 0, 0)):
        ax = [i for i in range(3) if n[i] == 0]
        k = [i for i in range(3) if n[i] != 0][0]
        val = 1 if n[k] > 0 else 0
        corners = []
        for u, v in ((0, 0), (1, 0), (1, 1), (0, 1)):
            p = [0, 0, 0]
            p[k], p[ax[0]], p[ax[1]] = val, u, v
            corners.append(tuple(p))
        for p, q in zip(corners, corners[1:] + corners[:1]):
            visible.add(frozenset((p, q)))
    visible = sorted(visible, key=lambda e: sorted(e))
    letters = list(LETTERS[:9])
    perm = [int(i) for i in rng.permutation(9)]
    letter_of = {visible[perm[i]]: letters[i] for i in range(9)}
    # boundary edges of the net whose folded edge is visible
    cands = []
    for s in squares:
        for side, (p, q) in SQ_SIDES.items():
            nb = (s[0] + SIDE_DIR[side][0], s[1] + SIDE_DIR[side][1])
            if nb in squares:
                continue
            e3 = frozenset(to_draw(_apply(T[s], (s[0] + pp[0], s[1] + pp[1]))) for pp in (p, q))
            if e3 in letter_of:
                cands.append((s, side, e3))
    # generation 1: up to 5 numbered edges; generation 2: the asked edge and 3 others, always 4 (4 always fit:
    # checked over every askable edge of every net; a count that varied would tell something of the asked edge)
    want = 5 if asked is None else 4
    while True:
        numbered, used = [], set()
        if asked is not None:  # the asked edge first; numbered in a random order below
            s, side = asked
            numbered = [c for c in cands if c[:2] == asked]
            used = {(s[0] + pp[0], s[1] + pp[1]) for pp in SQ_SIDES[side]}
        for i in rng.permutation(len(cands)):
            s, side, e3 = cands[int(i)]
            ends = {(s[0] + pp[0], s[1] + pp[1]) for pp in SQ_SIDES[side]}
            if ends & used or any(e3 == n[2] for n in numbered):
                continue  # [decision] numbered edges never touch, so every number is unambiguous
            numbered.append((s, side, e3))
            used |= ends
            if len(numbered) == want:
                break
        if asked is None or len(numbered) == want:
            break
    if asked is None:
        ask = int(rng.integers(len(numbered)))
    else:
        order = [int(i) for i in rng.permutation(len(numbered))]
        numbered, ask = [numbered[i] for i in order], order.index(0)
    gold = letter_of[numbered[ask][2]]
    # net drawing
    S, pad = 44, 26
    W = (max(s[0] for s in squares) + 1) * S + 2 * pad
    H = (max(s[1] for s in squares) + 1) * S + 2 * pad
    net, d = canvas(W, H)
    for s in squares:
        d.rectangle([pad + s[0] * S, pad + s[1] * S, pad + (s[0] + 1) * S, pad + (s[1] + 1) * S], fill="white", outline="black", width=2)
    text_center(d, (pad + (a[0] + 0.5) * S, pad + (a[1] + 0.5) * S), "X", 22)
    text_center(d, (pad + (b[0] + 0.5) * S, pad + (b[1] + 0.5) * S), "O", 22)
    for k, (s, side, _) in enumerate(numbered):
        dx, dy = SIDE_DIR[side]
        p, q = SQ_SIDES[side]
        d.line([(pad + (s[0] + p[0]) * S, pad + (s[1] + p[1]) * S), (pad + (s[0] + q[0]) * S, pad + (s[1] + q[1]) * S)],
               fill=(200, 0, 0), width=4)
        cx, cy = pad + (s[0] + 0.5 + 0.5 * dx) * S + dx * 10, pad + (s[1] + 0.5 + 0.5 * dy) * S + dy * 10
        text_center(d, (cx, cy), str(k + 1), 15, (200, 0, 0))
    # cube drawing (front = y0 plane, depth along +y)
    C, ox, oy = 110, 40, 190
    cube, d2 = canvas(250, 240)

    def P(v):
        return (ox + C * (v[0] + 0.55 * v[1]), oy - C * (v[2] + 0.45 * v[1]))

    for e in visible:
        p, q = sorted(e)
        d2.line([P(p), P(q)], fill="black", width=2)
    cen = P((0.5, 0.5, 0.5))
    for e, lab in letter_of.items():
        p, q = sorted(e)
        mx, my = (P(p)[0] + P(q)[0]) / 2, (P(p)[1] + P(q)[1]) / 2
        vx, vy = mx - cen[0], my - cen[1]
        nrm = math.hypot(vx, vy) or 1
        text_center(d2, (mx + vx / nrm * 13, my + vy / nrm * 13), lab, 16, (0, 0, 170))
    text_center(d2, P(FACE_CENTRE[xd]), "X", 20)
    text_center(d2, P(FACE_CENTRE[od]), "O", 20)
    img = labelled_row([net, cube], ["net", "cube"])
    k = ask + 1
    named = ", ".join(letters[:-1]) + f" or {letters[-1]}"  # every letter, so buttons name nothing new
    q = (f"The net on the left folds into the cube on the right (X and O mark the same faces). Which lettered edge of "
         f"the cube ({named}) is edge {k} of the net?" + OUT + ' Answer with one capital letter, e.g. {"answer": "D"}.')
    labels = tuple(letters)
    rows = [(f"Is edge {k} of the net edge {L} of the cube?", "T" if L == gold else "F") for L in labels]
    face_pairs = {}
    for e, lab in letter_of.items():
        p, q2 = sorted(e)
        fs = []
        for n, name in FACE_OF.items():
            kk = [i for i in range(3) if n[i] != 0][0]
            val = 1 if n[kk] > 0 else 0
            if p[kk] == val and q2[kk] == val:
                fs.append(name)
        face_pairs[lab] = sorted(fs)
    params = {"squares": [list(s) for s in squares], "x_face": list(a), "o_face": list(b),
              "numbered": [[list(s), side] for s, side, _ in numbered], "asked": k, "letter_faces": face_pairs}
    if generation > 1:
        params.update(x_drawn=xd, o_drawn=od)  # the drawn faces that carry X and O
    return Item("VZ3", img, q, "letter", gold, labels, rows, "", params, "capital letter A-I")



"""Visualization: VZ3 Surface Development (a cube net folded up).

See ``docs/visfactor.md#generators`` (VZ3)."""
from __future__ import annotations

import itertools
import math

import numpy as np

from .core import LETTERS, Item, canvas, generator, labelled_row, text_center

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


@generator("VZ3")
def gen_vz3(rng, difficulty: str) -> Item:
    while True:
        squares = [(0, 0)]
        while len(squares) < 6:
            s = squares[int(rng.integers(len(squares)))]
            d = list(SIDE_DIR.values())[int(rng.integers(4))]
            c = (s[0] + d[0], s[1] + d[1])
            if c not in squares:
                squares.append(c)
        T, normals = fold_net(squares)
        if T is not None:
            break
    mi, mj = min(s[0] for s in squares), min(s[1] for s in squares)
    squares = [(s[0] - mi, s[1] - mj) for s in squares]
    T, normals = fold_net(squares)
    a = squares[int(rng.integers(6))]
    adj = [s for s in squares if s != a and int(np.dot(normals[s], normals[a])) == 0]
    b = adj[int(rng.integers(len(adj)))]
    Q = next(R for R in ROT24 if tuple(R @ np.array(normals[a])) == (0, 0, 1) and tuple(R @ np.array(normals[b])) == (0, -1, 0))

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
    numbered, used = [], set()
    for i in rng.permutation(len(cands)):
        s, side, e3 = cands[int(i)]
        ends = {(s[0] + pp[0], s[1] + pp[1]) for pp in SQ_SIDES[side]}
        if ends & used or any(e3 == n[2] for n in numbered):
            continue  # [decision] numbered edges never touch, so every number is unambiguous
        numbered.append((s, side, e3))
        used |= ends
        if len(numbered) == 5:
            break
    ask = int(rng.integers(len(numbered)))
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
    text_center(d2, P((0.5, 0.5, 1)), "X", 20)
    text_center(d2, P((0.5, 0, 0.5)), "O", 20)
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
    return Item("VZ3", img, q, "letter", gold, labels, rows, "",
                {"squares": [list(s) for s in squares], "x_face": list(a), "o_face": list(b),
                 "numbered": [[list(s), side] for s, side, _ in numbered], "asked": k, "letter_faces": face_pairs},
                "capital letter A-I")

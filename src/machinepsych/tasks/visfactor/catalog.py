"""Subtest catalogue: names, item counts, instructions, split availability, baselines and
human norms (``docs/visfactor.md``, "Subtests" and "Scores")."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Subtest:
    id: str
    name: str
    factor: str
    n_items: int            # items per session (the released v2 set)
    split: bool             # has a split (per-option yes/no) variant
    instructions: str
    human_norm: float | None = None   # FRCT score of the kit's norm group (in FRCT points)
    frct: tuple[float, bool] | None = None  # (units U, two_sided): paper score = U*(2a-1) or U*a
    frct_split: tuple[float, bool] | None = None


# The reply-format paragraph models get after the task description (AnswerFormat.model_instruction).
OUT = ('Give only the answer as a JSON object of the form {"answer": ...} unless you are asked to reason first; '
       'the last such object in your reply is taken as your answer.')


def _s(id, name, factor, n, split, text, norm=None, frct=None, frct_split=None) -> Subtest:
    return Subtest(id, name, factor, n, split, text, norm, frct, frct_split)


SUBTESTS: dict[str, Subtest] = {s.id: s for s in (
    _s("CF1", "Hidden Figures", "flexibility of closure", 32, True,
       "This is a test of your ability to tell which one of five simple figures can be found in a more complex "
       "pattern. The simple figure is embedded with exactly the same size and in the same position (not turned or "
       "mirrored); other lines of the pattern may run through it.", 14, (160, True), (160, True)),
    _s("CF2", "Hidden Patterns", "flexibility of closure", 80, True,
       "This is a test of your ability to tell whether a given model pattern is part of each test figure. The "
       "model must appear in the same position and orientation; other lines may be added.", 139.9, (400, True), (400, True)),
    _s("CF3", "Copying", "flexibility of closure", 64, False,
       "This is a test of your ability to copy a figure onto a grid of dots. The copy starts at the circled dot and "
       "must have exactly the same size, shape and orientation as the figure.", 25.9, (64, False)),
    _s("CS1", "Gestalt Completion", "speed of closure", 20, False,
       "This is a test of your ability to recognise an object from an incomplete picture. Parts of the picture "
       "are missing; name the object it shows.", 15.2, (20, False)),
    _s("CS2", "Concealed Words", "speed of closure", 50, False,
       "This is a test of your ability to read words whose letters are partly erased. Each picture shows one "
       "common English word.", 23.6, (50, False)),
    _s("CS3", "Snowy Pictures", "speed of closure", 24, False,
       "This is a test of your ability to recognise an object hidden in visual noise, as if seen through snow.",
       5.7, (24, False)),
    _s("VZ1", "Form Board", "visualization", 48, False,
       "This is a test of your ability to see which pieces, put together, exactly make a given shape. The pieces "
       "may be moved but are shown in the orientation in which they fit; any number of them may be needed. Each "
       "piece used must lie inside the shape without overlapping another piece, and the pieces used must fill it.",
       124.8, (48, True)),
    _s("VZ2", "Paper Folding", "visualization", 20, True,
       "This is a test of your ability to imagine folding and unfolding paper. A square sheet is folded one or more "
       "times (each fold is shown as a dashed line, the part that moves shaded), and then a hole is punched "
       "through all the layers. Decide how the sheet looks when it is completely unfolded again.",
       13.8, (100, True), (100, True)),
    _s("VZ3", "Surface Development", "visualization", 60, True,
       "This is a test of your ability to imagine how a flat pattern folds into a solid. The flat pattern (a net) "
       "folds into the cube shown; the faces marked X and O in the net are the faces marked X and O on the cube, "
       "and the net is folded with the marks outside. Match a numbered edge of the net to a lettered edge of the cube.",
       43.6, (60, True), (60, True)),
    _s("S1", "Card Rotations", "spatial relations", 20, True,
       "This is a test of your ability to see differences in figures. The first card is followed by eight cards. "
       "Each of them is either the first card turned around in the plane of the page (same) or the first card "
       "flipped over (different). Flipping over is not allowed for 'same'.", None, (160, True), (160, True)),
    _s("S2", "Cube Comparisons", "spatial relations", 42, False,
       "This is a test of your ability to compare two drawings of cubes. Each cube has a different letter, number "
       "or symbol on each of its six faces; no symbol appears on more than one face. Decide whether the two "
       "drawings can show the same cube, seen from different angles.", 22.7, (42, True)),
    _s("SS2", "Choosing a Path", "spatial scanning", 32, True,
       "This is a test of your ability to find a route through a network of lines. You may move only along the "
       "lines and may not jump between lines that do not meet at a dot.", 15.5, (160, False), (160, True)),
    _s("SS3", "Map Planning", "spatial scanning", 40, True,
       "This is a test of your ability to plan the shortest route on a street map. Small circles on a street "
       "are road blocks: you cannot pass them. Numbered squares are buildings beside the streets.",
       25, (40, False), (40, False)),
    _s("P3", "Identical Pictures", "perceptual speed", 96, True,
       "This is a test of your ability to find, among five pictures, the one that is exactly the same as a given "
       "picture.", 68.6, (480, True), (480, True)),
    _s("I3", "Figure Classification", "induction", 28, True,
       "This is a test of your ability to discover the rule that sorts figures into groups. Example figures of "
       "each group are shown; the groups differ by one rule. Decide to which group each test figure belongs.",
       92.8, (224, True), (224, True)),
    _s("MA1", "Picture-Number", "associative memory", 42, False,
       "This is a test of your ability to remember which number goes with which picture. A study page pairs each "
       "picture with a number; then one picture is shown again.", None),
    _s("MV1", "Shape Memory", "visual memory", 32, False,
       "This is a test of your memory for shapes. Study the shapes on the study page; then decide whether the test "
       "shape was on the study page (it may be turned in the plane, but never flipped over).", None),
    _s("MV2", "Building Memory", "visual memory", 24, False,
       "This is a test of your memory for the positions of buildings on a street map. Study the map; then decide "
       "whether the named building stood at the marked place.", None),
    _s("MV3", "Map Memory", "visual memory", 24, False,
       "This is a test of your memory for map sections. Study the map sections; then decide whether the test "
       "section is exactly one of them.", None),
    _s("RL2", "Diagramming Relationships", "logical reasoning", 30, False,
       "This is a test of your ability to show the relations between three classes of things with circles. A "
       "circle inside another means every member of the inner class belongs to the outer class; circles that do "
       "not touch mean no member is shared; overlapping circles mean some, but not all, members are shared.", None),
)}

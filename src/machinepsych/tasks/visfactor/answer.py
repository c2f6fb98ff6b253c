"""How a VisFactor item is answered, by a model and by a person (``docs/visfactor.md#answers``).

Models are asked for a JSON object ``{"answer": ...}``; a reply is read by the shared parser of
the item's answer kind (:func:`machinepsych.parsing.parse_by_answer_kind`: the JSON object, or
"**Answer: C**", "(B)", "T F T F F", "1. True 2. False", ... ``docs/parsing.md``); the official
evaluator's last-JSON rule (:func:`.parse.parse_visual`) is the alternative ``parsers["official"]``. People click a button (one option: a letter, a number, T/F) or
type into a text box (T/F lists, group numbers, a dot's row and column, a word), read by
:func:`parse_typed`, which accepts what people naturally type ("T F T F F", "T,F,T,F,F",
"true false ...", "1 2 2 1 ...", "2, 5", "garden").
"""
from __future__ import annotations

import dataclasses

import re
from typing import Any

from machinepsych.core.env import Environment
from machinepsych.core.spaces import Space
from machinepsych.core.spec import AnswerFormat, Buttons, HumanForm, Option, TextBox
from machinepsych.core.types import Observation, ParseStatus
from machinepsych.parsing import parse_by_answer_kind
from machinepsych.parsing.words import word_in

from .catalog import OUT

MEMORY = ("MA1", "MV1", "MV2", "MV3")  # as subtests.MEMORY (which imports this module)
from .parse import extract_answer, format_answer, normalise, parse_visual

SUFFIXES = {
    "direct": 'Respond with the answer only, as a JSON object {"answer": ...}.',
    "cot": 'Solve the problem step by step: reason clearly first, and at the end respond with the answer as a JSON '
           'object {"answer": ...}.',
}
# Step 2 of the structured chain of thought (strategy ``scot``), per subtest: the computation
# each subtest calls for (docs/conditions.md).
SCOT_SOLVE = {
    "CF1": "Step 2 - compute. For each simple figure A-E, list its edges on a grid; then test whether that edge set occurs in the pattern's edges at some position (no rotation).",
    "CF2": "Step 2 - compute. Map the model and each test figure onto the 3x3 grid of dots; list each figure's edges as pairs of dots; the figure contains the model if the model's edges are a subset of its edges.",
    "CF3": "Step 2 - compute. Write the figure as a list of moves (rows down, columns right) from its circled start; apply the same moves from the circled dot of the empty grid and give each dot you reach.",
    "VZ1": "Step 2 - compute. Estimate the area of the shape and of each piece in grid units; find the set of pieces whose areas add up to the shape and that fit together into it.",
    "VZ2": "Step 2 - compute. Track the hole backwards through each fold: at every unfolding, every hole in the folded-over part gains a mirror image across that fold line. List the hole positions after each step.",
    "VZ3": "Step 2 - compute. Fold the net around the face marked X, tracking which net edges meet; identify the faces of the cube by X and O and follow the asked edge onto the cube.",
    "S1": "Step 2 - compute. For each card, decide whether the sequence of corners (going clockwise) matches the first card's after a turn, or only after a mirror image.",
    "S2": "Step 2 - compute. Find a symbol shown on both cubes; turn the second cube mentally so that this face matches, and check the position and orientation of the neighbouring faces.",
    "SS2": "Step 2 - compute. From each starting point, follow the lines and write down the route to F; note whether it passes the circle.",
    "SS3": "Step 2 - compute. Write the street grid with its road blocks; find the shortest open route between the two letters, list its street segments, and the buildings beside them.",
    "P3": "Step 2 - compute. Compare each picture with the target line by line and list every difference you find.",
    "I3": "Step 2 - compute. List properties (number of sides, filled or not, size, marks) of the examples of each group; find the one property that separates the groups; apply it to each test figure.",
    "RL2": "Step 2 - compute. State, for each pair of classes, whether one contains the other, they are disjoint, or they overlap; do the same for the circles; compare.",
}

TF_LABELS = {"T": "True", "F": "False"}


MAX_BUTTONS = 9  # keys 1-9; more options are typed


def _button(i: int, label: str, action: Any) -> Option:
    return Option(label, action, str(i + 1) if i < 9 else None)


def _label(st: dict, option: Any) -> str:
    """What a person reads on the button of ``option`` (SS2's starts are S1-S5 in the picture)."""
    return f"S{option}" if st.get("subtest") == "SS2" else str(option)


def form(obs: Observation, space: Space) -> HumanForm:
    """Buttons where the answer is one of a few options (letters, T/F, up to nine numbers); a
    text box with a hint and an example otherwise (lists, a dot, a word, a number among many)."""
    st = obs.stimulus
    kind, n = st["answer_kind"], int(st.get("n_rows", 1))
    options = list(getattr(space, "options", st["options"]))
    if kind == "tf":
        return Buttons(tuple(_button(i, TF_LABELS[o], o) for i, o in enumerate(("T", "F"))))
    if kind in ("mc", "letter", "int") and len(options) <= MAX_BUTTONS:
        return Buttons(tuple(_button(i, _label(st, o), o) for i, o in enumerate(options)))
    if kind == "int":  # MA1's numbers 10-99, SS3's buildings
        if st.get("subtest") == "SS3":
            return TextBox("Type the number of the building.", "4")
        return TextBox("Type the number.", str(options[0]))  # the smallest on the study page
    if kind in ("mc", "letter"):
        return TextBox(f"Type the letter of your answer ({options[0]}-{options[-1]}).", str(options[0]))
    if kind == "rows":
        example = " ".join("TFTFFTFT"[i % 8] for i in range(n))
        return TextBox(f"Type T (true) or F (false) for each of the {n} questions, in order, separated by spaces.",
                       example)
    if kind == "groups":
        groups = ", ".join(str(o) for o in st["options"])
        example = " ".join(str(st["options"][i % len(st["options"])]) for i in (0, 1, 1, 0, 0, 1, 0, 1)[:n])
        return TextBox(f"Type the group number ({groups}) of each of the {n} test figures, in order, separated by "
                       "spaces.", example)
    if kind == "cell":
        return TextBox("Type the row and the column of the dot where your copy ends (row first).", "2, 5")
    if kind == "word":
        # an example that is none of the answers (no object or word of the item sets)
        if st.get("subtest") == "CS2":
            return TextBox("Type the word.", "garden")
        return TextBox("Type the name of what the picture shows.", "kettle")
    raise ValueError(kind)


_ENUM = re.compile(r"(?:(?<=\s)|^)\(?\d+[.):]\s*(?=\S)")  # "1. T 2) F" -> "T F"


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;/|]+", text.strip()) if t]


def _typed_rows(text: str, n: int) -> tuple | None:
    """T/F values from what a person types: "T F T F F", "T,F,T,F,F", "tftff",
    "true false ...", "yes no ...", "1. T 2. F ..."."""
    words = [t.strip(".!?:()[]\"'") for t in _tokens(_ENUM.sub("", text))]
    words = [w for w in words if w]
    if len(words) == 1 and re.fullmatch(r"[TFtf]+", words[0]) and len(words[0]) == n:
        words = list(words[0])
    vals = [normalise("tf", w) for w in words]
    return tuple(vals) if len(vals) == n and None not in vals else None


def _typed_groups(text: str, n: int, groups: list) -> tuple | None:
    """Group numbers, and nothing else: "1 2 2 1", "1,2,2,1", "1221", "1. 1 2. 2 ..."."""
    words = [w.strip(".!?:()[]\"'") for w in _tokens(_ENUM.sub("", text))]
    words = [w for w in words if w]
    if not words or not all(w.isdigit() for w in words):
        return None
    if len(words) == 1 and len(words[0]) == n:
        words = list(words[0])
    out = tuple(int(d) for d in words)
    return out if len(out) == n and all(g in groups for g in out) else None


_CHOICE_FILLER = {"option", "answer", "choice", "letter", "number", "building", "card", "start", "it", "is", "the",
                  "my", "i", "think", "a", "an"}


def _typed_choice(text: str, options: list, subtest: str) -> Any | None:
    """One option from a typed letter or number, with at most a few words around it ("b",
    "(C)", "option D", "S3", "building 4", "42"); anything else typed makes it unreadable.
    On a memory test (MA1, MV1-MV3) a number that is not among the options is still a
    well-formed answer (one that was not on the study page): it is returned, and scored wrong
    (refusing it would tell which numbers were studied); elsewhere the options are in sight
    and another number is a slip, asked again."""
    words = [w for w in (w.strip(".!?:()[]\"'#") for w in _tokens(text)) if w]
    if len(words) > 1:  # "option B", "the answer is C"; a lone "A" is the letter A
        words = [w for w in words if w.lower() not in _CHOICE_FILLER]
    if len(words) != 1:
        return None
    word = words[0]
    if all(isinstance(o, int) for o in options):
        m = re.fullmatch(r"(?:[Ss](?=\d))?(\d{1,6})", word) if subtest == "SS2" else re.fullmatch(r"(\d{1,6})", word)
        if m is None:
            return None
        value = int(m.group(1))
        return value if value in options or subtest in MEMORY else None
    labels = {str(o).upper(): o for o in options}
    return labels.get(word.upper())


_CELL = re.compile(r"^\(?\s*(?:row\s*)?(\d{1,3})\s*(?:[,;/x]|\s)\s*(?:col(?:umn)?\s*)?(\d{1,3})\s*\)?[.!]?$", re.I)


def _typed_cell(text: str) -> str | None:
    """A dot as "2, 5", "(2,5)", "2 5", "2/5" or "row 2 column 5", and nothing more."""
    m = _CELL.match(text.strip())
    return f"({int(m.group(1))}, {int(m.group(2))})" if m else None


def _typed_word(text: str) -> str | None:
    """The name a person typed, in the normal form the scorer matches
    (:func:`machinepsych.parsing.words.word_in`: "An Umbrella." -> "umbrella", "Ice  Cream" ->
    "ice cream"); None for text with digits or brackets, two names ("cup or mug") or more than a
    few words (a remark, not a name)."""
    return word_in(text)


def parse_typed(text: str, obs: Observation) -> tuple[Any, ParseStatus]:
    """What a person typed -> (action, status): "empty" when nothing was typed, "invalid" when
    it cannot be read as an answer of this item (the web app then asks again in the page).
    Written for people: any case, spaces or commas between parts, T/F as t/f, true/false or
    yes/no, run together ("tftff") or numbered ("1. T 2. F"); an option's letter or number, also
    inside a few words ("option B", "S3", "building 4"); a word without articles or punctuation; a
    dot as "2, 5", "(2,5)" or "row 2 column 5". A model's JSON answer object is read too (when it
    is all that was typed). Text beyond the expected parts ("2, 5 (took me 3 tries)") is
    never trimmed away: the answer is "invalid" and asked again."""
    st = obs.stimulus
    kind, n = st["answer_kind"], int(st.get("n_rows", 0))
    raw = (text or "").strip()
    if not raw:
        return None, "empty"
    value = extract_answer(raw) if raw.startswith("{") and raw.endswith("}") else None
    if value is not None and not isinstance(value, str):
        action = normalise(kind, value, n)
        return (action, "parsed") if action is not None else (None, "invalid")
    typed = value if isinstance(value, str) and value else raw
    options = [o for o in st.get("options", [])]
    if kind == "rows":
        action = _typed_rows(typed, n)
    elif kind == "tf":
        said = typed.strip(" .!").lower()
        rows = _typed_rows(typed, 1)
        action = {"same": "T", "different": "F"}.get(said) or (rows[0] if rows else None)
    elif kind == "groups":
        action = _typed_groups(typed, n, options)
    elif kind in ("mc", "letter", "int"):
        action = _typed_choice(typed, options, st.get("subtest", "")) if options else normalise(kind, typed.upper())
    elif kind == "cell":
        action = _typed_cell(typed)
    elif kind == "word":
        action = _typed_word(typed)
    else:
        action = normalise(kind, typed, n)
    return (action, "parsed") if action is not None else (None, "invalid")


def person_instruction(env: Environment) -> str:
    split = getattr(env, "mode", "default") == "split"
    study = getattr(env.params, "study_seconds", None)
    what = ("Each item asks several true/false questions: type T or F for each, in order (for example "
            "\"T F T F F\")."
            if split else
            "Click the option you choose. Where the answer is a list, a word, a number or a position, type it as "
            "the hint shows.")
    first = ""
    if study is not None:
        first = ("Each item starts with a study page" +
                 (f", shown for {study:g} seconds (you may continue earlier)" if study else "") +
                 "; then it is taken away and one question about it is asked. ")
    return (first + "Each item shows a picture and a question below it. " + what + " Take as long as you need on "
            "each question; there is no feedback, and your answer to one item cannot be changed afterwards.")


ANSWER = AnswerFormat(parse=parse_by_answer_kind, format_name="visfactor", parsers={"official": parse_visual},
                      format=format_answer, form=form, model_instruction=OUT,
                      person_instruction=person_instruction, parse_typed=parse_typed, suffixes=SUFFIXES)


def answer_for(subtest: str) -> AnswerFormat:
    """The answer format of one subtest: ANSWER with its own SCoT step-2 instruction."""
    if subtest not in SCOT_SOLVE:
        return ANSWER
    return dataclasses.replace(ANSWER, suffixes={**SUFFIXES, "scot:compute": SCOT_SOLVE[subtest]})

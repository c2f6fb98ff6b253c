"""Free strings given as structured answers (``--answer structured``): the JSON value of a
word or a comment, read by the same rules free text follows for that kind of answer (the same
functions), so that an answer is read alike, and the share that could not be read means the
same, in both answer modes.
"""
from __future__ import annotations

from machinepsych.core.parsing import fallback_status
from machinepsych.core.types import ParseStatus

from .refusal import is_refusal
from .words import in_latin_script, normalise_word


def read_word_value(value: str) -> tuple[str | None, ParseStatus]:
    """A word answer (CS1-CS3) in its normal form ("The Bicycle." is "bicycle"); a hedge
    between two words ("bicycle or table"), more than one name or a word in another script
    than the Latin one is invalid, a refusal is a refusal."""
    if not value.strip():
        return None, "empty"
    if is_refusal(value):
        return None, "refusal"
    word = normalise_word(value)
    if word is None:
        return None, fallback_status(value)
    return (word, "parsed") if in_latin_script(word) else (None, "invalid")


def read_comment_value(value: str) -> tuple[str | None, ParseStatus]:
    """A free comment (Oddball) as written; a refusal that says nothing else ("I'm sorry, but
    I can't help with that.") is no comment."""
    text = value.strip()
    if not text:
        return None, "empty"
    return (None, "refusal") if is_refusal(text) else (text, "parsed")

"""An endpoint's words made safe for one line of a terminal (and of the store).

An error body is whatever the server sent: an HTML page, a stack trace, binary garbage, a
JSON ``error.message`` holding colour escapes or carriage returns. Printed as it is, a NUL or
an ESC reaches the terminal (a colour change, a cursor move) and a newline splits the one-line
failure into several. :func:`one_line` folds line breaks into spaces, writes every other
control or invisible formatting character as its escape (``\\x1b``, ``\\u202e``), and cuts a
long text with its size, so a failure stays one readable line.
"""
from __future__ import annotations

import re

# line breaks, with the blanks around them: folded into one space
_BREAKS = re.compile(r"[ \t]*(?:\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029])[\s]*")
# any other character that is not shown as itself: C0/C1 controls and DEL, and Unicode's
# invisible format characters (bidirectional overrides that reorder the line, zero widths)
_HIDDEN = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e"
                     r"\u2060-\u206f\ufeff\ufff9-\ufffb]")


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _escaped(text: str) -> str:
    text = _BREAKS.sub(" ", text).replace("\t", " ").strip()
    return _HIDDEN.sub(lambda m: _escape(m.group()), text)


def one_line(text: str, most: int | None = None, size: int | None = None) -> str:
    """``text`` as one line: line breaks folded into a space, other control and invisible
    format characters escaped; longer than ``most`` characters (once escaped), cut there with
    the whole text's size in bytes (``size``: the bytes it was decoded from, when known;
    otherwise its UTF-8 length), never inside an escape."""
    shown = _escaped(text)
    if most is None or len(shown) <= most:
        return shown
    cut = _whole_escapes(shown, most)
    nbytes = size if size is not None else len(text.encode("utf-8", errors="surrogatepass"))
    return f"{cut.rstrip()}... ({nbytes:,} bytes in all)"


_AN_ESCAPE = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4})")


def _whole_escapes(shown: str, most: int) -> str:
    """``shown[:most]``, less an escape the cut would split."""
    low = max(0, most - 5)
    for m in _AN_ESCAPE.finditer(shown, low, most + 5):
        if m.start() < most < m.end():
            return shown[:m.start()]
    return shown[:most]


__all__ = ["one_line"]

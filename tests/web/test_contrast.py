"""WCAG AA contrast, computed from the page's own CSS: every rule that sets a text colour is
read against its own background, or (when it sets none) against both backgrounds text sits
on (the page and the instruction/study panels): at least 4.5:1. Borders of controls (non-text
contrast) at least 3:1."""
from __future__ import annotations

import re

from machinepsych.web.pages import CSS, PAGE_BG, PANEL_BG

HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")


def luminance(colour: str) -> float:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(h[i:i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rules(css: str) -> list[tuple[str, dict[str, str]]]:
    out = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        decls = {}
        for d in body.split(";"):
            if ":" in d:
                k, v = d.split(":", 1)
                decls[k.strip()] = v.strip()
        out.append((selector.strip(), decls))
    return out


def test_formula_matches_known_pairs():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48  # the old hint grey: below AA


def test_every_text_colour_meets_aa():
    checked = 0
    for selector, decls in rules(CSS):
        colour = HEX.search(decls.get("color", ""))
        if not colour:
            continue
        own = HEX.search(decls.get("background", "") or decls.get("background-color", ""))
        grounds = [own.group(0)] if own else [PAGE_BG, PANEL_BG]
        for ground in grounds:
            ratio = contrast(colour.group(0), ground)
            assert ratio >= 4.5, f"{selector}: {colour.group(0)} on {ground} is {ratio:.2f}:1"
            checked += 1
    assert checked >= 15  # body, hints, buttons (normal, hover, disabled, chosen), feedback, errors, keys, ...


def test_control_borders_meet_non_text_contrast():
    for selector, decls in rules(CSS):
        if not selector.startswith(("button", "input", "fieldset")) or "border" not in decls:
            continue
        colour = HEX.search(decls["border"])
        if colour:
            assert contrast(colour.group(0), PAGE_BG) >= 3.0, selector

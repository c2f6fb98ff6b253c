"""Image perturbations (``docs/visfactor.md#perturbations``): composable, seeded, recorded per image.

Names: ``shift`` (dx, dy ~ N(0, 5) px), ``rotate`` (U(-10, 10) degrees about the centre,
white fill; the canvas is first padded so nothing is cut off), ``flip`` (horizontal mirror with p = 0.5; only for the subtests
and mode where mirroring keeps the answer: CF1-S, CF2-S, S1-S, P3-S, I3-S), ``noise``
(Gaussian, sigma 0.1 on [0, 1]), ``contrast`` (x1.5), ``brightness`` (x1.5). Groups:
``geometric`` = shift + rotate (+ flip where allowed), ``photometric`` = noise + contrast +
brightness. Order: geometric, then photometric. None of them moves one part of the picture
relative to another, so no answer key changes; a flip mirrors every figure of the item in its
own box (recorded when the item is drawn), leaving labels, titles and the order of the figures
in place, and is allowed only where mirroring every figure keeps the key.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image, ImageEnhance, ImageOps

from machinepsych.core.errors import ConfigError

GEOMETRIC = ("shift", "rotate", "flip")
PHOTOMETRIC = ("noise", "contrast", "brightness")
GROUPS = {"geometric": GEOMETRIC, "photometric": PHOTOMETRIC}
NAMES = GEOMETRIC + PHOTOMETRIC
FLIP_OK = {("CF1", "split"), ("CF2", "split"), ("S1", "split"), ("P3", "split"), ("I3", "split")}


def expand(names: tuple[str, ...] | list[str], subtest: str, mode: str) -> tuple[str, ...]:
    """Resolve group names; drop ``flip`` where mirroring would change the key (an explicit
    ``flip`` there is an error)."""
    out: list[str] = []
    for n in names:
        if n in GROUPS:
            for m in GROUPS[n]:
                if m == "flip" and (subtest, mode) not in FLIP_OK:
                    continue
                if m not in out:
                    out.append(m)
        elif n in NAMES:
            if n == "flip" and (subtest, mode) not in FLIP_OK:
                raise ConfigError(f"flip is not a valid perturbation for {subtest} in {mode} mode: "
                                  "mirroring is allowed only for CF1, CF2, S1, P3 and I3 in split mode")
            if n not in out:
                out.append(n)
        else:
            raise ConfigError(f"unknown perturbation {n!r}; valid: {', '.join(NAMES + tuple(GROUPS))}")
    return tuple(m for m in NAMES if m in out)  # canonical order


def mirror_figures(img: Image.Image, boxes) -> Image.Image:
    """``img`` with the pixels of every figure box (x0, y0, x1, y1; x1, y1 exclusive) mirrored
    left-right in place; labels, titles and the order of the figures stay as drawn."""
    out = img.copy()
    for x0, y0, x1, y1 in boxes:
        out.paste(ImageOps.mirror(img.crop((x0, y0, x1, y1))), (x0, y0))
    return out


def perturb(img: Image.Image, names: tuple[str, ...], rng: np.random.Generator,
            figures=()) -> tuple[Image.Image, dict[str, Any]]:
    """Apply resolved perturbations ``names`` (see :func:`expand`) and return the record.
    ``figures`` are the item's figure boxes, which ``flip`` mirrors each in place."""
    rec: dict[str, Any] = {}
    img = img.convert("RGB")
    dx = dy = 0.0
    angle = 0.0
    if "shift" in names:
        dx, dy = (float(v) for v in rng.normal(0, 5, 2))
        rec["shift"] = [round(dx, 2), round(dy, 2)]
    if "rotate" in names:
        angle = float(rng.uniform(-10, 10))
        rec["rotate"] = round(angle, 2)
    if "flip" in names:
        flip = bool(rng.random() < 0.5)
        rec["flip"] = flip
        if flip:
            if not figures:
                raise ValueError("flip needs the item's figure boxes")
            img = mirror_figures(img, figures)
    if dx or dy or angle:
        # [decision] pad with white first so that no part of a wide item leaves the canvas
        # (a 10-degree turn of a 1000 px wide strip would cut off its ends and the answer).
        import math

        w, h = img.size
        a = math.radians(abs(angle))
        px = int(math.ceil((w * math.cos(a) + h * math.sin(a) - w) / 2 + abs(dx))) + 2
        py = int(math.ceil((w * math.sin(a) + h * math.cos(a) - h) / 2 + abs(dy))) + 2
        padded = Image.new("RGB", (w + 2 * px, h + 2 * py), "white")
        padded.paste(img, (px, py))
        img = padded.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor="white", translate=(dx, dy))
        rec["pad"] = [px, py]
    if "noise" in names:
        arr = np.asarray(img, dtype=np.float32) / 255.0
        arr = np.clip(arr + rng.normal(0, 0.1, arr.shape).astype(np.float32), 0, 1)
        img = Image.fromarray((arr * 255 + 0.5).astype(np.uint8))
        rec["noise"] = 0.1
    if "contrast" in names:
        img = ImageEnhance.Contrast(img).enhance(1.5)
        rec["contrast"] = 1.5
    if "brightness" in names:
        img = ImageEnhance.Brightness(img).enhance(1.5)
        rec["brightness"] = 1.5
    return img, rec

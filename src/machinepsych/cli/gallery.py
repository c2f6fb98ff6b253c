"""``machinepsych gallery TEST``: an HTML contact sheet of a test's stimuli with their keys.

Plays sessions of the test through the one play loop (every trial answered as invalid, so
nothing depends on a participant) and writes each trial's observation as a person would see
it (text and images), with what the participant does not see: the answer key and the
stimulus record. For checking generated items by eye.
"""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Optional

import typer

from .app import app, parse_params


MAX_ITEMS = 1000  # items on one contact sheet (each holds its images in the page)


def write_gallery(test: str, out: Path, n: int = 12, seed: int = 1, preset: str | None = None,
                  params: dict | None = None) -> Path:
    """Write ``out/<test>-<preset>.html`` with the first ``n`` trials of sessions seed, seed+1, ..."""
    from ..core.errors import ConfigError
    from ..core.play import Episode
    from ..core.types import ImagePart, TextPart
    from ..tasks.catalog import get_task

    if not 1 <= n <= MAX_ITEMS:
        raise ConfigError(f"--n must be at least 1 and at most {MAX_ITEMS} (got {n})")
    if not 0 <= seed < 2**31:
        raise ConfigError(f"--seed must be between 0 and 2^31 (got {seed})")
    spec = get_task(test)
    resolved = spec.resolve(preset, params or {})
    cards: list[str] = []
    session_seed = seed
    while len(cards) < n:
        episode = Episode(spec.make(resolved), session_seed)
        while not episode.done and len(cards) < n:
            obs = episode.observation

            def rendered(parts) -> list[str]:
                return [f'<img src="{p.data_url}" alt="{html.escape(p.alt)}">' if isinstance(p, ImagePart) else
                        f'<p class="q">{html.escape(p.text).replace(chr(10), "<br>")}</p>'
                        for p in parts if isinstance(p, (ImagePart, TextPart))]

            body = []
            if obs.study:
                shown = f"{obs.study_seconds:g} s" if obs.study_seconds else "until Continue"
                body.append(f'<div class="study"><p class="phase">Study phase (shown alone, {shown}; taken away '
                            f'before the question)</p>{"".join(rendered(obs.study_for("person")))}</div>'
                            '<p class="phase">Question</p>')
            body.extend(rendered(obs.parts_for("person")))
            key = json.dumps(obs.hidden, default=str) if obs.hidden else "(none declared)"
            stimulus = json.dumps(obs.stimulus, indent=1, default=str)[:6000]
            cards.append(f'<div class="item"><h3>Session seed {session_seed}, trial {obs.trial + 1}</h3>{"".join(body)}'
                         f'<p class="key">Answer key (hidden from participants): <b>{html.escape(key)}</b></p>'
                         f'<details><summary>stimulus record</summary><pre>{html.escape(stimulus)}</pre></details></div>')
            episode.step(None)
        session_seed += 1
    env = spec.make(resolved)
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>{html.escape(spec.id)} gallery</title><style>
body{{font-family:sans-serif;margin:20px;max-width:1000px}} .item{{border:1px solid #ccc;padding:10px;margin:10px 0}}
img{{max-width:100%;border:1px solid #eee}} .key{{color:#060}} .study{{background:#f4f4f4;padding:6px}} .phase{{font-weight:bold;color:#444}} pre{{font-size:12px;white-space:pre-wrap}}</style></head><body>
<h1>{html.escape(spec.title)}</h1>
<p>{html.escape(spec.key)}, preset {html.escape(preset or 'default')}, parameters {html.escape(json.dumps(resolved.model_dump(mode="json")))}</p>
<h2>Instructions (for people)</h2><p>{html.escape(spec.instructions(env, "person")).replace(chr(10), "<br>")}</p>
{''.join(cards)}</body></html>"""
    from ..core.atomic import write_text_atomic

    out.mkdir(parents=True, exist_ok=True)
    return write_text_atomic(out / f"{spec.id}-{preset or 'default'}.html", page)


@app.command("gallery")
def gallery(
    test: str = typer.Argument(..., help="Test id, e.g. visfactor-vz2, or a battery id for all its tests."),
    n: int = typer.Option(12, "--n", min=1, max=1000, help="Number of trials (items) to show."),
    seed: int = typer.Option(1, "--seed", min=0, max=2**31, help="Seed of the first session."),
    preset: Optional[str] = typer.Option(None, "--preset", help="Preset (e.g. easy, hard, split)."),
    param: list[str] = typer.Option([], "--param", "-p", help="Test parameter key=value. Repeatable."),
    out: Path = typer.Option(Path("gallery"), "--out"),
) -> None:
    """Write an HTML contact sheet of a test's stimuli with their answer keys."""
    from ..core.errors import ConfigError
    from ..tasks.catalog import get_battery, is_battery
    from .app import check_output_path

    if not 1 <= n <= MAX_ITEMS:  # before any item is made or folder created
        raise ConfigError(f"--n must be at least 1 and at most {MAX_ITEMS} (got {n})")
    if not 0 <= seed < 2**31:
        raise ConfigError(f"--seed must be between 0 and 2^31 (got {seed})")
    check_output_path(out, "--out", folder=True)
    tests = [i.task for i in get_battery(test).items] if is_battery(test) else [test]
    for t in tests:
        typer.echo(str(write_gallery(t, out, n, seed, preset, parse_params(param))))

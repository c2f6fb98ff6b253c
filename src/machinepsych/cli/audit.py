"""``machinepsych audit TEST``: the validity audit of a generated test or battery.

Generates ``--n`` items of every test (through the real environment), and reports the key
distribution, the true/false balance and the accuracy of construct-free heuristic solvers
against chance (``analysis/audit.py``). For VisFactor it also runs the learned audit
(``tasks/visfactor/audit_learned.py``): classifiers trained on the items' surface features,
against structural chance, replicated on a second seed range, at the preset's difficulty, or
at every difficulty when no ``--preset`` is given (``--no-learned`` skips it). Tests with an
item-level audit (``TaskSpec.item_audit``: VisFactor's rules about the whole item,
``tasks/visfactor/item_rules.py``) get it at every difficulty unless ``--preset`` names one
(``--item-n`` items each, ``--no-item-rules`` skips it); each finding is one line. Exit code 1
when anything is flagged, so CI can use it; 0 otherwise.
"""
from __future__ import annotations

import json
import math
from typing import Optional

import typer

from .app import app

def _item_targets(pairs, preset: str | None) -> list[tuple[object, list[tuple]]]:
    """(item-level audit, its targets) for the audited tests that offer one (``TaskSpec.item_audit``),
    every target once, in order of first appearance."""
    out: list[tuple[object, list[tuple]]] = []
    for spec, _ in pairs:
        ia = spec.item_audit
        if ia is None:
            continue
        have = next((t for a, t in out if a is ia), None)
        if have is None:
            out.append((ia, have := []))
        have += [t for t in ia.targets(spec, preset) if t not in have]
    return [(a, t) for a, t in out if t]


def _learned_targets(pairs, every_difficulty: bool = False) -> list[tuple[object, list[tuple]]]:
    """(learned audit, its targets) for the audited (spec, preset) pairs whose test family offers
    a learned audit (``TaskSpec.learned_audit``): at the preset's difficulty, or at every
    difficulty (in the preset's mode); every target once, in order of first appearance."""
    out: list[tuple[object, list[tuple]]] = []
    for spec, preset in pairs:
        la = spec.learned_audit
        if la is None:
            continue
        have = next((t for a, t in out if a is la), None)
        if have is None:
            out.append((la, have := []))
        have += [t for t in la.targets(spec, preset, every_difficulty) if t not in have]
    return [(a, t) for a, t in out if t]


@app.command("audit")
def audit_cmd(
    test: str = typer.Argument(..., help="Test id or battery, e.g. visfactor-vz2 or visfactor."),
    n: int = typer.Option(1000, "--n", min=1, max=200_000, help="Items generated per test (heuristic audit)."),
    seed: int = typer.Option(0, "--seed", min=0, max=2**62 - 1, help="Seed of the generated sessions (>= 0)."),
    preset: Optional[str] = typer.Option(None, "--preset", help="Preset (e.g. split, hard); default: each test's own."),
    json_out: bool = typer.Option(False, "--json", help="Print every finding as JSON."),
    learned: Optional[bool] = typer.Option(
        None, "--learned/--no-learned",
        help="Learned audit of VisFactor (logistic regression and boosted trees on surface features, against "
             "structural chance, Bonferroni, replicated on a second seed range); on by default, at the preset's "
             "difficulty, or at easy, normal and hard when no --preset is given."),
    learned_n: Optional[int] = typer.Option(
        None, "--learned-n", min=1, max=1_000_000,
        help="Items per seed range of the learned audit. Default with --preset: 2,700 (power 0.9 to flag a true "
             "5-point lift over a structural chance of 1/2, the hardest case, at alpha 0.01 / 48 in both seed "
             "ranges); without --preset, 1,000 at each of the three difficulties (about the same cost; power 0.9 "
             "for one test at a chance of 1/10 or less, lower near 1/2: give --learned-n 2700 there)."),
    jobs: int = typer.Option(1, "--jobs", min=1, max=256,
                             help="Processes for the learned audit (one subtest per process; the same results)."),
    heuristic: bool = typer.Option(True, "--heuristic/--no-heuristic", help="Run the heuristic audit."),
    markdown: bool = typer.Option(False, "--markdown", help="Print the learned audit's table as Markdown."),
    item_rules: bool = typer.Option(True, "--item-rules/--no-item-rules",
                                    help="Item-level audit: rules about the whole item (VisFactor SS2, SS3, VZ1, CF2), "
                                         "at every difficulty unless --preset names one."),
    item_n: Optional[int] = typer.Option(None, "--item-n", min=20, max=100_000,
                                         help="Items per subtest and difficulty of the item-level audit (default 1,000)."),
) -> None:
    """Can a test be passed without the ability? Key balance, heuristic and learned solvers vs chance."""
    from ..analysis.audit import ALPHA, MAX_N, audit, min_lift, targets
    from ..core.errors import ConfigError

    if not 1 <= n <= MAX_N:
        raise ConfigError(f"--n must be between 1 and {MAX_N:,} (got {n})")
    if seed < 0:
        raise ConfigError(f"--seed must be >= 0 (got {seed})")
    pairs = targets(test, preset)
    it_targets = _item_targets(pairs, preset) if item_rules else []
    lt = _learned_targets(pairs, every_difficulty=preset is None) if learned is not False else []
    if learned and not lt:
        raise ConfigError(f"--learned: no test of {test} has a learned audit (the VisFactor subtests have one)")
    for la, _ in lt:
        if learned_n is not None and not 1 <= learned_n <= la.max_n:
            raise ConfigError(f"--learned-n must be between 1 and {la.max_n:,} (got {learned_n})")
    from rich.console import Console

    con = Console(stderr=True, emoji=False) if (json_out or markdown) else Console(emoji=False)
    results = [audit(spec, n, seed, p) for spec, p in pairs] if heuristic else []
    flagged = [r for r in results if r.flagged]
    lruns = [(la, la.run(targets, n=learned_n if learned_n is not None else la.n_for(preset is None), seed=seed,
                         progress=lambda s: con.print(f"[dim]learned audit: {s}[/dim]"), workers=jobs))
             for la, targets in lt]
    lflagged = [f for _, r in lruns for f in r.flagged]
    iruns = [(ia, ia.run(t, n=item_n or ia.default_n, seed=seed,
                         progress=lambda s: con.print(f"[dim]item rules: {s}[/dim]")))
             for ia, t in it_targets]
    iflagged = [(ia, f) for ia, r in iruns for f in r if ia.flagged(f)]
    if json_out:
        # one learned audit (a family's) per run: the VisFactor subtests are the only ones today
        typer.echo(json.dumps({"alpha": ALPHA, "n": n, "seed": seed, "flagged": bool(flagged or lflagged or iflagged),
                               "tests": [r.as_dict() for r in results],
                               "item_rules": [{**vars(f), "p": float(f.p), "flagged": bool(ia.flagged(f))}
                                              for ia, r in iruns for f in r],
                               **({"learned": lruns[0][1].as_dict()} if len(lruns) == 1 else
                                  {"learned": [r.as_dict() for _, r in lruns]} if lruns else {})},
                              indent=2, default=str))
    elif markdown:
        for L, lres in lruns:
            typer.echo(f"Learned audit: n = {lres.n} items per seed range, seed {seed}, alpha {ALPHA} / "
                       f"{len(lres.findings)} (Bonferroni), lift >= 5 points, replicated on a second seed range.\n")
            typer.echo(L.markdown(lres))
            typer.echo("\nSeconds per subtest (generation, features, fits, replication): " +
                       ", ".join(f"{s} {d}/{m} {t:.0f}" for (s, d, m), t in lres.seconds.items()))
        if heuristic:
            typer.echo(f"\nHeuristic audit (n = {n}): {len(flagged)} of {len(results)} tests flagged" +
                       (": " + ", ".join(f"{r.test} ({', '.join(f.name for f in r.flagged)})" for r in flagged)
                        if flagged else ""))
    else:
        from rich.table import Table

        for r in results:
            table = Table(title=f"{r.test} ({r.preset}; n={r.n}, seed={seed}; alpha {ALPHA} / {len(r.findings) - sum(f.kind == 'info' for f in r.findings)})")
            for col in ("check", "value", "chance", "p", "flag"):
                table.add_column(col, overflow="fold")
            for f in r.findings:
                if f.kind == "heuristic":
                    val, ref = f"{f.value:.1f}%", f"{f.reference:.1f}% (+{min_lift(f.reference):.0f})"
                elif f.kind == "keys":
                    val, ref = f"w={f.value:.2f} {f.detail.get('share %')}", "w<0.15"
                elif f.kind == "balance":
                    val, ref = f"{f.value:.1f}% T", "50% (±5)"
                else:
                    val, ref = f"{f.value:.1f}% T", "(info)"
                p = "" if math.isnan(f.p) else f"{f.p:.2g}"
                table.add_row(f.name, val, ref, p, "FLAG" if f.flagged else "")
            con.print(table)
        if heuristic:
            con.print(f"{len(flagged)} of {len(results)} tests flagged" +
                      (": " + ", ".join(f"{r.test} ({', '.join(f.name for f in r.flagged)})" for r in flagged) if flagged else ""))
        for L, lres in lruns:
            table = Table(title=f"Learned audit (n={lres.n} per seed range, seed={seed}; alpha {ALPHA} / "
                                f"{len(lres.findings)}; lift >= 5 points; replicated on a second seed range)")
            for col in L.columns:
                table.add_column(col, overflow="fold")
            for row in L.rows(lres):
                table.add_row(*row)
            con.print(table)
            mine = lres.flagged
            con.print(f"learned audit: {len(mine)} of {len(lres.findings)} strategies flagged" +
                      (": " + ", ".join(f"{f.subtest} {f.difficulty}/{f.mode} {f.strategy} ({f.metric})"
                                        for f in mine) if mine else ""))
    if not json_out:
        for ia, r in iruns:
            for f in r:
                typer.echo(("FLAG " if ia.flagged(f) else "ok   ") + ia.line(f))
        if iruns:
            typer.echo(f"item rules: {len(iflagged)} of {sum(len(r) for _, r in iruns)} flagged")
    if flagged or lflagged or iflagged:
        raise typer.Exit(1)

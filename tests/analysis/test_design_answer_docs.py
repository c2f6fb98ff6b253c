"""The bandits', PRL's, the IGTs' and wcst-reflection's best options keep one label in every
session (``ChancePolicy.design``): a fixed answer that wins by knowing the design, never the bar
for "> chance" (the report judges by random answers, the figure draws only their line, the
tables name the fixed answer "not the bar: it needs the design, not the format"). The docs say
what the report does: no passage about such an answer says "> chance" is judged against it
(before: docs/bandits.md, people-data.md, reflection-bench.md and cardsort.md did)."""
from __future__ import annotations

import re
from pathlib import Path

from machinepsych.tasks.catalog import all_tasks

DOCS = Path(__file__).resolve().parents[2] / "docs"
# what a passage would say if the design's fixed answer were the bar
JUDGED = re.compile(r"judge[sd]? \"> chance\" against (it|the higher)|\"> chance\" judged against the higher"
                    r"|\"> chance\" is above the higher")


def _passages(policy: str) -> list[tuple[str, str]]:
    """(file, passage) of every paragraph, list item or table row of the docs that names ``policy``
    (in backquotes), its whitespace folded."""
    out = []
    for path in sorted(DOCS.glob("*.md")):
        for part in re.split(r"\n\s*\n|\n(?=\s*[*|-] )", path.read_text()):
            if f"`{policy}`" in part:
                out.append((path.name, " ".join(part.split())))
    return out


def test_no_doc_says_a_design_fixed_answer_is_the_bar():
    design = {s.constant_policy.name for s in all_tasks() if s.constant_policy and s.constant_policy.design}
    assert {"always-A", "always-C", "always-DDD", "best-card"} <= design
    passages = [(f, p) for name in sorted(design) for f, p in _passages(name)]
    assert len(passages) >= 4  # the docs do name them
    wrong = [(f, JUDGED.search(p).group(0), p[:100]) for f, p in passages if JUDGED.search(p)]
    assert not wrong, wrong

"""One digest of a VisFactor generator's items, for the tests that pin an older generation
(``tests/tasks/visfactor/test_vf_gen_*.py``): the items must stay byte-identical so that stored runs
of an older test version can be reproduced.

Each pinned value was recorded with its own choice of what is hashed, so ``fields`` says it: the
main picture is always hashed, then the study page where ``"study_image"`` is named (and the item
has one), then one JSON list of the other named fields in the order given."""
from __future__ import annotations

import hashlib
import json
from typing import Any, Callable

from machinepsych.tasks.visfactor.core import Item, generate

DIFFS = ("easy", "normal", "hard")

# what each field name puts in the JSON list
FIELDS: dict[str, Callable[[Item], Any]] = {
    "question": lambda it: it.question,
    "gold": lambda it: str(it.gold),
    "options": lambda it: list(map(str, it.options)),
    "rows": lambda it: [list(r) for r in it.rows],
    "split_question": lambda it: it.split_question,
    "accepted": lambda it: list(it.accepted),
    "params": lambda it: it.params,
    # the parameters as one JSON string (sorted keys) inside the list
    "params_json": lambda it: json.dumps(it.params, sort_keys=True, default=str),
    # a null in the list (I3 generation 1's pinned value hashed one in place of the parameters)
    "null": lambda it: None,
}
STUDY = "study_image"


def item_digest(subtest: str, generation: int | None, fields: tuple[str, ...], seeds: int = 8,
                length: int | None = 16) -> str:
    """sha256 of ``subtest``'s items of ``generation``, seeds ``0..seeds-1`` x easy/normal/hard:
    per item its picture's bytes, its study page's bytes (with ``"study_image"`` in ``fields``)
    and the JSON list of the other ``fields`` (see FIELDS); the first ``length`` hex digits
    (None: all 64)."""
    unknown = [f for f in fields if f != STUDY and f not in FIELDS]
    if unknown:
        raise ValueError(f"unknown digest fields {unknown}")
    h = hashlib.sha256()
    for d in DIFFS:
        for s in range(seeds):
            it = generate(subtest, s, d, generation=generation)
            h.update(it.image.tobytes())
            if STUDY in fields and it.study_image is not None:
                h.update(it.study_image.tobytes())
            h.update(json.dumps([FIELDS[f](it) for f in fields if f != STUDY], sort_keys=True,
                                default=str).encode())
    return h.hexdigest()[:length] if length else h.hexdigest()

"""CogBench's annotation task (``TaskSpec.annotation``): people score stored reasonings 1-5 with
the Rationality rubric (Lv et al., 2024), blind to which method, model or person wrote them.

The generic pages (``/annotate``) and ``machinepsych annotate RUN`` show an item with
:func:`item_html` / :func:`item_text`, an opt-in LLM judge is asked with :func:`judge_prompt`,
and :func:`summary` gives Rationality per iteration per condition (per item the majority of its
annotators' scores), the annotators' agreement and, apart and labelled, any judge's scores.
``react`` and ``reflexion`` are given the session's annotations so far (``feedback_strategies``):
their observation on the last iteration carries the Rationality of their previous reasoning
where people have scored it (:mod:`.methods`).
"""
from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from machinepsych.core.spec import AnnotationTask

from .data import profile_text
from .score import agreement, majority, mean_per_iteration, table

RUBRIC = (
    (5, "The reasoning fully matches what a person would expect: consistent with the profile and what was read, no errors."),
    (4, "Coherent and relevant, uses the profile or the information correctly, with minor imperfections."),
    (3, "Relevant but unspecific, e.g. a vague explanation where a clear stance is expected."),
    (2, "Unclear or weakly argued: forced analogies, or merely restating the statement."),
    (1, "Irrelevant or nonsensical, reveals that an AI wrote it, or abandons the profile."),
)


def items(pairs: Iterable[tuple[Any, Any]]) -> list[dict[str, Any]]:
    """Every rated statement of stored CogBench ``(session, trial)`` rows, with what an
    annotator needs and, separately, who wrote it (``condition``, never shown)."""
    out = []
    for s, t in pairs:
        info = t.info or {}
        if "reasons" not in info:
            continue
        obs = t.observation or {}
        stim = obs.get("stimulus", {})
        flow = "\n".join(p.get("text", "") for p in obs.get("study", []) if p.get("audience", "all") == "all")
        texts = {x["id"]: x["text"] for x in stim.get("statements", [])}
        for sid, reason in (info.get("reasons") or {}).items():
            rating = (info.get("ratings") or {}).get(sid)
            if rating is None:
                continue
            out.append({"item": f"{s.id}:{t.index}:{sid}", "iteration": int(info.get("iteration", t.index)),
                        "profile": stim.get("profile", {}), "flow": flow, "statement": texts.get(sid, ""),
                        "rating": rating, "reason": reason, "condition": s.condition})
    return out


def _esc(v: Any) -> str:
    return html.escape(str(v), quote=True)


def item_html(it: dict) -> str:
    flow = (f"<details><summary>What this person had just read (iteration {it['iteration']})</summary>"
            f"<div class='study'>{_esc(it['flow'])}</div></details>") if it["flow"] else \
        "<p class='muted'>Iteration 0: the person had read nothing yet.</p>"
    return (f"<h2>The person</h2><div class='instructions'>{_esc(profile_text(it['profile']))}</div>{flow}"
            f"<h2>The statement</h2><p>{_esc(it['statement'])}</p>"
            f"<h2>The answer</h2><p>Rating {it['rating']} of 5 (1 = strongly disagree, 5 = strongly agree).</p>"
            f"<div class='instructions'>{_esc(it['reason'])}</div>")


def item_text(it: dict) -> str:
    return (f"The person:\n{profile_text(it['profile'])}\n\n"
            f"Iteration {it['iteration']}. Statement: {it['statement']}\nRating {it['rating']} of 5. "
            f"Reason: {it['reason']}")


JUDGE_PROMPT = """You score the reasoning of an answer to an opinion questionnaire, 1-5, with this rubric:
{rubric}

The person who answered (their profile):
{profile}

What they had just read:
{flow}

Statement: {statement}
Their rating: {rating} of 5 (1 = strongly disagree, 5 = strongly agree)
Their reasoning: {reason}

Reply with one short sentence of justification, then "Score: <1-5>" on its own line, once."""


def judge_prompt(it: dict, rubric: str) -> str:
    return JUDGE_PROMPT.format(rubric=rubric, profile=profile_text(it["profile"]), flow=it["flow"] or "(nothing yet)",
                               statement=it["statement"], rating=it["rating"], reason=it["reason"])


def summary(all_items: list[dict], given: Mapping[str, Mapping[str, int]], judge_prefix: str) -> dict[str, Any]:
    """Rationality per iteration per condition from people (per item: the majority of its
    annotators' scores), with avg / 5th / 10th, the annotators' agreement over items all of
    them scored, and, apart and labelled, ``rationality_llm_judge`` from any LLM judge."""
    people = {item: {a: v for a, v in votes.items() if not a.startswith(judge_prefix)} for item, votes in given.items()}
    judges = sorted({a for v in given.values() for a in v if a.startswith(judge_prefix)})
    by_cond: dict[str, list] = {}
    by_judge: dict[str, dict[str, list]] = {}
    for it in all_items:
        votes = people.get(it["item"], {})
        by_cond.setdefault(it["condition"], []).append((it["iteration"], majority(votes.values())))
        for j in judges:
            by_judge.setdefault(j[len(judge_prefix):], {}).setdefault(it["condition"], []).append(
                (it["iteration"], given.get(it["item"], {}).get(j)))
    annotators = sorted({a for v in people.values() for a in v})
    full = [[v[a] for a in annotators] for v in people.values() if len(v) == len(annotators) and v]
    out: dict[str, Any] = {
        "rationality": {c: table(mean_per_iteration(rows)) for c, rows in by_cond.items()},
        "annotators": annotators, "agreement": agreement(full) if len(annotators) > 1 else None,
        "scored_items": sum(1 for v in people.values() if v)}
    if by_judge:
        out["rationality_llm_judge"] = {m: {c: table(mean_per_iteration(rows)) for c, rows in conds.items()}
                                        for m, conds in by_judge.items()}
    return out


ANNOTATION = AnnotationTask(title="Rate the reasoning", question="How good is this reasoning?", rubric=RUBRIC, items=items, item_html=item_html,
                            item_text=item_text, judge_prompt=judge_prompt, summary=summary,
                            feedback_strategies=("react", "reflexion"))

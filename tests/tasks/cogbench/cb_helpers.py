"""Released-format CogBench files written in a temporary folder for the tests."""
from __future__ import annotations

import json
from pathlib import Path

PROFILE = {"Name": "Ada Test", "Gender": "Female", "Age": "40", "Occupation": "Engineer"}


def eval_records(n_statements: int = 3, topics=("Topic A", "Topic B"), human=None, method=None) -> list[dict]:
    """Records of the released eval format: human[topic][t][j] and method[topic][t][j] ratings
    (default: human 3 everywhere, the method 3 everywhere)."""
    out = []
    for ti, topic in enumerate(topics):
        for t in range(11):
            items = []
            for j in range(n_statements):
                h = human[ti][t][j] if human else 3
                m = method[ti][t][j] if method else 3
                items.append({"question": f"{topic} statement {j + 1} is true.",
                              "answer": {"human_rating": h,
                                         "CoT": {"profile": "Name: Ada Test", "rating": m, "reason": "because",
                                                 "rationality": 3}}})
            out.append({"topic": topic, "iteration": t, "profile": PROFILE,
                        "information_flow": [] if t == 0 else [f"Article {t} about {topic}.",
                                                               {"title": "Video", "asr": "spoken words", "ocr": ""}],
                        "questionnaire": items})
    return out


def write(folder: Path, name: str, obj) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    p.write_text(json.dumps(obj), encoding="utf-8")
    return p

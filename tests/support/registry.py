"""Public packages a test reads data or reference code from, fetched from the package registry
(never copied into this repository) into a per-user cache, once; a test that cannot fetch one
is skipped with the registry's reason."""
from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest


def cache_dir(name: str) -> Path:
    """A folder kept between test runs (``MACHINEPSYCH_TEST_CACHE``, else ~/.cache/machinepsych-tests)."""
    root = Path(os.environ.get("MACHINEPSYCH_TEST_CACHE") or Path.home() / ".cache" / "machinepsych-tests")
    where = root / name
    where.mkdir(parents=True, exist_ok=True)
    return where


def fetch(requirement: str, pattern: str, source_of: str | None = None) -> Path:
    """The file matching ``pattern`` that ``pip download --no-deps requirement`` gives (an sdist
    where ``source_of`` names the package to take as source); skips the test where it cannot."""
    where = cache_dir(requirement.replace("==", "-"))
    found = sorted(where.glob(pattern))
    if found:
        return found[0]
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(where), requirement]
    if source_of:
        cmd[4:4] = ["--no-binary", source_of]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    found = sorted(where.glob(pattern))
    if r.returncode != 0 or not found:
        last = (r.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"cannot fetch {requirement} from the package registry: {last}")
    return found[0]


HBAYESDM = "1.1.1"


def hbayesdm_extdata(*names: str) -> Path:
    """The folder holding ``names``, files of hBayesDM's example data
    (``hbayesdm/common/extdata/`` of its source package), extracted side by side as the
    package lays them out; skips the test where the package cannot be fetched."""
    # --no-binary names hbayesdm only: its build backend (poetry-core) may come as a wheel
    sdist = fetch(f"hbayesdm=={HBAYESDM}", f"hbayesdm-{HBAYESDM}.tar.gz", source_of="hbayesdm")
    folder = sdist.parent / "extdata"
    folder.mkdir(exist_ok=True)
    for name in names:
        if not (folder / name).exists():
            with tarfile.open(sdist) as tar:
                member = f"hbayesdm-{HBAYESDM}/hbayesdm/common/extdata/{name}"
                (folder / name).write_bytes(tar.extractfile(member).read())
    return folder

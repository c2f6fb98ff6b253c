"""A throwaway PostgreSQL cluster for tests.

``with postgres_cluster() as pg: url = pg.url()`` runs ``initdb`` in a temporary folder,
starts ``postgres`` on 127.0.0.1 (a free port; its socket in the temporary folder; trust
auth; fsync off), creates a database and yields a :class:`PostgresCluster` whose
:meth:`~PostgresCluster.url` is a SQLAlchemy URL ``postgresql+psycopg://USER@127.0.0.1:PORT/DB``.
The cluster is stopped and its folder removed on exit.

PostgreSQL refuses to run as root: when the tests run as root the server processes run as
an unprivileged system user (``postgres`` if it exists, else ``nobody``; override with
``MACHINEPSYCH_PG_USER``), which owns the temporary folder.

Binaries: ``MACHINEPSYCH_PG_BIN`` (a folder), else ``initdb``/``pg_ctl`` on ``PATH``, else the
newest ``/usr/lib/postgresql/*/bin``. Anything missing raises :class:`PostgresUnavailable`.
"""
from __future__ import annotations

import contextlib
import glob
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DB_USER = "machinepsych"
DB_NAME = "machinepsych_test"
INSTALL_HINT = "install the PostgreSQL server (e.g. apt-get install postgresql) or set MACHINEPSYCH_PG_BIN"


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server binaries, or the throwaway cluster could not be started."""


def find_bin_dir() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``."""
    candidates: list[Path] = []
    if os.environ.get("MACHINEPSYCH_PG_BIN"):
        candidates.append(Path(os.environ["MACHINEPSYCH_PG_BIN"]))
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
        candidates.append(Path(on_path).parent)

    def version(p: str) -> float:
        try:
            return float(Path(p).parent.name)
        except ValueError:
            return 0.0

    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)]
    for d in candidates:
        if all(os.access(d / exe, os.X_OK) for exe in ("initdb", "pg_ctl", "postgres")):
            return d
    raise PostgresUnavailable(f"PostgreSQL server binaries (initdb, pg_ctl, postgres) not found: {INSTALL_HINT}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_user() -> pwd.struct_passwd | None:
    """The account the server runs as: None for the current user (when not root)."""
    if os.geteuid() != 0:
        return None
    names = [os.environ["MACHINEPSYCH_PG_USER"]] if os.environ.get("MACHINEPSYCH_PG_USER") else ["postgres", "nobody"]
    for name in names:
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        if entry.pw_uid != 0:
            return entry
    raise PostgresUnavailable(f"running as root and no unprivileged user to run PostgreSQL as (tried {', '.join(names)})")


@dataclass
class PostgresCluster:
    bin_dir: Path
    root: Path
    port: int
    account: pwd.struct_passwd | None
    user: str = DB_USER
    database: str = DB_NAME

    @property
    def data_dir(self) -> Path:
        return self.root / "data"

    @property
    def socket_dir(self) -> Path:
        return self.root / "sock"

    @property
    def log_file(self) -> Path:
        return self.root / "postgres.log"

    def url(self, database: str | None = None) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database or self.database}"

    # -- process control ----------------------------------------------------------------
    def _run(self, args: list[str], timeout: float = 60) -> subprocess.CompletedProcess:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "LANG": "C", "TZ": "UTC"}
        kwargs: dict = {}
        if self.account is not None:  # drop root for the server tools
            kwargs = {"user": self.account.pw_uid, "group": self.account.pw_gid, "extra_groups": []}
            env["HOME"] = str(self.root)
        return subprocess.run(args, env=env, cwd=self.root, capture_output=True, text=True, timeout=timeout, **kwargs)

    def _log_tail(self, n: int = 20) -> str:
        try:
            return "\n".join(self.log_file.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def init(self) -> None:
        self.socket_dir.mkdir()
        if self.account is not None:
            for p in (self.root, self.socket_dir):
                os.chown(p, self.account.pw_uid, self.account.pw_gid)
        res = self._run([str(self.bin_dir / "initdb"), "-D", str(self.data_dir), "-U", self.user, "--auth=trust",
                         "-E", "UTF8", "--locale=C", "--no-sync"], timeout=120)
        if res.returncode != 0:
            raise PostgresUnavailable(f"initdb failed ({res.returncode}): {(res.stderr or res.stdout).strip()[-2000:]}")

    def start(self) -> None:
        opts = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.socket_dir} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=50 "
                "-c shared_buffers=32MB -c dynamic_shared_memory_type=mmap")
        res = self._run([str(self.bin_dir / "pg_ctl"), "-D", str(self.data_dir), "-l", str(self.log_file),
                         "-o", opts, "-w", "-t", "60", "start"], timeout=90)
        if res.returncode != 0:
            raise PostgresUnavailable(f"postgres did not start on port {self.port} ({res.returncode}): "
                                      f"{(res.stderr or res.stdout).strip()}\n{self._log_tail()}")

    def stop(self) -> None:
        if not (self.data_dir / "postmaster.pid").exists():
            return
        for mode in ("fast", "immediate"):
            try:
                res = self._run([str(self.bin_dir / "pg_ctl"), "-D", str(self.data_dir), "-m", mode, "-w", "-t", "20",
                                 "stop"], timeout=30)
                if res.returncode == 0:
                    return
            except subprocess.TimeoutExpired:
                pass

    def create_database(self, name: str) -> str:
        """Create a fresh database in the cluster; returns its SQLAlchemy URL."""
        exe = self.bin_dir / "createdb"
        if os.access(exe, os.X_OK):
            res = self._run([str(exe), "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user, name])
            if res.returncode != 0:
                raise PostgresUnavailable(f"createdb {name} failed: {(res.stderr or res.stdout).strip()}")
        else:  # no client tools: use psycopg
            import psycopg

            with psycopg.connect(host="127.0.0.1", port=self.port, user=self.user, dbname="postgres",
                                 autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextlib.contextmanager
def postgres_cluster(database: str = DB_NAME, attempts: int = 3) -> Iterator[PostgresCluster]:
    """Start a throwaway cluster with one database; stop and delete it on exit."""
    bin_dir = find_bin_dir()
    if importlib.util.find_spec("psycopg") is None:
        raise PostgresUnavailable("the psycopg driver is not installed: pip install 'psycopg[binary]>=3.1'")
    account = _server_user()
    root = Path(tempfile.mkdtemp(prefix="machinepsych-pg-"))
    cluster = None
    try:
        last: Exception | None = None
        for _ in range(attempts):  # the free port may be taken between probe and bind: retry
            cluster = PostgresCluster(bin_dir, root, free_port(), account, database=database)
            if not cluster.data_dir.exists():
                cluster.init()
            try:
                cluster.start()
                break
            except PostgresUnavailable as exc:
                last = exc
                time.sleep(0.2)
        else:
            raise last or PostgresUnavailable("postgres did not start")
        cluster.create_database(database)
        yield cluster
    finally:
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def postgres_url(database: str = DB_NAME) -> Iterator[str]:
    """The SQLAlchemy URL of a database in a throwaway cluster (see :func:`postgres_cluster`)."""
    with postgres_cluster(database) as cluster:
        yield cluster.url()

"""``machinepsych serve``: the web app where people take the sessions of human runs.

Create the sessions first (``machinepsych run wcst --model human --sessions 5 --run-name lab1``)
and a study link (``machinepsych study create lab1``), then serve them from the same store.
The researcher's pages (runs, live dashboard, results, export) need the admin token, given
with ``--admin-token`` or generated and printed here.
"""
from __future__ import annotations

from typing import Optional

import typer

from .app import app


def check_listen(host: str, port: int) -> None:
    """``--host``/``--port`` can be listened on (an address of this machine, the port free):
    checked by binding once, before the store is opened, so a bad address is one line and not
    uvicorn's log and exit."""
    import socket

    from machinepsych.core.errors import ConfigError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as exc:
        raise ConfigError(f"--host {host!r} is not an address or host name of this machine ({exc}); e.g. 127.0.0.1 "
                          "or 0.0.0.0") from None
    family, kind, proto, _, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
    except OSError as exc:
        raise ConfigError(f"Cannot listen on {host}:{port}: {exc.strerror or exc} (another program on the port, or "
                          "an address not of this machine)") from None
    finally:
        sock.close()


@app.command("serve")
def serve_cmd(
    store: Optional[str] = typer.Option(None, "--store", help="Result store: a SQLAlchemy URL or a SQLite file path."),
    host: str = typer.Option("127.0.0.1", "--host",
                             help="Interface to listen on (default: this computer only; 0.0.0.0 for every network)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="TCP port."),
    admin_token: Optional[str] = typer.Option(None, "--admin-token", envvar="MACHINEPSYCH_ADMIN_TOKEN",
                                              help="Token for the researcher's pages (default: a random one, printed)."),
) -> None:
    """Serve the human sessions in the browser: same seeded tests, trials stored like a model's (RT in latency_s)."""
    from machinepsych.core.errors import ConfigError

    if not 1 <= port <= 65535:
        raise ConfigError(f"--port must be between 1 and 65535 (got {port})")
    check_listen(host, port)
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError as exc:
        raise ConfigError(f"The web interface needs FastAPI and uvicorn ({exc}): pip install 'machinepsych[web]'") from None
    web = create_app(store, admin_token=admin_token)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"Serving {web.state.store.safe_url} on http://{host}:{port}/ (Ctrl+C to stop)")
    typer.echo(f"Researcher's pages: http://{shown}:{port}/admin?token={web.state.admin_token}")
    uvicorn.run(web, host=host, port=port, log_level="warning", server_header=False)

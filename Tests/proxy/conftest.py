"""Fixtures for the proxy tests: `todo serve` with accounts behind nginx and behind Caddy,
each terminating TLS with a self-signed certificate made for the run, configured from the
files people copy (docs/deploy/nginx.conf, docs/deploy/Caddyfile; Tests/proxy/proxykit.py).

`stack` is parametrized over the two proxies and lives for the session: per proxy, a fresh
port, a `todo serve --accounts --public-url https://localhost:PORT` on a database whose
users alice and bob (each with an API token) were added with `todo user add` before it
started (Tests/http/accountkit.py), and the proxy in front of it. Everything is stopped
and removed at the end.

Environment:
  TODO_BIN       the `todo` executable (default .build/debug/todo)
  TODO_BIN_WAIT  seconds to wait for the executable while it is rebuilt (120)
  needs `nginx`, `caddy` and `openssl` on PATH (Debian's packages; scripts/test installs
  them)

Run: TODO_BIN=$PWD/.build/debug/todo python3 -m pytest -q Tests/proxy
"""

import shutil
import sys
import tempfile
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS / "support"))
sys.path.insert(0, str(TESTS / "http"))

from accountkit import start_accounts_server  # noqa: E402
from proxykit import PROXIES, Certificate, executable, free_port  # noqa: E402

ALICE, BOB = "alice", "bob"


class Stack:
    """A proxy (`proxy.url` is https://localhost:PORT) in front of `server` (an
    accountkit.AccountsServer: `server.accounts[name]` has the password and a token)."""

    def __init__(self, name, server, proxy, certificate):
        self.name = name
        self.server = server
        self.proxy = proxy
        self.certificate = certificate

    @property
    def url(self):
        return self.proxy.url

    @property
    def origin(self):
        """The public origin, as a browser on the public URL sends it in Origin."""
        return self.proxy.url

    def __repr__(self):
        return f"<{self.name} {self.url} → 127.0.0.1:{self.server.port}>"


@pytest.fixture(scope="session")
def certificate():
    directory = tempfile.mkdtemp(prefix="todo-proxy-cert-")
    try:
        yield Certificate.make(directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="session", params=sorted(PROXIES))
def stack(request, certificate):
    name = request.param
    if executable(name) is None:
        pytest.fail(f"no `{name}` on PATH (Debian's package `{name}`; scripts/test installs "
                    "it)", pytrace=False)
    port = free_port()
    server = start_accounts_server([ALICE, BOB], "--accounts", "--public-url",
                                   f"https://localhost:{port}", name=f"proxy-{name}")
    proxy = PROXIES[name](tempfile.mkdtemp(prefix=f"todo-proxy-{name}-"), certificate, port,
                          server.port)
    try:
        proxy.start()
    except Exception as error:
        proxy.close()
        server.close()
        pytest.fail(f"could not start {name} in front of todo serve: {error}", pytrace=False)
    yield Stack(name, server, proxy, certificate)
    proxy.close()
    server.close()

"""Fixtures for the HTTP hardening tests: real `todo serve` processes on temporary databases
and free ports (Tests/support/todoserve.py: `--port 0`, the port read from the `todo: serving`
line), each checked once on `/healthz` and stopped at the end (SIGTERM, a bounded wait, then
SIGKILL).

Environment:
  TODO_BIN       the `todo` executable (default .build/debug/todo)
  TODO_BIN_WAIT  seconds to wait for the executable to appear while it is rebuilt (120)

Run: python3 -m pytest -q Tests/http
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from httpkit import ALLOWED_ORIGIN, PUBLIC_URL, start_server  # noqa: E402


@pytest.fixture(scope="session")
def server():
    """The default server: no extra options."""
    server = start_server(name="default")
    yield server
    server.close()


@pytest.fixture(scope="session")
def short_server():
    """A server whose header, body and idle timeouts are half a second."""
    server = start_server("--header-timeout", "0.5", "--body-timeout", "0.5",
                          "--idle-timeout", "0.5", name="short")
    yield server
    server.close()


@pytest.fixture(scope="session")
def public_server():
    """A server behind a TLS proxy at https://todo.example.org."""
    server = start_server("--public-url", PUBLIC_URL, name="public")
    yield server
    server.close()


@pytest.fixture(scope="session")
def backend_cors_server():
    """A server whose /todos answers CORS for any origin (--todo-backend-cors)."""
    server = start_server("--todo-backend-cors", name="backend-cors")
    yield server
    server.close()


@pytest.fixture(scope="session")
def allow_origin_server():
    """A server that grants CORS (and writes) to https://app.example.com."""
    server = start_server("--allow-origin", ALLOWED_ORIGIN, name="allow-origin")
    yield server
    server.close()


def _factory():
    servers = []

    def make(*args, name="fresh"):
        server = start_server(*args, name=name)
        servers.append(server)
        return server

    return make, servers


@pytest.fixture
def fresh_server_factory():
    """Starts servers for one test (e.g. one to shut down); all stopped after it."""
    make, servers = _factory()
    yield make
    for server in servers:
        server.close()


@pytest.fixture(scope="module")
def accounts_server_factory():
    """Starts servers on databases that have users before `todo serve` starts (so accounts
    are on), shared by one module's tests: make(["olivia", "stan"], *args, name=...); each
    user has a read-write token "main" (server.accounts[name].token). All stopped after the
    module."""
    from accountkit import start_accounts_server

    servers = []

    def make(users, *args, name="accounts"):
        server = start_accounts_server(users, *args, name=name)
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.close()


@pytest.fixture(scope="module")
def module_server_factory():
    """Starts servers shared by one module's tests; all stopped after the module."""
    make, servers = _factory()
    yield make
    for server in servers:
        server.close()

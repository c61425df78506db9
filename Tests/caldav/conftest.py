"""Fixtures for the CalDAV tests: a real `todo serve` (Tests/http/httpkit.py's `start_server`,
a Tests/support/todoserve.py server on a temporary database and a free port) driven by real
CalDAV clients: the `caldav` library (python-caldav), vdirsyncer and todoman. Raw requests,
where a test needs every byte (ETags, preconditions, error bodies), go through httpkit's
`Server.request` over a plain socket. Helpers are in davkit.py.

Environment:
  TODO_BIN       the `todo` executable (default .build/debug/todo)
  TODO_BIN_WAIT  seconds to wait for the executable while it is rebuilt (120)

Run: TODO_BIN=$PWD/.build/debug/todo python3 -m pytest -q Tests/caldav
"""

import sys
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from davkit import client_for, find_calendar, start_server  # noqa: E402


@pytest.fixture(scope="session")
def server():
    """The default server of the suite: no accounts (no password on loopback)."""
    server = start_server(name="caldav")
    yield server
    server.close()


@pytest.fixture
def fresh_server():
    """Starts servers of the test's own (ones it may stop and start again); all stopped
    after it."""
    servers = []

    def make(*args, name="caldav-fresh"):
        server = start_server(*args, name=name)
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.close()


@pytest.fixture
def client(server):
    """A python-caldav client of the suite's server, given the DAV root."""
    client = client_for(server)
    yield client
    client.close()


@pytest.fixture
def todo_list(server):
    """A new list (through the JSON API) of the test's own, so that tests do not see each
    other's todos or sync changes."""
    return server.new_list(f"CalDAV {uuid.uuid4().hex[:8]}")


@pytest.fixture
def calendar(client, todo_list):
    """The test's own list as a python-caldav Calendar, found through the principal's home."""
    return find_calendar(client.principal(), todo_list["id"])

"""The client's address: behind a proxy given with `--trusted-proxy`, the one its
`X-Forwarded-For` or `Forwarded` names, for sign-in throttling and the request's log line;
from any other peer, the peer, whatever the headers claim."""

import json

import pytest

from accountkit import AccountsServer


def failed_sign_ins(server, forwarded_for, count, header="X-Forwarded-For"):
    """The statuses of `count` sign-ins with wrong passwords, each for another name (the
    per-name limit stays out of it), claiming to come from `forwarded_for`."""
    value = forwarded_for if header == "X-Forwarded-For" else f"for={forwarded_for}"
    return [server.request("POST", "/api/v1/session",
                           {"name": f"nobody-{forwarded_for}-{index}",
                            "password": "Wrong-Password-2291-Heron"},
                           headers=[(header, value)]).status
            for index in range(count)]


@pytest.fixture
def proxied():
    server = AccountsServer(["ann"], "--accounts", "--trusted-proxy", "127.0.0.1/32",
                            "--log-format", "json", name="proxied")
    server.start()
    yield server
    server.close()


@pytest.fixture
def direct():
    server = AccountsServer(["ann"], "--accounts", name="direct")
    server.start()
    yield server
    server.close()


def test_behind_a_trusted_proxy_each_client_has_its_own_throttle(proxied):
    statuses = failed_sign_ins(proxied, "203.0.113.7", 11)
    assert statuses[:10] == [401] * 10 and statuses[10] == 429, statuses
    # Another client behind the same proxy is not held back by the first one's failures.
    assert failed_sign_ins(proxied, "198.51.100.4", 1) == [401]
    assert failed_sign_ins(proxied, '"[2001:db8::5]:4711"', 1, header="Forwarded") == [401]
    proxied.stop()
    requests = [json.loads(line) for line in proxied.log(tail=10_000_000).splitlines()
                if line.strip() and json.loads(line)["message"] == "request"]
    addresses = {line["client.address"] for line in requests}
    assert {"203.0.113.7", "198.51.100.4", "2001:db8::5"} <= addresses, addresses


def test_from_any_other_peer_the_headers_are_not_believed(direct):
    statuses = failed_sign_ins(direct, "203.0.113.7", 10)
    assert statuses == [401] * 10
    # Claiming another address changes nothing: the peer is throttled.
    assert failed_sign_ins(direct, "198.51.100.4", 1) == [429]

"""Logs: `--log-format json` writes one JSON object a line, one line a request with the id its
response carries (`X-Request-ID`); and no log line of a server, in either format, ever holds a
password, token, session cookie or metrics token it was given or sent."""

import base64
import json

import pytest

from accountkit import AccountsServer, session_cookie

METRICS_TOKEN = "metrics-secret-5b0f7c41d2e9"


def exercise(server):
    """Fails a sign-in, signs in, calls the API with the cookie and the token, asks CalDAV
    with the token as its password, scrapes the metrics; the secrets used, and the request
    ids the responses gave."""
    account = server.accounts["ann"]
    secrets = [account.password, account.token, METRICS_TOKEN]
    ids = []
    wrong = server.request("POST", "/api/v1/session",
                           {"name": "ann", "password": "Wrong-Password-7731-Kestrel"})
    assert wrong.status == 401
    secrets.append("Wrong-Password-7731-Kestrel")
    ids.append(wrong.header("X-Request-ID"))
    session = account.sign_in(server)
    secrets += [session.cookie, session.csrf]
    listed = session.request(server, "GET", "/api/v1/lists")
    assert listed.status == 200
    ids.append(listed.header("X-Request-ID"))
    created = account.request(server, "POST", "/api/v1/lists", {"name": "Logged"})
    assert created.status == 201
    ids.append(created.header("X-Request-ID"))
    basic = base64.b64encode(f"ann:{account.token}".encode()).decode()
    dav = server.request("PROPFIND", "/dav/", None,
                         headers=[("Authorization", f"Basic {basic}"), ("Depth", "0")])
    assert dav.status == 207, dav
    secrets.append(basic)
    metrics = server.request("GET", "/metrics",
                             headers=[("Authorization", f"Bearer {METRICS_TOKEN}")])
    assert metrics.status == 200
    return [secret for secret in secrets if secret], [id for id in ids if id]


@pytest.fixture(params=["json", "text"])
def logged_server(request, monkeypatch):
    monkeypatch.setenv("TODO_METRICS_TOKEN", METRICS_TOKEN)
    server = AccountsServer(["ann"], "--accounts", "--log-format", request.param,
                            name=f"logs-{request.param}")
    server.start()
    yield request.param, server
    server.close()


def test_no_secret_reaches_a_log_line(logged_server):
    format, server = logged_server
    secrets, ids = exercise(server)
    assert len(ids) == 3 and len(set(ids)) == 3
    server.stop()
    log = server.log(tail=10_000_000)
    leaked = [secret for secret in secrets if secret in log]
    assert not leaked, f"secrets in the {format} log: {leaked}"
    if format == "json":
        lines = [json.loads(line) for line in log.splitlines() if line.strip()]
        assert lines and all({"time", "level", "label", "message"} <= set(line) for line in lines)
        requests = {line["hb.request.id"]: line for line in lines if line["message"] == "request"}
        for id in ids:
            assert id in requests, f"no log line for request {id}"
        line = requests[ids[1]]
        assert (line["http.method"], line["http.path"], line["http.status"]) == \
            ("GET", "/api/v1/lists", "200")
        assert float(line["duration_ms"]) >= 0

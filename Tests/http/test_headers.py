"""Security headers on the page, its static files and the API: a strict
Content-Security-Policy, nosniff, no referrer, same-origin opener; and an index.html that
needs no inline script or style."""

import json
import re
import uuid

import pytest

from httpkit import INBOX, PUBLIC_URL, ROOT, parse_csp

PATHS = ["/", "/index.html", "/app.js", "/app.css", "/connection.js", "/healthz",
         "/api/v1/lists", f"/api/v1/lists/{INBOX}/todos", "/api/v1/openapi.json", "/todos",
         f"/api/v1/todos/{uuid.uuid4()}"]


def own_sources(port, public=None):
    sources = {"'self'"}
    for host in ("127.0.0.1", "localhost", "[::1]"):
        sources |= {f"http://{host}:{port}", f"ws://{host}:{port}"}
    if public:
        sources |= {public, public.replace("https://", "wss://", 1)}
    return sources


def check_headers(response, port, public=None):
    csp_values = response.header_all("content-security-policy")
    assert len(csp_values) == 1, f"Content-Security-Policy headers: {csp_values}"
    csp = csp_values[0]
    policy = parse_csp(csp)
    assert "'self'" in policy.get("default-src", []), csp
    connect = policy.get("connect-src")
    assert connect, f"no connect-src: {csp}"
    allowed = own_sources(port, public)
    assert set(connect) <= allowed, f"connect-src has foreign sources {set(connect) - allowed}"
    assert f"ws://127.0.0.1:{port}" in connect, f"connect-src lacks the ws origin: {connect}"
    if public:
        assert public.replace("https://", "wss://", 1) in connect, connect
    assert policy.get("frame-ancestors") == ["'none'"], csp
    assert policy.get("base-uri") == ["'none'"], csp
    assert policy.get("form-action") == ["'self'"], csp
    assert "'unsafe-inline'" not in csp.lower(), csp
    for name, sources in policy.items():
        assert "*" not in sources, f"{name} allows *: {csp}"
    assert response.header_all("x-content-type-options") == ["nosniff"], response.headers
    assert [v.lower() for v in response.header_all("referrer-policy")] == ["no-referrer"]
    assert response.header_all("cross-origin-opener-policy") == ["same-origin"]


@pytest.mark.parametrize("path", PATHS)
def test_security_headers(server, path):
    """Every page, static and API response (errors included) carries the CSP (default-src
    'self', connect-src only own http/ws origins, frame-ancestors/base-uri 'none',
    form-action 'self', no 'unsafe-inline'), nosniff, no-referrer and COOP same-origin."""
    response = server.request("GET", path)
    check_headers(response, server.port)


@pytest.mark.parametrize("path", ["/", "/app.js", "/api/v1/lists"])
def test_security_headers_with_public_url(public_server, path):
    """Behind --public-url, connect-src also lists the public origin (https and wss forms)
    and nothing else foreign."""
    response = public_server.request("GET", path)
    check_headers(response, public_server.port, public=PUBLIC_URL)


def test_error_responses_carry_the_headers(server):
    """A problem response (a 415 on a write) carries the same headers."""
    response = server.request("POST", "/api/v1/lists", b"name=x",
                              headers=[("Content-Type", "text/plain")])
    assert response.status == 415, response
    check_headers(response, server.port)


def index_sources():
    """index.html as served, and as in the source tree."""
    return (ROOT / "Sources/TodoServer/Public/index.html").read_text()


@pytest.mark.parametrize("origin", ["served", "source"])
def test_index_has_no_inline_script_or_style(server, origin):
    """index.html has no inline <script> body, no <style> element, no style= attribute and
    no inline on*= event handler (all of which the CSP would block)."""
    if origin == "served":
        response = server.request("GET", "/")
        assert response.status == 200 and response.content_type == "text/html", response
        html = response.body.decode("utf-8")
    else:
        html = index_sources()
    for match in re.finditer(r"<script\b([^>]*)>(.*?)</script\s*>", html, re.S | re.I):
        attributes, body = match.groups()
        assert body.strip() == "", f"inline script: {match.group(0)[:200]}"
        assert re.search(r"\bsrc\s*=", attributes), f"script without src: {match.group(0)[:200]}"
    assert not re.search(r"<style\b", html, re.I), "a <style> element"
    assert not re.search(r"\sstyle\s*=", html, re.I), "a style= attribute"
    assert not re.search(r"\son[a-z]+\s*=", html, re.I), "an inline event handler"


def test_written_responses_carry_the_headers_once(server):
    """A create (201 with ETag and Location) and an update carry each security header once:
    the router writes them, the generated responses do not add a second copy."""
    created = server.request("POST", f"/api/v1/lists/{INBOX}/todos", b'{"title":"headers"}',
                             headers=[("Content-Type", "application/json")])
    assert created.status == 201, created
    check_headers(created, server.port)
    todo = json.loads(created.body)
    updated = server.request("PATCH", f"/api/v1/todos/{todo['id']}", b'{"title":"again"}',
                             headers=[("Content-Type", "application/json")])
    assert updated.status == 200, updated
    check_headers(updated, server.port)
    assert created.header_all("etag") == ['"1"'], created.headers
    assert updated.header_all("etag") == ['"2"'], updated.headers

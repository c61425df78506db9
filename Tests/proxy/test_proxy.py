"""`todo serve` behind nginx and behind Caddy terminating TLS, configured from the files in
docs/deploy/: every request goes to https://localhost:PORT with the test's self-signed
certificate as the only trusted one (a real TLS handshake that checks it), and the server
must behave as it does when asked directly: the closed door of accounts, signing in with a
Secure cookie, browser writes from the public origin only, the live page's WebSocket both
ways, and CalDAV's methods from discovery to DELETE."""

import json
import uuid
import xml.etree.ElementTree as ET
from urllib.parse import unquote, urlsplit

import pytest
import requests

from accountkit import COOKIE_NAME
from httpkit import FOREIGN, NoResponse
from proxykit import wss_handshake
from todoserve import wait_for

ALICE, BOB = "alice", "bob"
DAV = "DAV:"
CALDAV = "urn:ietf:params:xml:ns:caldav"
CALENDAR_TYPE = "text/calendar; charset=utf-8"
XML_TYPE = "application/xml; charset=utf-8"


def unique(prefix):
    return f"{prefix} {uuid.uuid4().hex[:10]}"


# MARK: - Requests through the proxy


def call(stack, method, path, body=None, headers=None, auth=None, timeout=10):
    """One request through the proxy over TLS, the certificate checked; redirects are not
    followed. A dict or list body is sent as JSON, a str as UTF-8."""
    headers = dict(headers or {})
    data = body
    if isinstance(body, (dict, list)):
        data = json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    elif isinstance(body, str):
        data = body.encode()
    return requests.request(method, stack.url + path, data=data, headers=headers, auth=auth,
                            verify=stack.certificate.cert, allow_redirects=False,
                            timeout=timeout)


def describe(response):
    return (f"{response.request.method} {response.request.url} → {response.status_code} "
            f"{dict(response.headers)} {response.content[:300]!r}")


def set_cookie_values(response, name=COOKIE_NAME):
    """The Set-Cookie values (whole, with attributes) for the cookie `name`."""
    values = response.raw.headers.getlist("Set-Cookie")
    return [value for value in values if value.strip().startswith(name + "=")]


class Browser:
    """A signed-in browser on the public URL: its session cookie, its CSRF token, and the
    Origin a page of the public URL sends."""

    def __init__(self, stack, user):
        self.stack = stack
        account = stack.server.accounts[user]
        response = call(stack, "POST", "/api/v1/session",
                        {"name": account.name, "password": account.password},
                        headers={"Origin": stack.origin})
        assert response.status_code == 200, describe(response)
        cookies = set_cookie_values(response)
        assert len(cookies) == 1, describe(response)
        self.set_cookie = cookies[0]
        self.cookie = cookies[0].split(";")[0].split("=", 1)[1]
        self.csrf = response.json()["csrfToken"]
        self.inbox = response.json()["inboxID"]

    @property
    def cookie_header(self):
        return f"{COOKIE_NAME}={self.cookie}"

    def request(self, method, path, body=None, origin="own", csrf=True):
        headers = {"Cookie": self.cookie_header}
        if origin is not None:
            headers["Origin"] = self.stack.origin if origin == "own" else origin
        if csrf and method not in ("GET", "HEAD"):
            headers["X-CSRF-Token"] = self.csrf
        if isinstance(body, bytes):
            headers["Content-Type"] = "application/json"
        return call(self.stack, method, path, body, headers)

    def list_names(self):
        response = self.request("GET", "/api/v1/lists")
        assert response.status_code == 200, describe(response)
        return [item["name"] for item in response.json()]


# MARK: - TLS and the closed door


def test_tls_with_the_test_certificate(stack):
    """The proxy serves https with the certificate made for the test: a client that trusts
    it gets the server's answer, one that trusts only the system's authorities refuses the
    connection (so the check is real)."""
    response = call(stack, "GET", "/healthz")
    assert response.status_code == 200, describe(response)
    with pytest.raises(requests.exceptions.SSLError):
        requests.get(stack.url + "/healthz", timeout=10)


# What anyone gets without signing in, directly and through the proxy.
CLOSED_DOOR = {
    ("GET", "/"): 303, ("GET", "/index.html"): 303, ("GET", "/signin"): 200,
    ("GET", "/app.css"): 200, ("GET", "/healthz"): 200, ("GET", "/api/v1/openapi.json"): 200,
    ("GET", "/api/v1/lists"): 401, ("GET", "/api/v1/session"): 401,
    ("POST", "/api/v1/lists"): 401, ("GET", "/todos"): 401, ("PROPFIND", "/dav/"): 401,
    ("GET", "/.well-known/caldav"): 301, ("PROPFIND", "/.well-known/caldav"): 301,
}


def test_the_closed_door_answers_as_it_does_directly(stack):
    """Without signing in, every request gets through the proxy what it gets from the server
    directly (status, Location, WWW-Authenticate): the page redirects to /signin (303), the
    sign-in page, its files and /healthz are served, the API and the Todo-Backend say 401,
    CalDAV says 401 with a Basic challenge, and /.well-known/caldav redirects to /dav/."""
    problems = []
    for (method, path), status in CLOSED_DOOR.items():
        body = {"name": "x"} if method == "POST" else None
        origin = {"Origin": stack.origin} if method == "POST" else {}
        proxied = call(stack, method, path, body, headers=origin)
        direct = stack.server.request(method, path, body, headers=list(origin.items()))
        got = (proxied.status_code, proxied.headers.get("Location"),
               proxied.headers.get("WWW-Authenticate"))
        wanted = (direct.status, direct.header("location"), direct.header("www-authenticate"))
        if got != wanted or got[0] != status:
            problems.append(f"{method} {path}: through {stack.name} {got}, directly {wanted}, "
                            f"expected {status}")
    assert not problems, "\n".join(problems)
    page = call(stack, "GET", "/")
    assert page.headers["Location"] == "/signin", describe(page)
    signin = call(stack, "GET", page.headers["Location"])
    assert signin.status_code == 200 and "text/html" in signin.headers["Content-Type"], \
        describe(signin)
    dav = call(stack, "PROPFIND", "/dav/", headers={"Depth": "0"})
    assert dav.headers["WWW-Authenticate"].lower().startswith("basic"), describe(dav)


def test_the_page_over_https_has_its_headers(stack):
    """The sign-in page through the proxy: the server's Content-Security-Policy lets the page
    connect to its WebSocket at wss://localhost:PORT, and the proxy adds
    Strict-Transport-Security."""
    response = call(stack, "GET", "/signin")
    assert response.status_code == 200, describe(response)
    policy = response.headers["Content-Security-Policy"]
    connect = next(part.split()[1:] for part in policy.split(";")
                   if part.split() and part.split()[0] == "connect-src")
    host = stack.url.split("://", 1)[1]
    assert f"wss://{host}" in connect and f"https://{host}" in connect, policy
    assert response.headers.get("Strict-Transport-Security", "").startswith("max-age="), \
        describe(response)


# MARK: - Signing in


def test_sign_in_through_the_proxy_sets_a_secure_cookie_that_works(stack):
    """Signing in through the proxy answers 200 with a todo_session cookie that is Secure
    (the public URL is https), HttpOnly and SameSite=Lax; the cookie opens the page and the
    API through the proxy; signing out clears it and the old cookie is 401 again."""
    browser = Browser(stack, ALICE)
    attributes = [part.strip().lower() for part in browser.set_cookie.split(";")[1:]]
    for attribute in ("secure", "httponly", "samesite=lax", "path=/"):
        assert attribute in attributes, browser.set_cookie
    page = browser.request("GET", "/", origin=None)
    assert page.status_code == 200 and "text/html" in page.headers["Content-Type"], \
        describe(page)
    session = browser.request("GET", "/api/v1/session", origin=None)
    assert session.status_code == 200, describe(session)
    assert session.json()["account"]["name"] == ALICE, session.json()
    assert browser.request("GET", "/api/v1/lists").status_code == 200

    signed_out = browser.request("DELETE", "/api/v1/session")
    assert signed_out.status_code == 204, describe(signed_out)
    cleared = set_cookie_values(signed_out)
    assert cleared and cleared[0].split(";")[0].strip() == f"{COOKIE_NAME}=", describe(signed_out)
    assert browser.request("GET", "/api/v1/lists").status_code == 401


# MARK: - Origins


def test_browser_writes_from_the_public_origin_only(stack):
    """A signed-in page's write with Origin https://localhost:PORT (the public URL) is
    accepted, and the Location it answers is on the public URL; the same write from another
    site, or from http:// on the proxy's port, is 403 and creates nothing."""
    browser = Browser(stack, ALICE)
    name = unique("through the proxy")
    created = browser.request("POST", "/api/v1/lists", {"name": name})
    assert created.status_code == 201, describe(created)
    location = created.headers.get("Location", "")
    assert location.startswith(stack.url + "/api/v1/lists/"), describe(created)

    host = stack.url.split("://", 1)[1]
    for origin in (FOREIGN, f"http://{host}", f"https://evil.example:{stack.proxy.port}"):
        refused_name = unique("refused")
        refused = browser.request("POST", "/api/v1/lists", {"name": refused_name},
                                  origin=origin)
        assert refused.status_code == 403, (origin, describe(refused))
        assert refused_name not in browser.list_names(), origin
    assert name in browser.list_names()


# MARK: - The live page's WebSocket


def titles_in(message):
    return [cell.get("title") for cell in (message.get("cells") or {}).values()]


def read_until(ws, predicate, what, timeout=10):
    """Reads the live page's messages until one satisfies `predicate` (returned)."""
    seen = []

    def next_match():
        message = ws.read_json(timeout=timeout)
        seen.append(message)
        return message if predicate(message) else None

    try:
        return wait_for(next_match, f"no message with {what}", timeout, interval=0,
                        details=lambda: json.dumps(seen[-3:])[:1500])
    except NoResponse as error:
        raise AssertionError(f"the socket ended before a message with {what}: {error}; "
                             f"last messages {json.dumps(seen[-3:])[:1500]}") from error


def test_live_websocket_through_the_proxy(stack):
    """The page's WebSocket (wss://localhost:PORT/live, the session cookie, the public
    Origin) upgrades through the proxy and gets its snapshot; a todo added through the API
    reaches it as a change, and a todo added by the page (a masked frame from the client)
    is saved."""
    browser = Browser(stack, ALICE)
    ws, response = wss_handshake(stack.proxy, origin=stack.origin,
                                 headers=[("Cookie", browser.cookie_header)])
    assert ws is not None, f"the upgrade through {stack.name} was refused: {response!r}"
    try:
        snapshot = ws.read_json(timeout=10)
        assert snapshot.get("type") == "snapshot", snapshot
        title = unique("from the API")
        created = browser.request("POST", f"/api/v1/lists/{browser.inbox}/todos",
                                  {"title": title})
        assert created.status_code == 201, describe(created)
        read_until(ws, lambda message: title in titles_in(message), f"the todo {title!r}")

        typed = unique("typed in the page")
        ws.send_json({"v": 1, "type": "add", "title": typed})
        read_until(ws, lambda message: typed in titles_in(message), f"the todo {typed!r}")
        todos = browser.request("GET", f"/api/v1/lists/{browser.inbox}/todos")
        assert typed in [todo["title"] for todo in todos.json()], describe(todos)
    finally:
        ws.close()


def test_live_websocket_refusals_through_the_proxy(stack):
    """Through the proxy as directly: an upgrade from another site's page is 403; one
    without a session upgrades and is closed at once with 1008 (the page then goes to
    /signin)."""
    browser = Browser(stack, ALICE)
    ws, response = wss_handshake(stack.proxy, origin=FOREIGN,
                                 headers=[("Cookie", browser.cookie_header)])
    if ws:
        ws.close()
    assert response.status == 403, response

    ws, response = wss_handshake(stack.proxy, origin=stack.origin)
    assert ws is not None, f"the upgrade without a session was refused: {response!r}"
    try:
        frame, before = ws.read_until_close(10)
        assert frame is not None, f"no close frame through {stack.name} after {before!r}"
        assert frame.close_code == 1008, frame
        assert before == [], before
    finally:
        ws.close()


# MARK: - CalDAV


CURRENT_USER_PRINCIPAL = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>"""
HOME_SET = f"""<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="{CALDAV}"><d:prop><c:calendar-home-set/></d:prop>
</d:propfind>"""
LISTING = f"""<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="{CALDAV}"><d:prop><d:resourcetype/><d:displayname/>
<c:supported-calendar-component-set/></d:prop></d:propfind>"""
MKCALENDAR = """<?xml version="1.0" encoding="utf-8"?>
<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
<d:displayname>{name}</d:displayname></d:prop></d:set></c:mkcalendar>"""
PROPPATCH = """<?xml version="1.0" encoding="utf-8"?>
<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>{name}</d:displayname>
</d:prop></d:set></d:propertyupdate>"""
QUERY = f"""<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="{CALDAV}">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter>
  </c:filter></c:calendar-query>"""
SYNC = """<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:"><d:sync-token>{token}</d:sync-token>
<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"""


def vtodo(uid, summary):
    return "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo tests//proxy//EN", "BEGIN:VTODO",
        f"UID:{uid}", "DTSTAMP:20261101T080000Z", f"SUMMARY:{summary}", "END:VTODO",
        "END:VCALENDAR"]) + "\r\n"


class Multistatus:
    """A DAV:multistatus: for each href (its path) the status of the response, if it has
    one, and its properties found (200) as {"{ns}name": element}; `hrefs_as_sent` keeps
    the hrefs exactly as the server wrote them."""

    def __init__(self, body):
        root = ET.fromstring(body)
        assert root.tag == f"{{{DAV}}}multistatus", body[:500]
        self.statuses, self.found, self.hrefs_as_sent = {}, {}, []
        for response in root.findall(f"{{{DAV}}}response"):
            sent = response.findtext(f"{{{DAV}}}href").strip()
            self.hrefs_as_sent.append(sent)
            href = unquote(urlsplit(sent).path)
            status = response.findtext(f"{{{DAV}}}status")
            if status is not None:
                self.statuses[href] = status.strip()
            props = self.found.setdefault(href, {})
            for propstat in response.findall(f"{{{DAV}}}propstat"):
                if " 200 " in propstat.findtext(f"{{{DAV}}}status") + " ":
                    for prop in propstat.find(f"{{{DAV}}}prop"):
                        props[prop.tag] = prop
        self.sync_token = (root.findtext(f"{{{DAV}}}sync-token") or "").strip() or None


class DAVClient:
    """Raw CalDAV through the proxy as a calendar app: Basic with the user name and an app
    password (the user's API token)."""

    def __init__(self, stack, user):
        self.stack = stack
        self.auth = (user, stack.server.accounts[user].token)

    def request(self, method, path, body=None, depth=None, content_type=XML_TYPE,
                headers=None):
        headers = dict(headers or {})
        if body is not None:
            headers["Content-Type"] = content_type
        if depth is not None:
            headers["Depth"] = str(depth)
        return call(self.stack, method, path, body, headers=headers, auth=self.auth)

    def multistatus(self, method, path, body, depth):
        response = self.request(method, path, body, depth=depth)
        assert response.status_code == 207, describe(response)
        found = Multistatus(response.content)
        # Hrefs are paths, or URLs on the public origin: never the upstream's address.
        for href in found.hrefs_as_sent:
            assert href.startswith("/") or href.startswith(self.stack.url + "/"), (
                f"{method} {path}: href {href!r} is not on the public URL {self.stack.url}")
        return found


def test_caldav_discovery_through_the_proxy(stack):
    """What a calendar app given https://localhost:PORT does: /.well-known/caldav redirects
    to /dav/ (a path, kept as it is by the proxy), PROPFIND on the bare address and on /dav/
    name the principal, the principal names its calendar home, and the home lists the Inbox
    as a calendar of VTODOs; OPTIONS says calendar-access and allows every method."""
    client = DAVClient(stack, ALICE)
    for method in ("GET", "PROPFIND"):
        redirect = client.request(method, "/.well-known/caldav", CURRENT_USER_PRINCIPAL,
                                  depth=0)
        assert redirect.status_code == 301, describe(redirect)
        assert redirect.headers["Location"] == "/dav/", describe(redirect)
    principal = f"/dav/principals/{ALICE}/"
    for path in ("/", "/dav/"):
        root = client.multistatus("PROPFIND", path, CURRENT_USER_PRINCIPAL, 0)
        element = root.found[path].get(f"{{{DAV}}}current-user-principal")
        assert element is not None and element.findtext(f"{{{DAV}}}href") == principal, path
    home = client.multistatus("PROPFIND", principal, HOME_SET, 0).found[principal][
        f"{{{CALDAV}}}calendar-home-set"].findtext(f"{{{DAV}}}href")
    assert home == f"/dav/calendars/{ALICE}/", home
    listing = client.multistatus("PROPFIND", home, LISTING, 1)
    calendars = {}
    for href, props in listing.found.items():
        kind = props.get(f"{{{DAV}}}resourcetype")
        if kind is not None and kind.find(f"{{{CALDAV}}}calendar") is not None:
            name = props.get(f"{{{DAV}}}displayname")
            calendars[href] = None if name is None else name.text
    assert "Inbox" in calendars.values(), listing.found
    options = client.request("OPTIONS", home)
    assert options.status_code == 200, describe(options)
    assert "calendar-access" in [p.strip() for p in options.headers["DAV"].split(",")]
    allowed = {p.strip() for p in options.headers["Allow"].split(",")}
    assert {"PROPFIND", "PROPPATCH", "REPORT", "PUT", "DELETE", "MKCALENDAR"} <= allowed, allowed


def test_caldav_round_trip_through_the_proxy(stack):
    """A calendar app's whole cycle through the proxy, each answer as the server gives it:
    MKCALENDAR at a path the app chose (201), PROPPATCH its name (207), PUT a VTODO (201),
    GET it back with its ETag, REPORT calendar-query and sync-collection (207, the todo in
    both, then only the change since the token), DELETE the todo (204, gone from the list)
    and the calendar (204)."""
    client = DAVClient(stack, ALICE)
    segment = f"proxy-{uuid.uuid4().hex[:8]}"
    calendar = f"/dav/calendars/{ALICE}/{segment}/"
    name = unique("Made by an app")
    made = client.request("MKCALENDAR", calendar, MKCALENDAR.format(name=name))
    assert made.status_code == 201, describe(made)
    renamed = unique("Renamed by the app")
    patched = client.multistatus("PROPPATCH", calendar, PROPPATCH.format(name=renamed), None)
    assert f"{{{DAV}}}displayname" in patched.found[calendar], patched.found
    assert renamed in Browser(stack, ALICE).list_names()

    first_sync = client.multistatus("REPORT", calendar, SYNC.format(token=""), 1)
    token = first_sync.sync_token
    assert token, "no sync token"

    uid = f"{uuid.uuid4()}@proxy-test"
    resource = f"{calendar}{uid}.ics"
    summary = unique("Milk via CalDAV")
    put = client.request("PUT", resource, vtodo(uid, summary), content_type=CALENDAR_TYPE,
                         headers={"If-None-Match": "*"})
    assert put.status_code == 201, describe(put)
    # No ETag on the PUT: what is stored is not byte for byte what was sent (RFC 4791 5.3.4).
    assert put.headers.get("ETag") is None, describe(put)
    got = client.request("GET", resource)
    assert got.status_code == 200 and f"SUMMARY:{summary}" in got.text, describe(got)
    etag = got.headers.get("ETag")
    assert etag, describe(got)

    query = client.multistatus("REPORT", calendar, QUERY, 1)
    assert resource in query.found, query.found
    data = query.found[resource].get(f"{{{CALDAV}}}calendar-data")
    assert data is not None and summary in data.text, query.found[resource]
    changes = client.multistatus("REPORT", calendar, SYNC.format(token=token), 1)
    assert list(changes.found) == [resource], changes.found
    assert changes.sync_token and changes.sync_token != token

    deleted = client.request("DELETE", resource, headers={"If-Match": etag})
    assert deleted.status_code == 204, describe(deleted)
    assert client.request("GET", resource).status_code == 404
    after = client.multistatus("REPORT", calendar, SYNC.format(token=changes.sync_token), 1)
    assert after.statuses.get(resource, "").split()[1:2] == ["404"], (after.statuses,
                                                                       after.found)
    gone = client.request("DELETE", calendar)
    assert gone.status_code == 204, describe(gone)
    assert renamed not in Browser(stack, ALICE).list_names()


def test_caldav_of_another_user_is_not_found_through_the_proxy(stack):
    """Bob's app password does not reach Alice's calendars through the proxy (404), and a
    wrong app password is 401 with the Basic challenge."""
    bob = DAVClient(stack, BOB)
    response = bob.request("PROPFIND", f"/dav/calendars/{ALICE}/", LISTING, depth=1)
    assert response.status_code == 404, describe(response)
    wrong = DAVClient(stack, ALICE)
    wrong.auth = (ALICE, stack.server.accounts[BOB].token)
    response = wrong.request("PROPFIND", "/dav/", CURRENT_USER_PRINCIPAL, depth=0)
    assert response.status_code in (401, 403), describe(response)


# MARK: - Bodies


def test_bodies_up_to_the_servers_limit_reach_it_and_larger_are_413(stack):
    """The proxy lets through what the server accepts (a body of exactly 1 MiB reaches it and
    gets its own answer) and a larger one is refused with 413, every time: never a 502 from a
    proxy that lost the server's answer while it was still sending the body."""
    browser = Browser(stack, ALICE)
    limit = 1024 * 1024
    prefix, suffix = b'{"name":"', b'"}'
    at_limit = prefix + b"x" * (limit - len(prefix) - len(suffix)) + suffix
    assert len(at_limit) == limit
    response = browser.request("POST", "/api/v1/lists", at_limit)
    assert response.status_code != 413, describe(response)
    assert response.status_code == 201 or response.headers.get("Content-Type", "").startswith(
        "application/problem+json"), describe(response)

    too_large = at_limit[:-len(suffix)] + b"x" * (limit // 2) + suffix
    statuses = [browser.request("POST", "/api/v1/lists", too_large).status_code
                for _ in range(5)]
    assert statuses == [413] * 5, statuses


# MARK: - Plain HTTP


def test_plain_http_redirects_to_https(stack):
    """nginx's port-80 server redirects every method to https:// with 308 (Caddy does it by
    itself on port 80, which the test turns off to stay off that port)."""
    if stack.name != "nginx":
        pytest.skip("Caddy's own redirect listens on port 80; the test turns it off")
    for method in ("GET", "PROPFIND"):
        response = requests.request(method, f"http://localhost:{stack.proxy.http_port}/dav/x",
                                    allow_redirects=False, timeout=10)
        assert response.status_code == 308, describe(response)
        assert response.headers["Location"] == "https://localhost/dav/x", describe(response)

"""Origins, Host, CORS, Sec-Fetch-Site, content types and Location: the server answers only
its own names, grants CORS only to configured origins, and no cross-site request can read
or write anything."""

import uuid

import pytest

from httpkit import ALLOWED_ORIGIN, FOREIGN, INBOX, PUBLIC_URL, raw_exchange

CROSS_ORIGIN = "urn:todo:problem:cross-origin"


def foreign_origins(port):
    return [FOREIGN, f"http://127.0.0.1:{port + 1}", f"https://127.0.0.1:{port}",
            f"http://localhost.evil.example:{port}", "http://127.0.0.1", "null"]


FOREIGN_IDS = ["evil", "other-port", "https-scheme", "lookalike-host", "no-port", "null"]


def assert_problem(response, status, problem_type=None):
    assert response.status == status, response
    assert response.content_type == "application/problem+json", response
    if problem_type:
        assert response.json().get("type") == problem_type, response


def assert_no_cors(response):
    assert response.cors_headers() == [], f"CORS headers sent: {response.cors_headers()}"


def write_requests(server):
    """(method, path, body) of writes on every kind of route, on fresh targets."""
    todo = server.new_todo(INBOX)
    todo_list = server.new_list()
    return [
        ("POST", "/api/v1/lists", {"name": f"evil {uuid.uuid4()}"}),
        ("PATCH", f"/api/v1/lists/{todo_list['id']}", {"name": f"evil {uuid.uuid4()}"}),
        ("DELETE", f"/api/v1/lists/{todo_list['id']}", None),
        ("POST", f"/api/v1/lists/{INBOX}/todos", {"title": "evil"}),
        ("PATCH", f"/api/v1/todos/{todo['id']}", {"title": "evil"}),
        ("DELETE", f"/api/v1/todos/{todo['id']}", None),
        ("POST", f"/api/v1/todos/{todo['id']}/move", {"to": "top"}),
        ("DELETE", "/api/v1/trash", None),
        ("POST", "/todos", {"title": "evil"}),
        ("PATCH", f"/todos/{todo['id']}", {"title": "evil"}),
        ("DELETE", f"/todos/{todo['id']}", None),
        ("DELETE", "/todos", None),
    ]


# MARK: - Own and foreign origins


def test_own_origins_are_served(server):
    """GET /api/v1/lists with each own origin (127.0.0.1, localhost, [::1] on the port) as
    Origin answers 200."""
    for origin in server.own_origins():
        response = server.request("GET", "/api/v1/lists", headers=[("Origin", origin)])
        assert response.status == 200, (origin, response)


@pytest.mark.parametrize("index", range(len(FOREIGN_IDS)), ids=FOREIGN_IDS)
@pytest.mark.parametrize("path", ["/api/v1/lists", f"/api/v1/lists/{INBOX}/todos",
                                  "/api/v1/openapi.json", "/", "/todos"])
def test_foreign_origin_read_is_403(server, path, index):
    """A GET with a foreign Origin to the API, the page or /todos (without
    --todo-backend-cors) gets 403 problem+json of type cross-origin and no CORS header."""
    origin = foreign_origins(server.port)[index]
    response = server.request("GET", path, headers=[("Origin", origin)])
    assert_problem(response, 403, CROSS_ORIGIN)
    assert_no_cors(response)


def test_foreign_origin_writes_are_403_and_change_nothing(server):
    """POST/PATCH/DELETE with Content-Type application/json and a foreign Origin, on every
    kind of route, get 403 and change nothing."""
    requests = write_requests(server)
    before = server.everything()
    for method, path, body in requests:
        response = server.request(method, path, body, headers=[("Origin", FOREIGN)])
        assert_problem(response, 403, CROSS_ORIGIN)
        assert_no_cors(response)
    assert server.everything() == before


@pytest.mark.parametrize("method", ["GET", "POST", "OPTIONS", "DELETE"])
@pytest.mark.parametrize("path", ["/healthz", "/", "/app.js", "/app.css", "/index.html",
                                  "/api/v1/openapi.json", "/api/v1/lists", "/todos",
                                  f"/todos/{uuid.uuid4()}", f"/api/v1/todos/{uuid.uuid4()}",
                                  "/no/such/route", "/live"])
def test_no_cors_header_for_a_foreign_origin_anywhere(server, path, method):
    """Whatever the route, method or status, a response to a foreign Origin carries no
    Access-Control-* header."""
    headers = [("Origin", FOREIGN)]
    if method == "OPTIONS":
        headers += [("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "content-type")]
    body = {"title": "x"} if method == "POST" else None
    response = server.request(method, path, body, headers=headers)
    assert_no_cors(response)
    if path.startswith(("/api/", "/todos")) or path in ("/", "/index.html"):
        assert response.status in (403, 404, 405), f"{method} {path}: {response!r}"


@pytest.mark.parametrize("path", ["/api/v1/lists", f"/api/v1/lists/{INBOX}/todos", "/todos",
                                  "/"])
def test_foreign_preflight_is_403_without_cors(server, path):
    """An OPTIONS preflight from a foreign origin gets 403 and no CORS header."""
    response = server.request("OPTIONS", path, headers=[
        ("Origin", FOREIGN), ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "content-type")])
    assert response.status == 403, response
    assert_no_cors(response)


# MARK: - --allow-origin


def test_allowed_origin_preflight(allow_origin_server):
    """A preflight from an --allow-origin origin gets 204 with Access-Control-Allow-Origin
    naming that origin (never *) and Vary: Origin."""
    for path in ("/api/v1/lists", f"/api/v1/lists/{INBOX}/todos"):
        response = allow_origin_server.request("OPTIONS", path, headers=[
            ("Origin", ALLOWED_ORIGIN), ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type")])
        assert response.status == 204, response
        assert response.header_all("access-control-allow-origin") == [ALLOWED_ORIGIN], response
        assert response.has_token("vary", "origin"), response.headers


def test_allowed_origin_reads_and_writes(allow_origin_server):
    """An --allow-origin origin can read (200) and write (201) with CORS headers naming it
    and Vary: Origin; the write is stored."""
    headers = [("Origin", ALLOWED_ORIGIN)]
    response = allow_origin_server.request("GET", "/api/v1/lists", headers=headers)
    assert response.status == 200, response
    assert response.header_all("access-control-allow-origin") == [ALLOWED_ORIGIN]
    assert response.has_token("vary", "origin"), response.headers
    title = f"allowed {uuid.uuid4()}"
    response = allow_origin_server.request(
        "POST", f"/api/v1/lists/{INBOX}/todos", {"title": title},
        headers=headers + [("Sec-Fetch-Site", "cross-site")])
    assert response.status == 201, response
    assert response.header_all("access-control-allow-origin") == [ALLOWED_ORIGIN]
    assert title in allow_origin_server.titles()


def test_allow_origin_does_not_open_other_origins(allow_origin_server):
    """With --allow-origin, every other foreign origin is still refused with 403 and gets
    no CORS header (no `*`, no reflection)."""
    for origin in foreign_origins(allow_origin_server.port) + ["https://app.example.com.evil"]:
        response = allow_origin_server.request("GET", "/api/v1/lists",
                                               headers=[("Origin", origin)])
        assert response.status == 403, (origin, response)
        assert_no_cors(response)
        preflight = allow_origin_server.request("OPTIONS", "/api/v1/lists", headers=[
            ("Origin", origin), ("Access-Control-Request-Method", "POST")])
        assert preflight.status == 403, (origin, preflight)
        assert_no_cors(preflight)


# MARK: - --todo-backend-cors


def test_todo_backend_cors_opens_only_todos(backend_cors_server):
    """With --todo-backend-cors, /todos (and /todos/{id}) answer any origin with
    Access-Control-Allow-Origin: *, preflights included, and a cross-origin Todo-Backend
    client can create a todo; /api/v1 still refuses the foreign origin."""
    server = backend_cors_server
    headers = [("Origin", FOREIGN)]
    response = server.request("GET", "/todos", headers=headers)
    assert response.status == 200, response
    assert response.header("access-control-allow-origin") == "*", response.headers
    preflight = server.request("OPTIONS", "/todos", headers=headers + [
        ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "content-type")])
    assert 200 <= preflight.status < 300, preflight
    assert preflight.header("access-control-allow-origin") == "*", preflight.headers
    title = f"backend {uuid.uuid4()}"
    created = server.request("POST", "/todos", {"title": title}, headers=headers)
    assert created.status == 201, created
    assert created.header("access-control-allow-origin") == "*", created.headers
    one = server.request("GET", "/todos/" + created.json()["url"].rsplit("/", 1)[1],
                         headers=headers)
    assert one.status == 200, one
    assert one.header("access-control-allow-origin") == "*", one.headers

    api = server.request("GET", "/api/v1/lists", headers=headers)
    assert api.status == 403, api
    assert_no_cors(api)


def test_without_todo_backend_cors_todos_is_like_the_rest(server):
    """Without --todo-backend-cors, /todos gets no CORS for a foreign origin: GET and POST
    are 403 and nothing is created."""
    before = server.everything()
    for method, body in (("GET", None), ("POST", {"title": "evil"})):
        response = server.request(method, "/todos", body, headers=[("Origin", FOREIGN)])
        assert response.status == 403, response
        assert_no_cors(response)
    assert server.everything() == before


# MARK: - Host


def test_own_hosts_are_served(server):
    """Host 127.0.0.1:PORT, localhost:PORT and [::1]:PORT are answered with 200."""
    for host in server.own_hosts():
        response = server.request("GET", "/api/v1/lists", host=host)
        assert response.status == 200, (host, response)


@pytest.mark.parametrize("make_host", [
    lambda port: "evil.example", lambda port: f"evil.example:{port}",
    lambda port: f"127.0.0.1:{port + 1}", lambda port: "127.0.0.1", lambda port: "localhost",
    lambda port: "todo.example.org", lambda port: f"localhost.evil.example:{port}"],
    ids=["evil", "evil-port", "other-port", "ip-no-port", "localhost-no-port",
         "public-not-configured", "lookalike"])
@pytest.mark.parametrize("path", ["/api/v1/lists", "/", "/todos"])
def test_foreign_host_is_421(server, make_host, path):
    """A request whose Host is not one of the server's names gets 421 problem+json."""
    response = server.request("GET", path, host=make_host(server.port))
    assert_problem(response, 421)


def test_missing_host_is_400(server):
    """An HTTP/1.1 request without Host gets 400."""
    exchange = raw_exchange(server.port, b"GET /api/v1/lists HTTP/1.1\r\nConnection: close\r\n\r\n")
    assert exchange.response is not None, exchange
    assert exchange.response.status == 400, exchange.response


def test_public_url_host_and_origin_are_own(public_server):
    """With --public-url https://todo.example.org, Host todo.example.org and Origin
    https://todo.example.org are the server's own: 200."""
    response = public_server.request("GET", "/api/v1/lists", host="todo.example.org",
                                     headers=[("Origin", PUBLIC_URL)])
    assert response.status == 200, response
    response = public_server.request("GET", "/api/v1/lists", host="evil.example")
    assert_problem(response, 421)


@pytest.mark.parametrize("host", ["todo.example.org", "loopback"])
def test_public_url_locations(public_server, host):
    """Location of a created todo and list, and the Todo-Backend url/Location, start with
    https://todo.example.org/ whatever the request's (accepted) Host."""
    host = public_server.host if host == "loopback" else host
    problems = []
    for path, body in ((f"/api/v1/lists/{INBOX}/todos", {"title": "here"}),
                       ("/api/v1/lists", {"name": f"public {uuid.uuid4()}"})):
        response = public_server.request("POST", path, body, host=host)
        assert response.status == 201, response
        if not (response.header("location") or "").startswith(PUBLIC_URL + "/"):
            problems.append(f"POST {path}: Location {response.header('location')!r}")
    response = public_server.request("POST", "/todos", {"title": "backend"}, host=host)
    assert response.status == 201, response
    if not response.json()["url"].startswith(PUBLIC_URL + "/todos/"):
        problems.append(f"POST /todos: url {response.json()['url']!r}")
    if not (response.header("location") or "").startswith(PUBLIC_URL + "/"):
        problems.append(f"POST /todos: Location {response.header('location')!r}")
    listing = public_server.request("GET", "/todos", host=host).json()
    wrong = [todo["url"] for todo in listing if not todo["url"].startswith(PUBLIC_URL + "/todos/")]
    if wrong:
        problems.append(f"GET /todos: urls {wrong[:2]!r}")
    assert not problems, "; ".join(problems)


def test_locations_never_echo_the_request_host(server):
    """Without --public-url, creates sent with Host localhost:PORT answer a Location (and
    Todo-Backend url) on the configured origin http://127.0.0.1:PORT (or a path), never
    the request's Host."""
    host = f"localhost:{server.port}"
    problems = []
    for path, body in ((f"/api/v1/lists/{INBOX}/todos", {"title": "t"}),
                       ("/api/v1/lists", {"name": f"local {uuid.uuid4()}"}), ("/todos", {"title": "t"})):
        response = server.request("POST", path, body, host=host)
        assert response.status == 201, response
        location = response.header("location") or ""
        if not location.startswith((server.origin + "/", "/")) or location.startswith("//"):
            problems.append(f"POST {path}: Location {location!r}")
        if path == "/todos" and not response.json()["url"].startswith(server.origin + "/todos/"):
            problems.append(f"POST /todos: url {response.json()['url']!r}")
    assert not problems, "; ".join(problems)


# MARK: - Sec-Fetch-Site


@pytest.mark.parametrize("headers", [
    [("Sec-Fetch-Site", "cross-site")],
    [("Sec-Fetch-Site", "cross-site"), ("Origin", FOREIGN)],
    [("Sec-Fetch-Site", "same-site")],
    [("Sec-Fetch-Site", "same-site"), ("Origin", FOREIGN)],
], ids=["cross-site", "cross-site-foreign", "same-site-no-origin", "same-site-foreign"])
def test_cross_site_fetch_metadata_writes_are_403(server, headers):
    """JSON writes marked Sec-Fetch-Site: cross-site or same-site without an own Origin get
    403 and change nothing."""
    headers = [(k, server.origin if v == "own" else v) for k, v in headers]
    requests = write_requests(server)
    before = server.everything()
    for method, path, body in requests:
        response = server.request(method, path, body, headers=headers)
        assert response.status == 403, (method, path, response)
        assert_no_cors(response)
    assert server.everything() == before


@pytest.mark.parametrize("headers", [
    [], [("Sec-Fetch-Site", "same-origin"), ("Origin", "own")],
    [("Sec-Fetch-Site", "same-site"), ("Origin", "own")],
    [("Sec-Fetch-Site", "cross-site"), ("Origin", "localhost")],
    [("Sec-Fetch-Site", "none")], [("Origin", "own")]],
    ids=["plain", "same-origin", "same-site-own-origin", "cross-site-own-localhost", "none",
         "own-origin"])
def test_same_origin_json_writes_work(server, headers):
    """Control: a JSON write without Origin, or from an own origin, is accepted (201) and
    stored. That includes the page opened as http://localhost:PORT writing to
    127.0.0.1:PORT: a browser marks it Sec-Fetch-Site: cross-site (another site), but its
    Origin is one of the server's own."""
    own = {"own": server.origin, "localhost": f"http://localhost:{server.port}"}
    headers = [(k, own.get(v, v)) for k, v in headers]
    title = f"ok {uuid.uuid4()}"
    response = server.request("POST", f"/api/v1/lists/{INBOX}/todos", {"title": title},
                              headers=headers)
    assert response.status == 201, response
    assert title in server.titles()


# MARK: - Content types


FORM_TYPES = {
    "urlencoded": ("application/x-www-form-urlencoded", b"title=form&name=form"),
    "text-plain": ("text/plain", b'{"title":"form","name":"form","completed":true}'),
    "multipart": ("multipart/form-data; boundary=XyZ",
                  b'--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nform\r\n'
                  b"--XyZ--\r\n"),
}


@pytest.mark.parametrize("kind", list(FORM_TYPES))
def test_non_json_bodies_are_415(server, kind):
    """POST/PATCH/DELETE/PUT with a body that is not application/json get 415 (no Origin, as
    a same-origin form would send none) and change nothing."""
    content_type, body = FORM_TYPES[kind]
    requests = write_requests(server)
    before = server.everything()
    for method, path, _ in requests:
        response = server.request(method, path, body, headers=[("Content-Type", content_type)])
        assert response.status == 415, (method, path, response)
    for path in (f"/api/v1/lists/{INBOX}", "/todos"):
        response = server.request("PUT", path, body, headers=[("Content-Type", content_type)])
        assert response.status in (415, 404, 405), (path, response)
    assert server.everything() == before


@pytest.mark.parametrize("kind", list(FORM_TYPES))
@pytest.mark.parametrize("origin", ["foreign", "null"])
def test_cross_site_form_posts_change_nothing(server, kind, origin):
    """An HTML form post from another site (urlencoded, text/plain, multipart; Origin foreign
    or null, Sec-Fetch-Site cross-site) is refused (403 or 415) and changes nothing."""
    content_type, body = FORM_TYPES[kind]
    requests = write_requests(server)
    before = server.everything()
    headers = [("Content-Type", content_type), ("Origin", FOREIGN if origin == "foreign"
                                                 else "null"), ("Sec-Fetch-Site", "cross-site")]
    for method, path, _ in requests:
        if method != "POST":
            continue  # forms only POST
        response = server.request(method, path, body, headers=headers)
        assert response.status in (403, 415), (path, response)
        assert_no_cors(response)
    assert server.everything() == before


def test_delete_without_body_still_works(server):
    """Control: DELETE without a body or content type is not refused as a non-JSON body."""
    todo = server.new_todo(INBOX)
    response = server.request("DELETE", f"/api/v1/todos/{todo['id']}")
    assert response.status == 200, response

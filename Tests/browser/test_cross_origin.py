"""A page on another origin (a static server started here, on another port of 127.0.0.1)
tries to read and change the todos of a running `todo serve` through a real browser: fetch
with and without CORS, an HTML form post, a WebSocket. It can read nothing and change
nothing; the same reads from the server's own page work (the control)."""

import http.server
import json
import threading
import uuid

import pytest
from selenium.webdriver.common.by import By

from conftest import api, free_port
from page import until

INBOX = "00000000-0000-4000-8000-000000000001"

ATTACK_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>elsewhere</title></head>
<body>
<pre id="results">{}</pre>
<iframe name="sink" id="sink"></iframe>
<form id="form" method="post" enctype="text/plain" target="sink"
      action="__SERVER__/api/v1/lists/__INBOX__/todos">
  <input type="hidden" name='{"title":"__FORM__","x":"' value='"}'>
</form>
<form id="form2" method="post" target="sink2"
      action="__SERVER__/api/v1/lists/__INBOX__/todos">
  <input type="hidden" name="title" value="__FORM2__">
</form>
<iframe name="sink2" id="sink2"></iframe>
<script>
const SERVER = "__SERVER__";
const results = {};
function record(key, value) {
  results[key] = value;
  document.getElementById("results").textContent = JSON.stringify(results);
}
// (e) the page's own origin: proves the script runs and can fetch.
fetch("/ping").then(r => r.text()).then(t => record("e", t), e => record("e", "error:" + e));
// (a) read the lists.
fetch(SERVER + "/api/v1/lists").then(r => r.text())
  .then(t => record("a", "read:" + t.slice(0, 200)), e => record("a", "error:" + e.name));
// (b) create a todo with a JSON POST (needs a CORS preflight).
fetch(SERVER + "/api/v1/lists/__INBOX__/todos", {method: "POST",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify({title: "__FETCH__"})})
  .then(r => r.text().then(t => record("b", "read:" + r.status + ":" + t.slice(0, 200))),
        e => record("b", "error:" + e.name));
// (b2) the same as a "simple" no-cors request: text/plain, JSON-looking body.
fetch(SERVER + "/api/v1/lists/__INBOX__/todos", {method: "POST", mode: "no-cors",
    headers: {"Content-Type": "text/plain"}, body: JSON.stringify({title: "__NOCORS__"})})
  .then(r => record("b2", "type:" + r.type + ":" + r.status), e => record("b2", "error:" + e.name));
// (d) the live WebSocket, sending an add event once open.
try {
  const ws = new WebSocket(SERVER.replace("http", "ws") + "/live");
  const messages = [];
  ws.onopen = () => {
    record("d_open", true);
    ws.send(JSON.stringify({v: 1, type: "add", title: "__WS__"}));
  };
  ws.onmessage = event => { messages.push(String(event.data).slice(0, 80)); record("d_messages", messages); };
  ws.onclose = event => record("d", "closed:" + event.code);
} catch (error) {
  record("d", "error:" + error.name);
}
// (c) form posts (text/plain and urlencoded) into frames, once the frames' blank pages loaded.
window.addEventListener("load", () => {
  document.getElementById("sink").addEventListener("load", () => record("c", "loaded"));
  document.getElementById("sink2").addEventListener("load", () => record("c2", "loaded"));
  document.getElementById("form").submit();
  document.getElementById("form2").submit();
});
</script>
</body></html>
"""


@pytest.fixture
def elsewhere(server):
    """A static HTTP server on another port (another origin) serving the attack page at /,
    its URL and the marker titles the page tries to create."""
    markers = {key: f"{key.strip('_').lower()} {uuid.uuid4()}"
               for key in ("__FORM__", "__FORM2__", "__FETCH__", "__NOCORS__", "__WS__")}
    page = ATTACK_PAGE.replace("__SERVER__", server[0]).replace("__INBOX__", INBOX)
    for key, title in markers.items():
        page = page.replace(key, title)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body, content_type = {"/": (page.encode(), "text/html; charset=utf-8"),
                                  "/ping": (b"pong", "text/plain")}.get(
                                      self.path, (b"not found", "text/plain"))
            self.send_response(200 if self.path in ("/", "/ping") else 404)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", markers
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def all_todos(url):
    todos = []
    for todo_list in api(url, "GET", "/api/v1/lists"):
        todos += api(url, "GET", f"/api/v1/lists/{todo_list['id']}/todos")
    return sorted((todo["id"], todo["title"], todo["version"]) for todo in todos)


def test_another_origin_can_read_and_change_nothing(server, elsewhere, browser):
    """From a page on another origin: fetch of /api/v1/lists fails (nothing read), a JSON
    POST fails, a no-cors text/plain POST is opaque, form posts (text/plain and urlencoded)
    land in frames, and the WebSocket closes without opening or sending a snapshot; the
    todos (counted from Python without an Origin) are exactly what they were."""
    url = server[0]
    page_url, markers = elsewhere
    before = all_todos(url)
    driver = browser()
    driver.get(page_url + "/")
    wanted = ("a", "b", "b2", "c", "c2", "d", "e")

    def results():
        text = driver.find_element(By.ID, "results").text
        return json.loads(text or "{}")

    until(lambda: all(key in results() for key in wanted), 20,
          "the page did not finish", details=lambda: str(results()), interval=0.1)
    found = results()
    assert found["e"] == "pong", found  # the script ran and could fetch its own origin
    assert found["a"].startswith("error:"), f"the lists were read cross-origin: {found['a']}"
    assert found["b"].startswith("error:"), f"a cross-origin JSON POST was read: {found['b']}"
    assert found["b2"].startswith(("type:opaque:0", "error:")), found["b2"]
    assert found["c"] == "loaded" and found["c2"] == "loaded", found
    assert "d_open" not in found, f"the WebSocket opened cross-origin: {found}"
    assert not found.get("d_messages"), f"the WebSocket sent data cross-origin: {found}"
    assert found["d"].startswith(("closed:", "error:")), found["d"]

    after = all_todos(url)
    assert after == before, "a cross-origin page changed the todos"
    titles = {title for _, title, _ in after}
    assert not titles & set(markers.values())


def test_own_page_can_read_and_open_the_live_socket(server, browser):
    """Control for the test above: from the server's own page, the same fetch reads the
    lists and the same WebSocket opens and receives a snapshot."""
    url = server[0]
    driver = browser()
    driver.get(url + "/")
    driver.set_script_timeout(15)
    outcome = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const result = {};
        fetch("/api/v1/lists").then(r => r.json()).then(lists => {
          result.lists = lists.length;
          const ws = new WebSocket(location.origin.replace("http", "ws") + "/live");
          ws.onmessage = event => { result.first = JSON.parse(event.data).type; ws.close(); done(result); };
          ws.onclose = event => { result.closed = event.code; done(result); };
        }, error => { result.error = String(error); done(result); });
    """)
    assert outcome.get("lists", 0) >= 1, outcome
    assert outcome.get("first") == "snapshot", outcome

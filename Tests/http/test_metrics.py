"""`/metrics` in Prometheus' text format: off by default, on a listener of its own with
`--metrics-listen`, on the main port behind `$TODO_METRICS_TOKEN`; scraped by Debian's own
`prometheus`, whose query API sees the request counter rise, and accepted by `promtool check
metrics`."""

import json
import os
import shutil
import socket
import subprocess
import tempfile
import urllib.error
import urllib.parse
import urllib.request

import pytest

from httpkit import INBOX, Server, WebSocket
from todoserve import wait_for

TOKEN = "metrics-token-0123456789abcdef"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url, headers=None):
    """(status, body text) of a GET."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode(), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), error.headers


@pytest.fixture(scope="module")
def metrics_server():
    """A server with metrics on a listener of its own, and on the main port behind a token."""
    port = free_port()
    os.environ["TODO_METRICS_TOKEN"] = TOKEN
    try:
        server = Server("--metrics-listen", f"127.0.0.1:{port}", name="metrics")
        server.start()
    finally:
        del os.environ["TODO_METRICS_TOKEN"]
    server.metrics_url = f"http://127.0.0.1:{port}/metrics"
    yield server
    server.close()


def sample(text, name, **labels):
    """The value of the sample `name` whose labels include `labels`, or None."""
    for line in text.splitlines():
        if line.startswith("#") or not line.startswith(name):
            continue
        head, _, value = line.rpartition(" ")
        if not all(f'{key}="{wanted}"' in head for key, wanted in labels.items()):
            continue
        if head == name or head.startswith(name + "{"):
            return float(value)
    return None


def test_metrics_are_off_unless_asked(server):
    status, _, _ = get(f"http://127.0.0.1:{server.port}/metrics")
    assert status == 404


def test_requests_are_counted_by_route_and_status_with_their_latency(metrics_server):
    base = f"http://127.0.0.1:{metrics_server.port}"
    for _ in range(3):
        assert get(base + "/api/v1/lists")[0] == 200
    assert get(base + "/api/v1/lists/not-a-list/todos")[0] in (400, 404)
    status, text, headers = get(metrics_server.metrics_url)
    assert status == 200
    assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
    listed = sample(text, "hb_requests_total", http_route="/api/v1/lists",
                    http_response_status_code="200")
    assert listed is not None and listed >= 3, text[:2000]
    assert sample(text, "http_server_request_duration_seconds_bucket", http_route="/api/v1/lists",
                  le="+Inf") >= 3
    promtool = shutil.which("promtool")
    if promtool is None:
        pytest.fail("Debian's prometheus (promtool) is not installed (scripts/test installs it)")
    check = subprocess.run([promtool, "check", "metrics"], input=text, text=True,
                           capture_output=True, timeout=30)
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_main_port_serves_metrics_only_with_the_token(metrics_server):
    url = f"http://127.0.0.1:{metrics_server.port}/metrics"
    assert get(url)[0] == 401
    assert get(url, {"Authorization": "Bearer " + TOKEN[:-1] + "x"})[0] == 401
    status, text, _ = get(url, {"Authorization": "Bearer " + TOKEN})
    assert status == 200 and "hb_requests_total" in text


def test_open_pages_pipeline_lag_and_armed_reminders(metrics_server):
    """A page's socket is counted while it is open; a write reaches it through the change
    pipeline, whose lag from commit to observers is timed; armed reminders are a gauge that
    follows reminders added and removed, however late they fire."""
    server = metrics_server

    def scrape(name):
        status, text, _ = get(server.metrics_url)
        assert status == 200
        return sample(text, name)

    ws, response = WebSocket.handshake(server.port, server.host, origin=server.origin)
    assert ws is not None, f"upgrade refused: {response!r}"
    try:
        assert ws.read_json(timeout=5).get("type") == "snapshot"
        assert scrape("todo_live_pages") == 1
        lagged = scrape("persistence_observation_lag_seconds_count") or 0
        todo = server.api("POST", f"/api/v1/lists/{INBOX}/todos", {"title": "timed"},
                          expect=201)
        ws.read_json(timeout=5)
        wait_for(lambda: (scrape("persistence_observation_lag_seconds_count") or 0) > lagged,
                 "the write's way to the page was not timed", timeout=10)
        assert scrape("persistence_observation_lag_seconds_sum") < 10
    finally:
        ws.close()
    wait_for(lambda: scrape("todo_live_pages") == 0, "the closed page is still counted",
             timeout=10)

    armed = scrape("todo_reminders_scheduled") or 0
    # The later one does not move the first moment, and is counted all the same.
    created = [server.api("POST", f"/api/v1/todos/{todo['id']}/reminders", {"at": at},
                          expect=201) for at in ("2099-01-01T09:00:00Z", "2099-06-01T09:00:00Z")]
    wait_for(lambda: scrape("todo_reminders_scheduled") == armed + 2,
             "the armed reminders were not counted", timeout=10)
    server.api("DELETE", f"/api/v1/reminders/{created[1]['id']}", expect=204)
    wait_for(lambda: scrape("todo_reminders_scheduled") == armed + 1,
             "a removed reminder is still counted", timeout=10)


def test_prometheus_scrapes_the_server_and_sees_requests_rise(metrics_server):
    binary = shutil.which("prometheus")
    if binary is None:
        pytest.fail("Debian's prometheus is not installed (scripts/test installs it)")
    directory = tempfile.mkdtemp(prefix="todo-prometheus-")
    target = metrics_server.metrics_url.split("/")[2]
    config = os.path.join(directory, "prometheus.yml")
    with open(config, "w") as file:
        file.write("global:\n  scrape_interval: 1s\n"
                   "scrape_configs:\n  - job_name: todo\n"
                   f"    static_configs:\n      - targets: ['{target}']\n")
    port = free_port()
    log = open(os.path.join(directory, "prometheus.log"), "wb")
    process = subprocess.Popen(
        [binary, f"--config.file={config}", f"--storage.tsdb.path={directory}/data",
         f"--web.listen-address=127.0.0.1:{port}"], stdout=log, stderr=log,
        stdin=subprocess.DEVNULL)
    api = f"http://127.0.0.1:{port}/api/v1/query?query="

    def value(query):
        status, body, _ = get(api + urllib.parse.quote(query))
        if status != 200:
            return None
        result = json.loads(body)["data"]["result"]
        return float(result[0]["value"][1]) if result else None

    try:
        query = 'sum(hb_requests_total{http_route="/healthz"})'
        wait_for(lambda: value('up{job="todo"}') == 1.0, "prometheus never scraped the server",
                 timeout=60, ignoring=(OSError, ValueError, KeyError))
        healthz = f"http://127.0.0.1:{metrics_server.port}/healthz"
        assert get(healthz)[0] == 200
        before = wait_for(lambda: value(query), "the request counter never reached prometheus",
                          timeout=30, ignoring=(OSError,))
        for _ in range(5):
            assert get(healthz)[0] == 200
        wait_for(lambda: (value(query) or 0) >= before + 5,
                 "prometheus never saw the five requests", timeout=30, ignoring=(OSError,))
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(directory, ignore_errors=True)


def test_a_postgresql_store_reports_its_pool(tmp_path):
    """On PostgreSQL, how long requests wait for a pooled connection, and how many are busy."""
    url = os.environ.get("TODO_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("needs the test cluster (TODO_TEST_POSTGRES_URL, started by scripts/test)")
    name = "t_metrics_" + os.urandom(6).hex()
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-c",
                    f"CREATE DATABASE {name}"], check=True, capture_output=True)
    port = free_port()
    server = Server("--metrics-listen", f"127.0.0.1:{port}", name="metrics-postgres")
    server.database = url.rsplit("/", 1)[0] + f"/{name}?sslmode=disable"
    try:
        server.start()
        for _ in range(3):
            assert get(f"http://127.0.0.1:{server.port}/api/v1/lists")[0] == 200
        status, text, _ = get(f"http://127.0.0.1:{port}/metrics")
        assert status == 200
        waits = sample(text, "persistence_postgres_connection_wait_seconds_count")
        assert waits is not None and waits >= 3, text[-2000:]
        assert sample(text, "persistence_postgres_connections_in_use") is not None
    finally:
        server.close()
        subprocess.run(["psql", "-X", "-q", url, "-c",
                        f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True)

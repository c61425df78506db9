"""Several `todo serve` processes on one PostgreSQL database are one live system, as a
deployment of several servers on one database needs.

Needs the cluster scripts/test starts (TODO_TEST_POSTGRES_URL, TODO_TEST_PG_RESTART); each
test gets a new database and two servers of its own.
"""

import json
import os
import signal
import subprocess
import threading
import urllib.error
import urllib.request
import uuid

import pytest

from conftest import api
from page import LivePage
from todoserve import TodoServe, wait_for

POSTGRES = os.environ.get("TODO_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not POSTGRES, reason="needs TODO_TEST_POSTGRES_URL")
INBOX = "00000000-0000-4000-8000-000000000001"


def psql(sql):
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", POSTGRES, "-c", sql],
                   check=True, capture_output=True)


@pytest.fixture
def servers():
    """Two servers, A and B (todoserve.TodoServe), on a new database of the test cluster."""
    name = "t_servers_" + uuid.uuid4().hex[:12]
    psql(f"CREATE DATABASE {name}")
    database = POSTGRES.rsplit("/", 1)[0] + f"/{name}?sslmode=disable"
    a = TodoServe("--db-timeout", "3", database=database, name="servers-a")
    b = TodoServe("--db-timeout", "3", database=database, name="servers-b")
    # Both start at once on the new database: migrations and the Inbox are made once.
    first = threading.Thread(target=a.start)
    first.start()
    try:
        b.start()
        first.join()
        assert a.url, f"server A did not start; its log:\n{a.log()}"
        yield [a.url, b.url], [a, b], database
    finally:
        first.join()
        for serve in (a, b):
            serve.close()
        psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_a_change_on_one_server_reaches_a_page_on_the_other(servers, browser):
    (a, b), _, _ = servers
    on_b = LivePage(browser(), b)
    on_a = LivePage(browser(), a)
    api(a, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Written through A"})
    on_b.wait(lambda: on_b.has("Written through A"), timeout=3,
              message="a change through A never reached the page on B")
    on_b.add("Typed on B")
    on_a.wait(lambda: on_a.has("Typed on B"), timeout=3,
              message="a change through B never reached the page on A")
    assert on_a.titles() == on_b.titles()


def create(url, title):
    data = json.dumps({"title": title}).encode()
    request = urllib.request.Request(
        f"{url}/api/v1/lists/{INBOX}/todos", data=data, method="POST",
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
        return json.loads(response.read())["id"]


def test_sigkill_during_a_burst_loses_nothing_acknowledged(servers):
    (a, b), processes, _ = servers
    acknowledged = []
    stop = threading.Event()

    def burst(worker):
        for number in range(400):
            if stop.is_set():
                return
            try:
                acknowledged.append(create(a, f"burst {worker}.{number}"))
            except (urllib.error.URLError, ConnectionError, OSError):
                return

    workers = [threading.Thread(target=burst, args=(n,)) for n in range(4)]
    for worker in workers:
        worker.start()
    # Killed mid-burst, once some creates were acknowledged.
    wait_for(lambda: len(acknowledged) >= 60 or not any(w.is_alive() for w in workers),
             "60 creates were not acknowledged", timeout=120, interval=0.01)
    processes[0].process.send_signal(signal.SIGKILL)
    stop.set()
    for worker in workers:
        worker.join()
    assert len(acknowledged) >= 60
    present = {todo["id"] for todo in api(b, "GET", f"/api/v1/lists/{INBOX}/todos")}
    missing = [id for id in acknowledged if id not in present]
    assert not missing, f"{len(missing)} acknowledged creates are gone"


def test_pages_resync_after_a_database_restart(servers, browser):
    (a, b), _, _ = servers
    before = [create(a, f"before {n}") for n in range(5)]
    on_a = LivePage(browser(), a)
    on_a.wait(lambda: len(on_a.titles()) == 5)
    subprocess.run(["sh", "-c", os.environ["TODO_TEST_PG_RESTART"]], check=True,
                   capture_output=True)

    def written_through_b():
        try:
            return create(b, "after the restart")
        except urllib.error.HTTPError as error:
            assert error.code == 503 and error.headers["Retry-After"], error
            return None

    # The server reconnects by itself; a write through B succeeds once B has too.
    wait_for(written_through_b, "no write through B after the restart", timeout=30,
             interval=0.1)
    on_a.wait(lambda: on_a.has("after the restart"), timeout=10,
              message="the page on A did not resync after the restart")
    present = {todo["id"] for todo in api(a, "GET", f"/api/v1/lists/{INBOX}/todos")}
    assert set(before) <= present


def readiness(url):
    """`/readyz`'s status and `todo healthcheck`'s exit status for the server at `url`."""
    try:
        with urllib.request.urlopen(url + "/readyz", timeout=15) as response:
            code = response.status
    except urllib.error.HTTPError as error:
        code = error.code
        assert "database" in json.loads(error.read())["detail"]
    check = subprocess.run([os.environ.get("TODO_BIN", ".build/debug/todo"), "healthcheck", url],
                           capture_output=True, text=True, timeout=30)
    assert (check.returncode == 0) == ("ready" in check.stdout), check
    return code, check.returncode


def test_pages_show_offline_while_the_database_is_down(servers, browser):
    (a, b), _, _ = servers
    on_a = LivePage(browser(), a)
    on_a.wait_loaded()
    status = lambda: on_a.driver.execute_script(
        "return [document.getElementById('connection').textContent,"
        " document.body.classList.contains('offline')]")
    assert status() == ["", False]
    assert readiness(a) == (200, 0)
    subprocess.run(["sh", "-c", os.environ["TODO_TEST_PG_STOP"]], check=True, capture_output=True)
    try:
        on_a.wait(lambda: "database" in status()[0] and status()[1], timeout=10,
                  message="the page did not say that the server lost its database")
        # The readiness check says the same as the banner, and the container's check fails.
        code, healthcheck = readiness(a)
        assert (code, healthcheck) == (503, 4)
        # Requests answer within the request timeout (3 s here), 503 with Retry-After.
        with pytest.raises(urllib.error.HTTPError) as refused:
            create(a, "while the database is down")
        assert refused.value.code == 503 and refused.value.headers["Retry-After"]
    finally:
        subprocess.run(["sh", "-c", os.environ["TODO_TEST_PG_START"]], check=True,
                       capture_output=True)
    on_a.wait(lambda: status() == ["", False], timeout=15,
              message="the page still says offline after the database came back")
    assert readiness(a) == (200, 0)
    create(b, "after the outage")
    on_a.wait(lambda: on_a.has("after the outage"), timeout=10,
              message="the page on A missed a change made once the database was back")


def test_pages_show_offline_while_only_the_pool_fails(servers, browser):
    """The change feed's connection stays up while the pool's connections fail (the database
    refuses new connections and the pooled ones are gone): requests get 503, so the banner and
    the readiness check say offline too, until the pool works again."""
    (a, b), _, database = servers
    name = database.rsplit("/", 1)[1].split("?")[0]
    on_a = LivePage(browser(), a)
    on_a.wait_loaded()
    status = lambda: on_a.driver.execute_script(
        "return [document.getElementById('connection').textContent,"
        " document.body.classList.contains('offline')]")
    assert status() == ["", False]
    psql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
    try:
        # Every connection of the servers but the ones that LISTEN.
        psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
             " AND query NOT LIKE 'LISTEN%'")
        with pytest.raises(urllib.error.HTTPError) as refused:
            create(a, "while the pool fails")
        assert refused.value.code == 503
        on_a.wait(lambda: "database" in status()[0] and status()[1], timeout=10,
                  message="the page stayed online while requests got 503")
        assert readiness(a) == (503, 4)
        listeners = subprocess.run(
            ["psql", "-X", "-At", POSTGRES, "-c", "SELECT count(*) FROM pg_stat_activity"
             f" WHERE datname = '{name}' AND query LIKE 'LISTEN%'"],
            check=True, capture_output=True, text=True).stdout.strip()
        assert listeners == "2", "the change feeds were lost too: this is not a pool failure"
    finally:
        psql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
    on_a.wait(lambda: status() == ["", False], timeout=15,
              message="the page still says offline after the pool came back")
    assert readiness(a) == (200, 0)
    create(b, "after the pool came back")
    on_a.wait(lambda: on_a.has("after the pool came back"), timeout=10,
              message="the page on A missed a change made once the pool was back")

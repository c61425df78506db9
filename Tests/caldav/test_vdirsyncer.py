"""vdirsyncer and todoman against `todo serve`: the lists synced to a folder of .ics files,
todos made, completed and deleted in todoman reach the app, a change in the page reaches the
folder, and a sync after a sync has nothing left to do.

todoman's executable is also called `todo`: it is run here as `python3 -m todoman`, and
vdirsyncer as `python3 -m vdirsyncer`, never by name; the server is started from its
path (Tests/support/todoserve.py's `todo_binary`). HOME and the XDG folders point into a
temporary folder, so nothing touches the real home.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from davkit import api_todo_titled, api_todos, same_id

TIMEOUT = 120


class Tools:
    """vdirsyncer and todoman with configurations of their own in a temporary home."""

    def __init__(self, server, home):
        self.server = server
        self.home = Path(home)
        self.calendars = self.home / "calendars"
        config = self.home / "config"
        (config / "vdirsyncer").mkdir(parents=True, exist_ok=True)
        (config / "todoman").mkdir(parents=True, exist_ok=True)
        self.vdirsyncer_config = config / "vdirsyncer" / "config"
        self.todoman_config = config / "todoman" / "config.py"
        # The server's bare address: vdirsyncer finds /dav/ itself (/.well-known/caldav).
        self.vdirsyncer_config.write_text(textwrap.dedent(f"""\
            [general]
            status_path = "{self.home}/status/"

            [pair todos]
            a = "server"
            b = "local"
            collections = ["from a", "from b"]
            metadata = ["displayname"]
            conflict_resolution = "b wins"

            [storage server]
            type = "caldav"
            url = "http://127.0.0.1:{server.port}/"
            item_types = ["VTODO"]

            [storage local]
            type = "filesystem"
            path = "{self.calendars}/"
            fileext = ".ics"
            """))
        self.todoman_config.write_text(textwrap.dedent(f"""\
            path = "{self.calendars}/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_due = 0
            """))
        self.env = {
            **{key: value for key, value in os.environ.items()
               if not key.startswith(("XDG_", "VDIRSYNCER", "TODOMAN"))},
            "HOME": str(self.home), "XDG_CONFIG_HOME": str(config),
            "XDG_DATA_HOME": str(self.home / "data"), "XDG_CACHE_HOME": str(self.home / "cache"),
            "XDG_STATE_HOME": str(self.home / "state"), "TZ": "UTC", "LC_ALL": "C.UTF-8",
        }

    def run(self, module, *args, stdin=None):
        command = [sys.executable, "-m", module]
        if module == "vdirsyncer":
            command += ["-c", str(self.vdirsyncer_config)]
        else:
            command += ["--config", str(self.todoman_config), "--color", "never"]
        result = subprocess.run([*command, *args], input=stdin, env=self.env, cwd=self.home,
                                capture_output=True, text=True, timeout=TIMEOUT)
        output = result.stdout + result.stderr
        assert result.returncode == 0, f"{module} {' '.join(args)} exited " \
            f"{result.returncode}:\n{output}\n--- server stderr:\n{self.server.log()}"
        return output

    def vdirsyncer(self, *args, stdin=None):
        return self.run("vdirsyncer", *args, stdin=stdin)

    def todoman(self, *args):
        return self.run("todoman", *args)

    def tasks(self, *args):
        """todoman's tasks (its stable JSON), every status."""
        return json.loads(self.run("todoman", "--porcelain", "list", "--status", "ANY", *args))

    def task(self, summary):
        [task] = [task for task in self.tasks() if task["summary"] == summary]
        return task

    def files(self):
        """{relative path: (bytes, mtime_ns)} of the synced folder."""
        return {str(path.relative_to(self.calendars)): (path.read_bytes(), path.stat().st_mtime_ns)
                for path in sorted(self.calendars.rglob("*")) if path.is_file()}

    def file_of(self, list_id, title):
        folder = self.calendars / str(list_id).lower()
        found = [path for path in folder.glob("*.ics")
                 if f"SUMMARY:{title}" in path.read_text().replace("\r\n ", "").splitlines()]
        assert len(found) == 1, (title, [p.read_text() for p in folder.glob("*.ics")])
        return found[0]


@pytest.fixture
def tools(fresh_server):
    for module in ("vdirsyncer", "todoman"):
        result = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                                timeout=TIMEOUT)
        if result.returncode != 0:
            pytest.fail(f"the {module} package is not installed (scripts/test installs it)")
    server = fresh_server(name="vdirsyncer")
    home = tempfile.mkdtemp(prefix="todo-vdirsyncer-")
    try:
        yield Tools(server, home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def copies(output):
    """The item operations a vdirsyncer sync reports (copying, deleting)."""
    return [line for line in output.splitlines()
            if line.startswith(("Copying", "Deleting")) or "conflict" in line.lower()]


def test_vdirsyncer_and_todoman_round_trip(tools):
    server = tools.server
    groceries = server.new_list("Groceries")
    server.new_todo(groceries["id"], "Milk")
    server.new_todo(groceries["id"], "Edited in the page later")
    server.new_todo(groceries["id"], "Deleted in todoman")
    server.new_todo(title="Inbox item")

    # Discovery from the bare URL, then the first sync and the list names.
    discovered = tools.vdirsyncer("discover", stdin="y\n" * 20)
    for list_id in (groceries["id"], "00000000-0000-4000-8000-000000000001"):
        assert str(list_id).lower() in discovered.lower(), discovered
    first = tools.vdirsyncer("sync")
    assert len([line for line in copies(first) if "to local" in line]) == 4, first
    tools.vdirsyncer("metasync")
    assert (tools.calendars / groceries["id"].lower() / "displayname").read_text().strip() == \
        "Groceries"
    assert {task["summary"]: task["list"] for task in tools.tasks()} == {
        "Milk": "Groceries", "Edited in the page later": "Groceries",
        "Deleted in todoman": "Groceries", "Inbox item": "Inbox"}

    # todoman: a new todo with a deadline, one done, one deleted.
    tools.todoman("new", "-l", "Groceries", "--due", "2026-12-24 18:00",
                  "Bread from todoman")
    tools.todoman("done", str(tools.task("Milk")["id"]))
    tools.todoman("delete", "--yes", str(tools.task("Deleted in todoman")["id"]))
    uploaded = tools.vdirsyncer("sync")
    operations = copies(uploaded)
    assert len(operations) == 3, uploaded
    assert all(line.rsplit(" ", 1)[1].startswith("server/") for line in operations), uploaded

    bread = api_todo_titled(server, groceries["id"], "Bread from todoman")
    assert bread["deadline"] == "2026-12-24T18:00"
    assert bread["status"] == "notStarted"
    milk = api_todo_titled(server, groceries["id"], "Milk")
    assert milk["status"] == "done" and "doneAt" in milk
    titles = sorted(todo["title"] for todo in api_todos(server, groceries["id"]))
    assert titles == ["Bread from todoman", "Edited in the page later", "Milk"]
    trash = server.api("GET", "/api/v1/trash", expect=200)["todos"]
    assert [t["title"] for t in trash if same_id(t["listID"], groceries["id"])] == [
        "Deleted in todoman"]

    # The server stores what todoman wrote with its own DTSTAMP and property order, so a PUT
    # answers no ETag (RFC 4791 5.3.4): the next sync brings back what the server stored for
    # the two todos todoman wrote, and changes nothing else.
    stored = copies(tools.vdirsyncer("sync"))
    assert 1 <= len(stored) <= 2 and all(" to local/" in line for line in stored), stored
    assert "SUMMARY:Bread from todoman" in tools.file_of(
        groceries["id"], "Bread from todoman").read_text()

    # A change in the page reaches the folder at the next sync, and only that file changes.
    target = tools.file_of(groceries["id"], "Edited in the page later")
    before = tools.files()
    edited = api_todo_titled(server, groceries["id"], "Edited in the page later")
    server.api("PATCH", f"/api/v1/todos/{edited['id']}",
               {"title": "Changed in the page", "notes": "from the page",
                "deadline": "2026-12-01"}, expect=200)
    downloaded = tools.vdirsyncer("sync")
    assert len(copies(downloaded)) == 1, downloaded
    assert copies(downloaded)[0].startswith("Copying (updating)"), downloaded
    assert " to local/" in copies(downloaded)[0], downloaded
    after = tools.files()
    changed_files = {path for path in after if after[path] != before.get(path)}
    assert changed_files == {str(target.relative_to(tools.calendars))}, changed_files
    lines = target.read_text().replace("\r\n", "\n").splitlines()
    assert "SUMMARY:Changed in the page" in lines
    assert "DESCRIPTION:from the page" in lines
    assert "DUE;VALUE=DATE:20261201" in lines
    task = tools.task("Changed in the page")
    assert task["description"] == "from the page"

    # A reminder set in the page reaches the folder as a VALARM todoman's calendar keeps, and
    # a VALARM removed in the folder removes the reminder.
    reminder = server.api("POST", f"/api/v1/todos/{edited['id']}/reminders",
                          {"text": "1 hour before"}, expect=201)
    alarmed = copies(tools.vdirsyncer("sync"))
    assert len(alarmed) == 1 and " to local/" in alarmed[0], alarmed
    text = target.read_bytes().decode().replace("\r\n ", "")
    assert f"UID:{reminder['id']}" in text and "TRIGGER;RELATED=END:-PT1H" in text, text
    start, end = text.index("BEGIN:VALARM"), text.index("END:VALARM") + len("END:VALARM\r\n")
    target.write_bytes((text[:start] + text[end:]).encode())
    removed = copies(tools.vdirsyncer("sync"))
    assert len(removed) == 1 and "server/" in removed[0], removed
    assert server.api("GET", f"/api/v1/todos/{edited['id']}/reminders", expect=200) == []
    tools.vdirsyncer("sync")

    # A sync after a sync has nothing left to do, and leaves every file as it was.
    settled = tools.files()
    again = tools.vdirsyncer("sync")
    assert copies(again) == [], again
    assert tools.files() == settled


def test_a_folder_made_locally_becomes_a_list(tools):
    """`collections = ["from a", "from b"]`: a collection that exists only in the folder is
    created on the server by `vdirsyncer discover`, which sends an extended MKCOL (RFC 5689,
    resourcetype collection + CALDAV:calendar) to /dav/calendars/me/<folder name>."""
    server = tools.server
    list_id = "5b0c2a8e-7d4f-4c1e-9a3b-2f6d8e1c0a47"
    folder = tools.calendars / list_id
    folder.mkdir(parents=True)
    (folder / "displayname").write_text("Made in the folder")
    tools.todoman("new", "-l", "Made in the folder", "Local first")

    discovered = tools.vdirsyncer("discover", stdin="y\n" * 20)
    assert list_id in discovered, discovered
    tools.vdirsyncer("sync")
    tools.vdirsyncer("metasync")
    lists = [item for item in server.api("GET", "/api/v1/lists", expect=200)
             if same_id(item["id"], list_id)]
    assert len(lists) == 1 and lists[0]["name"] == "Made in the folder", lists
    assert api_todo_titled(server, list_id, "Local first")["status"] == "notStarted"
    assert copies(tools.vdirsyncer("sync")) == []


def test_todoman_priorities_and_categories_go_both_ways(tools):
    server = tools.server
    work = server.new_list("Work")
    tools.vdirsyncer("discover", stdin="y\n" * 20)
    tools.vdirsyncer("sync")
    tools.vdirsyncer("metasync")  # the lists' names, for todoman's -l

    # todoman's "high" is PRIORITY 4, in RFC 5545's high group: P2 here.
    tools.todoman("new", "-l", "Work", "--priority", "high", "--category", "reports",
                  "--category", "q3", "Write report")
    tools.vdirsyncer("sync")
    report = api_todo_titled(server, work["id"], "Write report")
    assert report["priority"] == 2 and report["tags"] == ["reports", "q3"]

    # Changed in the app: todoman reads the new priority and categories after a sync.
    server.api("PATCH", f"/api/v1/todos/{report['id']}",
               {"priority": 1, "tags": ["reports", "urgent"]}, expect=200)
    tools.vdirsyncer("sync")
    task = tools.task("Write report")
    assert task["priority"] == 1
    assert task["categories"] == ["reports", "urgent"]

    # Cleared in todoman: cleared in the app.
    tools.todoman("edit", str(task["id"]), "--priority", "none")
    tools.vdirsyncer("sync")
    assert "priority" not in api_todo_titled(server, work["id"], "Write report")


def ics(uid, summary, parent=None):
    related = f"RELATED-TO;RELTYPE=PARENT:{parent}\r\n" if parent else ""
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//vdirsyncer//EN\r\n"
            f"BEGIN:VTODO\r\nUID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:{summary}\r\n"
            f"{related}STATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def uid_of(path):
    return next(line[4:] for line in path.read_text().replace("\r\n ", "").splitlines()
                if line.startswith("UID:"))


def test_subtasks_go_both_ways_a_child_before_its_parent_included(tools):
    server = tools.server
    trip = server.new_list("Trip")
    pack = server.api("POST", f"/api/v1/lists/{trip['id']}/todos", {"title": "Pack"}, expect=201)
    server.api("POST", f"/api/v1/lists/{trip['id']}/todos",
               {"title": "Socks", "parentID": pack["id"]}, expect=201)
    tools.vdirsyncer("discover", stdin="y\n" * 20)
    tools.vdirsyncer("sync")

    # The subtask's file names its parent; the parent's names nothing.
    pack_uid = uid_of(tools.file_of(trip["id"], "Pack"))
    socks = tools.file_of(trip["id"], "Socks").read_text().replace("\r\n ", "")
    assert f"RELATED-TO;RELTYPE=PARENT:{pack_uid}" in socks, socks
    assert "RELATED-TO" not in tools.file_of(trip["id"], "Pack").read_text()

    # Made in the folder: a subtask of a new parent, the child's file named to go first.
    folder = tools.calendars / str(trip["id"]).lower()
    (folder / "a-laces.ics").write_text(ics("laces-uid", "Laces", parent="bag-uid"))
    (folder / "z-bag.ics").write_text(ics("bag-uid", "Bag", parent=pack_uid))
    tools.vdirsyncer("sync")
    todos = {t["title"]: t for t in api_todos(server, trip["id"])}
    assert todos["Laces"].get("parentID") == todos["Bag"]["id"], todos
    assert todos["Bag"].get("parentID") == pack["id"], todos

    # The parent changed in todoman (re-sent without RELATED-TO, as it always is): its
    # subtasks stay its own.
    tools.todoman("edit", str(tools.task("Pack")["id"]), "--priority", "high")
    tools.vdirsyncer("sync")
    todos = {t["title"]: t for t in api_todos(server, trip["id"])}
    assert todos["Pack"]["priority"] == 2
    assert todos["Socks"].get("parentID") == pack["id"]
    assert todos["Bag"].get("parentID") == pack["id"]

    # Made top-level in the app: the folder's file no longer names a parent.
    server.api("PATCH", f"/api/v1/todos/{todos['Socks']['id']}", {"parentID": None}, expect=200)
    tools.vdirsyncer("sync")
    assert "RELATED-TO" not in tools.file_of(trip["id"], "Socks").read_text()
    assert copies(tools.vdirsyncer("sync")) == []


def test_vdirsyncer_loses_and_repeats_nothing_after_the_history_was_pruned(tools):
    """vdirsyncer compares ETags, not sync tokens: once the server dropped its history
    (`--sync-retention`; here every change record, on the stopped server's database), a sync
    copies nothing, and a later change arrives once."""
    import sqlite3

    from davkit import restart

    server = tools.server
    errands = server.new_list("Errands")
    kept = server.new_todo(errands["id"], "Kept")
    server.new_todo(errands["id"], "Also kept")
    tools.vdirsyncer("discover", stdin="y\n" * 20)
    assert len([line for line in copies(tools.vdirsyncer("sync")) if "to local" in line]) >= 2

    def prune():
        with sqlite3.connect(server.database) as db:
            db.execute("DELETE FROM persistence_changes")

    restart(server, between=prune)
    tools = Tools(server, tools.home)  # the new port, which vdirsyncer wants discovered again
    tools.vdirsyncer("discover", stdin="y\n" * 20)
    assert copies(tools.vdirsyncer("sync")) == []
    server.api("PATCH", f"/api/v1/todos/{kept['id']}", {"title": "Kept, renamed"}, expect=200)
    changed = copies(tools.vdirsyncer("sync"))
    assert len(changed) == 1 and "to local" in changed[0], changed
    assert sorted(task["summary"] for task in tools.tasks()) == ["Also kept", "Kept, renamed"]

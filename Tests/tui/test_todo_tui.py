"""`todo tui` end to end, in a fixed-size tmux pane on a private server (tmuxkit.py and the
`tmux` and `todo_bin` fixtures of conftest.py).

Every step sends keys with `send-keys` and waits, polling `capture-pane` until a deadline,
for the screen to show the change; the database is checked with `todo ls` from another
process. The pane's terminal settings (`stty -a`) are the same before and after.
"""

import datetime
import json
import os
import shlex
import subprocess
import time
import uuid

import pytest

from todoserve import TodoServe, wait_for

ROWS, COLUMNS = 20, 100


def lines_of(screen: str) -> list[str]:
    """The pane's lines, the key line last."""
    return screen.split("\n")[:ROWS]


def titles(lines: list[str]) -> list[str]:
    """The todo rows of the list, in order: the text after the status glyph."""
    rows = []
    for line in lines[:-1]:
        body = line[2:].strip()
        if body[:1] in ("○", "◐", "✓"):
            rows.append(body[2:].rsplit("  ", 1)[0].strip())
    return rows


def wait(pane, predicate, what: str, timeout: float = 10.0) -> list[str]:
    """Reads the screen until `predicate(lines)` holds; returns those lines."""
    return lines_of(pane.wait_until(lambda screen: predicate(lines_of(screen)), timeout, what))


def wait_text(pane, text: str, timeout: float = 10.0) -> list[str]:
    return lines_of(pane.wait_for(text, timeout))


def start(tmux, todo_bin, *arguments: str):
    """`todo tui` with `arguments` in a ROWS × COLUMNS pane."""
    return tmux([todo_bin, "tui", *arguments], width=COLUMNS, height=ROWS)


def todo(todo_bin, database, *arguments: str) -> str:
    return subprocess.run(
        [todo_bin, *arguments, "--db", str(database)], check=True, capture_output=True, text=True
    ).stdout


def stored_titles(todo_bin, database) -> list[str]:
    return [item["title"] for item in json.loads(todo(todo_bin, database, "ls", "--all", "--json"))]


def program_pid(pane) -> int:
    """The pid of the program the pane's shell wrapper runs."""
    shell = subprocess.run(
        ["tmux", "-L", pane.socket, "display-message", "-p", "-t", "main", "#{pane_pid}"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    children = subprocess.run(
        ["pgrep", "-P", shell], check=True, capture_output=True, text=True
    ).stdout.split()
    assert len(children) == 1, children
    return int(children[0])


def test_todo_tui_end_to_end(tmux, todo_bin, tmp_path):
    database = tmp_path / "todo.sqlite"
    for title in ("Buy milk", "Write report", "Pay tax"):
        todo(todo_bin, database, "add", title)
    pane = start(tmux, todo_bin, "--db", str(database))
    lines = wait_text(pane, "3 items left")
    assert titles(lines) == ["Buy milk", "Write report", "Pay tax"]
    assert lines[0].startswith("› ○ Buy milk"), "the first row is selected"
    assert "? keys" in lines[-1] and "q quit" in lines[-1], "the keys on the bottom line"

    # Add, with quick entry's date.
    pane.send_keys("n")
    pane.wait_for("─ New todo ─")
    pane.type("Call Ann 2030-01-02")
    # The chip holds the exact date; the row reads it as a person does.
    wait(pane, lambda lines: lines[-1].rstrip().endswith("due 2030/01/02"), "the date chip")
    pane.send_keys("Enter")
    lines = wait(
        pane,
        lambda lines: titles(lines) == ["Buy milk", "Write report", "Pay tax", "Call Ann"],
        "Call Ann added",
    )
    assert any("Call Ann" in line and line.rstrip().endswith("2 Jan 2030") for line in lines)

    # Toggle the selected todo; then its status cycles with s.
    pane.send_keys("x")
    pane.wait_for("✓ Buy milk")
    pane.send_keys("j", "s")
    pane.wait_for("◐ Write report")

    # Edit and cancel: Escape discards the draft.
    pane.send_keys("e")
    pane.wait_for("[Write report  ")
    pane.type(" DRAFT")
    pane.wait_for("[Write report DRAFT ")
    pane.send_keys("Escape")
    lines = lines_of(pane.wait_for_absence("Edit todo"))
    assert not any("DRAFT" in line for line in lines)
    assert "◐ Write report" in lines[1]
    assert "Write report DRAFT" not in stored_titles(todo_bin, database)

    # Edit and save: title, notes and status.
    pane.send_keys("e")
    pane.wait_for("[Write report  ")
    pane.type(" v2")
    pane.send_keys("Tab")
    pane.type("From tmux")
    # Deadline, Start, Repeat, Section, Tags, Priority, then Status.
    pane.send_keys("Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Right", "Enter")
    pane.wait_for("✓ Write report v2")
    stored = json.loads(todo(todo_bin, database, "ls", "--all", "--json"))
    saved = next(item for item in stored if item["title"] == "Write report v2")
    assert saved["notes"] == "From tmux" and saved["status"] == "done"

    # Delete after a confirmation, then undo.
    pane.send_keys("j", "d")
    lines = wait_text(pane, "│ Move “Pay tax” to the trash? │")
    assert lines[-1].startswith("y delete  n keep")
    pane.send_keys("n")
    pane.wait_for_absence("to the trash?")
    pane.send_keys("d")
    pane.wait_for("Move “Pay tax” to the trash?")
    pane.send_keys("y")
    wait(
        pane,
        lambda lines: "Deleted “Pay tax”" in lines[-1] and "Pay tax" not in titles(lines),
        "Pay tax deleted, with Undo offered",
    )
    assert "Pay tax" not in stored_titles(todo_bin, database)
    pane.send_keys("u")
    wait(pane, lambda lines: "Pay tax" in titles(lines), "Pay tax restored")

    # Reorder: Call Ann up above Pay tax, then to the top.
    pane.send_keys("G", "K")
    wait(
        pane,
        lambda lines: titles(lines) == ["Buy milk", "Write report v2", "Call Ann", "Pay tax"],
        "Call Ann moved up",
    )
    # Each move is made on the list as shown: wait for one before the next.
    pane.send_keys("K")
    wait(pane, lambda lines: titles(lines)[1] == "Call Ann", "Call Ann second")
    pane.send_keys("K")
    wait(pane, lambda lines: titles(lines)[0] == "Call Ann", "Call Ann at the top")
    assert stored_titles(todo_bin, database) == [
        "Call Ann", "Buy milk", "Write report v2", "Pay tax",
    ]

    # Search as typed; Escape clears it.
    pane.send_keys("/")
    pane.type("ta")
    lines = wait(pane, lambda lines: titles(lines) == ["Pay tax"], "only Pay tax")
    assert lines[0].startswith("⌕ ta"), "the search field above the list"
    pane.send_keys("Escape")
    wait(pane, lambda lines: len(titles(lines)) == 4, "every todo again")

    # The outline groups Undone and Done.
    pane.send_keys("o")
    lines = wait_text(pane, "▾ Done")
    assert any("▾ Undone" in line and line.rstrip().endswith("2") for line in lines)

    # A todo added by another process appears within a second or two, written as its own row
    # and the rows it changes (the Undone count), not as a new screen.
    raw = tmp_path / "terminal-output.bin"
    subprocess.run(
        ["tmux", "-L", pane.socket, "pipe-pane", "-O", "-t", "main",
         f"cat > {shlex.quote(str(raw))}"],
        check=True,
    )
    started = time.monotonic()
    todo(todo_bin, database, "add", "From CLI")
    pane.wait_for("From CLI", timeout=3)
    assert time.monotonic() - started < 3
    wait_for(lambda: raw.exists() and b"From CLI" in raw.read_bytes(),
             "the pane's output was not recorded", timeout=5, interval=0.05)
    subprocess.run(["tmux", "-L", pane.socket, "pipe-pane", "-t", "main"], check=True)
    written = raw.read_bytes()
    assert b"\x1b[2J" not in written, "no full redraw"
    for unchanged in (b"Buy milk", b"Write report", b"Done"):
        assert unchanged not in written, unchanged

    # ? lists every key; q quits and the terminal is as it was.
    pane.send_keys("?")
    pane.wait_for("delete, after confirming")
    pane.send_keys("Escape", "q")
    assert pane.wait_for_exit() == 0
    pane.assert_terminal_restored()


@pytest.fixture
def server(tmp_path, todo_bin):
    """`todo serve` on a new database (no accounts), on a free port: (URL, database)."""
    database = tmp_path / "served.sqlite"
    with TodoServe(database=database, binary=todo_bin, name="tui") as serve:
        yield serve.url, database


@pytest.fixture
def accounts_server(tmp_path, todo_bin):
    """`todo serve --accounts` with the user ana and an API token of hers:
    (URL, token)."""
    database = tmp_path / "accounts.sqlite"
    subprocess.run(
        [todo_bin, "user", "add", "ana", "--password-stdin", "--db", str(database)],
        input="correct horse battery\n", check=True, capture_output=True, text=True,
    )
    token = subprocess.run(
        [todo_bin, "token", "create", "--user", "ana", "--name", "tui", "--db", str(database)],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    with TodoServe("--accounts", database=database, binary=todo_bin, name="tui") as serve:
        yield serve.url, token


def test_todo_tui_through_a_server(tmux, todo_bin, server):
    url, database = server
    todo(todo_bin, database, "add", "Served")
    pane = start(tmux, todo_bin, "--server", url)
    pane.wait_for("Inbox · 1 item left")
    pane.send_keys("n")
    pane.wait_for("─ New todo ─")
    pane.type("Through the socket")
    pane.send_keys("Enter")
    wait(pane, lambda lines: titles(lines) == ["Served", "Through the socket"], "the new todo")
    pane.send_keys("x")
    pane.wait_for("✓ Served")
    assert stored_titles(todo_bin, database) == ["Served", "Through the socket"]
    todo(todo_bin, database, "add", "From CLI")
    wait(pane, lambda lines: "From CLI" in titles(lines), "a todo from another process", 3)
    pane.send_keys("j", "d")
    pane.wait_for("Move “Through the socket” to the trash?")
    pane.send_keys("y")
    wait(pane, lambda lines: titles(lines) == ["Served", "From CLI"], "the todo deleted")
    pane.send_keys("q")
    assert pane.wait_for_exit() == 0
    pane.assert_terminal_restored()


def test_todo_tui_reconnects_when_the_server_restarts(tmux, todo_bin, tmp_path):
    """The server stops under `todo tui --server` and comes back on its port: the terminal
    says it is offline, keeps what is typed meanwhile, and once reconnected shows the list it
    showed, with the todo typed while offline added once."""
    database = tmp_path / "served.sqlite"
    todo(todo_bin, database, "add", "Served")
    todo(todo_bin, database, "list", "add", "Groceries")
    todo(todo_bin, database, "add", "Apples", "--list", "Groceries")
    serve = TodoServe(database=database, binary=todo_bin, name="tui-restart").start()
    try:
        pane = start(tmux, todo_bin, "--server", serve.url)
        pane.wait_for("Inbox · 1 item left")
        pane.send_keys("]")
        pane.wait_for("Groceries · 1 item left")
        serve.fixed_port = serve.port
        serve.stop()
        pane.wait_for("Offline — reconnecting")
        pane.send_keys("n")
        pane.wait_for("─ New todo ─")
        pane.type("Pears")
        pane.send_keys("Enter")
        serve.start()
        lines = wait(pane, lambda lines: titles(lines) == ["Apples", "Pears"],
                     "the todo typed while offline, in the list shown before", timeout=20)
        assert "Groceries · 2 items left" in lines[-1], lines[-1]
        listed = todo(todo_bin, database, "ls", "--list", "Groceries")
        assert listed.count("Pears") == 1, listed
        pane.send_keys("q")
        assert pane.wait_for_exit() == 0
        pane.assert_terminal_restored()
    finally:
        serve.close()


@pytest.mark.parametrize("ending", ["Ctrl-C", "SIGTERM"])
def test_todo_tui_redraws_on_resize_and_restores_the_terminal(tmux, todo_bin, tmp_path, ending):
    database = tmp_path / "todo.sqlite"
    # Due tomorrow in the terminal's time zone (this process's): the row says "Tomorrow".
    tomorrow = datetime.date.today() + datetime.timedelta(days=1)
    todo(todo_bin, database, "add", "Dated", "--due", tomorrow.isoformat())
    pane = start(tmux, todo_bin, "--db", str(database))
    lines = wait_text(pane, "1 item left")
    assert len(lines[0].rstrip()) == COLUMNS, "the date against the right edge"
    subprocess.run(
        ["tmux", "-L", pane.socket, "resize-window", "-t", "main", "-x", "60"], check=True
    )
    wait(
        pane,
        lambda lines: lines[0].rstrip().endswith("Tomorrow") and len(lines[0].rstrip()) == 60,
        "the list drawn again 60 columns wide",
    )
    # Back to the first size, which `stty -a` recorded before the program.
    subprocess.run(
        ["tmux", "-L", pane.socket, "resize-window", "-t", "main", "-x", str(COLUMNS)],
        check=True,
    )
    wait(pane, lambda lines: len(lines[0].rstrip()) == COLUMNS, "the list drawn again")
    if ending == "Ctrl-C":
        pane.send_keys("C-c")
        assert pane.wait_for_exit() == 0, "Ctrl-C is a key in raw mode: it quits"
    else:
        os.kill(program_pid(pane), 15)
        assert pane.wait_for_exit() == 143
    pane.assert_terminal_restored()


def test_todo_tui_on_postgresql(tmux, todo_bin):
    """On a PostgreSQL database (the cluster `scripts/test` starts): a todo added by another
    process reaches the terminal through the database's notifications."""
    cluster = os.environ.get("TODO_TEST_POSTGRES_URL")
    if not cluster:
        pytest.skip("no PostgreSQL cluster (TODO_TEST_POSTGRES_URL; scripts/test starts one)")
    name = f"tui_{uuid.uuid4().hex[:12]}"
    subprocess.run(["psql", "-X", "-q", cluster, "-c", f"CREATE DATABASE {name}"], check=True)
    database = cluster.rsplit("/", 1)[0] + "/" + name
    try:
        todo(todo_bin, database, "add", "In PostgreSQL")
        pane = start(tmux, todo_bin, "--db", database)
        pane.wait_for("Inbox · 1 item left")
        pane.send_keys("n")
        pane.wait_for("─ New todo ─")
        pane.type("Typed here")
        pane.send_keys("Enter")
        wait(pane, lambda lines: titles(lines) == ["In PostgreSQL", "Typed here"], "the new todo")
        todo(todo_bin, database, "add", "From CLI")
        wait(pane, lambda lines: "From CLI" in titles(lines), "a todo from another process", 3)
        pane.send_keys("q")
        assert pane.wait_for_exit() == 0
        pane.assert_terminal_restored()
    finally:
        subprocess.run(
            ["psql", "-X", "-q", cluster, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
            check=True,
        )


def test_todo_tui_through_a_server_with_accounts(tmux, todo_bin, accounts_server, tmp_path):
    url, token = accounts_server
    # No stored login and no $TODO_TOKEN: refused before any data, with what to do.
    config = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "TODO_TOKEN": ""}
    refused = tmux([todo_bin, "tui", "--server", url], width=COLUMNS, height=ROWS, env=config)
    # The refusal (1008) ends it at once (5), or, when the refusal is lost, the 10 seconds it
    # waits for a page (4); either way it says what to do.
    assert refused.wait_for_exit(timeout=30) in (4, 5)
    refused.wait_for("sign in first with todo login")
    refused.assert_terminal_restored()

    pane = tmux(
        [todo_bin, "tui", "--server", url], width=COLUMNS, height=ROWS,
        env={**config, "TODO_TOKEN": token},
    )
    pane.wait_for("Inbox · 0 items left")
    pane.send_keys("n")
    pane.wait_for("─ New todo ─")
    pane.type("Ana's todo")
    pane.send_keys("Enter")
    wait(pane, lambda lines: titles(lines) == ["Ana's todo"], "her new todo")
    subprocess.run(
        [todo_bin, "add", "From her CLI", "--server", url],
        env={**os.environ, **config, "TODO_TOKEN": token}, check=True, capture_output=True,
    )
    wait(pane, lambda lines: titles(lines) == ["Ana's todo", "From her CLI"], "her CLI's todo", 3)
    pane.send_keys("q")
    assert pane.wait_for_exit() == 0
    pane.assert_terminal_restored()


def test_todo_tui_sets_a_repeat_and_completing_moves_it_on(tmux, todo_bin, tmp_path):
    database = tmp_path / "todo.sqlite"
    todo(todo_bin, database, "add", "Water the plants", "--due", "2030-01-02", "--as-typed")
    pane = start(tmux, todo_bin, "--db", str(database))
    pane.wait_for("1 item left")

    # The form's Repeat field takes words; the row then says how it repeats.
    pane.send_keys("e")
    pane.wait_for("[Water the plants  ")
    pane.send_keys("Tab", "Tab", "Tab", "Tab")
    pane.type("every 3 days after done")
    pane.send_keys("Enter")
    pane.wait_for("↻ every 3 days after done")
    stored = json.loads(todo(todo_bin, database, "ls", "--json"))[0]
    assert stored["repeatRule"] == "FREQ=DAILY;INTERVAL=3"
    assert stored["repeatMode"] == "after-completion"

    # Done: it moves on (counted from today), not done.
    pane.send_keys("x")
    moved = (datetime.date.today() + datetime.timedelta(days=3)).strftime("%Y-%m-%d")
    wait(
        pane,
        lambda lines: json.loads(todo(todo_bin, database, "ls", "--json"))[0]["deadline"] == moved,
        "the todo moved on",
    )
    assert json.loads(todo(todo_bin, database, "ls", "--json"))[0]["status"] == "notStarted"
    pane.wait_for("○ Water the plants")


def test_todo_tui_form_reads_a_deadline_in_words(tmux, todo_bin, tmp_path):
    database = tmp_path / "todo.sqlite"
    todo(todo_bin, database, "add", "Pay rent", "--as-typed")
    pane = start(tmux, todo_bin, "--db", str(database))
    pane.wait_for("1 item left")

    # The form's Deadline field takes words, as the new-todo field does.
    before = datetime.date.today() + datetime.timedelta(days=1)
    pane.send_keys("e")
    pane.wait_for("[Pay rent  ")
    pane.send_keys("Tab", "Tab")
    pane.type("tomorrow")
    pane.send_keys("Enter")
    wait(
        pane,
        lambda lines: json.loads(todo(todo_bin, database, "ls", "--json"))[0].get("deadline"),
        "the deadline saved",
    )
    after = datetime.date.today() + datetime.timedelta(days=1)
    deadline = json.loads(todo(todo_bin, database, "ls", "--json"))[0]["deadline"]
    assert deadline in {before.strftime("%Y-%m-%d"), after.strftime("%Y-%m-%d")}


def test_todo_tui_rings_a_reminder_with_a_line_and_the_bell(tmux, todo_bin, tmp_path):
    """A reminder set from another process fires in the terminal's own scheduler: the key
    line says it and the terminal's bell sounds once; z snoozes it for ten minutes."""
    database = tmp_path / "todo.sqlite"
    minute = datetime.datetime.now().strftime("%Y-%m-%dT%H:%M")
    todo(todo_bin, database, "add", "--as-typed", "Take the pill", "--due", minute)
    pane = start(tmux, todo_bin, "--db", str(database))
    pane.wait_for("Take the pill")
    raw = tmp_path / "pane.raw"
    subprocess.run(
        ["tmux", "-L", pane.socket, "pipe-pane", "-O", "-t", "main",
         f"cat > {shlex.quote(str(raw))}"],
        check=True,
    )
    todo(todo_bin, database, "ls")
    todo(todo_bin, database, "remind", "1", "at the deadline")
    lines = wait_text(pane, "Reminder: Take the pill")
    assert "z snooze 10 min" in lines[-1], lines[-1]
    wait_for(lambda: raw.exists() and b"\x07" in raw.read_bytes(),
             "the bell did not sound", timeout=5, interval=0.05)
    subprocess.run(["tmux", "-L", pane.socket, "pipe-pane", "-t", "main"], check=True)
    assert raw.read_bytes().count(b"\x07") == 1, "the bell sounds once per ringing"

    pane.send_keys("z")
    pane.wait_for_absence("Reminder:")
    [reminder] = json.loads(todo(todo_bin, database, "remind", "1", "--json"))
    assert reminder["ringing"] is False
    snoozed_until = datetime.datetime.fromisoformat(reminder["fireAt"].replace("Z", "+00:00"))
    left = snoozed_until - datetime.datetime.now(datetime.timezone.utc)
    assert datetime.timedelta(minutes=9) < left <= datetime.timedelta(minutes=10), left
    pane.send_keys("q")
    assert pane.wait_for_exit() == 0


def test_todo_tui_nests_collapses_and_asks_before_completing_a_parent(tmux, todo_bin, tmp_path):
    database = tmp_path / "todo.sqlite"
    for title in ("Trip", "Pack", "Socks"):
        todo(todo_bin, database, "add", title, "--as-typed")
    pane = start(tmux, todo_bin, "--db", str(database))
    pane.wait_for("3 items left")

    def parents():
        return {item["title"]: item.get("parentID")
                for item in json.loads(todo(todo_bin, database, "ls", "--all", "--json"))}

    # Tab nests the selected todo under the one above; the parent shows a triangle and its
    # progress, the subtask is indented under it.
    pane.send_keys("j", "Tab")
    wait(pane, lambda lines: parents()["Pack"] is not None, "Pack nested under Trip")
    screen = pane.wait_for("0/1")
    assert "▾" in screen, screen
    pane.send_keys("j", ">")
    wait(pane, lambda lines: parents()["Socks"] is not None, "Socks nested")
    pane.send_keys("j", ">")
    ids = {item["title"]: item["id"] for item in json.loads(todo(todo_bin, database, "ls", "--json"))}
    wait(pane, lambda lines: parents()["Socks"] == ids["Pack"], "Socks nested under Pack")
    lines = pane.wait_until(lambda screen: screen.count("0/1") == 2, what="two parents")
    indents = {title: next(line.index(title) for line in lines_of(lines) if title in line)
               for title in ("Trip", "Pack", "Socks")}
    assert indents["Trip"] < indents["Pack"] < indents["Socks"], indents

    # ← on a parent hides its subtasks, → shows them again.
    pane.send_keys("g", "Left")
    wait(pane, lambda lines: "Pack" not in "\n".join(lines), "Trip collapsed")
    assert "▸" in "\n".join(lines_of(pane.wait_for("Trip")))
    pane.send_keys("Right")
    pane.wait_for("Socks")

    # Marking the parent done asks; Keep them open completes it alone.
    pane.send_keys("x")
    pane.wait_for_all("has 2 open subtasks", "Complete all", "Keep them open")
    pane.send_keys("Right", "Enter")
    pane.wait_for_absence("Keep them open")
    wait(pane, lambda lines: json.loads(todo(todo_bin, database, "ls", "--all", "--json"))[0]
         ["status"] == "done", "Trip done")
    open_ones = [item["title"] for item in json.loads(todo(todo_bin, database, "ls", "--json"))]
    assert open_ones == ["Pack", "Socks"]

    # Shift-Tab takes a subtask out of its parent.
    pane.send_keys("G", "BTab")
    wait(pane, lambda lines: parents()["Socks"] == ids["Trip"], "Socks outdented to Trip")


def test_todo_tui_shows_a_query_a_saved_filter_and_a_tag(tmux, todo_bin, tmp_path):
    database = tmp_path / "todo.sqlite"
    todo(todo_bin, database, "add", "Report #work !1")
    todo(todo_bin, database, "add", "Milk")
    todo(todo_bin, database, "filters", "add", "Urgent", "p1")
    pane = start(tmux, todo_bin, "--db", str(database))
    pane.wait_for("2 items left")

    # F asks for a query; ⏎ shows what it finds, from every list.
    pane.send_keys("F")
    pane.wait_for_all("Filter", "Query")
    pane.send_keys("#work", "Enter")
    lines = wait(pane, lambda lines: titles(lines) == ["Report"], "the #work view")
    assert "#work · 1 todo" in lines[-1], lines[-1]

    # A text that is no query is refused, saying where.
    pane.send_keys("F")
    pane.wait_for("Query")
    pane.send_keys(" &", "Enter")
    pane.wait_for("at 8: expected a term")

    # The picker offers the saved filter and the tag with their counts; [ goes from the tag
    # to the filter, which follows a todo added by another process.
    pane.send_keys("l")
    pane.wait_for_all("Filter: Urgent (1)", "#work (1)")
    pane.send_keys("Escape")
    pane.wait_for_absence("Filter: Urgent (1)")
    pane.send_keys("[")
    wait(pane, lambda lines: "Urgent · 1 todo" in lines[-1], "the Urgent view")
    todo(todo_bin, database, "add", "Bread !1")
    lines = wait(pane, lambda lines: titles(lines) == ["Report", "Bread"], "Bread in Urgent")
    assert "Urgent · 2 todos" in lines[-1], lines[-1]
    pane.send_keys("q")

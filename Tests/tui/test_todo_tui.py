"""`todo tui` end to end, in a fixed-size tmux pane on a private server (`tmux -L`).

Every step sends keys with `send-keys` and waits, polling `capture-pane` until a deadline,
for the screen to show the change; the database is checked with `todo ls` from another
process. The pane's terminal settings (`stty -a`) are the same before and after.
"""

import json
import os
import shlex
import subprocess
import time
import uuid
from pathlib import Path

import pytest

TODO_BIN = os.environ.get("TODO_BIN") or str(Path(".build/debug/todo").resolve())
ROWS, COLUMNS = 20, 100


class Pane:
    """One tmux session with a shell, on its own server socket."""

    def __init__(self, folder: Path):
        self.socket = f"todo-tui-{uuid.uuid4().hex[:8]}"
        self.folder = folder
        self.tmux(
            "new-session", "-d", "-s", "main", "-x", str(COLUMNS), "-y", str(ROWS),
            "env", "-i", f"PATH={os.environ.get('PATH', '/usr/bin:/bin')}", "TERM=xterm-256color",
            "LANG=C.UTF-8", "PS1=$ ", "bash", "--norc", "--noprofile",
        )
        self.tmux("set-option", "-g", "status", "off")

    def tmux(self, *arguments: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *arguments],
            check=True, capture_output=True, text=True,
        ).stdout

    def keys(self, *keys: str) -> None:
        """Named keys (`Enter`, `Escape`, `Tab`) or single characters."""
        self.tmux("send-keys", "-t", "main", *keys)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", "main", "-l", text)

    def screen(self) -> list[str]:
        return self.tmux("capture-pane", "-t", "main", "-p").split("\n")[:ROWS]

    def wait(self, predicate, what: str, timeout: float = 10.0) -> list[str]:
        """Polls the screen until `predicate(lines)` holds; fails after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.screen()
            if predicate(lines):
                return lines
            if time.monotonic() > deadline:
                pytest.fail(f"timed out waiting for {what}; the screen:\n" + "\n".join(lines))
            time.sleep(0.05)

    def wait_text(self, text: str, timeout: float = 10.0) -> list[str]:
        return self.wait(lambda lines: any(text in line for line in lines), repr(text), timeout)

    def wait_gone(self, text: str, timeout: float = 10.0) -> list[str]:
        return self.wait(
            lambda lines: not any(text in line for line in lines[:-1]), f"{text!r} gone", timeout
        )

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def titles(lines: list[str]) -> list[str]:
    """The todo rows of the list, in order: the text after the status glyph."""
    rows = []
    for line in lines[:-1]:
        body = line[2:].strip()
        if body[:1] in ("○", "◐", "✓"):
            rows.append(body[2:].rsplit("  ", 1)[0].strip())
    return rows


def todo(database: Path, *arguments: str) -> str:
    return subprocess.run(
        [TODO_BIN, *arguments, "--db", str(database)], check=True, capture_output=True, text=True
    ).stdout


def stored_titles(database: Path) -> list[str]:
    return [item["title"] for item in json.loads(todo(database, "ls", "--all", "--json"))]


@pytest.fixture
def pane(tmp_path):
    pane = Pane(tmp_path)
    yield pane
    pane.close()


def test_todo_tui_end_to_end(pane, tmp_path):
    database = tmp_path / "todo.sqlite"
    for title in ("Buy milk", "Write report", "Pay tax"):
        todo(database, "add", title)
    before, after = tmp_path / "before.txt", tmp_path / "after.txt"
    # The shell prints "tui-2-ended" after the program; the command line itself does not.
    pane.type(
        f"stty -a > {before}; {shlex.quote(TODO_BIN)} tui --db {shlex.quote(str(database))}; "
        f"stty -a > {after}; echo tui-$((1+1))-ended"
    )
    pane.keys("Enter")
    lines = pane.wait_text("3 items left")
    assert titles(lines) == ["Buy milk", "Write report", "Pay tax"]
    assert lines[0].startswith("› ○ Buy milk"), "the first row is selected"
    assert "? keys" in lines[-1] and "q quit" in lines[-1], "the keys on the bottom line"

    # Add, with quick entry's date.
    pane.keys("n")
    pane.wait_text("─ New todo ─")
    pane.type("Call Ann 2030-01-02")
    pane.wait(lambda lines: lines[-1].rstrip().endswith("due 2030/01/02"), "the date chip")
    pane.keys("Enter")
    lines = pane.wait(
        lambda lines: titles(lines) == ["Buy milk", "Write report", "Pay tax", "Call Ann"],
        "Call Ann added",
    )
    assert any("Call Ann" in line and line.rstrip().endswith("2030/01/02") for line in lines)

    # Toggle the selected todo; then its status cycles with s.
    pane.keys("x")
    pane.wait_text("✓ Buy milk")
    pane.keys("j", "s")
    pane.wait_text("◐ Write report")

    # Edit and cancel: Escape discards the draft.
    pane.keys("e")
    pane.wait_text("[Write report  ")
    pane.type(" DRAFT")
    pane.wait_text("[Write report DRAFT ")
    pane.keys("Escape")
    lines = pane.wait_gone("Edit todo")
    assert not any("DRAFT" in line for line in lines)
    assert "◐ Write report" in lines[1]
    assert "Write report DRAFT" not in stored_titles(database)

    # Edit and save: title, notes and status.
    pane.keys("e")
    pane.wait_text("[Write report  ")
    pane.type(" v2")
    pane.keys("Tab")
    pane.type("From tmux")
    pane.keys("Tab", "Tab", "Tab", "Right", "Enter")
    pane.wait_text("✓ Write report v2")
    stored = json.loads(todo(database, "ls", "--all", "--json"))
    saved = next(item for item in stored if item["title"] == "Write report v2")
    assert saved["notes"] == "From tmux" and saved["status"] == "done"

    # Delete after a confirmation, then undo.
    pane.keys("j", "d")
    pane.wait_text("│ Move “Pay tax” to the trash? │")
    assert pane.screen()[-1].startswith("y delete  n keep")
    pane.keys("n")
    pane.wait_gone("to the trash?")
    pane.keys("d")
    pane.wait_text("Move “Pay tax” to the trash?")
    pane.keys("y")
    lines = pane.wait_text("Deleted “Pay tax”")
    assert "Pay tax" not in titles(lines)
    assert "Pay tax" not in stored_titles(database)
    pane.keys("u")
    pane.wait(lambda lines: "Pay tax" in titles(lines), "Pay tax restored")

    # Reorder: Call Ann up above Pay tax, then to the top.
    pane.keys("G", "K")
    pane.wait(
        lambda lines: titles(lines) == ["Buy milk", "Write report v2", "Call Ann", "Pay tax"],
        "Call Ann moved up",
    )
    # Each move is made on the list as shown: wait for one before the next.
    pane.keys("K")
    pane.wait(lambda lines: titles(lines)[1] == "Call Ann", "Call Ann second")
    pane.keys("K")
    pane.wait(lambda lines: titles(lines)[0] == "Call Ann", "Call Ann at the top")
    assert stored_titles(database) == ["Call Ann", "Buy milk", "Write report v2", "Pay tax"]

    # Search as typed; Escape clears it.
    pane.keys("/")
    pane.type("ta")
    lines = pane.wait(lambda lines: titles(lines) == ["Pay tax"], "only Pay tax")
    assert lines[0].startswith("⌕ ta"), "the search field above the list"
    pane.keys("Escape")
    pane.wait(lambda lines: len(titles(lines)) == 4, "every todo again")

    # The outline groups Undone and Done.
    pane.keys("o")
    lines = pane.wait_text("▾ Done")
    assert any("▾ Undone" in line and line.rstrip().endswith("2") for line in lines)

    # A todo added by another process appears within a second or two, written as its own row
    # and the rows it changes (the Undone count), not as a new screen.
    raw = tmp_path / "terminal-output.bin"
    pane.tmux("pipe-pane", "-O", "-t", "main", f"cat > {shlex.quote(str(raw))}")
    started = time.monotonic()
    todo(database, "add", "From CLI")
    pane.wait_text("From CLI", timeout=3)
    assert time.monotonic() - started < 3
    deadline = time.monotonic() + 5
    while b"From CLI" not in (raw.read_bytes() if raw.exists() else b""):
        assert time.monotonic() < deadline, "the pane's output was not recorded"
        time.sleep(0.05)
    pane.tmux("pipe-pane", "-t", "main")
    written = raw.read_bytes()
    assert b"\x1b[2J" not in written, "no full redraw"
    for unchanged in (b"Buy milk", b"Write report", b"Done"):
        assert unchanged not in written, unchanged

    # ? lists every key; q quits and the terminal is as it was.
    pane.keys("?")
    pane.wait_text("delete, after confirming")
    pane.keys("Escape", "q")
    pane.wait_text("tui-2-ended")
    assert before.read_text() == after.read_text()


@pytest.fixture
def server(tmp_path):
    """`todo serve` on a new database (no accounts), on a free port: (URL, database)."""
    database = tmp_path / "served.sqlite"
    log = open(tmp_path / "serve.log", "w+")
    process = subprocess.Popen(
        [TODO_BIN, "serve", "--db", str(database), "--port", "0"],
        stdout=log, stderr=subprocess.STDOUT, text=True,
    )
    deadline = time.monotonic() + 30
    url = None
    while url is None:
        log.seek(0)
        for line in log.read().splitlines():
            if line.startswith("todo: serving "):
                url = line.split()[2]
        if url is None:
            assert process.poll() is None, "todo serve ended"
            assert time.monotonic() < deadline, "todo serve did not start"
            time.sleep(0.05)
    yield url, database
    process.terminate()
    process.wait(timeout=10)
    log.close()


def test_todo_tui_through_a_server(pane, server, tmp_path):
    url, database = server
    todo(database, "add", "Served")
    before, after = tmp_path / "before.txt", tmp_path / "after.txt"
    pane.type(
        f"stty -a > {before}; {shlex.quote(TODO_BIN)} tui --server {url}; "
        f"stty -a > {after}; echo tui-$((1+1))-ended"
    )
    pane.keys("Enter")
    pane.wait_text("Inbox · 1 item left")
    pane.keys("n")
    pane.wait_text("─ New todo ─")
    pane.type("Through the socket")
    pane.keys("Enter")
    pane.wait(lambda lines: titles(lines) == ["Served", "Through the socket"], "the new todo")
    pane.keys("x")
    pane.wait_text("✓ Served")
    assert stored_titles(database) == ["Served", "Through the socket"]
    todo(database, "add", "From CLI")
    pane.wait(lambda lines: "From CLI" in titles(lines), "a todo from another process", 3)
    pane.keys("j", "d")
    pane.wait_text("Move “Through the socket” to the trash?")
    pane.keys("y")
    pane.wait(lambda lines: titles(lines) == ["Served", "From CLI"], "the todo deleted")
    pane.keys("q")
    pane.wait_text("tui-2-ended")
    assert before.read_text() == after.read_text()


def test_todo_tui_redraws_on_resize_and_restores_the_terminal_on_signals(pane, tmp_path):
    database = tmp_path / "todo.sqlite"
    todo(database, "add", "Dated", "--due", "2030-01-02")
    shell = pane.tmux("display-message", "-p", "-t", "main", "#{pane_pid}").strip()
    for ending in ("Ctrl-C", "SIGTERM"):
        before, after = tmp_path / f"before-{ending}.txt", tmp_path / f"after-{ending}.txt"
        pane.keys("C-l")
        pane.type(
            f"stty -a > {before}; {shlex.quote(TODO_BIN)} tui --db {shlex.quote(str(database))}; "
            f"stty -a > {after}; echo {ending}-$((1+1))-ended"
        )
        pane.keys("Enter")
        lines = pane.wait_text("1 item left")
        assert len(lines[0].rstrip()) == COLUMNS, "the date against the right edge"
        pane.tmux("resize-window", "-t", "main", "-x", "60")
        pane.wait(
            lambda lines: lines[0].rstrip().endswith("2030/01/02") and len(lines[0].rstrip()) == 60,
            "the list drawn again 60 columns wide",
        )
        pane.tmux("resize-window", "-t", "main", "-x", str(COLUMNS))
        pane.wait(lambda lines: len(lines[0].rstrip()) == COLUMNS, "the list drawn again")
        if ending == "Ctrl-C":
            pane.keys("C-c")
        else:
            child = subprocess.run(
                ["pgrep", "-P", shell], check=True, capture_output=True, text=True
            ).stdout.split()
            assert len(child) == 1
            os.kill(int(child[0]), 15)
        pane.wait_text(f"{ending}-2-ended")
        assert before.read_text() == after.read_text(), ending


def test_todo_tui_on_postgresql(pane, tmp_path):
    """On a PostgreSQL database (the cluster `scripts/test` starts): a todo added by another
    process reaches the terminal through the database's notifications."""
    cluster = os.environ.get("TODO_TEST_POSTGRES_URL")
    if not cluster:
        pytest.skip("no PostgreSQL cluster (TODO_TEST_POSTGRES_URL; scripts/test starts one)")
    name = f"tui_{uuid.uuid4().hex[:12]}"
    subprocess.run(["psql", "-X", "-q", cluster, "-c", f"CREATE DATABASE {name}"], check=True)
    database = cluster.rsplit("/", 1)[0] + "/" + name
    try:
        todo(database, "add", "In PostgreSQL")
        pane.type(f"{shlex.quote(TODO_BIN)} tui --db {database}; echo tui-$((1+1))-ended")
        pane.keys("Enter")
        pane.wait_text("Inbox · 1 item left")
        pane.keys("n")
        pane.wait_text("─ New todo ─")
        pane.type("Typed here")
        pane.keys("Enter")
        pane.wait(lambda lines: titles(lines) == ["In PostgreSQL", "Typed here"], "the new todo")
        todo(database, "add", "From CLI")
        pane.wait(lambda lines: "From CLI" in titles(lines), "a todo from another process", 3)
        pane.keys("q")
        pane.wait_text("tui-2-ended")
    finally:
        subprocess.run(
            ["psql", "-X", "-q", cluster, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
            check=True,
        )

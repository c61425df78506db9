"""Scheduled backups: `todo serve --backup-every --backup-keep --backup-dir` backs the
database up by itself while it serves, keeps the newest, and each restores."""

import os
import subprocess
import tempfile

from httpkit import INBOX, Server
from todoserve import todo_binary, wait_for


def test_a_server_backs_itself_up_and_keeps_the_newest():
    directory = tempfile.mkdtemp(prefix="todo-backups-")
    server = Server("--backup-every", "1s", "--backup-keep", "2", "--backup-dir", directory,
                    name="backups")
    server.start()
    try:
        created = server.request("POST", f"/api/v1/lists/{INBOX}/todos",
                                 {"title": "kept in every backup"})
        assert created.status == 201
        # Three backups made, the oldest of them removed.
        wait_for(lambda: server.log(tail=1_000_000).count("backed up") >= 3,
                 "the server made no third backup", timeout=30)
        files = sorted(name for name in os.listdir(directory) if name.endswith(".sqlite"))
        assert len(files) == 2, files
    finally:
        server.close()
    restored = os.path.join(directory, "restored.sqlite")
    result = subprocess.run([todo_binary(), "restore-backup", os.path.join(directory, files[-1]),
                             "--db", restored], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    listing = subprocess.run([todo_binary(), "ls", "--db", restored], capture_output=True,
                             text=True, timeout=60)
    assert "kept in every backup" in listing.stdout


def test_a_schedule_that_cannot_be_read_is_refused():
    for arguments, said in [(["--backup-every", "daily"], "is not a duration"),
                            (["--backup-keep", "3"], "needs backup-every"),
                            (["--backup-every", "1d", "--backup-keep", "0"], "at least 1")]:
        result = subprocess.run([todo_binary(), "serve", "--port", "0", "--db",
                                 os.path.join(tempfile.mkdtemp(), "x.sqlite"), *arguments],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 1 and said in result.stderr, (arguments, result.stderr)

"""Upgrades: a database written by a newer `todo` is refused by name and left untouched, by the
server and by the command line alike."""

import hashlib
import os
import sqlite3
import subprocess
import tempfile

from todoserve import todo_binary


def newer_database():
    """A store as a newer `todo` leaves it: one migration more than this binary knows."""
    path = os.path.join(tempfile.mkdtemp(prefix="todo-upgrade-"), "todo.sqlite")
    made = subprocess.run([todo_binary(), "add", "written before", "--db", path],
                          capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    with sqlite3.connect(path) as db:
        (applied,) = db.execute("SELECT COUNT(*) FROM persistence_migrations").fetchone()
        db.execute("INSERT INTO persistence_migrations (identifier, position) VALUES (?, ?)",
                   ("todo/from-the-future", applied + 1))
    db.close()
    return path, applied


def digest(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def test_a_newer_database_is_refused_naming_both_schema_versions():
    path, applied = newer_database()
    before = digest(path)
    for command in (["serve", "--port", "0"], ["ls"]):
        result = subprocess.run([todo_binary(), *command, "--db", path], capture_output=True,
                                text=True, timeout=60)
        assert result.returncode != 0, (command, result.stdout)
        said = result.stderr
        assert f"has schema version {applied + 1}" in said, (command, said)
        assert f"schema versions up to {applied}" in said, (command, said)
        assert "todo/from-the-future" in said, (command, said)
        assert digest(path) == before, f"todo {command[0]} changed a newer database"

"""Fixtures for the terminal tests: full-screen programs driven in tmux (tmuxkit.py).

Environment:
  AREA_SEARCH_BIN  the `area-search` executable (default .build/debug/area-search)
  TODO_BIN         the `todo` executable (default .build/debug/todo)

Run: python3 -m pytest -q Tests/tui
"""

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from tmuxkit import Pane  # noqa: E402


def _executable(variable, default):
    path = os.environ.get(variable, default)
    if not os.path.exists(path):
        pytest.fail(f"{variable}: no executable at {path} (build it first)")
    return path


@pytest.fixture(scope="session")
def area_search_bin():
    """The `area-search` executable under test."""
    return _executable("AREA_SEARCH_BIN", ".build/debug/area-search")


@pytest.fixture(scope="session")
def todo_bin():
    """The `todo` executable under test."""
    return _executable("TODO_BIN", ".build/debug/todo")


@pytest.fixture
def tmux():
    """Starts commands in panes: `tmux(command, width=…, height=…, env=…)` returns a
    `tmuxkit.Pane`. Every tmux server started is killed when the test ends."""
    if shutil.which("tmux") is None:
        pytest.fail("tmux is not installed")
    panes = []

    def start(command, **options):
        pane = Pane(command, **options)
        panes.append(pane)
        return pane

    yield start
    for pane in panes:
        pane.kill()

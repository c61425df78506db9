"""Fixtures for the live page's browser tests: a real `todo serve` on a temporary database
and headless Chromium (Debian's chromium and chromium-driver) driven by selenium.

Environment:
  TODO_LIVE_URL  the server to test (scripts/test starts one); without it, a server is
                 started here (Tests/support/todoserve.py) on a port it chooses.
  TODO_DB        the server's database (for the command-line test).
  TODO_BIN       the `todo` executable (default .build/debug/todo).
"""

import json
import os
import shutil
import socket
import sys
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/support"))

from todoserve import TodoServe, todo_binary  # noqa: E402


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server():
    """(url, database path, todo binary) of a running server."""
    if os.environ.get("TODO_LIVE_URL"):
        yield os.environ["TODO_LIVE_URL"].rstrip("/"), os.environ.get("TODO_DB"), todo_binary()
        return
    with TodoServe(name="browser") as serve:
        yield serve.url, serve.database, todo_binary()


def api(url, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=5) as response:
        text = response.read()
        return json.loads(text) if text else None


@pytest.fixture
def clean(server):
    """An empty Inbox: everything in it goes to the trash (Todo-Backend's DELETE /todos)."""
    url = server[0]
    api(url, "DELETE", "/todos")
    return server


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("chromium is not installed")


def make_driver(width=1200, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = chromium_binary()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(argument)
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver_path), options=options)


@pytest.fixture
def browser():
    """A factory of headless browsers, all closed after the test."""
    drivers = []

    def open_browser(**size):
        driver = make_driver(**size)
        drivers.append(driver)
        return driver

    yield open_browser
    for driver in drivers:
        driver.quit()

"""The one `todo serve` launcher and the one wait helper of the Python test suites (browser,
http, caldav, tui).

Each suite's conftest.py puts this folder on `sys.path`, then:

    from todoserve import TodoServe, wait_for

    with TodoServe("--accounts") as serve:           # started; stopped and removed after
        urlopen(serve.url + "/healthz")
        wait_for(lambda: todo_is_listed(serve.url), "the todo in the list", timeout=5)

`TodoServe` starts `todo serve --host 127.0.0.1 --port 0 --db DATABASE [ARGS]` and reads
the one line it prints on stdout once it listens with its database ready (`todo: serving
http://127.0.0.1:PORT (database …)`): nothing is polled. Its stderr goes to a log, shown
when it fails to start. `wait_for` waits for a condition; its timeout only bounds a failure,
it is never how long a test waits when things work.
"""

import contextlib
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# MARK: - Waiting


class WaitTimeout(AssertionError):
    """A condition `wait_for` waited for did not hold within its timeout."""


def wait_for(condition, message="the condition never held", timeout=10.0, *, interval=0.02,
             ignoring=(), details=None):
    """Calls `condition()` every `interval` seconds until it returns something true, and
    returns that. After `timeout` seconds raises WaitTimeout (an AssertionError) with
    `message` and, when given, the text `details()` returns (say, the screen). Exceptions of
    the `ignoring` types count as "not yet" (the last one is chained to the failure)."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = condition()
        except ignoring as error:
            value, last_error = None, error
        if value:
            return value
        if time.monotonic() >= deadline:
            text = f"timed out after {timeout} s: {message}"
            if details is not None:
                text += f"; {details()}"
            raise WaitTimeout(text) from last_error
        time.sleep(interval)


# MARK: - The executable


def todo_binary():
    """The `todo` executable under test: $TODO_BIN, else .build/debug/todo. A build that
    relinks it may remove it for a moment: waits for it, up to $TODO_BIN_WAIT seconds
    (120)."""
    binary = os.environ.get("TODO_BIN", str(ROOT / ".build/debug/todo"))
    return wait_for(lambda: os.path.isfile(binary) and os.access(binary, os.X_OK) and binary,
                    f"no executable {binary} (set TODO_BIN, or build the package)",
                    float(os.environ.get("TODO_BIN_WAIT", "120")), interval=0.5)


# MARK: - The server


class ServeError(RuntimeError):
    """`todo serve` did not start: it exited first (`returncode`), or printed nothing within
    the timeout (`returncode` None; it was killed). The message ends with its log."""

    def __init__(self, message, returncode, output):
        super().__init__(message)
        self.returncode = returncode
        self.output = output  # its stdout and its log (stderr)


class TodoServe:
    """One `todo serve` process on a port of its choosing, for a test or a fixture.

    The database is `database` (a path or a PostgreSQL URL), else todo.sqlite in a temporary
    folder of the server's own, which also holds its log and which `close()` removes.
    `start()` and `stop()` may alternate: a restart on the same database, on a new port
    unless `fixed_port` is set (then on that one, as a restarted service would be).
    As a context manager it is started on entry and closed on exit.
    """

    def __init__(self, *args, database=None, binary=None, address="127.0.0.1", name="serve"):
        self.args = [str(arg) for arg in args]
        self.binary = binary
        self.address = address
        self.name = name
        self.directory = tempfile.mkdtemp(prefix=f"todo-{name}-")
        self.database = str(database or os.path.join(self.directory, "todo.sqlite"))
        self.log_path = os.path.join(self.directory, "serve.log")
        self.process = None
        self.url = None
        self.port = None
        self.fixed_port = None

    def start(self, timeout=120):
        """Starts the server; returns self once it printed its line (`url` and `port` are
        set). Raises ServeError, with its log, when it exits first or stays silent for
        `timeout` seconds."""
        binary = self.binary or todo_binary()
        command = [binary, "serve", "--host", self.address, "--port", str(self.fixed_port or 0),
                   "--db", self.database, *self.args]
        with open(self.log_path, "ab") as log:
            # A build relinking the executable makes exec fail (ETXTBSY) for a moment.
            self.process = wait_for(
                lambda: subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.PIPE, stderr=log),
                f"could not run {binary}", timeout, interval=0.5, ignoring=(OSError,))
        printed, outcome = self._read_stdout(time.monotonic() + timeout)
        if outcome != "serving":
            exited = outcome == "exited"
            if exited:  # its stdout closed: it is ending by itself
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=10)
            returncode = self.stop()
            said = f"exited with {returncode}" if exited \
                else f"printed no serving line within {timeout} s"
            output = printed + self.log()
            raise ServeError(f"{self.name}: `todo serve {' '.join(self.args)}` {said}; its "
                             f"output:\n{output}", returncode if exited else None, output)
        self.url = printed.split()[2]
        self.port = int(self.url.rsplit(":", 1)[1])
        return self

    def _read_stdout(self, deadline):
        """What the server printed on stdout, and how that ended: "serving" (its line),
        "exited" or "silent" (the deadline passed). Blocks on the pipe: the line is an event,
        not polled."""
        pipe = self.process.stdout.fileno()
        data = b""
        outcome = "serving"
        while not (data.startswith(b"todo: serving http://") and b"\n" in data):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([pipe], [], [], remaining)[0]:
                outcome = "silent"
                break
            chunk = os.read(pipe, 4096)
            if not chunk:
                outcome = "exited"
                break
            data += chunk
        return data.decode("utf-8", "replace"), outcome

    def stop(self, timeout=10):
        """Stops the process: SIGTERM, then SIGKILL when it has not ended after `timeout`
        seconds. Returns its exit status (None if it was never started)."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()
        return self.process.returncode

    def close(self):
        """Stops the process and removes the temporary folder (its database and log)."""
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)

    def log(self, tail=4000):
        """The end of the server's log (its stderr), to show when something failed."""
        try:
            with open(self.log_path, "rb") as handle:
                return handle.read()[-tail:].decode("utf-8", "replace")
        except OSError:
            return ""

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.close()
            raise

    def __exit__(self, *_):
        self.close()

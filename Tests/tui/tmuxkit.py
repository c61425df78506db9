"""Driving a full-screen terminal program in tmux, for the terminal tests (`area-search`,
`todo tui`).

Each `Pane` is its own tmux server on a private socket (`tmux -L tui-<pid>-<n>`), so tests
never touch a user's tmux and can run side by side. The pane has a fixed size and runs the
command inside a small shell wrapper that records `stty -a` of the pane's terminal before
the program starts and after it exits, and the program's exit status; a test checks that the
program put the terminal back as it found it with `pane.assert_terminal_restored()`.

Waiting is by events with a deadline, never by fixed sleeps: `wait_for(text)` polls
`tmux capture-pane -p` (with Tests/support/todoserve.py's `wait_for`) until the text is on
the screen (or the deadline passes, and the assertion shows the screen).

How to use it (the `todo tui` tests do the same with TODO_BIN):

    from tmuxkit import Pane

    def test_search(tmux):                         # the `tmux` fixture of conftest.py
        pane = tmux([area_search_bin, "--offline"], width=100, height=30)
        pane.wait_for("58 areas")
        pane.send_keys("/")                        # tmux key names: "Enter", "Escape", "C-t", "Down"
        pane.type("東京")                          # literal UTF-8 text (send-keys -l)
        pane.wait_for_all("1 area", "130000  東京都")
        pane.send_keys("q")
        pane.wait_for_exit()                       # the exit status, once the program ended
        pane.assert_terminal_restored()            # `stty -a` after == before

`tmux` (the fixture) kills every server it started at the end of the test, whatever
happened; `Pane` is also a context manager that does the same.
"""

import itertools
import os
import shlex
import subprocess
import tempfile
import unicodedata

from todoserve import wait_for

_counter = itertools.count()

#: How long `wait_for` and `wait_for_exit` wait by default, in seconds.
DEFAULT_TIMEOUT = 15.0
#: How often the screen is read while waiting, in seconds.
POLL_INTERVAL = 0.05


def display_width(text):
    """The columns `text` takes in a terminal: two for a wide East Asian character."""
    return sum(
        0 if unicodedata.combining(character)
        else 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
        for character in text)


class Pane:
    """A command running in a detached tmux session of a fixed size on a private socket."""

    def __init__(self, command, *, width=100, height=30, env=None, cwd=None):
        self.socket = f"tui-{os.getpid()}-{next(_counter)}"
        self.width = width
        self.height = height
        self.directory = tempfile.mkdtemp(prefix="tmuxkit-")
        self._before = os.path.join(self.directory, "stty-before")
        self._after = os.path.join(self.directory, "stty-after")
        self._status = os.path.join(self.directory, "status")
        program = " ".join(shlex.quote(str(part)) for part in command)
        # The wrapper keeps the pane open after the program ends, so that the screen and
        # the files can still be read.
        wrapper = (
            f"stty -a > {shlex.quote(self._before)}; {program}; "
            f"echo $? > {shlex.quote(self._status)}.tmp; "
            f"stty -a > {shlex.quote(self._after)}; "
            f"mv {shlex.quote(self._status)}.tmp {shlex.quote(self._status)}; "
            "exec sleep 600"
        )
        environment = dict(os.environ)
        environment.update({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
        options = []
        for key, value in (env or {}).items():
            options += ["-e", f"{key}={value}"]
        self._tmux(
            "-f", "/dev/null", "new-session", "-d", "-s", "main",
            "-x", str(width), "-y", str(height), *options,
            "-c", cwd or os.getcwd(), "sh", "-c", wrapper,
            env=environment,
        )
        # Sizes stay as given whatever clients attach (none do).
        self._tmux("set-option", "-g", "window-size", "manual", check=False)

    # MARK: - tmux

    def _tmux(self, *arguments, env=None, check=True):
        return subprocess.run(
            ["tmux", "-u", "-L", self.socket, *arguments],
            env=env, check=check, capture_output=True, text=True,
        )

    def kill(self):
        """Ends the tmux server and everything running in it."""
        self._tmux("kill-server", check=False)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.kill()

    # MARK: - Input

    def send_keys(self, *keys):
        """Sends tmux key names or text: "q", "Enter", "Escape", "C-t", "Down", "BSpace"."""
        self._tmux("send-keys", "-t", "main", *keys)

    def type(self, text):
        """Types `text` literally (send-keys -l), UTF-8 included."""
        self._tmux("send-keys", "-t", "main", "-l", text)

    # MARK: - The screen

    def screen(self, ansi=False):
        """The pane's text, line by line (with SGR escapes when `ansi`)."""
        arguments = ["capture-pane", "-p", "-t", "main"]
        if ansi:
            arguments.insert(2, "-e")
        return self._tmux(*arguments).stdout

    def lines(self):
        """The pane's lines, trailing spaces removed."""
        return [line.rstrip() for line in self.screen().split("\n")]

    def wait_until(self, predicate, timeout=DEFAULT_TIMEOUT, what="the condition"):
        """Reads the screen until `predicate(screen)` holds; returns that screen. Fails with
        the screen when `timeout` seconds pass first."""
        screen = ""

        def shown():
            nonlocal screen
            screen = self.screen()
            return predicate(screen)

        wait_for(shown, f"waiting for {what}", timeout, interval=POLL_INTERVAL,
                 details=lambda: f"the screen:\n{screen}")
        return screen

    def wait_for(self, text, timeout=DEFAULT_TIMEOUT):
        """Waits until `text` is on the screen; returns the screen."""
        return self.wait_until(lambda screen: text in screen, timeout, repr(text))

    def wait_for_all(self, *texts, timeout=DEFAULT_TIMEOUT):
        """Waits until every one of `texts` is on one screen; returns that screen. Use it
        rather than `wait_for` then `assert`, when the texts are drawn by one write that the
        terminal may show in parts."""
        return self.wait_until(
            lambda screen: all(text in screen for text in texts), timeout,
            " and ".join(repr(text) for text in texts))

    def wait_for_absence(self, text, timeout=DEFAULT_TIMEOUT):
        """Waits until `text` is no longer on the screen; returns the screen."""
        return self.wait_until(lambda screen: text not in screen, timeout, f"no {text!r}")

    def resize(self, width, height):
        """Resizes the window, as a user resizing the terminal does (the program gets
        SIGWINCH)."""
        self._tmux("resize-window", "-t", "main", "-x", str(width), "-y", str(height))
        self.width, self.height = width, height

    def program_pid(self):
        """The pid of the program the pane's shell wrapper runs (to send it a signal)."""
        shell = self._tmux("display-message", "-p", "-t", "main", "#{pane_pid}").stdout.strip()
        children = subprocess.run(
            ["pgrep", "-P", shell], check=True, capture_output=True, text=True).stdout.split()
        assert len(children) == 1, children
        return int(children[0])

    # MARK: - Exit and the terminal's settings

    def wait_for_exit(self, timeout=DEFAULT_TIMEOUT):
        """Waits for the program to end; returns its exit status."""
        wait_for(lambda: os.path.exists(self._status), "the program did not exit", timeout,
                 interval=POLL_INTERVAL, details=lambda: f"the screen:\n{self.screen()}")
        with open(self._status) as file:
            return int(file.read().strip())

    def assert_terminal_restored(self):
        """Checks `stty -a` after the program ended equals `stty -a` before it started."""
        self.wait_for_exit()
        with open(self._before) as before, open(self._after) as after:
            before_text, after_text = before.read(), after.read()
        assert before_text, "stty -a recorded nothing before the program"
        assert after_text == before_text, (
            f"terminal settings changed:\nbefore:\n{before_text}\nafter:\n{after_text}")

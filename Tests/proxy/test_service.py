"""docs/deploy/todo.service, the systemd unit the README's "Running as a service" describes:
systemd itself reads it without a complaint, and its sandbox stays tight. systemd does not
run it here (the test machines have no systemd as PID 1), so the unit's effect on a running
server is not tested; `systemd-analyze` is skipped where it is not installed."""

import shutil
import subprocess

import pytest

from proxykit import DEPLOY
from todoserve import todo_binary

UNIT = DEPLOY / "todo.service"
INSTALLED_BINARY = "/usr/local/bin/todo"


@pytest.fixture
def unit(tmp_path):
    """The unit with its ExecStart's binary replaced by the one under test (systemd-analyze
    checks that the command exists), named todo.service in a folder of the test's own."""
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed")
    text = UNIT.read_text()
    assert f"ExecStart={INSTALLED_BINARY} serve " in text, "the unit no longer runs todo serve"
    path = tmp_path / "todo.service"
    path.write_text(text.replace(INSTALLED_BINARY, todo_binary()))
    return path


def test_the_unit_verifies(unit):
    """`systemd-analyze verify` accepts the unit: no unknown setting, no bad value, the
    command executable."""
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                            text=True, timeout=60, cwd=unit.parent)
    complaints = [line for line in (result.stdout + result.stderr).splitlines()
                  if "todo.service" in line]
    assert result.returncode == 0 and not complaints, result.stdout + result.stderr


def test_the_units_sandbox_stays_tight(unit):
    """`systemd-analyze security --offline` rates the unit's exposure at most 2.0 ("OK";
    it is 1.5): a hardening option removed makes it fail."""
    result = subprocess.run(["systemd-analyze", "security", "--offline=yes",
                             "--threshold=20", "--no-pager", str(unit)],
                            capture_output=True, text=True, timeout=60, cwd=unit.parent)
    summary = [line for line in result.stdout.splitlines() if "Overall exposure" in line]
    assert result.returncode == 0, (summary or result.stdout[-2000:]) + [result.stderr]

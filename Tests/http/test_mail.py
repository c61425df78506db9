"""Reminders and the morning digest by e-mail, through a real SMTP server on loopback
(Tests/smtp/smtp_sink.py, on Debian's python3-aiosmtpd) that requires STARTTLS and a
password: the messages' headers and bodies as the relay received them, and the relay's
password nowhere in the server's log."""

import datetime
import email
import email.policy
import json
import os
import select
import subprocess
import time
from pathlib import Path

import pytest

from accountkit import run_cli
from httpkit import Server
from todoserve import wait_for

SINK = Path(__file__).resolve().parents[1] / "smtp" / "smtp_sink.py"
PASSWORD = "relay-Secret-73019"


@pytest.fixture
def relay(tmp_path):
    """A running SMTP sink with STARTTLS and AUTH: (port, certificate, folder of messages)."""
    if subprocess.run(["/usr/bin/python3", "-c", "import aiosmtpd"]).returncode != 0:
        pytest.fail("python3-aiosmtpd is not installed (scripts/test installs it)")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-days", "2",
         "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    out = tmp_path / "mail"
    out.mkdir()
    sink = subprocess.Popen(
        ["/usr/bin/python3", str(SINK), "--port", "0", "--cert", str(cert), "--key", str(key),
         "--out", str(out), "--user", "todo", "--password", PASSWORD],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    ready, _, _ = select.select([sink.stdout], [], [], 30)
    line = sink.stdout.readline().decode() if ready else ""
    assert line.startswith("ready "), f"the SMTP sink did not start: {line!r}"
    yield int(line.split()[1]), cert, out
    sink.terminate()
    sink.wait(timeout=10)


def messages(folder):
    """The messages received, in order: (parsed message, the sink's JSON of the session). The
    sink writes a message's JSON after its content, so a message counts once its JSON is there."""
    found = []
    for path in sorted(folder.glob("*.json"), key=lambda p: int(p.stem)):
        meta = json.loads(path.read_text())
        content = path.with_suffix(".eml").read_bytes()
        found.append((email.message_from_bytes(content, policy=email.policy.default), meta))
    return found


def test_a_reminder_and_the_morning_digest_are_mailed(relay, tmp_path, monkeypatch):
    port, cert, out = relay
    database = tmp_path / "todo.sqlite"
    today = datetime.datetime.now().strftime("%Y-%m-%d")
    run_cli("add", "--as-typed", "Water the ficus", "--due", today, "--db", database)
    monkeypatch.setenv("TODO_SMTP_PASSWORD", PASSWORD)
    digest_at = datetime.datetime.now().strftime("%H:%M")
    server = Server(
        "--smtp-url", f"smtp://todo@127.0.0.1:{port}", "--smtp-from", "todo@example.org",
        "--smtp-ca-file", cert, "--mail-to", "me@example.org", "--digest",
        "--digest-at", digest_at, name="mail")
    server.database = str(database)
    try:
        server.start()
        # The digest of today's todos goes out at its time (now), once.
        wait_for(lambda: messages(out), "no digest arrived", timeout=20)
        [(digest, meta)] = messages(out)
        assert digest["Subject"] == "Today: 1 todo"
        assert digest["To"] == "me@example.org"
        assert digest["From"] == "todo@example.org"
        assert "- Water the ficus" in digest.get_content()
        assert meta["tls"] is True and meta["auth_user"] == "todo"

        # A reminder rings by mail, its title in the subject.
        todo = server.api("POST", "/api/v1/lists/00000000-0000-4000-8000-000000000001/todos",
                          {"title": "Call mum 📞", "deadline": "2030-05-01T09:00"}, expect=201)
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        server.api("POST", f"/api/v1/todos/{todo['id']}/reminders", {"at": now}, expect=201)
        wait_for(lambda: len(messages(out)) == 2, "no reminder arrived", timeout=20)
        reminder, _ = messages(out)[1]
        assert reminder["Subject"] == "Reminder: Call mum 📞"
        body = reminder.get_content().replace("\r\n", "\n")
        assert body.startswith("Call mum 📞\n"), repr(body)
        assert "Due: " in body and "2030/05/01 09:00" in body, body

        # A restart on the same day sends no second digest.
        server.stop()
        server.start()
        server.api("GET", "/healthz", expect=200)
        assert len(messages(out)) == 2
    finally:
        server.stop()
        log = Path(server.log_path).read_text()
        server.close()
    assert PASSWORD not in log
    assert "mailing reminders through smtp://todo@127.0.0.1" in log


def test_mail_options_are_checked_and_a_password_never_goes_on_the_command_line(tmp_path):
    database = tmp_path / "todo.sqlite"
    cases = [
        (["--smtp-url", "smtp://todo:pw@127.0.0.1:25", "--smtp-from", "a@example.org"],
         "password"),
        (["--smtp-url", "smtp://127.0.0.1:25"], "--smtp-from"),
        (["--mail-to", "me@example.org"], "--smtp-url"),
        (["--smtp-url", "smtp+plain://mail.example.org:25", "--smtp-from", "a@example.org"],
         "only allowed"),
        (["--smtp-url", "smtp://127.0.0.1", "--smtp-from", "not an address"], "e-mail"),
        (["--smtp-url", "smtp://127.0.0.1", "--smtp-from", "a@example.org", "--digest-at",
          "7am"], "--digest-at"),
    ]
    binary = os.environ.get("TODO_BIN", ".build/debug/todo")
    for arguments, said in cases:
        result = subprocess.run([binary, "serve", "--port", "0", "--db", str(database),
                                 *arguments], capture_output=True, text=True, timeout=30)
        assert result.returncode == 1, (arguments, result.stderr)
        assert said in result.stderr, (arguments, result.stderr)
        assert "pw@" not in result.stderr

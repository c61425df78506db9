#!/usr/bin/python3
"""An SMTP server for the mail client's tests: it accepts every message and stores it.

Each message is written as OUT/<n>.eml (the bytes received after DATA, with the dot-stuffing
undone) and then OUT/<n>.json: {"mail_from", "rcpt_tos", "tls", "auth_user", "subject",
"body"}, where "subject" and "body" are decoded by Python's email package, so that a test can
compare them with what it sent without decoding MIME itself.

With --silent it only accepts connections and never answers, as a hung relay would.

Once listening it prints "ready <port>" on standard output; with --port 0 the port is a free
one. It runs until SIGTERM or SIGINT, or, with --exit-on-eof, until its standard input closes
(so that a test process that dies takes the server with it).

Needs aiosmtpd (Debian: python3-aiosmtpd, for /usr/bin/python3).
"""

import argparse
import json
import os
import signal
import socket
import ssl
import sys
import threading
import warnings
from email import policy
from email.parser import BytesParser

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


# aiosmtpd itself still touches its deprecated Session.login_data on every AUTH.
warnings.filterwarnings("ignore", message="Session.login_data")


class Sink:
    """The aiosmtpd handler: stores each message and what the session knew of it."""

    def __init__(self, out):
        self.out = out
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            number = self.count
        content = envelope.content
        if isinstance(content, str):
            content = content.encode("utf-8", "surrogateescape")
        parsed = BytesParser(policy=policy.default).parsebytes(content)
        transport = server.transport
        meta = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            # True both after STARTTLS and on an implicit-TLS connection.
            "tls": transport is not None and transport.get_extra_info("ssl_object") is not None,
            "auth_user": session.auth_data if session.authenticated else None,
            "subject": str(parsed["subject"]) if parsed["subject"] is not None else None,
            "body": parsed.get_content() if not parsed.is_multipart() else None,
        }
        write_atomically(os.path.join(self.out, f"{number}.eml"), content)
        # The JSON comes last: once it exists, the message is complete.
        write_atomically(
            os.path.join(self.out, f"{number}.json"),
            json.dumps(meta, ensure_ascii=False, indent=2).encode("utf-8"),
        )
        return "250 2.0.0 Message accepted"


def write_atomically(path, data):
    temporary = path + ".tmp"
    with open(temporary, "wb") as file:
        file.write(data)
    os.replace(temporary, path)


def make_authenticator(user, password):
    """Accepts exactly the given user and password, for PLAIN and LOGIN alike."""

    def authenticator(server, session, envelope, mechanism, auth_data):
        if not isinstance(auth_data, LoginPassword) or user is None:
            return AuthResult(success=False, handled=False)
        if auth_data.login == user.encode() and auth_data.password == password.encode():
            return AuthResult(success=True, auth_data=user)
        return AuthResult(success=False, handled=False)

    return authenticator


class SinkController(Controller):
    """A Controller that can listen on port 0: it learns the port the system chose."""

    def _trigger_server(self):
        # The base class connects to self.port to check that the server answers, so it
        # must be the real port before that.
        if self.server is not None and self.port == 0:
            self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()


def serve_silently(host, port, stop):
    """Accepts connections and keeps them open without a word, as a hung relay would."""
    listener = socket.create_server((host, port))
    connections = []

    def accept():
        while True:
            connection, _ = listener.accept()
            connections.append(connection)

    threading.Thread(target=accept, daemon=True).start()
    print(f"ready {listener.getsockname()[1]}", flush=True)
    while not stop.wait(3600):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--cert", help="PEM certificate for STARTTLS or --implicit-tls")
    parser.add_argument("--key", help="PEM private key of --cert")
    parser.add_argument("--out", required=True, help="directory for the received messages")
    parser.add_argument("--no-starttls", action="store_true", help="do not offer STARTTLS")
    parser.add_argument(
        "--implicit-tls", action="store_true", help="TLS from the first byte (smtps)"
    )
    parser.add_argument("--no-auth-plain", action="store_true", help="offer AUTH LOGIN only")
    parser.add_argument("--user", help="the only user accepted by AUTH")
    parser.add_argument("--password", help="the password of --user")
    parser.add_argument(
        "--silent", action="store_true", help="accept connections but never answer"
    )
    parser.add_argument(
        "--exit-on-eof", action="store_true", help="exit when standard input closes"
    )
    args = parser.parse_args()

    os.makedirs(args.out, exist_ok=True)
    # A parent may start us with these signals blocked (Foundation's Process on Linux passes
    # on the mask of the thread that spawns it), and a blocked SIGTERM would never stop us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if args.exit_on_eof:

        def watch_stdin():
            while sys.stdin.buffer.read(4096):
                pass
            stop.set()

        threading.Thread(target=watch_stdin, daemon=True).start()

    if args.silent:
        serve_silently(args.host, args.port, stop)
        return

    tls_context = None
    if args.cert:
        tls_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls_context.load_cert_chain(args.cert, args.key)
    elif args.implicit_tls or not args.no_starttls:
        parser.error("--cert and --key are needed unless --no-starttls is given")

    smtp_options = {
        "authenticator": make_authenticator(args.user, args.password),
        "auth_exclude_mechanism": ["PLAIN"] if args.no_auth_plain else None,
    }
    if args.implicit_tls:
        controller_options = {"ssl_context": tls_context}
        # The whole connection is TLS, which aiosmtpd's auth_require_tls does not see.
        smtp_options["auth_require_tls"] = False
    elif args.no_starttls:
        controller_options = {}
        smtp_options["auth_require_tls"] = True
    else:
        controller_options = {}
        smtp_options.update(tls_context=tls_context, require_starttls=True, auth_require_tls=True)

    controller = SinkController(
        Sink(args.out), hostname=args.host, port=args.port, **controller_options, **smtp_options
    )
    controller.start()
    print(f"ready {controller.port}", flush=True)
    while not stop.wait(3600):
        pass
    controller.stop()


if __name__ == "__main__":
    main()

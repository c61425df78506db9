"""Graceful shutdown is bounded: with --shutdown-grace 1, SIGTERM stops accepting at once and
the process exits with status 0 within ~3 s even when a client holds a half-sent request."""

import signal
import socket
import time

from httpkit import Reader, connect
from todoserve import wait_for


def connection_refused(port):
    """Whether a new connection is refused (or accepted and closed without an answer)."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=0.5)
    except (ConnectionRefusedError, socket.timeout):
        return True
    try:
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     "Connection: close\r\n\r\n".encode())
        reader = Reader(sock)
        reader.fill(time.monotonic() + 0.5)
        return not reader.buffer.startswith(b"HTTP/1.1 200")
    except OSError:
        return True
    finally:
        sock.close()


def test_sigterm_with_a_stalled_client_exits_within_the_grace(fresh_server_factory):
    """A server with --shutdown-grace 1 and a connection stuck in the middle of a request
    head exits with status 0 within ~3 s of SIGTERM, refuses new connections right after
    SIGTERM, and closes the stalled connection."""
    server = fresh_server_factory("--shutdown-grace", "1", name="shutdown")
    stalled = connect(server.port)
    try:
        stalled.sendall(f"GET /healthz HTTP/1.1\r\nHost: {server.host}\r\nX-Half: ".encode())
        assert server.healthy()
        start = time.monotonic()
        server.signal(signal.SIGTERM)
        # New connections are refused right after SIGTERM (within 1 s).
        wait_for(lambda: connection_refused(server.port),
                 "still accepting and serving 1 s after SIGTERM", timeout=1.0)
        try:
            code = server.process.wait(timeout=3.5)
        except Exception:
            raise AssertionError(f"still running 3.5 s after SIGTERM; stderr:\n{server.log()}")
        elapsed = time.monotonic() - start
        assert code == 0, f"exit status {code}; stderr:\n{server.log()}"
        assert elapsed <= 3.5, elapsed
        assert connection_refused(server.port)
        closed, _ = Reader(stalled).wait_closed(time.monotonic() + 1)
        assert closed, "the stalled connection outlived the process"
    finally:
        stalled.close()


def test_sigterm_idle_server_exits_promptly(fresh_server_factory):
    """Without open connections, SIGTERM ends the server with status 0 within ~3 s."""
    server = fresh_server_factory("--shutdown-grace", "1", name="shutdown-idle")
    start = time.monotonic()
    server.signal(signal.SIGTERM)
    code = server.process.wait(timeout=5)
    assert code == 0, server.log()
    assert time.monotonic() - start <= 3.0


def test_sigterm_with_a_request_in_flight(fresh_server_factory):
    """With a POST whose body is still arriving (10 of 100 bytes), SIGTERM makes the server
    refuse new connections at once (while the grace runs, if it waits for that request),
    and it exits with status 0 within ~3 s."""
    server = fresh_server_factory("--shutdown-grace", "1", name="shutdown-in-flight")
    in_flight = connect(server.port)
    try:
        in_flight.sendall(
            (f"POST /api/v1/lists HTTP/1.1\r\nHost: {server.host}\r\n"
             "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n").encode()
            + b'{"name":"s')
        assert server.healthy()
        server.signal(signal.SIGTERM)
        wait_for(lambda: connection_refused(server.port),
                 "still accepting and serving 1 s after SIGTERM", timeout=1.0)
        try:
            code = server.process.wait(timeout=3.5)
        except Exception:
            raise AssertionError(f"still running 3.5 s after SIGTERM; stderr:\n{server.log()}")
        assert code == 0, f"exit status {code}; stderr:\n{server.log()}"
        closed, _ = Reader(in_flight).wait_closed(time.monotonic() + 1)
        assert closed, "the in-flight connection outlived the process"
    finally:
        in_flight.close()

"""Slow and idle clients are cut off (--header-timeout/--body-timeout/--idle-timeout 0.5),
and --max-connections bounds how many connections are served at once."""

import socket
import time

import pytest

from httpkit import NoResponse, Reader, connect, read_response, request_bytes
from todoserve import wait_for

CUT_OFF = 2.0  # "within ~2 s" of timeouts of 0.5 s


def wait_cut_off(sock, timeout):
    """Waits for the server to end a stalled connection: EOF or reset, optionally after a
    408 response. Returns (seconds it took, the 408 Response or None); fails if the
    connection is still open at the deadline or if any other response arrives."""
    start = time.monotonic()
    reader = Reader(sock)
    deadline = start + timeout
    response = None
    if reader.fill(deadline):
        try:
            response = read_response(reader, deadline)
        except NoResponse as error:
            raise AssertionError(f"partial answer from a cut-off connection: {error}")
        assert response.status == 408, f"a stalled request got {response!r}"
    closed, extra = reader.wait_closed(deadline)
    assert closed, (f"connection still open after {timeout}s "
                    f"(answer: {response!r}, bytes: {reader.buffer[:200]!r})")
    assert not extra, f"bytes after the answer: {extra[:200]!r}"
    return time.monotonic() - start, response


def test_half_request_head_is_cut_off(short_server):
    """A client that sends half a request head and then nothing is cut off (408 or a close)
    within ~2 s, not before the 0.5 s header timeout, while others are served meanwhile."""
    sock = connect(short_server.port)
    try:
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: {short_server.host}\r\nX-Half:".encode())
        assert short_server.healthy(), "server did not answer others while one stalled"
        elapsed, _ = wait_cut_off(sock, CUT_OFF + 0.5)
        assert elapsed >= 0.3, f"cut off after {elapsed:.2f}s, before the header timeout"
    finally:
        sock.close()
    assert short_server.healthy()


def test_half_body_is_cut_off(short_server):
    """A client that sends a head declaring Content-Length 100 and then 10 bytes of body
    and nothing more is cut off (408 or a close) within ~2 s; nothing is created."""
    before = short_server.everything()
    sock = connect(short_server.port)
    try:
        head = (f"POST /api/v1/lists HTTP/1.1\r\nHost: {short_server.host}\r\n"
                "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n")
        sock.sendall(head.encode() + b'{"name":"s')
        assert short_server.healthy(), "server did not answer others while one stalled"
        elapsed, _ = wait_cut_off(sock, CUT_OFF + 0.5)
        assert elapsed >= 0.3, f"cut off after {elapsed:.2f}s, before the body timeout"
    finally:
        sock.close()
    assert short_server.everything() == before


def test_idle_keep_alive_connection_is_closed(short_server):
    """After one complete request/response on a keep-alive connection, the idle connection
    is closed within ~2 s (the 0.5 s idle timeout), and the server keeps serving."""
    sock = connect(short_server.port)
    try:
        sock.sendall(request_bytes("GET", "/healthz", short_server.host,
                                   headers=[("Connection", "keep-alive")]))
        reader = Reader(sock)
        response = read_response(reader, time.monotonic() + 2)
        assert response.status == 200, response
        assert not response.has_token("connection", "close"), (
            f"the server closed a keep-alive request at once: {response.headers}")
        start = time.monotonic()
        assert short_server.healthy()
        deadline = start + CUT_OFF + 0.5
        # An idle close may or may not carry a 408; anything else is wrong.
        if reader.fill(deadline):
            late = read_response(reader, deadline)
            assert late.status == 408, f"unsolicited answer: {late!r}"
        closed, _ = reader.wait_closed(deadline)
        elapsed = time.monotonic() - start
        assert closed, f"idle keep-alive connection still open after {elapsed:.2f}s"
        assert elapsed >= 0.3, f"closed after {elapsed:.2f}s, before the idle timeout"
    finally:
        sock.close()
    assert short_server.healthy()


def test_keep_alive_works_before_the_idle_timeout(short_server):
    """Control for the idle test: two requests back to back on one keep-alive connection are
    both answered (the idle timeout does not cut an active connection)."""
    sock = connect(short_server.port)
    try:
        reader = Reader(sock)
        for _ in range(2):
            sock.sendall(request_bytes("GET", "/healthz", short_server.host,
                                       headers=[("Connection", "keep-alive")]))
            response = read_response(reader, time.monotonic() + 2)
            assert response.status == 200, response
    finally:
        sock.close()


# MARK: - --max-connections


@pytest.fixture(scope="module")
def limited_server(module_server_factory):
    """A server that serves at most four connections at once (long timeouts, so idle
    connections stay open for the test)."""
    return module_server_factory("--max-connections", "4", "--header-timeout", "30",
                                 "--idle-timeout", "30", name="max-connections")


def open_idle(server):
    """A keep-alive connection that has completed one request, so the server has surely
    accepted it, and is now idle."""
    sock = connect(server.port)
    sock.sendall(request_bytes("GET", "/healthz", server.host,
                               headers=[("Connection", "keep-alive")]))
    response = read_response(Reader(sock), time.monotonic() + 2)
    assert response.status == 200, response
    assert not response.has_token("connection", "close"), response.headers
    return sock


def fifth_outcome(server, timeout=2.0):
    """What a new connection gets: 'refused' (connect refused, reset, or closed without an
    answer), or the Response status."""
    try:
        sock = connect(server.port)
    except ConnectionRefusedError:
        return "refused"
    try:
        try:
            sock.sendall(request_bytes("GET", "/healthz", server.host))
        except OSError:
            return "refused"
        reader = Reader(sock)
        try:
            return read_response(reader, time.monotonic() + timeout).status
        except NoResponse:
            return "refused" if reader.eof else "no answer"
    finally:
        sock.close()


def test_max_connections_refuses_the_fifth_and_recovers(limited_server):
    """With --max-connections 4 and four idle connections open, a fifth connection is
    refused (503 or closed) within 2 s; once one of the four closes, a new one is served."""
    idle = []
    try:
        for _ in range(4):
            idle.append(open_idle(limited_server))
        outcome = fifth_outcome(limited_server)
        assert outcome in ("refused", 503), f"fifth connection got {outcome!r}"
        idle.pop().close()
        wait_for(lambda: fifth_outcome(limited_server) == 200,
                 "no new connection served after one of four closed", timeout=3, interval=0.05)
        # the three still open are still served
        for sock in idle:
            sock.sendall(request_bytes("GET", "/healthz", limited_server.host,
                                       headers=[("Connection", "keep-alive")]))
            assert read_response(Reader(sock), time.monotonic() + 2).status == 200
    finally:
        for sock in idle:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

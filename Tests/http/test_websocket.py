"""The live page's WebSocket `/live`: only own origins may upgrade, and frames that break
RFC 6455 (unmasked, invalid UTF-8, over 1 MiB) close the connection with the right code
without applying anything. The client is written by hand so the tests control masking."""

import json
import threading
import time
import uuid

import pytest

from httpkit import FOREIGN, NoResponse, WebSocket, encode_frame
from todoserve import wait_for

MIB = 1024 * 1024


def add_event(title):
    return {"v": 1, "type": "add", "title": title}


def open_live(server, origin="own"):
    origin = server.origin if origin == "own" else origin
    ws, response = WebSocket.handshake(server.port, server.host, origin=origin)
    assert ws is not None, f"upgrade refused: {response!r}"
    snapshot = ws.read_json(timeout=5)
    assert snapshot.get("type") == "snapshot", snapshot
    return ws


def expect_close(ws, code, timeout=3.0):
    """Reads until the server's close frame, checks its code, answers it and waits for the
    server to close the TCP connection."""
    frame, before = ws.read_until_close(timeout)
    assert frame is not None, f"the connection ended without a close frame (after {before!r})"
    assert frame.close_code == code, (
        f"close code {frame.close_code}, wanted {code}: {frame!r} (after {before!r})")
    try:
        ws.send_frame(0x8, frame.payload[:2])
    except OSError:
        pass
    assert ws.wait_closed(2.0), "the server did not close the connection after the close"


def marker_round_trip(server):
    """Adds a todo through a well-behaved connection and waits until the API shows it: any
    write an earlier, refused frame could have caused has had its chance to land."""
    title = f"marker {uuid.uuid4()}"
    ws = open_live(server)
    try:
        ws.send_json(add_event(title))
        wait_for(lambda: title in server.titles(), "no marker todo", timeout=5)
    finally:
        ws.close()


def assert_nothing_applied(server, prefix, count):
    """After a refused frame: once a marker todo went through, no todo titled `prefix…`
    exists and the marker is the only todo added since there were `count`."""
    marker_round_trip(server)
    titles = server.titles()
    assert not any(t.startswith(prefix) for t in titles)
    assert len(titles) == count + 1


# MARK: - Upgrades


@pytest.mark.parametrize("origin", [FOREIGN, "null", "other-port"])
def test_foreign_origin_upgrade_is_403(server, origin):
    """A WebSocket upgrade of /live with a foreign Origin gets 403, not 101."""
    origin = f"http://127.0.0.1:{server.port + 1}" if origin == "other-port" else origin
    ws, response = WebSocket.handshake(server.port, server.host, origin=origin)
    if ws:
        ws.close()
    assert response.status == 403, response
    assert response.cors_headers() == []


def test_foreign_host_upgrade_is_refused(server):
    """A WebSocket upgrade with a foreign Host (DNS rebinding) is refused with 421."""
    ws, response = WebSocket.handshake(server.port, "evil.example", origin="http://evil.example")
    if ws:
        ws.close()
    assert response.status in (403, 421), response


@pytest.mark.parametrize("which", ["127.0.0.1", "localhost", "[::1]", "none"])
def test_own_origin_or_none_upgrades(server, which):
    """With an own origin (127.0.0.1, localhost, [::1] on the port) or no Origin, /live
    upgrades (101) and the first message is a snapshot."""
    origin = None if which == "none" else f"http://{which}:{server.port}"
    ws, response = WebSocket.handshake(server.port, server.host, origin=origin)
    assert ws is not None, response
    try:
        message = ws.read_json(timeout=5)
        assert message["v"] == 1 and message["type"] == "snapshot", message
    finally:
        ws.close()


def test_masked_add_event_is_applied(server):
    """Control for the refusals below: a masked text frame with an add event creates the
    todo (so an event that does not appear was really refused)."""
    title = f"masked {uuid.uuid4()}"
    ws = open_live(server)
    try:
        ws.send_json(add_event(title))
        wait_for(lambda: title in server.titles(), "the todo was not added", timeout=5)
        message = ws.read_json(timeout=5)
        assert message["type"] in ("changes", "snapshot"), message
    finally:
        ws.close()


# MARK: - Refused frames


def test_unmasked_frame_is_1002_and_not_applied(server):
    """An unmasked client frame carrying a valid add event gets close 1002, the connection
    closes, and no todo is added."""
    title = f"unmasked {uuid.uuid4()}"
    count = len(server.all_todos())
    ws = open_live(server)
    try:
        ws.send_text(json.dumps(add_event(title)), mask=False)
        expect_close(ws, 1002)
    finally:
        ws.close()
    assert_nothing_applied(server, title, count)


def test_invalid_utf8_is_1007_and_not_applied(server):
    """A masked text frame whose payload is not valid UTF-8 gets close 1007, the connection
    closes, and nothing is added."""
    prefix = f"badutf8 {uuid.uuid4()}"
    payload = b'{"v":1,"type":"add","title":"' + prefix.encode() + b'\xff\xfe\xc3("}'
    count = len(server.all_todos())
    ws = open_live(server)
    try:
        ws.send_text(payload)
        expect_close(ws, 1007)
    finally:
        ws.close()
    assert_nothing_applied(server, prefix, count)


def send_concurrently(ws, data):
    """Sends on another thread: the server may close before it has read everything."""

    def run():
        try:
            ws.sock.sendall(data)
        except OSError:
            pass

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("shape", ["one-frame", "fragmented"])
def test_message_over_1_mib_is_1009_and_not_applied(server, shape):
    """A message over 1 MiB (one frame, or a text frame and continuations that add up to
    over 1 MiB) gets close 1009, the connection closes, and nothing is added."""
    prefix = f"huge {uuid.uuid4()}"
    text = json.dumps(add_event(prefix + "x" * (MIB + 16)))
    payload = text.encode()
    assert len(payload) > MIB
    if shape == "one-frame":
        data = encode_frame(0x1, payload)
    else:
        third = len(payload) // 3
        data = (encode_frame(0x1, payload[:third], fin=False)
                + encode_frame(0x0, payload[third:2 * third], fin=False)
                + encode_frame(0x0, payload[2 * third:], fin=True))
    count = len(server.all_todos())
    ws = open_live(server)
    try:
        sender = send_concurrently(ws, data)
        expect_close(ws, 1009, timeout=5)
        sender.join(timeout=5)
    finally:
        ws.close()
    assert_nothing_applied(server, prefix, count)


def test_server_keeps_serving_after_refused_frames(server):
    """After protocol failures on other connections, /live still upgrades and /healthz
    answers."""
    assert server.healthy()
    ws = open_live(server)
    ws.close()


# MARK: - Large messages


def test_a_large_change_is_the_pages_start_then_the_shared_body(server):
    """A change of many todos at once (an import of 150) reaches the page as one message in
    two frames: the page's own start (its chrome and revision) in a text frame, then the rest,
    which every page on the list shares, in a continuation frame. Together they are one JSON
    object holding every new todo."""
    ws = open_live(server)
    try:
        titles = [f"imported {index} {uuid.uuid4()}" for index in range(150)]
        csv = "TYPE,CONTENT\r\n" + "".join(f"task,{title}\r\n" for title in titles)
        response = server.request("POST", "/api/v1/import/todoist", csv,
                                  headers=[("Content-Type", "text/csv")])
        assert response.status == 200, response
        deadline = time.monotonic() + 10
        while True:
            frames = [ws.read_frame(max(0.01, deadline - time.monotonic()))]
            while frames[-1].opcode in (0x9, 0xA):
                frames = [ws.read_frame(max(0.01, deadline - time.monotonic()))]
            while not frames[-1].fin:
                frames.append(ws.read_frame(max(0.01, deadline - time.monotonic())))
            message = json.loads(b"".join(frame.payload for frame in frames))
            shown = {cell.get("title") for cell in message.get("cells", {}).values()}
            if set(titles) <= shown:
                break
        assert message["type"] == "changes" and message["v"] == 1, message
        assert [(frame.opcode, frame.fin) for frame in frames] == [(0x1, False), (0x0, True)]
        start = frames[0].payload.decode()
        assert start.startswith("{") and '"rev":' in start and '"cells"' not in start, start
        assert frames[1].payload.startswith(b'"cells":'), frames[1].payload[:40]
    finally:
        ws.close()

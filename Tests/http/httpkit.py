"""Raw HTTP/1.1 and WebSocket clients for the HTTP hardening tests, and `Server`: a `todo
serve` (Tests/support/todoserve.py) with those clients.

Everything talks to 127.0.0.1 over plain sockets, so a test controls every byte it sends
(malformed heads, missing Host, unmasked WebSocket frames) and reads the answer with a
deadline. Nothing here sleeps to decide an outcome: reads block on the socket until the
deadline, and waiting for a condition is todoserve's `wait_for`.
"""

import base64
import hashlib
import json
import os
import re
import signal
import socket
import threading
import time
import uuid

from todoserve import ROOT, TodoServe  # noqa: F401 (ROOT: for the tests)

INBOX = "00000000-0000-4000-8000-000000000001"
FOREIGN = "http://evil.example"
PUBLIC_URL = "https://todo.example.org"
ALLOWED_ORIGIN = "https://app.example.com"


# MARK: - Responses


class Response:
    """One HTTP response as read from the socket."""

    def __init__(self, version, status, reason, headers, body, head_bytes):
        self.version = version
        self.status = status
        self.reason = reason
        self.headers = headers  # [(name, value)] in order, names as sent
        self.body = body
        self.head_bytes = head_bytes

    def header(self, name):
        """The first value of a header (case-insensitive), or None."""
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def header_all(self, name):
        return [value for key, value in self.headers if key.lower() == name.lower()]

    def header_names(self):
        return [key.lower() for key, _ in self.headers]

    def has_token(self, name, token):
        """Whether a comma-separated header (e.g. Connection, Vary) contains a token."""
        tokens = []
        for value in self.header_all(name):
            tokens += [part.strip().lower() for part in value.split(",")]
        return token.lower() in tokens

    @property
    def content_type(self):
        value = self.header("content-type") or ""
        return value.split(";")[0].strip().lower()

    def json(self):
        return json.loads(self.body.decode("utf-8"))

    def cors_headers(self):
        return [(k, v) for k, v in self.headers if k.lower().startswith("access-control-")]

    def __repr__(self):
        body = self.body[:300]
        return f"<{self.status} {self.reason} {self.headers} {body!r}>"


class NoResponse(Exception):
    """The server sent no complete response before the deadline or closed the connection."""

    def __init__(self, message, received=b""):
        super().__init__(f"{message}; received {received[:300]!r}")
        self.received = received


def _recv(sock, deadline, size=65536):
    """One recv bounded by the deadline: bytes, b'' on EOF, None on timeout; raises on reset."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        return None
    sock.settimeout(remaining)
    try:
        return sock.recv(size)
    except socket.timeout:
        return None


class Reader:
    """Buffered reads from a socket, each bounded by a deadline."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""
        self.eof = False
        self.reset = False

    def fill(self, deadline):
        """Reads more bytes; False on EOF, reset or timeout."""
        if self.eof:
            return False
        try:
            data = _recv(self.sock, deadline)
        except (ConnectionResetError, ConnectionAbortedError, BrokenPipeError):
            self.eof = self.reset = True
            return False
        if data is None:
            return False
        if data == b"":
            self.eof = True
            return False
        self.buffer += data
        return True

    def read_until(self, marker, deadline):
        while marker not in self.buffer:
            if not self.fill(deadline):
                raise NoResponse(
                    "connection closed" if self.eof else "timed out", self.buffer)
        index = self.buffer.index(marker) + len(marker)
        data, self.buffer = self.buffer[:index], self.buffer[index:]
        return data

    def read_exactly(self, count, deadline):
        while len(self.buffer) < count:
            if not self.fill(deadline):
                raise NoResponse(
                    "connection closed" if self.eof else "timed out", self.buffer)
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_to_end(self, deadline):
        while self.fill(deadline):
            pass
        if not self.eof:
            raise NoResponse("timed out waiting for the end of the body", self.buffer)
        data, self.buffer = self.buffer, b""
        return data

    def wait_closed(self, deadline):
        """Waits for the peer to close (EOF or reset). Returns (closed, extra bytes read)."""
        start = len(self.buffer)
        while not self.eof:
            if not self.fill(deadline) and not self.eof:
                break
        return self.eof, self.buffer[start:]


def read_response(reader, deadline, method="GET"):
    """Reads one complete response (head and body) from a Reader, before the deadline."""
    while True:
        head = reader.read_until(b"\r\n\r\n", deadline)
        lines = head[:-4].split(b"\r\n")
        match = re.match(rb"^(HTTP/\d\.\d) (\d{3})(?: (.*))?$", lines[0])
        if not match:
            raise NoResponse(f"not a status line: {lines[0][:200]!r}", head)
        status = int(match.group(2))
        headers = []
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            headers.append((name.decode("latin-1").strip(), value.decode("latin-1").strip()))
        if 100 <= status < 200 and status != 101:
            continue  # an interim response (100 Continue)
        break
    response = Response(match.group(1).decode(), status, (match.group(3) or b"").decode(
        "latin-1"), headers, b"", head)
    if method == "HEAD" or status in (101, 204, 304):
        return response
    encoding = (response.header("transfer-encoding") or "").lower()
    if "chunked" in encoding:
        body = b""
        while True:
            size_line = reader.read_until(b"\r\n", deadline)
            size = int(size_line.split(b";")[0].strip(), 16)
            if size == 0:
                # trailers until an empty line
                while reader.read_until(b"\r\n", deadline) != b"\r\n":
                    pass
                break
            body += reader.read_exactly(size, deadline)
            reader.read_exactly(2, deadline)
        response.body = body
    elif response.header("content-length") is not None:
        response.body = reader.read_exactly(int(response.header("content-length")), deadline)
    else:
        response.body = reader.read_to_end(deadline)
    return response


def connect(port, timeout=2.0):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def send_in_background(sock, chunks, shutdown_write=False):
    """Sends bytes on another thread (so a server that answers and closes before reading
    everything cannot block or reset the reader). Returns the thread; its `.error` is the
    exception the send ended with, if any."""

    def run():
        try:
            for chunk in chunks:
                sock.sendall(chunk)
            if shutdown_write:
                sock.shutdown(socket.SHUT_WR)
        except OSError as error:
            thread.error = error

    thread = threading.Thread(target=run, daemon=True)
    thread.error = None
    thread.start()
    return thread


class Exchange:
    """The outcome of one raw exchange: the response (or why there was none), how long the
    status line took, and whether the server closed the connection afterwards."""

    def __init__(self):
        self.response = None
        self.error = None
        self.elapsed = None
        self.closed = None
        self.extra = b""

    def __repr__(self):
        return (f"<Exchange response={self.response!r} error={self.error!r} "
                f"elapsed={self.elapsed} closed={self.closed} extra={self.extra[:100]!r}>")


def raw_exchange(port, data, timeout=1.0, close_timeout=1.0, shutdown_write=False,
                 method="GET"):
    """Sends raw bytes, reads one response within `timeout`, then waits up to
    `close_timeout` for the server to close the connection."""
    result = Exchange()
    sock = connect(port)
    try:
        start = time.monotonic()
        chunks = data if isinstance(data, list) else [data]
        send_in_background(sock, chunks, shutdown_write=shutdown_write)
        reader = Reader(sock)
        try:
            result.response = read_response(reader, start + timeout, method=method)
            result.elapsed = time.monotonic() - start
        except NoResponse as error:
            result.error = error
            return result
        except ValueError as error:  # an unparsable chunk size in the answer
            result.error = error
            return result
        result.closed, result.extra = reader.wait_closed(time.monotonic() + close_timeout)
        return result
    finally:
        sock.close()


def request_bytes(method, path, host, headers=(), body=None):
    """A well-formed request head (and body) with Connection: close."""
    lines = [f"{method} {path} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    names = {name.lower() for name, _ in headers}
    lines += [f"{name}: {value}" for name, value in headers]
    if body is not None and "content-length" not in names:
        lines.append(f"Content-Length: {len(body)}")
    if "connection" not in names:
        lines.append("Connection: close")
    data = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    return data + (body or b"")


# MARK: - A running server


class Server(TodoServe):
    """`todo serve` (todoserve.TodoServe) on a temporary database, port 0, 127.0.0.1, with
    extra arguments, and the raw requests the tests send it."""

    def __init__(self, *args, name="server"):
        super().__init__(*args, name=f"http-{name}")

    # Names and origins

    @property
    def host(self):
        return f"127.0.0.1:{self.port}"

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.port}"

    def own_origins(self):
        return [f"http://127.0.0.1:{self.port}", f"http://localhost:{self.port}",
                f"http://[::1]:{self.port}"]

    def own_hosts(self):
        return [f"127.0.0.1:{self.port}", f"localhost:{self.port}", f"[::1]:{self.port}"]

    # Life

    def start(self, timeout=60):
        super().start(timeout)
        self.check_healthy()
        return self

    def check_healthy(self):
        """The `todo: serving` line comes once the database is ready: /healthz answers 200
        at once, with no polling."""
        response = self.request("GET", "/healthz", timeout=5)
        if response.status != 200:
            raise RuntimeError(f"{self.name} printed its line but /healthz said {response!r}")

    def signal(self, number=signal.SIGTERM):
        self.process.send_signal(number)

    # Requests

    def request(self, method, path, body=None, headers=(), host="default", timeout=5):
        """One request on its own connection (Connection: close); the full response."""
        host = self.host if host == "default" else host
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            if not any(name.lower() == "content-type" for name, _ in headers):
                headers = [*headers, ("Content-Type", "application/json")]
        elif isinstance(body, str):
            body = body.encode()
        sock = connect(self.port, timeout=timeout)
        try:
            # Sent from another thread, read here: a server that answers (413) and closes
            # before it read the whole body resets the sender, never the answer.
            send_in_background(sock, [request_bytes(method, path, host, headers, body)])
            return read_response(Reader(sock), time.monotonic() + timeout, method=method)
        finally:
            sock.close()

    def api(self, method, path, body=None, expect=None):
        """A JSON API call without Origin; checks the status if `expect` is given."""
        response = self.request(method, path, body)
        if expect is not None:
            assert response.status == expect, f"{method} {path}: {response!r}"
        return response.json() if response.body else None

    def healthy(self):
        response = self.request("GET", "/healthz", timeout=3)
        return response.status == 200

    # The data

    def everything(self):
        """Every list and todo, live or trashed (the export without its timestamp), to
        check that a refused request changed nothing."""
        export = self.api("GET", "/api/v1/export", expect=200)
        export.pop("exportedAt", None)
        trash = self.api("GET", "/api/v1/trash", expect=200)
        return {"export": export, "trash": trash}

    def all_todos(self):
        todos = []
        for todo_list in self.api("GET", "/api/v1/lists", expect=200):
            todos += self.api("GET", f"/api/v1/lists/{todo_list['id']}/todos", expect=200)
        return todos

    def titles(self):
        return [todo["title"] for todo in self.all_todos()]

    def new_list(self, name=None):
        return self.api("POST", "/api/v1/lists", {"name": name or f"list {uuid.uuid4()}"},
                        expect=201)

    def new_todo(self, list_id=INBOX, title=None):
        return self.api("POST", f"/api/v1/lists/{list_id}/todos",
                        {"title": title or f"todo {uuid.uuid4()}"}, expect=201)


def start_server(*args, name):
    """A started Server, or a pytest failure that says why it did not start."""
    import pytest

    server = Server(*args, name=name)
    try:
        server.start()
    except Exception as error:
        server.close()
        pytest.fail(f"could not start `todo serve {' '.join(map(str, args))}`: {error}",
                    pytrace=False)
    return server


# MARK: - Content-Security-Policy


def parse_csp(value):
    """{directive: [sources]} of a Content-Security-Policy value."""
    policy = {}
    for part in value.split(";"):
        tokens = part.split()
        if tokens:
            policy.setdefault(tokens[0].lower(), tokens[1:])
    return policy


# MARK: - WebSocket


WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Frame:
    def __init__(self, fin, opcode, payload):
        self.fin = fin
        self.opcode = opcode
        self.payload = payload

    @property
    def close_code(self):
        if self.opcode != 0x8 or len(self.payload) < 2:
            return None
        return int.from_bytes(self.payload[:2], "big")

    def __repr__(self):
        return f"<Frame fin={self.fin} op={self.opcode} {self.payload[:120]!r}>"


def encode_frame(opcode, payload, mask=True, fin=True, rsv=0):
    """One WebSocket frame; masked with a random key unless `mask` is False."""
    first = (0x80 if fin else 0) | (rsv << 4) | opcode
    length = len(payload)
    mask_bit = 0x80 if mask else 0
    if length < 126:
        head = bytes([first, mask_bit | length])
    elif length < 65536:
        head = bytes([first, mask_bit | 126]) + length.to_bytes(2, "big")
    else:
        head = bytes([first, mask_bit | 127]) + length.to_bytes(8, "big")
    if not mask:
        return head + payload
    key = os.urandom(4)
    # XOR with the repeated key, quickly, as one big integer
    repeated = (key * (length // 4 + 1))[:length]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(
        length, "big") if length else b""
    return head + key + masked


class WebSocket:
    """A hand-written WebSocket client over a raw socket."""

    def __init__(self, sock, reader, response):
        self.sock = sock
        self.reader = reader
        self.response = response

    @classmethod
    def handshake(cls, port, host, origin=None, path="/live", timeout=3.0, headers=()):
        """Sends the upgrade; returns (WebSocket or None, handshake Response). `headers`
        are extra request headers (e.g. a Cookie), sent after the upgrade's own."""
        return cls.handshake_on(connect(port, timeout=timeout), host, origin, path, timeout,
                                headers)

    @classmethod
    def handshake_on(cls, sock, host, origin=None, path="/live", timeout=3.0, headers=()):
        """`handshake` over a socket already connected (a TLS one, say); the socket is closed
        when the upgrade fails."""
        key = base64.b64encode(os.urandom(16)).decode()
        extra = list(headers)
        headers = [("Upgrade", "websocket"), ("Connection", "Upgrade"),
                   ("Sec-WebSocket-Key", key), ("Sec-WebSocket-Version", "13")]
        if origin is not None:
            headers.append(("Origin", origin))
        headers += extra
        sock.sendall(request_bytes("GET", path, host, headers))
        reader = Reader(sock)
        try:
            response = read_response(reader, time.monotonic() + timeout)
        except NoResponse:
            sock.close()
            raise
        if response.status != 101:
            sock.close()
            return None, response
        expected = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest()).decode()
        assert response.header("sec-websocket-accept") == expected, response
        return cls(sock, reader, response), response

    def send_frame(self, opcode, payload, mask=True, fin=True):
        self.sock.sendall(encode_frame(opcode, payload, mask=mask, fin=fin))

    def send_text(self, text, mask=True):
        self.send_frame(0x1, text.encode() if isinstance(text, str) else text, mask=mask)

    def send_json(self, message, mask=True):
        self.send_text(json.dumps(message), mask=mask)

    def read_frame(self, timeout=3.0):
        deadline = time.monotonic() + timeout
        head = self.reader.read_exactly(2, deadline)
        fin = bool(head[0] & 0x80)
        opcode = head[0] & 0x0F
        masked = bool(head[1] & 0x80)
        length = head[1] & 0x7F
        if length == 126:
            length = int.from_bytes(self.reader.read_exactly(2, deadline), "big")
        elif length == 127:
            length = int.from_bytes(self.reader.read_exactly(8, deadline), "big")
        key = self.reader.read_exactly(4, deadline) if masked else None
        payload = self.reader.read_exactly(length, deadline)
        if key:
            payload = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
        return Frame(fin, opcode, payload)

    def read_message(self, timeout=3.0):
        """The next data message (text as str), answering pings; a close frame is returned
        as the Frame itself."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self.read_frame(max(0.01, deadline - time.monotonic()))
            if frame.opcode == 0x9:
                self.send_frame(0xA, frame.payload)
                continue
            if frame.opcode == 0xA:
                continue
            if frame.opcode == 0x8:
                return frame
            payload, opcode = frame.payload, frame.opcode
            while not frame.fin:
                frame = self.read_frame(max(0.01, deadline - time.monotonic()))
                payload += frame.payload
            return payload.decode("utf-8") if opcode == 0x1 else payload

    def read_json(self, timeout=3.0):
        message = self.read_message(timeout)
        assert isinstance(message, str), f"expected a text message, got {message!r}"
        return json.loads(message)

    def read_until_close(self, timeout=3.0):
        """Reads frames until a close frame (returned) or the connection ends (None)."""
        deadline = time.monotonic() + timeout
        frames = []
        while True:
            try:
                frame = self.read_frame(max(0.01, deadline - time.monotonic()))
            except NoResponse as error:
                if self.reader.eof:
                    return None, frames
                raise AssertionError(f"no close frame within {timeout}s: {frames!r}") from error
            if frame.opcode == 0x8:
                return frame, frames
            frames.append(frame)

    def wait_closed(self, timeout=2.0):
        closed, _ = self.reader.wait_closed(time.monotonic() + timeout)
        return closed

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

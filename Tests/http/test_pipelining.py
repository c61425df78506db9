"""HTTP/1.1 pipelining (RFC 9112 section 9.3.2): requests sent back to back on one connection,
before any answer, are all answered, in order; after a request that asks to close the
connection, nothing more is answered and the connection closes."""

import time

from httpkit import Reader, connect, read_response, request_bytes, send_in_background


def exchange(server, requests, count, timeout=5.0):
    """Sends the requests in one write and reads `count` responses, then whether the server
    closed the connection (within a second) and what it sent after the responses."""
    sock = connect(server.port)
    try:
        send_in_background(sock, [b"".join(requests)])
        reader = Reader(sock)
        deadline = time.monotonic() + timeout
        methods = [request.split(b" ", 1)[0].decode() for request in requests]
        responses = [read_response(reader, deadline, method=methods[i]) for i in range(count)]
        closed, extra = reader.wait_closed(time.monotonic() + 1.0)
        return responses, closed, extra
    finally:
        sock.close()


def keep_alive(method, path, server, headers=(), body=None):
    return request_bytes(method, path, server.host,
                         headers=[("Connection", "keep-alive"), *headers], body=body)


def test_pipelined_requests_are_all_answered_in_order(server):
    titles = [f"pipelined {i}" for i in range(8)]
    inbox = "/api/v1/lists/00000000-0000-4000-8000-000000000001/todos"
    requests = []
    for title in titles:
        body = f'{{"title": "{title}"}}'.encode()
        requests.append(keep_alive("POST", inbox, server, body=body,
                                   headers=[("Content-Type", "application/json")]))
        requests.append(keep_alive("GET", "/healthz", server))
    requests.append(keep_alive("GET", inbox, server))
    responses, closed, _ = exchange(server, requests, len(requests))
    created = [response.json()["title"] for response in responses[:-1:2]]
    assert created == titles
    assert [response.status for response in responses[1:-1:2]] == [200] * len(titles)
    listed = [todo["title"] for todo in responses[-1].json()]
    assert [title for title in listed if title.startswith("pipelined ")][-8:] == titles
    assert not closed


def test_nothing_after_a_request_that_closes_the_connection_is_answered(server):
    requests = [
        keep_alive("GET", "/healthz", server),
        request_bytes("GET", "/api/v1/lists", server.host),  # Connection: close
        keep_alive("GET", "/healthz", server),
        b"NOT A REQUEST\r\n\r\n",
    ]
    responses, closed, extra = exchange(server, requests, 2)
    assert [response.status for response in responses] == [200, 200]
    assert responses[1].has_token("Connection", "close")
    assert closed, "the connection stayed open after the request that closed it"
    assert extra == b"", f"answered past the request that closed the connection: {extra[:200]!r}"


def test_http_1_0_without_keep_alive_closes_after_its_response(server):
    request = f"GET /healthz HTTP/1.0\r\nHost: {server.host}\r\n\r\n".encode()
    responses, closed, extra = exchange(server, [request, request], 1)
    assert responses[0].status == 200
    assert closed and extra == b""


def test_a_refused_body_is_read_while_it_comes_so_the_refusal_arrives(server):
    """A client (or a proxy) still sending a body the server refused (413) gets the answer,
    not a connection reset under it: the server stops answering and drops what comes for a
    moment before it closes."""
    body_size = 8 * 1024 * 1024
    head = (f"POST /api/v1/lists HTTP/1.1\r\nHost: {server.host}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {body_size}\r\n\r\n").encode()
    sock = connect(server.port, timeout=5.0)
    try:
        sock.sendall(head)
        sent = 0
        chunk = b" " * 65536
        # Send the whole body before reading: a server that closed at once resets the
        # connection and this send, or the read after it, fails.
        while sent < body_size:
            sock.sendall(chunk)
            sent += len(chunk)
        reader = Reader(sock)
        response = read_response(reader, time.monotonic() + 5.0, method="POST")
        assert response.status == 413
        closed, _ = reader.wait_closed(time.monotonic() + 5.0)
        assert closed
    finally:
        sock.close()

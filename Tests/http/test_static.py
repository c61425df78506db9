"""Static files: encoded NULs, slashes and dot segments never reach the file system or
change the content type, and the client's files have their proper types."""

import pytest


@pytest.mark.parametrize("path", ["/app.js%00.html", "/%00", "/..%2f..%2fetc/passwd",
                                  "/%2e%2e/Package.swift", "/a%2fb", "/%2e%2e%2fPackage.swift",
                                  "/..%2fPackage.swift", "/app.js%2f", "/%5c..%5cPackage.swift",
                                  "/index.html%00", "/%00/", "/%2e%2e/%2e%2e/etc/passwd"])
def test_encoded_tricks_are_400_or_404(server, path):
    """Encoded NUL, slash, backslash and dot-segment paths get 400 or 404: never a file's
    content, never text/html, never a redirect (no Location)."""
    response = server.request("GET", path)
    assert response.status in (400, 404), response
    assert response.content_type != "text/html", response
    assert response.header("location") is None, response.headers
    assert b"swift-tools-version" not in response.body and b"root:" not in response.body


def test_raw_dot_segments_do_not_escape(server):
    """A request line with raw ../ segments does not serve files outside Public."""
    for path in ("/../Package.swift", "/../../../../etc/passwd", "/./../Package.swift"):
        response = server.request("GET", path)
        assert b"swift-tools-version" not in response.body and b"root:" not in response.body
        assert response.status in (200, 301, 308, 400, 404), (path, response)
        if response.status == 200:  # normalised to a file inside Public, e.g. the page
            assert response.content_type in ("text/html", "text/javascript", "text/css")


@pytest.mark.parametrize("path,content_type", [
    ("/", "text/html"), ("/index.html", "text/html"), ("/app.js", "text/javascript"),
    ("/connection.js", "text/javascript"), ("/app.css", "text/css")])
def test_content_types(server, path, content_type):
    """/ is text/html, the scripts text/javascript, the style sheet text/css (a charset
    parameter is allowed)."""
    response = server.request("GET", path)
    assert response.status == 200, response
    assert response.content_type == content_type, response.header("content-type")

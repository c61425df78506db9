"""What malformed, oversized, cross-origin and misaddressed CalDAV requests get: a 4xx, and
nothing written."""

import pytest

from davkit import api_todos, calendar_path, ics, put_ics, xml_request

BIG = b"a" * 1_100_000  # over the 1 MB body limit


def test_malformed_bodies_are_4xx_and_write_nothing(server, todo_list):
    path = calendar_path(todo_list["id"])
    cases = [
        xml_request(server, "PROPFIND", path, "<propfind xmlns='DAV:'><prop>", depth=0),
        xml_request(server, "PROPFIND", path,
                    '<!DOCTYPE x [<!ENTITY a "b">]><propfind xmlns="DAV:"/>', depth=0),
        xml_request(server, "PROPFIND", path,
                    '<!DOCTYPE propfind SYSTEM "file:///etc/passwd"><propfind xmlns="DAV:"/>',
                    depth=0),
        xml_request(server, "REPORT", path, "<x xmlns='urn:y'/>"),
        xml_request(server, "REPORT", path,
                    "<sync-collection xmlns='DAV:'><sync-token>garbage</sync-token>"
                    "<prop><getetag/></prop></sync-collection>"),
        xml_request(server, "PROPPATCH", path, "<nonsense/>"),
        put_ics(server, path + "bad.ics", "not a calendar"),
        server.request("PUT", path + "plain.ics", ics("SUMMARY:x").encode(),
                       headers=[("Content-Type", "text/plain")]),
    ]
    assert [r.status for r in cases] == [400, 400, 400, 403, 403, 400, 400, 415]
    assert api_todos(server, todo_list["id"]) == []


@pytest.mark.parametrize("method", ["PUT", "PROPFIND", "REPORT", "PROPPATCH"])
def test_an_oversized_body_is_413(server, todo_list, method):
    response = server.request(method, calendar_path(todo_list["id"]) + "big.ics", BIG,
                              headers=[("Content-Type", "text/calendar")])
    assert response.status == 413
    assert api_todos(server, todo_list["id"]) == []


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PROPFIND", "PROPPATCH", "MKCALENDAR"])
def test_another_sites_page_is_refused(server, todo_list, method):
    path = calendar_path(todo_list["id"]) + ("x.ics" if method in ("PUT", "DELETE") else "")
    body = ics("SUMMARY:from another site").encode() if method == "PUT" else b""
    response = server.request(method, path, body, headers=[
        ("Origin", "https://evil.example"), ("Content-Type", "text/calendar")])
    assert response.status == 403
    assert api_todos(server, todo_list["id"]) == []


def test_another_host_name_is_421(server):
    response = server.request("PROPFIND", "/dav/", b"", host="evil.example")
    assert response.status == 421

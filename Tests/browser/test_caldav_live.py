"""CalDAV writes reach an open page without a reload: a VTODO PUT by a calendar client
appears in the live page, its edit and completion show, and its DELETE removes it."""

import urllib.error
import urllib.request
import uuid

from page import LivePage

INBOX = "00000000-0000-4000-8000-000000000001"


def dav(url, method, path, body=None, headers=None):
    """One raw CalDAV request; (status, headers)."""
    request = urllib.request.Request(url + path, data=body, method=method,
                                     headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            response.read()
            return response.status, response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers


def vtodo(uid, *lines):
    text = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo tests//browser//EN",
                        "BEGIN:VTODO", f"UID:{uid}", "DTSTAMP:20261101T080000Z", *lines,
                        "END:VTODO", "END:VCALENDAR"]) + "\r\n"
    return text.encode()


def test_a_caldav_put_appears_in_an_open_page(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Typed in the page", wait_for="Typed in the page")

    uid = str(uuid.uuid4())
    path = f"/dav/calendars/me/{INBOX}/{uid}.ics"
    calendar = {"Content-Type": "text/calendar; charset=utf-8"}
    status, headers = dav(url, "PUT", path, vtodo(uid, "SUMMARY:From a calendar app"),
                          {**calendar, "If-None-Match": "*"})
    assert status == 201
    page.wait(lambda: page.titles() == ["Typed in the page", "From a calendar app"],
              message="the CalDAV todo never appeared in the open page")
    assert page.counter() == "2 items left"

    # An edit and a completion over CalDAV show too, with no reload. (A PUT answers no ETag:
    # what is stored is not byte for byte what was sent; the client reads it.)
    status, headers = dav(url, "HEAD", path, None, {})
    assert status == 200 and headers["ETag"]
    status, headers = dav(url, "PUT", path,
                          vtodo(uid, "SUMMARY:Done in a calendar app", "STATUS:COMPLETED",
                                "COMPLETED:20261120T101500Z"),
                          {**calendar, "If-Match": headers["ETag"]})
    assert status == 204
    page.wait(lambda: "Done in a calendar app" in page.titles(),
              message="the CalDAV edit never reached the open page")
    page.wait(lambda: page.counter() == "1 item left", message="the completion never showed")

    # And a DELETE removes it.
    status, _ = dav(url, "DELETE", path)
    assert status == 204
    page.wait(lambda: page.titles() == ["Typed in the page"],
              message="the CalDAV delete never reached the open page")

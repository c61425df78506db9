"""Helpers of the CalDAV tests: python-caldav clients of a `todo serve` started by
Tests/http/httpkit.py (a Tests/support/todoserve.py server), the JSON API as the page sees it,
iCalendar text, and WebDAV documents sent and read as raw bytes (through httpkit's
`Server.request`)."""

import sys
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote, urlsplit

# The HTTP suite's server runner and account helpers, used as they are.
HTTP_TESTS = str(Path(__file__).resolve().parents[1] / "http")
if HTTP_TESTS not in sys.path:
    sys.path.append(HTTP_TESTS)

import httpkit  # noqa: E402

INBOX = httpkit.INBOX
start_server = httpkit.start_server

DAV = "DAV:"
CALDAV = "urn:ietf:params:xml:ns:caldav"
APPLE = "http://apple.com/ns/ical/"
CALENDAR_TYPE = "text/calendar; charset=utf-8"


# MARK: - Servers


def restart(server, between=None):
    """Stops `todo serve` (SIGTERM, bounded waits) and starts it again on the same database
    file; the port changes. `between` is called while the server is stopped."""
    server.stop(timeout=15)
    if between is not None:
        between()
    return server.start()


# MARK: - Clients


def dav_url(server, path="/dav/"):
    return f"http://127.0.0.1:{server.port}{path}"


def client_for(server, path="/dav/", username=None, password=None):
    import caldav

    return caldav.DAVClient(url=dav_url(server, path), username=username, password=password,
                            timeout=10)


def calendar_path(list_id, user="me"):
    return f"/dav/calendars/{user}/{str(list_id).lower()}/"


def find_calendar(principal, list_id):
    """The calendar of a list among those the principal's home lists (found by its URL)."""
    wanted = calendar_path(list_id, user=principal.url.path.rstrip("/").split("/")[-1])
    for calendar in principal.calendars():
        if calendar.url.path.lower() == wanted:
            return calendar
    raise AssertionError(f"no calendar {wanted} among "
                         f"{[str(c.url) for c in principal.calendars()]}")


# MARK: - The JSON API (what the page sees)


def api_todos(server, list_id):
    return server.api("GET", f"/api/v1/lists/{list_id}/todos", expect=200)


def api_todo_titled(server, list_id, title):
    matches = [todo for todo in api_todos(server, list_id) if todo["title"] == title]
    assert len(matches) == 1, f"{title!r} in {api_todos(server, list_id)!r}"
    return matches[0]


def same_id(a, b):
    return str(a).lower() == str(b).lower()


# MARK: - iCalendar and WebDAV documents


def ics(*todo_lines, extra_components=(), uid=None):
    """A VCALENDAR with one VTODO of these lines (UID and DTSTAMP added unless given), CRLF."""
    lines = list(todo_lines)
    if not any(line.startswith("UID:") for line in lines):
        lines.insert(0, f"UID:{uid or f'{uuid.uuid4()}@caldav-test'}")
    if not any(line.startswith("DTSTAMP") for line in lines):
        lines.insert(1, "DTSTAMP:20261101T080000Z")
    body = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo tests//caldav//EN",
            *extra_components, "BEGIN:VTODO", *lines, "END:VTODO", "END:VCALENDAR"]
    return "\r\n".join(body) + "\r\n"


def unfold(text):
    """The content lines of iCalendar text (folds joined, CRLF or LF)."""
    return text.replace("\r\n", "\n").replace("\n ", "").replace("\n\t", "").split("\n")


def vtodo_lines(text):
    """The lines inside the (first) VTODO, its nested components included."""
    lines = unfold(text)
    start = lines.index("BEGIN:VTODO")
    end = len(lines) - 1 - lines[::-1].index("END:VTODO")
    return lines[start + 1:end]


def put_ics(server, path, text, headers=()):
    return server.request("PUT", path, text.encode(),
                          headers=[("Content-Type", CALENDAR_TYPE), *headers])


def xml_request(server, method, path, body, depth=None, headers=()):
    extra = [("Content-Type", "application/xml; charset=utf-8")]
    if depth is not None:
        extra.append(("Depth", str(depth)))
    return server.request(method, path, body.encode() if isinstance(body, str) else body,
                          headers=[*extra, *headers])


class Multistatus:
    """A parsed DAV:multistatus: for each href (path, unquoted) its status line (a response
    without properties) or its properties as {"{ns}name": (status, element)}."""

    def __init__(self, body):
        self.root = ET.fromstring(body)
        assert self.root.tag == f"{{{DAV}}}multistatus", body[:500]
        self.responses = {}
        self.statuses = {}
        for response in self.root.findall(f"{{{DAV}}}response"):
            href = unquote(urlsplit(response.findtext(f"{{{DAV}}}href").strip()).path)
            status = response.findtext(f"{{{DAV}}}status")
            if status is not None:
                self.statuses[href] = status.strip()
            props = {}
            for propstat in response.findall(f"{{{DAV}}}propstat"):
                code = propstat.findtext(f"{{{DAV}}}status").strip()
                for prop in propstat.find(f"{{{DAV}}}prop"):
                    props[prop.tag] = (code, prop)
            self.responses[href] = props
        self.sync_token = (self.root.findtext(f"{{{DAV}}}sync-token") or "").strip() or None

    def hrefs(self):
        return list(self.responses)

    def prop(self, href, name):
        """The element of a property found (200) for href, or None."""
        status, element = self.responses.get(href, {}).get(name, (None, None))
        return element if status and " 200 " in f"{status} " else None

    def text(self, href, name):
        element = self.prop(href, name)
        return None if element is None else (element.text or "")


def multistatus(response):
    assert response.status == 207, response
    return Multistatus(response.body)


PROPFIND_ETAG = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>"""


def sync_report(token=None, data=False, limit=None):
    token_xml = f"<d:sync-token>{token}</d:sync-token>" if token else "<d:sync-token/>"
    data_xml = "<c:calendar-data/>" if data else ""
    limit_xml = f"<d:limit><d:nresults>{limit}</d:nresults></d:limit>" if limit else ""
    return f"""<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:" xmlns:c="{CALDAV}">
  {token_xml}<d:sync-level>1</d:sync-level>{limit_xml}
  <d:prop><d:getetag/>{data_xml}</d:prop>
</d:sync-collection>"""


def dav_error_conditions(response):
    """The precondition element names of a DAV:error body ({ns}local)."""
    root = ET.fromstring(response.body)
    assert root.tag == f"{{{DAV}}}error", response
    return [child.tag for child in root]

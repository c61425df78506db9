"""Todos over CalDAV with python-caldav (and raw requests where every byte counts): what a
client writes reaches the app (the JSON API, as the page sees it) and comes back unchanged;
edits, completion, preconditions, deletion to the trash, queries and multiget."""

import uuid
import xml.etree.ElementTree as ET
from datetime import date, datetime, timezone
from urllib.parse import unquote

import caldav
import pytest
from caldav.lib import error

from davkit import (CALDAV, DAV, api_todo_titled, api_todos, calendar_path, unfold,
                    dav_error_conditions, ics, multistatus, put_ics, same_id, vtodo_lines,
                    xml_request)

PARIS = [
    "BEGIN:VTIMEZONE", "TZID:Europe/Paris",
    "BEGIN:STANDARD", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "END:DAYLIGHT",
    "END:VTIMEZONE",
]


def get(server, path):
    response = server.request("GET", path)
    assert response.status == 200, response
    assert response.content_type == "text/calendar", response
    return response


def resource_path(calendar, name):
    return calendar.url.path + name


def path_of(obj):
    """An object's path, percent-decoding undone (python-caldav writes `@` as %40 in the
    URLs it PUTs to, the server's hrefs leave it as it is: the same resource)."""
    return unquote(obj.url.path)


def paths(objects):
    return {path_of(obj) for obj in objects}


# MARK: - Creating


def test_add_todo_reaches_the_app_with_its_fields(server, calendar, todo_list):
    todo = calendar.add_todo(
        summary="Buy stamps", description="Two books\nof ten", due=date(2026, 12, 3),
        priority=2, categories=["errands", "post office"])
    assert todo.url is not None

    found = api_todo_titled(server, todo_list["id"], "Buy stamps")
    assert found["notes"] == "Two books\nof ten"
    assert found["deadline"] == "2026-12-03"
    assert found["status"] == "notStarted"
    assert "doneAt" not in found
    # PRIORITY 2 is in RFC 5545's high group: P2. A category is one word as a tag.
    assert found["priority"] == 2
    assert found["tags"] == ["errands", "post-office"]

    # Unchanged in the app, the priority and categories come back as the client wrote them.
    lines = vtodo_lines(get(server, todo.url.path).body.decode())
    assert "PRIORITY:2" in lines
    assert "CATEGORIES:errands,post office" in lines
    assert "DUE;VALUE=DATE:20261203" in lines
    assert "SUMMARY:Buy stamps" in lines
    assert "DESCRIPTION:Two books\\nof ten" in lines


def test_due_with_tzid_utc_and_related_to_round_trip_exactly(server, calendar, todo_list):
    due = "DUE;TZID=Europe/Paris:20261124T090000"
    text = ics("SUMMARY:Call the notary", due, "RELATED-TO;RELTYPE=PARENT:parent-1@example.com",
               extra_components=PARIS)
    # Raw bytes: python-caldav would re-serialize the text (reordering RRULE parts).
    path = resource_path(calendar, "notary.ics")
    assert put_ics(server, path, text).status == 201
    found = api_todo_titled(server, todo_list["id"], "Call the notary")
    assert found["deadline"] == "2026-11-24T09:00"  # the wall-clock time, in its zone

    body = get(server, path).body.decode()
    lines = vtodo_lines(body)
    assert due in lines
    assert "RELATED-TO;RELTYPE=PARENT:parent-1@example.com" in lines
    # The zone the DUE refers to comes along, line for line.
    all_lines = body.replace("\r\n", "\n").split("\n")
    start = all_lines.index("BEGIN:VTIMEZONE")
    assert all_lines[start:start + len(PARIS)] == PARIS

    # UTC stays UTC.
    utc = calendar.add_todo(ics("SUMMARY:UTC deadline", "DUE:20261124T083000Z"))
    assert api_todo_titled(server, todo_list["id"], "UTC deadline")["deadline"] == \
        "2026-11-24T08:30"
    assert "DUE:20261124T083000Z" in vtodo_lines(get(server, utc.url.path).body.decode())

    # Floating stays floating.
    floating = resource_path(calendar, "floating.ics")
    assert put_ics(server, floating, ics("SUMMARY:Floating deadline",
                                         "DUE:20261124T090000")).status == 201
    assert api_todo_titled(server, todo_list["id"], "Floating deadline")["deadline"] == \
        "2026-11-24T09:00"
    assert "DUE:20261124T090000" in vtodo_lines(get(server, floating).body.decode())

    # An edit in the app that leaves the deadline alone keeps the line as written.
    server.api("PATCH", f"/api/v1/todos/{found['id']}", {"title": "Call the notary today"},
               expect=200)
    assert due in vtodo_lines(get(server, path).body.decode())
    # python-caldav reads the deadline in its zone.
    loaded = calendar.todo_by_uid(caldav_uid(server, path))
    assert str(loaded.icalendar_component["DUE"].dt.tzinfo) == "Europe/Paris"
    assert loaded.icalendar_component["DUE"].dt.replace(tzinfo=None) == datetime(2026, 11, 24, 9)


def test_in_progress_and_done_statuses(server, calendar, todo_list):
    calendar.add_todo(ics("SUMMARY:Halfway", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:40"))
    halfway = api_todo_titled(server, todo_list["id"], "Halfway")
    assert halfway["status"] == "inProgress"

    done = calendar.add_todo(ics("SUMMARY:Finished", "STATUS:COMPLETED",
                                 "COMPLETED:20261120T101500Z", "PERCENT-COMPLETE:100"))
    finished = api_todo_titled(server, todo_list["id"], "Finished")
    assert finished["status"] == "done"
    assert finished["doneAt"] == "2026-11-20T10:15:00Z"
    lines = vtodo_lines(get(server, done.url.path).body.decode())
    assert "STATUS:COMPLETED" in lines
    assert "COMPLETED:20261120T101500Z" in lines
    assert "PERCENT-COMPLETE:100" in lines

    # A percentage without a status is progress too.
    calendar.add_todo(ics("SUMMARY:Started", "PERCENT-COMPLETE:10"))
    assert api_todo_titled(server, todo_list["id"], "Started")["status"] == "inProgress"


def test_percent_complete_of_an_open_todo_comes_back(server, calendar):
    """Tasks.org and jtx Board show a progress bar from PERCENT-COMPLETE: a todo stored with
    40 % must not come back at 0 % (the server drops it for todos that are not done)."""
    todo = calendar.add_todo(ics("SUMMARY:Progress", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:40"))
    lines = vtodo_lines(get(server, todo.url.path).body.decode())
    assert "STATUS:IN-PROCESS" in lines
    assert "PERCENT-COMPLETE:40" in lines, lines


def test_cancelled_comes_back_cancelled(server, calendar, todo_list):
    """Thunderbird and jtx Board cancel tasks (STATUS:CANCELLED). The app files a cancelled
    todo as done, but a client must not read back a completion it never wrote."""
    path = resource_path(calendar, "cancelled.ics")
    assert put_ics(server, path, ics("SUMMARY:Called off", "STATUS:CANCELLED")).status == 201
    assert api_todo_titled(server, todo_list["id"], "Called off")["status"] == "done"
    lines = vtodo_lines(get(server, path).body.decode())
    assert "STATUS:CANCELLED" in lines, lines
    assert not any(line.startswith("COMPLETED") for line in lines), lines


# MARK: - Changing


def test_edit_and_complete_through_caldav(server, calendar, todo_list):
    todo = calendar.save_todo(summary="Draft", description="first")  # add_todo's old name
    first = api_todo_titled(server, todo_list["id"], "Draft")

    with todo.edit_icalendar_component() as component:
        component["SUMMARY"] = "Final"
        component["DESCRIPTION"] = "second"
    todo.save()
    edited = api_todo_titled(server, todo_list["id"], "Final")
    assert edited["id"] == first["id"]  # the same todo, changed in place
    assert edited["notes"] == "second"
    assert edited["version"] > first["version"]

    todo.complete(completion_timestamp=datetime(2026, 11, 21, 7, 45, tzinfo=timezone.utc))
    completed = api_todo_titled(server, todo_list["id"], "Final")
    assert completed["status"] == "done"
    assert completed["doneAt"] == "2026-11-21T07:45:00Z"

    todo.uncomplete()
    reopened = api_todo_titled(server, todo_list["id"], "Final")
    assert reopened["status"] == "notStarted"
    assert "doneAt" not in reopened


def test_a_todo_made_in_the_app_is_edited_in_place(server, calendar, todo_list):
    made = server.new_todo(todo_list["id"], "Made in the app")
    [todo] = calendar.todos()
    assert path_of(todo) == unquote(calendar.url.path) + f"{made['id'].lower()}.ics"
    assert str(todo.icalendar_component["UID"]).lower() == made["id"].lower()
    with todo.edit_icalendar_component() as component:
        component["SUMMARY"] = "Edited in a calendar app"
        component["PRIORITY"] = 5
    todo.save()
    edited = api_todo_titled(server, todo_list["id"], "Edited in a calendar app")
    assert same_id(edited["id"], made["id"])
    [again] = calendar.todos()
    assert path_of(again) == path_of(todo)  # same resource name after the edit
    assert "PRIORITY:5" in vtodo_lines(get(server, todo.url.path).body.decode())


def test_a_uid_twice_in_one_calendar_is_refused(server, calendar, todo_list):
    uid = f"{uuid.uuid4()}@caldav-test"
    first = resource_path(calendar, "first.ics")
    assert put_ics(server, first, ics("SUMMARY:Original", f"UID:{uid}")).status == 201
    second = put_ics(server, resource_path(calendar, "second.ics"),
                     ics("SUMMARY:Copy", f"UID:{uid}"))
    assert second.status == 403, second
    root = ET.fromstring(second.body)
    conflict = root.find(f"{{{CALDAV}}}no-uid-conflict")
    assert conflict is not None, second
    assert unquote(conflict.findtext(f"{{{DAV}}}href")) == first
    assert [t["title"] for t in api_todos(server, todo_list["id"])] == ["Original"]


def test_the_calendar_ctag_and_sync_token_move_with_a_change(server, calendar, todo_list):
    todo = server.new_todo(todo_list["id"], "Watched")
    body = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/>
<d:sync-token/></d:prop></d:propfind>"""
    path = calendar_path(todo_list["id"])

    def tags():
        found = multistatus(xml_request(server, "PROPFIND", path, body, depth=0))
        return (found.text(path, "{http://calendarserver.org/ns/}getctag"),
                found.text(path, f"{{{DAV}}}sync-token"))

    before = tags()
    assert all(before) and tags() == before
    server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"title": "Watched and changed"},
               expect=200)
    after = tags()
    assert after[0] != before[0] and after[1] != before[1]


def test_etag_is_the_version_and_a_stale_one_is_refused(server, calendar, todo_list):
    path = resource_path(calendar, "stale.ics")
    uid = f"{uuid.uuid4()}@caldav-test"
    created = put_ics(server, path, ics("SUMMARY:Stale test", uid=uid),
                      [("If-None-Match", "*")])
    assert created.status == 201, created
    # What is stored is not byte for byte what was sent: no ETag on the PUT (RFC 4791 5.3.4),
    # the client reads it back.
    assert created.header("etag") is None
    etag = server.request("GET", path).header("etag")
    todo = api_todo_titled(server, todo_list["id"], "Stale test")
    assert etag == f'"{todo["version"]}"'

    # The page changes the todo: the client's ETag is stale now.
    changed = server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"title": "Changed in page"},
                         expect=200)
    refused = put_ics(server, path, ics("SUMMARY:Client edit", uid=uid), [("If-Match", etag)])
    assert refused.status == 412, refused
    assert api_todo_titled(server, todo_list["id"], "Changed in page")["version"] == \
        changed["version"]
    refused = server.request("DELETE", path, headers=[("If-Match", etag)])
    assert refused.status == 412, refused
    assert server.request("GET", path).status == 200

    # With the current ETag the same writes go through.
    current = server.request("GET", path).header("etag")
    assert current == f'"{changed["version"]}"'
    accepted = put_ics(server, path, ics("SUMMARY:Client edit", uid=uid), [("If-Match", current)])
    assert accepted.status == 204, accepted
    assert server.request("GET", path).header("etag") != current
    assert api_todo_titled(server, todo_list["id"], "Client edit")

    # python-caldav sends the ETag it read and reports the 412 as a mismatch.
    stale = calendar.todo_by_uid(caldav_uid(server, path))
    server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"notes": "page again"}, expect=200)
    with stale.edit_icalendar_component() as component:
        component["SUMMARY"] = "Lost update"
    with pytest.raises(error.ETagMismatchError):
        stale.save()
    assert api_todo_titled(server, todo_list["id"], "Client edit")["notes"] == "page again"


def caldav_uid(server, path):
    for line in vtodo_lines(server.request("GET", path).body.decode()):
        if line.startswith("UID:"):
            return line[4:]
    raise AssertionError(f"no UID at {path}")


def test_overwriting_with_another_uid_is_refused(server, calendar, todo_list):
    """RFC 4791 5.3.2.1 (CALDAV:no-uid-conflict): a PUT must not overwrite a calendar object
    resource with one whose UID differs; sync clients key their copies by UID."""
    path = resource_path(calendar, "keeps-its-uid.ics")
    assert put_ics(server, path, ics("SUMMARY:Original UID")).status == 201
    before = caldav_uid(server, path)
    response = put_ics(server, path, ics("SUMMARY:Another UID"))
    assert response.status == 403, response
    assert f"{{{CALDAV}}}no-uid-conflict" in [child.tag for child in ET.fromstring(response.body)]
    assert caldav_uid(server, path) == before
    assert [t["title"] for t in api_todos(server, todo_list["id"])] == ["Original UID"]


def test_if_none_match_star_on_an_existing_name_is_refused(server, calendar, todo_list):
    path = resource_path(calendar, "only-once.ics")
    assert put_ics(server, path, ics("SUMMARY:First"), [("If-None-Match", "*")]).status == 201
    again = put_ics(server, path, ics("SUMMARY:Second"), [("If-None-Match", "*")])
    assert again.status == 412, again
    assert [t["title"] for t in api_todos(server, todo_list["id"])] == ["First"]
    # python-caldav's no_overwrite: a second save of the same object under its own name.
    uid = f"{uuid.uuid4()}@caldav-test"
    calendar.add_todo(ics("SUMMARY:Saved once", uid=uid))
    with pytest.raises(error.ConsistencyError):
        calendar.add_todo(ics("SUMMARY:Saved twice", uid=uid), no_overwrite=True)
    assert sorted(t["title"] for t in api_todos(server, todo_list["id"])) == [
        "First", "Saved once"]


def test_delete_moves_the_todo_to_the_trash(server, calendar, todo_list):
    todo = calendar.add_todo(summary="Throw away")
    keep = calendar.add_todo(summary="Keep")
    found = api_todo_titled(server, todo_list["id"], "Throw away")

    todo.delete()
    assert server.request("GET", todo.url.path).status == 404
    assert paths(calendar.todos()) == paths([keep])
    assert [t["title"] for t in api_todos(server, todo_list["id"])] == ["Keep"]
    trashed = [t for t in server.api("GET", "/api/v1/trash", expect=200)["todos"]
               if same_id(t["id"], found["id"])]
    assert len(trashed) == 1 and trashed[0]["title"] == "Throw away"
    assert server.request("DELETE", todo.url.path).status == 404


# MARK: - What the app does not model


KEPT = [
    'X-FOO;X-PARAM="a;b";OTHER=1:some value',
    "X-EMPTY-PARAMS;X-A=;X-B=x:value:with:colons",
    "PRIORITY:1",
    "CATEGORIES:home,errands",
    "RELATED-TO;RELTYPE=PARENT:parent-uid@example.com",
    "GEO:48.85299;2.36885",
    "URL:https://example.com/a?b=c&d=e",
    "X-LONG:" + "0123456789" * 12,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "DESCRIPTION:Reminder",
    "TRIGGER;RELATED=END:-PT15M",
    "X-WR-ALARMUID:alarm-1",
    "END:VALARM",
]


def test_unknown_properties_round_trip_line_for_line(server, calendar, todo_list):
    path = resource_path(calendar, "kept.ics")
    sent = ics("SUMMARY:Kept things", *KEPT)
    assert put_ics(server, path, sent).status == 201

    def kept_lines():
        lines = vtodo_lines(get(server, path).body.decode())
        return [line for line in lines if line in KEPT or line.startswith(("X-", "BEGIN:VALARM"))]

    assert kept_lines() == KEPT
    # Long lines are folded on the way out, and unfold to the bytes sent.
    raw = get(server, path).body
    assert all(len(line) <= 75 for line in raw.split(b"\r\n")), raw

    # A change in the page keeps them.
    todo = api_todo_titled(server, todo_list["id"], "Kept things")
    server.api("PATCH", f"/api/v1/todos/{todo['id']}",
               {"title": "Kept after an edit", "status": "inProgress"}, expect=200)
    assert kept_lines() == KEPT
    assert "SUMMARY:Kept after an edit" in vtodo_lines(get(server, path).body.decode())

    # And python-caldav reads them as the same values.
    loaded = calendar.todo_by_uid(caldav_uid(server, path))
    component = loaded.icalendar_component
    assert str(component["X-FOO"]) == "some value"
    assert component["X-FOO"].params["X-PARAM"] == "a;b"
    assert len(component.subcomponents) == 1 and component.subcomponents[0].name == "VALARM"


# MARK: - Reports


def test_todos_lists_open_ones_and_include_completed_lists_all(server, calendar):
    open_one = calendar.add_todo(summary="Open")
    busy = calendar.add_todo(ics("SUMMARY:Busy", "STATUS:IN-PROCESS"))
    closed = calendar.add_todo(ics("SUMMARY:Closed", "STATUS:COMPLETED",
                                   "COMPLETED:20261120T101500Z"))
    assert paths(calendar.todos()) == paths([open_one, busy])
    assert paths(calendar.todos(include_completed=True)) == paths([open_one, busy, closed])

    # The server itself filters (not the library): the raw calendar-query of open todos.
    query = f"""<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="{CALDAV}">
  <d:prop><d:getetag/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
    <c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>
    <c:prop-filter name="STATUS"><c:text-match negate-condition="yes">CANCELLED</c:text-match>
    </c:prop-filter>
  </c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>"""
    found = multistatus(xml_request(server, "REPORT", calendar.url.path, query, depth=1))
    assert set(found.hrefs()) == paths([open_one, busy])
    assert all(found.text(href, f"{{{DAV}}}getetag") for href in found.hrefs())

    # text-match on the summary, and a time-range on DUE. (A VTODO without DUE or DTSTART
    # matches a range that ends after its CREATED, RFC 4791 9.9: the range is in the past.)
    december = calendar.add_todo(ics("SUMMARY:Due in December", "DUE;VALUE=DATE:20001215"))
    query = f"""<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="{CALDAV}">
  <d:prop><d:getetag/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
    <c:time-range start="20001201T000000Z" end="20010101T000000Z"/>
  </c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>"""
    in_december = multistatus(xml_request(server, "REPORT", calendar.url.path, query, depth=1))
    assert in_december.hrefs() == [path_of(december)]
    query = query.replace(
        '<c:time-range start="20001201T000000Z" end="20010101T000000Z"/>',
        '<c:prop-filter name="SUMMARY"><c:text-match>BUSY</c:text-match></c:prop-filter>')
    by_text = multistatus(xml_request(server, "REPORT", calendar.url.path, query, depth=1))
    assert by_text.hrefs() == [path_of(busy)]


def query_todos(server, calendar, condition):
    """The hrefs a raw calendar-query of VTODOs with `condition` inside the VTODO
    comp-filter finds, or the response when it is refused."""
    body = f"""<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="{CALDAV}">
  <d:prop><d:getetag/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
    {condition}
  </c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>"""
    response = xml_request(server, "REPORT", calendar.url.path, body, depth=1)
    if response.status != 207:
        return response
    return set(multistatus(response).hrefs())


def test_query_filters_as_rfc_4791_works_them_out(server, calendar):
    """Each expected set is worked out by hand from RFC 4791 9.7 and 9.9 (VTODO table) and
    RFC 4790's collations; CREATED is now, so a VTODO without DTSTART, DUE or COMPLETED
    overlaps every range that ends after now."""
    lasting = calendar.add_todo(ics("SUMMARY:Two hours", "DTSTART:20270118T120000Z",
                                    "DURATION:PT2H", "DESCRIPTION:notes"))
    french = calendar.add_todo(ics("SUMMARY:\u00c7a va\\, Milk", "CATEGORIES:Errands,Shop",
                                   "DESCRIPTION:notes"))
    bare = calendar.add_todo(ics("SUMMARY:Bare"))
    every = paths([lasting, french, bare])

    def time_range(start, end):
        return f'<c:time-range start="{start}" end="{end}"/>'

    # DTSTART + DURATION: (start <= DTSTART+DURATION) and (end > DTSTART or end >= it).
    assert query_todos(server, calendar, time_range("20270118T130000Z", "20270118T150000Z")) \
        == every
    assert query_todos(server, calendar, time_range("20270118T110000Z", "20270118T130000Z")) \
        == every
    assert query_todos(server, calendar, time_range("20270118T143000Z", "20270118T160000Z")) \
        == paths([french, bare])
    # Only a start, or only an end (the other side unbounded).
    assert query_todos(server, calendar, '<c:time-range start="20270118T150000Z"/>') == paths(
        [french, bare])
    assert query_todos(server, calendar, '<c:time-range end="20260101T000000Z"/>') == set()

    def text(name, value, attributes=""):
        return (f'<c:prop-filter name="{name}">'
                f'<c:text-match{attributes}>{value}</c:text-match></c:prop-filter>')

    # i;ascii-casemap (the default) folds ASCII letters only; i;octet folds nothing.
    assert query_todos(server, calendar, text("SUMMARY", "MILK")) == paths([french])
    assert query_todos(server, calendar, text("SUMMARY", "\u00e7A VA")) == set()
    assert query_todos(server, calendar, text("SUMMARY", "\u00c7A VA")) == paths([french])
    octet = ' collation="i;octet"'
    assert query_todos(server, calendar, text("SUMMARY", "milk", octet)) == set()
    assert query_todos(server, calendar, text("SUMMARY", "Milk", octet)) == paths([french])
    assert query_todos(server, calendar, text("SUMMARY", "Milk", octet +
                                              ' negate-condition="yes"')) == paths(
        [lasting, bare])
    # CATEGORIES, and a property that is not there.
    assert query_todos(server, calendar, text("CATEGORIES", "shop")) == paths([french])
    assert query_todos(server, calendar,
                       '<c:prop-filter name="DESCRIPTION"><c:is-not-defined/></c:prop-filter>'
                       ) == paths([bare])

    # A collation the server does not have is refused, never matched some other way; a
    # time-range needs a bound.
    refused = query_todos(server, calendar,
                          text("SUMMARY", "milk", ' collation="i;unicode-casemap"'))
    assert refused.status == 403
    assert f"{{{CALDAV}}}supported-collation" in dav_error_conditions(refused)
    refused = query_todos(server, calendar, "<c:time-range/>")
    assert refused.status == 403
    assert f"{{{CALDAV}}}valid-filter" in dav_error_conditions(refused)


def test_multiget_returns_data_and_404_for_a_missing_href(server, calendar):
    first = calendar.add_todo(summary="First of two")
    second = calendar.add_todo(summary="Second of two")
    loaded = calendar.multiget([first.url, second.url])
    summaries = sorted(str(t.icalendar_component["SUMMARY"]) for t in loaded)
    assert summaries == ["First of two", "Second of two"]

    missing = calendar.url.path + "not-there.ics"
    body = f"""<?xml version="1.0" encoding="utf-8"?>
<c:calendar-multiget xmlns:d="DAV:" xmlns:c="{CALDAV}">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <d:href>{first.url.path}</d:href><d:href>{missing}</d:href><d:href>{second.url.path}</d:href>
</c:calendar-multiget>"""
    found = multistatus(xml_request(server, "REPORT", calendar.url.path, body, depth=1))
    assert found.statuses.get(missing, "").startswith("HTTP/1.1 404"), found.statuses
    for todo, title in ((first, "First of two"), (second, "Second of two")):
        data = found.text(path_of(todo), f"{{{CALDAV}}}calendar-data")
        assert f"SUMMARY:{title}" in vtodo_lines(data)
        assert found.text(path_of(todo), f"{{{DAV}}}getetag") == \
            server.request("GET", todo.url.path).header("etag")
    with pytest.raises(error.NotFoundError):
        calendar.multiget([first.url, caldav.lib.url.URL.objectify(
            f"http://127.0.0.1:{server.port}{missing}")], raise_notfound=True)


def test_inbox_is_a_calendar_too(server, client):
    from davkit import INBOX, find_calendar

    inbox = find_calendar(client.principal(), INBOX)
    todo = inbox.add_todo(summary="Inbox todo over CalDAV")
    assert todo.url.path.startswith(calendar_path(INBOX))
    assert api_todo_titled(server, INBOX, "Inbox todo over CalDAV")
    todo.delete()


def partial(server, calendar, data="<c:calendar-data/>", time_range=None):
    """The calendar-data of every todo a calendar-query returns, with `data` the inside of
    its `calendar-data` element (and the todos' `time_range`, a (start, end) pair, if any), by
    href; or the response when it is refused."""
    range_xml = f'<c:time-range start="{time_range[0]}" end="{time_range[1]}"/>' if time_range else ""
    body = f"""<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="{CALDAV}">
  <d:prop><d:getetag/>{data}</d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">{range_xml}
  </c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>"""
    response = xml_request(server, "REPORT", calendar.url.path, body, depth=1)
    if response.status != 207:
        return response
    found = multistatus(response)
    return {href: unfold(found.text(href, f"{{{CALDAV}}}calendar-data")) for href in found.hrefs()}


def test_calendar_data_returns_only_the_components_and_properties_asked_for(server, calendar):
    """RFC 4791 9.6.1: a comp tree keeps the components and properties it names, allprop and
    allcomp keep everything at their level, novalue keeps a property without its value."""
    todo = calendar.add_todo(ics("SUMMARY:Partial", "DESCRIPTION:Long notes", "PRIORITY:1",
                                 "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M",
                                 "DESCRIPTION:Soon", "END:VALARM"))
    href = path_of(todo)
    whole = partial(server, calendar, "<c:calendar-data/>")[href]
    assert "DESCRIPTION:Long notes" in whole and "BEGIN:VALARM" in whole

    lines = partial(server, calendar, """<c:calendar-data><c:comp name="VCALENDAR">
        <c:prop name="VERSION"/>
        <c:comp name="VTODO"><c:prop name="UID"/><c:prop name="SUMMARY"/>
          <c:prop name="description" novalue="yes"/></c:comp>
      </c:comp></c:calendar-data>""")[href]
    body = [line for line in lines if line]
    assert body[:3] == ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO"], body
    todo_lines = body[3:body.index("END:VTODO")]
    assert sorted(line.split(":")[0] for line in todo_lines) == ["DESCRIPTION", "SUMMARY", "UID"]
    assert "DESCRIPTION:" in todo_lines and "SUMMARY:Partial" in todo_lines
    assert "BEGIN:VALARM" not in body and not any(line.startswith("PRODID") for line in body)

    lines = partial(server, calendar, """<c:calendar-data><c:comp name="VCALENDAR">
        <c:allprop/><c:comp name="VTODO"><c:prop name="UID"/><c:allcomp/></c:comp>
      </c:comp></c:calendar-data>""")[href]
    assert any(line.startswith("PRODID:") for line in lines)
    assert "BEGIN:VALARM" in lines and "TRIGGER:-PT10M" in lines
    assert not any(line.startswith("SUMMARY") for line in lines)

    # A media type the server does not serve, and a top component that is not VCALENDAR.
    refused = partial(server, calendar, '<c:calendar-data content-type="application/calendar+json"/>')
    assert refused.status == 403
    assert f"{{{CALDAV}}}supported-calendar-data" in dav_error_conditions(refused)
    refused = partial(server, calendar, '<c:calendar-data><c:comp name="VTODO"/></c:calendar-data>')
    assert refused.status == 403
    assert f"{{{CALDAV}}}valid-calendar-data" in dav_error_conditions(refused)


def test_free_busy_query_answers_a_free_range(server, calendar):
    """RFC 4791 7.10: a calendar answers free-busy-query with a VFREEBUSY of the range; only
    events and VFREEBUSY components make time busy, so a list of tasks is free throughout."""
    calendar.add_todo(ics("SUMMARY:Busy task", "DUE:20301112T170000Z"))
    answer = calendar.freebusy_request(datetime(2030, 11, 10, tzinfo=timezone.utc),
                                       datetime(2030, 11, 20, tzinfo=timezone.utc))
    lines = unfold(answer.data)
    assert "BEGIN:VFREEBUSY" in lines and "DTSTART:20301110T000000Z" in lines
    assert "DTEND:20301120T000000Z" in lines
    assert not any(line.startswith("FREEBUSY") for line in lines)
    # Without a UTC start before a UTC end: a bad request.
    body = f"""<?xml version="1.0" encoding="utf-8"?>
<c:free-busy-query xmlns:c="{CALDAV}"><c:time-range start="20301120T000000Z"/></c:free-busy-query>"""
    assert xml_request(server, "REPORT", calendar.url.path, body, depth=1).status == 400

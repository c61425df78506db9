"""VALARMs are reminders, both ways: an alarm a client writes rings in the app (the JSON
API's reminders, as the page and `todo tui` see them), a reminder set in the app reaches the
client's next sync as a VALARM it fires itself, and a removal on either side removes it on
the other. The client's own alarm comes back line for line."""

from davkit import (api_todo_titled, ics, multistatus, put_ics, sync_report, vtodo_lines,
                    xml_request)


def reminders(server, todo_id):
    return server.api("GET", f"/api/v1/todos/{todo_id}/reminders", expect=200)


def valarms(lines):
    """The VALARM blocks of a VTODO's lines, each as its lines."""
    blocks, current = [], None
    for line in lines:
        if line == "BEGIN:VALARM":
            current = []
        elif line == "END:VALARM":
            blocks.append(current)
            current = None
        elif current is not None:
            current.append(line)
    return blocks


CLIENT_ALARM = ["ACTION:DISPLAY", "DESCRIPTION:Soon", "TRIGGER;RELATED=END:-PT15M",
                "X-WR-ALARMUID:client-alarm-1"]


def test_valarms_are_reminders_both_ways(server, calendar, todo_list):
    path = calendar.url.path + "alarmed.ics"
    text = ics("SUMMARY:Dentist", "DUE:20261203T100000Z",
               extra_components=[])
    text = text.replace("END:VTODO", "BEGIN:VALARM\r\n" + "\r\n".join(CLIENT_ALARM)
                        + "\r\nEND:VALARM\r\nEND:VTODO")
    assert put_ics(server, path, text).status == 201
    todo = api_todo_titled(server, todo_list["id"], "Dentist")

    # The client's alarm is a reminder here.
    [mine] = reminders(server, todo["id"])
    assert mine["label"] == "15 minutes before"
    assert mine["offset"] == -900

    token = multistatus(xml_request(server, "REPORT", calendar.url.path, sync_report(),
                                    depth=1)).sync_token
    etag = server.request("GET", path).header("etag")

    # One set in the app reaches the client's next sync as a VALARM named after it.
    added = server.api("POST", f"/api/v1/todos/{todo['id']}/reminders",
                       {"text": "1 day before"}, expect=201)
    changed = multistatus(xml_request(server, "REPORT", calendar.url.path,
                                      sync_report(token), depth=1))
    assert path in changed.hrefs(), "a reminder set in the app is a change for the client"
    response = server.request("GET", path)
    assert response.header("etag") != etag
    blocks = valarms(vtodo_lines(response.body.decode()))
    assert blocks[0] == CLIENT_ALARM, "the client's alarm comes back line for line"
    assert f"UID:{added['id']}" in blocks[1]
    assert "TRIGGER;RELATED=END:-P1D" in blocks[1]
    assert "DESCRIPTION:Dentist" in blocks[1]

    # python-caldav reads both as alarms of the todo.
    loaded = calendar.todo_by_uid(vtodo_uid(response.body.decode()))
    assert len(loaded.icalendar_component.subcomponents) == 2

    # The client drops its own alarm and keeps the app's: only the app's is left.
    body = response.body.decode()
    start = body.index("BEGIN:VALARM")
    end = body.index("END:VALARM") + len("END:VALARM\r\n")
    assert put_ics(server, path, body[:start] + body[end:]).status == 204
    assert [r["id"] for r in reminders(server, todo["id"])] == [added["id"]]

    # Removed in the app, it leaves the client's copy at the next fetch.
    server.api("DELETE", f"/api/v1/reminders/{added['id']}", expect=204)
    assert valarms(vtodo_lines(server.request("GET", path).body.decode())) == []


def test_an_alarm_that_rang_on_the_client_does_not_ring_again(server, calendar, todo_list):
    path = calendar.url.path + "past.ics"
    text = ics("SUMMARY:Past alarm").replace(
        "END:VTODO",
        "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\n"
        "TRIGGER;VALUE=DATE-TIME:20200101T090000Z\r\nEND:VALARM\r\nEND:VTODO")
    assert put_ics(server, path, text).status == 201
    todo = api_todo_titled(server, todo_list["id"], "Past alarm")
    [reminder] = reminders(server, todo["id"])
    assert "fireAt" not in reminder
    assert server.api("GET", "/api/v1/reminders/ringing", expect=200) == []


def test_an_alarm_counts_from_the_due_moment_the_client_gave(server, calendar, todo_list):
    """A DUE in a zone of its own is the same instant here: the reminder rings with the
    client's alarm, whatever the server's zone (the tests' is UTC)."""
    from test_caldav_todos import PARIS
    path = calendar.url.path + "paris.ics"
    text = ics("SUMMARY:Paris call", "DUE;TZID=Europe/Paris:20301124T090000",
               extra_components=PARIS).replace(
        "END:VTODO",
        "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\n"
        "TRIGGER;RELATED=END:-PT15M\r\nEND:VALARM\r\nEND:VTODO")
    assert put_ics(server, path, text).status == 201
    todo = api_todo_titled(server, todo_list["id"], "Paris call")
    [reminder] = reminders(server, todo["id"])
    assert reminder["fireAt"] == "2030-11-24T07:45:00Z"


def vtodo_uid(text):
    return next(line[4:] for line in vtodo_lines(text) if line.startswith("UID:"))

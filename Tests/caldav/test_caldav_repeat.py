"""Repeating todos over CalDAV: a client's RRULE is the todo's own rule (the JSON API and the
page see it), completing moves the todo on in place wherever it is done (the page, or a
client that leaves repeating to the server), EXDATE thins the series, and overridden
occurrences (RECURRENCE-ID) are kept, never refused."""

from davkit import api_todo_titled, ics, put_ics, vtodo_lines

from test_caldav_todos import PARIS, get, resource_path


def put(server, calendar, name, *lines, extra_components=(), after_vtodo=()):
    text = ics(*lines, extra_components=extra_components)
    if after_vtodo:
        text = text.replace("END:VCALENDAR\r\n", "\r\n".join(after_vtodo) + "\r\nEND:VCALENDAR\r\n")
    path = resource_path(calendar, name)
    response = put_ics(server, path, text)
    assert response.status in (201, 204), response
    return path


def lines_of(server, path):
    return vtodo_lines(get(server, path).body.decode())


def test_a_clients_rule_is_the_todos_repeat_and_comes_back(server, calendar, todo_list):
    path = put(server, calendar, "weekly.ics", "UID:weekly@test", "SUMMARY:Weekly review",
               "DUE;TZID=Europe/Paris:20301126T090000", "RRULE:FREQ=WEEKLY;BYDAY=TU",
               extra_components=PARIS)
    todo = api_todo_titled(server, todo_list["id"], "Weekly review")
    assert todo["repeatRule"] == "FREQ=WEEKLY;BYDAY=TU"
    assert todo["repeatMode"] == "schedule"
    assert lines_of(server, path).count("RRULE:FREQ=WEEKLY;BYDAY=TU") == 1

    # A rule set through the API reaches the client, after-completion mode included.
    server.api("PATCH", f"/api/v1/todos/{todo['id']}",
               {"repeatRule": "FREQ=DAILY;INTERVAL=3", "repeatMode": "after-completion"},
               expect=200)
    lines = lines_of(server, path)
    assert [line for line in lines if line.startswith("RRULE")] == ["RRULE:FREQ=DAILY;INTERVAL=3"]
    assert "X-TODO-REPEAT-FROM:COMPLETION" in lines


def test_completing_in_the_page_moves_the_todo_on_for_the_client(server, calendar, todo_list):
    path = put(server, calendar, "standup.ics", "UID:standup@test", "SUMMARY:Stand-up",
               "DTSTART;TZID=Europe/Paris:20301126T093000",
               "DUE;TZID=Europe/Paris:20301126T093000",
               "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=10",
               "EXDATE;TZID=Europe/Paris:20301127T093000",
               extra_components=PARIS)
    todo = api_todo_titled(server, todo_list["id"], "Stand-up")
    done = server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"status": "done"}, expect=200)
    assert done["status"] == "notStarted"
    # Wednesday is left out: Thursday, in the client's time zone, its start moved alike.
    assert done["deadline"] == "2030-11-28T09:30"
    lines = lines_of(server, path)
    assert "DUE;TZID=Europe/Paris:20301128T093000" in lines
    assert "DTSTART;TZID=Europe/Paris:20301128T093000" in lines
    # Two occurrences used (one done, one left out): the rule runs from the new start.
    assert "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=8" in lines
    assert "STATUS:NEEDS-ACTION" in lines
    history = server.api("GET", f"/api/v1/todos/{todo['id']}/completions", expect=200)
    assert [entry["deadline"] for entry in history] == ["2030-11-26T09:30"]
    # python-caldav reads the same todo back, not done.
    loaded = calendar.todo_by_uid("standup@test")
    assert str(loaded.icalendar_component["STATUS"]) == "NEEDS-ACTION"


def test_a_client_that_completes_leaves_repeating_to_the_server(server, calendar, todo_list):
    lines = ["UID:bins@test", "SUMMARY:Bins out", "DUE;VALUE=DATE:20301126",
             "RRULE:FREQ=WEEKLY"]
    path = put(server, calendar, "bins.ics", *lines)
    # Tasks.org with "let the server schedule repeating tasks" sends the todo completed.
    put(server, calendar, "bins.ics", *lines, "STATUS:COMPLETED",
        "COMPLETED:20301126T180000Z", "PERCENT-COMPLETE:100")
    todo = api_todo_titled(server, todo_list["id"], "Bins out")
    assert todo["status"] == "notStarted" and todo["deadline"] == "2030-12-03"
    assert "DUE;VALUE=DATE:20301203" in lines_of(server, path)
    history = server.api("GET", f"/api/v1/todos/{todo['id']}/completions", expect=200)
    assert [entry["doneAt"] for entry in history] == ["2030-11-26T18:00:00Z"]

    # A client that moves the todo on itself (Apple Reminders, Tasks.org) is left alone.
    put(server, calendar, "bins.ics", "UID:bins@test", "SUMMARY:Bins out",
        "DUE;VALUE=DATE:20301210", "RRULE:FREQ=WEEKLY", "STATUS:NEEDS-ACTION")
    todo = api_todo_titled(server, todo_list["id"], "Bins out")
    assert todo["deadline"] == "2030-12-10"
    history = server.api("GET", f"/api/v1/todos/{todo['id']}/completions", expect=200)
    assert len(history) == 1


def test_overridden_occurrences_are_kept_not_refused(server, calendar, todo_list):
    override = ["BEGIN:VTODO", "UID:yoga@test", "DTSTAMP:20261101T080000Z",
                "RECURRENCE-ID;VALUE=DATE:20301203", "SUMMARY:Yoga (in the park)",
                "DUE;VALUE=DATE:20301203", "END:VTODO"]
    path = put(server, calendar, "yoga.ics", "UID:yoga@test", "SUMMARY:Yoga",
               "DUE;VALUE=DATE:20301126", "RRULE:FREQ=WEEKLY", after_vtodo=override)
    body = get(server, path).body.decode()
    assert body.count("BEGIN:VTODO") == 2
    assert "RECURRENCE-ID;VALUE=DATE:20301203" in body
    assert "SUMMARY:Yoga (in the park)" in body
    # One todo in the app: the series.
    todo = api_todo_titled(server, todo_list["id"], "Yoga")
    assert todo["repeatRule"] == "FREQ=WEEKLY"

    # Done twice: the occurrence it overrode is over, and dropped.
    server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"status": "done"}, expect=200)
    assert "RECURRENCE-ID" in get(server, path).body.decode()
    server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"status": "done"}, expect=200)
    body = get(server, path).body.decode()
    assert body.count("BEGIN:VTODO") == 1 and "RECURRENCE-ID" not in body
    assert "DUE;VALUE=DATE:20301210" in lines_of(server, path)


def test_a_second_todo_that_is_no_occurrence_is_refused(server, calendar):
    other = ["BEGIN:VTODO", "UID:other@test", "SUMMARY:Other", "END:VTODO"]
    text = ics("UID:first@test", "SUMMARY:First").replace(
        "END:VCALENDAR\r\n", "\r\n".join(other) + "\r\nEND:VCALENDAR\r\n")
    response = put_ics(server, resource_path(calendar, "two.ics"), text)
    assert response.status == 400, response
    assert b"RECURRENCE-ID" in response.body


def test_a_utc_deadline_is_read_in_the_servers_time_zone(fresh_server):
    # Kiritimati is 14 hours ahead of UTC, all year.
    server = fresh_server("--time-zone", "Pacific/Kiritimati")
    todo_list = server.new_list("Zoned")
    path = f"/dav/calendars/me/{todo_list['id'].lower()}/zoned.ics"
    response = put_ics(server, path, ics("UID:zoned@test", "SUMMARY:Zoned",
                                         "DUE:20310101T120000Z", "RRULE:FREQ=DAILY"))
    assert response.status == 201, response
    todo = api_todo_titled(server, todo_list["id"], "Zoned")
    assert todo["deadline"] == "2031-01-02T02:00"
    # Done, it moves a day on; the client's line keeps its form: the same instant a day later.
    server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"status": "done"}, expect=200)
    assert "DUE:20310102T120000Z" in lines_of(server, path)


def test_a_time_zone_that_is_not_one_is_refused():
    import subprocess

    from todoserve import todo_binary
    result = subprocess.run([todo_binary(), "serve", "--time-zone", "Mars/Olympus", "--port", "0"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "--time-zone Mars/Olympus is not a time zone" in result.stderr

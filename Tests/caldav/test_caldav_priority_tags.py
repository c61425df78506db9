"""Priorities and tags over CalDAV: a client's PRIORITY and CATEGORIES become the todo's
priority and tags (the JSON API and the page see them), come back as the client wrote them
while unchanged, and are written anew when the app changes them; todoman's priorities and
categories go both ways through vdirsyncer."""

from davkit import api_todo_titled, ics, put_ics, vtodo_lines

from test_caldav_todos import caldav_uid, get, resource_path


def priority_and_categories(lines):
    return ([line for line in lines if line.startswith("PRIORITY")],
            [line for line in lines if line.startswith("CATEGORIES")])


def test_a_clients_priority_and_categories_are_the_todos_and_come_back(server, calendar,
                                                                        todo_list):
    path = resource_path(calendar, "report.ics")
    text = ics("SUMMARY:Quarterly report", "PRIORITY:7", "CATEGORIES:Work,Q3 plan",
               "CATEGORIES:#admin")
    assert put_ics(server, path, text).status == 201
    todo = api_todo_titled(server, todo_list["id"], "Quarterly report")
    assert todo["priority"] == 4  # 6–9 is RFC 5545's low group: P4
    assert todo["tags"] == ["Work", "Q3-plan", "admin"]

    # Another field changed in the app: the client's lines stay as written.
    server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"title": "Q3 report"}, expect=200)
    assert priority_and_categories(vtodo_lines(get(server, path).body.decode())) == (
        ["PRIORITY:7"], ["CATEGORIES:Work,Q3 plan", "CATEGORIES:#admin"])

    # Changed in the app: the app's lines.
    server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"priority": 1, "tags": ["work", "late"]},
               expect=200)
    assert priority_and_categories(vtodo_lines(get(server, path).body.decode())) == (
        ["PRIORITY:1"], ["CATEGORIES:work,late"])
    # python-caldav reads them.
    loaded = calendar.todo_by_uid(caldav_uid(server, path))
    component = loaded.icalendar_component
    assert int(component["PRIORITY"]) == 1
    assert [str(c) for c in component["CATEGORIES"].cats] == ["work", "late"]

    # Removed in the app: gone from the client's copy.
    server.api("PATCH", f"/api/v1/todos/{todo['id']}", {"priority": None, "tags": []}, expect=200)
    assert priority_and_categories(vtodo_lines(get(server, path).body.decode())) == ([], [])


def test_a_todo_made_in_the_app_carries_its_priority_and_tags(server, calendar, todo_list):
    server.api("POST", f"/api/v1/lists/{todo_list['id']}/todos",
               {"title": "Pay rent", "priority": 2, "tags": ["bills", "home"]}, expect=201)
    [todo] = [t for t in calendar.todos() if str(t.icalendar_component["SUMMARY"]) == "Pay rent"]
    component = todo.icalendar_component
    assert int(component["PRIORITY"]) == 3  # P2 is written as 3, in the high group
    assert [str(c) for c in component["CATEGORIES"].cats] == ["bills", "home"]

    # The client edits them: the app follows.
    component["PRIORITY"] = 5
    del component["CATEGORIES"]
    component.add("CATEGORIES", ["home"])
    todo.save()
    found = api_todo_titled(server, todo_list["id"], "Pay rent")
    assert found["priority"] == 3 and found["tags"] == ["home"]

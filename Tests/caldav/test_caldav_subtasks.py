"""Subtasks through a real CalDAV client (the `caldav` library): a subtask uploaded before its
parent waits for it, a parent sent again without RELATED-TO keeps its subtasks (as Tasks.org
sends them), and a subtask nested in the app reaches the client as
`RELATED-TO;RELTYPE=PARENT` on the subtask only."""

from davkit import api_todo_titled, api_todos, ics, vtodo_lines
from test_caldav_todos import get


def test_a_subtask_before_its_parent_and_a_parent_sent_again(server, calendar, todo_list):
    child = calendar.add_todo(ics("SUMMARY:Pack the tent", "RELATED-TO;RELTYPE=PARENT:trip@phone",
                                  uid="tent@phone"))
    assert "parentID" not in api_todo_titled(server, todo_list["id"], "Pack the tent")
    parent = calendar.add_todo(ics("SUMMARY:Camping trip", uid="trip@phone"))
    trip = api_todo_titled(server, todo_list["id"], "Camping trip")
    assert api_todo_titled(server, todo_list["id"], "Pack the tent")["parentID"] == trip["id"]

    # The parent again, renamed, without RELATED-TO (it is on the child only).
    parent.data = ics("SUMMARY:Camping trip to the lake", uid="trip@phone")
    parent.save()
    assert api_todo_titled(server, todo_list["id"], "Pack the tent")["parentID"] == trip["id"]
    assert not [line for line in vtodo_lines(get(server, parent.url.path).body.decode())
                if line.startswith("RELATED-TO")]
    assert "RELATED-TO;RELTYPE=PARENT:trip@phone" in vtodo_lines(
        get(server, child.url.path).body.decode())


def test_a_subtask_made_in_the_app_reaches_the_client(server, calendar, todo_list):
    calendar.add_todo(ics("SUMMARY:Paint the fence", uid="fence@phone"))
    fence = api_todo_titled(server, todo_list["id"], "Paint the fence")
    made = server.api("POST", f"/api/v1/lists/{todo_list['id']}/todos",
                      {"title": "Buy brushes", "parentID": fence["id"]})
    assert made["parentID"] == fence["id"]
    found = [todo for todo in calendar.todos() if "Buy brushes" in todo.data]
    assert len(found) == 1
    assert "RELATED-TO;RELTYPE=PARENT:fence@phone" in vtodo_lines(found[0].data)
    # Taken out of its parent in the app, the client's copy loses the link.
    server.api("PATCH", f"/api/v1/todos/{made['id']}", {"parentID": None})
    found = [todo for todo in calendar.todos() if "Buy brushes" in todo.data]
    assert not [line for line in vtodo_lines(found[0].data) if line.startswith("RELATED-TO")]
    assert len(api_todos(server, todo_list["id"])) == 2

"""WebDAV sync (RFC 6578) with python-caldav's objects_by_sync_token (its fallback to a full
listing turned off, so that the server's sync-collection is what is tested), calendars made
and changed by clients (MKCALENDAR, PROPPATCH), and tokens that outlive a restart."""

import sqlite3
import uuid
from urllib.parse import unquote

import pytest
from caldav.elements import dav
from caldav.elements.ical import CalendarColor
from caldav.lib import error

from davkit import (APPLE, DAV, api_todo_titled, calendar_path, client_for,
                    dav_error_conditions, find_calendar, multistatus, restart, same_id,
                    sync_report, xml_request)


def sync(calendar, token=None):
    """A sync-collection through python-caldav, never a full listing in disguise."""
    return calendar.objects_by_sync_token(sync_token=token, load_objects=False,
                                          disable_fallback=True)


def changed(result):
    """The paths reported changed (not removed) by a sync."""
    return {unquote(obj.url.path) for obj in result
            if obj.url.canonical() not in result.deleted_urls}


def removed(result):
    return {unquote(url.path) for url in result.deleted_urls}


def name_path(calendar, name):
    return unquote(calendar.url.path) + name


def test_sync_reports_creates_changes_deletes_and_moves(server, client, todo_list):
    principal = client.principal()
    calendar = find_calendar(principal, todo_list["id"])
    made_in_app = server.new_todo(todo_list["id"], "Made in the app")
    first = sync(calendar)
    app_path = name_path(calendar, f"{made_in_app['id'].lower()}.ics")
    assert changed(first) == {app_path}
    assert first.sync_token.startswith("urn:todo:sync:")

    # Nothing changed: nothing to report, and the token may stay.
    quiet = sync(calendar, first.sync_token)
    assert changed(quiet) == set() and removed(quiet) == set()

    # A todo made by a client.
    created = calendar.add_todo(summary="Made over CalDAV")
    after_create = sync(calendar, quiet.sync_token)
    assert changed(after_create) == {unquote(created.url.path)}
    assert removed(after_create) == set()
    assert after_create.sync_token != quiet.sync_token

    # A change in the page: the resource is reported changed, with its new data and ETag.
    made = api_todo_titled(server, todo_list["id"], "Made over CalDAV")
    server.api("PATCH", f"/api/v1/todos/{made['id']}", {"title": "Renamed in the page"},
               expect=200)
    after_change = sync(calendar, after_create.sync_token)
    assert changed(after_change) == {unquote(created.url.path)}
    [object_changed] = list(after_change)
    object_changed.load()
    assert str(object_changed.icalendar_component["SUMMARY"]) == "Renamed in the page"
    raw = multistatus(xml_request(server, "REPORT", calendar.url.path,
                                  sync_report(after_create.sync_token), depth=1))
    etag = server.request("GET", created.url.path).header("etag")
    assert etag == f'"{made["version"] + 1}"'
    assert raw.text(unquote(created.url.path), f"{{{DAV}}}getetag") == etag

    # A delete in the page: removed (a 404 response).
    deleted = server.request("DELETE", f"/api/v1/todos/{made_in_app['id']}")
    assert deleted.status in (200, 204), deleted
    after_delete = sync(calendar, after_change.sync_token)
    assert removed(after_delete) == {app_path}
    assert changed(after_delete) == set()
    raw = multistatus(xml_request(server, "REPORT", calendar.url.path,
                                  sync_report(after_change.sync_token), depth=1))
    assert raw.statuses == {app_path: "HTTP/1.1 404 Not Found"}
    assert raw.sync_token == after_delete.sync_token

    # A todo moved to another list in the page: gone from this calendar, new in the other.
    other_list = server.new_list(f"Other {uuid.uuid4().hex[:8]}")
    other = find_calendar(principal, other_list["id"])
    other_start = sync(other)
    assert changed(other_start) == set()
    server.api("PATCH", f"/api/v1/todos/{made['id']}", {"listID": other_list["id"]}, expect=200)
    after_move = sync(calendar, after_delete.sync_token)
    assert removed(after_move) == {unquote(created.url.path)}, \
        "a todo moved to another list must be reported removed from the first"
    assert changed(after_move) == set()
    in_other = sync(other, other_start.sync_token)
    assert {path.rsplit("/", 1)[1] for path in changed(in_other)} == {
        unquote(created.url.path).rsplit("/", 1)[1]}
    assert all(path.startswith(calendar_path(other_list["id"])) for path in changed(in_other))

    # Each sync from the last token is empty again.
    assert changed(sync(calendar, after_move.sync_token)) == set()
    assert removed(sync(calendar, after_move.sync_token)) == set()


def test_restore_and_purge_in_the_page_reach_sync(server, calendar, todo_list):
    restored = server.new_todo(todo_list["id"], "Restored in the page")
    purged = server.new_todo(todo_list["id"], "Purged in the page")
    for todo in (restored, purged):
        assert server.request("DELETE", f"/api/v1/todos/{todo['id']}").status in (200, 204)
    start = sync(calendar)
    assert changed(start) == set()
    assert server.request("POST", f"/api/v1/todos/{restored['id']}/restore").status == 200
    assert server.request("DELETE", "/api/v1/trash").status in (200, 204)  # gone for good
    result = sync(calendar, start.sync_token)
    assert changed(result) == {name_path(calendar, f"{restored['id'].lower()}.ics")}
    # The purged one left before the first sync: reporting it removed again is allowed
    # (RFC 6578 3.5.2), reporting anything else is not.
    assert removed(result) <= {name_path(calendar, f"{purged['id'].lower()}.ics")}

    # Trashed and purged between two syncs: reported removed.
    token = result.sync_token
    assert server.request("DELETE", f"/api/v1/todos/{restored['id']}").status in (200, 204)
    assert server.request("DELETE", "/api/v1/trash").status in (200, 204)
    result = sync(calendar, token)
    assert removed(result) == {name_path(calendar, f"{restored['id'].lower()}.ics")}
    assert changed(result) == set()


def test_deleting_a_calendar_trashes_the_list(server, client, todo_list):
    calendar = find_calendar(client.principal(), todo_list["id"])
    calendar.add_todo(summary="Goes with its list")
    token = sync(calendar).sync_token
    calendar.delete()
    trash = server.api("GET", "/api/v1/trash", expect=200)
    assert [item["name"] for item in trash["lists"] if same_id(item["id"], todo_list["id"])] == [
        todo_list["name"]]
    assert calendar_path(todo_list["id"]) not in {
        c.url.path for c in client_for(server).principal().calendars()}
    for method, body in (("PROPFIND", None), ("REPORT", sync_report(token))):
        response = xml_request(server, method, calendar.url.path, body or "", depth=0)
        assert response.status == 404, (method, response)
    # Restored in the page, it is a calendar again with its todo.
    assert server.request("POST", f"/api/v1/lists/{todo_list['id']}/restore").status == 200
    again = find_calendar(client_for(server).principal(), todo_list["id"])
    assert [str(t.icalendar_component["SUMMARY"]) for t in again.todos()] == [
        "Goes with its list"]


def test_a_limited_sync_goes_on_in_pages(server, calendar, todo_list):
    """RFC 6578 3.6: with DAV:limit the answer is cut, the collection says 507, and its token
    goes on; the last page's token is the first page's state, so a change made while the
    pages are read comes in the next sync."""
    todos = [calendar.add_todo(summary=f"Paged {n}") for n in range(5)]
    start = sync(calendar).sync_token
    for todo in todos:
        todo.icalendar_component["SUMMARY"] = str(todo.icalendar_component["SUMMARY"]) + "!"
        todo.save()
    todos[4].delete()
    seen, pages, token = [], 0, start
    while True:
        result = multistatus(xml_request(server, "REPORT", calendar.url.path,
                                         sync_report(token, limit=2), depth=1))
        pages += 1
        names = [href for href in result.hrefs() if href != unquote(calendar.url.path)]
        cut = result.statuses.get(unquote(calendar.url.path), "")
        assert len(names) <= 2
        seen += names
        token = result.sync_token
        if not cut:
            break
        assert " 507 " in cut, cut
        if pages == 2:
            # Changed between two pages: one already sent, one not yet.
            todos[0].load()
            todos[0].icalendar_component["SUMMARY"] = "Changed while paging"
            todos[0].save()
    assert pages == 3 and len(seen) == len(set(seen)) == 5, seen
    assert set(seen) == {unquote(todo.url.path) for todo in todos}
    # The change made while paging comes in the next sync.
    again = multistatus(xml_request(server, "REPORT", calendar.url.path, sync_report(token),
                                    depth=1))
    assert unquote(todos[0].url.path) in again.hrefs()

    # A limit that is not a number from 1, or a page token that was tampered with, is refused.
    refused = xml_request(server, "REPORT", calendar.url.path, sync_report(start, limit="0"),
                          depth=1)
    assert refused.status == 403
    assert f"{{{DAV}}}number-of-matches-within-limits" in dav_error_conditions(refused)
    forged = xml_request(server, "REPORT", calendar.url.path,
                         sync_report("urn:todo:sync:page:1:2:zz"), depth=1)
    assert forged.status == 403
    assert f"{{{DAV}}}valid-sync-token" in dav_error_conditions(forged)


def test_a_client_delete_is_reported_removed(server, calendar, todo_list):
    todo = calendar.add_todo(summary="Deleted over CalDAV")
    start = sync(calendar)
    todo.delete()
    result = sync(calendar, start.sync_token)
    assert removed(result) == {unquote(todo.url.path)}
    assert changed(result) == set()


@pytest.mark.parametrize("token", [
    "urn:todo:sync:999999999",        # a sequence the store has not reached
    "urn:todo:sync:18446744073709551615",
    "urn:todo:sync:not-a-number",
    "http://example.com/ns/sync/12",  # another server's
    "urn:todo:sync:-1",
])
def test_forged_tokens_are_refused_with_valid_sync_token(server, calendar, token):
    response = xml_request(server, "REPORT", calendar.url.path, sync_report(token), depth=1)
    assert response.status == 403, response
    assert f"{{{DAV}}}valid-sync-token" in dav_error_conditions(response)


def test_python_caldav_sees_the_refused_token(calendar):
    with pytest.raises(error.AuthorizationError) as raised:
        sync(calendar, "urn:todo:sync:999999999")
    assert f"{{{DAV}}}valid-sync-token" in raised.value.preconditions
    # With its fallback on (as apps run it), the client starts over with a full listing.
    todo = calendar.add_todo(summary="Found again")
    again = calendar.objects_by_sync_token(sync_token="urn:todo:sync:999999999")
    assert {unquote(obj.url.path) for obj in again} == {unquote(todo.url.path)}


def test_mkcalendar_makes_a_list(server, client):
    principal = client.principal()
    name = f"Errands {uuid.uuid4().hex[:8]}"
    made = principal.make_calendar(name=name, supported_calendar_component_set=["VTODO"])
    list_id = made.url.path.rstrip("/").rsplit("/", 1)[1]
    lists = [item for item in server.api("GET", "/api/v1/lists", expect=200)
             if same_id(item["id"], list_id)]
    assert len(lists) == 1 and lists[0]["name"] == name
    assert made.get_display_name() == name
    assert made.get_supported_components() == ["VTODO"]
    assert find_calendar(principal, list_id).get_display_name() == name
    made.add_todo(summary="In the new list")
    assert api_todo_titled(server, list_id, "In the new list")

    # On a calendar that exists: refused.
    body = """<?xml version="1.0" encoding="utf-8"?>
<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
<d:displayname>Nope</d:displayname></d:prop></d:set></c:mkcalendar>"""
    again = xml_request(server, "MKCALENDAR", made.url.path, body)
    assert again.status == 403, again
    assert f"{{{DAV}}}resource-must-be-null" in dav_error_conditions(again)
    names = [item["name"] for item in server.api("GET", "/api/v1/lists", expect=200)]
    assert "Nope" not in names


PARIS = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTIMEZONE\r\n"
         "TZID:Europe/Paris\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
         "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
         "END:VCALENDAR\r\n")


def test_a_calendar_at_the_path_the_client_chose(fresh_server):
    """RFC 4791 lets the client name the collection: python-caldav's make_calendar(cal_id=…),
    Thunderbird and the compatibility checkers do. The list lives at that path, is deleted
    to the trash there, and the path can be used again at once. (A server of its own: the
    lists' order is checked, with the Inbox as the only other list.)"""
    server = fresh_server(name="caldav-named")
    principal = client_for(server).principal()
    segment = f"groceries-{uuid.uuid4().hex[:8]}"
    made = principal.make_calendar(name="Groceries " + segment[-8:], cal_id=segment,
                                   supported_calendar_component_set=["VTODO"])
    path = f"/dav/calendars/me/{segment}/"
    assert made.url.path == path
    lists = [item for item in server.api("GET", "/api/v1/lists", expect=200)
             if item["name"] == "Groceries " + segment[-8:]]
    assert len(lists) == 1
    list_id = lists[0]["id"]
    # Discovery names it by its path; a todo put there is in the list.
    assert path in {c.url.path for c in client_for(server).principal().calendars()}
    todo = made.add_todo(summary="Milk")
    assert unquote(todo.url.path).startswith(path)
    assert api_todo_titled(server, list_id, "Milk")
    token = sync(made).sync_token
    server.api("POST", f"/api/v1/lists/{list_id}/todos", {"title": "Eggs"}, expect=201)
    assert len(changed(sync(made, token))) == 1

    # Description, time zone and order round-trip; a bad time zone changes nothing.
    update = f"""<?xml version="1.0" encoding="utf-8"?>
<d:propertyupdate xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="{APPLE}">
<d:set><d:prop><c:calendar-description>What we buy</c:calendar-description>
<c:calendar-timezone>{PARIS}</c:calendar-timezone><a:calendar-order>1</a:calendar-order>
</d:prop></d:set></d:propertyupdate>"""
    assert xml_request(server, "PROPPATCH", path, update).status == 207
    asked = f"""<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="{APPLE}"><d:prop>
<c:calendar-description/><c:calendar-timezone/><a:calendar-order/></d:prop></d:propfind>"""
    found = multistatus(xml_request(server, "PROPFIND", path, asked, depth=0))
    assert found.text(path, "{urn:ietf:params:xml:ns:caldav}calendar-description") == (
        "What we buy")
    assert "TZID:Europe/Paris" in found.text(
        path, "{urn:ietf:params:xml:ns:caldav}calendar-timezone")
    assert found.text(path, f"{{{APPLE}}}calendar-order") == "1"
    assert server.api("GET", "/api/v1/lists", expect=200)[0]["id"] == list_id
    # Apple's calendar-order is a sort key: what a client sets, it reads back.
    for order in ("12", "34"):
        again = update.replace("<a:calendar-order>1<", f"<a:calendar-order>{order}<")
        assert xml_request(server, "PROPPATCH", path, again).status == 207
        found = multistatus(xml_request(server, "PROPFIND", path, asked, depth=0))
        assert found.text(path, f"{{{APPLE}}}calendar-order") == order
    assert server.api("GET", "/api/v1/lists", expect=200)[-1]["id"] == list_id
    bad = update.replace(PARIS, "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n").replace(
        "What we buy", "Not kept")
    refused = multistatus(xml_request(server, "PROPPATCH", path, bad))
    assert " 403 " in refused.responses[path][
        "{urn:ietf:params:xml:ns:caldav}calendar-timezone"][0]
    assert " 424 " in refused.responses[path][
        "{urn:ietf:params:xml:ns:caldav}calendar-description"][0]
    found = multistatus(xml_request(server, "PROPFIND", path, asked, depth=0))
    assert found.text(path, "{urn:ietf:params:xml:ns:caldav}calendar-description") == (
        "What we buy")

    # Deleted: to the trash, gone from the path; the same path makes a new calendar at once.
    made.delete()
    trash = server.api("GET", "/api/v1/trash", expect=200)
    assert [item["id"] for item in trash["lists"] if same_id(item["id"], list_id)]
    assert xml_request(server, "PROPFIND", path, asked, depth=0).status == 404
    remade = principal.make_calendar(name="Groceries again " + segment[-8:], cal_id=segment,
                                     supported_calendar_component_set=["VTODO"])
    assert remade.url.path == path and remade.todos() == []
    # The old list, restored, is back under its identifier with its todos.
    assert server.request("POST", f"/api/v1/lists/{list_id}/restore").status == 200
    old = find_calendar(client_for(server).principal(), list_id)
    assert sorted(str(t.icalendar_component["SUMMARY"]) for t in old.todos()) == ["Eggs", "Milk"]
    assert unquote(old.url.path) != path


def test_proppatch_renames_and_colours_a_calendar(server, client, todo_list):
    calendar = find_calendar(client.principal(), todo_list["id"])
    new_name = f"Renamed {uuid.uuid4().hex[:8]}"
    calendar.set_properties([dav.DisplayName(new_name), CalendarColor("#FF8800")])
    lists = {item["id"].lower(): item for item in server.api("GET", "/api/v1/lists", expect=200)}
    assert lists[todo_list["id"].lower()]["name"] == new_name

    again = find_calendar(client_for(server).principal(), todo_list["id"])
    assert again.get_display_name() == new_name
    body = f"""<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:a="{APPLE}"><d:prop><d:displayname/><a:calendar-color/>
</d:prop></d:propfind>"""
    found = multistatus(xml_request(server, "PROPFIND", calendar.url.path, body, depth=0))
    path = calendar_path(todo_list["id"])
    assert found.text(path, f"{{{DAV}}}displayname") == new_name
    assert found.text(path, f"{{{APPLE}}}calendar-color").upper().startswith("#FF8800")

    # A property the app has no place for is refused, and nothing of the request is done.
    refused = xml_request(server, "PROPPATCH", calendar.url.path, """<?xml version="1.0"?>
<d:propertyupdate xmlns:d="DAV:" xmlns:x="http://example.com/ns/"><d:set><d:prop>
<d:displayname>Should not stick</d:displayname><x:whatever>1</x:whatever></d:prop></d:set>
</d:propertyupdate>""")
    result = multistatus(refused)
    assert " 403 " in result.responses[path]["{http://example.com/ns/}whatever"][0]
    assert " 424 " in result.responses[path][f"{{{DAV}}}displayname"][0]
    lists = {item["id"].lower(): item for item in server.api("GET", "/api/v1/lists", expect=200)}
    assert lists[todo_list["id"].lower()]["name"] == new_name


def test_sync_tokens_survive_a_restart(fresh_server):
    server = fresh_server(name="caldav-restart")
    todo_list = server.new_list("Survives")
    client = client_for(server)
    calendar = find_calendar(client.principal(), todo_list["id"])
    kept = calendar.add_todo(summary="Before the restart")
    token = sync(calendar).sync_token

    restart(server)
    client = client_for(server)
    calendar = find_calendar(client.principal(), todo_list["id"])
    quiet = sync(calendar, token)
    assert changed(quiet) == set() and removed(quiet) == set()
    created = calendar.add_todo(summary="After the restart")
    result = sync(calendar, token)
    assert changed(result) == {unquote(created.url.path)}
    assert unquote(kept.url.path).rsplit("/", 1)[1] not in {
        path.rsplit("/", 1)[1] for path in changed(result)}


def test_a_token_whose_changes_were_pruned_is_too_old(fresh_server):
    """The store keeps the last 20,000 change records; a token from before them is refused
    (403 valid-sync-token) and the client starts over. The pruning is done here with the
    server's own statement, on the stopped server's database, instead of 20,000 writes."""
    server = fresh_server(name="caldav-pruned")
    todo_list = server.new_list("Pruned")
    calendar = find_calendar(client_for(server).principal(), todo_list["id"])
    calendar.add_todo(summary="Old")
    old_token = sync(calendar).sync_token
    sequence = int(old_token.rsplit(":", 1)[1])
    newer = calendar.add_todo(summary="Newer")
    current_token = sync(calendar, old_token).sync_token

    def prune():
        with sqlite3.connect(server.database) as db:
            db.execute("DELETE FROM persistence_changes WHERE sequence <= ?", (sequence + 1,))

    restart(server, between=prune)
    calendar = find_calendar(client_for(server).principal(), todo_list["id"])
    response = xml_request(server, "REPORT", calendar.url.path, sync_report(old_token), depth=1)
    assert response.status == 403, response
    assert f"{{{DAV}}}valid-sync-token" in dav_error_conditions(response)
    # A token after the pruned records still works.
    assert changed(sync(calendar, current_token)) == set()
    # python-caldav, fallback on, starts over with everything.
    everything = calendar.objects_by_sync_token(sync_token=old_token)
    assert len(list(everything)) == 2
    assert unquote(newer.url.path) in {unquote(obj.url.path) for obj in everything}

"""CalDAV on a server with accounts: HTTP Basic with an app password (an API token made with
`todo token create`), the 401 challenge, one user's calendars invisible and untouchable to
another, and lists shared as viewer (read only) and editor (read and write)."""

import json
import uuid

import pytest
from caldav.lib import error

from davkit import (api_todo_titled, calendar_path, client_for, dav_url, find_calendar, ics,
                    multistatus, put_ics, same_id)

from accountkit import basic, create_token, revoke_token, start_accounts_server  # noqa: I100

ALICE, BOB = "alice", "bob"

PROPFIND_NAME = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:getetag/></d:prop></d:propfind>"""
QUERY = """<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter>
  </c:filter></c:calendar-query>"""
SYNC = """<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level>
<d:prop><d:getetag/></d:prop></d:sync-collection>"""
PROPPATCH = """<?xml version="1.0" encoding="utf-8"?>
<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Taken</d:displayname>
</d:prop></d:set></d:propertyupdate>"""


class AccountAPI:
    """The JSON API of the test server as one account (its Bearer token), with the surface
    the davkit helpers use (`api`)."""

    def __init__(self, server, account):
        self.server = server
        self.account = account

    def api(self, method, path, body=None, expect=None):
        return self.account.api(self.server, method, path, body, expect=expect)


class World:
    """The accounts server (users alice and bob, each with an app password "phone" made
    with `todo token create` while it runs)."""

    def __init__(self, server):
        self.server = server
        self.alice = server.accounts[ALICE]
        self.bob = server.accounts[BOB]
        self.phone = {user: create_token(server.database, user, "phone")
                      for user in (ALICE, BOB)}
        self.alice.sign_in(server)
        self.bob.sign_in(server)

    def client(self, user, password=None):
        return client_for(self.server, username=user,
                          password=self.phone[user] if password is None else password)

    def auth(self, user):
        return basic(user, self.phone[user])

    def request(self, user, method, path, body=None, headers=(), depth=None):
        extra = list(self.auth(user))
        if depth is not None:
            extra.append(("Depth", str(depth)))
        if isinstance(body, str) and body.startswith("<?xml"):
            extra.append(("Content-Type", "application/xml; charset=utf-8"))
        return self.server.request(method, path, body, headers=[*extra, *headers])

    def everything(self, account):
        export = account.export(self.server)
        export.pop("exportedAt", None)
        return export


@pytest.fixture(scope="module")
def world():
    server = start_accounts_server([ALICE, BOB], name="caldav-accounts")
    try:
        yield World(server)
    finally:
        server.close()


def test_basic_with_an_app_password(world):
    client = world.client(ALICE)
    principal = client.principal()
    assert principal.url.path == f"/dav/principals/{ALICE}/"
    assert principal.calendar_home_set.url.path == f"/dav/calendars/{ALICE}/"
    inbox = find_calendar(principal, world.alice.inbox_id)
    todo = inbox.add_todo(summary="Alice over CalDAV")
    assert todo.url.path.startswith(calendar_path(world.alice.inbox_id, ALICE))
    assert api_todo_titled(AccountAPI(world.server, world.alice), world.alice.inbox_id,
                           "Alice over CalDAV")
    # Bob's home does not list Alice's Inbox.
    bob_paths = {c.url.path for c in world.client(BOB).principal().calendars()}
    assert calendar_path(world.alice.inbox_id, BOB) not in bob_paths
    assert calendar_path(world.bob.inbox_id, BOB) in bob_paths


@pytest.mark.parametrize("credentials", ["wrong", None, "forged-token"])
def test_a_wrong_password_is_challenged_with_basic(world, credentials):
    if credentials is None:
        headers = []
    elif credentials == "forged-token":
        token = world.phone[ALICE]
        headers = basic(ALICE, token[:-4] + ("0000" if not token.endswith("0000") else "1111"))
    else:
        headers = basic(ALICE, "not the password")
    for method, path in (("PROPFIND", "/dav/"), ("PROPFIND", f"/dav/principals/{ALICE}/"),
                         ("GET", calendar_path(world.alice.inbox_id, ALICE))):
        response = world.server.request(method, path, PROPFIND_NAME if method == "PROPFIND"
                                        else None, headers=[*headers, ("Depth", "0")])
        assert response.status == 401, (method, path, response)
        challenge = response.header("www-authenticate") or ""
        assert challenge.lower().startswith("basic"), response
    client = world.client(ALICE, password="not the password")
    with pytest.raises(error.AuthorizationError):
        client.principal()


def masked(body, *ids):
    """A body with these identifiers (any case) replaced by ID."""
    text = body.decode("utf-8", "replace")
    for value in ids:
        text = text.replace(value.lower(), "ID").replace(value.upper(), "ID")
    return text


def alice_paths(world, alice_list, resource):
    """Every way Bob could name Alice's objects: under his own user segment and under hers."""
    paths = []
    for user in (BOB, ALICE):
        for list_id in (alice_list, world.alice.inbox_id):
            paths.append((calendar_path(list_id, user), calendar_path(list_id, user) + resource))
    return paths


def test_another_user_cannot_see_or_touch_a_calendar(world):
    server = world.server
    alice_list = world.alice.new_list(server, f"Private {uuid.uuid4().hex[:8]}")["id"]
    path = calendar_path(alice_list, ALICE) + "secret.ics"
    created = put_ics(server, path, ics("SUMMARY:Alice's secret"), world.auth(ALICE))
    assert created.status == 201, created
    inbox_todo = world.alice.new_todo(server, world.alice.inbox_id, "Alice's inbox secret")
    before = world.everything(world.alice)

    for collection, resource in alice_paths(world, alice_list, "secret.ics"):
        attempts = [
            ("PROPFIND", collection, PROPFIND_NAME, 0), ("PROPFIND", collection, PROPFIND_NAME, 1),
            ("PROPFIND", resource, PROPFIND_NAME, 0),
            ("GET", collection, None, None), ("GET", resource, None, None),
            ("REPORT", collection, QUERY, 1), ("REPORT", collection, SYNC, 1),
            ("PROPPATCH", collection, PROPPATCH, None),
            ("DELETE", resource, None, None), ("DELETE", collection, None, None),
        ]
        nowhere = str(uuid.uuid4())
        for method, path_, body, depth in attempts:
            response = world.request(BOB, method, path_, body, depth=depth)
            assert response.status == 404, (method, path_, response)
            assert b"Alice's" not in response.body, (method, path_, response)
            # No oracle: the answer is the one for a list that does not exist at all.
            absent_path = path_
            for known in (alice_list, world.alice.inbox_id):
                absent_path = absent_path.replace(known.lower(), nowhere)
            absent = world.request(BOB, method, absent_path, body, depth=depth)
            assert (absent.status, masked(absent.body, nowhere)) == (
                response.status, masked(response.body, alice_list, world.alice.inbox_id)), (
                method, path_, absent, response)
        for name in ("secret.ics", f"{inbox_todo['id'].lower()}.ics", "new.ics"):
            target = collection + name
            response = world.request(BOB, "PUT", target, ics("SUMMARY:Bob was here"),
                                     headers=[("Content-Type", "text/calendar")])
            assert response.status == 404, ("PUT", target, response)
        # Alice's principal and home, by Bob.
        for other in (f"/dav/principals/{ALICE}/", f"/dav/calendars/{ALICE}/"):
            response = world.request(BOB, "PROPFIND", other, PROPFIND_NAME, depth=1)
            assert response.status == 404, (other, response)

    # python-caldav, as Bob, on Alice's calendar URL.
    bob = world.client(BOB)
    stranger = bob.calendar(url=dav_url(server, calendar_path(alice_list, BOB)))
    with pytest.raises(error.NotFoundError):
        stranger.todos()
    assert world.everything(world.alice) == before
    assert "Bob was here" not in json.dumps(world.bob.export(server))


def share(world, list_id, role):
    world.alice.share(world.server, list_id, BOB, role)


PRIVILEGES = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-privilege-set/></d:prop></d:propfind>"""


def privileges(world, user, list_id):
    """The privileges `user` has on a calendar, as DAVx5 reads them to mark it read-only."""
    path = calendar_path(list_id, user)
    found = multistatus(world.request(user, "PROPFIND", path, PRIVILEGES, depth=0))
    element = found.prop(path, "{DAV:}current-user-privilege-set")
    return {child.tag.split("}")[1] for privilege in element for child in privilege}


def test_a_list_shared_as_viewer_reads_but_refuses_writes(world):
    server = world.server
    shared = world.alice.new_list(server, f"Shared {uuid.uuid4().hex[:8]}")["id"]
    path = calendar_path(shared, ALICE) + "shared.ics"
    assert put_ics(server, path, ics("SUMMARY:Read me"), world.auth(ALICE)).status == 201
    share(world, shared, "viewer")

    bob = world.client(BOB).principal()
    calendar = find_calendar(bob, shared)  # in Bob's home, under his own segment
    assert calendar.url.path == calendar_path(shared, BOB)
    granted = privileges(world, BOB, shared)
    assert "read" in granted and not granted & {"write", "write-content", "bind", "unbind"}
    [todo] = calendar.todos()
    assert str(todo.icalendar_component["SUMMARY"]) == "Read me"
    bob_path = calendar_path(shared, BOB) + "shared.ics"
    got = world.request(BOB, "GET", bob_path)
    assert got.status == 200 and b"SUMMARY:Read me" in got.body, got
    before = world.everything(world.alice)

    etag = got.header("etag")
    for headers in ([], [("If-Match", etag)]):
        response = world.request(BOB, "PUT", bob_path, ics("SUMMARY:Viewer edit"),
                                 headers=[("Content-Type", "text/calendar"), *headers])
        assert response.status == 403, response
    response = world.request(BOB, "PUT", calendar_path(shared, BOB) + "new.ics",
                             ics("SUMMARY:Viewer add"), headers=[("Content-Type", "text/calendar")])
    assert response.status == 403, response
    assert world.request(BOB, "DELETE", bob_path).status == 403
    assert world.request(BOB, "DELETE", calendar_path(shared, BOB)).status == 403
    assert_rename_refused(world, shared)
    with pytest.raises(error.AuthorizationError):
        todo.delete()
    assert world.everything(world.alice) == before


def test_a_list_shared_as_editor_takes_writes(world):
    server = world.server
    shared = world.alice.new_list(server, f"Together {uuid.uuid4().hex[:8]}")["id"]
    share(world, shared, "editor")
    calendar = find_calendar(world.client(BOB).principal(), shared)
    assert {"read", "write-content", "bind", "unbind"} <= privileges(world, BOB, shared)
    assert {"write", "write-content"} <= privileges(world, ALICE, shared)
    todo = calendar.add_todo(summary="Bob adds")
    assert todo.url.path.startswith(calendar_path(shared, BOB))
    owner_api = AccountAPI(world.server, world.alice)
    assert api_todo_titled(owner_api, shared, "Bob adds")
    # Alice sees it under her own segment, with the same resource name.
    name = todo.url.path.rsplit("/", 1)[1]
    assert world.request(ALICE, "GET", calendar_path(shared, ALICE) + name).status == 200

    with todo.edit_icalendar_component() as component:
        component["SUMMARY"] = "Bob edits"
    todo.save()
    assert api_todo_titled(owner_api, shared, "Bob edits")
    todo.delete()
    assert [t["title"] for t in world.alice.api(server, "GET", f"/api/v1/lists/{shared}/todos",
                                                expect=200)] == []
    # An editor may not rename the owner's list.
    assert_rename_refused(world, shared)


def test_an_attendee_is_the_assignee_both_ways(world):
    """A phone's ATTENDEE naming a member assigns the todo to them; one assigned in the app
    comes back with that member's ATTENDEE; a todo saved again without one keeps its
    assignee."""
    server = world.server
    shared = world.alice.new_list(server, f"Chores {uuid.uuid4().hex[:8]}")["id"]
    share(world, shared, "editor")
    members = {m["name"]: m["accountID"]
               for m in world.alice.api(server, "GET", f"/api/v1/lists/{shared}/members",
                                        expect=200)}
    calendar = find_calendar(world.client(BOB).principal(), shared)
    todo = calendar.save_todo(ics("SUMMARY:Water the plants",
                                  "ATTENDEE;CN=Alice;ROLE=REQ-PARTICIPANT:mailto:a@example.org"))
    owner_api = AccountAPI(server, world.alice)
    assert same_id(api_todo_titled(owner_api, shared, "Water the plants")["assigneeID"],
                   members[ALICE])

    # Assigned to Bob in the app: the phone reads Bob's line, and Alice's is gone.
    found = api_todo_titled(owner_api, shared, "Water the plants")
    world.alice.api(server, "PATCH", f"/api/v1/todos/{found['id']}",
                    {"assigneeID": members[BOB]}, expect=200)
    todo.load()
    attendee = todo.icalendar_component["ATTENDEE"]
    assert not isinstance(attendee, list), attendee
    assert str(attendee) == f"urn:uuid:{members[BOB].lower()}"
    assert attendee.params["CN"] == BOB

    # Saved again by a client that dropped the ATTENDEE: still Bob's.
    with todo.edit_icalendar_component() as component:
        del component["ATTENDEE"]
        component["SUMMARY"] = "Water the ferns"
    todo.save()
    assert same_id(api_todo_titled(owner_api, shared, "Water the ferns")["assigneeID"],
                   members[BOB])


def assert_rename_refused(world, list_id):
    """Bob's PROPPATCH of the displayname of Alice's list is refused (403, or a 207 whose
    property is not 200) and the list keeps its name."""
    response = world.request(BOB, "PROPPATCH", calendar_path(list_id, BOB), PROPPATCH)
    if response.status == 207:
        found = multistatus(response)
        statuses = [status for status, _ in found.responses[calendar_path(list_id, BOB)].values()]
        assert statuses and all(" 200 " not in f"{status} " for status in statuses), response
    else:
        assert response.status == 403, response
    names = [item["name"] for item in world.alice.api(world.server, "GET", "/api/v1/lists",
                                                      expect=200)]
    assert "Taken" not in names


def test_a_read_only_app_password_reads_but_does_not_write(world):
    server = world.server
    token = create_token(server.database, ALICE, f"ro-{uuid.uuid4().hex[:6]}", read_only=True)
    client = client_for(server, username=ALICE, password=token)
    inbox = find_calendar(client.principal(), world.alice.inbox_id)
    assert inbox.get_display_name() == "Inbox"
    before = world.everything(world.alice)
    path = calendar_path(world.alice.inbox_id, ALICE) + "read-only.ics"
    response = server.request("PUT", path, ics("SUMMARY:Not with a read-only token"),
                              headers=[*basic(ALICE, token), ("Content-Type", "text/calendar")])
    assert response.status == 403, response
    with pytest.raises(error.AuthorizationError):
        inbox.add_todo(summary="Not with a read-only token either")
    assert world.everything(world.alice) == before


def test_a_revoked_app_password_is_refused(world):
    server = world.server
    label = f"old-phone-{uuid.uuid4().hex[:6]}"
    token = create_token(server.database, ALICE, label)
    path = f"/dav/principals/{ALICE}/"
    ok = server.request("PROPFIND", path, PROPFIND_NAME,
                        headers=[*basic(ALICE, token), ("Depth", "0")])
    assert ok.status == 207, ok
    revoke_token(server.database, ALICE, label)
    refused = server.request("PROPFIND", path, PROPFIND_NAME,
                             headers=[*basic(ALICE, token), ("Depth", "0")])
    assert refused.status == 401, refused
    assert (refused.header("www-authenticate") or "").lower().startswith("basic")


MKCALENDAR = """<?xml version="1.0" encoding="utf-8"?>
<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
<d:displayname>{name}</d:displayname></d:prop></d:set></c:mkcalendar>"""


def test_a_calendar_name_is_its_owners_alone(world):
    """A path a user chose names a calendar in that user's home only: another user may use
    the same name for one of their own, cannot reach the first by it, and finds it by its
    identifier once it is shared with them."""
    server = world.server
    segment = f"groceries-{uuid.uuid4().hex[:8]}"
    made = world.request(ALICE, "MKCALENDAR", f"/dav/calendars/{ALICE}/{segment}/",
                         MKCALENDAR.format(name="Alice's groceries " + segment[-8:]))
    assert made.status == 201, made
    put = put_ics(server, f"/dav/calendars/{ALICE}/{segment}/milk.ics",
                  ics("SUMMARY:Alice's milk"), world.auth(ALICE))
    assert put.status == 201, put
    alice_list = next(item["id"] for item in world.alice.api(server, "GET", "/api/v1/lists",
                                                              expect=200)
                      if item["name"] == "Alice's groceries " + segment[-8:])

    # Bob: Alice's path is nowhere, his own of the same name is a list of his.
    for method, body, depth in (("PROPFIND", PROPFIND_NAME, 0), ("REPORT", SYNC, 1),
                                ("DELETE", None, None)):
        response = world.request(BOB, method, f"/dav/calendars/{ALICE}/{segment}/", body,
                                 depth=depth)
        assert response.status == 404 and b"Alice's" not in response.body, (method, response)
        response = world.request(BOB, method, f"/dav/calendars/{BOB}/{segment}/", body,
                                 depth=depth)
        assert response.status == 404 and b"Alice's" not in response.body, (method, response)
    mine = world.request(BOB, "MKCALENDAR", f"/dav/calendars/{BOB}/{segment}/",
                         MKCALENDAR.format(name="Bob's groceries " + segment[-8:]))
    assert mine.status == 201, mine
    bobs = multistatus(world.request(BOB, "PROPFIND", f"/dav/calendars/{BOB}/{segment}/",
                                     PROPFIND_NAME, depth=0))
    assert bobs.text(f"/dav/calendars/{BOB}/{segment}/", "{DAV:}displayname") == (
        "Bob's groceries " + segment[-8:])

    # Shared with Bob, Alice's list is in his home under its identifier.
    share(world, alice_list, "viewer")
    calendar = find_calendar(world.client(BOB).principal(), alice_list)
    assert calendar.url.path == calendar_path(alice_list, BOB)
    assert [str(t.icalendar_component["SUMMARY"]) for t in calendar.todos()] == ["Alice's milk"]
    mine_again = multistatus(world.request(BOB, "PROPFIND", f"/dav/calendars/{BOB}/{segment}/",
                                           PROPFIND_NAME, depth=0))
    assert mine_again.text(f"/dav/calendars/{BOB}/{segment}/", "{DAV:}displayname") == (
        "Bob's groceries " + segment[-8:])

"""Accounts and sharing against a real `todo serve` whose database has users:
who may do what with whose lists.

1. A cross-user matrix built from openapi.json: every operation of the document, for each
   role (owner, editor, viewer, stranger by token and by session cookie, anonymous, revoked
   token, forged token, the owner's read-only token), on fresh objects of the owner, with
   the expected status; plus the owner's ids inside bodies, imports and the owner's Inbox.
2. The requests of the roles that may not change the owner's data leave the owner's export
   exactly as it was.
3. A stranger's live page never receives another user's list, and its events naming the
   owner's objects change nothing; a viewer's page reads but cannot write; /live without
   a session is closed with 1008.
4. Sharing is live: the editor's page gains the list when it is shared and loses it when
   the share is revoked.
5. Browser sessions: new id at each sign-in, CSRF token, Origin, sign-out, cookie flags,
   no user enumeration, throttling.
6. A non-loopback address without --accounts is refused.

Run: TODO_BIN=.build/debug/todo python3 -m pytest -q Tests/http/test_accounts.py
"""

import json
import re
import time
import uuid
from urllib.parse import urlencode

import pytest

from accountkit import (COOKIE_NAME, basic, bearer, create_token, forged,
                        problem_type, revoke_token, session_cookie, token_id)
from httpkit import FOREIGN, ROOT, NoResponse, WebSocket
from todoserve import ServeError, TodoServe

OPENAPI = ROOT / "Sources/TodoServer/Resources/openapi.json"
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
PATH_ITEM_KEYS = ("parameters", "summary", "description", "servers", "$ref")

OWNER, EDITOR, VIEWER, STRANGER = "olivia", "edgar", "vera", "stan"
USERS = [OWNER, EDITOR, VIEWER, STRANGER]

# Every role signs in with its API token (Bearer), but "stranger-cookie": the stranger's
# browser session (cookie, and X-CSRF-Token on writes).
ROLES = ("owner", "editor", "viewer", "stranger", "stranger-cookie", "anonymous", "revoked",
         "forged", "readonly")
# Roles that may not change anything of the owner's: their requests all run first, between
# two exports of the owner's data (test 2).
NO_EFFECT_ROLES = ("viewer", "stranger", "stranger-cookie", "anonymous", "revoked", "forged",
                   "readonly")
EFFECT_ROLES = ("owner", "editor")
# Whose account a role acts as (the revoked, forged and read-only tokens are the owner's).
ROLE_USER = {"owner": OWNER, "editor": EDITOR, "viewer": VIEWER, "stranger": STRANGER,
             "stranger-cookie": STRANGER, "anonymous": OWNER, "revoked": OWNER,
             "forged": OWNER, "readonly": OWNER}

FORBIDDEN = "urn:todo:problem:forbidden"
UNAUTHORIZED = "urn:todo:problem:unauthorized"
CSRF = "urn:todo:problem:csrf"


def unique(prefix):
    return f"{prefix} {uuid.uuid4().hex[:12]}"


# MARK: - The expected outcomes

OK = "2xx"

# Expected status by kind of operation and role. The anonymous, revoked and forged roles
# get 401 everywhere unless a kind says otherwise.
KINDS = {
    # /healthz and the OpenAPI document: anyone without credentials; a token that does not
    # hold is refused even there.
    "public": dict(owner=OK, editor=OK, viewer=OK, stranger=OK, readonly=OK, anonymous=OK),
    # Reads of the owner's list or todo, named in the path (or the query).
    "list-read": dict(owner=OK, editor=OK, viewer=OK, stranger=404, readonly=OK),
    # Writes to the list's todos.
    "todo-write": dict(owner=OK, editor=OK, viewer=403, stranger=404, readonly=403),
    # Writes to the list itself: rename, move, trash, restore, share, remove a member.
    "list-write": dict(owner=OK, editor=403, viewer=403, stranger=404, readonly=403),
    # A member leaving the list (DELETE members/{their own name}).
    "leave": dict(editor=OK, viewer=OK, stranger=404),
    # A reminder of a todo the caller can read: each person's own, so a viewer may set one.
    "remind": dict(owner=OK, editor=OK, viewer=OK, stranger=404, readonly=403),
    # A tag of the owner's todo, named in the path: renamed on the todos the caller may edit,
    # so a viewer and a stranger find none to rename.
    "tag-write": dict(owner=OK, editor=OK, viewer=404, stranger=404, readonly=403),
    # One of the owner's reminders, named in the path: nobody else's to see or change.
    "own-reminder": dict(owner=OK, editor=404, viewer=404, stranger=404, readonly=403),
    # One of the owner's saved filters, named in the path: each person's own, as reminders;
    # a read-only token reads it.
    "own-filter": dict(owner=OK, editor=404, viewer=404, stranger=404, readonly=403),
    "own-filter-read": dict(owner=OK, editor=404, viewer=404, stranger=404, readonly=OK),
    # Routes without ids: each caller's own data (checked for leaks below).
    "own-read": dict(owner=OK, editor=OK, viewer=OK, stranger=OK, readonly=OK),
    "own-write": dict(owner=OK, editor=OK, viewer=OK, stranger=OK, readonly=403),
    # /todos/{id} on a todo of the owner's Inbox: /todos is each user's own Inbox, so
    # another user's todo is not found there, even when the Inbox is shared with them.
    "inbox-read": dict(owner=OK, editor=404, viewer=404, stranger=404, readonly=OK),
    "inbox-write": dict(owner=OK, editor=404, viewer=404, stranger=404, readonly=403),
    # GET /api/v1/session: who is signed in (by token too, then without a CSRF token).
    "session-get": dict(owner=OK, editor=OK, viewer=OK, stranger=OK, readonly=OK),
    # POST /api/v1/session with the caller's own name and password (anonymous: a wrong
    # password, 401). A request whose token does not hold is refused before (401).
    "sign-in": dict(owner=OK, editor=OK, viewer=OK, stranger=OK, readonly=OK),
    # DELETE /api/v1/session with a token: 204, there is no session to end and no data
    # changes (so a read-only token may do it too).
    "sign-out": dict(owner=OK, editor=OK, viewer=OK, stranger=OK, readonly=OK),
}


def expected_status(kind, role):
    if role == "stranger-cookie":
        return expected_status(kind, "stranger")
    return KINDS[kind].get(role, 401 if role in ("anonymous", "revoked", "forged") else None)


class Op:
    """How to call one operation of the document in the matrix.

    kind     the row of KINDS that gives the expected statuses
    body     (case) -> JSON body, for operations with a request body
    query    (case) -> dict of query parameters
    setup    steps on the owner's fresh objects before the request: "trash-todo",
             "trash-list", "repeat-todo" (the todo repeats weekly), "reminder" (the owner
             sets one on the todo: what {reminderID} names), "tag" (the todo gets a tag of
             its own: what {tag} names)
    todo     which todo {todoID} names: "list" (the todo of the owner's fresh list) or
             "inbox" (a fresh todo of the owner's Inbox)
    user     who {userName} names: "stranger", "member" (another member of the list),
             "self" (the caller)
    roles    the roles this variant applies to (default: all)
    variant  a label, when an operation has more than one entry
    content_type  the body's media type, when it is not JSON
    """

    def __init__(self, kind, body=None, query=None, setup=(), todo="list", user=None,
                 roles=ROLES, variant="", content_type=None):
        assert kind in KINDS, kind
        self.kind = kind
        self.content_type = content_type
        self.body = body
        self.query = query
        self.setup = setup
        self.todo = todo
        self.user = user
        self.roles = roles
        self.variant = variant


def import_document(case):
    """A self-contained import: a new list of the caller's with one todo."""
    list_id, todo_id = str(uuid.uuid4()), str(uuid.uuid4())
    stamp = "2026-01-01T00:00:00Z"
    return {"format": 1, "exportedAt": stamp,
            "lists": [{"id": list_id, "name": unique("imported"), "order": "V",
                       "createdAt": stamp, "updatedAt": stamp}],
            "todos": [{"id": todo_id, "listID": list_id, "title": unique("imported todo"),
                       "notes": "", "status": "notStarted", "order": "V",
                       "createdAt": stamp, "updatedAt": stamp, "version": 1}]}


def calendar_body(case):
    """An iCalendar file with one new todo."""
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uuid.uuid4()}\r\nSUMMARY:{unique('calendar todo')}\r\n"
            "END:VTODO\r\nEND:VCALENDAR\r\n")


def todoist_body(case):
    """A Todoist CSV export with one task."""
    return f"TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,DATE\r\ntask,{unique('todoist task')},,1,1,\r\n"


def sign_in_body(case):
    if case.role == "anonymous":
        return {"name": unique("nobody").replace(" ", "-"), "password": "Not-The-Password-42"}
    account = case.world.accounts[ROLE_USER[case.role]]
    return {"name": account.name, "password": account.password}


# One entry per operationId of openapi.json (a list of variants); the matrix fails for an
# operation that has none.
OPERATIONS = {
    "health": [Op("public")],
    "readiness": [Op("public")],
    "openAPIDocument": [Op("public")],
    "listLists": [Op("own-read")],
    "createList": [Op("own-write", body=lambda c: {"name": unique("created")})],
    "getList": [Op("list-read")],
    "renameList": [Op("list-write", body=lambda c: {"name": unique("renamed")})],
    "trashList": [Op("list-write")],
    "moveList": [Op("list-write", body=lambda c: {"to": "top"})],
    "restoreList": [Op("list-write", setup=("trash-list",))],
    "listTodos": [Op("list-read")],
    "createTodo": [Op("todo-write", body=lambda c: {"title": unique("created todo")})],
    "getTodo": [Op("list-read")],
    "updateTodo": [Op("todo-write", body=lambda c: {"title": unique("patched todo")})],
    "trashTodo": [Op("todo-write")],
    "moveTodo": [Op("todo-write", body=lambda c: {"to": "bottom"})],
    "restoreTodo": [Op("todo-write", setup=("trash-todo",))],
    "skipOccurrence": [Op("todo-write", setup=("repeat-todo",))],
    "listCompletions": [Op("list-read", setup=("repeat-todo",))],
    "listReminders": [Op("list-read", setup=("reminder",))],
    "addReminder": [Op("remind", body=lambda c: {"at": "2031-01-06T09:00:00Z"})],
    "listRingingReminders": [Op("own-read")],
    "getMailSettings": [Op("own-read")],
    "setMailSettings": [Op("own-write", body=lambda c: {"digest": True})],
    "removeReminder": [Op("own-reminder", setup=("reminder",))],
    "snoozeReminder": [Op("own-reminder", setup=("reminder",),
                          body=lambda c: {"snooze": "tenMinutes"})],
    "dismissReminder": [Op("own-reminder", setup=("reminder",))],
    "searchTodos": [
        Op("own-read", query=lambda c: {"q": c.todo["title"]}, variant="q=<owner's title>"),
        Op("list-read", query=lambda c: {"list": c.list["id"]}, variant="list=<owner's list>"),
    ],
    "filterTodos": [
        Op("own-read", query=lambda c: {"filter": f'search: "{c.todo["title"]}"'},
           variant="filter=search: <owner's title>"),
        Op("own-read", query=lambda c: {"filter": "no date | !no date"},
           variant="filter=everything"),
    ],
    "listTags": [Op("own-read", setup=("tag",))],
    "listFilters": [Op("own-read", setup=("filter",))],
    "createFilter": [Op("own-write", body=lambda c: {"name": unique("filter"), "query": "p1"})],
    "updateFilter": [Op("own-filter", setup=("filter",), body=lambda c: {"query": "p2"})],
    "deleteFilter": [Op("own-filter", setup=("filter",))],
    "savedFilterTodos": [Op("own-filter-read", setup=("filter",))],
    "renameTag": [Op("tag-write", setup=("tag",),
                     body=lambda c: {"name": "renamed-" + uuid.uuid4().hex[:12]})],
    "getTrash": [Op("own-read", setup=("trash-todo",))],
    "emptyTrash": [Op("own-write", setup=("trash-todo",))],
    # Deleting for good is the list owner's, as emptying the trash is.
    "deleteTrashedTodo": [Op("list-write", setup=("trash-todo",))],
    "deleteTrashedList": [Op("list-write", setup=("trash-list",))],
    "exportAll": [Op("own-read")],
    "exportCalendar": [
        Op("own-read"),
        Op("list-read", query=lambda c: {"list": c.list["id"]}, variant="list=<owner's list>"),
    ],
    "importTodoist": [
        Op("own-write", body=todoist_body, content_type="text/csv"),
        Op("todo-write", body=todoist_body, content_type="text/csv",
           query=lambda c: {"list": c.list["id"]}, variant="list=<owner's list>"),
    ],
    "importCalendar": [
        Op("own-write", body=calendar_body, content_type="text/calendar"),
        Op("todo-write", body=calendar_body, content_type="text/calendar",
           query=lambda c: {"list": c.list["id"]}, variant="list=<owner's list>"),
    ],
    "importAll": [Op("own-write", body=import_document)],
    "backendList": [Op("own-read", todo="inbox")],
    "backendCreate": [Op("own-write", body=lambda c: {"title": unique("backend todo")})],
    "backendClear": [Op("own-write", todo="inbox")],
    "backendGet": [Op("inbox-read", todo="inbox")],
    "backendUpdate": [Op("inbox-write", todo="inbox",
                         body=lambda c: {"title": unique("backend patched")})],
    "backendDelete": [Op("inbox-write", todo="inbox")],
    "getSession": [Op("session-get")],
    "signIn": [Op("sign-in", body=sign_in_body)],
    "signOut": [Op("sign-out")],
    "listTokens": [Op("own-read")],
    "createToken": [Op("own-write", body=lambda c: {"name": unique("matrix token")})],
    # {tokenID}: a spare token of the caller's own account, made for the request.
    "revokeToken": [Op("own-write")],
    "listMembers": [Op("list-read")],
    "shareList": [Op("list-write", body=lambda c: {"role": "viewer"}, user="stranger")],
    "unshareList": [
        Op("list-write", user="member", variant="another member"),
        Op("leave", user="self", roles=("editor", "viewer", "stranger", "stranger-cookie"),
           variant="self (leave)"),
    ],
}

# Operations of the document deliberately left out of the matrix, with the reason. Empty:
# even /healthz and the OpenAPI document are in it (kind "public").
EXCLUDED = {}


def document_operations():
    """[(operationId, method, path, operation)] of every operation in openapi.json; fails on
    a path item key that is neither a method nor a known non-operation key."""
    document = json.loads(OPENAPI.read_text())
    operations = []
    for path, item in document["paths"].items():
        for key, operation in item.items():
            if key in PATH_ITEM_KEYS:
                continue
            assert key in HTTP_METHODS, f"{path}: unknown path item key {key!r}"
            assert operation.get("operationId"), f"{key.upper()} {path} has no operationId"
            operations.append((operation["operationId"], key.upper(), path, operation))
    return operations


# MARK: - The world: one server, four users, their tokens and sessions


class World:
    def __init__(self, server):
        self.server = server
        self.accounts = server.accounts
        self.owner = server.accounts[OWNER]
        self.sessions = {}
        self.readonly_token = None
        self.revoked_token = None

    def credentials(self, role, method="GET", session=None):
        if role == "stranger-cookie":
            session = session or self.sessions["stranger-cookie"]
            headers = [session.cookie_header]
            if method not in ("GET", "HEAD"):
                headers.append(("X-CSRF-Token", session.csrf))
            return headers
        if role == "anonymous":
            return []
        if role == "revoked":
            return bearer(self.revoked_token)
        if role == "forged":
            return bearer(forged(self.owner.token))
        if role == "readonly":
            return bearer(self.readonly_token)
        return self.accounts[ROLE_USER[role]].headers

    def inbox(self, name):
        return self.accounts[name].inbox_id

    def export(self):
        """The owner's export without its timestamp, and the owner's tokens (without their
        last use): what no other role may change."""
        export = self.owner.export(self.server)
        export.pop("exportedAt", None)
        tokens = self.owner.api(self.server, "GET", "/api/v1/tokens", expect=200)
        return {"export": export,
                "tokens": sorted((t["id"], t["name"], t["scope"]) for t in tokens)}


@pytest.fixture(scope="module")
def world(accounts_server_factory):
    server = accounts_server_factory(USERS, name="accounts")
    world = World(server)
    database = server.database
    world.readonly_token = create_token(database, OWNER, "read-only", read_only=True)
    world.revoked_token = create_token(database, OWNER, "revoked")
    # The token worked before it was revoked (while the server runs, through the CLI).
    response = server.request("GET", "/api/v1/lists", headers=bearer(world.revoked_token))
    assert response.status == 200, f"the token to revoke did not work: {response!r}"
    revoke_token(database, OWNER, "revoked")
    for name in USERS:
        world.sessions[name] = server.accounts[name].sign_in(server)
    # The matrix's cookie role has a session of its own (the live tests use the others).
    world.sessions["stranger-cookie"] = server.accounts[STRANGER].sign_in(server)
    # The owner's Inbox is shared with the editor and the viewer: /todos/{id} must still
    # be each user's own Inbox.
    world.owner.share(server, world.inbox(OWNER), EDITOR, "editor")
    world.owner.share(server, world.inbox(OWNER), VIEWER, "viewer")
    return world


# MARK: - 1. The matrix


class Case:
    """One request of the matrix: an operation variant, a role, and the owner's fresh
    objects it names."""

    def __init__(self, world, op_id, method, path, operation, spec, role):
        self.world = world
        self.op_id = op_id
        self.method = method
        self.path = path
        self.operation = operation
        self.spec = spec
        self.role = role
        self.list = self.todo = self.inbox_todo = None
        self.user = None
        self.token_id = None
        self.session = None
        self.expected = None
        self.response = None
        self.problems = []

    @property
    def label(self):
        variant = f" [{self.spec.variant}]" if self.spec.variant else ""
        return f"{self.method} {self.path}{variant}"

    def prepare(self):
        """Creates the owner's fresh list and todo (and what the variant needs) through the
        API with the owner's token."""
        server, owner = self.world.server, self.world.owner
        self.list = owner.new_list(server, unique(f"matrix list {self.op_id} {self.role}"))
        self.todo = owner.new_todo(server, self.list["id"], unique("matrix todo"))
        if self.spec.todo == "inbox" or self.path.startswith("/todos"):
            self.inbox_todo = owner.new_todo(server, self.world.inbox(OWNER),
                                             unique("matrix inbox todo"))
        if self.role == "editor":
            owner.share(server, self.list["id"], EDITOR, "editor")
        if self.role == "viewer":
            owner.share(server, self.list["id"], VIEWER, "viewer")
        if self.spec.user == "stranger":
            self.user = STRANGER
        elif self.spec.user == "member":
            self.user = EDITOR if self.role == "viewer" else VIEWER
            owner.share(server, self.list["id"], self.user,
                        "editor" if self.user == EDITOR else "viewer")
        elif self.spec.user == "self":
            self.user = ROLE_USER[self.role]
        for step in self.spec.setup:
            if step == "trash-todo":
                owner.api(server, "DELETE", f"/api/v1/todos/{self.todo['id']}", expect=200)
            elif step == "trash-list":
                owner.api(server, "DELETE", f"/api/v1/lists/{self.list['id']}", expect=200)
            elif step == "reminder":
                self.reminder = owner.api(
                    server, "POST", f"/api/v1/todos/{self.todo['id']}/reminders",
                    body={"at": "2031-01-05T09:00:00Z"}, expect=201)
            elif step == "tag":
                self.tag = "matrix-" + uuid.uuid4().hex[:12]
                owner.api(server, "PATCH", f"/api/v1/todos/{self.todo['id']}",
                          body={"tags": [self.tag]}, expect=200)
            elif step == "filter":
                # A filter of the owner's that finds the owner's todo.
                self.filter = owner.api(
                    server, "POST", "/api/v1/filters",
                    body={"name": unique("matrix filter"),
                          "query": f'search: "{self.todo["title"]}"'}, expect=201)
            elif step == "repeat-todo":
                owner.api(server, "PATCH", f"/api/v1/todos/{self.todo['id']}",
                          body={"repeatRule": "FREQ=WEEKLY", "deadline": "2031-01-06"},
                          expect=200)
            else:
                raise AssertionError(f"unknown setup step {step!r}")
        if self.role == "stranger-cookie" and self.op_id in ("signIn", "signOut"):
            # These end the session they are sent with: a session of their own.
            self.session = self.world.accounts[STRANGER].sign_in(server)
        if "{tokenID}" in self.path:
            # A spare token of the caller's own account (the owner's for the owner's
            # read-only, revoked and forged tokens and for anonymous).
            account = self.world.accounts[ROLE_USER[self.role]]
            created = account.api(server, "POST", "/api/v1/tokens",
                                  {"name": unique("spare")}, expect=201)
            self.token_id = created["info"]["id"]

    def parameter(self, name):
        if name == "listID":
            return self.list["id"]
        if name == "todoID":
            return (self.inbox_todo if self.spec.todo == "inbox" else self.todo)["id"]
        if name == "tokenID":
            return self.token_id
        if name == "reminderID":
            return self.reminder["id"]
        if name == "userName":
            return self.user
        if name == "tag":
            return self.tag
        if name == "filterID":
            return self.filter["id"]
        return None

    def url(self):
        def fill(match):
            value = self.parameter(match.group(1))
            if value is None:
                raise LookupError(f"no value for the path parameter {{{match.group(1)}}}")
            return value

        url = re.sub(r"\{([^}]+)\}", fill, self.path)
        if self.spec.query:
            url += "?" + urlencode(self.spec.query(self))
        return url

    def body(self):
        needs_body = "requestBody" in self.operation
        if needs_body and self.spec.body is None:
            raise LookupError("the operation takes a body and the table gives none")
        if not needs_body and self.spec.body is not None:
            raise LookupError("the table gives a body and the document has no requestBody")
        return self.spec.body(self) if self.spec.body else None

    def secrets(self):
        """(names and titles, identifiers) of the owner's objects this case created, and the
        owner's account id."""
        texts = [self.list["name"], self.todo["title"]]
        ids = [self.list["id"], self.todo["id"], self.world.owner.id]
        if self.inbox_todo:
            texts.append(self.inbox_todo["title"])
            ids.append(self.inbox_todo["id"])
        if getattr(self, "tag", None):
            # Named in the path: a 404 may repeat it, as it may an id.
            ids.append(self.tag)
        if getattr(self, "filter", None):
            texts.append(self.filter["name"])
            ids.append(self.filter["id"])
        return texts, ids

    def run(self):
        server = self.world.server
        self.expected = expected_status(self.spec.kind, self.role)
        try:
            url, body = self.url(), self.body()
        except LookupError as error:
            self.problems.append(str(error))
            return
        headers = self.world.credentials(self.role, self.method, self.session)
        if self.spec.content_type:
            headers = [*headers, ("Content-Type", self.spec.content_type)]
        self.response = server.request(self.method, url, body, headers=headers)
        self.check()

    def check(self):
        response, expected = self.response, self.expected
        if expected is None:
            self.problems.append(f"no expected status for role {self.role}")
        elif expected == OK:
            if not 200 <= response.status < 300:
                self.problems.append(f"wanted 2xx, got {response.status} {problem_type(response)}")
        elif response.status != expected:
            self.problems.append(f"wanted {expected}, got {response.status} "
                                 f"{problem_type(response) or response.content_type}")
        elif response.content_type != "application/problem+json":
            self.problems.append(f"{expected} is {response.content_type}, not problem+json")
        elif expected == 403 and problem_type(response) != FORBIDDEN:
            self.problems.append(f"403 of type {problem_type(response)}, not {FORBIDDEN}")
        elif expected == 401 and problem_type(response) != UNAUTHORIZED:
            self.problems.append(f"401 of type {problem_type(response)}, not {UNAUTHORIZED}")
        if self.op_id == "getSession" and 200 <= response.status < 300:
            self.check_session(response.json())
        self.check_leaks()

    def check_session(self, body):
        """GET /api/v1/session names the caller, and has a CSRF token only for a cookie."""
        name = (body.get("account") or {}).get("name")
        if name != ROLE_USER[self.role]:
            self.problems.append(f"the session names {name!r}, not {ROLE_USER[self.role]!r}")
        cookie = self.role == "stranger-cookie"
        if ("csrfToken" in body) != cookie:
            self.problems.append(f"csrfToken {'missing' if cookie else 'given'} for a "
                                 f"{'cookie' if cookie else 'token'}: {body}")

    def check_leaks(self):
        """A stranger's answers never contain the owner's names or titles, and a successful
        one none of the owner's ids either (a 404 may repeat the id the caller sent). /todos
        of anyone but the owner never holds the owner's Inbox todo; the export of a member
        holds only its own lists, and a viewer's trash nothing of a list it cannot edit."""
        texts, ids = self.secrets()
        body = self.response.body.decode("utf-8", "replace").lower()
        successful = 200 <= self.response.status < 300
        watched = []
        if self.role in ("stranger", "stranger-cookie"):
            watched = texts + (ids if successful else [])
        elif self.op_id == "backendList" and self.role in ("editor", "viewer") and successful:
            watched = [self.inbox_todo["title"], self.inbox_todo["id"]]
        elif self.op_id == "exportAll" and self.role in ("editor", "viewer") and successful:
            watched = texts + ids
        elif self.op_id == "getTrash" and self.role == "viewer" and successful:
            watched = [self.todo["title"], self.todo["id"]]
        leaked = [value for value in watched if value.lower() in body]
        if leaked:
            self.problems.append(f"LEAK: the answer contains the owner's {leaked}")

    def row(self):
        got = "-" if self.response is None else str(self.response.status)
        return (self.role, self.op_id, self.label, str(self.expected), got,
                "; ".join(self.problems) or "ok")


def table(rows, header=("role", "operation", "request", "expected", "got", "problem")):
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    widths[-1] = 0
    lines = ["  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip()
             for row in [header, *rows]]
    return "\n".join(lines)


def matrix_cases(world, roles):
    cases, missing = [], []
    for op_id, method, path, operation in document_operations():
        if op_id in EXCLUDED:
            continue
        specs = OPERATIONS.get(op_id)
        if not specs:
            missing.append((op_id, method, path))
            continue
        for spec in specs:
            for role in roles:
                if role in spec.roles:
                    cases.append(Case(world, op_id, method, path, operation, spec, role))
    return cases, missing


class Matrix:
    def __init__(self):
        self.cases = []
        self.missing = []
        self.before = self.after = None
        self.seconds = 0.0


@pytest.fixture(scope="module")
def matrix(world):
    """Runs the whole matrix once: first every request of the roles that may not change the
    owner's data (all their fixtures made first, then the owner's export, then the requests,
    then the export again), then the owner's and the editor's, each on fixtures made just
    before it."""
    start = time.monotonic()
    result = Matrix()
    refused, result.missing = matrix_cases(world, NO_EFFECT_ROLES)
    for case in refused:
        case.prepare()
    result.before = world.export()
    for case in refused:
        case.run()
    result.after = world.export()
    allowed, _ = matrix_cases(world, EFFECT_ROLES)
    for case in allowed:
        case.prepare()
        case.run()
    result.cases = refused + allowed
    result.seconds = time.monotonic() - start
    return result


def test_every_operation_of_the_document_has_a_matrix_entry():
    """Every operationId of openapi.json has an entry in OPERATIONS (or EXCLUDED, with a
    reason), every entry names an operation the document has, and every path parameter is
    one the matrix knows how to fill."""
    operations = document_operations()
    ids = {op_id for op_id, _, _, _ in operations}
    missing = [f"{method} {path} ({op_id})" for op_id, method, path, _ in operations
               if op_id not in OPERATIONS and op_id not in EXCLUDED]
    stale = sorted((set(OPERATIONS) | set(EXCLUDED)) - ids)
    assert not missing, "operations without a matrix entry:\n  " + "\n  ".join(missing)
    assert not stale, f"matrix entries for operations the document does not have: {stale}"
    assert all(reason for reason in EXCLUDED.values()), "an exclusion without a reason"
    known = {"listID", "todoID", "tokenID", "userName", "reminderID", "tag", "filterID"}
    for op_id, method, path, operation in operations:
        names = set(re.findall(r"\{([^}]+)\}", path))
        assert names <= known, f"{method} {path}: unknown path parameters {names - known}"
        bodies = [spec.body is not None for spec in OPERATIONS.get(op_id, [])]
        wanted = "requestBody" in operation
        assert all(has == wanted for has in bodies), (
            f"{method} {path} ({op_id}): requestBody in the document is {wanted}, "
            f"the matrix entry disagrees")


@pytest.mark.parametrize("role", ROLES)
def test_cross_user_matrix(matrix, role):
    """Each operation of the document, called by `role` on the owner's fresh list and todo,
    answers the status the rules give (see KINDS); the stranger's answers contain nothing
    of the owner's."""
    assert not matrix.missing, f"operations without a matrix entry: {matrix.missing}"
    cases = [case for case in matrix.cases if case.role == role]
    assert cases, f"no matrix case for {role}"
    wrong = [case.row() for case in cases if case.problems]
    assert not wrong, (
        f"{len(wrong)} of {len(cases)} requests of the {role} answered wrongly:\n"
        + table(wrong) + "\n\nall requests of the " + role + ":\n"
        + table([case.row() for case in cases]))


def test_matrix_covers_every_role_and_operation(matrix):
    """Every (operation, role) pair the table asks for was run, with a response."""
    ran = {(case.op_id, case.role) for case in matrix.cases if case.response is not None}
    for op_id, method, path, _ in document_operations():
        for spec in OPERATIONS.get(op_id, []):
            for role in spec.roles:
                assert (op_id, role) in ran, f"{method} {path} was not run for {role}"


# MARK: - 2. No cross-user effect


def test_refused_roles_change_nothing_of_the_owners(matrix):
    """After every request of the viewer, the stranger, anonymous, the revoked and forged
    tokens and the read-only token (the whole matrix for those roles), the owner's export
    (lists and todos, trashed ones included) and tokens are exactly what they were."""
    before, after = matrix.before, matrix.after
    assert before["export"]["lists"] and before["export"]["todos"], "an empty export"
    if before == after:
        return
    lines = []
    for key in ("lists", "todos"):
        old = {item["id"]: item for item in before["export"][key]}
        new = {item["id"]: item for item in after["export"][key]}
        for item_id in sorted(set(old) | set(new)):
            if old.get(item_id) != new.get(item_id):
                lines.append(f"{key} {item_id}:\n    before {old.get(item_id)}\n"
                             f"    after  {new.get(item_id)}")
    if before["tokens"] != after["tokens"]:
        lines.append(f"tokens before {before['tokens']}\n       after {after['tokens']}")
    shown = "\n".join(lines[:20]) + (f"\n... and {len(lines) - 20} more" if len(lines) > 20 else "")
    raise AssertionError("the owner's data changed under requests that should all have been "
                         f"refused ({len(lines)} differences):\n" + shown)


# MARK: - References to the owner's objects from inside bodies


def test_bodies_cannot_reach_the_owners_objects(world):
    """A stranger's own todo or list cannot be moved into, before or after the owner's
    objects (404, as if they did not exist), nor nested under the owner's todo (422 with the
    answer a todo that does not exist gets); a viewer cannot move a todo into a list shared
    read-only (403); a stranger cannot revoke the owner's token (404). Nothing changes."""
    server, owner = world.server, world.owner
    stranger, viewer = world.accounts[STRANGER], world.accounts[VIEWER]
    private = owner.new_list(server, unique("private"))
    secret = owner.new_todo(server, private["id"], unique("private todo"))
    shared = owner.new_list(server, unique("read only"))
    owner.share(server, shared["id"], VIEWER, "viewer")
    mine = stranger.new_todo(server, world.inbox(STRANGER))
    my_list = stranger.new_list(server)
    viewers = viewer.new_todo(server, world.inbox(VIEWER))
    before = world.export()
    attempts = [
        (stranger, "PATCH", f"/api/v1/todos/{mine['id']}", {"listID": private["id"]}, 404),
        (stranger, "POST", f"/api/v1/todos/{mine['id']}/move", {"before": secret["id"]}, 404),
        (stranger, "POST", f"/api/v1/todos/{mine['id']}/move", {"after": secret["id"]}, 404),
        (stranger, "POST", f"/api/v1/lists/{my_list['id']}/move", {"before": private["id"]}, 404),
        (stranger, "DELETE", f"/api/v1/tokens/{token_id(owner.token)}", None, 404),
        (viewer, "PATCH", f"/api/v1/todos/{viewers['id']}", {"listID": shared["id"]}, 403),
        (stranger, "PATCH", f"/api/v1/todos/{mine['id']}", {"parentID": secret["id"]}, 422),
        (stranger, "POST", f"/api/v1/lists/{world.inbox(STRANGER)}/todos",
         {"title": "nested", "parentID": secret["id"]}, 422),
    ]
    rows = []
    for account, method, path, body, wanted in attempts:
        response = account.request(server, method, path, body)
        if response.status != wanted:
            rows.append((account.name, method, path, json.dumps(body), wanted,
                         f"{response.status} {response.body[:160]!r}"))
    assert not rows, "wrong answers:\n" + table(
        rows, ("who", "method", "path", "body", "expected", "got"))
    # The owner's todo answers as a todo that does not exist: no oracle for its identifier.
    nowhere = str(uuid.uuid4()).upper()
    answers = [json.loads(stranger.request(server, "PATCH", f"/api/v1/todos/{mine['id']}",
                                           {"parentID": parent}).body.replace(parent.encode(), b"ID"))
               for parent in (secret["id"], nowhere)]
    assert answers[0] == answers[1], answers
    assert world.export() == before, "the owner's data changed"
    assert owner.request(server, "GET", "/api/v1/lists").status == 200, \
        "the owner's token stopped working"


def _import(todos=(), lists=()):
    return {"format": 1, "exportedAt": "2026-01-01T00:00:00Z", "lists": list(lists),
            "todos": list(todos)}


def _import_todo(todo_id, list_id):
    stamp = "2026-01-01T00:00:00Z"
    return {"id": todo_id, "listID": list_id, "title": unique("imported over"), "notes": "",
            "status": "done", "order": "V", "createdAt": stamp, "updatedAt": stamp,
            "version": 1}


def _import_list(list_id):
    stamp = "2026-01-01T00:00:00Z"
    return {"id": list_id, "name": unique("taken over"), "order": "V", "createdAt": stamp,
            "updatedAt": stamp}


def test_import_cannot_write_into_another_users_objects(world):
    """POST /api/v1/import by a stranger that names the owner's list (as its own list, or as
    the list of a new todo) or the owner's todo is refused; the editor cannot take over the
    owner's list either. Nothing of the owner's changes."""
    server, owner = world.server, world.owner
    stranger, editor = world.accounts[STRANGER], world.accounts[EDITOR]
    target = owner.new_list(server, unique("import target"))
    todo = owner.new_todo(server, target["id"], unique("import target todo"))
    owner.share(server, target["id"], EDITOR, "editor")
    before = world.export()
    attempts = [
        (stranger, "list id = owner's list", _import(lists=[_import_list(target["id"])])),
        (stranger, "new todo in owner's list",
         _import(todos=[_import_todo(str(uuid.uuid4()), target["id"])])),
        (stranger, "todo id = owner's todo, in own Inbox",
         _import(todos=[_import_todo(todo["id"], world.inbox(STRANGER))])),
        (editor, "list id = owner's (shared) list", _import(lists=[_import_list(target["id"])])),
    ]
    rows = []
    for account, what, document in attempts:
        response = account.request(server, "POST", "/api/v1/import", document)
        if not 400 <= response.status < 500:
            rows.append((account.name, what, f"{response.status} {response.body[:160]!r}"))
    assert not rows, "imports over another user's objects were accepted:\n" + table(
        rows, ("who", "import", "got"))
    assert world.export() == before, "the owner's data changed"


def test_viewer_import_into_a_read_only_list_is_403(world):
    """A viewer's import of a new todo into a list shared with it read-only is a write to
    the list's todos: 403 forbidden like every other one, and nothing changes."""
    server, owner, viewer = world.server, world.owner, world.accounts[VIEWER]
    target = owner.new_list(server, unique("viewer import target"))
    owner.share(server, target["id"], VIEWER, "viewer")
    before = world.export()
    document = _import(todos=[_import_todo(str(uuid.uuid4()), target["id"])])
    response = viewer.request(server, "POST", "/api/v1/import", document)
    assert world.export() == before, "the owner's data changed"
    assert response.status == 403 and problem_type(response) == FORBIDDEN, (
        "SERVER BUG? POST /api/v1/import by a viewer, a todo into the list shared with it "
        f"read-only: expected 403 {FORBIDDEN} (as POST /lists/{{id}}/todos answers), got "
        f"{response.status} {response.body[:200]!r} (nothing was written)")


# MARK: - Credentials


def test_basic_credentials_name_the_tokens_user(world):
    """HTTP Basic NAME:TOKEN signs in when NAME is the token's user (any case), and is 401
    with another user's name."""
    server, owner = world.server, world.owner
    assert server.request("GET", "/api/v1/lists",
                          headers=basic(OWNER, owner.token)).status == 200
    assert server.request("GET", "/api/v1/lists",
                          headers=basic(OWNER.upper(), owner.token)).status == 200
    response = server.request("GET", "/api/v1/lists", headers=basic(STRANGER, owner.token))
    assert response.status == 401, response


def test_a_token_revoked_through_the_api_is_401_everywhere(world):
    """A token made and revoked through /api/v1/tokens: it works until revoked, then every
    route, public ones included, answers 401."""
    server, owner = world.server, world.owner
    created = owner.api(server, "POST", "/api/v1/tokens", {"name": unique("short-lived")},
                        expect=201)
    token = created["token"]
    assert server.request("GET", "/api/v1/lists", headers=bearer(token)).status == 200
    owner.api(server, "DELETE", f"/api/v1/tokens/{created['info']['id']}", expect=204)
    for method, path in [("GET", "/healthz"), ("GET", "/api/v1/openapi.json"),
                         ("GET", "/api/v1/lists"), ("GET", "/todos")]:
        response = server.request(method, path, headers=bearer(token))
        assert response.status == 401, f"{method} {path} with a revoked token: {response!r}"


# MARK: - 3. The live page of a stranger


def open_live(server, session=None, headers=()):
    extra = list(headers) + ([session.cookie_header] if session else [])
    ws, response = WebSocket.handshake(server.port, server.host, origin=server.origin,
                                       headers=extra)
    assert ws is not None, f"upgrade refused: {response!r}"
    return ws


class LiveReader:
    """Reads a live page's messages, keeping them all and the last chrome seen."""

    def __init__(self, ws):
        self.ws = ws
        self.messages = []   # the raw text of each
        self.chrome = None

    def next(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        try:
            message = self.ws.read_message(timeout=remaining)
        except NoResponse:
            return None
        assert isinstance(message, str), f"not a text message: {message!r}"
        self.messages.append(message)
        decoded = json.loads(message)
        if decoded.get("chrome") is not None:
            self.chrome = decoded["chrome"]
        return decoded

    def until(self, predicate, timeout, what):
        """Reads until a message satisfies the predicate (returned); fails after timeout."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.next(deadline)
            if message is None:
                tail = "\n".join(m[:400] for m in self.messages[-5:])
                raise AssertionError(
                    f"no message with {what} within {timeout}s; last ones:\n{tail}")
            if predicate(message):
                return message


def lists_of(message):
    chrome = message.get("chrome") or {}
    return chrome.get("lists")


def entry(lists, list_id):
    for item in lists or []:
        if item["id"].lower() == list_id.lower():
            return item
    return None


def titles_in(message):
    return [cell.get("title") for cell in (message.get("cells") or {}).values()]


def test_stranger_live_page_never_receives_another_users_list(world):
    """A stranger's page (its session cookie) asks for the owner's list by id; the owner
    adds todos (to that list and to its Inbox) and renames the list; then the stranger adds
    a todo to its own Inbox. Until that todo arrives on the page, no message carried the
    owner's titles or the list's names, and the page did not switch to the owner's list."""
    server, owner, stranger = world.server, world.owner, world.accounts[STRANGER]
    private = owner.new_list(server, unique("private live list"))
    ws = open_live(server, world.sessions[STRANGER])
    try:
        live = LiveReader(ws)
        snapshot = live.until(lambda m: True, 5, "the snapshot")
        assert snapshot["type"] == "snapshot", snapshot
        ws.send_json({"v": 1, "type": "chooseList", "id": private["id"]})
        # Events of one page are handled in order: once the layout change is seen, the
        # chooseList before it has been handled.
        ws.send_json({"v": 1, "type": "chooseLayout", "layout": "outline"})
        live.until(lambda m: (m.get("chrome") or {}).get("layout") == "outline", 5,
                   "the layout change that follows chooseList")
        assert (live.chrome.get("listID") or "").lower() != private["id"].lower(), (
            f"the stranger's page switched to the owner's list: {live.chrome}")
        secret_title = unique("secret todo in the private list")
        inbox_title = unique("secret todo in the owner's inbox")
        renamed = unique("renamed private live list")
        owner.new_todo(server, private["id"], secret_title)
        owner.new_todo(server, world.inbox(OWNER), inbox_title)
        owner.api(server, "PATCH", f"/api/v1/lists/{private['id']}", {"name": renamed},
                  expect=200)
        marker = unique("stranger's own marker")
        stranger.new_todo(server, world.inbox(STRANGER), marker)
        live.until(lambda m: marker in titles_in(m), 5, f"the stranger's own todo {marker!r}")
        secrets = [secret_title, inbox_title, private["name"], renamed]
        leaked = [(secret, message[:300]) for message in live.messages for secret in secrets
                  if secret in message]
        assert not leaked, f"the stranger's page received the owner's data: {leaked}"
        assert entry(live.chrome.get("lists"), private["id"]) is None, live.chrome
    finally:
        ws.close()


@pytest.mark.parametrize("how", ["no cookie", "forged cookie", "signed-out cookie",
                                 "forged token", "revoked token"])
def test_live_without_a_session_is_closed_with_1008(world, how):
    """On a server with accounts, /live without a live session or a token that holds (no
    cookie, a forged one, the cookie of a session that signed out, a forged or a revoked
    API token) upgrades and is closed at once with 1008, before any data."""
    server = world.server
    headers = []
    if how == "forged cookie":
        headers = [("Cookie", f"{COOKIE_NAME}={uuid.uuid4()}.{'ab' * 32}")]
    elif how == "signed-out cookie":
        session = world.accounts[VIEWER].sign_in(server)
        assert session.request(server, "DELETE", "/api/v1/session").status == 204
        headers = [session.cookie_header]
    elif how == "forged token":
        headers = bearer(forged(world.owner.token))
    elif how == "revoked token":
        headers = bearer(world.revoked_token)
    ws, response = WebSocket.handshake(server.port, server.host, origin=server.origin,
                                       headers=headers)
    if ws is None:
        raise AssertionError(f"the upgrade was refused instead of closed with 1008: {response!r}")
    try:
        frame, before = ws.read_until_close(5)
        assert frame is not None, f"the connection ended without a close frame after {before!r}"
        assert frame.close_code == 1008, f"close code {frame.close_code}: {frame!r}"
        assert before == [], f"data before the close: {before!r}"
    finally:
        ws.close()


def test_a_token_opens_its_users_live_page_until_it_is_revoked(world):
    """A client that is not a browser (todo tui --server) opens /live with an API token: it
    gets its user's page, and nobody else's data; a read-only token's page reads but its
    writes change nothing; revoking the token closes the page with 1008."""
    server, owner = world.server, world.owner
    database = server.database
    label = unique("live token")
    token = create_token(database, VIEWER, label)
    ws = open_live(server, headers=bearer(token))
    try:
        live = LiveReader(ws)
        snapshot = live.until(lambda m: True, 5, "the snapshot")
        assert snapshot["type"] == "snapshot", snapshot
        assert live.chrome.get("account") == VIEWER, live.chrome
        marker = unique("the viewer's own todo")
        world.accounts[VIEWER].new_todo(server, world.inbox(VIEWER), marker)
        live.until(lambda m: marker in titles_in(m), 5, f"the viewer's todo {marker!r}")
        revoke_token(database, VIEWER, label)
        frame, _ = ws.read_until_close(10)
        assert frame is not None and frame.close_code == 1008, f"not closed with 1008: {frame!r}"
    finally:
        ws.close()
    # A read-only token's page: an add through the page writes nothing.
    ws = open_live(server, headers=bearer(world.readonly_token))
    try:
        live = LiveReader(ws)
        live.until(lambda m: True, 5, "the snapshot")
        refused = unique("written with a read-only token")
        ws.send_json({"v": 1, "type": "add", "title": refused})
        marker = unique("owner's marker after the refused add")
        owner.new_todo(server, world.inbox(OWNER), marker)
        live.until(lambda m: marker in titles_in(m), 5, f"the owner's todo {marker!r}")
        exported = json.dumps(owner.export(server))
        assert refused not in exported, "a read-only token's page wrote a todo"
    finally:
        ws.close()


def test_stranger_live_events_cannot_touch_another_users_objects(world):
    """A stranger's page sends every event that names a todo or a list with the owner's
    ids (toggle, status, edit, delete, move, rename, delete list, restore a draft); then it
    adds a todo of its own through the page. Once that arrives, no message carried the
    owner's titles or names, and the owner's data is unchanged."""
    server, owner = world.server, world.owner
    private = owner.new_list(server, unique("private events list"))
    secret = owner.new_todo(server, private["id"], unique("private events todo"))
    other = owner.new_todo(server, private["id"], unique("private events other"))
    before = world.export()
    ws = open_live(server, world.sessions[STRANGER])
    try:
        live = LiveReader(ws)
        live.until(lambda m: True, 5, "the snapshot")
        todo_id, list_id = secret["id"], private["id"]
        events = [
            {"type": "chooseList", "id": list_id},
            {"type": "toggle", "id": todo_id},
            {"type": "setStatus", "id": todo_id, "status": "done"},
            {"type": "beginEdit", "id": todo_id},
            {"type": "saveEdit", "title": "taken over", "status": "done"},
            {"type": "cancelEdit"},
            {"type": "restoreEdit", "id": todo_id, "version": 1, "title": "taken over",
             "status": "done"},
            {"type": "cancelEdit"},
            {"type": "requestDelete", "id": todo_id},
            {"type": "confirmDelete"},
            {"type": "move", "id": todo_id, "before": other["id"]},
            {"type": "renameList", "id": list_id, "name": "taken over"},
            {"type": "requestDeleteList", "id": list_id},
            {"type": "confirmDeleteList"},
        ]
        for event in events:
            ws.send_json({"v": 1, **event})
        marker = unique("stranger's page marker")
        ws.send_json({"v": 1, "type": "add", "title": marker})
        live.until(lambda m: marker in titles_in(m), 5, f"the stranger's own todo {marker!r}")
        secrets = [private["name"], secret["title"], other["title"]]
        leaked = [(value, message[:300]) for message in live.messages for value in secrets
                  if value in message]
        assert not leaked, f"the stranger's page received the owner's data: {leaked}"
    finally:
        ws.close()
    assert world.export() == before, "a stranger's live events changed the owner's data"


def test_viewer_live_page_can_read_but_not_write(world):
    """A viewer's page shows the list shared with it read-only, and every write it sends
    there (add, toggle, status, delete, move, clear completed, rename, delete list) is
    refused with a problem on the page; the owner's data is unchanged."""
    server, owner, viewer = world.server, world.owner, world.accounts[VIEWER]
    shared = owner.new_list(server, unique("read-only live list"))
    first = owner.new_todo(server, shared["id"], unique("read-only first"))
    second = owner.new_todo(server, shared["id"], unique("read-only second"))
    owner.api(server, "PATCH", f"/api/v1/todos/{second['id']}", {"status": "done"}, expect=200)
    owner.share(server, shared["id"], VIEWER, "viewer")
    before = world.export()
    ws = open_live(server, world.sessions[VIEWER])
    try:
        live = LiveReader(ws)
        live.until(lambda m: True, 5, "the snapshot")
        ws.send_json({"v": 1, "type": "chooseList", "id": shared["id"]})
        live.until(lambda m: first["title"] in titles_in(m), 5, "the shared list's todos")
        refused = lambda m: "read only" in ((m.get("chrome") or {}).get("problem") or "") \
            or "only the owner" in ((m.get("chrome") or {}).get("problem") or "")
        writes = [
            [{"type": "add", "title": unique("viewer's add")}],
            [{"type": "toggle", "id": first["id"]}],
            [{"type": "setStatus", "id": first["id"], "status": "inProgress"}],
            [{"type": "requestDelete", "id": first["id"]}, {"type": "confirmDelete"}],
            [{"type": "move", "id": first["id"], "after": second["id"]}],
            [{"type": "clearCompleted"}, {"type": "confirmClear"}],
            [{"type": "renameList", "id": shared["id"], "name": unique("viewer's name")}],
            [{"type": "requestDeleteList", "id": shared["id"]}, {"type": "confirmDeleteList"}],
        ]
        for events in writes:
            for event in events:
                ws.send_json({"v": 1, **event})
            live.until(refused, 5, f"a refusal of {events}")
            # Any event clears the problem; once the page shows none, the next refusal is a
            # change the page is sent.
            ws.send_json({"v": 1, "type": "dismissToast"})
            live.until(lambda m: m.get("chrome") is not None and not m["chrome"].get("problem"),
                       5, "the problem cleared")
    finally:
        ws.close()
    assert world.export() == before, "a viewer's live events changed the owner's data"


def test_the_owners_inbox_is_private_too(world):
    """The owner's Inbox (the first user's: the installation's well-known Inbox id) is 404
    for a stranger on every route that names it."""
    server, stranger = world.server, world.accounts[STRANGER]
    inbox = world.inbox(OWNER)
    kept = world.owner.new_todo(server, inbox, unique("inbox private todo"))
    before = world.export()
    attempts = [("GET", f"/api/v1/lists/{inbox}", None),
                ("GET", f"/api/v1/lists/{inbox}/todos", None),
                ("GET", f"/api/v1/lists/{inbox}/members", None),
                ("POST", f"/api/v1/lists/{inbox}/todos", {"title": "into another's inbox"}),
                ("PATCH", f"/api/v1/lists/{inbox}", {"name": "Mine now"}),
                ("PUT", f"/api/v1/lists/{inbox}/members/{STRANGER}", {"role": "editor"}),
                ("GET", f"/api/v1/todos/{kept['id']}", None),
                ("GET", f"/todos/{kept['id']}", None),
                ("GET", f"/api/v1/search?{urlencode({'list': inbox})}", None)]
    wrong = []
    for method, path, body in attempts:
        response = stranger.request(server, method, path, body)
        if response.status != 404:
            wrong.append((method, path, f"{response.status} {response.body[:160]!r}"))
    assert not wrong, "the stranger reached the owner's Inbox:\n" + table(
        wrong, ("method", "path", "got"))
    assert world.export() == before


# MARK: - 4. Sharing is live


def test_sharing_and_revoking_reach_the_members_live_page(world):
    """The editor's page gains the owner's list (a chrome.lists entry with shared: true)
    when the owner shares it, shows its todos when chosen, and loses the list when the
    owner revokes the share: the page leaves it, and the owner's next todo in it never
    reaches the page."""
    server, owner, editor = world.server, world.owner, world.accounts[EDITOR]
    session = editor.sign_in(server)
    shared = owner.new_list(server, unique("shared live list"))
    first = owner.new_todo(server, shared["id"], unique("first shared todo"))
    ws = open_live(server, session)
    try:
        live = LiveReader(ws)
        snapshot = live.until(lambda m: True, 5, "the snapshot")
        assert entry(lists_of(snapshot), shared["id"]) is None, "listed before it was shared"
        owner.share(server, shared["id"], EDITOR, "editor")
        message = live.until(lambda m: entry(lists_of(m), shared["id"]) is not None, 5,
                             "the shared list in chrome.lists")
        item = entry(lists_of(message), shared["id"])
        assert item.get("shared") is True, f"the entry is not marked shared: {item}"
        assert item["name"] == shared["name"], item
        ws.send_json({"v": 1, "type": "chooseList", "id": shared["id"]})
        live.until(lambda m: first["title"] in titles_in(m), 5, "the shared list's todo")
        owner.unshare(server, shared["id"], EDITOR)
        live.until(lambda m: lists_of(m) is not None and entry(lists_of(m), shared["id"]) is None,
                   5, "chrome.lists without the revoked list")
        seen = len(live.messages)
        late = unique("after the revoke")
        owner.new_todo(server, shared["id"], late)
        marker = unique("editor's own marker")
        editor.new_list(server, marker)
        live.until(lambda m: any(i["name"] == marker for i in lists_of(m) or []), 5,
                   "the editor's own new list")
        after = live.messages[seen:]
        assert not [m for m in after if late in m], "a todo of the revoked list reached the page"
        assert (live.chrome.get("listID") or "").lower() != shared["id"].lower(), (
            f"the page still shows the revoked list: {live.chrome}")
    finally:
        ws.close()


# MARK: - 5. Browser sessions


def test_session_cookie_flags(world):
    """The sign-in's cookie is HttpOnly, SameSite=Lax, Path=/, and not Secure on http."""
    session = world.accounts[VIEWER].sign_in(world.server)
    cookies = [v for v in session.response.header_all("set-cookie")
               if v.strip().startswith(COOKIE_NAME + "=")]
    assert len(cookies) == 1, cookies
    attributes = [part.strip().lower() for part in cookies[0].split(";")[1:]]
    assert "httponly" in attributes, cookies[0]
    assert "samesite=lax" in attributes, cookies[0]
    assert "path=/" in attributes, cookies[0]
    assert "secure" not in attributes, cookies[0]
    answer = session.request(world.server, "GET", "/api/v1/session")
    assert answer.status == 200, answer
    body = answer.json()
    assert body["account"]["name"] == VIEWER and body["csrfToken"] == session.csrf, body
    assert body["inboxID"].lower() == world.inbox(VIEWER).lower(), body


def test_each_sign_in_gets_a_new_session_id(world):
    """Signing in again while presenting the old cookie (and its CSRF token, as a page that
    has it would) gives a new session id and CSRF token, and the old cookie no longer
    works."""
    server, viewer = world.server, world.accounts[VIEWER]
    first = viewer.sign_in(server)
    second = viewer.sign_in(server, headers=[first.cookie_header, ("X-CSRF-Token", first.csrf)])
    assert first.cookie.split(".")[0] != second.cookie.split(".")[0], (first.cookie, second.cookie)
    assert first.csrf != second.csrf
    old = first.request(server, "GET", "/api/v1/session")
    assert old.status == 401, f"the old session still works: {old!r}"
    assert second.request(server, "GET", "/api/v1/session").status == 200


def test_sign_in_page_can_sign_in_while_a_session_is_live(world):
    """The sign-in page (signin.js) posts the name and password with no X-CSRF-Token: a
    browser whose session is still live (its cookie is sent along) must be able to sign in
    again, e.g. as another user, and get a new session (the presented one ends), as
    POST /api/v1/session documents."""
    server = world.server
    old = world.accounts[VIEWER].sign_in(server)
    stranger = world.accounts[STRANGER]
    response = server.request("POST", "/api/v1/session",
                              {"name": stranger.name, "password": stranger.password},
                              headers=[old.cookie_header, ("Origin", server.origin)])
    assert response.status == 200, (
        "SERVER BUG: POST /api/v1/session from the sign-in page (no X-CSRF-Token) while the "
        f"browser's session cookie is live: expected 200 and a new session, got "
        f"{response.status} {response.body[:200]!r}; signin.js never sends the CSRF token, "
        "so a signed-in browser cannot sign in again from /signin")
    assert session_cookie(response) not in (None, "", old.cookie), response
    assert old.request(server, "GET", "/api/v1/session").status == 401, \
        "the presented session did not end"


@pytest.mark.parametrize("write", ["POST list", "PATCH list", "PUT member", "DELETE todo"])
def test_cookie_writes_need_the_csrf_token(world, write):
    """A write authenticated by the session cookie without X-CSRF-Token is 403 csrf, with a
    wrong one 403 csrf, with the right one 2xx; the refused ones change nothing."""
    server, viewer = world.server, world.accounts[VIEWER]
    session = viewer.sign_in(server)
    target = viewer.new_list(server)
    todo = viewer.new_todo(server, target["id"])

    def request():
        return {
            "POST list": ("POST", "/api/v1/lists", {"name": unique("csrf list")}),
            "PATCH list": ("PATCH", f"/api/v1/lists/{target['id']}", {"name": unique("csrf")}),
            "PUT member": ("PUT", f"/api/v1/lists/{target['id']}/members/{STRANGER}",
                           {"role": "viewer"}),
            "DELETE todo": ("DELETE", f"/api/v1/todos/{todo['id']}", None),
        }[write]

    def state():
        return (viewer.export(server)["lists"], viewer.export(server)["todos"],
                viewer.api(server, "GET", f"/api/v1/lists/{target['id']}/members", expect=200))

    before = state()
    for csrf, label in [(False, "without X-CSRF-Token"), ("0" * 64, "with a wrong token"),
                        (session.csrf[::-1], "with the token reversed")]:
        method, path, body = request()
        response = session.request(server, method, path, body, csrf=csrf)
        assert response.status == 403, f"{method} {path} {label}: {response!r}"
        assert problem_type(response) == CSRF, f"{method} {path} {label}: {response!r}"
    assert state() == before, "a refused write changed something"
    method, path, body = request()
    response = session.request(server, method, path, body)
    assert 200 <= response.status < 300, f"{method} {path} with the token: {response!r}"


def test_foreign_origin_write_is_refused_even_with_the_csrf_token(world):
    """A cookie-authenticated write with the right CSRF token but the Origin of another
    site is 403, and nothing is created."""
    server, viewer = world.server, world.accounts[VIEWER]
    session = viewer.sign_in(server)
    name = unique("cross-site list")
    response = session.request(server, "POST", "/api/v1/lists", {"name": name},
                               headers=[("Origin", FOREIGN)])
    assert response.status == 403, response
    names = [item["name"] for item in viewer.api(server, "GET", "/api/v1/lists", expect=200)]
    assert name not in names


def test_sign_out_ends_the_session(world):
    """DELETE /api/v1/session (with the CSRF token) is 204 and clears the cookie; the old
    cookie is 401 afterwards, for reads and writes."""
    server, viewer = world.server, world.accounts[VIEWER]
    session = viewer.sign_in(server)
    assert session.request(server, "GET", "/api/v1/lists").status == 200
    response = session.request(server, "DELETE", "/api/v1/session")
    assert response.status == 204, response
    assert session_cookie(response) == "", f"the cookie was not cleared: {response.headers}"
    for method, path, body in [("GET", "/api/v1/session", None), ("GET", "/api/v1/lists", None),
                               ("POST", "/api/v1/lists", {"name": unique("after sign-out")})]:
        answer = session.request(server, method, path, body)
        assert answer.status == 401, f"{method} {path} after sign-out: {answer!r}"


def test_wrong_password_and_unknown_user_answer_the_same(world):
    """A wrong password for an existing user and any password for an unknown user get the
    same status, headers (but Date) and body."""
    server = world.server

    def attempt(name, password):
        response = server.request("POST", "/api/v1/session",
                                  {"name": name, "password": password})
        # Date and the request's own id differ from one response to the next.
        headers = sorted((k.lower(), v) for k, v in response.headers
                         if k.lower() not in ("date", "x-request-id"))
        return response.status, headers, response.json()

    wrong = attempt(EDITOR, "Certainly-Not-His-42")
    unknown = attempt(unique("ghost").replace(" ", "-"), "Certainly-Not-His-42")
    assert wrong[0] == 401, wrong
    assert wrong == unknown, f"wrong password: {wrong}\nunknown user: {unknown}"
    # A success forgets this address's failures (the other tests sign in from it too).
    world.accounts[EDITOR].sign_in(server)


def test_failed_sign_ins_throttle_the_name(accounts_server_factory):
    """After 3 failed sign-ins for a name, the next attempt, even with the right password,
    is 429 with Retry-After (a server of its own: the throttle is per name and address)."""
    server = accounts_server_factory(["tess"], name="throttle")
    tess = server.accounts["tess"]
    for attempt in range(3):
        response = server.request("POST", "/api/v1/session",
                                  {"name": "tess", "password": f"Wrong-Password-{attempt}-x"})
        assert response.status == 401, f"failure {attempt + 1}: {response!r}"
    response = server.request("POST", "/api/v1/session",
                              {"name": "tess", "password": tess.password})
    assert response.status == 429, f"the 4th attempt (right password): {response!r}"
    retry = response.header("retry-after")
    assert retry is not None and retry.isdigit() and int(retry) >= 1, response
    assert session_cookie(response) is None, "a throttled attempt got a session"


# MARK: - 6. Listening beyond loopback


def test_non_loopback_address_without_accounts_is_refused():
    """`todo serve --host 0.0.0.0` on a database without users and without --accounts exits
    with a non-zero status and a message that mentions --accounts (it never serves)."""
    serve = TodoServe(address="0.0.0.0", name="http-nonloopback")
    try:
        serve.start(timeout=20)
    except ServeError as error:
        refusal = error
    else:
        raise AssertionError(f"`todo serve --host 0.0.0.0` serves without accounts: {serve.url}")
    finally:
        serve.close()
    assert refusal.returncode is not None, \
        f"`todo serve --host 0.0.0.0` kept running without accounts:\n{refusal.output}"
    assert refusal.returncode != 0, f"exit status 0:\n{refusal.output}"
    assert "--accounts" in refusal.output, f"no mention of --accounts:\n{refusal.output}"


def test_assignments_answer_each_role_alike_and_a_revoked_member_is_unassigned(world):
    """A todo of a shared list is assigned to a member by those who edit it; a viewer's
    assignment is 403; an outsider and an account that does not exist get the same 422 on
    assigneeID; a stranger cannot assign the owner's todo at all (404). Revoking a member
    unassigns their todos and says how many; "assigned: me" is each person's own."""
    server, owner = world.server, world.owner
    editor, viewer, stranger = (world.accounts[name] for name in (EDITOR, VIEWER, STRANGER))
    shared = owner.new_list(server, unique("assigned"))
    owner.share(server, shared["id"], EDITOR, "editor")
    owner.share(server, shared["id"], VIEWER, "viewer")
    todo = owner.new_todo(server, shared["id"], unique("assigned todo"))
    path = f"/api/v1/todos/{todo['id']}"
    assigned = editor.api(server, "PATCH", path, {"assigneeID": viewer.id}, expect=200)
    assert assigned["assigneeID"] == viewer.id
    viewer.api(server, "PATCH", path, {"assigneeID": editor.id}, expect=403)
    stranger.api(server, "PATCH", path, {"assigneeID": stranger.id}, expect=404)
    refusals = [owner.request(server, "PATCH", path, {"assigneeID": outsider})
                for outsider in (stranger.id, str(uuid.uuid4()))]
    assert [r.status for r in refusals] == [422, 422]
    assert refusals[0].json() == refusals[1].json()
    assert refusals[0].json().get("field") == "assigneeID", refusals[0].json()
    # "assigned: me": the viewer's, and nobody else's.
    mine = viewer.api(server, "GET", "/api/v1/todos?" + urlencode({"filter": "assigned: me"}),
                      expect=200)
    assert [t["id"] for t in mine] == [todo["id"]]
    assert stranger.api(server, "GET", "/api/v1/todos?" + urlencode({"filter": "assigned: me"}),
                        expect=200) == []
    # Revoked, the viewer is nobody's assignee there, and the owner is told how many.
    assert owner.unshare(server, shared["id"], VIEWER) == {"unassigned": 1}
    assert "assigneeID" not in owner.api(server, "GET", path, expect=200)

"""Accounts for the HTTP tests: a database with users and API tokens made by the `todo user`
and `todo token` commands BEFORE `todo serve` starts on it (a database that has users turns
accounts on by itself), and clients that sign requests in with a token or a session cookie.

    server = start_accounts_server(["olivia", "stan"], name="accounts")
    olivia = server.accounts["olivia"]
    olivia.api(server, "GET", "/api/v1/lists")                  # Bearer token
    session = olivia.sign_in(server)                            # cookie + CSRF token
    session.request(server, "POST", "/api/v1/lists", {"name": "x"})
"""

import base64
import json
import re
import subprocess
import uuid

from httpkit import Server
from todoserve import todo_binary, wait_for

TOKEN_PATTERN = re.compile(r"todo_([0-9a-f]{32})_([0-9a-f]{64})")
COOKIE_NAME = "todo_session"


def password_for(name):
    """A password the server accepts for `name`: 10+ characters, not a common one, without
    the name in it."""
    return f"Quartz-Lantern-{sum(map(ord, name)) * 7919 % 100000:05d}-Orbit"


def run_cli(*args, stdin=None, timeout=60):
    """Runs `todo ARGS`; the completed process (a failure raises with its output). Like
    TodoServe.start, retries (bounded) while the linker is rewriting the binary (ETXTBSY)."""
    binary = todo_binary()
    result = wait_for(
        lambda: subprocess.run([binary, *map(str, args)], input=stdin, capture_output=True,
                               text=True, timeout=timeout),
        f"could not run {binary}", timeout, interval=0.5, ignoring=(OSError,))
    if result.returncode != 0:
        raise RuntimeError(f"`todo {' '.join(map(str, args))}` exited with "
                           f"{result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def add_user(database, name, password=None):
    run_cli("user", "add", name, "--password-stdin", "--db", database,
            stdin=(password or password_for(name)) + "\n")


def create_token(database, user, label, read_only=False):
    """A new API token of `user` (printed once, on stdout or stderr)."""
    args = ["token", "create", "--user", user, "--name", label, "--db", database]
    if read_only:
        args.append("--read-only")
    result = run_cli(*args)
    match = TOKEN_PATTERN.search(result.stdout) or TOKEN_PATTERN.search(result.stderr)
    if not match:
        raise RuntimeError(f"no token in the output of `todo {' '.join(args)}`: "
                           f"{result.stdout!r} {result.stderr!r}")
    return match.group(0)


def revoke_token(database, user, label):
    run_cli("token", "revoke", "--user", user, label, "--db", database)


def token_id(token):
    """The identifier part of a token, as the API's tokenID (a UUID)."""
    return str(uuid.UUID(TOKEN_PATTERN.fullmatch(token).group(1)))


def forged(token):
    """The token with its secret replaced: the right id, a wrong secret."""
    match = TOKEN_PATTERN.fullmatch(token)
    secret = match.group(2)
    return f"todo_{match.group(1)}_{secret[::-1] if secret[::-1] != secret else 'f' * 64}"


def bearer(token):
    return [("Authorization", f"Bearer {token}")]


def basic(name, token):
    value = base64.b64encode(f"{name}:{token}".encode()).decode()
    return [("Authorization", f"Basic {value}")]


def _send(server, method, path, body, headers):
    return server.request(method, path, body, headers=list(headers))


class Account:
    """A user of the test server: name, password, and its read-write API token."""

    def __init__(self, name, password, token):
        self.name = name
        self.password = password
        self.token = token
        self.id = None        # filled by the first sign-in
        self.inbox_id = None

    @property
    def headers(self):
        return bearer(self.token)

    def request(self, server, method, path, body=None, headers=()):
        return _send(server, method, path, body, [*self.headers, *headers])

    def api(self, server, method, path, body=None, expect=None):
        """A token-authenticated JSON call; checks the status when `expect` is given."""
        response = self.request(server, method, path, body)
        if expect is not None:
            wanted = expect if isinstance(expect, (tuple, list)) else (expect,)
            assert response.status in wanted, f"{self.name}: {method} {path}: {response!r}"
        return response.json() if response.body else None

    def sign_in(self, server, headers=()):
        """Signs in with the password; the Session (raises if the answer is not 200)."""
        response = server.request("POST", "/api/v1/session",
                                  {"name": self.name, "password": self.password},
                                  headers=list(headers))
        assert response.status == 200, f"sign-in of {self.name}: {response!r}"
        session = Session.from_response(response)
        self.id = session.account_id
        self.inbox_id = session.inbox_id
        return session

    # Objects of this account, through the API with its token

    def new_list(self, server, name=None):
        return self.api(server, "POST", "/api/v1/lists",
                        {"name": name or f"list {uuid.uuid4()}"}, expect=201)

    def new_todo(self, server, list_id, title=None):
        return self.api(server, "POST", f"/api/v1/lists/{list_id}/todos",
                        {"title": title or f"todo {uuid.uuid4()}"}, expect=201)

    def share(self, server, list_id, member, role):
        return self.api(server, "PUT", f"/api/v1/lists/{list_id}/members/{member}",
                        {"role": role}, expect=200)

    def unshare(self, server, list_id, member):
        return self.api(server, "DELETE", f"/api/v1/lists/{list_id}/members/{member}", expect=200)

    def export(self, server):
        return self.api(server, "GET", "/api/v1/export", expect=200)


def session_cookie(response):
    """The value of the todo_session cookie a response sets (None if it sets none)."""
    for value in response.header_all("set-cookie"):
        name, _, rest = value.partition("=")
        if name.strip() == COOKIE_NAME:
            return rest.split(";")[0].strip()
    return None


class Session:
    """A browser session: the cookie and the CSRF token its writes must send."""

    def __init__(self, cookie, body, response):
        self.cookie = cookie
        self.body = body
        self.response = response
        self.csrf = body["csrfToken"]
        self.account_id = body["account"]["id"]
        self.inbox_id = body["inboxID"]

    @classmethod
    def from_response(cls, response):
        cookie = session_cookie(response)
        assert cookie, f"the sign-in set no {COOKIE_NAME} cookie: {response!r}"
        return cls(cookie, response.json(), response)

    @property
    def cookie_header(self):
        return ("Cookie", f"{COOKIE_NAME}={self.cookie}")

    def request(self, server, method, path, body=None, headers=(), csrf=True):
        """A cookie-authenticated request; writes send the CSRF token unless `csrf` is False
        (or a string: that value instead)."""
        extra = [self.cookie_header]
        if csrf and method not in ("GET", "HEAD", "OPTIONS"):
            extra.append(("X-CSRF-Token", self.csrf if csrf is True else csrf))
        return _send(server, method, path, body, [*extra, *headers])


class AccountsServer(Server):
    """A Server whose database gets users (and tokens) before `todo serve` starts."""

    def __init__(self, users, *args, name="accounts"):
        super().__init__(*args, name=name)
        self.user_names = list(users)
        self.accounts = {}

    def prepare(self):
        for user in self.user_names:
            add_user(self.database, user)
            token = create_token(self.database, user, "main")
            self.accounts[user] = Account(user, password_for(user), token)

    def start(self, timeout=60):
        self.prepare()
        return super().start(timeout)


def start_accounts_server(users, *args, name="accounts"):
    """A started AccountsServer, or a pytest failure that says why it did not start."""
    import pytest

    server = AccountsServer(users, *args, name=name)
    try:
        server.start()
    except Exception as error:
        server.close()
        pytest.fail(f"could not start an accounts server ({users}): {error}", pytrace=False)
    return server


def problem_type(response):
    if response.content_type != "application/problem+json":
        return None
    try:
        return json.loads(response.body).get("type")
    except (ValueError, AttributeError):
        return None

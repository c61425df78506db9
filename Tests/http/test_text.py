"""Text with control characters: a NUL in a title is refused with 400 problem+json naming
the field, and nothing is stored, on both APIs."""

import json
import uuid

import pytest

from httpkit import INBOX


def nul_title():
    marker = f"nul-{uuid.uuid4()}"
    return marker, marker + "a\u0000b"


@pytest.mark.parametrize("path", [f"/api/v1/lists/{INBOX}/todos", "/todos"])
def test_nul_in_title_is_400_and_not_stored(server, path):
    """POST of {"title":"a\\u0000b"} (JSON-escaped NUL) gets 400 problem+json with
    "field":"title", and no todo is created."""
    marker, title = nul_title()
    body = json.dumps({"title": title}).encode()
    assert b"\\u0000" in body
    before = server.everything()
    response = server.request("POST", path, body, headers=[("Content-Type", "application/json")])
    assert response.status == 400, response
    assert response.content_type == "application/problem+json", response
    assert response.json().get("field") == "title", response.json()
    assert server.everything() == before
    assert not any(marker in t for t in server.titles())


def test_nul_in_title_patch_is_400(server):
    """PATCH of a todo's title with a NUL gets 400 problem+json naming title; the todo keeps
    its title."""
    todo = server.new_todo(INBOX)
    _, title = nul_title()
    for path in (f"/api/v1/todos/{todo['id']}", f"/todos/{todo['id']}"):
        response = server.request("PATCH", path, {"title": title})
        assert response.status == 400, (path, response)
        assert response.json().get("field") == "title", response.json()
    assert server.api("GET", f"/api/v1/todos/{todo['id']}", expect=200)["title"] == todo["title"]

"""Discovery: from the server's address to the principal, its calendar home and the lists as
calendars of VTODOs, as python-caldav and the raw requests of other clients find them."""

from davkit import (CALDAV, DAV, INBOX, calendar_path, client_for, find_calendar,
                    multistatus, xml_request)

CURRENT_USER_PRINCIPAL = """<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>"""


def test_bare_server_url_discovers_principal_and_calendars(server):
    """A person types the server's address (http://host:port/) into a CalDAV app.
    python-caldav PROPFINDs that URL for DAV:current-user-principal (it follows no
    redirect for PROPFIND), so `/` must answer it."""
    response = xml_request(server, "PROPFIND", "/", CURRENT_USER_PRINCIPAL, depth=0)
    assert response.status == 207, (
        f"PROPFIND / (the bare server URL) must answer DAV:current-user-principal: {response!r}")
    assert multistatus(response).prop("/", f"{{{DAV}}}current-user-principal") is not None
    client = client_for(server, "/")
    try:
        principal = client.principal()
        assert principal.url.path == "/dav/principals/me/"
        home = principal.calendar_home_set
        assert home.url.path == "/dav/calendars/me/"
        inbox = find_calendar(principal, INBOX)
        assert inbox.get_display_name() == "Inbox"
        assert inbox.get_supported_components() == ["VTODO"]
    finally:
        client.close()


def test_dav_root_leads_to_principal_home_and_inbox(client, todo_list):
    principal = client.principal()
    assert principal.url.path == "/dav/principals/me/"
    assert principal.calendar_home_set.url.path == "/dav/calendars/me/"
    calendars = {c.url.path: c for c in principal.calendars()}
    inbox = calendars[calendar_path(INBOX)]
    assert inbox.get_display_name() == "Inbox"
    assert inbox.get_supported_components() == ["VTODO"]
    # Every list is a calendar, named as in the app.
    mine = calendars[calendar_path(todo_list["id"])]
    assert mine.get_display_name() == todo_list["name"]


def test_well_known_redirects_to_the_dav_root(server):
    for method in ("GET", "PROPFIND"):
        response = xml_request(server, method, "/.well-known/caldav", CURRENT_USER_PRINCIPAL,
                               depth=0)
        assert response.status == 301, (method, response)
        assert response.header("location") == "/dav/", response


def test_raw_discovery_chain(server):
    """What DAVx5 or Thunderbird send: root → principal → home (Depth 1) → a calendar."""
    root = multistatus(xml_request(server, "PROPFIND", "/dav/", CURRENT_USER_PRINCIPAL, depth=0))
    principal = root.prop("/dav/", f"{{{DAV}}}current-user-principal")
    principal_href = principal.findtext(f"{{{DAV}}}href")
    assert principal_href == "/dav/principals/me/"

    body = f"""<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="{CALDAV}"><d:prop>
  <c:calendar-home-set/><d:resourcetype/><d:displayname/></d:prop></d:propfind>"""
    found = multistatus(xml_request(server, "PROPFIND", principal_href, body, depth=0))
    home = found.prop(principal_href, f"{{{CALDAV}}}calendar-home-set").findtext(f"{{{DAV}}}href")
    assert home == "/dav/calendars/me/"
    assert found.prop(principal_href, f"{{{DAV}}}resourcetype").find(
        f"{{{DAV}}}principal") is not None

    body = f"""<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="{CALDAV}"><d:prop><d:resourcetype/><d:displayname/>
  <c:supported-calendar-component-set/><d:sync-token/></d:prop></d:propfind>"""
    listing = multistatus(xml_request(server, "PROPFIND", home, body, depth=1))
    inbox = calendar_path(INBOX)
    assert inbox in listing.hrefs()
    resourcetype = listing.prop(inbox, f"{{{DAV}}}resourcetype")
    assert resourcetype.find(f"{{{CALDAV}}}calendar") is not None
    assert resourcetype.find(f"{{{DAV}}}collection") is not None
    components = [comp.get("name") for comp in listing.prop(
        inbox, f"{{{CALDAV}}}supported-calendar-component-set")]
    assert components == ["VTODO"]
    assert listing.text(inbox, f"{{{DAV}}}sync-token").startswith("urn:todo:sync:")


def test_options_advertises_calendar_access(server):
    response = server.request("OPTIONS", calendar_path(INBOX))
    assert response.status == 200, response
    assert "calendar-access" in [part.strip() for part in response.header("dav").split(",")]
    allowed = {part.strip() for part in response.header("allow").split(",")}
    assert {"PROPFIND", "REPORT", "PUT", "DELETE", "MKCALENDAR", "PROPPATCH"} <= allowed

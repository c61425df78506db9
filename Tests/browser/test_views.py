"""Browser tests of the smart views (Today, Upcoming, Overdue) and the sidebar's open counts.

The server is shared by the tests of a session, so each test names its todos and lists with
a fresh token and looks only at those (other tests' lists may have todos with deadlines).
Dates are the browser's: the page tells the server its time zone."""

import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api
from page import DRAG, LivePage
from test_contrast import BACKGROUND, contrast

INBOX = "00000000-0000-4000-8000-000000000001"
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def day(driver, offset=0):
    """The browser's date `offset` days from today, as `yyyy-MM-dd`."""
    return driver.execute_script(
        "const d = new Date(); d.setDate(d.getDate() + arguments[0]);"
        " return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
        " + '-' + String(d.getDate()).padStart(2, '0');", offset)


def choose(page, view):
    """Chooses a smart view in the sidebar and waits until the page shows it."""
    page.find(f"#views button[data-view={view}]").click()
    page.wait(lambda: page.driver.execute_script("return document.body.dataset.view") == view,
              message=f"{view} was not shown")


def mine(page, token):
    """The titles shown that this test made."""
    return [title for title in page.titles() if token in title]


def headers(page):
    """Each shown section's header, with the titles of this page under it."""
    return page.driver.execute_script("""
        return [...document.querySelectorAll('#list section')].map(s => [
          s.querySelector('.section-header').textContent,
          [...s.querySelectorAll('li.cell .title')].map(t => t.textContent)]);""")


def view_label(page, view):
    return page.find(f"#views button[data-view={view}]").get_attribute("aria-label")


def count_of(label):
    """The number in an accessible name such as "Today, 3 open"."""
    return int(label.rsplit(", ", 1)[1].split()[0])


def test_today_and_upcoming_follow_a_deadline_changed_in_another_tab(clean, browser):
    url = clean[0]
    token = uuid.uuid4().hex[:6]
    today_page = LivePage(browser(), url)
    tomorrow = day(today_page.driver, 1)
    title = f"Dentist {token}"
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": title, "deadline": tomorrow + "T09:30"})
    choose(today_page, "today")
    assert today_page.find("#list-title").text == "Today"
    upcoming_page = LivePage(browser(), url)
    choose(upcoming_page, "upcoming")
    upcoming_page.wait(lambda: [h for h, titles in headers(upcoming_page) if title in titles]
                       == ["Tomorrow"], message="Upcoming does not show it under Tomorrow")
    cell = upcoming_page.cell(title)
    # The section says the day: the row says its list and time.
    assert cell.find_element(By.CSS_SELECTOR, ".detail").text == "Inbox · 09:30"
    assert mine(today_page, token) == []
    before = count_of(view_label(today_page, "today"))

    # The other tab moves it to today from its Upcoming view, with the edit sheet.
    cell.find_element(By.CSS_SELECTOR, "button.edit").click()
    upcoming_page.wait(lambda: upcoming_page.find("#editor").get_attribute("aria-busy") == "false")
    upcoming_page.driver.execute_script(
        "document.querySelector('#editor-form input[name=deadline]').value = arguments[0]",
        day(upcoming_page.driver))
    upcoming_page.find("#editor-save").click()

    today_page.wait(lambda: mine(today_page, token) == [title],
                    message="Today did not get the todo moved to today")
    today_page.wait(lambda: count_of(view_label(today_page, "today")) == before + 1,
                    message="Today's count did not follow")
    upcoming_page.wait(lambda: mine(upcoming_page, token) == [],
                       message="Upcoming kept the todo moved to today")

    # And back to the day after tomorrow: it leaves Today, and Upcoming shows it on that day.
    todo = next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos") if t["title"] == title)
    api(url, "PATCH", f"/api/v1/todos/{todo['id']}", {"deadline": day(today_page.driver, 2)})
    today_page.wait(lambda: mine(today_page, token) == [], message="Today kept it")
    upcoming_page.wait(lambda: [h for h, titles in headers(upcoming_page) if title in titles]
                       not in ([], ["Tomorrow"]), message="Upcoming did not show it on its day")


def test_overdue_shows_a_past_due_todo_and_the_view_survives_a_reload(clean, browser):
    url = clean[0]
    token = uuid.uuid4().hex[:6]
    page = LivePage(browser(), url)
    title = f"Tax return {token}"
    due = day(page.driver, -2)
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": title, "deadline": due})
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": f"Not yet {token}", "deadline": day(page.driver, 3)})
    choose(page, "overdue")
    page.wait(lambda: mine(page, token) == [title], message="Overdue does not show the past-due todo")
    cell = page.cell(title)
    assert "overdue" in cell.get_attribute("class")
    # Overdue says when it was due: two days ago is neither "Yesterday" nor a weekday to come.
    year, month, date = (int(part) for part in due.split("-"))
    when = f"{date} {MONTHS[month - 1]}"
    if year != int(day(page.driver)[:4]):
        when += f" {year}"
    assert cell.find_element(By.CSS_SELECTOR, ".detail").text == f"Inbox · {when} · overdue"
    # No reordering, filters or list actions in a smart view.
    for hidden in (".filters", ".list-actions", "#layout"):
        assert not page.find(hidden).is_displayed(), f"{hidden} is shown in a smart view"
    assert not cell.find_element(By.CSS_SELECTOR, "button.up").is_displayed()

    page.driver.refresh()
    page.wait_loaded()
    page.wait(lambda: page.find("#views button[aria-current=true]").get_attribute("data-view")
              == "overdue", message="the view did not survive a reload")
    page.wait(lambda: mine(page, token) == [title])
    assert page.find("#list-title").text == "Overdue"

    # Done from the view: it leaves it.
    page.cell(title).find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: mine(page, token) == [], message="a done todo stayed in Overdue")


def test_a_drag_in_a_smart_view_starts_nothing(clean, browser):
    url = clean[0]
    token = uuid.uuid4().hex[:6]
    page = LivePage(browser(), url)
    first, second = f"Apples {token}", f"Pears {token}"
    for title in (second, first):
        api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": title, "deadline": day(page.driver)})
    choose(page, "today")
    page.wait(lambda: mine(page, token) == [first, second])
    # Record what the page sends: the drag's events are dispatched synchronously, so a move
    # would be recorded by the time the script returns.
    page.driver.execute_script("""
        const connection = window.todoPage.connection, send = connection.send.bind(connection);
        window.sentTypes = [];
        connection.send = (type, fields) => { window.sentTypes.push(type); return send(type, fields); };""")
    page.driver.execute_script(DRAG, page.cell(second), page.cell(first), False)
    assert page.driver.execute_script("return window.sentTypes") == []
    assert not page.driver.find_elements(By.CSS_SELECTOR, "#list .dragging, #list .drop-before")
    assert mine(page, token) == [first, second]


def test_sidebar_counts_change_live_when_another_tab_adds_and_completes(clean, browser):
    url = clean[0]
    name = f"Errands {uuid.uuid4().hex[:6]}"
    listed = api(url, "POST", "/api/v1/lists", {"name": name})
    watcher = LivePage(browser(), url)
    label = lambda: watcher.find(f"#lists button[data-id='{listed['id']}']").get_attribute("aria-label")
    count = lambda: watcher.find(f"#lists li[data-list='{listed['id']}'] .count").text
    watcher.wait(lambda: label() == f"{name}, 0 open", message="no count for the new list")

    other = LivePage(browser(), url)
    other.find(f"#lists button[data-id='{listed['id']}']").click()
    other.wait(lambda: other.find("#list-title").text == name)
    other.add("Stamps", wait_for="Stamps")
    other.add("Envelopes", wait_for="Envelopes")
    watcher.wait(lambda: label() == f"{name}, 2 open", message="the count did not follow adds")
    assert count() == "2"
    other.cell("Stamps").find_element(By.CSS_SELECTOR, ".content").click()
    watcher.wait(lambda: label() == f"{name}, 1 open", message="the count did not follow a toggle")
    assert count() == "1"
    # The button's own text is still the list's name (the count is beside it), and screen
    # readers get the count in its name, as the accessibility tree shows.
    assert watcher.find(f"#lists button[data-id='{listed['id']}']").text == name
    tree = watcher.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    named = {(node.get("role", {}).get("value"), node.get("name", {}).get("value"))
             for node in tree if not node.get("ignored")}
    assert ("button", f"{name}, 1 open") in named
    assert any(role == "button" and (label or "").startswith("Today, ") and label.endswith(" open")
               for role, label in named), "the Today view has no name with its count"
    api(url, "DELETE", f"/api/v1/lists/{listed['id']}")


def test_adding_in_today_gives_a_todo_due_today_in_the_inbox(clean, browser):
    url = clean[0]
    token = uuid.uuid4().hex[:6]
    page = LivePage(browser(), url)
    choose(page, "today")
    assert "due today" in page.find("#new-todo").get_attribute("placeholder")
    title = f"Water the plants {token}"
    page.find("#new-todo").send_keys(title, Keys.ENTER)
    page.wait(lambda: mine(page, token) == [title], message="the todo added in Today is not in it")
    todo = next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos") if t["title"] == title)
    assert todo["deadline"] == day(page.driver)
    assert page.cell(title).find_element(By.CSS_SELECTOR, ".detail").text == "Inbox"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_smart_view_at_phone_width_has_no_horizontal_scroll_and_reads(clean, browser, scheme):
    url = clean[0]
    token = uuid.uuid4().hex[:6]
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    page = LivePage(driver, url)
    title = f"A rather long title for a phone screen that has to wrap somewhere {token}"
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": title, "deadline": day(driver, 1) + "T09:30"})
    choose(page, "upcoming")
    page.wait(lambda: mine(page, token) == [title])
    width = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"horizontal scroll in Upcoming at 375px: {width}"
    # The secondary texts read (WCAG AA) in both schemes: the row's list and deadline, the
    # day's header and the sidebar's counts.
    for node in (page.cell(title).find_element(By.CSS_SELECTOR, ".detail"),
                 page.find("#list .section-header"),
                 page.find("#views button[data-view=upcoming] .count")):
        colours = [driver.execute_script("return getComputedStyle(arguments[0]).color", node),
                   driver.execute_script(BACKGROUND, node)]
        ratio = contrast(*colours)
        assert ratio >= 4.5, f"{scheme}: {node.get_attribute('class')} is {colours}, {ratio:.2f}:1"


# Moves the page's clock to three seconds before its next midnight (every other date the
# page makes is unchanged), before any of its scripts runs.
NEAR_MIDNIGHT = """
(() => {
  const RealDate = Date;
  const midnight = new RealDate();
  midnight.setHours(24, 0, 0, 0);
  const offset = midnight - RealDate.now() - 3000;
  class NearMidnight extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + offset); else super(...args); }
    static now() { return RealDate.now() + offset; }
  }
  window.Date = NearMidnight;
})();
"""


def test_at_midnight_the_page_has_the_server_read_the_day_again(clean, browser):
    driver = browser()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NEAR_MIDNIGHT})
    page = LivePage(driver, clean[0])
    choose(page, "today")
    driver.execute_script("""
        const connection = window.todoPage.connection, send = connection.send.bind(connection);
        window.sentEvents = [];
        connection.send = (type, fields) => { window.sentEvents.push([type, fields]); return send(type, fields); };""")
    # The timer fires just after the page's midnight: it says its time zone again (which
    # makes the server read its clock), and changes nothing else.
    page.wait(lambda: driver.execute_script("return window.sentEvents.length") > 0, 10,
              "the page sent nothing at midnight")
    zone = driver.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone")
    assert driver.execute_script("return window.sentEvents") == [["setTimeZone", {"zone": zone}]]
    page.wait(lambda: page.find("#views button[aria-current=true]").get_attribute("data-view") == "today")

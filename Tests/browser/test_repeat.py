"""Browser tests of repeating todos in the page: quick entry of a repeat, the edit sheet's
presets, custom words and "count from the day it is done", completing moves the todo on and
the history shows, Skip, and Never stops it."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import api
from page import LivePage
from test_editing import INBOX, open_editor


def todo_titled(url, title):
    return next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos") if t["title"] == title)


def detail(page, title):
    return page.cell(title).find_element(By.CSS_SELECTOR, ".detail").text


def test_quick_entry_of_a_repeat_and_completing_moves_it_on(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Call mum every monday 9:00", wait_for="Call mum")
    todo = todo_titled(url, "Call mum")
    assert todo["repeatRule"] == "FREQ=WEEKLY;BYDAY=MO"
    first = todo["deadline"]
    assert first.endswith("T09:00")
    # The row says how it repeats, beside its date.
    page.wait(lambda: "↻ every Monday" in detail(page, "Call mum"))

    # Done: it moves on to the next Monday, not done, and the sheet shows the history.
    status = lambda: page.cell("Call mum").find_element(By.CSS_SELECTOR, "button.status")
    status().click()
    page.wait(lambda: status().get_attribute("data-status") == "inProgress")
    status().click()
    page.wait(lambda: todo_titled(url, "Call mum")["deadline"] > first,
              message="completing did not move the todo on")
    moved = todo_titled(url, "Call mum")
    assert moved["status"] == "notStarted"
    open_editor(page, "Call mum")
    page.wait(lambda: page.find("#editor-history").text.startswith("Done once, last on "))
    assert Select(page.find("select[name=repeatPreset]")).first_selected_option.text == "Custom…"
    assert page.find("input[name=repeat]").get_attribute("value") == "every Monday"
    assert page.find("#editor-skip").is_displayed()

    # Skip this one: the sheet closes and the todo moves a week on, nothing recorded.
    page.find("#editor-skip").click()
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    page.wait(lambda: todo_titled(url, "Call mum")["deadline"] > moved["deadline"],
              message="Skip did not move the todo on")
    history = api(url, "GET", f"/api/v1/todos/{todo['id']}/completions")
    assert len(history) == 1


def test_the_sheet_sets_a_preset_custom_words_after_done_and_never(clean, browser):
    url = clean[0]
    todo = api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
               {"title": "Water the plants", "deadline": "2031-05-06"})
    page = LivePage(browser(), url)
    page.wait(lambda: page.has("Water the plants"))

    open_editor(page, "Water the plants")
    preset = Select(page.find("select[name=repeatPreset]"))
    assert preset.first_selected_option.text == "Never"
    assert not page.find("#editor-skip").is_displayed()
    preset.select_by_visible_text("Every weekday")
    page.find("#editor-save").click()
    page.wait(lambda: api(url, "GET", f"/api/v1/todos/{todo['id']}").get("repeatRule")
              == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", message="the preset was not saved")
    page.wait(lambda: "every weekday" in detail(page, "Water the plants"))

    # Custom words, counted from the day it is done: the keyboard reaches every control.
    open_editor(page, "Water the plants")
    preset = Select(page.find("select[name=repeatPreset]"))
    assert preset.first_selected_option.text == "Every weekday"
    preset.select_by_visible_text("Custom…")
    rule = page.find("input[name=repeat]")
    page.wait(lambda: rule.is_displayed())
    assert page.driver.switch_to.active_element == rule
    rule.clear()
    rule.send_keys("every 3 days")
    box = page.find("input[name=afterCompletion]")
    assert box.accessible_name == "Count from the day it is done"
    box.send_keys(Keys.SPACE)
    rule.send_keys(Keys.ENTER)
    page.wait(lambda: api(url, "GET", f"/api/v1/todos/{todo['id']}").get("repeatMode")
              == "after-completion", message="custom words were not saved")
    saved = api(url, "GET", f"/api/v1/todos/{todo['id']}")
    assert saved["repeatRule"] == "FREQ=DAILY;INTERVAL=3"
    page.wait(lambda: "every 3 days after done" in detail(page, "Water the plants"))

    # Words that are no repeat: the sheet says so, naming the field, and keeps the draft.
    open_editor(page, "Water the plants")
    rule = page.find("input[name=repeat]")
    rule.clear()
    rule.send_keys("every blue moon", Keys.ENTER)
    page.wait(lambda: page.find("#editor-problem").is_displayed())
    assert page.find("#editor-problem").text.startswith("repeat: ")
    assert rule.get_attribute("value") == "every blue moon"

    # Never stops it.
    Select(page.find("select[name=repeatPreset]")).select_by_visible_text("Never")
    page.find("#editor-save").click()
    page.wait(lambda: "repeatRule" not in api(url, "GET", f"/api/v1/todos/{todo['id']}"),
              message="Never did not stop the repeat")
    page.wait(lambda: "↻" not in detail(page, "Water the plants"))


def test_the_sheet_lists_occurrences_a_calendar_app_changed(clean, browser):
    import urllib.request
    url = clean[0]
    calendar = "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
        "BEGIN:VTODO", "UID:yoga-sheet", "SUMMARY:Yoga", "DUE;VALUE=DATE:20310106",
        "RRULE:FREQ=WEEKLY", "END:VTODO",
        "BEGIN:VTODO", "UID:yoga-sheet", "RECURRENCE-ID;VALUE=DATE:20310113",
        "SUMMARY:Yoga (in the park)", "END:VTODO", "END:VCALENDAR", ""])
    request = urllib.request.Request(url + "/api/v1/calendar.ics", data=calendar.encode(),
                                     method="POST", headers={"Content-Type": "text/calendar"})
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.status == 200
    page = LivePage(browser(), url)
    page.wait(lambda: page.has("Yoga"))
    open_editor(page, "Yoga")
    page.wait(lambda: page.find("#editor-changed").is_displayed())
    items = page.find("#editor-changed-list").find_elements(By.TAG_NAME, "li")
    assert [item.text for item in items] == ["2031/01/13: Yoga (in the park)"]
    assert page.find("#editor-changed").accessible_name == "Changed in a calendar app"


def test_a_repeat_done_in_the_page_counts_the_day_in_the_browsers_time_zone(clean, browser):
    import datetime
    url = clean[0]
    now = datetime.datetime.now(datetime.timezone.utc)
    # A zone whose date differs from UTC's now: 14 hours ahead, or 11 behind.
    zone, shift = (("Pacific/Kiritimati", 1) if now.hour >= 10 else ("Pacific/Pago_Pago", -1))
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
    todo = api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
               {"title": "Stretch", "repeatRule": "FREQ=DAILY", "repeatMode": "after-completion"})
    page = LivePage(driver, url)
    page.wait(lambda: page.has("Stretch"))
    status = lambda: page.cell("Stretch").find_element(By.CSS_SELECTOR, "button.status")
    status().click()
    page.wait(lambda: status().get_attribute("data-status") == "inProgress")
    status().click()
    page.wait(lambda: "deadline" in api(url, "GET", f"/api/v1/todos/{todo['id']}"),
              message="completing did not move the todo on")
    # The day after the browser's today, not the server's (UTC).
    expected = (now + datetime.timedelta(days=shift + 1)).date().isoformat()
    assert api(url, "GET", f"/api/v1/todos/{todo['id']}")["deadline"] == expected

"""Browser tests of reminders in the page: set and removed in the edit sheet, ringing as a
notice and as a system notification once the person allowed them (the permission granted
through the DevTools protocol), snoozed from the notice, and the notice on every page."""

import datetime

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api
from page import LivePage
from test_editing import INBOX, open_editor

# Records what the page asks of the Notification API, and still shows it.
RECORD_NOTIFICATIONS = """
const Real = window.Notification;
window.notified = [];
class Recording extends Real {
  constructor(title, options) {
    super(title, options);
    window.notified.push({ title, body: options?.body, tag: options?.tag });
  }
}
window.Notification = Recording;
"""


def allowing_notifications(driver, url):
    driver.execute_cdp_cmd("Browser.grantPermissions",
                           {"origin": url, "permissions": ["notifications"]})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": RECORD_NOTIFICATIONS})
    return driver


def notices(page):
    """The titles of the reminder notices, read in one script so a render in between cannot
    leave a row stale."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#reminder-list > li .title')]"
        ".map(e => e.innerText)")


def test_the_sheet_sets_and_removes_reminders(clean, browser):
    url = clean[0]
    todo = api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
               {"title": "Dentist", "deadline": "2031-05-06T10:00"})
    page = LivePage(browser(), url)
    page.wait(lambda: page.has("Dentist"))
    open_editor(page, "Dentist")
    field = page.find("input[name=reminder]")
    assert field.accessible_name.startswith("Remind me")
    field.send_keys("1 day before", Keys.ENTER)
    entries = lambda: [e.text for e in page.driver.find_elements(
        By.CSS_SELECTOR, "#editor-reminder-list .who")]
    page.wait(lambda: entries() == ["1 day before"], message="the reminder was not set")
    assert [r["label"] for r in api(url, "GET", f"/api/v1/todos/{todo['id']}/reminders")] \
        == ["1 day before"]
    # Enter in the reminder's field set it and did not save or close the sheet.
    assert page.find("#editor").get_attribute("open") is not None

    # Words that are no reminder: the sheet says why, naming the field.
    field.send_keys("whenever", Keys.ENTER)
    page.wait(lambda: page.find("#editor-problem").is_displayed())
    assert page.find("#editor-problem").text.startswith("reminder: ")

    remove = page.find("#editor-reminder-list button")
    assert remove.accessible_name == "Remove reminder 1 day before"
    remove.click()
    page.wait(lambda: entries() == [], message="the reminder was not removed")
    assert api(url, "GET", f"/api/v1/todos/{todo['id']}/reminders") == []


def test_a_reminder_rings_as_a_notice_and_a_system_notification(clean, browser):
    url = clean[0]
    todo = api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
               {"title": "Take the pill", "deadline": "2031-05-06T10:00"})
    page = LivePage(allowing_notifications(browser(), url), url)
    other = LivePage(browser(), url)
    page.wait(lambda: page.has("Take the pill"))
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    reminder = api(url, "POST", f"/api/v1/todos/{todo['id']}/reminders", {"at": now})

    # The notice, on every page of the person.
    page.wait(lambda: notices(page) == ["Take the pill"], message="no notice in the page")
    other.wait(lambda: notices(other) == ["Take the pill"], message="no notice in the other")
    row = page.find("#reminder-list > li")
    assert row.get_attribute("role") == "group"
    assert row.accessible_name == "Reminder: Take the pill"
    detail = row.find_element(By.CSS_SELECTOR, ".detail").text
    assert detail.startswith("Due "), detail

    # The system notification, once, tagged with the reminder.
    page.wait(lambda: page.driver.execute_script("return window.notified.length") == 1,
              message="no system notification")
    [shown] = page.driver.execute_script("return window.notified")
    assert shown == {"title": "Take the pill", "body": detail, "tag": reminder["id"]}

    # Snooze 10 minutes, by keyboard: the notice goes from every page.
    snooze = row.find_element(By.CSS_SELECTOR, "button[data-snooze=tenMinutes]")
    assert snooze.accessible_name == "Snooze 10 minutes"
    snooze.send_keys(Keys.ENTER)
    page.wait(lambda: notices(page) == [], message="the notice stayed after Snooze")
    other.wait(lambda: notices(other) == [], message="the other page kept the notice")
    [snoozed] = api(url, "GET", f"/api/v1/todos/{todo['id']}/reminders")
    fire_at = datetime.datetime.fromisoformat(snoozed["fireAt"].replace("Z", "+00:00"))
    left = fire_at - datetime.datetime.now(datetime.timezone.utc)
    assert datetime.timedelta(minutes=9) < left <= datetime.timedelta(minutes=10)
    assert page.driver.execute_script("return window.notified.length") == 1

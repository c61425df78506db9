"""The Trash dialog of the live page: restore, delete one for good after asking, empty after
asking. Nothing is destroyed for good without a confirmation."""

import uuid

from selenium.webdriver.common.by import By

from conftest import api
from page import LivePage

INBOX = "00000000-0000-4000-8000-000000000001"


def trash_ids(url):
    trash = api(url, "GET", "/api/v1/trash")
    return {item["id"] for item in trash["lists"] + trash["todos"]}


def test_the_trash_restores_deletes_one_for_good_and_empties_after_asking(clean, browser):
    url = clean[0]
    stamp = str(uuid.uuid4())[:8]
    back, gone = (api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": f"{name} {stamp}"})
                  for name in ("Back", "Gone"))
    old = api(url, "POST", "/api/v1/lists", {"name": f"Old {stamp}"})
    api(url, "POST", f"/api/v1/lists/{old['id']}/todos", {"title": f"In old {stamp}"})
    for todo in (back, gone):
        api(url, "DELETE", f"/api/v1/todos/{todo['id']}")
    api(url, "DELETE", f"/api/v1/lists/{old['id']}")

    page = LivePage(_driver := browser(), url)
    sidebar = lambda: _driver.execute_script(
        "return [...document.querySelectorAll('#lists button')].map(b => b.textContent)")
    page.find("#trash-open").click()
    page.wait(lambda: page.find("#trash").get_attribute("open") is not None)
    row = lambda id: page.find(f"#trash li[data-id='{id}']")
    shown = lambda id: bool(_driver.find_elements(By.CSS_SELECTOR, f"#trash li[data-id='{id}']"))
    page.wait(lambda: all(shown(item["id"]) for item in (back, gone, old)),
              message="the trashed todos and list are not in the Trash dialog")
    assert f"Old {stamp}" in row(old["id"]).text

    # Restore: the todo is back in the page, live, and out of the trash.
    row(back["id"]).find_element(By.XPATH, ".//button[text()='Restore']").click()
    page.wait(lambda: not shown(back["id"]), message="a restored todo stayed in the trash")
    page.wait(lambda: page.has(f"Back {stamp}"), message="the restored todo is not in the list")
    assert back["id"] not in trash_ids(url)

    # Delete for good asks in the row first; Keep keeps it.
    row(gone["id"]).find_element(By.XPATH, ".//button[text()='Delete forever…']").click()
    page.wait(lambda: "for good?" in row(gone["id"]).text)
    assert "cannot be undone" in row(gone["id"]).text
    row(gone["id"]).find_element(By.XPATH, ".//button[text()='Keep']").click()
    page.wait(lambda: "for good?" not in row(gone["id"]).text)
    assert gone["id"] in trash_ids(url)
    row(gone["id"]).find_element(By.XPATH, ".//button[text()='Delete forever…']").click()
    row(gone["id"]).find_element(By.XPATH, ".//button[text()='Delete for good']").click()
    page.wait(lambda: not shown(gone["id"]), message="a todo deleted for good is still shown")
    assert gone["id"] not in trash_ids(url)
    assert all(t["id"] != gone["id"] for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos"))

    # A list comes back to the sidebar with its todo.
    row(old["id"]).find_element(By.XPATH, ".//button[text()='Restore']").click()
    page.wait(lambda: f"Old {stamp}" in sidebar(), message="the restored list is not in the sidebar")
    assert [t["title"] for t in api(url, "GET", f"/api/v1/lists/{old['id']}/todos")] == [
        f"In old {stamp}"]

    # Emptying asks with the counts; Keep changes nothing; then everything goes.
    api(url, "DELETE", f"/api/v1/lists/{old['id']}")
    page.find("#trash-close").click()
    page.find("#trash-open").click()
    page.wait(lambda: shown(old["id"]))
    page.find("#trash-empty").click()
    page.wait(lambda: page.find("#trash-confirm-empty").is_displayed())
    counts = api(url, "GET", "/api/v1/trash")
    question = page.find("#trash-confirm-empty-text").text
    assert question.startswith("Delete ") and question.endswith("for good? This cannot be undone.")
    assert ("1 list" if len(counts["lists"]) == 1 else f"{len(counts['lists'])} lists") in question
    page.find("#trash-empty-no").click()
    page.wait(lambda: not page.find("#trash-confirm-empty").is_displayed())
    assert trash_ids(url)
    page.find("#trash-empty").click()
    page.find("#trash-empty-yes").click()
    page.wait(lambda: page.find("#trash-empty-state").is_displayed(),
              message="the emptied trash does not say so")
    assert trash_ids(url) == set()
    assert f"Old {stamp}" not in sidebar()


def test_the_trash_fits_a_phone(clean, browser):
    url = clean[0]
    todo = api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
               {"title": "A todo with a rather long title to wrap on a phone"})
    api(url, "DELETE", f"/api/v1/todos/{todo['id']}")
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    page = LivePage(driver, url)
    page.find("#trash-open").click()
    page.wait(lambda: driver.find_elements(By.CSS_SELECTOR, f"#trash li[data-id='{todo['id']}']"))
    page.find(f"#trash li[data-id='{todo['id']}'] button.destructive").click()
    page.wait(lambda: "for good?" in page.find("#trash").text)
    widths = driver.execute_script(
        "const t = document.getElementById('trash'); return [t.scrollWidth, t.clientWidth]")
    assert widths[0] <= widths[1], f"the Trash scrolls sideways on a phone: {widths}"

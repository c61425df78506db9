"""Browser tests of the live page: search and routing, reloads, other writers, safety."""

import os
import subprocess
import time
import uuid

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api
from page import DRAG, LivePage

INBOX = "00000000-0000-4000-8000-000000000001"


def test_search_filters_and_routing(clean, browser):
    page = LivePage(browser(), clean[0])
    for title in ("Milk", "Bread", "Oat milk"):
        page.add(title, wait_for=title)
    page.cell("Bread").find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: page.counter() == "2 items left")

    page.find("#search").send_keys("MILK")
    page.wait(lambda: page.titles() == ["Milk", "Oat milk"], message="search did not filter")
    marks = lambda: [m.text for m in page.driver.find_elements(By.CSS_SELECTOR, "#list .title mark")]
    page.wait(lambda: marks() == ["Milk", "milk"], message="the matches are not highlighted")
    assert page.find("#empty").get_attribute("hidden") is not None
    page.find("#search").send_keys("SHAKE")
    page.wait(lambda: page.find("#empty").text == "Nothing matches \u201cMILKSHAKE\u201d.",
              message="an empty search result says nothing")
    assert page.titles() == []
    page.find("#search-clear").click()
    page.wait(lambda: page.titles() == ["Milk", "Bread", "Oat milk"])

    # A value set without a key press filters too, whichever event says so: autofill and a
    # paste fire `input` or only `change`, the browser's own clear button `search`. Each is
    # checked on its own, the value set with the browser's setter (which the page does not
    # wrap), so no other path can have sent it.
    native = ("const s = document.getElementById('search');"
              " Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')"
              ".set.call(s, arguments[0]); s.dispatchEvent(new Event(arguments[1]));")
    everything = ["Milk", "Bread", "Oat milk"]
    for text, event, shown in [("bread", "change", ["Bread"]), ("", "search", everything),
                               ("oat", "input", ["Oat milk"]), ("", "change", everything),
                               ("milk", "search", ["Milk", "Oat milk"]), ("", "search", everything)]:
        page.driver.execute_script(native, text, event)
        page.wait(lambda: page.titles() == shown,
                  message=f"{text!r} with only a {event} event did not filter")
    # And a value set from script, which fires no event at all.
    page.driver.execute_script("document.getElementById('search').value = 'bread'")
    page.wait(lambda: page.titles() == ["Bread"], message="a value set by script did not filter")
    page.wait(lambda: marks() == ["Bread"], message="a match set by script is not highlighted")
    page.driver.execute_script("document.getElementById('search').value = 'nothing like it'")
    page.wait(lambda: page.find("#empty").text == "Nothing matches \u201cnothing like it\u201d.",
              message="an empty result of a value set by script says nothing")
    page.driver.execute_script("document.getElementById('search').value = ''")
    page.wait(lambda: page.titles() == everything)

    page.driver.find_element(By.LINK_TEXT, "Active").click()
    page.wait(lambda: page.titles() == ["Milk", "Oat milk"])
    assert page.driver.current_url.endswith("#/active")
    page.driver.find_element(By.LINK_TEXT, "Completed").click()
    page.wait(lambda: page.titles() == ["Bread"])
    assert page.driver.current_url.endswith("#/completed")
    page.driver.back()
    page.wait(lambda: page.titles() == ["Milk", "Oat milk"], message="back did not restore")
    assert page.driver.current_url.endswith("#/active")

    page.find("#clear-completed").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None)
    page.find("#confirm-delete").click()
    page.driver.find_element(By.LINK_TEXT, "All").click()
    page.wait(lambda: page.titles() == ["Milk", "Oat milk"], message="clear completed")


def test_reload_keeps_everything(clean, browser):
    driver = browser()
    page = LivePage(driver, clean[0], "/#/active")
    page.add("Stays", wait_for="Stays")
    page.add("Done one", wait_for="Done one")
    page.cell("Done one").find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: page.titles() == ["Stays"])
    page.find("#new-todo").send_keys("typed, not sent")
    driver.refresh()
    page.wait_loaded()
    page.wait(lambda: page.titles() == ["Stays"])
    assert driver.current_url.endswith("#/active")
    assert page.counter() == "1 item left"
    assert page.find("#new-todo").get_attribute("value") == "typed, not sent"


def test_two_browsers_see_each_others_changes_within_a_second(clean, browser):
    first = LivePage(browser(), clean[0])
    second = LivePage(browser(), clean[0])
    first.add("From the first")
    started = time.monotonic()
    second.wait(lambda: second.has("From the first"), timeout=1)
    second.cell("From the first").find_element(By.CSS_SELECTOR, ".content").click()
    first.wait(lambda: "done" in first.cell("From the first").get_attribute("class"), timeout=1)
    assert time.monotonic() - started < 2


def test_api_and_cli_changes_show_up(clean, browser):
    url, database, binary = clean
    page = LivePage(browser(), url)
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "From the API"})
    page.wait(lambda: page.has("From the API"), timeout=2)
    probe = subprocess.run([binary, "--help"], capture_output=True, text=True)
    if "\n  add " not in probe.stdout or database is None:
        pytest.skip("this build of `todo` has no `add` command")
    subprocess.run([binary, "add", "From the CLI", "--db", database], check=True,
                   capture_output=True, env={**os.environ, "NO_COLOR": "1"})
    page.wait(lambda: page.has("From the CLI"), timeout=3)


def test_xss_title_is_inert_text(clean, browser):
    driver = browser()
    page = LivePage(driver, clean[0])
    evil = "<img src=x onerror=alert(1)>"
    page.add(evil, wait_for=evil)
    assert page.cell(evil).find_element(By.CSS_SELECTOR, ".title").text == evil
    assert driver.find_elements(By.CSS_SELECTOR, "#list img") == []
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text


def test_unchanged_row_keeps_its_dom_node(clean, browser):
    driver = browser()
    page = LivePage(driver, clean[0])
    for title in ("Untouched", "Other"):
        page.add(title, wait_for=title)
    driver.execute_script("arguments[0].dataset.marker = 'original'; window.kept = arguments[0]",
                          page.cell("Untouched"))
    page.cell("Other").find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: "done" in page.cell("Other").get_attribute("class"))
    page.add("Third", wait_for="Third")
    page.driver.execute_script(DRAG, page.cell("Third"), page.cell("Other"), False)
    page.wait(lambda: page.titles() == ["Untouched", "Third", "Other"])
    page.find("#search").send_keys("t")
    page.wait(lambda: page.find("#search").get_attribute("value") == "t")
    page.find("#search-clear").click()
    page.cell("Third").find_element(By.CSS_SELECTOR, "button.delete").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None)
    page.find("#confirm-delete").click()
    page.wait(lambda: page.titles() == ["Untouched", "Other"])
    api(clean[0], "PATCH", f"/api/v1/todos/{page.cell('Other').get_attribute('data-id')}",
        {"title": "Other, renamed elsewhere"})
    page.wait(lambda: page.titles() == ["Untouched", "Other, renamed elsewhere"])
    assert driver.execute_script(
        "return window.kept.isConnected && window.kept === "
        "document.querySelector('#list li.cell[data-marker=original]')")


def test_offline_then_reconnect_keeps_typed_text(clean, browser):
    driver = browser()
    page = LivePage(driver, clean[0])
    page.add("Before", wait_for="Before")
    page.find("#new-todo").send_keys("half typed")
    driver.execute_script("window.todoPage.connection.socket.close()")
    page.wait(lambda: "offline" in page.find("body").get_attribute("class") or
              page.find("#connection").text == "", timeout=2)
    page.wait_loaded()
    assert page.find("#new-todo").get_attribute("value") == "half typed"
    api(clean[0], "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "While away"})
    page.wait(lambda: page.titles() == ["Before", "While away"])


def test_reconnect_comes_back_on_the_list_shown(clean, browser):
    """A page that reconnects tells its new store the list it showed as soon as the socket
    opens; the store holds that until it has loaded the lists, so the page comes back on it,
    with no problem shown, and a todo added then goes to it."""
    url = clean[0]
    name = "Errands " + str(uuid.uuid4())[:8]
    created = api(url, "POST", "/api/v1/lists", {"name": name})
    driver = browser()
    page = LivePage(driver, url)
    page.wait_loaded()
    driver.execute_script(
        "[...document.querySelectorAll('#lists button')]"
        ".find(b => b.textContent.includes(arguments[0])).click()", name)
    page.wait(lambda: page.find("#list-title").text == name, message="the list is not shown")
    page.add("Apples", wait_for="Apples")
    for _ in range(3):
        # The shown revision is marked, so that only a message of the new store counts.
        driver.execute_script(
            "document.body.dataset.revision = '-1';"
            " window.oldSocket = window.todoPage.connection.socket; window.oldSocket.close()")
        page.wait(lambda: driver.execute_script(
            "const c = window.todoPage.connection;"
            " return c.isOpen && c.socket !== window.oldSocket")
            and page.revision() >= 1, message="the page did not reconnect")
        page.wait(lambda: page.find("#list-title").text == name and page.titles() == ["Apples"],
                  message="the page did not come back on its list")
        assert not page.find("#problem").is_displayed(), page.find("#problem").text
    page.add("Pears", wait_for="Pears")
    todos = api(url, "GET", f"/api/v1/lists/{created['id']}/todos")
    assert [todo["title"] for todo in todos] == ["Apples", "Pears"]


def test_accessibility_roles_and_outline(clean, browser):
    driver = browser()
    page = LivePage(driver, clean[0])
    page.add("Open", wait_for="Open")
    page.add("Finished", wait_for="Finished")
    page.cell("Finished").find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: page.counter() == "1 item left")
    assert page.find("#new-todo").accessible_name == "New todo"
    assert page.find("#list ul").get_attribute("role") == "list"
    cell = page.cell("Open")
    assert cell.get_attribute("role") == "listitem"
    names = [b.accessible_name for b in cell.find_elements(By.CSS_SELECTOR, "button")]
    assert "Edit Open" in names and "Delete Open" in names

    driver.execute_script(
        "const s = document.getElementById('layout'); s.value = 'outline';"
        "s.dispatchEvent(new Event('change'))")
    page.wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "li[data-kind=group]")) == 2)
    done_group = driver.find_element(By.CSS_SELECTOR, "li[data-id='group:done'] .disclosure")
    assert done_group.get_attribute("aria-expanded") == "true"
    done_group.click()
    page.wait(lambda: page.titles() == ["Open"], message="collapse did not hide")
    driver.find_element(By.CSS_SELECTOR, "li[data-id='group:done'] .disclosure").click()
    page.wait(lambda: page.titles() == ["Open", "Finished"])


def test_lists_are_created_renamed_and_deleted_in_the_page(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.wait_loaded()
    sidebar = lambda: page.driver.execute_script(
        "return [...document.querySelectorAll('#lists button')].map(b => b.textContent)")
    name = "Groceries " + page.driver.execute_script("return String(Date.now())")
    page.find("#new-list-name").send_keys(name, Keys.ENTER)
    page.wait(lambda: name in sidebar(), message="the new list is not in the sidebar")
    page.wait(lambda: page.find("#list-title").text == name, message="the new list is not shown")
    page.add("Apples", wait_for="Apples")

    page.find("#rename-list-open").click()
    field = page.find("#rename-list-name")
    assert field.get_attribute("value") == name
    field.clear()
    field.send_keys("Food " + name, Keys.ENTER)
    page.wait(lambda: page.find("#list-title").text == "Food " + name, message="not renamed")
    assert "Food " + name in sidebar()

    page.find("#delete-list").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None)
    assert page.find("#confirm-title").text == f"Delete the list “Food {name}”?"
    page.find("#confirm-cancel").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is None)
    assert "Food " + name in sidebar()
    page.find("#delete-list").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None)
    page.find("#confirm-delete").click()
    page.wait(lambda: "Food " + name not in sidebar(), message="the list was not deleted")
    page.wait(lambda: page.find("#list-title").text == "Inbox")
    assert not page.find("#delete-list").is_displayed(), "the Inbox offers to be deleted"
    trash = api(url, "GET", "/api/v1/trash")
    assert any(lst["name"] == "Food " + name for lst in trash["lists"])


def test_lists_are_reordered_by_keyboard_and_by_drag_in_every_page(clean, browser):
    url = clean[0]
    stamp = str(uuid.uuid4())[:8]
    names = [f"Alpha {stamp}", f"Beta {stamp}"]
    for name in names:
        api(url, "POST", "/api/v1/lists", {"name": name})
    page = LivePage(browser(), url)
    other = LivePage(browser(), url)

    def order(p):
        shown = p.driver.execute_script(
            "return [...document.querySelectorAll('#lists button')].map(b => b.textContent)")
        return [name for name in shown if name in names]

    for p in (page, other):
        p.wait(lambda: order(p) == names, message="the new lists are not in the sidebar")

    # Alt+↑ on a focused list moves it up, here and in the other page, and it keeps the focus.
    beta = page.driver.find_element(By.XPATH, f"//ul[@id='lists']//button[text()='{names[1]}']")
    page.driver.execute_script("arguments[0].focus()", beta)
    ActionChains(page.driver).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
    for p in (page, other):
        p.wait(lambda: order(p) == names[::-1], message="Alt+Up did not move the list")
    page.wait(lambda: page.driver.execute_script(
        "return document.activeElement.textContent") == names[1])
    listed = [lst["name"] for lst in api(url, "GET", "/api/v1/lists") if lst["name"] in names]
    assert listed == names[::-1]

    # A drag of Beta onto the lower half of Alpha puts it back after Alpha.
    item = lambda name: page.driver.find_element(
        By.XPATH, f"//ul[@id='lists']/li[button[text()='{name}']]")
    page.driver.execute_script(DRAG, item(names[1]), item(names[0]), True)
    for p in (page, other):
        p.wait(lambda: order(p) == names, message="the drag did not move the list")


def test_phone_width_has_no_horizontal_scroll_and_no_empty_band(clean, browser):
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    page = LivePage(driver, clean[0])
    page.add("Milk", wait_for="Milk")
    layout = driver.execute_script("""
        const side = document.querySelector('.sidebar').getBoundingClientRect();
        const content = [...document.querySelectorAll('.sidebar > *')]
          .map(e => e.getBoundingClientRect().bottom);
        const main = document.querySelector('main').getBoundingClientRect();
        return {scroll: document.documentElement.scrollWidth, width: innerWidth,
                sideBottom: side.bottom, contentBottom: Math.max(...content),
                mainLeft: main.left, mainRight: main.right};""")
    assert layout["scroll"] <= layout["width"], f"horizontal scroll: {layout}"
    assert (layout["mainLeft"], layout["mainRight"]) == (0, layout["width"]), layout
    # The sidebar ends where its content does (its padding), not in a band of empty space.
    assert layout["sideBottom"] - layout["contentBottom"] < 24, f"an empty band: {layout}"

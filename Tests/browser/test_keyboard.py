"""The page by keyboard and screen reader: one tab stop for the list, arrow keys between rows,
shortcuts listed in a ? dialog, focus back where it was after a dialog, and the names in the
accessibility tree."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from page import LivePage


def focused_title(driver):
    return driver.execute_script(
        "const row = document.activeElement.closest('li.cell');"
        " return row ? row.querySelector('.title').textContent : document.activeElement.id")


def press(driver, *keys):
    ActionChains(driver).send_keys(*keys).perform()


def test_one_tab_stop_arrows_and_row_keys(clean, browser):
    driver = browser()
    page = LivePage(driver, clean[0])
    for title in ("One", "Two", "Three"):
        page.add(title, wait_for=title)
    stops = driver.execute_script(
        "return [...document.querySelectorAll('#list button, #list li')]"
        ".filter(e => e.tabIndex >= 0).map(e => e.tagName)")
    assert stops == ["LI"], f"the list has {len(stops)} tab stops"

    page.find("#search").click()
    press(driver, Keys.TAB)
    # Past the filters and options, Tab reaches the list once, on its first row.
    for _ in range(12):
        if focused_title(driver) == "One":
            break
        press(driver, Keys.TAB)
    assert focused_title(driver) == "One"
    press(driver, Keys.ARROW_DOWN)
    assert focused_title(driver) == "Two"
    press(driver, Keys.END)
    assert focused_title(driver) == "Three"
    press(driver, Keys.ARROW_UP)
    assert focused_title(driver) == "Two"

    press(driver, "x")
    page.wait(lambda: "done" in page.cell("Two").get_attribute("class"), message="x did not toggle")
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
    page.wait(lambda: page.titles() == ["Two", "One", "Three"], message="Alt+↑ did not move")
    page.wait(lambda: focused_title(driver) == "Two")

    press(driver, "e")
    page.wait(lambda: page.find("#editor").get_attribute("open") is not None, message="e did not edit")
    page.wait(lambda: page.find("#editor").get_attribute("aria-busy") == "false")
    press(driver, Keys.ESCAPE)
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    page.wait(lambda: focused_title(driver) == "Two", message="focus did not return to the row")

    press(driver, Keys.DELETE)
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None)
    assert page.find("#confirm-text").text == "Two"
    press(driver, Keys.ESCAPE)
    page.wait(lambda: page.find("#confirm").get_attribute("open") is None)
    page.wait(lambda: focused_title(driver) == "Two", message="focus did not return after confirm")


def test_page_shortcuts_and_their_dialog(clean, browser):
    driver = browser()
    page = LivePage(driver, clean[0])
    page.add("Milk", wait_for="Milk")
    driver.find_element(By.TAG_NAME, "body").click()
    press(driver, "/")
    assert driver.switch_to.active_element.get_attribute("id") == "search"
    press(driver, Keys.ESCAPE)
    driver.find_element(By.TAG_NAME, "h1").click()
    press(driver, "n")
    assert driver.switch_to.active_element.get_attribute("id") == "new-todo"
    press(driver, "?")
    assert driver.switch_to.active_element.get_attribute("id") == "new-todo", \
        "a shortcut fired while typing"
    driver.find_element(By.TAG_NAME, "h1").click()
    press(driver, "?")
    page.wait(lambda: page.find("#shortcuts").get_attribute("open") is not None)
    keys = page.find("#shortcuts").text
    for line in ("New todo", "Search", "Mark done or not done", "Edit", "Delete (asks first)",
                 "Move up or down"):
        assert line in keys
    page.find("#shortcuts-close").click()
    page.wait(lambda: page.find("#shortcuts").get_attribute("open") is None)


def test_the_accessibility_tree_names_rows_and_their_controls(clean, browser):
    driver = browser()
    page = LivePage(driver, clean[0])
    page.add("Buy milk", wait_for="Buy milk")
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    named = {(node.get("role", {}).get("value"), node.get("name", {}).get("value"))
             for node in tree if not node.get("ignored")}
    for expected in [("listitem", "Buy milk"), ("button", "Edit Buy milk"),
                     ("button", "Delete Buy milk"), ("checkbox", "Not started: Buy milk"),
                     ("button", "Move Buy milk up"), ("textbox", "New todo"),
                     ("searchbox", "Search"), ("button", "Keyboard shortcuts")]:
        assert expected in named, f"{expected} is not in the accessibility tree"

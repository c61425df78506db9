"""A list of 10,000 todos in Chromium: the page keeps only the rows in and near the viewport
in the document (windowing), scrolls to the end, applies a change made elsewhere while
scrolled, moves through the whole list by keyboard, and tells assistive technology the
list's real size (each row's aria-posinset and aria-setsize, read back from Chromium's
accessibility tree)."""

import json
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from conftest import api  # noqa: E402
from page import LivePage, until  # noqa: E402
from test_editing import INBOX  # noqa: E402
from todoserve import TodoServe, todo_binary  # noqa: E402

COUNT = 10_000


def seeded_database(directory, count):
    """A database whose Inbox holds `count` todos, written by `todo import` in one
    transaction (a document built from `todo export`'s own shape)."""
    database = str(directory / "large.sqlite")
    todo = todo_binary()
    subprocess.run([todo, "add", "Seed", "--db", database], check=True, capture_output=True)
    document = json.loads(subprocess.run([todo, "export", "--db", database], check=True,
                                         capture_output=True, text=True).stdout)
    template = document["todos"][0]
    # The seed becomes the first; order keys in the store's alphabet, increasing.
    document["todos"] = [
        dict(template, id=template["id"] if index == 1 else str(uuid.uuid4()).upper(),
             title=f"Todo {index:05}", order=f"V{index:05}1")
        for index in range(1, count + 1)]
    path = directory / "large.json"
    path.write_text(json.dumps(document))
    subprocess.run([todo, "import", str(path), "--db", database], check=True, capture_output=True)
    return database


@pytest.fixture(scope="module")
def large(tmp_path_factory):
    database = seeded_database(tmp_path_factory.mktemp("large"), COUNT)
    with TodoServe(database=database, name="large") as serve:
        yield serve.url


def rendered(page):
    return page.driver.execute_script("return document.querySelectorAll('#list li.cell').length")


def shown_titles(page):
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#list li.cell .title')].map(e => e.textContent)")


def accessibility_rows(driver):
    """The rows as assistive technology gets them: (name, posinset, setsize) of each list item
    of the list in Chromium's accessibility tree, its place read from the row's ARIA
    attributes (the protocol's tree does not list them)."""
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    names = [node["name"]["value"] for node in nodes
             if node.get("role", {}).get("value") == "listitem" and not node.get("ignored")
             and node.get("name", {}).get("value")]
    places = driver.execute_script(
        "return [...document.querySelectorAll('#list li.cell')].map(li => [li.getAttribute('aria-label'),"
        " Number(li.getAttribute('aria-posinset')), Number(li.getAttribute('aria-setsize'))])")
    assert [name for name, _, _ in places] == [name for name in names if name in {p[0] for p in places}]
    return [tuple(place) for place in places]


def test_ten_thousand_todos_open_scroll_and_change(large, browser):
    driver = browser()
    page = LivePage(driver, large)
    page.wait(lambda: shown_titles(page)[:1] == ["Todo 00001"], 30, "the first rows never showed")
    assert driver.execute_script("return window.todoPage.view.count") == COUNT
    assert rendered(page) < 300, "every row is in the document"

    # Assistive technology reads the whole list's size on the rows it is given.
    rows = accessibility_rows(driver)
    assert rows[0] == ("Todo 00001", 1, COUNT), rows[:3]

    # Scrolled to the end: the last rows come into the document, the first ones leave.
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    page.wait(lambda: "Todo 10000" in shown_titles(page), 10, "the end of the list never showed")
    assert "Todo 00001" not in shown_titles(page)
    assert rendered(page) < 300

    # A change made elsewhere while scrolled there reaches the rows on screen.
    last = page.cell("Todo 10000").get_attribute("data-id")
    api(large, "PATCH", f"/api/v1/todos/{last}", {"title": "The very last one"})
    page.wait(lambda: "The very last one" in shown_titles(page), 10, "the change never showed")
    # And one far above the window is applied to the model, out of sight.
    first_id = driver.execute_script("return window.todoPage.view.visibleIds()[0]")
    api(large, "DELETE", f"/api/v1/todos/{first_id}")
    until(lambda: driver.execute_script("return window.todoPage.view.count") == COUNT - 1, 10)
    assert accessibility_rows(driver)[-1] == ("The very last one", COUNT - 1, COUNT - 1)

    # Home and End go through the whole list by keyboard.
    driver.execute_script("arguments[0].focus()", page.cell("The very last one"))
    driver.switch_to.active_element.send_keys(Keys.HOME)
    page.wait(lambda: driver.switch_to.active_element.get_attribute("aria-label") == "Todo 00002", 10,
              "Home did not reach the first row")
    driver.switch_to.active_element.send_keys(Keys.END)
    page.wait(lambda: driver.switch_to.active_element.get_attribute("aria-label") == "The very last one",
              10, "End did not reach the last row")
    api(large, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Added at the end"})
    page.wait(lambda: "Added at the end" in shown_titles(page), 10)


def test_a_long_list_page_holds_its_first_rows(large, browser):
    """The page holds the list's first 300 rows and the number of the others: a todo added at
    the end reaches it as the count, and End asks the server for the rest."""
    driver = browser()
    page = LivePage(driver, large)
    page.wait(lambda: len(shown_titles(page)) > 0, 30, "the first rows never showed")
    view = "window.todoPage.view"
    total = driver.execute_script(f"return {view}.count")
    assert total > 300
    assert driver.execute_script(f"return {view}.known") == 300

    api(large, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Below the held rows"})
    until(lambda: driver.execute_script(f"return {view}.count") == total + 1, 10)
    assert driver.execute_script(f"return {view}.known") == 300
    assert "Below the held rows" not in driver.execute_script(
        f"return {view}.visibleIds().map(id => {view}.cells.get(id).title)")

    # End goes to the real last row: the page asks for the rest and focuses it once it has it.
    first = driver.execute_script(f"return {view}.visibleIds()[0]")
    driver.execute_script("arguments[0].focus()", page.driver.find_element(
        "css selector", f'#list li.cell[data-id="{first}"]'))
    driver.switch_to.active_element.send_keys(Keys.END)
    page.wait(lambda: driver.switch_to.active_element.get_attribute("aria-label") == "Below the held rows",
              10, "End did not reach the last row")
    assert driver.execute_script(f"return {view}.known") == total + 1
    assert accessibility_rows(driver)[-1] == ("Below the held rows", total + 1, total + 1)

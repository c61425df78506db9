"""Subtasks on the page: Tab and Shift-Tab, a drop onto a row, the disclosure and → ←, a
parent's progress, the outline as a tree for screen readers, live in another tab, and the
question when a parent with open subtasks is marked done."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api
from page import LivePage
from test_editing import INBOX

# Drops `source` onto the middle of `target`: it becomes `target`'s last subtask.
DRAG_INTO = """
const [source, target] = arguments;
const box = target.getBoundingClientRect();
const y = box.top + box.height / 2;
const data = new DataTransfer();
const fire = (type, node) => node.dispatchEvent(new DragEvent(type,
  {bubbles: true, cancelable: true, clientX: box.left + 10, clientY: y, dataTransfer: data}));
fire('dragstart', source); fire('dragover', target); fire('drop', target); fire('dragend', source);
"""


def outline(page):
    """The rows as `level title`, with the progress a parent shows."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#list li.cell[data-kind=todo]')].map(li =>"
        " (li.getAttribute('aria-level') ?? '-') + ' ' + li.querySelector('.title').textContent"
        " + (li.querySelector('.progress') ? ' ' + li.querySelector('.progress').firstChild"
        ".textContent : ''))")


def press(driver, *keys):
    ActionChains(driver).send_keys(*keys).perform()


def focus(page, title):
    page.driver.execute_script("arguments[0].focus()", page.cell(title))


def test_nesting_by_keyboard_and_by_drag_with_progress_and_collapse(clean, browser):
    url = clean[0]
    for title in ("Trip", "Pack", "Tickets"):
        api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": title})
    driver = browser()
    page = LivePage(driver, url)
    other = LivePage(browser(), url)
    page.wait(lambda: page.titles() == ["Trip", "Pack", "Tickets"])
    # A flat list is a list.
    assert page.find("#list ul").get_attribute("role") == "list"
    assert outline(page) == ["- Trip", "- Pack", "- Tickets"]

    # Tab on the first row has nothing to nest under: it leaves the row, as Tab does.
    focus(page, "Pack")
    press(driver, Keys.TAB)
    page.wait(lambda: outline(page) == ["1 Trip 0/1", "2 Pack", "1 Tickets"],
              message="Tab did not nest Pack under Trip")
    # With subtasks, the list is a tree: treeitems with their level, a parent expanded.
    assert page.find("#list ul").get_attribute("role") == "tree"
    assert page.cell("Pack").get_attribute("role") == "treeitem"
    assert page.cell("Trip").get_attribute("aria-expanded") == "true"
    disclosure = page.cell("Trip").find_element(By.CSS_SELECTOR, "button.expand")
    assert disclosure.accessible_name == "Collapse Trip"
    other.wait(lambda: outline(other) == ["1 Trip 0/1", "2 Pack", "1 Tickets"],
               message="the other tab did not see the nesting")

    # A drop onto the middle of a row nests the dragged row under it.
    driver.execute_script(DRAG_INTO, page.cell("Tickets"), page.cell("Pack"))
    page.wait(lambda: outline(page) == ["1 Trip 0/1", "2 Pack 0/1", "3 Tickets"],
              message="the drop did not nest Tickets under Pack")

    # Collapse with the disclosure, expand with →.
    disclosure.click()
    page.wait(lambda: page.titles() == ["Trip"], message="collapsing did not hide the subtasks")
    assert page.cell("Trip").get_attribute("aria-expanded") == "false"
    other.wait(lambda: other.titles() == ["Trip", "Pack", "Tickets"])  # each page its own
    focus(page, "Trip")
    press(driver, Keys.ARROW_RIGHT)
    page.wait(lambda: page.titles() == ["Trip", "Pack", "Tickets"], message="→ did not expand")

    # Shift-Tab takes a subtask out of its parent, just after it.
    focus(page, "Tickets")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    page.wait(lambda: outline(page) == ["1 Trip 0/2", "2 Pack", "2 Tickets"],
              message="Shift-Tab did not outdent Tickets")
    # Done subtasks count in the progress.
    api(url, "PATCH", f"/api/v1/todos/{page.cell('Pack').get_attribute('data-id')}",
        {"status": "done"})
    page.wait(lambda: outline(page)[0] == "1 Trip 1/2", message="the progress did not follow")


def test_completing_a_parent_with_open_subtasks_asks(clean, browser):
    url = clean[0]
    trip = api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Trip"})
    pack = api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
               {"title": "Pack", "parentID": trip["id"]})
    page = LivePage(browser(), url)
    page.wait(lambda: page.titles() == ["Trip", "Pack"])

    page.cell("Trip").find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None,
              message="no question before completing a parent")
    assert page.find("#confirm-title").text == "Complete “Trip”?"
    assert page.find("#confirm-text").text == "It has 1 open subtask."
    keep = page.find("#confirm-other")
    assert keep.accessible_name == "Keep them open"
    keep.click()
    page.wait(lambda: "done" in page.cell("Trip").get_attribute("class"))
    assert api(url, "GET", f"/api/v1/todos/{pack['id']}")["status"] == "notStarted"

    # Reopened and marked done again, by keyboard: this time all of them.
    page.cell("Trip").find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: "done" not in page.cell("Trip").get_attribute("class"))
    focus(page, "Trip")
    press(page.driver, "x")
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None)
    page.find("#confirm-delete").send_keys(Keys.ENTER)
    page.wait(lambda: "done" in page.cell("Pack").get_attribute("class"),
              message="Complete all did not complete the subtask")
    assert "done" in page.cell("Trip").get_attribute("class")


def test_a_collapsed_parent_stays_collapsed_for_the_person(clean, browser):
    """The person's collapsed parents are remembered by the server: after a reload, and in a
    page opened later (another device), the parent is still collapsed."""
    url = clean[0]
    trip = api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Trip"})
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Pack", "parentID": trip["id"]})
    page = LivePage(browser(), url)
    page.wait(lambda: page.titles() == ["Trip", "Pack"])
    page.cell("Trip").find_element(By.CSS_SELECTOR, "button.expand").click()
    page.wait(lambda: page.titles() == ["Trip"], message="collapsing did not hide the subtask")
    # Remembered once the server acknowledged the collapse.
    page.wait(lambda: page.driver.execute_script(
        "return window.todoPage.optimistic.waiting.length") == 0)

    page.driver.refresh()
    page.wait(lambda: page.titles() == ["Trip"], message="the reload forgot the collapse")
    assert page.cell("Trip").get_attribute("aria-expanded") == "false"
    later = LivePage(browser(), url)
    later.wait(lambda: later.titles() == ["Trip"], message="a new page forgot the collapse")

    # Expanded on the new page: expanded for the next one too.
    later.cell("Trip").find_element(By.CSS_SELECTOR, "button.expand").click()
    later.wait(lambda: later.titles() == ["Trip", "Pack"])
    third = LivePage(browser(), url)
    third.wait(lambda: third.titles() == ["Trip", "Pack"], message="the expand was not kept")


def test_a_subtask_in_today_names_its_parent(clean, browser):
    """Away from its parent (a smart view, the Undone and Done groups), a subtask says whose it
    is: "↳ Trip", read as "subtask of Trip"; in its list, under its parent, it does not."""
    url = clean[0]
    import datetime
    today = datetime.date.today().isoformat()
    trip = api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Trip"})
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
        {"title": "Pack", "parentID": trip["id"], "deadline": today})
    page = LivePage(browser(), url)
    page.wait(lambda: page.titles() == ["Trip", "Pack"])
    assert not page.cell("Pack").find_elements(By.CSS_SELECTOR, ".parent")
    page.find("#views button[data-view=today]").click()
    page.wait(lambda: page.titles() == ["Pack"])
    # Seen as "↳ Trip" (the words before it are for screen readers, the arrow hidden from them).
    shown = lambda: page.driver.execute_script(
        "const p = arguments[0].querySelector('.parent'); return p && [...p.children]"
        ".filter(c => !c.classList.contains('visually-hidden')).map(c => c.textContent).join('')",
        page.cell("Pack"))
    assert shown() == "↳ Trip"
    parent = page.cell("Pack").find_element(By.CSS_SELECTOR, ".parent")
    assert parent.get_attribute("textContent") == "subtask of ↳ Trip"
    assert parent.find_element(By.CSS_SELECTOR, "[aria-hidden=true]").text == "↳"
    # Renamed anywhere, the view follows.
    api(url, "PATCH", f"/api/v1/todos/{trip['id']}", {"title": "Trip to Lyon"})
    page.wait(lambda: shown() == "↳ Trip to Lyon", message="the parent's new title did not arrive")

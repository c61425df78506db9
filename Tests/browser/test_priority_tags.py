"""Browser tests of priorities and tags: the new-todo field reads #tags and !1, the row shows a
coloured flag and chips, the sheet sets both by keyboard, the list sorts by priority, and the
search's #tag shows only the tagged todos."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import api
from page import LivePage
from test_editing import open_editor
from test_repeat import detail, todo_titled


def test_quick_entry_reads_tags_and_a_priority_and_the_row_shows_them(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    # While typing, the page says what the text adds.
    field = page.find("#new-todo")
    field.send_keys("Buy milk #errands !1 #dairy")
    marks = page.find("#quick-marks")
    page.wait(lambda: marks.is_displayed() and marks.text == "Adds P1 #errands #dairy",
              message="the field did not say what it adds")
    assert "quick-marks" in field.get_attribute("aria-describedby")
    field.send_keys(Keys.ENTER)
    page.wait(lambda: page.has("Buy milk"))
    page.wait(lambda: not page.find("#quick-marks").is_displayed())
    todo = todo_titled(url, "Buy milk")
    assert todo["priority"] == 1 and todo["tags"] == ["errands", "dairy"]
    cell = page.cell("Buy milk")
    flag = cell.find_element(By.CSS_SELECTOR, ".priority")
    assert flag.text == "⚑ P1" and "p1" in flag.get_attribute("class")
    chips = [chip.text for chip in cell.find_elements(By.CSS_SELECTOR, ".tag")]
    assert chips == ["#errands", "#dairy"]
    # P1 is drawn in the page's red, apart from the muted text of a P4.
    page.add("Someday maybe", wait_for="Someday maybe")
    other = todo_titled(url, "Someday maybe")
    api(url, "PATCH", f"/api/v1/todos/{other['id']}", {"priority": 4})
    page.wait(lambda: detail(page, "Someday maybe") == "⚑ P4")
    colour = lambda t: page.driver.execute_script(
        "return getComputedStyle(arguments[0].querySelector('.priority')).color", page.cell(t))
    assert colour("Buy milk") != colour("Someday maybe")


def test_the_sheet_sets_priority_and_tags_by_keyboard(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Write report", wait_for="Write report")
    todo = todo_titled(url, "Write report")
    open_editor(page, "Write report")
    priority = page.find("select[name=priority]")
    tags = page.find("input[name=tags]")
    assert priority.accessible_name.startswith("Priority")
    assert tags.accessible_name.startswith("Tags")
    Select(priority).select_by_value("2")
    tags.send_keys("work #q3")
    tags.send_keys(Keys.ENTER)
    page.wait(lambda: api(url, "GET", f"/api/v1/todos/{todo['id']}").get("tags") == ["work", "q3"],
              message="the tags were not saved")
    assert api(url, "GET", f"/api/v1/todos/{todo['id']}")["priority"] == 2
    chips = lambda: [chip.text for chip in
                     page.cell("Write report").find_elements(By.CSS_SELECTOR, ".tag")]
    page.wait(lambda: chips() == ["#work", "#q3"], message="the row lacks the chips")
    assert page.cell("Write report").find_element(By.CSS_SELECTOR, ".priority").text == "⚑ P2"

    # Opened again, the sheet shows them.
    open_editor(page, "Write report")
    assert Select(page.find("select[name=priority]")).first_selected_option.get_attribute(
        "value") == "2"
    assert page.find("input[name=tags]").get_attribute("value") == "work q3"
    page.find("#editor-cancel").click()


def test_sorting_by_priority_and_searching_a_tag(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    for title in ["Plain", "Low !4", "Urgent !1 #work", "Medium !2 #work"]:
        page.add(title, wait_for=title.split(" ")[0])
    assert page.titles() == ["Plain", "Low", "Urgent", "Medium"]
    sort = page.find("#sort-priority")
    assert sort.accessible_name == "Sort by priority"
    sort.send_keys(Keys.SPACE)
    page.wait(lambda: page.titles() == ["Urgent", "Medium", "Low", "Plain"],
              message="not in priority order")
    sort.send_keys(Keys.SPACE)
    page.wait(lambda: page.titles() == ["Plain", "Low", "Urgent", "Medium"])

    search = page.find("#search")
    search.send_keys("#work")
    page.wait(lambda: page.titles() == ["Urgent", "Medium"], message="#work did not filter")
    # Another tab tags a todo: the search shows it at once.
    plain = todo_titled(url, "Plain")
    api(url, "PATCH", f"/api/v1/todos/{plain['id']}", {"tags": ["Work"]})
    page.wait(lambda: page.titles() == ["Plain", "Urgent", "Medium"],
              message="a todo tagged elsewhere did not appear")

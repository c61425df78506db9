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


def test_a_tag_renamed_and_coloured_from_the_sidebar(clean, browser):
    """The sidebar's ✎ beside a tag opens its form: a new name renames it on every todo (onto
    another tag's name, merges them), a colour tints its chips and its dot, on every page."""
    url = clean[0]
    api(url, "POST", "/api/v1/lists/00000000-0000-4000-8000-000000000001/todos",
        {"title": "Write report", "tags": ["work"]})
    page = LivePage(browser(), url)
    other = LivePage(browser(), url)
    page.wait(lambda: page.has("Write report"))
    edit = page.find("#tags li button[data-action=edit]")
    assert edit.accessible_name == "Edit the tag #work"
    edit.click()
    form = page.find("#tag-form")
    page.wait(lambda: form.is_displayed())
    name = page.find("#tag-name")
    assert name.get_attribute("value") == "work"
    assert name.accessible_name.startswith("Name")
    teal = page.find("#tag-form input[name=tag-color][value=teal]")
    assert teal.accessible_name == "Teal"
    assert page.find("#tag-form input[name=tag-color][value='']").is_selected()
    name.clear()
    name.send_keys("job")
    teal.click()
    page.find("#tag-form button[type=submit]").click()
    page.wait(lambda: not form.is_displayed())

    def chip(p):
        chips = p.cell("Write report").find_elements(By.CSS_SELECTOR, ".tag")
        return [(c.text, c.get_attribute("data-color")) for c in chips]

    for p in (page, other):
        p.wait(lambda: chip(p) == [("#job", "teal")], message="the chip was not renamed and tinted")
        p.wait(lambda: p.find("#tags li button[data-tag]").get_attribute("data-color") == "teal")
    assert api(url, "GET", "/api/v1/tags")[0]["name"] == "job"
    # Taking the colour away leaves a plain chip.
    page.find("#tags li button[data-action=edit]").click()
    page.wait(lambda: page.find("#tag-form input[name=tag-color][value=teal]").is_selected())
    page.find("#tag-form input[name=tag-color][value='']").click()
    page.find("#tag-name").send_keys(Keys.ENTER)
    page.wait(lambda: chip(page) == [("#job", None)], message="the colour stayed")

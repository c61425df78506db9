"""Browser tests of saved filters and tags in the sidebar: saved from the page by keyboard,
shown with a live count, updated live when another tab changes a todo, edited and deleted
after a question; a tag's view from the Tags section.

The server is shared by the tests of a session, so each test names its todos, tags and
filters with a fresh token."""

import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api
from page import LivePage
from test_repeat import todo_titled


def filter_item(page, name):
    """The sidebar's item of the saved filter `name`, or None."""
    for item in page.driver.find_elements(By.CSS_SELECTOR, "#filters li"):
        if item.find_element(By.CSS_SELECTOR, ".name").text == name:
            return item
    return None


def label(page, name):
    item = filter_item(page, name)
    return item.find_element(By.CSS_SELECTOR, "button").get_attribute("aria-label") if item else None


def title(page):
    return page.find("#list-title").text


def test_a_saved_filter_counts_and_shows_live_what_another_tab_changes(clean, browser):
    url = clean[0]
    token = uuid.uuid4().hex[:6]
    tag = f"t{token}"
    page = LivePage(browser(), url)
    other = LivePage(browser(), url)
    page.add(f"Report {token} #{tag} !1", wait_for=f"Report {token}")
    page.add(f"Milk {token} #{tag}", wait_for=f"Milk {token}")

    # Saved from the page, by keyboard: the form opens, takes a name and a query.
    opener = page.find("#new-filter-open")
    assert opener.accessible_name == "New filter"
    opener.send_keys(Keys.ENTER)
    name_field = page.find("#filter-name")
    page.wait(lambda: page.driver.switch_to.active_element == name_field,
              message="the form did not take the focus")
    assert name_field.accessible_name.startswith("Name")
    name = f"Urgent {token}"
    name_field.send_keys(name)
    query = page.find("#filter-query")
    assert query.accessible_name.startswith("Query")
    query.send_keys(f"#{tag} & p1" + Keys.ENTER)
    page.wait(lambda: title(page) == name, message="the saved filter was not shown")
    page.wait(lambda: not page.find("#filter-form").is_displayed(), message="the form stayed open")
    assert page.titles() == [f"Report {token}"]
    assert label(page, name) == f"{name}, 1 todo"
    # Sections by list, headed by its name.
    assert page.driver.execute_script(
        "return [...document.querySelectorAll('#list .section-header')].map(h => h.textContent)"
    ) == ["Inbox"]

    # Another tab makes the milk urgent: it enters the view and the count, in both tabs.
    milk = todo_titled(url, f"Milk {token}")
    other.wait(lambda: label(other, name) == f"{name}, 1 todo")
    api(url, "PATCH", f"/api/v1/todos/{milk['id']}", {"priority": 1})
    page.wait(lambda: page.titles() == [f"Report {token}", f"Milk {token}"],
              message="the todo changed elsewhere did not enter the view")
    page.wait(lambda: label(page, name) == f"{name}, 2 todos")
    other.wait(lambda: label(other, name) == f"{name}, 2 todos",
               message="the other tab's count did not follow")
    # Completing one in the other tab takes it out.
    other.cell(f"Milk {token}").find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: page.titles() == [f"Report {token}"], message="a completed todo stayed")

    # A query that does not read is refused, and the form keeps what was typed.
    filter_item(page, name).find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    query = page.find("#filter-query")
    assert query.get_attribute("value") == f"#{tag} & p1"
    query.send_keys(" &" + Keys.ENTER)
    page.wait(lambda: "expected a term" in page.find("#problem").text,
              message="the refusal was not shown")
    assert page.find("#filter-form").is_displayed()
    assert query.get_attribute("value") == f"#{tag} & p1 &"
    query.clear()
    query.send_keys(f"#{tag}" + Keys.ENTER)
    page.wait(lambda: label(page, name) == f"{name}, 1 todo")
    page.wait(lambda: not page.find("#filter-form").is_displayed())

    # Deleting asks first; the page goes back to the list, the todos stay.
    filter_item(page, name).find_element(By.CSS_SELECTOR, "[data-action=delete]").click()
    dialog = page.find("#confirm")
    page.wait(lambda: dialog.is_displayed())
    assert page.find("#confirm-title").text == f"Delete the filter “{name}”?"
    page.find("#confirm-delete").click()
    page.wait(lambda: filter_item(page, name) is None, message="the filter stayed")
    page.wait(lambda: title(page) == "Inbox")
    assert f"Report {token}" in page.titles()
    other.wait(lambda: filter_item(other, name) is None)


def test_the_tags_section_counts_live_and_shows_a_tags_todos(clean, browser):
    url = clean[0]
    token = uuid.uuid4().hex[:6]
    tag = f"t{token}"
    page = LivePage(browser(), url)
    page.add(f"Milk {token} #{tag}", wait_for=f"Milk {token}")
    button = lambda: page.find(f"#tags button[data-tag={tag}]")
    page.wait(lambda: button().get_attribute("aria-label") == f"#{tag}, 1 open",
              message="the tag is not in the sidebar")
    api(url, "POST", "/api/v1/lists/00000000-0000-4000-8000-000000000001/todos",
        {"title": f"Eggs {token}", "tags": [tag]})
    page.wait(lambda: button().get_attribute("aria-label") == f"#{tag}, 2 open",
              message="the tag's count did not follow")
    button().send_keys(Keys.ENTER)
    page.wait(lambda: title(page) == f"#{tag}")
    page.wait(lambda: sorted(page.titles()) == [f"Eggs {token}", f"Milk {token}"])
    # Added in the tag's view, a todo carries the tag.
    page.add(f"Bread {token}", wait_for=f"Bread {token}")
    assert todo_titled(url, f"Bread {token}")["tags"] == [tag]
    page.wait(lambda: button().get_attribute("aria-label") == f"#{tag}, 3 open")
    # Reloaded, the page still shows the tag's view.
    page.driver.refresh()
    page.wait(lambda: title(page) == f"#{tag}", message="the reload lost the view")
    page.wait(lambda: len(page.titles()) == 3)
    page.find("#lists button").click()
    page.wait(lambda: title(page) == "Inbox")

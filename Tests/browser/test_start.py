"""Browser tests of start dates and Someday: the edit sheet sets a start (the row greys and
says when it starts, Today leaves it out), Someday puts a todo aside (its own view, added to
from there)."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api
from page import LivePage
from test_editing import open_editor
from test_repeat import detail, todo_titled
from test_views import choose, day


def test_a_start_date_greys_the_row_and_keeps_it_out_of_today(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Plan the trip", wait_for="Plan the trip")
    todo = todo_titled(url, "Plan the trip")
    in_three_days = day(page.driver, 3)

    title = open_editor(page, "Plan the trip")
    start = page.find("input[name=start]")
    assert start.accessible_name.startswith("Start")
    page.driver.execute_script("arguments[0].value = arguments[1];"
                               " arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
                               start, in_three_days)
    title.send_keys(Keys.ENTER)
    page.wait(lambda: api(url, "GET", f"/api/v1/todos/{todo['id']}").get("start") == in_three_days,
              message="the start date was not saved")
    page.wait(lambda: detail(page, "Plan the trip").startswith("Starts "))
    assert "deferred" in page.cell("Plan the trip").get_attribute("class")
    colour = lambda t: page.driver.execute_script(
        "return getComputedStyle(arguments[0].querySelector('.title')).color", page.cell(t))
    page.add("Now", wait_for="Now")
    assert colour("Plan the trip") != colour("Now"), "a todo not started yet is greyed"

    # Due today but starting later would be refused; starting in three days, it is not in Today.
    api(url, "PATCH", f"/api/v1/todos/{todo['id']}", {"deadline": day(page.driver, 5)})
    choose(page, "today")
    page.wait(lambda: "Plan the trip" not in page.titles())
    choose(page, "upcoming")
    page.wait(lambda: "Plan the trip" in page.titles(), message="Upcoming lacks its start day")


def test_someday_puts_a_todo_aside_in_its_own_view(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Learn the cello", wait_for="Learn the cello")
    todo = todo_titled(url, "Learn the cello")
    open_editor(page, "Learn the cello")
    someday = page.find("input[name=someday]")
    assert someday.accessible_name.startswith("Someday")
    # The keyboard reaches it.
    someday.send_keys(Keys.SPACE)
    assert someday.is_selected()
    page.find("#editor-save").click()
    page.wait(lambda: api(url, "GET", f"/api/v1/todos/{todo['id']}").get("someday") is True,
              message="Someday was not saved")
    page.wait(lambda: detail(page, "Learn the cello") == "Someday")

    choose(page, "someday")
    page.wait(lambda: page.titles() == ["Learn the cello"])
    # Added from Someday, a todo is put aside too.
    page.add("Read Proust", wait_for="Read Proust")
    added = todo_titled(url, "Read Proust")
    assert added.get("someday") is True and "deadline" not in added
    page.wait(lambda: page.find("#views button[data-view=someday]")
              .get_attribute("aria-label").endswith("2 open"))

"""Browser tests of the live page: adding, toggling, editing, deleting, reordering."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api
from page import DRAG, LivePage

INBOX = "00000000-0000-4000-8000-000000000001"


def test_add_trims_and_ignores_empty_text(clean, browser):
    page = LivePage(browser(), clean[0])
    page.add("    ")
    page.add("  Buy milk  ", wait_for="Buy milk")
    assert page.titles() == ["Buy milk"]
    assert page.find("#new-todo").get_attribute("value") == ""
    page.wait(lambda: page.counter() == "1 item left")
    page.add("Eggs", wait_for="Eggs")
    page.wait(lambda: page.counter() == "2 items left")


def test_the_status_control_cycles_three_states_each_with_its_icon_and_colour(clean, browser):
    page = LivePage(browser(), clean[0])
    page.add("Milk", wait_for="Milk")
    control = lambda: page.cell("Milk").find_element(By.CSS_SELECTOR, "button.status")
    assert control().accessible_name == "Not started: Milk"
    assert control().get_attribute("aria-checked") == "false"
    seen = []
    for state, icon, checked, counter in [("inProgress", "◐", "mixed", "1 item left"),
                                          ("done", "✓", "true", "0 items left"),
                                          ("notStarted", "○", "false", "1 item left")]:
        before = control().text
        control().click()
        page.wait(lambda: control().get_attribute("data-status") == state,
                  message=f"the control did not move on to {state}")
        assert (control().text, control().get_attribute("aria-checked")) == (icon, checked)
        assert control().text != before
        page.wait(lambda: page.counter() == counter)
        seen.append(page.driver.execute_script(
            "return getComputedStyle(arguments[0]).color", control()))
    assert len(set(seen)) == 3, f"the three states share colours: {seen}"
    assert "done" not in page.cell("Milk").get_attribute("class")


def open_editor(page, title):
    page.cell(title).find_element(By.CSS_SELECTOR, "button.edit").click()
    page.wait(lambda: page.find("#editor").get_attribute("open") is not None)
    page.wait(lambda: page.find("#editor").get_attribute("aria-busy") == "false")
    return page.find("#editor-form input[name=title]")


def test_edit_then_cancel_then_save(clean, browser):
    page = LivePage(browser(), clean[0])
    page.add("Milk", wait_for="Milk")
    title = open_editor(page, "Milk")
    assert title.get_attribute("value") == "Milk"
    title.clear()
    title.send_keys("Changed but cancelled")
    title.send_keys(Keys.ESCAPE)
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    assert page.titles() == ["Milk"]

    title = open_editor(page, "Milk")
    assert title.get_attribute("value") == "Milk"
    page.find("#editor-form textarea[name=notes]").send_keys("oat")
    page.driver.execute_script(
        "document.querySelector('#editor-form input[name=deadline]').value = '2020-01-02'")
    title.clear()
    title.send_keys("Oat milk", Keys.ENTER)
    page.wait(lambda: page.has("Oat milk"), message="the edit was not saved")
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    # A deadline of another year reads as its day, month and year, then that it is overdue.
    detail = page.cell("Oat milk").find_element(By.CSS_SELECTOR, ".detail").text
    assert detail == "2 Jan 2020 · overdue"
    assert "overdue" in page.cell("Oat milk").get_attribute("class")


def test_delete_cancel_confirm_and_undo(clean, browser):
    page = LivePage(browser(), clean[0])
    page.add("Keep", wait_for="Keep")
    page.add("Remove me", wait_for="Remove me")
    page.cell("Remove me").find_element(By.CSS_SELECTOR, "button.delete").click()
    dialog = page.find("#confirm")
    page.wait(lambda: dialog.get_attribute("open") is not None)
    assert page.find("#confirm-title").text == "Delete this todo?"
    page.find("#confirm-cancel").click()
    page.wait(lambda: dialog.get_attribute("open") is None)
    assert page.titles() == ["Keep", "Remove me"]

    page.cell("Remove me").find_element(By.CSS_SELECTOR, "button.delete").click()
    page.wait(lambda: dialog.get_attribute("open") is not None)
    page.find("#confirm-delete").click()
    page.wait(lambda: page.titles() == ["Keep"])
    page.wait(lambda: page.find("#toast").is_displayed())
    page.find("#undo").click()
    page.wait(lambda: page.titles() == ["Keep", "Remove me"], message="undo did not restore")




def test_reorder_by_drag_and_by_keyboard(clean, browser):
    page = LivePage(browser(), clean[0])
    for title in ("A", "B", "C"):
        page.add(title, wait_for=title)
    page.driver.execute_script(DRAG, page.cell("C"), page.cell("A"), False)
    page.wait(lambda: page.titles() == ["C", "A", "B"], message="drag did not reorder")

    up = page.cell("B").find_element(By.CSS_SELECTOR, "button.up")
    assert up.accessible_name == "Move B up"
    up.send_keys(Keys.ENTER)
    page.wait(lambda: page.titles() == ["C", "B", "A"], message="keyboard move failed")
    page.cell("C").send_keys(
        Keys.ALT, Keys.ARROW_DOWN)
    page.wait(lambda: page.titles() == ["B", "C", "A"], message="Alt+Down failed")
    # The order is stored: a new page shows it.
    assert LivePage(browser(), clean[0]).titles() == ["B", "C", "A"]




def test_a_deadline_with_a_time_survives_an_edit(clean, browser):
    url = clean[0]
    todo = api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
               {"title": "Dentist", "deadline": "2031-05-06T14:30"})
    page = LivePage(browser(), url)
    page.wait(lambda: page.has("Dentist"))
    # The row reads the deadline as a person does; the sheet holds its exact date and time.
    assert page.cell("Dentist").find_element(By.CSS_SELECTOR, ".detail").text == "6 May 2031 14:30"
    title = open_editor(page, "Dentist")
    fields = page.driver.execute_script(
        "const f = document.getElementById('editor-form').elements;"
        " return [f.deadline.value, f.deadlineTime.value]")
    assert fields == ["2031-05-06", "14:30"]
    title.clear()
    title.send_keys("Dentist, bring the card", Keys.ENTER)
    page.wait(lambda: page.has("Dentist, bring the card"), message="the edit was not saved")
    saved = api(url, "GET", f"/api/v1/todos/{todo['id']}")
    assert saved["deadline"] == "2031-05-06T14:30", "saving the title dropped the time"

    open_editor(page, "Dentist, bring the card")
    page.driver.execute_script(
        "document.querySelector('#editor-form input[name=deadlineTime]').value = '08:05'")
    page.find("#editor-save").click()
    page.wait(lambda: api(url, "GET", f"/api/v1/todos/{todo['id']}")["deadline"]
              == "2031-05-06T08:05", message="the new time was not saved")
    page.wait(lambda: page.cell("Dentist, bring the card")
              .find_element(By.CSS_SELECTOR, ".detail").text == "6 May 2031 08:05")

    open_editor(page, "Dentist, bring the card")
    page.driver.execute_script(
        "document.querySelector('#editor-form input[name=deadlineTime]').value = ''")
    page.find("#editor-save").click()
    page.wait(lambda: api(url, "GET", f"/api/v1/todos/{todo['id']}")["deadline"]
              == "2031-05-06", message="clearing the time did not keep the date")


def test_tapping_a_row_toggles_it_and_its_buttons_name_it(clean, browser):
    page = LivePage(browser(), clean[0])
    page.add("Buy milk", wait_for="Buy milk")
    page.cell("Buy milk").find_element(By.CSS_SELECTOR, ".content .title").click()
    page.wait(lambda: "done" in page.cell("Buy milk").get_attribute("class"),
              message="tapping the row did not mark it done")
    page.cell("Buy milk").find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: "done" not in page.cell("Buy milk").get_attribute("class"),
              message="a second tap did not reopen it")
    names = [b.accessible_name
             for b in page.cell("Buy milk").find_elements(By.CSS_SELECTOR, "button:not([hidden])")]
    assert names == ["Edit Buy milk", "Not started: Buy milk", "Move Buy milk up",
                     "Move Buy milk down", "Delete Buy milk"]
    title = open_editor(page, "Buy milk")
    assert title.get_attribute("value") == "Buy milk", "the edit button still opens the sheet"


def test_clear_completed_asks_with_the_count_and_undoes(clean, browser):
    page = LivePage(browser(), clean[0])
    for title in ("Keep", "Done A", "Done B"):
        page.add(title, wait_for=title)
    for title in ("Done A", "Done B"):
        page.cell(title).find_element(By.CSS_SELECTOR, ".content").click()
    page.wait(lambda: page.counter() == "1 item left")
    dialog = page.find("#confirm")

    page.find("#clear-completed").click()
    page.wait(lambda: dialog.get_attribute("open") is not None)
    assert page.find("#confirm-title").text == "Clear 2 completed todos?"
    assert page.find("#confirm-delete").text == "Clear"
    page.find("#confirm-cancel").click()
    page.wait(lambda: dialog.get_attribute("open") is None)
    assert page.titles() == ["Keep", "Done A", "Done B"], "Cancel cleared something"

    page.find("#clear-completed").click()
    page.wait(lambda: dialog.get_attribute("open") is not None)
    page.find("#confirm-delete").click()
    page.wait(lambda: page.titles() == ["Keep"], message="Clear did not clear")
    page.wait(lambda: not page.find("#toast").get_attribute("hidden"))
    assert page.find("#toast-text").text == "Cleared 2 completed todos"
    page.find("#undo").click()
    page.wait(lambda: page.titles() == ["Keep", "Done A", "Done B"], message="Undo failed")
    page.wait(lambda: page.counter() == "1 item left")

    # Escape is Cancel for this question too.
    page.find("#clear-completed").click()
    page.wait(lambda: dialog.get_attribute("open") is not None)
    dialog.send_keys(Keys.ESCAPE)
    page.wait(lambda: dialog.get_attribute("open") is None)
    assert page.titles() == ["Keep", "Done A", "Done B"]


def conflict_on(page, url, title):
    """Opens the sheet of `title`, lets someone else retitle it, types notes and saves: the
    sheet shows the conflict. Returns the todo's id."""
    todo = next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos") if t["title"] == title)
    open_editor(page, title)
    api(url, "PATCH", f"/api/v1/todos/{todo['id']}", {"title": f"Their {title.lower()}"})
    page.wait(lambda: page.has(f"Their {title.lower()}"))
    page.find("#editor-form textarea[name=notes]").send_keys("mine: oat")
    page.find("#editor-save").click()
    page.wait(lambda: not page.find("#editor-conflict").get_attribute("hidden"),
              message="the conflict was not shown")
    return todo["id"]


def test_a_conflict_keeps_the_draft_beside_theirs_and_keep_mine_merges(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Milk", wait_for="Milk")
    todo_id = conflict_on(page, url, "Milk")
    assert page.find("#editor-theirs").text.split("\n") == ["Title", "Their milk"]
    assert page.find("#editor-form textarea[name=notes]").get_attribute("value") == "mine: oat"
    assert not page.find("#editor-save").is_displayed()
    assert "Someone else changed this todo" in page.find("#editor-problem").text
    page.find("#editor-keep-mine").click()
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    saved = api(url, "GET", f"/api/v1/todos/{todo_id}")
    # My notes win; their title stays, since the draft left the title as it was.
    assert (saved["title"], saved["notes"]) == ("Their milk", "mine: oat")


def test_use_theirs_drops_the_draft_for_their_version(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Bread", wait_for="Bread")
    todo_id = conflict_on(page, url, "Bread")
    page.find("#editor-use-theirs").click()
    page.wait(lambda: page.find("#editor-conflict").get_attribute("hidden") is not None)
    title = page.find("#editor-form input[name=title]")
    page.wait(lambda: title.get_attribute("value") == "Their bread")
    assert page.find("#editor-form textarea[name=notes]").get_attribute("value") == ""
    page.find("#editor-save").click()
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    assert api(url, "GET", f"/api/v1/todos/{todo_id}")["notes"] == ""


def test_saving_offline_says_so_and_saves_once_back(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Eggs", wait_for="Eggs")
    open_editor(page, "Eggs")
    page.find("#editor-form textarea[name=notes]").send_keys("a dozen")
    # The connection drops and stays down until the test lets it reconnect.
    page.driver.execute_script(
        "const c = window.todoPage.connection; c.open = () => {}; c.socket.close();")
    page.wait(lambda: page.driver.execute_script("return !window.todoPage.connection.isOpen"))
    page.find("#editor-save").click()
    page.wait(lambda: "You are offline" in page.find("#editor-problem").text)
    assert page.find("#editor").get_attribute("open") is not None, "the draft stays open"
    # Back online as the browser's own retry does it (a retry scheduled at the close must
    # not open a second socket beside this one).
    page.driver.execute_script(
        "const c = window.todoPage.connection; delete c.open; c.retryNow();")
    page.wait(lambda: page.find("#editor").get_attribute("open") is None,
              message="the kept draft was not saved after the reconnect")
    todo = next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos") if t["title"] == "Eggs")
    assert todo["notes"] == "a dozen"


def test_a_draft_survives_a_reload_and_a_change_meanwhile_is_a_conflict(clean, browser):
    url = clean[0]
    page = LivePage(browser(), url)
    page.add("Flour", wait_for="Flour")
    page.add("Sugar", wait_for="Sugar")
    open_editor(page, "Flour")
    page.find("#editor-form textarea[name=notes]").send_keys("1 kg, type 550")
    page.driver.refresh()
    page.wait(lambda: page.find("#editor").get_attribute("open") is not None,
              message="the sheet did not reopen after the reload")
    notes = page.find("#editor-form textarea[name=notes]")
    page.wait(lambda: notes.get_attribute("value") == "1 kg, type 550")
    assert page.find("#editor-form input[name=title]").get_attribute("value") == "Flour"
    page.find("#editor-save").click()
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    flour = next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos") if t["title"] == "Flour")
    assert flour["notes"] == "1 kg, type 550"
    page.driver.refresh()
    page.wait(lambda: page.has("Flour"))
    assert page.find("#editor").get_attribute("open") is None, "a saved draft came back"

    # A draft whose todo someone else changed before the reload comes back beside theirs.
    open_editor(page, "Sugar")
    page.find("#editor-form textarea[name=notes]").send_keys("brown")
    sugar = next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos") if t["title"] == "Sugar")
    api(url, "PATCH", f"/api/v1/todos/{sugar['id']}", {"title": "Cane sugar"})
    page.driver.refresh()
    page.wait(lambda: not page.find("#editor-conflict").get_attribute("hidden"),
              message="the changed todo's draft came back without the conflict")
    assert page.find("#editor-form textarea[name=notes]").get_attribute("value") == "brown"
    assert "Cane sugar" in page.find("#editor-theirs").text
    page.find("#editor-cancel").click()
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    page.driver.refresh()
    page.wait(lambda: page.has("Cane sugar"))
    assert page.find("#editor").get_attribute("open") is None, "a cancelled draft came back"
    assert api(url, "GET", f"/api/v1/todos/{sugar['id']}")["notes"] == ""


def test_quick_entry_reads_tomorrow_in_the_browsers_time_zone(clean, browser):
    import datetime
    from zoneinfo import ZoneInfo
    # A zone whose date differs from the server's (UTC) right now: behind it in the UTC
    # morning, ahead of it from 10:00 UTC.
    utc = datetime.datetime.now(datetime.timezone.utc)
    zone = "Pacific/Pago_Pago" if utc.hour < 10 else "Pacific/Kiritimati"
    local = datetime.datetime.now(ZoneInfo(zone)).date()
    assert local != utc.date()
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
    page = LivePage(driver, clean[0])
    assert driver.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone") == zone
    page.find("#new-todo").send_keys("Water the plants tomorrow")
    tomorrow = (local + datetime.timedelta(days=1)).strftime("%Y/%m/%d")
    page.wait(lambda: not page.find("#quick").get_attribute("hidden"), message="no chip")
    assert page.find("#quick-text").text == f"Due {tomorrow} · “tomorrow”"
    # Added, its row says "Tomorrow": read in the browser's time zone too (in the server's,
    # whose date differs, it would be "Today" or a weekday).
    page.find("#new-todo").send_keys(Keys.ENTER)
    page.wait(lambda: page.has("Water the plants"), message="the todo was not added")
    page.wait(lambda: page.cell("Water the plants").find_element(By.CSS_SELECTOR, ".detail").text
              == "Tomorrow", message="the row does not read its deadline in the browser's zone")


def test_quick_entry_reads_a_deadline_shows_it_and_lets_it_go(clean, browser):
    import datetime
    url = clean[0]
    page = LivePage(browser(), url)
    field = page.find("#new-todo")
    field.send_keys("Call mum tomorrow 9:00")
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).strftime("%Y/%m/%d")
    page.wait(lambda: not page.find("#quick").get_attribute("hidden"), message="no chip")
    assert page.find("#quick-text").text == f"Due {tomorrow} 09:00 · “tomorrow 9:00”"
    field.send_keys(Keys.ENTER)
    page.wait(lambda: page.has("Call mum"), message="the todo was not added")
    todo = next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos") if t["title"] == "Call mum")
    assert todo["deadline"] == tomorrow.replace("/", "-") + "T09:00"
    page.wait(lambda: page.find("#quick").get_attribute("hidden") is not None)

    field.send_keys("Pay rent friday")
    page.wait(lambda: "friday" in page.find("#quick-text").text)
    page.find("#quick-remove").click()
    page.wait(lambda: page.find("#quick").get_attribute("hidden") is not None)
    field.send_keys(Keys.ENTER)
    page.wait(lambda: page.has("Pay rent friday"), message="a removed chip still took the date")
    rent = next(t for t in api(url, "GET", f"/api/v1/lists/{INBOX}/todos")
                if t["title"] == "Pay rent friday")
    assert rent.get("deadline") is None


def test_a_long_press_picks_a_row_up_on_a_touch_screen(clean, browser):
    driver = browser(width=390, height=844)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    page = LivePage(driver, clean[0])
    for title in ("A", "B", "C"):
        page.add(title, wait_for=title)

    def centre(title, part=0.5):
        # Found and measured in one script: the server's row may replace the predicted one.
        return driver.execute_script(
            "const n = [...document.querySelectorAll('#list li.cell[data-kind=todo]')]"
            ".find(n => n.querySelector('.title')?.textContent.trim() === arguments[0]);"
            " const r = n.querySelector('.content').getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height * arguments[1]]",
            title, part)

    def touch(kind, point):
        points = [] if kind == "touchEnd" else [{"x": point[0], "y": point[1]}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    start = centre("C")
    touch("touchStart", start)
    page.wait(lambda: "dragging" in page.cell("C").get_attribute("class"),
              message="a long press did not pick the row up")
    # The row's top quarter: a drop there goes before it (the middle nests under it).
    target = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + 4]",
        page.cell("A"))
    touch("touchMove", target)
    page.wait(lambda: "drop-before" in page.cell("A").get_attribute("class"))
    touch("touchEnd", target)
    page.wait(lambda: page.titles() == ["C", "A", "B"], message="the drop did not move the row")
    assert "done" not in page.cell("C").get_attribute("class"), "the press also toggled the row"


def test_a_swipe_reveals_a_rows_edit_or_delete_on_a_touch_screen(clean, browser):
    driver = browser(width=390, height=844)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    page = LivePage(driver, clean[0])
    for title in ("A", "B"):
        page.add(title, wait_for=title)

    def centre(node):
        return driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]", node)

    def touch(kind, point):
        points = [] if kind == "touchEnd" else [{"x": point[0], "y": point[1]}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def swipe(title, dx):
        x, y = centre(page.cell(title).find_element(By.CSS_SELECTOR, ".content"))
        touch("touchStart", (x, y))
        touch("touchMove", (x + dx / 2, y))
        touch("touchMove", (x + dx, y))
        touch("touchEnd", (x + dx, y))

    def tap(node):
        point = centre(node)
        touch("touchStart", point)
        touch("touchEnd", point)

    # Left: the trailing action, Delete, labelled; a tap on it asks.
    swipe("B", -120)
    page.wait(lambda: "reveal-trailing" in page.cell("B").get_attribute("class"),
              message="a swipe left revealed nothing")
    delete = page.cell("B").find_element(By.CSS_SELECTOR, "button.delete")
    assert delete.is_displayed() and delete.text == "Delete"
    assert "done" not in page.cell("B").get_attribute("class"), "the swipe also toggled the row"
    tap(delete)
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None,
              message="the revealed Delete did not ask")
    assert page.find("#confirm-text").text == "B"
    page.find("#confirm-cancel").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is None)

    # Right on another row: its leading action, Edit; the first row closes.
    swipe("A", 120)
    page.wait(lambda: "reveal-leading" in page.cell("A").get_attribute("class"),
              message="a swipe right revealed nothing")
    assert "reveal-trailing" not in page.cell("B").get_attribute("class")
    edit = page.cell("A").find_element(By.CSS_SELECTOR, "button.edit")
    assert edit.is_displayed() and edit.text == "Edit"
    tap(edit)
    page.wait(lambda: page.find("#editor").get_attribute("open") is not None,
              message="the revealed Edit did not open the sheet")
    page.wait(lambda: page.find("#editor-form input[name=title]").get_attribute("value") == "A")
    assert page.titles() == ["A", "B"]

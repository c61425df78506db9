"""Accounts in the page: signing in and out, a wrong password, and a list shared
with another person appearing in their open page, then disappearing when it is revoked.

Each test starts its own `todo serve` on a database with two users (made with `todo user
add`), so the default server of the other tests stays without accounts."""

import subprocess

import pytest
from selenium.webdriver.common.by import By

from page import LivePage, until
from test_editing import open_editor
from todoserve import TodoServe, todo_binary

PASSWORDS = {"alice": "purple-harbor-lantern", "bob": "quiet-meadow-compass"}


@pytest.fixture
def accounts_server():
    """(url, database, binary) of a server with users alice and bob."""
    binary = todo_binary()
    serve = TodoServe("--accounts", binary=binary, name="accounts")
    try:
        for name, password in PASSWORDS.items():
            subprocess.run([binary, "user", "add", name, "--password-stdin", "--db",
                            serve.database], input=password + "\n", text=True, check=True,
                           capture_output=True)
        yield serve.start().url, serve.database, binary
    finally:
        serve.close()


def sign_in(driver, url, name, password=None, expect_page=True):
    driver.get(url + "/")
    # Not signed in: the page sends the browser to the sign-in page.
    until(lambda: driver.current_url.endswith("/signin"), 10)
    driver.find_element(By.ID, "signin-name").send_keys(name)
    driver.find_element(By.ID, "signin-password").send_keys(password or PASSWORDS[name])
    driver.find_element(By.ID, "signin-submit").click()
    if not expect_page:
        return None
    until(lambda: not driver.current_url.endswith("/signin"), 10)
    page = LivePage.__new__(LivePage)
    page.driver, page.url = driver, url
    page.wait_loaded()
    return page


def sidebar(page):
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#lists button')].map(b => b.textContent)")


def test_sign_in_shows_who_and_sign_out_ends_the_session(accounts_server, browser):
    url = accounts_server[0]
    driver = browser()
    page = sign_in(driver, url, "alice")
    assert page.find("#account-name").text == "alice"
    cookie = driver.get_cookie("todo_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and not cookie["secure"]
    page.add("signed-in todo", wait_for="signed-in todo")
    # "Export my data" downloads everything the user owns, through the session cookie.
    exported = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.getElementById('export-data').href).then(r => r.json()).then(done)")
    assert [todo["title"] for todo in exported["todos"]] == ["signed-in todo"]
    assert {entry["name"] for entry in exported["lists"]} == {"Inbox"}
    first = driver.current_window_handle
    # A second tab of the same browser session.
    driver.switch_to.new_window("tab")
    other = LivePage(driver, url)
    assert other.has("signed-in todo")
    second = driver.current_window_handle
    driver.switch_to.window(first)
    page.find("#sign-out").click()
    until(lambda: driver.current_url.endswith("/signin"), 10,
          message="sign-out did not go to the sign-in page")
    # The other tab's live connection ends with the session: it goes to the sign-in page.
    driver.switch_to.window(second)
    until(lambda: driver.current_url.endswith("/signin"), 10,
          message="the other tab stayed open after the sign-out")
    driver.switch_to.window(first)
    # The old cookie is dead on the server, not only in this browser.
    driver.add_cookie({"name": "todo_session", "value": cookie["value"], "path": "/"})
    driver.get(url + "/")
    until(lambda: driver.current_url.endswith("/signin"), 10,
          message="the signed-out session still opened the page")


def test_a_wrong_password_says_so_and_signs_nobody_in(accounts_server, browser):
    url = accounts_server[0]
    driver = browser()
    sign_in(driver, url, "alice", password="not-the-password", expect_page=False)
    problem = driver.find_element(By.ID, "signin-problem")
    until(lambda: problem.is_displayed() and problem.text != "", 10)
    assert problem.text == "Wrong user name or password."
    unknown = browser()
    sign_in(unknown, url, "nobody", password="not-the-password", expect_page=False)
    other = unknown.find_element(By.ID, "signin-problem")
    until(lambda: other.is_displayed() and other.text != "", 10)
    assert other.text == problem.text, "an unknown name is told apart from a wrong password"
    assert driver.get_cookie("todo_session") is None


def test_a_shared_list_appears_live_and_disappears_when_revoked(accounts_server, browser):
    url = accounts_server[0]
    alice = sign_in(browser(), url, "alice")
    bob = sign_in(browser(), url, "bob")
    # Alice makes a list and shares it with Bob, in the page.
    alice.find("#new-list-name").send_keys("Groceries\n")
    alice.wait(lambda: alice.find("#list-title").text == "Groceries", message="list not created")
    alice.add("Milk", wait_for="Milk")
    assert "Groceries" not in " ".join(sidebar(bob))
    alice.find("#share-open").click()
    alice.wait(lambda: alice.find("#share").is_displayed())
    alice.find("#share-name").send_keys("bob")
    alice.find("#share-role").send_keys("edit")
    alice.find("#share-form button[type=submit]").click()
    alice.wait(lambda: "bob" in alice.find("#members").text, message="bob not listed")
    # Bob's open page gets it without a reload, marked as shared, and can open it.
    bob.wait(lambda: any(name.startswith("Groceries") for name in sidebar(bob)),
             message="the shared list never reached Bob's page")
    shared = [b for b in bob.driver.find_elements(By.CSS_SELECTOR, "#lists button")
              if b.text.startswith("Groceries")][0]
    assert "shared" in shared.text
    shared.click()
    bob.wait(lambda: bob.has("Milk"), message="Bob does not see the list's todos")
    assert not bob.find("#delete-list").is_displayed()
    # Alice revokes it: it leaves Bob's page at once, which goes back to his Inbox.
    alice.driver.find_element(By.CSS_SELECTOR, "#members button[aria-label='Stop sharing with bob']").click()
    bob.wait(lambda: not any(name.startswith("Groceries") for name in sidebar(bob)),
             message="the revoked list stayed in Bob's page")
    bob.wait(lambda: not bob.has("Milk"), message="Bob still sees the revoked list's todos")
    assert bob.find("#list-title").text == "Inbox"


def test_a_person_sets_where_their_reminders_are_mailed(accounts_server, browser):
    url, database, binary = accounts_server
    page = sign_in(browser(), url, "alice")
    page.find("#mail-open").click()
    page.wait(lambda: page.find("#mail").get_attribute("open") is not None)
    address = page.find("#mail-address")
    assert address.accessible_name == "E-mail address"
    address.send_keys("not an address")
    page.find("#mail-digest").click()
    page.find("#mail-form button[type=submit]").click()
    page.wait(lambda: page.find("#mail-problem").is_displayed())
    assert page.find("#mail-problem").text.startswith("email: ")
    address.clear()
    address.send_keys("alice@example.org")
    page.find("#mail-form button[type=submit]").click()
    page.wait(lambda: page.find("#mail-saved").is_displayed())
    # What the administrator's command reads is what she set.
    said = subprocess.run([binary, "user", "mail", "alice", "--db", database], check=True,
                          capture_output=True, text=True).stdout
    assert said.strip() == "alice: reminders to alice@example.org, morning digest on"


def test_a_todo_is_assigned_in_the_sheet_and_revoking_says_who_lost_it(accounts_server, browser):
    url = accounts_server[0]
    alice = sign_in(browser(), url, "alice")
    bob = sign_in(browser(), url, "bob")
    alice.find("#new-list-name").send_keys("Chores\n")
    alice.wait(lambda: alice.find("#list-title").text == "Chores", message="list not created")
    alice.add("Bins", wait_for="Bins")
    alice.find("#share-open").click()
    alice.wait(lambda: alice.find("#share").is_displayed())
    alice.find("#share-name").send_keys("bob")
    alice.find("#share-form button[type=submit]").click()
    alice.wait(lambda: "bob" in alice.find("#members").text, message="bob not listed")
    alice.find("#share-close").click()
    # "Assigned to me" is Bob's, with nothing yet.
    mine = lambda: bob.find("#assigned-to-me").get_attribute("aria-label")
    bob.wait(lambda: mine() == "Assigned to me, 0 open", message="no Assigned to me view")

    # The sheet offers the list's members, by keyboard; the row says who.
    open_editor(alice, "Bins")
    assignee = alice.find("select[name=assignee]")
    alice.wait(lambda: assignee.is_displayed())
    assert assignee.accessible_name.startswith("Assigned to")
    options = [o.text for o in assignee.find_elements(By.TAG_NAME, "option")]
    assert options == ["Nobody", "alice", "bob"], options
    assignee.send_keys("bob")
    alice.find("#editor-save").click()
    # Read "assigned to bob" by a screen reader, shown as "@bob".
    chip = lambda: alice.cell("Bins").find_element(By.CSS_SELECTOR, ".assignee")
    alice.wait(lambda: chip().get_attribute("textContent") == "assigned to @bob",
               message="the row does not say who")
    assert chip().text.endswith("@bob")

    # Bob's view counts it and shows it.
    bob.wait(lambda: mine() == "Assigned to me, 1 open", message="Bob's count did not follow")
    bob.find("#assigned-to-me").click()
    bob.wait(lambda: bob.find("#list-title").text == "Assigned to me")
    bob.wait(lambda: bob.titles() == ["Bins"])

    # Alice stops sharing: the dialog says the todo is nobody's now; Bob's view empties.
    alice.find("#share-open").click()
    alice.wait(lambda: alice.find("#share").is_displayed())
    alice.driver.find_element(
        By.CSS_SELECTOR, "#members button[aria-label='Stop sharing with bob']").click()
    alice.wait(lambda: alice.find("#share-note").text
               == "1 todo assigned to bob is now assigned to nobody.",
               message="the dialog did not say what was unassigned")
    bob.wait(lambda: bob.titles() == [], message="Bob still sees the todo")
    alice.find("#share-close").click()
    alice.wait(lambda: not alice.cell("Bins").find_elements(By.CSS_SELECTOR, ".assignee"))

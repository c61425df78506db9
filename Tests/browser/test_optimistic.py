"""The page at internet distance: through a proxy that delays every byte by 200 ms each way,
what the person does shows at once (a prediction), the server's answer then confirms or
corrects it, and the page ends exactly as a fresh page shows the server's state.

Each input is made and its effect read in one script: the server's answer cannot come back
in less than 400 ms, so a DOM that shows the change when the script reads it shows the
page's prediction.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from conftest import api  # noqa: E402
from delay_proxy import DelayProxy  # noqa: E402
from page import LivePage, until  # noqa: E402
from test_editing import INBOX  # noqa: E402
from todoserve import TodoServe  # noqa: E402

# The rows as the person sees them: title, status and outline level, in order.
ROWS = """return [...document.querySelectorAll('#list li.cell[data-kind=todo]')].map(li =>
  [li.querySelector('.title').textContent, li.querySelector('.status').dataset.status,
   li.style.getPropertyValue('--level')].join('|'))"""

# Runs an input (arguments[0] is the page's code as a string of statements) and reads the
# rows right after it, with the time the input took to show.
ACT = """
const started = performance.now();
new Function('page', arguments[0])(window.todoPage);
const elapsed = performance.now() - started;
const rows = (() => { %s })();
return { elapsed, rows };
""" % ROWS


@pytest.fixture
def far():
    """(direct url, proxied url, proxy): a server 200 ms away through the proxy."""
    port = DelayProxy.free_port()
    with TodoServe("--public-url", f"http://127.0.0.1:{port}", name="far") as serve:
        target = int(serve.url.rsplit(":", 1)[1])
        with DelayProxy(target, delay=0.2, port=port) as proxy:
            yield serve.url, f"http://127.0.0.1:{port}", proxy


def add_todos(url, *titles, parent=None):
    made = []
    for title in titles:
        body = {"title": title, **({"parentID": parent} if parent else {})}
        made.append(api(url, "POST", f"/api/v1/lists/{INBOX}/todos", body))
    return made


def rows(page):
    return page.driver.execute_script(ROWS)


def act(page, code):
    """Runs `code` (statements; `page` is window.todoPage) and returns the rows right after."""
    result = page.driver.execute_script(ACT, code)
    return result["rows"], result["elapsed"]


def settled(page):
    """Waits until the server has acknowledged every event the page predicted."""
    until(lambda: page.driver.execute_script("return window.todoPage.optimistic.waiting.length") == 0,
          10, "the page still waits for the server")


def same_as_fresh(page, browser, url):
    """The page ends as a fresh page (not through the proxy) shows the server's state."""
    settled(page)
    fresh = LivePage(browser(), url)
    until(lambda: rows(page) == rows(fresh), 10,
          f"the page shows {rows(page)}, a fresh page {rows(fresh)}")


def cell_id(page, title):
    return page.cell(title).get_attribute("data-id")


def test_toggle_add_move_and_edit_show_at_once_and_end_as_the_server_says(far, browser):
    direct, proxied, _ = far
    add_todos(direct, "Apples", "Bread", "Cheese")
    page = LivePage(browser(), proxied)
    page.wait(lambda: page.titles() == ["Apples", "Bread", "Cheese"], 10)
    bread, cheese = cell_id(page, "Bread"), cell_id(page, "Cheese")

    shown, elapsed = act(page, f"document.querySelector('li[data-id=\"{bread}\"] .status').click()")
    assert "Bread|inProgress|0" in shown, shown
    assert elapsed < 50

    shown, elapsed = act(page, f"document.querySelector('li[data-id=\"{bread}\"] .content').click()")
    assert "Bread|done|0" in shown, shown
    assert elapsed < 50

    code = "const f = document.getElementById('new-todo'); f.value = 'Dates !1 #fruit';" \
           " document.getElementById('new-form').requestSubmit();"
    page.driver.execute_script(
        "const f = document.getElementById('new-todo'); f.value = 'Dates !1 #fruit';"
        " f.dispatchEvent(new Event('input'))")
    # The chips of the typed text come from the server: the title is read as it will be.
    page.wait(lambda: page.find("#quick-marks").text != "", 10)
    shown, elapsed = act(page, code)
    assert shown[-1] == "Dates|notStarted|0", shown
    assert elapsed < 50

    code = (f"document.querySelector('li[data-id=\"{cheese}\"]').dispatchEvent(new KeyboardEvent("
            "'keydown', {key: 'ArrowUp', altKey: true, bubbles: true}))")
    shown, elapsed = act(page, code)
    assert [row.split("|")[0] for row in shown][:3] == ["Apples", "Cheese", "Bread"], shown
    assert elapsed < 50

    page.cell("Apples").find_element("css selector", "button.edit").click()
    page.wait(lambda: page.driver.execute_script(
        "return window.todoPage.chrome?.editor?.phase === 'editing'"), 10)
    code = ("const t = document.querySelector('#editor input[name=title]'); t.value = 'Green apples';"
            " document.getElementById('editor-save').click();")
    shown, elapsed = act(page, code)
    assert shown[0] == "Green apples|notStarted|0", shown
    assert elapsed < 50

    same_as_fresh(page, browser, direct)
    assert [row.split("|")[0] for row in rows(page)] == ["Green apples", "Cheese", "Bread", "Dates"]


# Adds a todo through the new-todo box and returns the row shown at once; from then on the
# page counts, after every change to the list, how many rows bear the todo's title.
ADD_AND_WATCH = """
window.seenAtOnce = 0;
new MutationObserver(() => {
  const rows = [...document.querySelectorAll('#list li.cell[data-kind=todo] .title')];
  window.seenAtOnce = Math.max(window.seenAtOnce, rows.filter(t => t.textContent === arguments[0]).length);
}).observe(document.getElementById('list'), { childList: true, subtree: true });
document.getElementById('new-todo').value = arguments[0];
document.getElementById('new-form').requestSubmit();
return [...document.querySelectorAll('#list li.cell[data-kind=todo]')].at(-1);
"""


def test_an_added_todo_keeps_the_row_shown_at_once(far, browser):
    direct, proxied, _ = far
    add_todos(direct, "Apples")
    page = LivePage(browser(), proxied)
    page.wait(lambda: page.titles() == ["Apples"], 10)
    row = page.driver.execute_script(ADD_AND_WATCH, "Bread")
    assert row.find_element("css selector", ".title").text == "Bread"
    settled(page)
    # The server's row is the one shown at once (what has focus keeps it), never a second one.
    stored = next(t for t in api(direct, "GET", f"/api/v1/lists/{INBOX}/todos")
                  if t["title"] == "Bread")
    assert row.get_attribute("data-id") == stored["id"]
    assert page.driver.execute_script("return window.seenAtOnce") == 1
    assert page.titles() == ["Apples", "Bread"]


def test_two_pages_moving_at_once_both_end_in_the_servers_order(far, browser):
    direct, proxied, _ = far
    add_todos(direct, "A", "B", "C", "D")
    one = LivePage(browser(), proxied)
    two = LivePage(browser(), proxied)
    for page in (one, two):
        page.wait(lambda: page.titles() == ["A", "B", "C", "D"], 10)
    a, d = cell_id(one, "A"), cell_id(one, "D")
    # One moves D to the top while the other moves A to the end: each sees its own at once.
    shown, _ = act(one, f"page.optimistic.send('move', {{ id: '{d}', before: '{a}' }})")
    assert [row.split("|")[0] for row in shown] == ["D", "A", "B", "C"]
    shown, _ = act(two, f"page.optimistic.send('move', {{ id: '{a}', after: '{d}' }})")
    assert [row.split("|")[0] for row in shown] == ["B", "C", "D", "A"]

    settled(one)
    settled(two)
    server = [todo["title"] for todo in api(direct, "GET", f"/api/v1/lists/{INBOX}/todos")]
    until(lambda: one.titles() == server and two.titles() == server, 10,
          f"the pages show {one.titles()} and {two.titles()}, the server {server}")
    same_as_fresh(one, browser, direct)


def test_a_refused_event_rolls_back_and_says_why(far, browser):
    direct, proxied, proxy = far
    milk, = add_todos(direct, "Milk")
    trip, = add_todos(direct, "Trip")
    add_todos(direct, "Pack", parent=trip["id"])
    page = LivePage(browser(), proxied)
    page.wait(lambda: page.titles() == ["Milk", "Trip", "Pack"], 10)

    # Deleted by someone else while the toggle is on its way: refused, and the page says so.
    proxy.hold("up")
    shown, _ = act(page, f"document.querySelector('li[data-id=\"{milk['id']}\"] .content').click()")
    assert "Milk|done|0" in shown
    api(direct, "DELETE", f"/api/v1/todos/{milk['id']}")
    proxy.release("up")
    page.wait(lambda: page.find("#problem").text == "That todo no longer exists.", 10,
              "the refusal was not shown")
    settled(page)
    assert page.titles() == ["Trip", "Pack"]

    # A parent with an open subtask: shown done at once, then open again with the question.
    shown, _ = act(page, f"document.querySelector('li[data-id=\"{trip['id']}\"] .content').click()")
    assert shown[0] == "Trip|done|0", shown
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None, 10)
    settled(page)
    assert rows(page)[0] == "Trip|notStarted|0"
    same_as_fresh(page, browser, direct)


def titles_in_inbox(url):
    return [todo["title"] for todo in api(url, "GET", f"/api/v1/lists/{INBOX}/todos")]


def test_a_pending_event_is_delivered_once_after_a_dropped_connection(far, browser):
    direct, proxied, proxy = far
    apples, = add_todos(direct, "Apples")
    page = LivePage(browser(), proxied)
    page.wait(lambda: page.titles() == ["Apples"], 10)
    connections = proxy.connection_count()

    # The event never reached the server: sent again on the new connection.
    proxy.hold("up")
    act(page, "const f = document.getElementById('new-todo'); f.value = 'Eggs';"
              " document.getElementById('new-form').requestSubmit();")
    until(lambda: proxy.held_bytes("up") > 0, 10, "the add never left the page")
    proxy.drop()
    proxy.release("up")
    assert "Eggs" in page.titles(), "the prediction went with the connection"
    until(lambda: proxy.connection_count() > connections, 10, "the page never reconnected")
    settled(page)
    until(lambda: titles_in_inbox(direct) == ["Apples", "Eggs"], 10,
          f"the server has {titles_in_inbox(direct)}")

    # The server did it, but its answer was lost: sent again, done once.
    proxy.hold("down")
    act(page, f"document.querySelector('li[data-id=\"{apples['id']}\"] .content').click();"
              " const f = document.getElementById('new-todo'); f.value = 'Flour';"
              " document.getElementById('new-form').requestSubmit();")
    until(lambda: "Flour" in titles_in_inbox(direct), 10, "the add never reached the server")
    until(lambda: api(direct, "GET", f"/api/v1/todos/{apples['id']}")["status"] == "done", 10)
    proxy.drop()
    proxy.release("down")
    settled(page)
    page.wait_loaded()
    assert titles_in_inbox(direct) == ["Apples", "Eggs", "Flour"]
    assert api(direct, "GET", f"/api/v1/todos/{apples['id']}")["status"] == "done", \
        "the toggle sent again undid itself"
    same_as_fresh(page, browser, direct)


def test_latency_switch_delays_the_page_itself(clean, browser):
    """`?latency=200` makes the page as far from its server as the proxy does."""
    url = clean[0]
    add_todos(url, "Soap")
    page = LivePage(browser(), url, "/?latency=200")
    page.wait(lambda: page.titles() == ["Soap"], 10)
    soap = cell_id(page, "Soap")
    shown, _ = act(page, f"document.querySelector('li[data-id=\"{soap}\"] .content').click()")
    assert shown == ["Soap|done|0"]
    # Sent after the simulated delay: the page still waits for it.
    assert page.driver.execute_script("return window.todoPage.optimistic.waiting.length") == 1
    settled(page)
    assert api(url, "GET", f"/api/v1/lists/{INBOX}/todos")[0]["status"] == "done"


def test_a_delete_and_its_undo_show_at_once(far, browser):
    direct, proxied, _ = far
    add_todos(direct, "Keep", "Drop", "Also keep")
    page = LivePage(browser(), proxied)
    page.wait(lambda: page.titles() == ["Keep", "Drop", "Also keep"], 10)
    page.cell("Drop").find_element("css selector", "button.delete").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None, 10)
    shown, elapsed = act(page, "document.getElementById('confirm-delete').click()")
    assert [row.split("|")[0] for row in shown] == ["Keep", "Also keep"], shown
    assert elapsed < 50
    page.wait(lambda: page.find("#undo").is_displayed(), 10, "no Undo after the delete")
    shown, elapsed = act(page, "document.getElementById('undo').click()")
    assert [row.split("|")[0] for row in shown] == ["Keep", "Drop", "Also keep"], shown
    assert elapsed < 50
    same_as_fresh(page, browser, direct)
    assert titles_in_inbox(direct) == ["Keep", "Drop", "Also keep"]

"""A small page object for the live page: finds cells by title, waits for the server."""

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from todoserve import wait_for


def until(condition, timeout=5, message="the condition never held", **options):
    """Waits (todoserve's wait_for, with its `options`) for `condition()` on a page; an
    element not there yet, or replaced by a render between finding and reading it, counts as
    "not yet", as in selenium's own waits."""
    return wait_for(condition, message, timeout,
                    ignoring=(NoSuchElementException, StaleElementReferenceException), **options)


class LivePage:
    def __init__(self, driver, url, path="/"):
        self.driver = driver
        self.url = url
        driver.get(url + path)
        self.wait_loaded()

    def wait(self, condition, timeout=5, message="the condition never held"):
        return until(condition, timeout, message)

    def wait_loaded(self):
        self.wait(lambda: self.driver.execute_script(
            "return document.body.dataset.revision !== undefined"
            " && !document.body.classList.contains('loading')"
            " && !document.body.classList.contains('offline')"), 10, "the page never loaded")

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def titles(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#list li.cell[data-kind=todo] .title')]"
            ".map(e => e.textContent)")

    def cell(self, title):
        # Found in one script: a render between two round trips would leave a row found in
        # the first stale in the next.
        node = self.driver.execute_script(
            "return [...document.querySelectorAll('#list li.cell[data-kind=todo]')]"
            ".find(n => n.querySelector('.title')?.textContent.trim() === arguments[0])"
            " || null", title)
        if node is None:
            raise LookupError(title)
        return node

    def has(self, title):
        return title in self.titles()

    def add(self, title, wait_for=None):
        box = self.find("#new-todo")
        box.send_keys(title, Keys.ENTER)
        if wait_for is not None:
            self.wait(lambda: self.has(wait_for), message=f"{wait_for!r} never appeared")

    def counter(self):
        return self.find("#counter").text

    def revision(self):
        return int(self.driver.execute_script("return Number(document.body.dataset.revision)"))

    def settle(self):
        """Waits until the server has answered every event sent so far (a resync round trip
        would change the revision; instead we wait for the revision to stop moving)."""
        last = -1
        for _ in range(3):
            self.wait(lambda: self.revision() >= 0)
            current = self.revision()
            if current == last:
                return
            last = current
            self.driver.execute_script("return new Promise(r => setTimeout(r, 100))")


# Drags `source` onto the upper (or lower, `after`) half of `target` with DOM drag events.
DRAG = """
const [source, target, after] = arguments;
const box = target.getBoundingClientRect();
const y = after ? box.bottom - 2 : box.top + 2;
const data = new DataTransfer();
const fire = (type, node) => node.dispatchEvent(new DragEvent(type,
  {bubbles: true, cancelable: true, clientX: box.left + 10, clientY: y, dataTransfer: data}));
fire('dragstart', source); fire('dragover', target); fire('drop', target); fire('dragend', source);
"""

"""Contrast of the primary buttons, computed from the colours Chromium renders, in light and
dark mode (WCAG AA: 4.5:1 for text)."""

import re

import pytest
from selenium.webdriver.common.by import By

from conftest import api
from page import LivePage

INBOX = "00000000-0000-4000-8000-000000000001"


def luminance(css):
    red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", css)[:3])
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
              for c in (red, green, blue)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground, background):
    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_save_button_reads_in_both_schemes(clean, browser, scheme):
    url = clean[0]
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Contrast"})
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    page = LivePage(driver, url)
    page.wait(lambda: page.has("Contrast"))
    page.cell("Contrast").find_element(By.CSS_SELECTOR, "button.edit").click()
    page.wait(lambda: page.find("#editor").get_attribute("open") is not None)
    save = page.find("#editor-save")
    colours = driver.execute_script(
        "const style = getComputedStyle(arguments[0]);"
        " return [style.color, style.backgroundColor];", save)
    ratio = contrast(*colours)
    assert ratio >= 4.5, f"{scheme}: Save is {colours[0]} on {colours[1]}, {ratio:.2f}:1"


# The colour behind an element: its own, or the first ancestor's that is not transparent.
BACKGROUND = """
let node = arguments[0];
while (node) {
  const colour = getComputedStyle(node).backgroundColor;
  if (colour && !/rgba\\(.*,\\s*0\\)$/.test(colour) && colour !== 'transparent') return colour;
  node = node.parentElement;
}
return 'rgb(255, 255, 255)';
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_trash_dialog_reads_in_both_schemes(clean, browser, scheme):
    url = clean[0]
    todo = api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Contrast in the trash"})
    api(url, "DELETE", f"/api/v1/todos/{todo['id']}")
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    page = LivePage(driver, url)
    page.find("#trash-open").click()
    row = f"#trash li[data-id='{todo['id']}']"
    page.wait(lambda: driver.find_elements(By.CSS_SELECTOR, row))
    # Every button and text of the dialog, with one row asking and the trash asking too.
    # Clicked from script: this test reads colours, and a long trash (other tests') can put
    # a button under the dialog's edge.
    click = lambda css: driver.execute_script("arguments[0].click()", page.find(css))
    click(f"{row} button.destructive")
    page.wait(lambda: "for good?" in page.find(row).text)
    click("#trash-empty")
    page.wait(lambda: page.find("#trash-confirm-empty").is_displayed())
    failures = []
    for node in driver.find_elements(By.CSS_SELECTOR, "#trash button, #trash span, #trash p, #trash h3"):
        if not node.is_displayed() or not node.text.strip():
            continue
        colour = driver.execute_script("return getComputedStyle(arguments[0]).color", node)
        ratio = contrast(colour, driver.execute_script(BACKGROUND, node))
        if ratio < 4.5:
            failures.append(f"{node.text!r}: {ratio:.2f}:1")
    assert not failures, f"{scheme}: under 4.5:1 in the Trash: {failures}"

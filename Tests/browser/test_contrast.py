"""Contrast of every text and control, computed from the colours Chromium renders, in light
and dark mode (WCAG AA: 4.5:1)."""

import datetime
import re

import pytest
from selenium.webdriver.common.by import By

from conftest import api
from page import LivePage, until

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


# Every text and control shown under `arguments[0]` whose rendered colour is under 4.5:1
# against what is rendered behind it: the element's own text, a field's value or
# placeholder, and the glyph or icon of a control (icons are masks painted in the control's
# colour). Colours are composited as Chromium paints them: each background over the ones
# behind it, the text over the result, each scaled by the opacity of the element and its
# ancestors. Hidden, fully transparent, clipped-away and disabled elements are left out.
AUDIT = """
const root = arguments[0];
// Asking for the animations brings styles up to date, so a transition that a hover or a
// focus starts now is among them; none starts before this script returns.
if (document.getAnimations().some(a => a.playState === 'running')) return null;
// `rgb(…)`, `rgba(…)`, or `color(srgb r g b / a)` (what color-mix() computes to, 0…1).
const rgba = (css) => {
  const parts = (css.match(/[\\d.]+/g) || []).map(Number);
  if (css === 'transparent' || parts.length < 3) return [0, 0, 0, 0];
  const colour = parts.length >= 4 ? parts.slice(0, 4) : [...parts, 1];
  if (css.startsWith('color(srgb')) for (const i of [0, 1, 2]) colour[i] *= 255;
  return colour;
};
const over = (top, bottom) => [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3]));
const opacity = (node) => {
  let value = 1;
  for (let n = node; n; n = n.parentElement) value *= Number(getComputedStyle(n).opacity);
  return value;
};
const behind = (node) => {
  const layers = [];
  for (let n = node; n; n = n.parentElement) {
    const colour = rgba(getComputedStyle(n).backgroundColor);
    colour[3] *= opacity(n);
    if (colour[3] > 0) layers.push(colour);
    if (colour[3] >= 1) break;
  }
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  let colour = dark ? [18, 18, 18] : [255, 255, 255];
  for (const layer of layers.reverse()) colour = over(layer, colour);
  return colour;
};
const luminance = (rgb) => {
  const [r, g, b] = rgb.map(c => c / 255).map(c => c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a, b) => {
  const [l, d] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l + 0.05) / (d + 0.05);
};
const shown = (node) => {
  if (!node.checkVisibility({ opacityProperty: true, visibilityProperty: true, checkOpacity: true, checkVisibilityCSS: true })) return false;
  const box = node.getBoundingClientRect();
  return box.width > 1 && box.height > 1;
};
const CONTROL = 'button, a[href], select, textarea, [role=checkbox], [role=button], '
  + 'input:not([type=checkbox]):not([type=radio]):not([type=hidden])';
const failures = [];
let checked = 0;
for (const node of [root, ...root.querySelectorAll('*')]) {
  const text = [...node.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
  const control = node.matches(CONTROL);
  if ((!text && !control) || node.matches(':disabled') || !shown(node)) continue;
  const background = behind(node);
  const alpha = opacity(node);
  const check = (what, css) => {
    const colour = rgba(css);
    colour[3] *= alpha;
    if (colour[3] === 0) return;
    checked += 1;
    const value = ratio(over(colour, background), background);
    if (value < 4.5) failures.push(`${what}: ${value.toFixed(2)}:1 (${css} on rgb(${background.map(Math.round)}))`);
  };
  const name = `${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''}${node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\\s+/).join('.') : ''} "${(text || node.getAttribute('aria-label') || node.value || '').slice(0, 30)}"`;
  check(name, getComputedStyle(node).color);
  if ((node.matches('input, textarea')) && !node.value && node.placeholder) {
    check(`${name} placeholder`, getComputedStyle(node, '::placeholder').color);
  }
}
return [checked, failures];
"""


def audit(driver, root_css):
    # What is measured is what the page shows once its transitions (a row's actions fading
    # in) have ended. The audit itself checks that none runs, in the same script as the
    # measure: with the check in a script of its own, a transition that began between the two
    # (the pointer over another row once the search had filtered the list) was measured
    # half-way, a row's actions at three quarters of their opacity.
    root = driver.find_element(By.CSS_SELECTOR, root_css)
    checked, failures = until(lambda: driver.execute_script(AUDIT, root), 5,
                              "the page's transitions never ended")
    assert checked > 0, f"nothing was measured under {root_css}"
    return checked, failures


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_and_control_reads_in_both_schemes(clean, browser, scheme):
    url = clean[0]
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Buy milk"})
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos",
        {"title": "Write report", "deadline": tomorrow + "T09:00", "status": "inProgress",
         "notes": "the figures"})
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Pay tax", "deadline": "2020-01-02"})
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Pears", "status": "done"})
    api(url, "POST", f"/api/v1/lists/{INBOX}/todos", {"title": "Remove me"})
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    page = LivePage(driver, url)
    page.wait(lambda: page.has("Remove me"))
    failures = []
    measured = 0

    def look(root, scene):
        nonlocal measured
        checked, found = audit(driver, root)
        measured += checked
        failures.extend(f"{scene}: {failure}" for failure in found)

    # The page: the sidebar, the toolbar, rows in every state (their actions shown, as on
    # hover or focus), the quick-entry chip, a problem, the Undo toast, the footer.
    page.cell("Remove me").find_element(By.CSS_SELECTOR, "button.delete").click()
    page.wait(lambda: page.find("#confirm").get_attribute("open") is not None)
    look("#confirm", "the confirmation")
    page.find("#confirm-delete").click()
    page.wait(lambda: page.find("#toast").is_displayed())
    page.find("#new-todo").send_keys("Call mum tomorrow 9:00")
    page.wait(lambda: not page.find("#quick").get_attribute("hidden"), message="no chip")
    driver.execute_script("window.todoPage.connection.send('add', { title: 'Bell \\u0007' })")
    page.wait(lambda: page.find("#problem").is_displayed(), message="no problem shown")
    driver.execute_script("arguments[0].focus()", page.cell("Write report"))
    look("body", "the list")
    page.find("#search").send_keys("a")
    page.wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#list .title mark"))
    look("#list", "search matches")
    page.find("#search").send_keys("zzz")
    page.wait(lambda: page.find("#empty").is_displayed())
    look("#empty", "no match")
    driver.execute_script("document.getElementById('search').value = ''")
    page.wait(lambda: page.has("Buy milk"))

    # The dialogs: the edit sheet, the keyboard shortcuts.
    page.cell("Write report").find_element(By.CSS_SELECTOR, "button.edit").click()
    page.wait(lambda: page.find("#editor").get_attribute("aria-busy") == "false")
    look("#editor", "the edit sheet")
    page.find("#editor-cancel").click()
    page.wait(lambda: page.find("#editor").get_attribute("open") is None)
    page.find("#show-shortcuts").click()
    page.wait(lambda: page.find("#shortcuts").get_attribute("open") is not None)
    look("#shortcuts", "the shortcuts")
    page.find("#shortcuts-close").click()

    # A smart view: its day headers and rows.
    page.find("#views button[data-view=upcoming]").click()
    page.wait(lambda: page.has("Write report"))
    look("main", "Upcoming")
    assert measured > 60, f"only {measured} colours were measured"
    assert not failures, f"{scheme}: under 4.5:1: " + "; ".join(failures)

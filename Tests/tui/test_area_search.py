"""`area-search --offline` in tmux: search in Japanese, open a forecast, go back, turn the
search field off, quit, and find the terminal as it was."""

import os
import signal

from tmuxkit import display_width

NO_COLOR = {"NO_COLOR": "1"}


def test_search_forecast_switch_and_restore(tmux, area_search_bin):
    pane = tmux([area_search_bin, "--offline"], width=100, height=30, env=NO_COLOR)
    pane.wait_for_all(
        "58 areas · Offline: showing the snapshot of 2026-01-06", "⌕ 都道府県を検索",
        "^T search: on", "q quit", "Offline: snapshot of 2026-01-06")

    # Type a search in Japanese: the list narrows to the offices that match.
    pane.send_keys("/")
    pane.type("大阪")
    screen = pane.wait_for_all("1 area ·", "270000  大阪府", "⌕ 大阪", "✕")
    assert "130000  東京都" not in screen

    # The clear key shows every office again; a search by English name.
    pane.send_keys("C-x")
    pane.wait_until(
        lambda s: "140000  神奈川県" in s and "270000  大阪府" in s, what="every office")
    pane.type("tokyo")
    pane.wait_for_all("1 area ·", "130000  東京都", "Tokyo")

    # Open the forecast, then go back.
    pane.send_keys("Enter", "Enter")
    pane.wait_for_all(
        "東京都 Tokyo の天気予報 (130000)", "気象庁 発表", "2026-01-05 17:00", "東京地方",
        "晴れ　夜遅く　くもり", "風 北の風", "Esc back")
    pane.send_keys("Escape")
    screen = pane.wait_for("130000  東京都")
    assert "天気予報" not in screen

    # The switch: off shows 使用不可 and clears the search, on shows the placeholder again.
    pane.send_keys("C-t")
    pane.wait_for_all("使用不可", "^T search: off", "58 areas")
    # The field is off: "/" does not focus it and the letters typed change nothing (End,
    # sent after them, shows when they have been read).
    pane.send_keys("/")
    pane.type("京")
    pane.send_keys("End")
    screen = pane.wait_for_all("› 474000", "使用不可", "^T search: off")
    assert "京" not in screen.split("\n")[0]
    pane.send_keys("C-t")
    pane.wait_for("都道府県を検索")

    # An office with no forecast in the snapshot: an alert with a Retry.
    pane.send_keys("Home", "Enter")
    pane.wait_for_all("予報を読み込めませんでした", "Retry", "Cancel", "area 011000")
    pane.send_keys("Escape")
    pane.wait_for_absence("予報を読み込めませんでした")
    pane.send_keys("Escape")
    screen = pane.wait_for("011000  宗谷地方")
    assert "天気予報" not in screen

    pane.send_keys("q")
    assert pane.wait_for_exit() == 0
    pane.assert_terminal_restored()
    # The main screen is back: the program's list is gone from it.
    assert "都道府県を検索" not in pane.screen()


def test_ctrl_c_restores_the_terminal(tmux, area_search_bin):
    pane = tmux([area_search_bin, "--offline"], width=80, height=24)
    pane.wait_for("58 areas")
    pane.send_keys("/")
    pane.type("沖縄")
    pane.wait_for("Okinawa")
    pane.send_keys("C-c")
    assert pane.wait_for_exit() == 0
    pane.assert_terminal_restored()


def test_resize_redraws_and_sigterm_restores_the_terminal(tmux, area_search_bin):
    pane = tmux([area_search_bin, "--offline"], width=100, height=24)

    def first_office(screen):
        return screen.split("\n")[2].rstrip()

    screen = pane.wait_for("58 areas")
    assert first_office(screen).endswith("Soya") and display_width(first_office(screen)) == 100
    pane.resize(70, 24)
    pane.wait_until(
        lambda screen: first_office(screen).endswith("Soya")
        and display_width(first_office(screen)) == 70,
        what="the list drawn again 70 columns wide")
    # Back to the first size, which `stty -a` recorded before the program.
    pane.resize(100, 24)
    pane.wait_until(
        lambda screen: display_width(first_office(screen)) == 100, what="the list at 100")
    os.kill(pane.program_pid(), signal.SIGTERM)
    assert pane.wait_for_exit() == 128 + signal.SIGTERM
    pane.assert_terminal_restored()

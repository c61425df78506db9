"""`area-search --offline` in tmux: search in Japanese, open a forecast, go back, turn the
search field off, quit, and find the terminal as it was."""

NO_COLOR = {"NO_COLOR": "1"}


def test_search_forecast_switch_and_restore(tmux, area_search_bin):
    pane = tmux([area_search_bin, "--offline"], width=100, height=30, env=NO_COLOR)
    screen = pane.wait_for("58 areas · Offline: showing the snapshot of 2026-01-06")
    assert "⌕ 都道府県を検索" in screen
    assert "^T search: on" in screen and "q quit" in screen

    # Type a search in Japanese: the list narrows to the offices that match.
    pane.send_keys("/")
    pane.type("大阪")
    screen = pane.wait_for("1 area ·")
    assert "270000  大阪府" in screen
    assert "130000  東京都" not in screen
    assert "⌕ 大阪" in screen and "✕" in screen

    # The clear key shows every office again; a search by English name.
    pane.send_keys("C-x")
    pane.wait_until(
        lambda s: "140000  神奈川県" in s and "270000  大阪府" in s, what="every office")
    pane.type("tokyo")
    screen = pane.wait_for("1 area ·")
    assert "130000  東京都" in screen and "Tokyo" in screen

    # Open the forecast, then go back.
    pane.send_keys("Enter", "Enter")
    screen = pane.wait_for("東京都 Tokyo の天気予報 (130000)")
    pane.wait_for("気象庁 発表")
    screen = pane.wait_for("東京地方")
    assert "2026-01-05 17:00" in screen
    assert "Esc back" in screen
    pane.send_keys("Escape")
    screen = pane.wait_for("130000  東京都")
    assert "天気予報" not in screen

    # The switch: off shows 使用不可 and clears the search, on shows the placeholder again.
    pane.send_keys("C-t")
    screen = pane.wait_for("使用不可")
    assert "^T search: off" in screen
    # The field is off: "/" does not focus it and the letters typed change nothing.
    pane.send_keys("/")
    pane.type("京")
    screen = pane.wait_for("使用不可")
    assert "^T search: off" in screen and "京" not in screen.split("\n")[0]
    pane.send_keys("C-t")
    pane.wait_for("都道府県を検索")

    # An office with no forecast in the snapshot: an alert with a Retry.
    pane.send_keys("Home", "Enter")
    screen = pane.wait_for("予報を読み込めませんでした")
    assert "Retry" in screen and "Cancel" in screen
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

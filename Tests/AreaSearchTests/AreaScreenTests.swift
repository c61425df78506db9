import Diffable
import Testing

@testable import TerminalUI
@testable import area_search

@Suite("Area screen: keys to actions, state to the terminal")
struct AreaScreenTests {
  let loaded = AreaSearch.State(areas: Area.sorted, offlineSnapshot: "2026-01-06")

  @Test("typing in the search field sends the query, Japanese included; Enter leaves it")
  func typing() {
    var screen = AreaScreen()
    screen.follow(loaded)
    var state = loaded
    #expect(screen.handle(.character("/"), state: state) == AreaScreen.Command())
    #expect(screen.isSearchFocused)
    #expect(screen.handle(.character("東"), state: state).actions == [.queryChanged("東")])
    state.query = "東"
    #expect(screen.handle(.character("京"), state: state).actions == [.queryChanged("東京")])
    state.query = "東京"
    #expect(screen.handle(.left, state: state).actions.isEmpty)
    #expect(screen.handle(.control("x"), state: state).actions == [.clearTapped])
    #expect(screen.handle(.enter, state: state) == AreaScreen.Command())
    #expect(!screen.isSearchFocused)
    // On the list, q quits rather than typing.
    #expect(screen.handle(.character("q"), state: state).quits)
  }

  @Test("arrows move the selection; Enter opens the selected office's forecast")
  func selection() {
    var screen = AreaScreen()
    screen.follow(loaded)
    #expect(screen.selection == "016000")
    _ = screen.handle(.down, state: loaded)
    _ = screen.handle(.down, state: loaded)
    _ = screen.handle(.up, state: loaded)
    #expect(screen.selection == "130000")
    #expect(screen.handle(.enter, state: loaded).actions == [.areaTapped("130000")])
    _ = screen.handle(.end, state: loaded)
    #expect(screen.selection == "471000")
    // A search that leaves the selected office out moves the selection to the first shown.
    screen.follow(AreaSearch.State(areas: [.kyoto, .osaka]))
    #expect(screen.selection == "260000")
  }

  @Test("Ctrl-T toggles the switch; a disabled field cannot be focused and shows 使用不可")
  func switchKey() {
    var screen = AreaScreen()
    screen.follow(loaded)
    #expect(screen.handle(.control("t"), state: loaded).actions == [.searchToggled])
    var disabled = loaded
    disabled.isSearchEnabled = false
    screen.follow(disabled)
    _ = screen.handle(.character("/"), state: disabled)
    #expect(!screen.isSearchFocused)
    let frame = screen.frame(of: disabled)
    #expect(frame.searchField.placeholder == "使用不可" && !frame.searchField.isEnabled)
    #expect(frame.keyLine.hints.contains(KeyHint("^T", "search: off")))
    #expect(frame.keyLine.message == "Offline: snapshot of 2026-01-06")
  }

  @Test("the list shows each office's code, names, and the offline line in its header")
  func listFrame() {
    var screen = AreaScreen()
    screen.follow(loaded)
    let frame = screen.frame(of: loaded)
    #expect(frame.content.snapshot.itemIdentifiers == Area.sorted.map(\.code))
    #expect(
      frame.content.headers["areas"] == "5 areas · Offline: showing the snapshot of 2026-01-06")
    #expect(frame.content.cells["130000"] == Cell("130000  東京都", secondaryText: "Tokyo"))
    #expect(frame.content.cells["016000"]?.isSelected == true)
    #expect(frame.reveal == "016000" && frame.overlay == nil)
    var loading = loaded
    loading.isLoading = true
    loading.offlineSnapshot = nil
    #expect(screen.frame(of: loading).content.headers["areas"] == "⟳ 読み込み中… Loading")
  }

  @Test("an alert is a dialog whose Retry and Cancel send their actions")
  func alert() {
    var state = loaded
    state.alert = AreaSearch.Alert(title: "読み込めませんでした", message: "m", retry: .areas)
    var screen = AreaScreen()
    screen.follow(state)
    #expect(
      screen.frame(of: state).overlay
        == .dialog(Dialog(title: "読み込めませんでした", message: "m", buttons: ["Retry", "Cancel"])))
    #expect(screen.handle(.enter, state: state).actions == [.retryTapped])
    #expect(screen.handle(.right, state: state).actions.isEmpty)
    #expect(screen.handle(.enter, state: state).actions == [.alertDismissed])
    #expect(screen.handle(.escape, state: state).actions == [.alertDismissed])
  }

  @Test("the forecast shows the office, the report time and each area's days; Esc goes back")
  func forecastFrame() {
    var state = loaded
    state.forecast = AreaSearch.ForecastScreen(
      area: .tokyo, isLoading: false, forecast: .tokyo, offlineSnapshot: "2026-01-05")
    var screen = AreaScreen()
    screen.follow(state)
    let content = screen.frame(of: state).content
    #expect(content.headers["about"] == "東京都 Tokyo の天気予報 (130000)")
    #expect(content.cells["office"] == Cell("気象庁 発表", secondaryText: "2026-01-05 17:00"))
    #expect(content.cells["offline"] == Cell("Offline: showing the snapshot of 2026-01-05"))
    #expect(content.headers["area:0"] == "東京地方")
    #expect(content.cells["0:0:weather"] == Cell("晴れ　夜遅く　くもり", secondaryText: "2026-01-05"))
    #expect(content.cells["0:0:wind"]?.text == "風 北の風　２３区西部　では　北の風　やや強く")
    #expect(content.cells["0:0:wave"]?.text == "波 １メートル")
    #expect(screen.handle(.escape, state: state).actions == [.backTapped])
    #expect(screen.handle(.character("q"), state: state).quits)
  }

  @Test("? shows every key; Escape closes it")
  func help() {
    var screen = AreaScreen()
    screen.follow(loaded)
    _ = screen.handle(.character("?"), state: loaded)
    guard case .dialog(let dialog) = screen.frame(of: loaded).overlay else {
      Issue.record("no help")
      return
    }
    #expect(
      dialog.title == "Keys" && dialog.message.contains("^T    turn the search field on or off"))
    _ = screen.handle(.escape, state: loaded)
    #expect(screen.frame(of: loaded).overlay == nil)
  }
}

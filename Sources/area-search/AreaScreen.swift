import TerminalUI

/// What the terminal adds to ``AreaSearch``'s state to draw it and to read keys: the row the
/// keys act on, whether the keys go to the search field (and its cursor), the help screen,
/// and how far the forecast is scrolled.
///
/// ``handle(_:state:)`` turns a key into the feature's actions; ``frame(of:)`` draws a state
/// (AreaScreen+Frame.swift). Both are pure, so the program's loop only feeds them.
struct AreaScreen {
  /// The code of the selected office.
  var selection: Area.ID?
  /// Whether the keys go to the search field.
  var isSearchFocused = false
  /// The search text and its cursor; it follows the feature's query.
  var field = TextFieldState()
  /// Whether the help screen is shown.
  var showsHelp = false
  /// The focused button of the alert.
  var alertFocus = 0
  /// The first row of the forecast shown.
  var forecastTop = 0

  /// What a key does.
  struct Command: Equatable {
    var actions: [AreaSearch.Action] = []
    var quits = false
  }

  /// Keeps the screen consistent with a new state: the field shows the query (cleared or
  /// disabled from elsewhere), the selection stays on a shown office.
  mutating func follow(_ state: AreaSearch.State) {
    if field.text != state.query { field.setText(state.query) }
    if !state.isSearchEnabled { isSearchFocused = false }
    if state.alert == nil { alertFocus = 0 }
    if state.forecast == nil { forecastTop = 0 }
    if let selection, state.areas.contains(where: { $0.code == selection }) { return }
    selection = state.areas.first?.code
  }

  /// The actions `key` sends in `state`, and whether it ends the program.
  mutating func handle(_ key: Key, state: AreaSearch.State) -> Command {
    if key == .control("c") { return Command(quits: true) }
    if showsHelp {
      if [.escape, .enter, .character("?"), .character("q")].contains(key) { showsHelp = false }
      return Command()
    }
    if let alert = state.alert { return handleAlert(key, alert: alert) }
    if state.forecast != nil { return handleForecast(key) }
    if isSearchFocused { return handleSearch(key, state: state) }
    return handleList(key, state: state)
  }

  private mutating func handleAlert(_ key: Key, alert: AreaSearch.Alert) -> Command {
    var dialog = Self.dialog(for: alert, focus: alertFocus)
    let event = dialog.handle(key)
    alertFocus = dialog.focusedButton
    switch event {
    case .pressed(0): return Command(actions: [.retryTapped])
    case .pressed, .cancelled: return Command(actions: [.alertDismissed])
    case nil: return Command()
    }
  }

  private mutating func handleForecast(_ key: Key) -> Command {
    switch key {
    case .escape, .left, .backspace: return Command(actions: [.backTapped])
    case .character("q"): return Command(quits: true)
    case .up: forecastTop = max(0, forecastTop - 1)
    case .down: forecastTop += 1
    case .pageUp: forecastTop = max(0, forecastTop - 10)
    case .pageDown: forecastTop += 10
    case .character("?"): showsHelp = true
    default: break
    }
    return Command()
  }

  private mutating func handleSearch(_ key: Key, state: AreaSearch.State) -> Command {
    switch key {
    case .enter, .escape, .tab, .down:
      isSearchFocused = false
      return Command()
    case .control("t"):
      isSearchFocused = false
      return Command(actions: [.searchToggled])
    case .control("x"):
      return Command(actions: [.clearTapped])
    default:
      guard field.handle(key) else { return Command() }
      return Command(actions: field.text == state.query ? [] : [.queryChanged(field.text)])
    }
  }

  private mutating func handleList(_ key: Key, state: AreaSearch.State) -> Command {
    let codes = state.areas.map(\.code)
    let index = selection.flatMap { codes.firstIndex(of: $0) }
    func select(_ offset: Int) {
      guard !codes.isEmpty else { return }
      let target = index.map { $0 + offset } ?? 0
      selection = codes[max(0, min(codes.count - 1, target))]
    }
    switch key {
    case .up: select(-1)
    case .down: select(1)
    case .pageUp: select(-10)
    case .pageDown: select(10)
    case .home: select(-codes.count)
    case .end: select(codes.count)
    case .enter:
      if let selection { return Command(actions: [.areaTapped(selection)]) }
    case .character("/"), .tab:
      if state.isSearchEnabled { isSearchFocused = true }
    case .control("t"):
      return Command(actions: [.searchToggled])
    case .control("x"), .character("x"):
      return Command(actions: [.clearTapped])
    case .character("?"):
      showsHelp = true
    case .character("q"):
      return Command(quits: true)
    default:
      break
    }
    return Command()
  }
}

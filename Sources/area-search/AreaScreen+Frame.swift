import Diffable
import TerminalUI

extension AreaScreen {
  /// Everything the terminal shows for one state.
  struct Frame {
    /// The list region: the offices, or the forecast.
    var content: ListContent<String, String>
    /// The search field on the first line.
    var searchField: SearchField
    /// The bottom line.
    var keyLine: KeyLine
    /// The alert or the help screen.
    var overlay: Overlay?
    /// The office row to keep in view, on the list.
    var reveal: String?
    /// The first row shown, on the forecast.
    var scrollTop: Int?
  }

  /// The keys of the list; the switch's says whether the search field is on.
  static func listKeys(isSearchEnabled: Bool) -> [KeyHint] {
    [
      KeyHint("↑↓", "move"), KeyHint("⏎", "open"), KeyHint("/", "search"),
      KeyHint("^T", isSearchEnabled ? "search: on" : "search: off"), KeyHint("?", "keys"),
      KeyHint("q", "quit"),
    ]
  }

  /// What `state` looks like on the terminal.
  func frame(of state: AreaSearch.State) -> Frame {
    let searchField = SearchField(
      placeholder: state.placeholder, field: field, isEnabled: state.isSearchEnabled,
      isFocused: isSearchFocused && state.forecast == nil)
    var frame = Frame(
      content: ListContent(), searchField: searchField, keyLine: keyLine(state))
    if let forecast = state.forecast {
      frame.content = Self.forecastContent(forecast)
      frame.scrollTop = forecastTop
    } else {
      frame.content = listContent(state)
      frame.reveal = selection
    }
    if showsHelp {
      let keys = [
        KeyHint("↑↓", "move; scroll a forecast"), KeyHint("⏎", "open the office's forecast"),
        KeyHint("/", "search (Tab too)"), KeyHint("^T", "turn the search field on or off"),
        KeyHint("x ^X", "clear the search"),
        KeyHint("Esc", "back from a forecast, or leave the search field"),
        KeyHint("?", "these keys"), KeyHint("q ^C", "quit"),
      ]
      frame.overlay = .dialog(Dialog.help(title: "Keys", keys))
    } else if let alert = state.alert {
      frame.overlay = .dialog(Self.dialog(for: alert, focus: alertFocus))
    }
    return frame
  }

  /// The alert as a dialog: Retry, then Cancel.
  static func dialog(for alert: AreaSearch.Alert, focus: Int) -> Dialog {
    Dialog(
      title: alert.title, message: alert.message, buttons: ["Retry", "Cancel"],
      focusedButton: focus)
  }

  /// The keys of the screen shown, and the offline line when the data is a snapshot.
  private func keyLine(_ state: AreaSearch.State) -> KeyLine {
    let offline = (state.forecast?.offlineSnapshot ?? state.offlineSnapshot).map {
      "Offline: snapshot of \($0)"
    }
    if state.forecast != nil {
      return KeyLine(
        [KeyHint("↑↓", "scroll"), KeyHint("Esc", "back"), KeyHint("q", "quit")],
        message: offline ?? "")
    }
    if isSearchFocused {
      return KeyLine(
        [
          KeyHint("⏎", "done"), KeyHint("^X", "clear"), KeyHint("^T", "search: on"),
          KeyHint("^C", "quit"),
        ], message: offline ?? "")
    }
    return KeyLine(
      Self.listKeys(isSearchEnabled: state.isSearchEnabled), message: offline ?? "")
  }

  /// The offices: a header saying how many (or that they are loading, and whether they
  /// come from the offline snapshot), then a row per office.
  private func listContent(_ state: AreaSearch.State) -> ListContent<String, String> {
    var snapshot = Snapshot<String, String>()
    try? snapshot.appendSections(["areas"])
    try? snapshot.appendItems(state.areas.map(\.code), toSection: "areas")
    var header =
      state.isLoading
      ? "⟳ 読み込み中… Loading" : "\(state.areas.count) \(state.areas.count == 1 ? "area" : "areas")"
    if let date = state.offlineSnapshot {
      header += " · Offline: showing the snapshot of \(date)"
    }
    var cells: [String: Cell] = [:]
    for area in state.areas {
      cells[area.code] = Cell(
        area.code + "  " + area.name, secondaryText: area.enName,
        isSelected: area.code == selection)
    }
    return ListContent(snapshot: snapshot, headers: ["areas": header], cells: cells)
  }

  /// The forecast: the office and when it was published, then each area's days (weather,
  /// wind, waves).
  static func forecastContent(_ screen: AreaSearch.ForecastScreen) -> ListContent<String, String> {
    var snapshot = Snapshot<String, String>()
    var headers: [String: String] = [:]
    var cells: [String: Cell] = [:]
    func add(_ section: String, header: String, _ rows: [(String, Cell)]) {
      try? snapshot.appendSections([section])
      try? snapshot.appendItems(rows.map(\.0), toSection: section)
      headers[section] = header
      for (id, cell) in rows { cells[id] = cell }
    }
    let area = screen.area
    var about: [(String, Cell)] = []
    if screen.isLoading {
      about.append(("loading", Cell("⟳ 読み込み中… Loading the forecast")))
    }
    if let forecast = screen.forecast {
      about.append(
        (
          "office",
          Cell(
            "\(forecast.publishingOffice) 発表", secondaryText: dateTime(forecast.reportDatetime))
        ))
    }
    if let date = screen.offlineSnapshot {
      about.append(("offline", Cell("Offline: showing the snapshot of \(date)")))
    }
    add("about", header: "\(area.name) \(area.enName) の天気予報 (\(area.code))", about)
    for (index, forecastArea) in (screen.forecast?.areas ?? []).enumerated() {
      var rows: [(String, Cell)] = []
      for (day, entry) in forecastArea.days.enumerated() {
        let id = "\(index):\(day)"
        rows.append(
          (id + ":weather", Cell(entry.weather, secondaryText: String(entry.time.prefix(10)))))
        if let wind = entry.wind {
          rows.append((id + ":wind", Cell("風 " + wind, level: 1, style: TextStyle(isDim: true))))
        }
        if let wave = entry.wave {
          rows.append((id + ":wave", Cell("波 " + wave, level: 1, style: TextStyle(isDim: true))))
        }
      }
      add("area:\(index)", header: forecastArea.name, rows)
    }
    return ListContent(snapshot: snapshot, headers: headers, cells: cells)
  }

  /// `2026-01-05T17:00:00+09:00` as `2026-01-05 17:00`.
  static func dateTime(_ text: String) -> String {
    let parts = text.split(separator: "T")
    guard parts.count == 2 else { return text }
    return parts[0] + " " + parts[1].prefix(5)
  }
}

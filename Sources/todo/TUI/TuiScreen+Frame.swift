import Diffable
import TerminalUI
import TodoCore

extension TuiScreen {
  /// What the terminal shows for `page`: the list (or the picker, the keys or the form while
  /// one is open) and the bottom line.
  struct Frame {
    /// The rows.
    var content: ListContent<String, String>
    /// The bottom line.
    var status: String
  }

  /// The frame of `page` in this screen's mode.
  func frame(of page: PageSnapshot) -> Frame {
    let list = PageListContent.content(of: page, selection: selection)
    let chrome = page.chrome
    switch mode {
    case .list:
      if let title = chrome.confirmTitle ?? chrome.confirmDelete {
        return Frame(content: list, status: "Delete \u{201C}\(title)\u{201D}? y delete  n keep")
      }
      return Frame(content: list, status: listStatus(of: page))
    case .adding(let text):
      var status = "New todo: \(text)▏"
      if let deadline = chrome.quickDeadline { status += "  → due \(deadline)" }
      return Frame(content: list, status: status + "   Enter add  Esc cancel")
    case .searching(let text):
      return Frame(content: list, status: "Search: \(text)▏   Enter keep  Esc clear")
    case .choosingList(let index):
      return Frame(
        content: picker(page, highlighted: index), status: "↑↓ choose  Enter open  Esc back")
    case .help:
      return Frame(content: Self.help, status: "Any key: back to the list")
    case .editing(let form):
      return Frame(
        content: Self.form(form),
        status: form.conflict
          ? "Enter keep mine  Ctrl-T use theirs  Esc cancel"
          : "Tab next field  ← → status  Enter save  Esc cancel")
    }
  }

  /// The bottom line of the list: a problem, the Undo message, or the list's name, its count
  /// and the keys.
  func listStatus(of page: PageSnapshot) -> String {
    let chrome = page.chrome
    guard chrome.loaded else { return "Loading…" }
    if let problem = chrome.problem { return "! \(problem)" }
    if chrome.storeOffline { return "! The database cannot be reached; changes wait for it." }
    if let toast = chrome.toast { return "\(toast)   u undo  Esc dismiss" }
    let name = chrome.lists.first { $0.id == chrome.listID }?.name ?? ""
    var status = "\(name) · \(chrome.counter)"
    if !chrome.search.isEmpty { status += " · search \u{201C}\(chrome.search)\u{201D}" }
    if chrome.filter != .all { status += " · \(chrome.filter.rawValue)" }
    return status + " │ " + TuiKeyHelp.line
  }

  /// The list picker: the page's lists, the shown one marked `•`, the highlighted one
  /// selected.
  func picker(_ page: PageSnapshot, highlighted: Int) -> ListContent<String, String> {
    var content = ListContent<String, String>()
    let section = "tui:lists"
    try? content.snapshot.appendSections([section])
    content.headers[section] = "Lists"
    let ids = page.chrome.lists.map { "tui:list:" + $0.id }
    try? content.snapshot.appendItems(ids, toSection: section)
    for (index, entry) in page.chrome.lists.enumerated() {
      content.cells[ids[index]] = Cell(
        entry.name, secondaryText: entry.shared == true ? "shared" : nil,
        accessory: Cell.Accessory(entry.id == page.chrome.listID ? "•" : " "),
        isSelected: index == highlighted)
    }
    return content
  }

  /// The `?` screen.
  static let help: ListContent<String, String> = {
    var content = ListContent<String, String>()
    let section = "tui:keys"
    try? content.snapshot.appendSections([section])
    content.headers[section] = "Keys"
    let ids = TuiKeyHelp.all.indices.map { "tui:key:\($0)" }
    try? content.snapshot.appendItems(ids, toSection: section)
    for (index, entry) in TuiKeyHelp.all.enumerated() {
      let keys = entry.keys.padding(toLength: 12, withPad: " ", startingAt: 0)
      content.cells[ids[index]] = Cell(keys + entry.meaning)
    }
    return content
  }()

  /// The edit form: one row per field, the focused one selected with a cursor, and the
  /// sheet's problem under them.
  static func form(_ form: TuiForm) -> ListContent<String, String> {
    var content = ListContent<String, String>()
    let section = "tui:form"
    try? content.snapshot.appendSections([section])
    guard form.fields != nil else {
      content.headers[section] = "Edit todo: loading…"
      return content
    }
    content.headers[section] = "Edit todo"
    var ids = TuiForm.Field.allCases.map { "tui:field:\($0.label)" }
    for field in TuiForm.Field.allCases {
      let focused = field == form.focus
      var text = form.text(of: field) + (focused && field != .status ? "▏" : "")
      if field == .status, let status = form.fields?.status {
        text = PageListContent.accessory(status).symbol + " " + text
      }
      let label = (field.label + ":").padding(toLength: 10, withPad: " ", startingAt: 0)
      content.cells[ids[field.rawValue]] = Cell(
        label + text, isSelected: focused)
    }
    if let problem = form.problem {
      ids.append("tui:field:problem")
      content.cells["tui:field:problem"] = Cell("! " + problem, style: TextStyle(color: .red))
    }
    try? content.snapshot.appendItems(ids, toSection: section)
    return content
  }
}

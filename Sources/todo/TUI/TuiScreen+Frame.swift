import Diffable
import TerminalUI
import TodoCore

extension TuiScreen {
  /// What the terminal shows for `page`: the list, the search field above it while there is
  /// a search, a dialog or form over it while one is open, and the key line.
  struct Frame {
    /// The rows.
    var content: ListContent<String, String>
    /// The search field, shown while searching or filtered by a search.
    var searchField: SearchField?
    /// The dialog or form over the list.
    var overlay: Overlay?
    /// The bottom line.
    var keyLine: KeyLine
  }

  /// The frame of `page` in this screen's mode.
  func frame(of page: PageSnapshot) -> Frame {
    let chrome = page.chrome
    var frame = Frame(
      content: PageListContent.content(of: page, selection: selection),
      keyLine: listKeyLine(of: page))
    if !chrome.search.isEmpty {
      frame.searchField = SearchField(
        placeholder: "Search", field: TextFieldState(chrome.search))
    }
    switch mode {
    case .list:
      if chrome.confirmDelete != nil {
        let title = chrome.confirmTitle ?? "this todo"
        frame.overlay = .dialog(
          Dialog(
            title: "Delete", message: "Move \u{201C}\(title)\u{201D} to the trash?",
            buttons: ["Delete", "Cancel"], focusedButton: confirmFocus))
        frame.keyLine = KeyLine([KeyHint("y", "delete"), KeyHint("n", "keep")])
      } else if let question = chrome.confirmComplete {
        let open = question.open == 1 ? "1 open subtask" : "\(question.open) open subtasks"
        frame.overlay = .dialog(
          Dialog(
            title: "Complete",
            message: "\u{201C}\(question.title)\u{201D} has \(open). Complete them too?",
            buttons: ["Complete all", "Keep them open", "Cancel"], focusedButton: confirmFocus))
        frame.keyLine = KeyLine([KeyHint("y", "complete all"), KeyHint("n", "cancel")])
      }
    case .adding(let form):
      frame.overlay = .form(form)
      frame.keyLine = KeyLine(
        [KeyHint("⏎", "add"), KeyHint("Esc", "cancel")],
        message: chrome.quickDeadline.map { "due \($0)" } ?? "")
    case .filtering(let form):
      frame.overlay = .form(form)
      frame.keyLine = KeyLine([KeyHint("⏎", "show"), KeyHint("Esc", "cancel")])
    case .searching(let field):
      frame.searchField = SearchField(placeholder: "Search", field: field, isFocused: true)
      frame.keyLine = KeyLine(
        [KeyHint("⏎", "keep"), KeyHint("Esc", "clear")], message: chrome.emptyText ?? "")
    case .choosingList(let index, let focus):
      frame.overlay = .dialog(Self.picker(page, highlighted: index, focusedButton: focus))
      frame.keyLine = KeyLine(
        [KeyHint("↑↓", "choose"), KeyHint("⏎", "open"), KeyHint("Esc", "back")])
    case .help(let dialog):
      frame.overlay = .dialog(dialog)
      frame.keyLine = KeyLine([KeyHint("Esc", "back to the list")])
    case .editing(let form):
      if let box = form.form {
        frame.overlay = .form(box)
      } else {
        frame.overlay = .dialog(Dialog(title: "Edit todo", message: "Loading…", buttons: []))
      }
      frame.keyLine = KeyLine(
        form.conflict
          ? [KeyHint("^S", "keep mine"), KeyHint("^T", "use theirs"), KeyHint("Esc", "cancel")]
          : [KeyHint("Tab", "next"), KeyHint("⏎", "save"), KeyHint("Esc", "cancel")],
        message: form.problem.map { "! \($0)" } ?? "")
    }
    return frame
  }

  /// The key line of the list: the keys, and the list's name and count, or what just
  /// happened (the Undo message, a problem).
  func listKeyLine(of page: PageSnapshot) -> KeyLine {
    let chrome = page.chrome
    guard chrome.loaded else { return KeyLine([KeyHint("q", "quit")], message: "Loading…") }
    if offline {
      return KeyLine(
        [KeyHint("?", "keys"), KeyHint("q", "quit")],
        message: "! Offline — reconnecting…; what you do is sent once the server is back.")
    }
    if let problem = chrome.problem {
      return KeyLine([KeyHint("?", "keys"), KeyHint("q", "quit")], message: "! \(problem)")
    }
    if chrome.storeOffline {
      return KeyLine(
        [KeyHint("?", "keys"), KeyHint("q", "quit")],
        message: "! The database cannot be reached; changes wait for it.")
    }
    if let toast = chrome.toast {
      return KeyLine([KeyHint("u", "undo"), KeyHint("Esc", "dismiss")], message: toast)
    }
    if let reminder = chrome.reminders.first {
      let more = chrome.reminders.count > 1 ? " (+\(chrome.reminders.count - 1))" : ""
      let detail = reminder.detail.map { " · \($0)" } ?? ""
      return KeyLine(TuiKeyHelp.ringing, message: "Reminder: \(reminder.title)\(detail)\(more)")
    }
    let name =
      chrome.view?.name ?? chrome.query?.title ?? chrome.lists.first { $0.id == chrome.listID }?
      .name ?? ""
    var message = "\(name) · \(chrome.counter)"
    if chrome.filter != .all { message += " · \(chrome.filter.rawValue)" }
    return KeyLine(TuiKeyHelp.line, message: message)
  }

  /// The list picker: the page's smart views and lists with their counts, the highlighted
  /// one marked `›`, the shown one `•`.
  static func picker(_ page: PageSnapshot, highlighted: Int, focusedButton: Int) -> Dialog {
    let lines = TuiDestination.all(of: page).enumerated().map { index, entry in
      (index == highlighted ? "› " : "  ") + (entry.isShown(on: page) ? "• " : "  ")
        + entry.title
    }
    return Dialog(
      title: "Lists", message: lines.joined(separator: "\n"), buttons: ["Open", "Cancel"],
      focusedButton: focusedButton)
  }
}

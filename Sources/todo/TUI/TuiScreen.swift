import TerminalUI
import TodoCore

/// The terminal's own state around the live page: which row is selected, and what is open
/// over the list (the new-todo line, the search line, the list picker, the keys, the edit
/// form).
///
/// Everything else is ``LivePage``'s, as on the web page: the lists and todos, the layout,
/// the search text, the edit sheet, the delete confirmation, the Undo toast. A key becomes
/// ``LivePage/Action``s (``handle(_:page:)``); the screen shows the newest ``PageSnapshot``
/// (``frame(of:)``).
///
/// ```swift
/// var screen = TuiScreen()
/// let command = screen.handle(.character("x"), page: page)
/// command.actions.forEach(store.send)  // [.list(.toggle(selected todo))]
/// ```
struct TuiScreen: Equatable {
  /// What is open over the list.
  enum Mode: Equatable {
    /// Only the list: the keys act on the selected row.
    case list
    /// The new-todo form, with the text typed so far.
    case adding(Form)
    /// The filter form: a query to show (``TodoQuery``), with the text typed so far.
    case filtering(Form)
    /// The search field has the keys (the list filters as it is typed).
    case searching(TextFieldState)
    /// The list picker: the highlighted list's index, and the focused button.
    case choosingList(Int, focusedButton: Int)
    /// Every key, in a dialog.
    case help(Dialog)
    /// The edit form.
    case editing(TuiForm)
  }

  /// The identifier of the selected item of the page (a todo or an outline parent).
  var selection: String?
  /// The selected item's position, kept so that the row after a deleted one is selected.
  var selectionIndex = 0
  /// What is open over the list.
  var mode = Mode.list
  /// The focused button of the delete confirmation (Delete, Cancel).
  var confirmFocus = 0
  /// Whether the connection to the server's page is lost (`todo tui --server`): the key line
  /// says so until it is back.
  var offline = false

  /// What a key asks of the program.
  struct Command: Equatable {
    /// The actions to send to the page's store, in order.
    var actions: [LivePage.Action] = []
    /// Whether the program ends.
    var quits = false
  }

  /// Follows a new page: keeps the selection on its item, or on the row where it was when
  /// the item went away; fills the edit form once the sheet has loaded, and closes it once
  /// the sheet closed (saved or cancelled).
  mutating func follow(_ page: PageSnapshot) {
    let items = page.items.itemIdentifiers
    if let selection, let index = items.firstIndex(of: selection) {
      selectionIndex = index
    } else if items.isEmpty {
      selection = nil
    } else {
      selectionIndex = min(selectionIndex, items.count - 1)
      selection = items[selectionIndex]
    }
    guard case .editing(var form) = mode else { return }
    if let editor = page.chrome.editor, editor.id == form.todoID {
      form.follow(editor)
      mode = .editing(form)
    } else if form.opened || page.chrome.problem != nil {
      mode = .list
    }
  }

  /// Selects the item at `index` of `items` (clamped).
  mutating func select(_ index: Int, in items: [String]) {
    guard !items.isEmpty else { return }
    selectionIndex = max(0, min(index, items.count - 1))
    selection = items[selectionIndex]
  }
}

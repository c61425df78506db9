import Foundation
import TerminalUI
import TodoCore

extension TuiScreen {
  /// What `key` does on `page`: the page actions it sends and how the screen changes.
  ///
  /// Ctrl-C quits from anywhere. While the page asks to confirm a delete, its dialog takes
  /// the keys (y or Delete: delete; n, Cancel or Escape: keep). Otherwise the open form,
  /// search field, picker or help takes the key, else the list does (``TuiKeyHelp`` lists
  /// the keys).
  mutating func handle(_ key: Key, page: PageSnapshot) -> Command {
    if key == .control("c") { return Command(quits: true) }
    if page.chrome.confirmDelete != nil, mode == .list { return confirmKey(key) }
    if page.chrome.confirmComplete != nil, mode == .list { return completeKey(key) }
    switch mode {
    case .list: return listKey(key, page: page)
    case .adding(let form): return addingKey(key, form: form)
    case .filtering(let form): return filteringKey(key, form: form)
    case .searching(let field): return searchingKey(key, field: field, page: page)
    case .choosingList(let index, let focus):
      return pickerKey(key, index: index, focus: focus, page: page)
    case .help(var dialog):
      if dialog.handle(key) != nil || key == .character("q") || key == .character("?") {
        mode = .list
      } else {
        mode = .help(dialog)
      }
      return Command()
    case .editing(let form): return formKey(key, form: form)
    }
  }

  // MARK: - The list

  private mutating func listKey(_ key: Key, page: PageSnapshot) -> Command {
    let items = page.items.itemIdentifiers
    let current = selection.flatMap { id in page.cells[id].map { (id, $0) } }
    let todoID = current.flatMap { $0.1.kind == .todo ? UUID(uuidString: $0.0) : nil }
    switch key {
    case .character("q"): return Command(quits: true)
    case .up, .character("k"): select(selectionIndex - 1, in: items)
    case .down, .character("j"): select(selectionIndex + 1, in: items)
    case .home, .character("g"): select(0, in: items)
    case .end, .character("G"): select(items.count - 1, in: items)
    case .pageUp: select(selectionIndex - 10, in: items)
    case .pageDown: select(selectionIndex + 10, in: items)
    case .character(" "), .character("x"):
      if let todoID { return Command(actions: [.list(.toggle(todoID))]) }
      return expand(current, to: nil)
    case .enter, .character("e"):
      if let todoID {
        mode = .editing(TuiForm(todoID: todoID.uuidString))
        return Command(actions: [.editor(.beginEdit(todoID))])
      }
      return key == .enter ? expand(current, to: nil) : Command()
    case .left: return expand(current, to: false)
    case .right: return expand(current, to: true)
    case .character("s"):
      guard let todoID, let status = current?.1.status else { return Command() }
      return Command(actions: [.list(.setStatus(todoID, TuiForm.cycled(status)))])
    case .character("n"), .character("a"):
      mode = .adding(Self.newTodoForm)
    case .character("d"), .delete:
      guard let todoID else { return Command() }
      confirmFocus = 0
      return Command(actions: [.trash(.requestDelete(todoID))])
    case .character("u"): return Command(actions: [.trash(.undo)])
    case .character("z"), .character("Z"):
      // The oldest ringing reminder, the one the key line shows.
      guard let notice = page.chrome.reminders.first, let id = UUID(uuidString: notice.id)
      else { return Command() }
      let snooze = key == .character("z")
      return Command(actions: [.reminders(snooze ? .snooze(id, .tenMinutes) : .dismiss(id))])
    case .character("K"): return move(todoID, by: -1, page: page)
    case .character("J"): return move(todoID, by: 1, page: page)
    case .tab, .character(">"):
      if let todoID { return Command(actions: [.list(.indent(todoID))]) }
    case .backTab, .character("<"):
      if let todoID { return Command(actions: [.list(.outdent(todoID))]) }
    case .character("/"): mode = .searching(TextFieldState(page.chrome.search))
    case .character("l"):
      mode = .choosingList(TuiDestination.currentIndex(of: page), focusedButton: 0)
    case .character("["): return neighbourList(-1, page: page)
    case .character("]"): return neighbourList(1, page: page)
    case .character("o"):
      let all = PageList.Layout.allCases
      let next = all[((all.firstIndex(of: page.chrome.layout) ?? 0) + 1) % all.count]
      return Command(actions: [.list(.chooseLayout(next))])
    case .character("F"):
      // The query shown, to change it; a saved filter's or a tag's too.
      mode = .filtering(Self.filterForm(page.chrome.query?.text ?? ""))
    case .character("f"):
      let all = PageList.Filter.allCases
      let next = all[((all.firstIndex(of: page.chrome.filter) ?? 0) + 1) % all.count]
      return Command(actions: [.list(.chooseFilter(next))])
    case .character("?"): mode = .help(.help(title: "Keys", TuiKeyHelp.all))
    case .escape:
      if page.chrome.toast != nil { return Command(actions: [.trash(.dismissToast)]) }
      if !page.chrome.search.isEmpty { return Command(actions: [.search(.setText(""))]) }
    default: break
    }
    return Command()
  }

  /// The filter form: one line for a query, Show and Cancel.
  static func filterForm(_ text: String) -> Form {
    Form(
      title: "Filter (today | overdue, #tag & p1, due before: +7d)",
      fields: [.text("Query", text)], buttons: ["Show", "Cancel"])
  }

  /// The new-todo form: one line of text, Add and Cancel.
  static let newTodoForm = Form(
    title: "New todo", fields: [.text("Title", "")], buttons: ["Add", "Cancel"])

  /// Opens (`true`), closes (`false`) or flips (`nil`) the selected outline parent: a group,
  /// or (opening and closing only) a todo with subtasks.
  private func expand(_ current: (String, LiveCell)?, to expanded: Bool?) -> Command {
    guard let (id, cell) = current, cell.kind == .group || (expanded != nil && cell.expanded != nil)
    else { return Command() }
    let target = expanded ?? !(cell.expanded ?? true)
    guard target != cell.expanded else { return Command() }
    return Command(actions: [.list(.setExpanded(id, target))])
  }

  /// Moves the selected todo before its sibling above (`-1`) or after the one below (`1`),
  /// passing over outline parents and the siblings' subtasks; never out of its parent.
  private func move(_ todoID: UUID?, by step: Int, page: PageSnapshot) -> Command {
    guard let todoID else { return Command() }
    let todos = page.items.itemIdentifiers.filter { page.cells[$0]?.kind == .todo }
    let level = { (id: String) in page.cells[id]?.level ?? 0 }
    guard var index = todos.firstIndex(of: todoID.uuidString) else { return Command() }
    let own = level(todos[index])
    if step > 0 {
      // Past its own subtasks.
      while index + 1 < todos.count, level(todos[index + 1]) > own { index += 1 }
    }
    index += step
    while todos.indices.contains(index), level(todos[index]) > own { index += step }
    guard todos.indices.contains(index), level(todos[index]) == own,
      let other = UUID(uuidString: todos[index])
    else { return Command() }
    return Command(actions: [.list(.move(todoID, step < 0 ? .before(other) : .after(other)))])
  }

  /// Shows the view or list before (`-1`) or after (`1`) the shown one in the sidebar's
  /// order.
  private func neighbourList(_ step: Int, page: PageSnapshot) -> Command {
    let all = TuiDestination.all(of: page)
    guard !all.isEmpty else { return Command() }
    let index = TuiDestination.currentIndex(of: page)
    let next = (index + step + all.count) % all.count
    guard next != index, let action = all[next].action else { return Command() }
    return Command(actions: [action])
  }

  // MARK: - Dialogs, forms and the search field

  private mutating func confirmKey(_ key: Key) -> Command {
    switch question(key, buttons: ["Delete", "Cancel"]) {
    case .pressed(0): Command(actions: [.trash(.confirmDelete)])
    case .pressed, .cancelled: Command(actions: [.trash(.cancelDelete)])
    case nil: Command()
    }
  }

  /// The question when a parent with open subtasks is marked done: y or the first button
  /// completes them all, the second keeps them open, n, the third or Escape does nothing.
  private mutating func completeKey(_ key: Key) -> Command {
    switch question(key, buttons: ["Complete all", "Keep them open", "Cancel"]) {
    case .pressed(0): Command(actions: [.list(.completeSubtasks(true))])
    case .pressed(1): Command(actions: [.list(.completeSubtasks(false))])
    case .pressed, .cancelled: Command(actions: [.list(.cancelComplete)])
    case nil: Command()
    }
  }

  /// What `key` does to a question of the page with these buttons: y presses the first, n
  /// cancels, the dialog's own keys move between the buttons and press one. The focus goes
  /// back to the first button once it is answered.
  private mutating func question(_ key: Key, buttons: [String]) -> ModalEvent? {
    var dialog = Dialog(title: "", message: "", buttons: buttons, focusedButton: confirmFocus)
    let event: ModalEvent? =
      switch key {
      case .character("y"): .pressed(0)
      case .character("n"): .cancelled
      default: dialog.handle(key)
      }
    confirmFocus = event == nil ? dialog.focusedButton : 0
    return event
  }

  /// The filter form's keys: ⏎ shows what the query shows (a text that is no query is
  /// refused with the page's problem, saying where), Esc closes the form.
  private mutating func filteringKey(_ key: Key, form: Form) -> Command {
    var form = form
    switch form.handle(key) {
    case .pressed(0):
      mode = .list
      let text = (form.fields.first?.text ?? "").trimmingCharacters(in: .whitespaces)
      return text.isEmpty ? Command() : Command(actions: [.sidebar(.showQuery(text))])
    case .pressed, .cancelled:
      mode = .list
    case nil:
      mode = .filtering(form)
    }
    return Command()
  }

  private mutating func addingKey(_ key: Key, form: Form) -> Command {
    var form = form
    let before = form.fields.first?.text ?? ""
    let event = form.handle(key)
    let text = form.fields.first?.text ?? ""
    switch event {
    case .pressed(0):
      mode = .list
      return Command(actions: [.list(.add(text))])
    case .pressed, .cancelled:
      mode = .list
      return Command(actions: [.list(.typeNew(""))])
    case nil:
      mode = .adding(form)
      return Command(actions: text == before ? [] : [.list(.typeNew(text))])
    }
  }

  private mutating func searchingKey(_ key: Key, field: TextFieldState, page: PageSnapshot)
    -> Command
  {
    switch key {
    case .enter, .down, .tab:
      mode = .list
      return Command()
    case .escape:
      mode = .list
      return Command(actions: [.search(.setText(""))])
    default:
      var field = field
      guard field.handle(key) else { return Command() }
      mode = .searching(field)
      return Command(
        actions: field.text == page.chrome.search ? [] : [.search(.setText(field.text))])
    }
  }

  private mutating func pickerKey(_ key: Key, index: Int, focus: Int, page: PageSnapshot)
    -> Command
  {
    let all = TuiDestination.all(of: page)
    var dialog = Self.picker(page, highlighted: index, focusedButton: focus)
    switch key {
    case .up, .character("k"):
      mode = .choosingList(max(0, index - 1), focusedButton: focus)
      return Command()
    case .down, .character("j"):
      mode = .choosingList(min(max(0, all.count - 1), index + 1), focusedButton: focus)
      return Command()
    case .character("q"), .character("l"):
      mode = .list
      return Command()
    default:
      break
    }
    switch dialog.handle(key) {
    case .pressed(0):
      mode = .list
      guard all.indices.contains(index), !all[index].isShown(on: page),
        let action = all[index].action
      else { return Command() }
      return Command(actions: [action])
    case .pressed, .cancelled:
      mode = .list
    case nil:
      mode = .choosingList(index, focusedButton: dialog.focusedButton)
    }
    return Command()
  }

  private mutating func formKey(_ key: Key, form: TuiForm) -> Command {
    var form = form
    let event: ModalEvent?
    switch key {
    case .control("s"): event = .pressed(0)
    case .control("t") where form.conflict: event = .pressed(1)
    default: event = form.form?.handle(key) ?? (key == .escape ? .cancelled : nil)
    }
    let buttons = TuiForm.buttons(conflict: form.conflict)
    switch event {
    case .pressed(let index) where buttons.indices.contains(index) && index < buttons.count - 1:
      guard let fields = form.fields else { return Command() }
      if !form.conflict { return Command(actions: [.editor(.saveEdit(fields))]) }
      if index == 0 { return Command(actions: [.editor(.keepMine(fields))]) }
      form.form = nil
      mode = .editing(form)
      return Command(actions: [.editor(.useTheirs)])
    case .pressed, .cancelled:
      mode = .list
      return Command(actions: [.editor(.cancelEdit)])
    case nil:
      mode = .editing(form)
      return Command()
    }
  }
}

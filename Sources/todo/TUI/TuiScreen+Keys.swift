import Foundation
import TerminalUI
import TodoCore

extension TuiScreen {
  /// What `key` does on `page`: the page actions it sends and how the screen changes.
  ///
  /// Ctrl-C quits from anywhere. While the page asks to confirm a delete, only y or Enter
  /// (delete) and n or Escape (keep) count. Otherwise the open line, picker, help or form
  /// takes the key, else the list does (``TuiKeyHelp`` lists the keys).
  mutating func handle(_ key: Key, page: PageSnapshot) -> Command {
    if key == .control("c") { return Command(quits: true) }
    if page.chrome.confirmDelete != nil, mode == .list {
      switch key {
      case .character("y"), .enter: return Command(actions: [.confirmDelete])
      case .character("n"), .escape: return Command(actions: [.cancelDelete])
      default: return Command()
      }
    }
    switch mode {
    case .list: return listKey(key, page: page)
    case .adding(let text): return addingKey(key, text: text)
    case .searching(let text): return searchingKey(key, text: text)
    case .choosingList(let index): return pickerKey(key, index: index, page: page)
    case .help:
      mode = .list
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
      if let todoID { return Command(actions: [.toggle(todoID)]) }
      return expand(current, to: nil)
    case .enter, .character("e"):
      if let todoID {
        mode = .editing(TuiForm(todoID: todoID.uuidString))
        return Command(actions: [.beginEdit(todoID)])
      }
      return key == .enter ? expand(current, to: nil) : Command()
    case .left: return expand(current, to: false)
    case .right: return expand(current, to: true)
    case .character("s"):
      guard let todoID, let status = current?.1.status else { return Command() }
      return Command(actions: [.setStatus(todoID, TuiForm.cycled(status))])
    case .character("n"), .character("a"):
      mode = .adding("")
    case .character("d"), .delete:
      if let todoID { return Command(actions: [.requestDelete(todoID)]) }
    case .character("u"): return Command(actions: [.undo])
    case .character("K"): return move(todoID, by: -1, page: page)
    case .character("J"): return move(todoID, by: 1, page: page)
    case .character("/"): mode = .searching(page.chrome.search)
    case .character("l"):
      mode = .choosingList(page.chrome.lists.firstIndex { $0.id == page.chrome.listID } ?? 0)
    case .character("["): return neighbourList(-1, page: page)
    case .character("]"): return neighbourList(1, page: page)
    case .character("o"):
      let all = LivePage.Layout.allCases
      let next = all[((all.firstIndex(of: page.chrome.layout) ?? 0) + 1) % all.count]
      return Command(actions: [.chooseLayout(next)])
    case .character("f"):
      let all = LivePage.Filter.allCases
      let next = all[((all.firstIndex(of: page.chrome.filter) ?? 0) + 1) % all.count]
      return Command(actions: [.chooseFilter(next)])
    case .character("?"): mode = .help
    case .escape:
      if page.chrome.toast != nil { return Command(actions: [.dismissToast]) }
      if !page.chrome.search.isEmpty { return Command(actions: [.search("")]) }
    default: break
    }
    return Command()
  }

  /// Opens (`true`), closes (`false`) or flips (`nil`) the selected outline parent.
  private func expand(_ current: (String, LiveCell)?, to expanded: Bool?) -> Command {
    guard let (id, cell) = current, cell.kind == .group else { return Command() }
    let target = expanded ?? !(cell.expanded ?? true)
    guard target != cell.expanded else { return Command() }
    return Command(actions: [.setExpanded(id, target)])
  }

  /// Moves the selected todo before the todo above it (`-1`) or after the one below (`1`),
  /// passing over outline parents.
  private func move(_ todoID: UUID?, by step: Int, page: PageSnapshot) -> Command {
    guard let todoID else { return Command() }
    let todos = page.items.itemIdentifiers.filter { page.cells[$0]?.kind == .todo }
    guard let index = todos.firstIndex(of: todoID.uuidString), todos.indices.contains(index + step),
      let other = UUID(uuidString: todos[index + step])
    else { return Command() }
    return Command(actions: [.move(todoID, step < 0 ? .before(other) : .after(other))])
  }

  /// Shows the list before (`-1`) or after (`1`) the shown one in the sidebar's order.
  private func neighbourList(_ step: Int, page: PageSnapshot) -> Command {
    let lists = page.chrome.lists
    guard !lists.isEmpty else { return Command() }
    let index = lists.firstIndex { $0.id == page.chrome.listID } ?? 0
    let next = (index + step + lists.count) % lists.count
    guard next != index, let id = UUID(uuidString: lists[next].id) else { return Command() }
    return Command(actions: [.chooseList(id)])
  }

  // MARK: - Lines, picker and form

  private mutating func addingKey(_ key: Key, text: String) -> Command {
    switch key {
    case .enter:
      mode = .list
      return Command(actions: [.add(text)])
    case .escape:
      mode = .list
      return Command(actions: [.typeNew("")])
    default:
      guard let edited = Self.edited(text, with: key) else { return Command() }
      mode = .adding(edited)
      return Command(actions: [.typeNew(edited)])
    }
  }

  private mutating func searchingKey(_ key: Key, text: String) -> Command {
    switch key {
    case .enter:
      mode = .list
      return Command()
    case .escape:
      mode = .list
      return Command(actions: [.search("")])
    default:
      guard let edited = Self.edited(text, with: key) else { return Command() }
      mode = .searching(edited)
      return Command(actions: [.search(edited)])
    }
  }

  /// `text` after a typed character, Backspace or Ctrl-U (clear); `nil` for other keys.
  static func edited(_ text: String, with key: Key) -> String? {
    switch key {
    case .character(let character): return text + String(character)
    case .backspace: return String(text.dropLast())
    case .control("u"): return ""
    default: return nil
    }
  }

  private mutating func pickerKey(_ key: Key, index: Int, page: PageSnapshot) -> Command {
    let lists = page.chrome.lists
    switch key {
    case .up, .character("k"): mode = .choosingList(max(0, index - 1))
    case .down, .character("j"): mode = .choosingList(min(max(0, lists.count - 1), index + 1))
    case .enter:
      mode = .list
      guard lists.indices.contains(index), let id = UUID(uuidString: lists[index].id) else {
        return Command()
      }
      return Command(actions: [.chooseList(id)])
    case .escape, .character("q"), .character("l"): mode = .list
    default: break
    }
    return Command()
  }

  private mutating func formKey(_ key: Key, form: TuiForm) -> Command {
    var form = form
    switch key {
    case .escape:
      mode = .list
      return Command(actions: [.cancelEdit])
    case .enter, .control("s"):
      guard let fields = form.fields else { return Command() }
      return Command(actions: [form.conflict ? .keepMine(fields) : .saveEdit(fields)])
    case .control("t"):
      guard form.conflict else { return Command() }
      form.fields = nil
      mode = .editing(form)
      return Command(actions: [.useTheirs])
    default:
      if form.edit(with: key) { mode = .editing(form) }
      return Command()
    }
  }
}

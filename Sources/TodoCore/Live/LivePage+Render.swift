import Diffable
import Foundation

// MARK: - The page as a snapshot

extension PageSnapshot {
  /// The outline parent of unfinished todos.
  public static let undoneGroup = "group:undone"
  /// The outline parent of finished todos.
  public static let doneGroup = "group:done"

  /// Renders the page for `state`: the filtered, searched and ordered todos in the chosen
  /// layout, their cells, and the chrome.
  ///
  /// - Complexity: O(n log n) in the number of todos of the list (O(n) in user order).
  public init(_ state: LivePage.State) {
    self.init(listOnly: state)
    chrome = LiveChrome(state)
  }

  /// The list part of the page for `state` (sections, items, cells), with an empty chrome.
  ///
  /// - Complexity: O(n log n) in the number of todos of the list (O(n) in user order).
  init(listOnly state: LivePage.State) {
    self.init()
    guard state.loaded else { return }
    let todos = Self.visibleTodos(state)
    if let view = state.view {
      renderSmart(view, todos, state: state)
      return
    }
    guard state.layout != .plain else {
      self = PageSnapshot(plain: todos, now: state.now, calendar: state.deadlineCalendar)
      return
    }
    let day = AgendaDay(now: state.now, calendar: state.deadlineCalendar)
    for todo in todos {
      cells[todo.id.uuidString] = LiveCell(todo, on: day)
    }
    switch state.layout {
    case .plain:
      break
    case .sectioned:
      var order: [String] = []
      var groups: [String: [String]] = [:]
      for todo in todos {
        let key = todo.section ?? ""
        if groups[key] == nil { order.append(key) }
        groups[key, default: []].append(todo.id.uuidString)
      }
      for key in order {
        let id = "section:" + key
        items.appendSectionsUnchecked([id])
        headers[id] = key.isEmpty ? "No section" : key
        items.appendItemsUnchecked(groups[key] ?? [], to: id)
      }
    case .outline:
      renderOutline(todos, state: state)
    }
  }

  /// The list part of the plain layout: one section, `todos` in order, with their cells.
  init(plain todos: some Sequence<Todo>, now: Date, calendar: Calendar) {
    self.init()
    items.appendSectionsUnchecked(["main"])
    let day = AgendaDay(now: now, calendar: calendar)
    var ids: [String] = []
    for todo in todos {
      let id = todo.id.uuidString
      ids.append(id)
      cells[id] = LiveCell(todo, on: day)
    }
    items.appendItemsUnchecked(ids, to: "main")
  }

  /// The todos the list shows: filtered by status and search text, in user or deadline order.
  static func visibleTodos(_ state: LivePage.State) -> [Todo] {
    let needle = state.search.trimmingCharacters(in: .whitespacesAndNewlines)
    // A smart view shows open todos in deadline order: no status filter, no other order.
    let smart = state.view != nil
    var todos = state.shownTodos.filter { todo in
      switch smart ? .all : state.filter {
      case .all: break
      case .active: if todo.status == .done { return false }
      case .completed: if todo.status != .done { return false }
      }
      guard !needle.isEmpty else { return true }
      return todo.title.localizedCaseInsensitiveContains(needle)
        || todo.notes.localizedCaseInsensitiveContains(needle)
    }
    if state.sortByDeadline, !smart {
      let position = Dictionary(
        uniqueKeysWithValues: todos.enumerated().map { ($0.element.id, $0.offset) })
      todos.sort { lhs, rhs in
        switch (lhs.deadline, rhs.deadline) {
        case (let l?, let r?) where l != r: return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default: return position[lhs.id]! < position[rhs.id]!
        }
      }
    }
    return todos
  }

  /// The list part of a smart view: its todos (already in deadline order), each with its
  /// list's name as detail; Upcoming in one section per day, headed "Tomorrow", then the
  /// day's name ("Wednesday 2 December").
  ///
  /// Today and Upcoming name the day already (the view's title, the section's heading), so a
  /// row adds only its time ("Errands · 09:00"); Overdue says when it was due ("Inbox ·
  /// Yesterday").
  mutating func renderSmart(_ view: SmartView, _ todos: [Todo], state: LivePage.State) {
    let calendar = state.deadlineCalendar
    let day = AgendaDay(now: state.now, calendar: calendar)
    let names = Dictionary(state.lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    for todo in todos {
      var cell = LiveCell(todo, on: day)
      if let name = names[todo.listID] {
        let when = view == .overdue ? cell.detail : todo.deadline?.timeText
        cell.detail = [name, when].compactMap { $0 }.joined(separator: " · ")
      }
      cells[todo.id.uuidString] = cell
    }
    guard view == .upcoming else {
      let id = "view:" + view.rawValue
      items.appendSectionsUnchecked([id])
      items.appendItemsUnchecked(todos.map(\.id.uuidString), to: id)
      return
    }
    var days: [[String]] = Array(repeating: [], count: day.upcoming.count)
    for todo in todos {
      guard let deadline = todo.deadline, let index = day.upcomingDay(deadline) else { continue }
      days[index].append(todo.id.uuidString)
    }
    for (index, ids) in days.enumerated() where !ids.isEmpty {
      let parts = day.upcoming[index]
      let id = String(format: "day:%04d-%02d-%02d", parts[0], parts[1], parts[2])
      items.appendSectionsUnchecked([id])
      headers[id] = index == 0 ? "Tomorrow" : Self.dayName(parts, calendar: calendar)
      items.appendItemsUnchecked(ids, to: id)
    }
  }

  /// A day's name for a section header: "Wednesday 2 December".
  static func dayName(_ parts: [Int], calendar: Calendar) -> String {
    let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)
    guard let date = calendar.date(from: components) else { return "" }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.dateFormat = "EEEE d MMMM"
    return formatter.string(from: date)
  }

  /// Groups `todos` under the "Undone" and "Done" parents of a `SectionSnapshot`.
  mutating func renderOutline(_ todos: [Todo], state: LivePage.State) {
    let undone = todos.filter { $0.status != .done }.map(\.id.uuidString)
    let done = todos.filter { $0.status == .done }.map(\.id.uuidString)
    var outline = SectionSnapshot<String>()
    // Identifiers are unique by construction (UUIDs and two fixed group names).
    try? outline.append([Self.undoneGroup, Self.doneGroup])
    try? outline.append(undone, to: Self.undoneGroup)
    try? outline.append(done, to: Self.doneGroup)
    for group in [Self.undoneGroup, Self.doneGroup] where !state.collapsed.contains(group) {
      try? outline.expand([group])
    }
    items.appendSectionsUnchecked(["outline"])
    try? items.setSectionSnapshot(outline, for: "outline")
    for (group, title, count) in [
      (Self.undoneGroup, "Undone", undone.count), (Self.doneGroup, "Done", done.count),
    ] {
      cells[group] = LiveCell(
        kind: .group, title: title, detail: "\(count)", level: 0,
        expanded: !state.collapsed.contains(group))
    }
    for id in undone + done { cells[id]?.level = 1 }
    let visible = Set(outline.visibleItems)
    cells = cells.filter { visible.contains($0.key) }
  }
}

extension Snapshot where SectionIdentifierType == String, ItemIdentifierType == String {
  /// Appends sections whose identifiers the renderer made unique.
  fileprivate mutating func appendSectionsUnchecked(_ sections: [String]) {
    try? appendSections(sections)
  }

  /// Appends items whose identifiers the renderer made unique.
  fileprivate mutating func appendItemsUnchecked(_ items: [String], to section: String) {
    try? appendItems(items, toSection: section)
  }
}

// MARK: - Cells and chrome

extension LiveCell {
  /// The cell of a todo on `day` (the page's now, in ``LivePage/State/deadlineCalendar``):
  /// its deadline as a label relative to that day ("Tomorrow 09:00",
  /// ``Deadline/label(on:)``), and whether it is overdue then.
  ///
  /// - Complexity: O(1): the day is read from the calendar once per rendering, not per cell.
  init(_ todo: Todo, on day: AgendaDay) {
    self.init(
      kind: .todo, title: todo.title, detail: todo.deadline?.label(on: day),
      overdue: todo.status != .done && (todo.deadline.map(day.isOverdue) ?? false),
      status: todo.status)
  }
}

extension LiveChrome {
  /// The chrome of the page in `state`.
  ///
  /// - Parameter remaining: How many of the list's todos are not done, if already counted
  ///   (``PageRenderer`` counts once for every page showing the same data); counted here
  ///   otherwise.
  init(_ state: LivePage.State, remaining: Int? = nil) {
    self.init()
    loaded = state.loaded
    let me = state.signedIn?.accountID
    lists = state.lists.map {
      ListEntry(
        id: $0.id.uuidString, name: $0.name,
        shared: me != nil && $0.ownerID != me ? true : nil, open: state.openCounts[$0.id] ?? 0)
    }
    if state.loaded { views = Self.views(state) }
    view = state.view
    account = state.signedIn?.name
    inboxID = state.signedIn?.inboxID.uuidString
    listID = state.loaded ? state.listID.uuidString : nil
    filter = state.filter
    search = state.search
    if let entry = state.newEntry, !state.quickDismissed {
      quickDeadline = entry.deadline?.displayText
      quickPhrase = entry.phrase
    }
    let needle = state.search.trimmingCharacters(in: .whitespacesAndNewlines)
    if !needle.isEmpty, PageSnapshot.visibleTodos(state).isEmpty {
      emptyText = "Nothing matches \u{201C}\(needle)\u{201D}."
    } else if state.loaded, let view = state.view, state.shownTodos.isEmpty {
      emptyText =
        switch view {
        case .today: "Nothing due today."
        case .upcoming: "Nothing due in the next 7 days."
        case .overdue: "Nothing overdue."
        }
    }
    layout = state.layout
    sortByDeadline = state.sortByDeadline
    if state.view != nil {
      // A smart view shows open todos only: nothing to clear.
      let left = state.shownTodos.count
      counter = left == 1 ? "1 item left" : "\(left) items left"
      completedCount = 0
    } else {
      let left = remaining ?? state.todos.count { $0.status != .done }
      counter = left == 1 ? "1 item left" : "\(left) items left"
      completedCount = state.todos.count - left
    }
    if let id = state.confirmDelete {
      confirmDelete = id.uuidString
      confirmTitle = state.shownTodo(id)?.title
    }
    if state.confirmClear { confirmClear = completedCount }
    if let id = state.confirmDeleteList {
      confirmDeleteList = state.lists.first { $0.id == id }?.name
    }
    switch state.undo.count {
    case 0: break
    case 1: toast = "Deleted \u{201C}\(state.undo[0].title)\u{201D}"
    case let count: toast = "Cleared \(count) completed todos"
    }
    problem = state.problem
    storeOffline = state.storeUnreachable
    if let editor = state.editor { self.editor = EditorForm(editor) }
  }
}

extension LiveChrome {
  /// The smart views with their counts, from one pass over the agenda.
  ///
  /// - Complexity: O(m) for the m open todos with a deadline the person can read.
  static func views(_ state: LivePage.State) -> [ViewEntry] {
    let day = AgendaDay(now: state.now, calendar: state.deadlineCalendar)
    var today = 0
    var upcoming = 0
    var overdue = 0
    for todo in state.agenda {
      guard let deadline = todo.deadline else { continue }
      if day.isToday(deadline) { today += 1 }
      if day.isOverdue(deadline) { overdue += 1 }
      if day.upcomingDay(deadline) != nil { upcoming += 1 }
    }
    return [
      ViewEntry(id: .today, name: SmartView.today.name, count: today),
      ViewEntry(id: .upcoming, name: SmartView.upcoming.name, count: upcoming),
      ViewEntry(id: .overdue, name: SmartView.overdue.name, count: overdue),
    ]
  }
}

extension LiveChrome.EditorForm {
  /// The sheet's fields from the editor's state.
  init(_ editor: TodoEditor.State) {
    let phase: String =
      switch editor.phase {
      case .loading: "loading"
      case .saving: "saving"
      default: "editing"
      }
    self.init(
      id: editor.todoID.uuidString, phase: phase, title: editor.title, notes: editor.notes,
      deadline: editor.deadline, status: editor.status,
      section: editor.section, problem: editor.problem?.message,
      conflict: editor.problem?.currentVersion != nil)
    version = editor.original?.version ?? Version(0)
    guard let theirs = editor.problem?.theirs, let original = editor.original else { return }
    // What they changed since the sheet opened; after a reload, the draft's base is not
    // known, so every field where their version and the draft differ.
    let base =
      original.version == theirs.version
      ? Self.shown(
        title: editor.title, notes: editor.notes, deadline: Deadline(rawValue: editor.deadline),
        status: editor.status, section: editor.section)
      : Self.shown(original)
    let their = Self.shown(theirs)
    theirChanges = their.indices.filter { base[$0].value != their[$0].value }.map { their[$0] }
  }

  /// A todo's fields as people read them.
  static func shown(_ todo: Todo) -> [LiveChrome.FieldChange] {
    shown(
      title: todo.title, notes: todo.notes, deadline: todo.deadline, status: todo.status,
      section: todo.section ?? "")
  }

  static func shown(
    title: String, notes: String, deadline: Deadline?, status: TodoStatus, section: String
  ) -> [LiveChrome.FieldChange] {
    let statusText =
      switch status {
      case .notStarted: "Not started"
      case .inProgress: "In progress"
      case .done: "Done"
      }
    return [
      .init(field: "title", label: "Title", value: title),
      .init(field: "notes", label: "Notes", value: notes),
      .init(field: "deadline", label: "Deadline", value: deadline?.displayText ?? ""),
      .init(field: "status", label: "Status", value: statusText),
      .init(field: "section", label: "Section", value: section),
    ]
  }
}

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

  /// The list part of the page for `state` (sections, items, cells), with an empty chrome;
  /// only its first rows when the page holds only those (``PageList/Local/rows``).
  ///
  /// - Complexity: O(n log n) in the number of todos of the list (O(n) in user order); a
  ///   plain list without subtasks renders only the rows kept.
  init(listOnly state: LivePage.State) {
    guard let rows = state.list.rows else {
      self.init(allRows: state)
      return
    }
    // A plain list in the person's order: its first shown todos, counted, not copied.
    let todos = state.data.todos
    if state.data.loaded, state.data.view == nil, state.data.query == nil,
      state.list.layout == .plain, state.search.text.isEmpty, !state.list.sortByDeadline,
      !state.list.sortByPriority, !todos.contains(where: { $0.parentID != nil })
    {
      let shown: [Todo]
      let count: Int
      switch state.list.filter {
      case .all:
        shown = Array(todos.prefix(rows))
        count = todos.count
      case .active:
        shown = Array(todos.lazy.filter { $0.status != .done }.prefix(rows))
        count = todos.count { $0.status != .done }
      case .completed:
        shown = Array(todos.lazy.filter { $0.status == .done }.prefix(rows))
        count = todos.count { $0.status == .done }
      }
      self.init(
        plain: shown, now: state.data.now, calendar: state.data.deadlineCalendar,
        names: state.data.assigneeNames)
      counts = [count]
      return
    }
    self = PageSnapshot(allRows: state, cellLimit: rows).clipped(toRows: rows)
  }

  /// The list part of the page for `state` with every row; a query's cells only for its first
  /// `cellLimit` rows (the others are clipped off).
  private init(allRows state: LivePage.State, cellLimit: Int = .max) {
    self.init()
    guard state.data.loaded else { return }
    let todos = Self.visibleTodos(state)
    if let view = state.data.view {
      renderSmart(view, todos, state: state)
      return
    }
    if state.data.query != nil {
      renderQuery(todos, state: state, cellLimit: cellLimit)
      return
    }
    guard state.list.layout != .plain else {
      self = PageSnapshot(
        plain: todos, now: state.data.now, calendar: state.data.deadlineCalendar,
        all: state.data.shownTodos, collapsed: state.list.collapsed,
        names: state.data.assigneeNames)
      return
    }
    let day = AgendaDay(now: state.data.now, calendar: state.data.deadlineCalendar)
    switch state.list.layout {
    case .plain:
      break
    case .sectioned:
      // Subtasks stay under their parent, in the section of the todo at the top of their tree.
      var order: [String] = []
      var groups: [String: [String]] = [:]
      for row in Self.outlineRows(
        todos, all: state.data.shownTodos, collapsed: state.list.collapsed, day: day,
        names: state.data.assigneeNames)
      {
        let key = row.root.section ?? ""
        if groups[key] == nil { order.append(key) }
        groups[key, default: []].append(row.id)
        cells[row.id] = row.cell
      }
      for key in order {
        let id = "section:" + key
        items.appendSectionsUnchecked([id])
        headers[id] = key.isEmpty ? "No section" : key
        items.appendItemsUnchecked(groups[key] ?? [], to: id)
      }
    case .outline:
      let names = state.data.assigneeNames
      for todo in todos {
        cells[todo.id.text] = LiveCell(
          todo, on: day, names: names, parents: state.data.parentTitles)
      }
      renderOutline(todos, state: state)
    }
  }

  /// The list part of the plain layout: one section, `todos` in order as an outline (each
  /// parent followed by its subtasks, unless the person collapsed it), with their cells: a
  /// subtask's level, a parent's disclosure and its progress over `all` of the list's todos.
  init(
    plain todos: [Todo], now: Date, calendar: Calendar, all: [Todo] = [],
    collapsed: Set<String> = [], names: [UUID: String] = [:]
  ) {
    self.init()
    items.appendSectionsUnchecked(["main"])
    let day = AgendaDay(now: now, calendar: calendar)
    var ids: [String] = []
    guard todos.contains(where: { $0.parentID != nil }) else {
      for todo in todos {
        let id = todo.id.text
        ids.append(id)
        cells[id] = LiveCell(todo, on: day, names: names)
      }
      items.appendItemsUnchecked(ids, to: "main")
      return
    }
    for row in Self.outlineRows(todos, all: all, collapsed: collapsed, day: day, names: names) {
      ids.append(row.id)
      cells[row.id] = row.cell
    }
    items.appendItemsUnchecked(ids, to: "main")
  }

  /// The rows of `todos` as an outline, each with its cell: a subtask's level, a parent's
  /// disclosure and its progress over `all` of the list's todos; the rows under a collapsed
  /// parent are left out. Each row carries the todo at the top of its tree (whose section is
  /// the tree's).
  ///
  /// - Complexity: O(n) for n todos.
  static func outlineRows(
    _ todos: [Todo], all: [Todo], collapsed: Set<String>, day: AgendaDay,
    names: [UUID: String] = [:]
  ) -> [(root: Todo, id: String, cell: LiveCell)] {
    let progress = TodoOutline.progress(of: all.isEmpty ? todos : all)
    let rows = TodoOutline(todos).rows
    var result: [(root: Todo, id: String, cell: LiveCell)] = []
    result.reserveCapacity(rows.count)
    var root = rows.first?.todo
    var hidden: Int? = nil  // The level under which rows are hidden by a collapsed parent.
    for (index, row) in rows.enumerated() {
      if row.level == 0 { root = row.todo }
      if let level = hidden, row.level > level { continue }
      hidden = nil
      let id = row.todo.id.text
      var cell = LiveCell(row.todo, on: day, names: names)
      cell.level = row.level
      let hasChildren = index + 1 < rows.count && rows[index + 1].level > row.level
      if hasChildren {
        cell.expanded = !collapsed.contains(id)
        if collapsed.contains(id) { hidden = row.level }
      }
      cell.progress = progress[row.todo.id]?.text
      result.append((root ?? row.todo, id, cell))
    }
    return result
  }

  /// The todos the list shows: filtered by status and search text, in user or deadline order.
  static func visibleTodos(_ state: LivePage.State) -> [Todo] {
    let search = PageSearchText(state.search.text)
    // A smart view shows open todos in deadline order, a query what it asks for in list
    // order: no status filter, no other order.
    let smart = state.data.view != nil || state.data.query != nil
    let filter = smart ? .all : state.list.filter
    // Nothing to leave out: the todos as they are, not copied one by one.
    var todos =
      filter == .all && search.text.isEmpty && search.tags.isEmpty
      ? state.data.shownTodos
      : state.data.shownTodos.filter { todo in
        switch filter {
        case .all: break
        case .active: if todo.status == .done { return false }
        case .completed: if todo.status != .done { return false }
        }
        return search.matches(todo)
      }
    let byPriority = state.list.sortByPriority && !smart
    let byDeadline = state.list.sortByDeadline && !smart
    if byPriority || byDeadline {
      let position = Dictionary(
        uniqueKeysWithValues: todos.enumerated().map { ($0.element.id, $0.offset) })
      todos.sort { lhs, rhs in
        if byPriority, let order = Self.ascending(lhs.priority, rhs.priority) { return order }
        if byDeadline, let order = Self.ascending(lhs.deadline, rhs.deadline) { return order }
        return position[lhs.id]! < position[rhs.id]!
      }
    }
    return todos
  }

  /// Whether `lhs` sorts before `rhs` when they differ, a value before none; `nil` when they
  /// are equal.
  static func ascending<Value: Comparable>(_ lhs: Value?, _ rhs: Value?) -> Bool? {
    switch (lhs, rhs) {
    case (let l?, let r?) where l != r: l < r
    case (.some, nil): true
    case (nil, .some): false
    default: nil
    }
  }

  /// The list part of a smart view: its todos (already in deadline order), each with its
  /// list's name as detail; Upcoming in one section per day, headed "Tomorrow", then the
  /// day's name ("Wednesday 2 December").
  ///
  /// Today and Upcoming name the day already (the view's title, the section's heading), so a
  /// row adds only its time ("Errands · 09:00"); Overdue says when it was due ("Inbox ·
  /// Yesterday").
  mutating func renderSmart(_ view: SmartView, _ todos: [Todo], state: LivePage.State) {
    let calendar = state.data.deadlineCalendar
    let day = AgendaDay(now: state.data.now, calendar: calendar)
    let names = Dictionary(
      state.data.lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    let people = state.data.assigneeNames
    for todo in todos {
      var cell = LiveCell(todo, on: day, names: people, parents: state.data.parentTitles)
      if let name = names[todo.listID] {
        let when = view == .overdue ? cell.detail : todo.deadline?.timeText
        cell.detail = [name, when].compactMap { $0 }.joined(separator: " · ")
      }
      cells[todo.id.text] = cell
    }
    guard view == .upcoming else {
      let id = "view:" + view.rawValue
      items.appendSectionsUnchecked([id])
      items.appendItemsUnchecked(todos.map(\.id.text), to: id)
      return
    }
    var days: [[String]] = Array(repeating: [], count: day.upcoming.count)
    for todo in todos {
      guard let index = day.upcomingDay(of: todo) else { continue }
      days[index].append(todo.id.text)
    }
    for (index, ids) in days.enumerated() where !ids.isEmpty {
      let parts = day.upcoming[index]
      let id = String(format: "day:%04d-%02d-%02d", parts[0], parts[1], parts[2])
      items.appendSectionsUnchecked([id])
      headers[id] = index == 0 ? "Tomorrow" : Self.dayName(parts, calendar: calendar)
      items.appendItemsUnchecked(ids, to: id)
    }
  }

  /// The list part of a query (a saved filter, a tag): its todos in one section per list,
  /// headed by the list's name, in sidebar order; cells for the first `cellLimit` rows.
  mutating func renderQuery(_ todos: [Todo], state: LivePage.State, cellLimit: Int = .max) {
    var left = cellLimit
    let day = AgendaDay(now: state.data.now, calendar: state.data.deadlineCalendar)
    // Each list's todos by their places in `todos`, which are not copied.
    var groups: [UUID: [Int]] = [:]
    for index in todos.indices { groups[todos[index].listID, default: []].append(index) }
    for list in state.data.lists {
      guard let places = groups[list.id] else { continue }
      let section = "list:" + list.id.text
      let ids = places.map { todos[$0].id.text }
      items.appendSectionsUnchecked([section])
      headers[section] = list.name
      items.appendItemsUnchecked(ids, to: section)
      for (place, id) in zip(places, ids).prefix(max(0, left)) {
        cells[id] = LiveCell(
          todos[place], on: day, names: state.data.assigneeNames,
          parents: state.data.parentTitles)
      }
      left -= places.count
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
    let undone = todos.filter { $0.status != .done }.map(\.id.text)
    let done = todos.filter { $0.status == .done }.map(\.id.text)
    var outline = SectionSnapshot<String>()
    // Identifiers are unique by construction (UUIDs and two fixed group names).
    try? outline.append([Self.undoneGroup, Self.doneGroup])
    try? outline.append(undone, to: Self.undoneGroup)
    try? outline.append(done, to: Self.doneGroup)
    for group in [Self.undoneGroup, Self.doneGroup] where !state.list.collapsed.contains(group) {
      try? outline.expand([group])
    }
    items.appendSectionsUnchecked(["outline"])
    try? items.setSectionSnapshot(outline, for: "outline")
    for (group, title, count) in [
      (Self.undoneGroup, "Undone", undone.count), (Self.doneGroup, "Done", done.count),
    ] {
      cells[group] = LiveCell(
        kind: .group, title: title, detail: "\(count)", level: 0,
        expanded: !state.list.collapsed.contains(group))
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

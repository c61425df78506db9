import Foundation

// MARK: - Cells and chrome

extension LiveCell {
  /// The cell of a todo on `day` (the page's now, in ``PageData/deadlineCalendar``):
  /// its deadline as a label relative to that day ("Tomorrow 09:00",
  /// ``Deadline/label(on:)``), and whether it is overdue then.
  ///
  /// - Complexity: O(1): the day is read from the calendar once per rendering, not per cell.
  ///
  /// - Parameters:
  ///   - names: The names of the people todos are assigned to, by account
  ///     (``PageData/assigneeNames``).
  ///   - parents: For a row shown away from its parent, the parents' titles
  ///     (``PageData/parentTitles``); empty where the outline shows the parent.
  init(_ todo: Todo, on day: AgendaDay, names: [UUID: String] = [:], parents: [UUID: String] = [:])
  {
    var detail = todo.deadline?.label(on: day)
    let deferred = todo.isDeferred(on: day)
    if deferred {
      // Greyed, and saying until when: "Starts Friday · due 27 Nov", "Someday".
      let due = detail.map { "due " + $0 }
      let from =
        todo.isSomeday ? "Someday" : todo.start.map { "Starts " + Self.lowered($0.label(on: day)) }
      detail = [from, due].compactMap { $0 }.joined(separator: " · ")
    }
    self.init(
      kind: .todo, title: todo.title, detail: detail,
      overdue: todo.status != .done && (todo.deadline.map(day.isOverdue) ?? false),
      status: todo.status, repeats: todo.recurrence?.label, deferred: deferred ? true : nil,
      priority: todo.priority?.rawValue, tags: todo.tags?.names)
    assignee = todo.assigneeID.flatMap { names[$0] }
    parent = todo.parentID.flatMap { parents[$0] }
  }

  /// "Tomorrow 09:00" inside a phrase: "starts tomorrow 09:00"; names of days and months
  /// keep their capital.
  static func lowered(_ label: String) -> String {
    guard label.hasPrefix("Today") || label.hasPrefix("Tomorrow") || label.hasPrefix("Yesterday")
    else { return label }
    return label.prefix(1).lowercased() + label.dropFirst()
  }
}

extension LiveChrome {
  /// The chrome of the page in `state`.
  ///
  /// - Parameters:
  ///   - remaining: How many of the list's todos are not done, if already counted
  ///     (``PageRenderer`` counts once for every page showing the same data); counted here
  ///     otherwise.
  ///   - filters: The sidebar's saved filters (``filterEntries(_:)``), if already built
  ///     (``PageRenderer`` builds them once for every page of a person); built here otherwise.
  init(_ state: LivePage.State, remaining: Int? = nil, filters: [FilterEntry]? = nil) {
    self.init()
    loaded = state.data.loaded
    let me = state.data.signedIn?.accountID
    lists = state.data.lists.map {
      ListEntry(
        id: $0.id.text, name: $0.name,
        shared: me != nil && $0.ownerID != me ? true : nil, open: state.data.openCounts[$0.id] ?? 0)
    }
    if state.data.loaded { views = Self.views(state) }
    view = state.data.view
    self.filters = filters ?? Self.filterEntries(state.data)
    tags = state.data.tagCounts.map { TagEntry(name: $0.name, count: $0.open) }
    if !state.data.tagColors.isEmpty { tagColors = state.data.tagColors.mapValues(\.rawValue) }
    if let query = state.data.query {
      let saved = query.filterID.flatMap { id in state.data.filters.first { $0.id == id } }
      let tag = query.tag
      let assigned = query.text == ViewsObservation.assignedToMeQuery ? "Assigned to me" : nil
      self.query = QueryEntry(
        text: query.text, title: saved?.name ?? tag.map { "#" + $0 } ?? assigned ?? query.text,
        filterID: query.filterID?.text, tag: tag)
    }
    assignedToMe = state.data.signedIn == nil ? nil : state.data.assignedToMe ?? 0
    if let id = state.sidebar.confirmDeleteFilter {
      confirmDeleteFilter = state.data.filters.first { $0.id == id }?.name
    }
    account = state.data.signedIn?.name
    ack = state.acknowledged > 0 ? state.acknowledged : nil
    inboxID = state.data.signedIn?.inboxID.text
    listID = state.data.loaded ? state.data.listID.text : nil
    filter = state.list.filter
    search = state.search.text
    if let entry = state.list.newEntry {
      let marks = (entry.priority.map { [$0.label] } ?? []) + entry.tags.map { "#" + $0 }
      quickMarks = marks.isEmpty ? nil : marks.joined(separator: " ")
    }
    if let entry = state.list.newEntry, entry.deadline != nil, !state.list.quickDismissed {
      quickDeadline = [entry.deadline?.displayText, entry.recurrence?.label].compactMap { $0 }
        .joined(separator: ", ")
      quickPhrase = entry.phrase
    }
    let needle = state.search.text.trimmingCharacters(in: .whitespacesAndNewlines)
    if !needle.isEmpty, PageSnapshot.visibleTodos(state).isEmpty {
      emptyText = "Nothing matches \u{201C}\(needle)\u{201D}."
    } else if state.data.loaded, let view = state.data.view, state.data.shownTodos.isEmpty {
      emptyText =
        switch view {
        case .today: "Nothing due today."
        case .upcoming: "Nothing due in the next 7 days."
        case .overdue: "Nothing overdue."
        case .someday: "Nothing put aside for some day."
        }
    } else if state.data.loaded, state.data.query != nil, state.data.querySequence > .zero,
      state.data.shownTodos.isEmpty
    {
      emptyText = "Nothing matches this filter."
    }
    layout = state.list.layout
    sortByDeadline = state.list.sortByDeadline
    sortByPriority = state.list.sortByPriority
    if state.data.view != nil || state.data.query != nil {
      // A smart view shows open todos only, a query what it asks for: nothing to clear.
      let left = state.data.shownTodos.count
      // A query may show done todos: it counts todos, not what is left.
      if state.data.query != nil {
        counter = left == 1 ? "1 todo" : "\(left) todos"
      } else {
        counter = left == 1 ? "1 item left" : "\(left) items left"
      }
      completedCount = 0
    } else {
      let left = remaining ?? state.data.todos.count { $0.status != .done }
      counter = left == 1 ? "1 item left" : "\(left) items left"
      completedCount = state.data.todos.count - left
    }
    if let id = state.trash.confirmDelete {
      confirmDelete = id.text
      confirmTitle = state.data.shownTodo(id)?.title
    }
    if state.trash.confirmClear {
      confirmClear = completedCount
      // The open subtasks of done parents go to the trash with them.
      let done = state.data.todos.filter { $0.status == .done }
      let taken = Set(done.map(\.id))
      let open = done.flatMap { TodoOutline.subtree(of: $0.id, in: state.data.todos) }
        .filter { $0.status != .done && !taken.contains($0.id) }
      confirmClearSubtasks = Set(open.map(\.id)).count
      if confirmClearSubtasks == 0 { confirmClearSubtasks = nil }
    }
    if let id = state.list.confirmComplete, let todo = state.data.shownTodo(id) {
      confirmComplete = ConfirmComplete(
        id: id.text, title: todo.title,
        open: TodoOutline.subtree(of: id, in: state.data.shownTodos).count { $0.status != .done })
    }
    if let id = state.trash.confirmDeleteList {
      confirmDeleteList = state.data.lists.first { $0.id == id }?.name
    }
    switch state.trash.undo.count {
    case 0: break
    case 1: toast = "Deleted \u{201C}\(state.trash.undo[0].title)\u{201D}"
    case let count: toast = "Cleared \(count) completed todos"
    }
    problem = state.problem
    storeOffline = state.storeUnreachable
    if !state.reminders.ringing.isEmpty {
      let day = AgendaDay(now: state.data.now, calendar: state.data.deadlineCalendar)
      reminders = state.reminders.ringing.map { ReminderNotice($0, on: day) }
    }
    if let editor = state.editor.sheet {
      self.editor = EditorForm(
        editor, calendar: state.data.deadlineCalendar, now: state.data.now)
      let listID = editor.original?.listID
      let members = listID.flatMap { state.data.members[$0] } ?? []
      self.editor?.members = members.map {
        MemberEntry(id: $0.accountID.text, name: $0.name)
      }
      if let change = Self.assigneeChange(editor, members: members) {
        self.editor?.theirChanges.append(change)
      }
    }
  }
}

extension LiveChrome {
  /// After a conflict, the assignee the other side set, when it differs from the draft's base
  /// (the draft's own when the sheet opened on their version's predecessor, else the stored
  /// one): by the member's name, "Nobody" for none.
  static func assigneeChange(_ editor: TodoEditor.State, members: [ListMember]) -> FieldChange? {
    guard let theirs = editor.problem?.theirs, let original = editor.original else { return nil }
    let base =
      original.version == theirs.version
      ? UUID(uuidString: editor.assignee) : original.assigneeID
    guard base != theirs.assigneeID else { return nil }
    let name =
      theirs.assigneeID.map { id in members.first { $0.accountID == id }?.name ?? "someone" }
      ?? "Nobody"
    return FieldChange(field: "assignee", label: "Assignee", value: name)
  }
}

extension LiveChrome.ReminderNotice {
  /// The notice of a ringing reminder, its deadline read on `day`.
  init(_ reminder: RingingReminder, on day: AgendaDay) {
    let due = reminder.deadline.map { "Due " + LiveCell.lowered($0.label(on: day)) }
    let detail = [due, reminder.late ? "late" : nil].compactMap { $0 }.joined(separator: " · ")
    self.init(
      id: reminder.id.text, title: reminder.title, detail: detail.isEmpty ? nil : detail,
      since: reminder.since.formatted(.iso8601))
  }

}

extension LiveChrome {
  /// The smart views with their counts, from one pass over the agenda.
  ///
  /// - Complexity: O(m) for the m open todos with a date (or put aside) the person can read.
  /// The sidebar's saved filters, with their counts.
  static func filterEntries(_ data: PageData) -> [FilterEntry] {
    data.filters.map {
      FilterEntry(id: $0.id.text, name: $0.name, query: $0.query, count: data.filterCounts[$0.id])
    }
  }

  static func views(_ state: LivePage.State) -> [ViewEntry] {
    let day = AgendaDay(now: state.data.now, calendar: state.data.deadlineCalendar)
    var today = 0
    var upcoming = 0
    var overdue = 0
    var someday = 0
    for todo in state.data.agenda {
      if day.shows(todo, in: .today) { today += 1 }
      if day.shows(todo, in: .overdue) { overdue += 1 }
      if day.shows(todo, in: .upcoming) { upcoming += 1 }
      if todo.isSomeday { someday += 1 }
    }
    return [
      ViewEntry(id: .today, name: SmartView.today.name, count: today),
      ViewEntry(id: .upcoming, name: SmartView.upcoming.name, count: upcoming),
      ViewEntry(id: .overdue, name: SmartView.overdue.name, count: overdue),
      ViewEntry(id: .someday, name: SmartView.someday.name, count: someday),
    ]
  }
}

extension LiveChrome.EditorForm {
  /// The sheet's fields from the editor's state; dates of its history are days of
  /// `calendar`.
  init(_ editor: TodoEditor.State, calendar: Calendar, now: Date) {
    let phase: String =
      switch editor.phase {
      case .loading: "loading"
      case .saving: "saving"
      default: "editing"
      }
    self.init(
      id: editor.todoID.text, phase: phase, title: editor.title, notes: editor.notes,
      deadline: editor.deadline, status: editor.status,
      section: editor.section, problem: editor.problem?.message,
      conflict: editor.problem?.currentVersion != nil)
    version = editor.original?.version ?? Version(0)
    `repeat` = editor.repeatText
    afterCompletion = editor.afterCompletion
    start = editor.start
    someday = editor.someday
    priority = editor.priority
    tags = editor.tags
    assignee = editor.assignee
    repeats = editor.original?.recurrence != nil
    reminders = editor.reminders.map {
      LiveChrome.ReminderEntry(
        id: $0.id.text, label: $0.trigger.label(relativeTo: now, in: calendar))
    }
    changedOccurrences = editor.history?.changed.map(\.text) ?? []
    if let history = editor.history, history.count > 0 {
      let times = history.count == 1 ? "once" : "\(history.count) times"
      let last = history.last.map { date in
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = day.year, let month = day.month, let dayOfMonth = day.day,
          (1...12).contains(month)
        else { return "" }
        return ", last on \(dayOfMonth) \(Deadline.shortMonths[month - 1]) \(year)"
      }
      self.history = "Done \(times)" + (last ?? "")
    }
    guard let theirs = editor.problem?.theirs, let original = editor.original else { return }
    // What they changed since the sheet opened; after a reload, the draft's base is not
    // known, so every field where their version and the draft differ.
    let base =
      original.version == theirs.version
      ? Self.shown(
        title: editor.title, notes: editor.notes, deadline: Deadline(rawValue: editor.deadline),
        start: editor.someday ? "Someday" : Deadline(rawValue: editor.start)?.displayText ?? "",
        status: editor.status, section: editor.section,
        repeat: editor.repeatChanged(from: original)
          ? editor.repeatText + (editor.afterCompletion ? " after done" : "")
          : Self.repeatText(original),
        priority: Priority(rawValue: Int(editor.priority) ?? 0)?.label ?? "",
        tags: editor.tagsChanged(from: original) == false
          ? Self.tagsText(original) : editor.tags)
      : Self.shown(original)
    let their = Self.shown(theirs)
    theirChanges = their.indices.filter { base[$0].value != their[$0].value }.map { their[$0] }
  }

  /// A todo's fields as people read them.
  static func shown(_ todo: Todo) -> [LiveChrome.FieldChange] {
    shown(
      title: todo.title, notes: todo.notes, deadline: todo.deadline,
      start: todo.isSomeday ? "Someday" : todo.start?.displayText ?? "", status: todo.status,
      section: todo.section ?? "", repeat: repeatText(todo),
      priority: todo.priority?.label ?? "", tags: tagsText(todo))
  }

  /// A todo's tags as people read them: `#work #errands`.
  static func tagsText(_ todo: Todo) -> String {
    todo.tagNames.map { "#" + $0 }.joined(separator: " ")
  }

  /// How a todo repeats, as the sheet's field shows it.
  static func repeatText(_ todo: Todo) -> String {
    guard let recurrence = todo.recurrence else { return "" }
    return recurrence.editText + (recurrence.mode == .afterCompletion ? " after done" : "")
  }

  static func shown(
    title: String, notes: String, deadline: Deadline?, start: String, status: TodoStatus,
    section: String, repeat: String, priority: String, tags: String
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
      .init(field: "start", label: "Start", value: start),
      .init(field: "status", label: "Status", value: statusText),
      .init(field: "section", label: "Section", value: section),
      .init(field: "repeat", label: "Repeat", value: `repeat`),
      .init(field: "priority", label: "Priority", value: priority),
      .init(field: "tags", label: "Tags", value: tags),
    ]
  }
}

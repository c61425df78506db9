import Foundation

/// A partial change to a todo: each property that is not `nil` is changed.
///
/// Optional fields of a todo use a double optional: `deadline: .some(nil)` removes the
/// deadline, `deadline: nil` leaves it alone. The helpers ``clearingDeadline()`` and
/// ``clearingSection()`` say it in words.
///
/// ```swift
/// let patch = TodoPatch(title: "Buy oat milk", status: .inProgress)
/// try await service.updateTodo(id: todo.id, patch, expectedVersion: todo.version)
/// ```
public struct TodoPatch: Sendable, Hashable {
  /// A new title (validated and trimmed).
  public var title: String?
  /// New notes.
  public var notes: String?
  /// A new deadline; `.some(nil)` removes it.
  public var deadline: Deadline??
  /// A new status; moving to `.done` records when, leaving `.done` forgets it.
  public var status: TodoStatus?
  /// A new section heading; `.some(nil)` or blank removes it.
  public var section: String??
  /// Another list to move the todo to (it goes to the bottom there).
  public var listID: UUID?
  /// A new integer order a client sorts by (``Todo/externalOrder``); `.some(nil)` removes it.
  public var externalOrder: Int??
  /// When a done todo was done, as a client that records it says (a calendar's `COMPLETED`);
  /// without it, a todo that becomes done is done at the time of the change.
  public var doneAt: Date?
  /// A new way to repeat; `.some(nil)` stops the repeating.
  public var recurrence: Recurrence??
  /// A new start date; `.some(nil)` removes it (the todo is available now).
  public var start: Deadline??
  /// Put aside for some day, or back (``Todo/someday``).
  public var someday: Bool?
  /// A new priority; `.some(nil)` removes it.
  public var priority: Priority??
  /// The todo's tags from now on (validated); `[]` removes them all.
  public var tags: [String]?
  /// A new parent, making it a subtask of that todo (in the same list, not in its own
  /// subtree); `.some(nil)` makes it a top-level todo.
  public var parentID: UUID??
  /// A new assignee, a member of the todo's list; `.some(nil)` unassigns it.
  public var assigneeID: UUID??
  /// When the change marks a parent done: `true` marks its open subtasks done with it, `false`
  /// (the default) keeps them open. The page asks which.
  public var completingSubtasks = false

  /// Creates a patch.
  public init(
    title: String? = nil, notes: String? = nil, deadline: Deadline?? = nil,
    status: TodoStatus? = nil, section: String?? = nil, listID: UUID? = nil,
    externalOrder: Int?? = nil, doneAt: Date? = nil, recurrence: Recurrence?? = nil,
    start: Deadline?? = nil, someday: Bool? = nil, priority: Priority?? = nil,
    tags: [String]? = nil, parentID: UUID?? = nil, assigneeID: UUID?? = nil,
    completingSubtasks: Bool = false
  ) {
    self.title = title
    self.notes = notes
    self.deadline = deadline
    self.status = status
    self.section = section
    self.listID = listID
    self.externalOrder = externalOrder
    self.doneAt = doneAt
    self.recurrence = recurrence
    self.start = start
    self.someday = someday
    self.priority = priority
    self.tags = tags
    self.parentID = parentID
    self.assigneeID = assigneeID
    self.completingSubtasks = completingSubtasks
  }

  /// This patch, also removing the deadline.
  public func clearingDeadline() -> TodoPatch {
    var patch = self
    patch.deadline = .some(nil)
    return patch
  }

  /// This patch, also removing the section.
  public func clearingSection() -> TodoPatch {
    var patch = self
    patch.section = .some(nil)
    return patch
  }

  /// Whether the patch changes nothing.
  public var isEmpty: Bool {
    title == nil && notes == nil && deadline == nil && status == nil && section == nil
      && listID == nil && externalOrder == nil && doneAt == nil && recurrence == nil
      && start == nil && someday == nil && priority == nil && tags == nil && parentID == nil
      && assigneeID == nil
  }
}

extension TodoPatch {
  /// The patch that turns `original` into `edited`: the fields an edit session changed.
  public init(from original: Todo, to edited: Todo) {
    self.init()
    if edited.title != original.title { title = edited.title }
    if edited.notes != original.notes { notes = edited.notes }
    if edited.deadline != original.deadline { deadline = .some(edited.deadline) }
    if edited.status != original.status { status = edited.status }
    if edited.section != original.section { section = .some(edited.section) }
    if edited.listID != original.listID { listID = edited.listID }
    if edited.externalOrder != original.externalOrder {
      externalOrder = .some(edited.externalOrder)
    }
    if edited.recurrence != original.recurrence { recurrence = .some(edited.recurrence) }
    if edited.start != original.start { start = .some(edited.start) }
    if edited.isSomeday != original.isSomeday { someday = edited.isSomeday }
    if edited.priority != original.priority { priority = .some(edited.priority) }
    if edited.tagNames != original.tagNames { tags = edited.tagNames }
    if edited.parentID != original.parentID { parentID = .some(edited.parentID) }
    if edited.assigneeID != original.assigneeID { assigneeID = .some(edited.assigneeID) }
  }
}

extension Todo {
  /// This todo with the fields `patch` names changed, under the rules every change follows:
  /// text validated and trimmed, `doneAt` set when it becomes done (to the patch's `doneAt`,
  /// else `date`) and cleared when it stops being done, `updatedAt` set to `date`. Its version is the one it was read at, which the
  /// write then checks.
  ///
  /// Every way of changing a todo (the API, the page, the command line, CalDAV, an edit
  /// session) applies its change with this, so a rule is written once.
  ///
  /// ```swift
  /// let done = try todo.applying(TodoPatch(status: .done), at: now)
  /// done.doneAt  // now
  /// ```
  ///
  /// - Throws: `TodoError.invalidText` or `TodoError.validation` for a title, notes, section,
  ///   repeat rule or tag the rules refuse; nothing is changed.
  public func applying(_ patch: TodoPatch, at date: Date) throws -> Todo {
    var todo = self
    if let title = patch.title { todo.title = try TodoValidation.title(title) }
    if let notes = patch.notes { todo.notes = try TodoValidation.notes(notes) }
    if let section = patch.section { todo.section = try TodoValidation.section(section) }
    if let deadline = patch.deadline { todo.deadline = deadline }
    if let externalOrder = patch.externalOrder { todo.externalOrder = externalOrder }
    if let recurrence = patch.recurrence { todo.recurrence = recurrence }
    if patch.recurrence != nil || patch.deadline != nil {
      try TodoValidation.recurrence(todo.recurrence, due: todo.deadline, now: date)
    }
    // A start date and Someday exclude each other: the one the patch sets wins.
    if let start = patch.start {
      todo.start = start
      if start != nil { todo.isSomeday = false }
    }
    if let someday = patch.someday {
      todo.isSomeday = someday
      if someday { todo.start = nil }
    }
    if patch.start != nil || patch.deadline != nil {
      try TodoValidation.start(todo.start, deadline: todo.deadline)
    }
    if let status = patch.status, status != todo.status {
      todo.status = status
      todo.doneAt = status == .done ? patch.doneAt ?? date : nil
    } else if todo.status == .done, let doneAt = patch.doneAt {
      todo.doneAt = doneAt
    }
    if let priority = patch.priority { todo.priority = priority }
    if let tags = patch.tags { todo.tagNames = try TodoValidation.tags(tags) }
    if let listID = patch.listID, listID != todo.listID {
      // A subtask moved to another list alone leaves its parent behind.
      todo.listID = listID
      if patch.parentID == nil { todo.parentID = nil }
    }
    if let parentID = patch.parentID { todo.parentID = parentID }
    if let assigneeID = patch.assigneeID { todo.assigneeID = assigneeID }
    if !patch.isEmpty { todo.updatedAt = date }
    return todo
  }
}

import Foundation
import Persistence

// MARK: - Reading and writing todos

extension TodoService {
  /// The live todos of a live list in user order, optionally only those with `status`.
  ///
  /// - Throws: `TodoError.notFound` if the list is unknown or trashed.
  /// - Complexity: One read transaction: the list by identifier, then its todos from the index.
  public func todos(inList listID: UUID, status: TodoStatus? = nil) async throws -> [Todo] {
    try await read { tx in
      _ = try self.liveList(id: listID, need: .read, in: tx)
      return try tx.fetch(Self.liveTodos(inList: listID, status: status))
    }
  }

  /// ``todos(inList:status:)`` as the JSON array the API answers with: the todos' own JSON
  /// (``Todo/encode(to:)``), written straight from the rows the store reads.
  ///
  /// - Throws: `TodoError.notFound` if the list is unknown or trashed.
  /// - Complexity: One read transaction, as ``todos(inList:status:)``, with no ``Todo`` made.
  public func todosJSON(inList listID: UUID, status: TodoStatus? = nil) async throws -> [UInt8] {
    try await read { tx in
      _ = try self.liveList(id: listID, need: .read, in: tx)
      return try TodoJSON.array(Self.liveTodos(inList: listID, status: status), in: tx)
    }
  }

  /// The live todo with this identifier.
  ///
  /// - Throws: `TodoError.notFound(entity: "todo", …)` if there is none or it is trashed.
  public func todo(id: UUID) async throws -> Todo {
    try await read { tx in try self.liveTodo(id: id, need: .read, in: tx) }
  }

  /// Validates a draft and stores it as a new todo (version 1).
  ///
  /// - Returns: The stored todo.
  /// - Throws: `TodoError.invalidText` (a control character in the title, notes or
  ///   section), `TodoError.validation` (title, notes, section) or `TodoError.notFound` (list,
  ///   or the todo named by the position).
  public func createTodo(_ draft: NewTodo) async throws -> Todo {
    let title = try TodoValidation.title(draft.title)
    let notes = try TodoValidation.notes(draft.notes)
    let section = try TodoValidation.section(draft.section)
    let tags = try TodoValidation.tags(draft.tags)
    try TodoValidation.recurrence(draft.recurrence, due: draft.deadline, now: now())
    try TodoValidation.start(draft.start, deadline: draft.deadline)
    try TodoValidation.wallTime(draft.deadline, field: "deadline", in: timeZone)
    try TodoValidation.wallTime(draft.start, field: "start", in: timeZone)
    return try await write { tx in
      // The principal's Inbox is known inside the transaction that checked its token; a
      // subtask goes to its parent's list.
      let parentList = try draft.parentID.flatMap { try tx.object(Todo.self, id: $0) }?.listID
      let listID = draft.listID ?? parentList ?? self.inboxID
      _ = try self.liveList(id: listID, need: .edit, in: tx)
      if let id = draft.id, let existing = try tx.object(Todo.self, id: id) {
        // Created already, by an earlier try of the same request.
        guard existing.listID == listID, existing.deletedAt == nil else {
          throw TodoError.validation(field: "id", message: "another todo has this identifier")
        }
        return existing
      }
      try Self.checkAnchor(of: draft.position, moving: nil, inList: listID, in: tx)
      let date = self.now()
      let todo = Todo(
        id: draft.id ?? UUID(), listID: listID, title: title, notes: notes,
        deadline: draft.deadline,
        status: draft.status, doneAt: draft.status == .done ? date : nil, section: section,
        order: try OrderKey.between(nil, nil), externalOrder: draft.externalOrder, createdAt: date,
        updatedAt: date, recurrence: draft.recurrence, start: draft.start,
        someday: draft.start == nil && draft.someday, priority: draft.priority, tags: tags,
        parentID: draft.parentID, assigneeID: draft.assigneeID)
      try Self.checkParent(of: todo, in: tx)
      try Self.checkAssignee(of: todo, in: tx)
      return try tx.insert(todo, at: draft.position)
    }
  }

  /// Changes the fields a patch names. The version grows by one.
  ///
  /// - Parameters:
  ///   - id: The live todo to change.
  ///   - patch: The changes; an empty patch changes nothing and returns the todo.
  ///   - expectedVersion: The version the client read, if it sent one (an `If-Match` header,
  ///     a `version` field); a different current version is a conflict.
  /// - Throws: `TodoError.versionConflict`, `TodoError.invalidText`, `TodoError.validation` or
  ///   `TodoError.notFound`.
  public func updateTodo(id: UUID, _ patch: TodoPatch, expectedVersion: Version? = nil)
    async throws -> Todo
  {
    try await write { tx in
      let stored = try self.liveTodo(
        id: id, need: patch.isEmpty ? .read : .edit, at: expectedVersion, in: tx)
      if patch.isEmpty { return stored }
      let date = self.now()
      let todo = try stored.applying(patch, at: date)
      try self.checkWallTimes(of: todo, changedBy: patch)
      return try self.write(
        todo, from: stored, at: date, in: tx, completingSubtasks: patch.completingSubtasks)
    }
  }

  /// Writes a live todo changed by a patch (``Todo/applying(_:at:)``) with what the change
  /// implies: a repeating todo marked done moves on to its next occurrence (and reopens its
  /// subtasks), a todo moved to another list goes to its bottom with its subtasks and leaves
  /// a tombstone for the old list's calendar clients, a new parent is checked. Every way of
  /// changing a todo ends here, in its write transaction.
  ///
  /// - Parameters:
  ///   - edited: The todo with the patch applied, at the version it was read.
  ///   - stored: The todo as it was before the patch.
  ///   - date: The time of the change.
  ///   - isWritten: Whether `edited` is already written in this transaction (an edit
  ///     session's draft, which its context saved): only what it implies is written then.
  ///   - completingSubtasks: Whether a todo marked done marks its open subtasks done too.
  ///   - reopeningSubtasks: Whether its done subtasks reopen (its parent repeated).
  ///   - keepingPlace: Whether a todo moved to another list keeps its order key (a subtask
  ///     moving with its parent: its key counts among its siblings).
  /// - Returns: The todo as stored.
  func write(
    _ edited: Todo, from stored: Todo, at date: Date, in tx: WriteTransaction,
    isWritten: Bool = false, completingSubtasks: Bool = false, reopeningSubtasks: Bool = false,
    keepingPlace: Bool = false
  ) throws -> Todo {
    var todo = edited
    var needsWrite = !isWritten
    if todo.priority != stored.priority || todo.tagNames != stored.tagNames {
      try dropStalePriorityAndTags(of: todo, in: tx)
    }
    var repeated = false
    if todo.status != stored.status, try completeRecurring(&todo, at: date, in: tx) {
      needsWrite = true
      repeated = true
    }
    let moved = todo.listID != stored.listID
    if moved || todo.parentID != stored.parentID {
      try Self.checkParent(of: todo, in: tx)
      try dropStaleParentLines(of: todo, in: tx)
    }
    if todo.assigneeID != stored.assigneeID {
      try Self.checkAssignee(of: todo, in: tx)
    } else if moved, try !Self.isMember(todo.assigneeID, of: todo.listID, in: tx) {
      // Moved to a list its assignee is not a member of: nobody's there.
      todo.assigneeID = nil
      needsWrite = true
    }
    let written: Todo
    if !moved && todo.parentID != stored.parentID {
      // A new parent takes it at the end of its subtasks.
      written = try tx.update(try tx.placing(todo, at: .bottom), from: stored)
    } else if !moved {
      written = needsWrite ? try tx.update(todo, from: stored) : todo
    } else {
      _ = try liveList(id: todo.listID, need: .edit, in: tx)
      try Self.recordDeparture(of: [stored], in: tx, at: date)
      written = try tx.update(keepingPlace ? todo : try tx.placing(todo, at: .bottom), from: stored)
    }
    try writeSubtasks(
      of: written, movingFrom: moved ? stored.listID : nil,
      completing: completingSubtasks && written.status == .done && stored.status != .done,
      reopening: repeated || reopeningSubtasks, at: date, in: tx)
    return written
  }

  /// Moves a live todo before or after another todo of its list, or to the top or bottom of
  /// its siblings. Next to a todo of another level, it becomes that todo's sibling (its
  /// subtasks come along). One row is written (a window of the list's rows, rarely, when its
  /// keys need rebalancing).
  ///
  /// - Throws: `TodoError.notFound` (the todo, or the one named by the position in the same
  ///   list), `TodoError.validation` (next to itself, or into its own subtree),
  ///   `TodoError.versionConflict`.
  public func moveTodo(id: UUID, to position: MovePosition, expectedVersion: Version? = nil)
    async throws -> Todo
  {
    try await write { tx in
      let stored = try self.liveTodo(id: id, need: .edit, at: expectedVersion, in: tx)
      var todo = stored
      try Self.checkAnchor(of: position, moving: id, inList: todo.listID, in: tx)
      switch position {
      case .before(let anchor), .after(let anchor):
        let parentID = try tx.object(Todo.self, id: anchor)?.parentID
        if parentID != todo.parentID {
          todo.parentID = parentID
          try Self.checkParent(of: todo, in: tx)
          try self.dropStaleParentLines(of: todo, in: tx)
        }
      case .top, .bottom:
        break
      }
      todo.updatedAt = self.now()
      return try tx.update(
        try Self.fittingSortOrder(of: try tx.placing(todo, at: position), in: tx), from: stored)
    }
  }

  // MARK: - Helpers

  /// Checks that the times a person's change sets exist in their time zone (not in the hour
  /// the clocks skip). A calendar client's dates are its own, and are not checked.
  func checkWallTimes(of todo: Todo, changedBy patch: TodoPatch) throws {
    if patch.deadline != nil {
      try TodoValidation.wallTime(todo.deadline, field: "deadline", in: timeZone)
    }
    if patch.start != nil {
      try TodoValidation.wallTime(todo.start, field: "start", in: timeZone)
    }
  }

  /// The live todos of a list in user order, as one indexed query.
  static func liveTodos(inList listID: UUID, status: TodoStatus? = nil) -> FetchRequest<Todo> {
    var filter = Todo.listIDAttribute == listID && Todo.deletedAtAttribute.isNil
    if let status { filter = filter && Todo.statusAttribute == status }
    return FetchRequest(filter: filter, sortedBy: [Todo.orderAttribute.ascending])
  }

  /// Checks that a position names a live todo of the list other than the one moving.
  static func checkAnchor(
    of position: MovePosition, moving id: UUID?, inList listID: UUID, in tx: ReadTransaction
  ) throws {
    try checkAnchor(of: position, moving: id, entity: "todo", in: tx) { (todo: Todo) in
      !todo.isTrashed && todo.listID == listID
    }
  }

  /// Checks that a position names an object other than the one moving that `isValid`
  /// accepts (a live sibling).
  ///
  /// - Throws: `TodoError.validation` for the moving object itself, `TodoError.notFound` for
  ///   an unknown or unacceptable anchor.
  static func checkAnchor<Root: Entity>(
    of position: MovePosition, moving id: UUID?, entity: String, in tx: ReadTransaction,
    isValid: (Root) -> Bool
  ) throws {
    switch position {
    case .top, .bottom:
      return
    case .before(let anchor), .after(let anchor):
      if anchor == id {
        throw TodoError.validation(
          field: "position", message: "a \(entity) cannot be moved next to itself")
      }
      guard let found = try tx.object(Root.self, id: anchor), isValid(found) else {
        throw TodoError.notFound(entity: entity, id: anchor.uuidString)
      }
    }
  }

  static func liveTodo(id: UUID, in tx: ReadTransaction) throws -> Todo {
    guard let todo = try tx.object(Todo.self, id: id), !todo.isTrashed else {
      throw TodoError.notFound(entity: "todo", id: id.uuidString)
    }
    return todo
  }
}

import Foundation
import Persistence

/// What is in the trash: trashed lists and trashed todos, most recently trashed first.
public struct TrashContents: Sendable, Hashable, Codable {
  /// Trashed lists (their todos come back with them).
  public var lists: [TodoList]
  /// Trashed todos, including those of trashed lists.
  public var todos: [Todo]
}

// MARK: - Trash

extension TodoService {
  /// Moves a live todo to the trash, with its subtasks. It keeps its place and comes back
  /// there, with them, on restore.
  ///
  /// - Throws: `TodoError.notFound`, `TodoError.versionConflict`.
  @discardableResult
  public func trashTodo(id: UUID, expectedVersion: Version? = nil) async throws -> Todo {
    try await write { tx in
      let todo = try self.liveTodo(id: id, need: .edit, at: expectedVersion, in: tx)
      return try Self.trash([todo], at: self.now(), in: tx)[0]
    }
  }

  /// Moves the live todos of a list to the trash, all of them or only those with `status`
  /// ("Clear completed" passes `.done`; Todo-Backend's `DELETE /todos` passes `nil`).
  ///
  /// - Returns: The trashed todos.
  /// - Throws: `TodoError.notFound` if the list is unknown or trashed.
  @discardableResult
  public func trashTodos(inList listID: UUID, status: TodoStatus? = nil) async throws -> [Todo] {
    try await write { tx in
      _ = try self.liveList(id: listID, need: .edit, in: tx)
      return try Self.trash(
        tx.fetch(Self.liveTodos(inList: listID, status: status)), at: self.now(), in: tx)
    }
  }

  /// Moves live todos to the trash with their live subtasks, all at `date`: what a restore
  /// brings back together.
  ///
  /// - Returns: The trashed todos, `todos` first, then the subtasks they took along.
  static func trash(_ todos: [Todo], at date: Date, in tx: WriteTransaction) throws -> [Todo] {
    let ids = Set(todos.map(\.id))
    let subtasks = try liveDescendants(of: todos.map(\.id), in: tx).filter { !ids.contains($0.id) }
    return try (todos + subtasks).map { todo in
      var todo = todo
      todo.deletedAt = date
      return try tx.update(todo)
    }
  }

  /// What is in the trash. With a principal, the trashed lists it owns and the trashed todos
  /// of the lists it may edit.
  ///
  /// - Complexity: Two queries (three with a principal).
  public func trash() async throws -> TrashContents {
    try await read { tx in
      let (lists, todos) = try self.trashed(in: tx)
      return TrashContents(
        lists: lists.sorted { ($0.deletedAt ?? .distantPast) > ($1.deletedAt ?? .distantPast) },
        todos: todos.sorted { ($0.deletedAt ?? .distantPast) > ($1.deletedAt ?? .distantPast) })
    }
  }

  /// The trashed lists the principal owns, and the todos in the trash it may restore (the
  /// trashed todos of lists it may edit), or with `owned`, delete for good (those of lists
  /// it owns); all todos of its trashed lists either way.
  private func trashed(in tx: ReadTransaction, owned: Bool = false) throws
    -> (lists: [TodoList], todos: [Todo])
  {
    var lists = try tx.fetch(
      FetchRequest(
        filter: TodoList.deletedAtAttribute.isNotNil,
        sortedBy: [TodoList.deletedAtAttribute.descending]))
    var editable: Set<UUID>? = nil
    if let principal {
      lists = lists.filter { $0.ownerID == principal.accountID }
      let shared =
        owned
        ? []
        : try tx.fetch(
          FetchRequest(
            filter: ListShare.accountIDAttribute == principal.accountID
              && ListShare.roleAttribute == ShareRole.editor)
        ).map(\.listID)
      let own = try tx.fetch(
        FetchRequest(filter: TodoList.ownerIDAttribute == principal.accountID)
      ).map(\.id)
      editable = Set(own).union(shared)
    }
    let trashedListIDs = Set(lists.map(\.id))
    var filter =
      Todo.deletedAtAttribute.isNotNil || Todo.listIDAttribute.isIn(trashedListIDs)
    if let editable { filter = filter && Todo.listIDAttribute.isIn(editable) }
    let todos = try tx.fetch(
      FetchRequest(filter: filter, sortedBy: [Todo.deletedAtAttribute.descending]))
    return (lists, todos)
  }

  /// Brings a todo back from the trash to its old place. If its list is trashed too, the list
  /// comes back as well. Restoring a todo that is not in the trash changes nothing and
  /// returns it as it is, so a repeated undo is harmless.
  ///
  /// - Throws: `TodoError.notFound` if no todo has this identifier.
  @discardableResult
  public func restoreTodo(id: UUID) async throws -> Todo {
    try await write { tx in try self.restoreTodo(id: id, in: tx) }
  }

  /// Brings several todos back from the trash in one transaction, as ``restoreTodo(id:)``
  /// does each: all of them, or none if one is unknown. The undo of "Clear completed".
  ///
  /// - Returns: The todos as restored, in the order of `ids`.
  /// - Throws: `TodoError.notFound` if an identifier names no todo.
  @discardableResult
  public func restoreTodos(ids: [UUID]) async throws -> [Todo] {
    try await write { tx in
      // Parents before their subtasks, so each subtask comes back under its parent.
      var restored: [UUID: Todo] = [:]
      var pending = ids
      while !pending.isEmpty {
        let waiting = Set(pending)
        let ready = try pending.filter { id in
          try tx.object(Todo.self, id: id)?.parentID.map { !waiting.contains($0) } ?? true
        }
        for id in ready.isEmpty ? pending : ready {
          restored[id] = try self.restoreTodo(id: id, in: tx)
        }
        pending = ready.isEmpty ? [] : pending.filter { restored[$0] == nil }
      }
      return ids.map { restored[$0]! }
    }
  }

  private func restoreTodo(id: UUID, in tx: WriteTransaction) throws -> Todo {
    guard var todo = try tx.object(Todo.self, id: id),
      let list = try tx.object(TodoList.self, id: todo.listID),
      try access(to: list, in: tx) != nil
    else {
      throw TodoError.notFound(entity: "trashed todo", id: id.uuidString)
    }
    if list.isTrashed {
      try check(.own, list, in: tx)
      _ = try restore(list, in: tx)
    } else {
      try check(.edit, list, in: tx)
    }
    guard let trashedAt = todo.deletedAt else { return todo }
    let date = now()
    // A subtask whose parent stays in the trash comes back at the top level.
    if let parentID = todo.parentID,
      try tx.object(Todo.self, id: parentID).map({ $0.isTrashed || $0.listID != todo.listID })
        ?? true
    {
      todo.parentID = nil
    }
    todo.deletedAt = nil
    todo.updatedAt = date
    let restored = try tx.update(todo)
    // The subtasks trashed with it come back with it.
    for var subtask in try Self.descendants(
      of: [id], in: tx, including: { $0.deletedAt == trashedAt })
    {
      subtask.deletedAt = nil
      subtask.updatedAt = date
      try tx.update(subtask)
    }
    return restored
  }

  /// Brings a list back from the trash, with the todos it had when it was trashed. Restoring
  /// a list that is not in the trash changes nothing and returns it as it is.
  ///
  /// - Throws: `TodoError.notFound` if no list has this identifier;
  ///   `TodoError.validation` if a live list has taken its name meanwhile.
  @discardableResult
  public func restoreList(id: UUID) async throws -> TodoList {
    try await write { tx in
      guard let list = try tx.object(TodoList.self, id: id),
        try self.access(to: list, in: tx) != nil
      else {
        throw TodoError.notFound(entity: "trashed list", id: id.uuidString)
      }
      try self.check(.own, list, in: tx)
      guard list.isTrashed else { return list }
      return try self.restore(list, in: tx)
    }
  }

  /// Deletes everything in the trash for good: trashed todos, and trashed lists with all their
  /// todos. This is the only operation that destroys what users typed. With a principal,
  /// only what is in its own lists: an editor's trash of a shared list stays the owner's.
  ///
  /// - Returns: How many lists and todos were deleted.
  @discardableResult
  public func emptyTrash() async throws -> (lists: Int, todos: Int) {
    let (lists, todos) = try await write { tx in
      let (lists, todos) = try self.trashed(in: tx, owned: true)
      try Self.recordDeparture(of: todos, in: tx, at: self.now())
      try Self.delete(todos, in: tx)
      // A deleted list is shared with nobody: a later list with its id starts unshared.
      for share in try tx.fetch(
        FetchRequest(filter: ListShare.listIDAttribute.isIn(lists.map(\.id))))
      {
        try tx.delete(share)
      }
      for list in lists {
        if let data = try tx.object(CalendarListData.self, id: list.id) { try tx.delete(data) }
        try tx.delete(list)
      }
      return (lists.count, todos.count)
    }
    if lists > 0 || todos > 0 {
      logger.info("emptied the trash: \(lists) lists, \(todos) todos")
    }
    return (lists, todos)
  }

  /// Deletes one todo of the trash for good (a trashed todo, or a todo of a trashed list),
  /// after the person confirmed. Like emptying the trash, only the owner of its list may.
  ///
  /// - Throws: `TodoError.notFound` for a todo that is not in the trash or that the principal
  ///   cannot see, `TodoError.forbidden` for one of a list it does not own.
  public func deleteTrashedTodo(id: UUID) async throws {
    try await write { tx in
      guard let todo = try tx.object(Todo.self, id: id),
        let list = try tx.object(TodoList.self, id: todo.listID),
        todo.isTrashed || list.isTrashed, try self.access(to: list, in: tx) != nil
      else {
        throw TodoError.notFound(entity: "todo in the trash", id: id.uuidString)
      }
      try self.check(.own, list, in: tx)
      try Self.recordDeparture(of: [todo], in: tx, at: self.now())
      try Self.delete([todo], in: tx)
    }
    logger.info("deleted a todo of the trash for good")
  }

  /// Deletes one list of the trash for good, with all its todos, after the person confirmed.
  /// Only its owner may.
  ///
  /// - Returns: How many todos went with it.
  /// - Throws: `TodoError.notFound` for a list that is not in the trash or that the principal
  ///   cannot see, `TodoError.forbidden` for one it does not own.
  @discardableResult
  public func deleteTrashedList(id: UUID) async throws -> Int {
    let count = try await write { tx in
      guard let list = try tx.object(TodoList.self, id: id), list.isTrashed,
        try self.access(to: list, in: tx) != nil
      else {
        throw TodoError.notFound(entity: "list in the trash", id: id.uuidString)
      }
      try self.check(.own, list, in: tx)
      let todos = try tx.fetch(FetchRequest(filter: Todo.listIDAttribute == id))
      try Self.delete(todos, in: tx)
      for share in try tx.fetch(FetchRequest(filter: ListShare.listIDAttribute == id)) {
        try tx.delete(share)
      }
      if let data = try tx.object(CalendarListData.self, id: id) { try tx.delete(data) }
      try tx.delete(list)
      return todos.count
    }
    logger.info("deleted a list of the trash for good, with \(count) todos")
    return count
  }

  private func restore(_ list: TodoList, in tx: WriteTransaction) throws -> TodoList {
    try Self.checkUnique(list.name, owner: list.ownerID, in: tx, except: nil)
    var list = list
    list.deletedAt = nil
    list.updatedAt = now()
    return try tx.update(list)
  }

  /// Deletes todos for good, with what belongs to them: what they kept of their calendars
  /// their completions and their reminders. Every deletion for good goes through here.
  static func delete(_ todos: [Todo], in tx: WriteTransaction) throws {
    let ids = todos.map(\.id)
    for todo in todos { try tx.delete(todo) }
    for data in try tx.fetch(FetchRequest(filter: CalendarData.idAttribute.isIn(ids))) {
      try tx.delete(data)
    }
    for completion in try tx.fetch(FetchRequest(filter: TodoCompletion.todoIDAttribute.isIn(ids))) {
      try tx.delete(completion)
    }
    for reminder in try tx.fetch(FetchRequest(filter: Reminder.todoIDAttribute.isIn(ids))) {
      try tx.delete(reminder)
    }
  }
}

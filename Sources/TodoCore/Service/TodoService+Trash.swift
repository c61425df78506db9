import Foundation
import Persistence

/// What is in the trash: trashed lists and trashed todos, most recently trashed first.
public struct TrashContents: Sendable, Hashable, Codable {
  /// Trashed lists (their todos come back with them).
  public var lists: [TodoList]
  /// Trashed todos, including those of trashed lists.
  public var todos: [Todo]

  /// Creates trash contents.
  public init(lists: [TodoList], todos: [Todo]) {
    self.lists = lists
    self.todos = todos
  }
}

// MARK: - Trash

extension TodoService {
  /// Moves a live todo to the trash. It keeps its place and comes back there on restore.
  ///
  /// - Throws: `TodoError.notFound`, `TodoError.versionConflict`.
  @discardableResult
  public func trashTodo(id: UUID, expectedVersion: Int? = nil) async throws -> Todo {
    try await write { context in
      var todo = try await liveTodo(id: id, in: context)
      try Self.check(todo, expectedVersion)
      todo.deletedAt = now()
      todo.version += 1
      try context.update(todo)
      return todo
    }
  }

  /// Moves the live todos of a list to the trash, all of them or only those with `status`
  /// ("Clear completed" passes `.done`; Todo-Backend's `DELETE /todos` passes `nil`).
  ///
  /// - Returns: The trashed todos.
  /// - Throws: `TodoError.notFound` if the list is unknown or trashed.
  @discardableResult
  public func trashTodos(inList listID: UUID, status: TodoStatus? = nil) async throws -> [Todo] {
    try await write { context in
      _ = try await liveList(id: listID, in: context)
      var filter = Todo.listIDAttribute == listID && Todo.deletedAtAttribute.isNil
      if let status { filter = filter && Todo.statusAttribute == status }
      let date = now()
      var trashed: [Todo] = []
      for var todo in try await context.fetch(FetchRequest(filter: filter)) {
        todo.deletedAt = date
        todo.version += 1
        try context.update(todo)
        trashed.append(todo)
      }
      return trashed
    }
  }

  /// What is in the trash.
  ///
  /// - Complexity: Two queries.
  public func trash() async throws -> TrashContents {
    let context = reader
    let lists = try await context.fetch(
      FetchRequest(
        filter: TodoList.deletedAtAttribute.isNotNil,
        sortedBy: [TodoList.deletedAtAttribute.descending]))
    let trashedListIDs = Set(lists.map(\.id))
    let todos = try await context.fetch(
      FetchRequest(
        filter: Todo.deletedAtAttribute.isNotNil
          || Todo.listIDAttribute.isIn(trashedListIDs),
        sortedBy: [Todo.deletedAtAttribute.descending]))
    return TrashContents(lists: lists, todos: todos)
  }

  /// Brings a todo back from the trash to its old place. If its list is trashed too, the list
  /// comes back as well. Restoring a todo that is not in the trash changes nothing and
  /// returns it as it is, so a repeated undo is harmless.
  ///
  /// - Throws: `TodoError.notFound` if no todo has this identifier.
  @discardableResult
  public func restoreTodo(id: UUID) async throws -> Todo {
    try await write { context in
      guard var todo = try await context.object(Todo.self, id: id) else {
        throw TodoError.notFound(entity: "trashed todo", id: id.uuidString)
      }
      if var list = try await context.object(TodoList.self, id: todo.listID), list.isTrashed {
        try await restore(&list, in: context)
      }
      guard todo.isTrashed else { return todo }
      todo.deletedAt = nil
      todo.updatedAt = now()
      todo.version += 1
      try context.update(todo)
      return todo
    }
  }

  /// Brings a list back from the trash, with the todos it had when it was trashed. Restoring
  /// a list that is not in the trash changes nothing and returns it as it is.
  ///
  /// - Throws: `TodoError.notFound` if no list has this identifier;
  ///   `TodoError.validation` if a live list has taken its name meanwhile.
  @discardableResult
  public func restoreList(id: UUID) async throws -> TodoList {
    try await write { context in
      guard var list = try await context.object(TodoList.self, id: id) else {
        throw TodoError.notFound(entity: "trashed list", id: id.uuidString)
      }
      guard list.isTrashed else { return list }
      try await restore(&list, in: context)
      return list
    }
  }

  /// Deletes everything in the trash for good: trashed todos, and trashed lists with all their
  /// todos. This is the only operation that destroys what users typed.
  ///
  /// - Returns: How many lists and todos were deleted.
  @discardableResult
  public func emptyTrash() async throws -> (lists: Int, todos: Int) {
    try await write { context in
      let lists = try await context.fetch(
        FetchRequest(filter: TodoList.deletedAtAttribute.isNotNil))
      let todos = try await context.fetch(
        FetchRequest(
          filter: Todo.deletedAtAttribute.isNotNil
            || Todo.listIDAttribute.isIn(lists.map(\.id))))
      for todo in todos { try context.delete(todo) }
      for list in lists { try context.delete(list) }
      if !lists.isEmpty || !todos.isEmpty {
        logger.info("emptied the trash: \(lists.count) lists, \(todos.count) todos")
      }
      return (lists.count, todos.count)
    }
  }

  private func restore(_ list: inout TodoList, in context: ModelContext) async throws {
    try Self.checkUnique(list.name, among: try await context.fetch(Self.liveLists), except: nil)
    list.deletedAt = nil
    list.updatedAt = now()
    try context.update(list)
  }
}

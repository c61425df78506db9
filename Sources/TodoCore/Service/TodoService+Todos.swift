import Foundation
import Persistence

// MARK: - Reading and writing todos

extension TodoService {
  /// The live todos of a live list in user order, optionally only those with `status`.
  ///
  /// - Throws: `TodoError.notFound` if the list is unknown or trashed.
  /// - Complexity: One query for the list and one for its todos.
  public func todos(inList listID: UUID, status: TodoStatus? = nil) async throws -> [Todo] {
    let context = reader
    _ = try await liveList(id: listID, in: context)
    var filter = Todo.listIDAttribute == listID && Todo.deletedAtAttribute.isNil
    if let status { filter = filter && Todo.statusAttribute == status }
    return try await context.fetch(
      FetchRequest(filter: filter, sortedBy: [Todo.orderAttribute.ascending]))
  }

  /// The live todo with this identifier.
  ///
  /// - Throws: `TodoError.notFound(entity: "todo", …)` if there is none or it is trashed.
  public func todo(id: UUID) async throws -> Todo {
    try await liveTodo(id: id, in: reader)
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
    let listID = draft.listID ?? TodoList.inboxID
    return try await write { context in
      _ = try await liveList(id: listID, in: context)
      let placement = try await place(draft.position, moving: nil, inList: listID, in: context)
      let date = now()
      let todo = Todo(
        listID: listID, title: title, notes: notes, deadline: draft.deadline,
        status: draft.status, doneAt: draft.status == .done ? date : nil, section: section,
        order: placement.key, externalOrder: draft.externalOrder, createdAt: date,
        updatedAt: date)
      try context.insert(todo)
      return todo
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
  public func updateTodo(id: UUID, _ patch: TodoPatch, expectedVersion: Int? = nil)
    async throws -> Todo
  {
    let title = try patch.title.map(TodoValidation.title)
    let notes = try patch.notes.map(TodoValidation.notes)
    let section = try patch.section.map(TodoValidation.section)
    return try await write { context in
      var todo = try await liveTodo(id: id, in: context)
      try Self.check(todo, expectedVersion)
      if patch.isEmpty { return todo }
      let date = now()
      if let title { todo.title = title }
      if let notes { todo.notes = notes }
      if let section { todo.section = section }
      if let deadline = patch.deadline { todo.deadline = deadline }
      if let externalOrder = patch.externalOrder { todo.externalOrder = externalOrder }
      if let status = patch.status, status != todo.status {
        todo.status = status
        todo.doneAt = status == .done ? date : nil
      }
      if let listID = patch.listID, listID != todo.listID {
        _ = try await liveList(id: listID, in: context)
        let placement = try await place(.bottom, moving: id, inList: listID, in: context)
        todo.listID = listID
        todo.order = placement.key
      }
      todo.updatedAt = date
      todo.version += 1
      try context.update(todo)
      return todo
    }
  }

  /// Moves a live todo before or after another todo of its list, or to its top or bottom.
  /// One row is written (all of the list's rows, rarely, when its keys need rebalancing).
  ///
  /// - Throws: `TodoError.notFound` (the todo, or the one named by the position in the same
  ///   list), `TodoError.versionConflict`.
  public func moveTodo(id: UUID, to position: MovePosition, expectedVersion: Int? = nil)
    async throws -> Todo
  {
    try await write { context in
      var todo = try await liveTodo(id: id, in: context)
      try Self.check(todo, expectedVersion)
      let siblings = try await context.fetch(Self.allTodos(inList: todo.listID))
      let live = siblings.filter { !$0.isTrashed || $0.id == id }
      if case .before(let target) = position, !live.contains(where: { $0.id == target }) {
        throw TodoError.notFound(entity: "todo", id: target.uuidString)
      }
      if case .after(let target) = position, !live.contains(where: { $0.id == target }) {
        throw TodoError.notFound(entity: "todo", id: target.uuidString)
      }
      let placement = try OrderPlacement.place(
        position, moving: id, in: Self.positions(siblings), entity: "todo")
      try Self.rebalance(siblings, placement, in: context)
      todo.order = placement.key
      todo.updatedAt = now()
      todo.version += 1
      try context.update(todo)
      return todo
    }
  }

  // MARK: - Helpers

  /// Places a todo in a list, writing rebalanced keys into `context` if needed. Appending
  /// reads only the last todo; other positions read the whole list.
  func place(
    _ position: MovePosition, moving: UUID?, inList listID: UUID, in context: ModelContext
  ) async throws -> OrderPlacement {
    if position == .bottom {
      let last = try await context.fetch(
        FetchRequest(
          filter: Todo.listIDAttribute == listID, sortedBy: [Todo.orderAttribute.descending],
          limit: 1)
      ).first
      if let key = try? OrderKey.between(last?.order, nil), !key.needsRebalance,
        last?.id != moving
      {
        return OrderPlacement(key: key, rebalanced: [:])
      }
    }
    let siblings = try await context.fetch(Self.allTodos(inList: listID))
    let placement = try OrderPlacement.place(
      position, moving: moving, in: Self.positions(siblings), entity: "todo")
    try Self.rebalance(siblings, placement, in: context)
    return placement
  }

  /// Every todo of a list, trashed ones included (they keep their place), in user order.
  static func allTodos(inList listID: UUID) -> FetchRequest<Todo> {
    FetchRequest(filter: Todo.listIDAttribute == listID, sortedBy: [Todo.orderAttribute.ascending])
  }

  static func positions(_ todos: [Todo]) -> [(id: UUID, key: OrderKey)] {
    todos.map { ($0.id, $0.order) }
  }

  static func rebalance(_ todos: [Todo], _ placement: OrderPlacement, in context: ModelContext)
    throws
  {
    for var todo in todos {
      guard let key = placement.rebalanced[todo.id] else { continue }
      todo.order = key
      try context.update(todo)
    }
  }

  static func check(_ todo: Todo, _ expectedVersion: Int?) throws {
    if let expectedVersion, expectedVersion != todo.version {
      throw TodoError.versionConflict(id: todo.id, current: todo.version)
    }
  }

  func liveTodo(id: UUID, in context: ModelContext) async throws -> Todo {
    guard let todo = try await context.object(Todo.self, id: id), !todo.isTrashed else {
      throw TodoError.notFound(entity: "todo", id: id.uuidString)
    }
    return todo
  }
}

import Foundation
import Persistence

// MARK: - Subtasks

extension TodoService {
  /// Makes a live todo a subtask of the sibling just above it, at the end of that sibling's
  /// subtasks (the page's Tab). One row is written.
  ///
  /// - Throws: `TodoError.validation` when no sibling is above it, `TodoError.notFound`,
  ///   `TodoError.versionConflict`.
  @discardableResult
  public func indentTodo(id: UUID, expectedVersion: Version? = nil) async throws -> Todo {
    try await write { tx in
      let stored = try self.liveTodo(id: id, need: .edit, at: expectedVersion, in: tx)
      let siblings = try Self.liveChildren(of: stored.parentID, inList: stored.listID, in: tx)
      guard let index = siblings.firstIndex(where: { $0.id == id }), index > 0 else {
        throw TodoError.validation(
          field: "parentID", message: "there is no todo above it at its level to nest it under")
      }
      var todo = stored
      todo.parentID = siblings[index - 1].id
      todo.updatedAt = self.now()
      try self.dropStaleParentLines(of: todo, in: tx)
      return try tx.move(todo, to: .bottom)
    }
  }

  /// Makes a live subtask a sibling of its parent, just after it (the page's Shift-Tab). One
  /// row is written.
  ///
  /// - Throws: `TodoError.validation` for a top-level todo, `TodoError.notFound`,
  ///   `TodoError.versionConflict`.
  @discardableResult
  public func outdentTodo(id: UUID, expectedVersion: Version? = nil) async throws -> Todo {
    try await write { tx in
      let stored = try self.liveTodo(id: id, need: .edit, at: expectedVersion, in: tx)
      guard let parentID = stored.parentID,
        let parent = try tx.object(Todo.self, id: parentID)
      else {
        throw TodoError.validation(field: "parentID", message: "it is not a subtask")
      }
      var todo = stored
      todo.parentID = parent.parentID
      todo.updatedAt = self.now()
      try self.dropStaleParentLines(of: todo, in: tx)
      return try tx.move(todo, to: .after(parent.id))
    }
  }

  /// The live subtasks of a todo, all levels, each parent before its children, in user order.
  ///
  /// - Throws: `TodoError.notFound` for a todo the principal cannot read.
  public func subtasks(of id: UUID) async throws -> [Todo] {
    try await read { tx in
      let todo = try self.liveTodo(id: id, need: .read, in: tx)
      return TodoOutline(try Self.liveDescendants(of: [todo.id], in: tx), under: todo.id).todos
    }
  }

  // MARK: - Rules every write follows

  /// Checks the parent `todo` is written with: a live todo of the same list, not the todo
  /// itself nor one of its subtasks.
  ///
  /// - Throws: `TodoError.validation` naming what is wrong.
  static func checkParent(of todo: Todo, in tx: ReadTransaction) throws {
    guard let parentID = todo.parentID else { return }
    guard parentID != todo.id else {
      throw TodoError.validation(field: "parentID", message: "a todo cannot be its own subtask")
    }
    // One answer for a todo that is gone, trashed or in another list: a todo of a list the
    // person cannot see is not told apart from one that does not exist.
    guard let parent = try tx.object(Todo.self, id: parentID), !parent.isTrashed,
      parent.listID == todo.listID
    else {
      throw TodoError.validation(
        field: "parentID",
        message: "the parent \(parentID.uuidString) is not a live todo of this list; a subtask "
          + "is in its parent's list")
    }
    var ancestor: Todo? = parent
    var seen: Set<UUID> = []
    while let current = ancestor, let next = current.parentID, seen.insert(next).inserted {
      guard next != todo.id else {
        throw TodoError.validation(
          field: "parentID", message: "the parent is one of its own subtasks; that would be a cycle"
        )
      }
      ancestor = try tx.object(Todo.self, id: next)
    }
  }

  /// Writes what a change of `parent` implies for its subtasks, level by level: moved to
  /// another list (from `oldListID`), they go with it; with `completing`, the open ones are
  /// marked done; with `reopening`, the done ones reopen.
  func writeSubtasks(
    of parent: Todo, movingFrom oldListID: UUID?, completing: Bool, reopening: Bool,
    at date: Date, in tx: WriteTransaction
  ) throws {
    guard oldListID != nil || completing || reopening else { return }
    let children = try Self.liveChildren(of: parent.id, inList: oldListID ?? parent.listID, in: tx)
    for child in children {
      var edited = child
      if oldListID != nil { edited.listID = parent.listID }
      if completing && child.status != .done {
        edited = try edited.applying(TodoPatch(status: .done), at: date)
      }
      if reopening && child.status == .done {
        edited = try edited.applying(TodoPatch(status: .notStarted), at: date)
      }
      if edited == child {
        try writeSubtasks(
          of: child, movingFrom: nil, completing: completing, reopening: reopening, at: date,
          in: tx)
      } else {
        _ = try write(
          edited, from: child, at: date, in: tx, completingSubtasks: completing,
          reopeningSubtasks: reopening, keepingPlace: true)
      }
    }
  }

  /// The live children of `parentID` (top-level todos for `nil`) in a list, in user order.
  static func liveChildren(of parentID: UUID?, inList listID: UUID, in tx: ReadTransaction)
    throws -> [Todo]
  {
    let parent =
      parentID.map { Todo.parentIDAttribute == $0 } ?? Todo.parentIDAttribute.isNil
    return try tx.fetch(
      FetchRequest(
        filter: Todo.listIDAttribute == listID && Todo.deletedAtAttribute.isNil && parent,
        sortedBy: [Todo.orderAttribute.ascending]))
  }

  /// The live todos under `roots`, all levels, read level by level through the parent index.
  static func liveDescendants(of roots: [UUID], in tx: ReadTransaction) throws -> [Todo] {
    try descendants(of: roots, in: tx) { !$0.isTrashed }
  }

  /// The todos under `roots` that `include` accepts, all levels (a rejected todo's subtree is
  /// not visited), read level by level through the parent index.
  static func descendants(
    of roots: [UUID], in tx: ReadTransaction, including include: (Todo) -> Bool
  ) throws -> [Todo] {
    var result: [Todo] = []
    var seen = Set(roots)
    var level = roots
    while !level.isEmpty {
      let children = try tx.fetch(
        FetchRequest(
          filter: Todo.parentIDAttribute.isIn(level), sortedBy: [Todo.orderAttribute.ascending])
      ).filter { include($0) && seen.insert($0.id).inserted }
      result += children
      level = children.map(\.id)
    }
    return result
  }
}

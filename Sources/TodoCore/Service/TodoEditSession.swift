import Foundation
import Persistence

/// An edit of one todo in its own child context: changes stay in the session until
/// ``save()`` writes them in one transaction, and ``cancel()`` (or dropping the session)
/// throws them away without a trace.
///
/// If someone else changed the todo after the session began, ``save()`` refuses with
/// `TodoError.versionConflict` and nothing is written: concurrent edits are reported, never
/// silently overwritten.
///
/// ```swift
/// let session = try await service.beginEdit(todoID: todo.id)
/// try await session.apply(TodoPatch(title: "Oat milk"))
/// let saved = try await session.save()   // or session.cancel()
/// ```
public final class TodoEditSession: Sendable {
  /// The todo as it was when the session began.
  public let original: Todo
  let service: TodoService
  let parent: ModelContext
  let child: ModelContext

  init(original: Todo, service: TodoService, parent: ModelContext) {
    self.original = original
    self.service = service
    self.parent = parent
    self.child = parent.newChildContext()
  }

  /// The todo as edited so far (the original if nothing was applied).
  public func draft() async throws -> Todo {
    try await child.object(Todo.self, id: original.id) ?? original
  }

  /// Validates a patch and applies it to the draft only.
  ///
  /// - Returns: The new draft.
  /// - Throws: `TodoError.validation`, or `TodoError.notFound` for an unknown target list.
  @discardableResult
  public func apply(_ patch: TodoPatch) async throws -> Todo {
    var todo = try await draft()
    if let title = patch.title { todo.title = try TodoValidation.title(title) }
    if let notes = patch.notes { todo.notes = try TodoValidation.notes(notes) }
    if let section = patch.section { todo.section = try TodoValidation.section(section) }
    if let deadline = patch.deadline { todo.deadline = deadline }
    if let status = patch.status, status != todo.status {
      todo.status = status
      todo.doneAt = status == .done ? service.now() : nil
    }
    if let listID = patch.listID, listID != todo.listID {
      // The principal may move it only to a list it may edit (and may not learn of others).
      let service = self.service
      _ = try await service.read { tx in try service.liveList(id: listID, need: .edit, in: tx) }
      todo.listID = listID
    }
    try child.update(todo)
    return todo
  }

  /// Whether the draft differs from the original.
  public func hasChanges() async throws -> Bool {
    try await draft() != original
  }

  /// Writes the draft, with the next version, in one transaction.
  ///
  /// - Returns: The saved todo (the original if nothing changed).
  /// - Throws: `TodoError.versionConflict` if the todo changed since the session began
  ///   (nothing is written; the session keeps the draft so the user can decide).
  public func save() async throws -> Todo {
    let todo = try await draft()
    guard todo != original else { return original }
    let original = self.original
    let now = service.now()
    let service = self.service
    let saved = try await service.write { tx in
      var current = try service.liveTodo(id: original.id, need: .edit, in: tx)
      guard current.version == original.version else {
        throw TodoError.versionConflict(id: original.id, current: current.version)
      }
      // The draft's fields over the stored todo (its order key and version are the store's).
      current.title = todo.title
      current.notes = todo.notes
      current.section = todo.section
      current.deadline = todo.deadline
      current.status = todo.status
      current.doneAt = todo.doneAt
      if original.status != .done { try service.completeRepeating(&current, at: now, in: tx) }
      current.updatedAt = now
      if todo.listID != current.listID {
        _ = try service.liveList(id: todo.listID, need: .edit, in: tx)
        try TodoService.recordDeparture(of: [current], in: tx, at: now)
        current.listID = todo.listID
        return try tx.move(current, to: .bottom)
      }
      return try tx.update(current)
    }
    child.rollback()
    return saved
  }

  /// Throws the draft away. The store is untouched.
  public func cancel() {
    child.rollback()
  }
}

extension TodoService {
  /// Begins an edit session on a live todo: a child context whose changes are written only by
  /// ``TodoEditSession/save()``.
  ///
  /// - Throws: `TodoError.notFound` if the todo is unknown or trashed.
  public func beginEdit(todoID: UUID) async throws -> TodoEditSession {
    _ = try await read { tx in try self.liveTodo(id: todoID, need: .edit, in: tx) }
    if let principal, !principal.mayWrite {
      throw TodoError.forbidden("this token may only read")
    }
    let parent = container.newBackgroundContext()
    guard let todo = try await parent.object(Todo.self, id: todoID), !todo.isTrashed else {
      throw TodoError.notFound(entity: "todo", id: todoID.uuidString)
    }
    return TodoEditSession(original: todo, service: self, parent: parent)
  }
}

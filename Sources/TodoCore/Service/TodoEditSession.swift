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

  init(original: Todo, service: TodoService, parent: ModelContext) throws {
    self.original = original
    self.service = service
    self.parent = parent
    self.child = parent.newChildContext()
    // The draft starts as the original, based on the version the parent read: a change
    // someone else saves meanwhile is a conflict at save, never the draft's new base.
    try child.update(original)
  }

  /// The todo as edited so far (the original if nothing was applied).
  public func draft() async throws -> Todo {
    try await child.object(Todo.self, id: original.id) ?? original
  }

  /// Validates a patch and applies it to the draft only (``Todo/applying(_:at:)``).
  ///
  /// - Returns: The new draft.
  /// - Throws: `TodoError.validation`, or `TodoError.notFound` for an unknown target list.
  @discardableResult
  public func apply(_ patch: TodoPatch) async throws -> Todo {
    let draft = try await draft()
    if let listID = patch.listID, listID != draft.listID {
      // The principal may move it only to a list it may edit (and may not learn of others).
      let service = self.service
      _ = try await service.read { tx in try service.liveList(id: listID, need: .edit, in: tx) }
    }
    let todo = try draft.applying(patch, at: service.now())
    try service.checkWallTimes(of: todo, changedBy: patch)
    try child.update(todo)
    return todo
  }

  /// Whether the draft differs from the original.
  public func hasChanges() async throws -> Bool {
    try await draft() != original
  }

  /// Saves the draft: the child context saves into its parent, and the parent commits it in
  /// one write transaction, where the store checks that the todo is still at the version the
  /// session began with, and where what the change implies (a repeating todo moving on, a
  /// move to another list) is written with it.
  ///
  /// - Returns: The saved todo (the original if nothing changed).
  /// - Throws: `TodoError.versionConflict` if the todo changed since the session began
  ///   (nothing is written; the session keeps the draft so the user can decide).
  public func save() async throws -> Todo {
    let draft = try await draft()
    guard draft != original else { return original }
    try await child.save()
    let (service, original) = (self.service, self.original)
    return try await service.save(parent) { tx in
      // Still the principal's to change, in the list it was in and in the one it is in now.
      _ = try service.liveList(id: original.listID, need: .edit, in: tx)
      let written = try service.liveTodo(id: original.id, need: .edit, in: tx)
      return try service.write(
        written, from: original, at: draft.updatedAt, in: tx, isWritten: true)
    }
  }

  /// Throws the draft away. The store is untouched.
  public func cancel() {
    child.rollback()
    parent.rollback()
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
    return try TodoEditSession(original: todo, service: self, parent: parent)
  }
}

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
      _ = try await service.liveList(id: listID, in: child)
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
    var todo = try await draft()
    guard todo != original else { return original }
    return try await service.writes.withLock {
      let current = try await service.reader.object(Todo.self, id: original.id)
      guard let current, !current.isTrashed else {
        throw TodoError.notFound(entity: "todo", id: original.id.uuidString)
      }
      guard current.version == original.version else {
        throw TodoError.versionConflict(id: original.id, current: current.version)
      }
      if todo.listID != original.listID {
        let siblings = try await parent.fetch(TodoService.allTodos(inList: todo.listID))
        let placement = try OrderPlacement.place(
          .bottom, moving: todo.id, in: TodoService.positions(siblings), entity: "todo")
        try TodoService.rebalance(siblings, placement, in: parent)
        todo.order = placement.key
      }
      todo.version = original.version + 1
      todo.updatedAt = service.now()
      try child.update(todo)
      try await child.save()
      defer { service.changes.increment() }
      do {
        try await parent.save()
      } catch PersistenceError.conflict {
        parent.rollback()
        let latest = try await service.reader.object(Todo.self, id: original.id)
        throw TodoError.versionConflict(id: original.id, current: latest?.version ?? 0)
      }
      return todo
    }
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
    let parent = container.newBackgroundContext()
    let todo = try await liveTodo(id: todoID, in: parent)
    return TodoEditSession(original: todo, service: self, parent: parent)
  }
}

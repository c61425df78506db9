import Foundation
import Logging
import Persistence

/// The todo domain's operations: the one public API that the server, the command line and the
/// live page use to read and change lists and todos.
///
/// Every operation validates its input, applies the domain's rules (trimmed titles, limits,
/// versions, trash instead of deletion) and writes in one transaction. Writes of one service
/// run one at a time; each works in a fresh context, so a concurrent write by another process
/// is detected as a conflict instead of being overwritten.
///
/// ```swift
/// let service = try await TodoService.open(.file(url))
/// let todo = try await service.createTodo(NewTodo(title: "Buy milk"))
/// let done = try await service.updateTodo(
///   id: todo.id, TodoPatch(status: .done), expectedVersion: todo.version)
/// ```
public final class TodoService: Sendable {
  /// The object store the service reads and writes.
  public let container: PersistentContainer
  let now: @Sendable () -> Date
  let writes = AsyncMutex()
  let changes = ChangeCounter()
  let logger: Logger

  /// Every entity of the todo store, for opening a container.
  public static let entities: [any Entity.Type] = [TodoList.self, Todo.self]

  /// Wraps an open container whose store holds ``entities``. Prefer ``open(_:now:)``, which
  /// also creates the Inbox.
  ///
  /// - Parameters:
  ///   - container: An open container.
  ///   - now: The clock for created, updated, done and deleted times.
  public init(
    container: PersistentContainer, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.container = container
    self.now = now
    self.logger = Logger(label: "todo.core")
  }

  /// Opens (creating and migrating if needed) the todo store at `location` and makes sure it
  /// has an Inbox.
  ///
  /// - Parameters:
  ///   - location: A database file (created with its directory) or memory.
  ///   - now: The clock for created, updated, done and deleted times.
  /// - Throws: `ContainerError` if the file cannot be opened or is not a todo store.
  public static func open(
    _ location: StoreLocation, now: @escaping @Sendable () -> Date = { Date() }
  ) async throws -> TodoService {
    let container = try await PersistentContainer(location, entities: entities)
    let service = TodoService(container: container, now: now)
    try await service.ensureInbox()
    return service
  }

  /// Closes the store. The service fails afterwards.
  public func close() throws {
    try container.close()
  }

  /// Creates the Inbox if the store has none (a new installation).
  func ensureInbox() async throws {
    try await write { context in
      if try await context.object(TodoList.self, id: TodoList.inboxID) != nil { return }
      let date = now()
      try context.insert(
        TodoList(
          id: TodoList.inboxID, name: TodoList.inboxName, order: try OrderKey.between(nil, nil),
          createdAt: date, updatedAt: date))
      logger.info("created the Inbox")
    }
  }

  // MARK: - Running operations

  /// Runs `body` in a fresh context under the write lock and saves what it changed in one
  /// transaction. A change someone else saved in between becomes a `TodoError`.
  func write<T>(_ body: (ModelContext) async throws -> T) async throws -> T {
    try await writes.withLock {
      let context = container.newBackgroundContext()
      let result = try await body(context)
      defer { changes.increment() }
      do {
        try await context.save()
      } catch PersistenceError.conflict(let entity, let id) where entity == Todo.entityName {
        let current = try await container.newBackgroundContext().object(Todo.self, id: id)
        throw TodoError.versionConflict(id: id, current: current?.version ?? 0)
      }
      return result
    }
  }

  /// A context for reading.
  var reader: ModelContext { container.newBackgroundContext() }
}

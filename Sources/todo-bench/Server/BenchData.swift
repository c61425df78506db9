import Foundation
import GRDB
import Persistence
import TodoCore

/// The databases the server benchmarks run on, written through `TodoService` (one import)
/// before any server opens them.
enum BenchData {
  /// A new directory for a benchmark's databases; the caller removes it.
  static func temporaryDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-bench-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Opens `database` (one the todo server created) for a baseline to read with GRDB alone.
  static func readOnlyPool(_ database: URL) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.readonly = true
    return try DatabasePool(path: database.path, configuration: configuration)
  }

  /// What a seeded database holds: the identifiers of its lists and of their todos, in order.
  struct Seeded: Sendable {
    var listIDs: [String: UUID] = [:]
    var todoIDs: [UUID: [UUID]] = [:]

    /// The list created with this name.
    func list(_ name: String) -> UUID { listIDs[name]! }
    /// The Inbox's seeded todos.
    var inboxTodos: [UUID] { todoIDs[TodoList.inboxID] ?? [] }
    func todos(in list: UUID) -> [UUID] { todoIDs[list] ?? [] }
  }

  /// Fills the new store at `location` with `inbox` todos in the Inbox and the named lists
  /// with theirs.
  ///
  /// - Parameter varied: Todos with notes, deadlines, statuses and sections, like a real list
  ///   (the JSON API's bodies); otherwise only titles (the live page's reference figures).
  static func seed(
    _ location: StoreLocation, inbox: Int = 0, lists: KeyValuePairs<String, Int> = [:],
    varied: Bool = true
  ) async throws -> Seeded {
    let service = try await TodoService.open(location)
    defer { try? service.close() }
    var seeded = Seeded()
    var todos: [Todo] = []
    let now = Date()
    func add(_ count: Int, to listID: UUID) throws {
      let keys = try OrderKey.spaced(count, between: nil, and: nil)
      let made = keys.enumerated().map { index, key in
        todo(index, listID: listID, order: key, at: now, varied: varied)
      }
      seeded.todoIDs[listID] = made.map(\.id)
      todos += made
    }
    if inbox > 0 { try add(inbox, to: TodoList.inboxID) }
    for (name, count) in lists {
      let list = try await service.createList(named: name)
      seeded.listIDs[name] = list.id
      try add(count, to: list.id)
    }
    if !todos.isEmpty {
      try await service.importDocument(ExportDocument(exportedAt: now, lists: [], todos: todos))
    }
    return seeded
  }

  /// The `index`th todo of a seeded list.
  static func todo(_ index: Int, listID: UUID, order: OrderKey, at now: Date, varied: Bool)
    -> Todo
  {
    guard varied else {
      return Todo(
        listID: listID, title: "Todo number \(index)", order: order, createdAt: now,
        updatedAt: now)
    }
    let status: TodoStatus = index % 4 == 0 ? .done : .notStarted
    return Todo(
      listID: listID, title: "Todo number \(index) of the benchmark list",
      notes: index % 3 == 0 ? "Some notes for todo \(index)" : "",
      deadline: index % 2 == 0 ? Deadline(rawValue: "2026-03-\(10 + index % 18)") : nil,
      status: status, doneAt: status == .done ? now : nil,
      section: index % 5 == 0 ? "Section \(index % 3)" : nil, order: order, createdAt: now,
      updatedAt: now)
  }

  /// Copies a closed database (with its WAL and shared-memory files, if any) to `target`.
  static func copy(_ database: URL, to target: URL) throws {
    let manager = FileManager.default
    for suffix in ["", "-wal", "-shm"] {
      let source = URL(fileURLWithPath: database.path + suffix)
      guard manager.fileExists(atPath: source.path) else { continue }
      try manager.copyItem(at: source, to: URL(fileURLWithPath: target.path + suffix))
    }
  }
}

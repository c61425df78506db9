import Foundation
import Hummingbird
import Logging
import Persistence
import TodoCore
import TodoServer

/// A todo server on a free loopback port over a temporary database seeded with a list of
/// `todos` todos in the Inbox, for the duration of `body`.
enum LiveServerRun {
  static func with<T: Sendable>(
    todos count: Int, logger: Logger,
    _ body: @escaping @Sendable (Int, URL) async throws -> T
  ) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-bench-live-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("todo.sqlite")
    try await seed(database, count: count)
    let port = PortPromise()
    let app = buildApplication(
      ServerOptions(host: "127.0.0.1", port: 0, database: .file(database)), logger: logger,
      onServerRunning: { port.publish($0) })
    return try await ApiBenchmark.serving(app, on: port, logger: logger) { port in
      try await ApiBenchmark.waitUntilHealthy(port: port)
      return try await body(port, database)
    }
  }

  /// Writes `count` todos into the Inbox in one import.
  static func seed(_ database: URL, count: Int) async throws {
    let service = try await TodoService.open(.file(database))
    defer { try? service.close() }
    let now = Date()
    let keys = try OrderKey.spaced(count, between: nil, and: nil)
    let todos = keys.enumerated().map { index, key in
      Todo(
        listID: TodoList.inboxID, title: "Todo number \(index)", order: key, createdAt: now,
        updatedAt: now)
    }
    try await service.importDocument(ExportDocument(exportedAt: now, lists: [], todos: todos))
  }
}

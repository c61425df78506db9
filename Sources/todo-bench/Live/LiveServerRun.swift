import Foundation
import Logging
import TodoServer

/// A todo server on a free loopback port over a temporary database seeded with a list of
/// `todos` todos in the Inbox, for the duration of `body` (which gets the port and the
/// identifiers of the seeded todos, in order).
enum LiveServerRun {
  static func with<T: Sendable>(
    todos count: Int, maximumConnections: Int = HTTPLimits().maximumConnections,
    logger: Logger, _ body: @escaping @Sendable (Int, [UUID]) async throws -> T
  ) async throws -> T {
    let directory = try BenchData.temporaryDirectory("live")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("todo.sqlite")
    let seeded = try await BenchData.seed(database, inbox: count, varied: false)
    let ids = seeded.inboxTodos
    return try await BenchServer.withTodoServer(
      database: database, maximumConnections: maximumConnections, logger: logger
    ) { port in try await body(port, ids) }
  }
}

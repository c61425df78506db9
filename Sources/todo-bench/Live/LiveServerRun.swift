import Foundation
import Logging
import TodoServer

/// Todo servers on free loopback ports over one new store (on `engine`) seeded with a list of
/// `todos` todos in the Inbox, for the duration of `body`.
enum LiveServerRun {
  /// One server; `body` gets its port and the identifiers of the seeded todos, in order.
  static func with<T: Sendable>(
    todos count: Int, engine: BenchEngine = .sqlite,
    maximumConnections: Int = HTTPLimits().maximumConnections, logger: Logger,
    _ body: @escaping @Sendable (Int, [UUID]) async throws -> T
  ) async throws -> T {
    try await with(
      servers: 1, todos: count, engine: engine, maximumConnections: maximumConnections,
      logger: logger
    ) { ports, ids in try await body(ports[0], ids) }
  }

  /// `servers` servers on the same store, each with a pool of its own, which see each
  /// other's changes as separate machines would (through the store); `body` gets their ports.
  static func with<T: Sendable>(
    servers: Int, todos count: Int, engine: BenchEngine,
    maximumConnections: Int = HTTPLimits().maximumConnections, logger: Logger,
    _ body: @escaping @Sendable ([Int], [UUID]) async throws -> T
  ) async throws -> T {
    try await engine.withNewStore("live", logger: logger) { location in
      let ids = try await BenchData.seed(location, inbox: count, varied: false).inboxTodos
      @Sendable func serve(_ ports: [Int]) async throws -> T {
        guard ports.count < servers else { return try await body(ports, ids) }
        return try await BenchServer.withTodoServer(
          database: location, maximumConnections: maximumConnections, logger: logger
        ) { port in try await serve(ports + [port]) }
      }
      return try await serve([])
    }
  }
}

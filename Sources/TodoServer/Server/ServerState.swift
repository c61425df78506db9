import Synchronization
import TodoCore

/// What the routes share: the todo service once the database is open and migrated.
///
/// Until then every route except `/healthz` and the OpenAPI document answers 503, and
/// `/healthz` says the server is not ready.
public final class ServerState: Sendable {
  private let loaded = Mutex<TodoService?>(nil)
  /// The server's own origins and names.
  public let origins: ServerOrigins

  /// Creates a state, loaded with `service` or waiting for one.
  ///
  /// - Parameters:
  ///   - service: The service, if the database is already open.
  ///   - origins: The server's own origins and names (by default those of a loopback server
  ///     whose port is not known yet, as in router-level tests).
  public init(
    service: TodoService? = nil, origins: ServerOrigins = ServerOrigins(bindHost: "127.0.0.1")
  ) {
    self.origins = origins
    loaded.withLock { $0 = service }
  }

  /// The service, if the database is loaded.
  public var service: TodoService? { loaded.withLock { $0 } }

  /// Publishes the service once the database is open and migrated.
  public func load(_ service: TodoService) {
    loaded.withLock { $0 = service }
  }

  /// Forgets the service (at shutdown, before the database closes).
  public func unload() {
    loaded.withLock { $0 = nil }
  }

  /// The service, or a 503 problem while the database is not loaded.
  func requireService() throws -> TodoService {
    guard let service else { throw Problem.unavailable }
    return service
  }
}

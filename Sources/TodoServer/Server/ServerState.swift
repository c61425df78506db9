import Synchronization
import TodoCore

/// What the routes share: the todo service once the database is open and migrated.
///
/// Until then every route except `/healthz` and the OpenAPI document answers 503, and
/// `/healthz` says the server is not ready.
public final class ServerState: Sendable {
  private let loaded = Mutex<TodoService?>(nil)
  private let accounts = Atomic<Bool>(false)
  /// The server's own origins and names.
  public let origins: ServerOrigins
  /// How long browsers stay signed in.
  public let sessionPolicy: SessionPolicy
  /// How failed sign-ins slow the next ones.
  public let throttlePolicy: ThrottlePolicy
  /// How passwords are checked.
  public let hasher: PasswordHasher

  /// Creates a state, loaded with `service` or waiting for one.
  ///
  /// - Parameters:
  ///   - service: The service, if the database is already open.
  ///   - origins: The server's own origins and names (by default those of a loopback server
  ///     whose port is not known yet, as in router-level tests).
  ///   - accountsOn: Whether people sign in (see ``accountsOn``).
  ///   - sessionPolicy: How long browsers stay signed in.
  ///   - throttlePolicy: How failed sign-ins slow the next ones.
  ///   - hasher: How passwords are checked.
  public init(
    service: TodoService? = nil, origins: ServerOrigins = ServerOrigins(bindHost: "127.0.0.1"),
    accountsOn: Bool = false, sessionPolicy: SessionPolicy = SessionPolicy(),
    throttlePolicy: ThrottlePolicy = ThrottlePolicy(), hasher: PasswordHasher = PasswordHasher()
  ) {
    self.origins = origins
    self.sessionPolicy = sessionPolicy
    self.throttlePolicy = throttlePolicy
    self.hasher = hasher
    loaded.withLock { $0 = service }
    accounts.store(accountsOn, ordering: .releasing)
  }

  /// Whether people sign in: `todo serve --accounts`, or a database that has accounts (a
  /// server never serves the lists of a store with accounts to anyone who asks).
  public var accountsOn: Bool { accounts.load(ordering: .acquiring) }

  /// Turns accounts on (when the database turns out to have some).
  public func turnAccountsOn() {
    accounts.store(true, ordering: .releasing)
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

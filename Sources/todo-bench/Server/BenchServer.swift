import Foundation
import Hummingbird
import Logging
import Persistence
import ServiceLifecycle
import Synchronization
import TodoServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Servers of the benchmarks: run one for the duration of a body, wait until it is ready.
enum BenchServer {
  /// A todo server (`buildApplication`) on a free loopback port over the store at `database`
  /// (a SQLite file, or a PostgreSQL database other servers may share), ready (its
  /// database open and `/healthz` answering 200) for the duration of `body`, which gets the port.
  ///
  /// - Parameters:
  ///   - maximumConnections: The server's connection limit (`HTTPLimits`): raise it above the
  ///     default 512 to open more pages.
  ///   - configure: Changes to the server's options (metrics, request logs).
  static func withTodoServer<T: Sendable>(
    database: StoreLocation, maximumConnections: Int = HTTPLimits().maximumConnections,
    logger: Logger, configure: (inout ServerOptions) -> Void = { _ in },
    _ body: @escaping @Sendable (Int) async throws -> T
  ) async throws -> T {
    let port = PortPromise()
    var options = ServerOptions(
      host: "127.0.0.1", port: 0, database: database,
      limits: HTTPLimits(maximumConnections: maximumConnections))
    configure(&options)
    let app = buildApplication(options, logger: logger, onServerRunning: { port.publish($0) })
    return try await serving(app, on: port, logger: logger) { port in
      try await waitUntilHealthy(port: port)
      return try await body(port)
    }
  }

  /// A plain Hummingbird server of `router` (a baseline, without the todo server's code) on a
  /// free loopback port, running for the duration of `body`, which gets the port.
  static func serving<T: Sendable>(
    _ router: Router<BasicRequestContext>, logger: Logger,
    _ body: @escaping @Sendable (Int) async throws -> T
  ) async throws -> T {
    let port = PortPromise()
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { port.publish($0.localAddress?.port ?? 0) }, logger: logger)
    return try await serving(app, on: port, logger: logger, body)
  }

  /// Runs `app` until `body` returns, then shuts it down gracefully. `body` starts once the
  /// server listens (its `onServerRunning` published the port).
  static func serving<T: Sendable>(
    _ app: some ApplicationProtocol, on port: PortPromise, logger: Logger,
    _ body: @escaping @Sendable (Int) async throws -> T
  ) async throws -> T {
    let group = ServiceGroup(
      configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
    return try await withThrowingTaskGroup(of: T?.self) { tasks in
      tasks.addTask {
        try await group.run()
        return nil
      }
      let value: T
      do {
        value = try await body(await port.value())
      } catch {
        await group.triggerGracefulShutdown()
        throw error
      }
      await group.triggerGracefulShutdown()
      for try await _ in tasks {}
      return value
    }
  }

  /// Waits until the server listening on `port` says it is ready: `/healthz` answers 503
  /// until its database is open and migrated, then 200.
  ///
  /// Each attempt is one request on a keep-alive connection, the next one sent as soon as
  /// the previous answer arrived: no sleeping, and at most `limit` in all.
  static func waitUntilHealthy(port: Int, within limit: Duration = .seconds(60)) async throws {
    try await Blocking.run {
      let clock = ContinuousClock()
      let deadline = clock.now + limit
      let request = httpRequest("GET", "/healthz", port: port)
      var connection: HTTPConnection? = nil
      var lastAnswer = "no answer"
      while clock.now < deadline {
        do {
          let http = try connection ?? HTTPConnection(port: port)
          connection = http
          let status = try http.roundTrip(request).status
          if status == 200 { return }
          lastAnswer = "status \(status)"
        } catch {
          connection = nil
          lastAnswer = "\(error)"
        }
        sched_yield()
      }
      throw BenchError("the server on port \(port) never became healthy (\(lastAnswer))")
    }
  }
}

/// Blocking work (sockets read by the benchmark's own HTTP client) off the concurrency pool.
enum Blocking {
  /// Runs `work` on a thread of its own and returns its result.
  static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try work() }) }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }
}

/// The port a server bound, published once it listens.
final class PortPromise: Sendable {
  private let state = Mutex<(port: Int?, waiters: [CheckedContinuation<Int, Never>])>((nil, []))

  func publish(_ port: Int) {
    let waiters = state.withLock { state in
      state.port = port
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume(returning: port) }
  }

  func value() async -> Int {
    await withCheckedContinuation { continuation in
      let port = state.withLock { state -> Int? in
        if let port = state.port { return port }
        state.waiters.append(continuation)
        return nil
      }
      if let port { continuation.resume(returning: port) }
    }
  }
}

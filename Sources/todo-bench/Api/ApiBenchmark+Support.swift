import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization
import TodoCore
import TodoServer

extension ApiBenchmark {
  /// Creates the database with a list of 100 todos and returns the list's identifier.
  static func seed(_ database: URL) async throws -> UUID {
    let service = try await TodoService.open(.file(database))
    defer { try? service.close() }
    let list = try await service.createList(named: "Bench")
    for index in 0..<100 {
      _ = try await service.createTodo(
        NewTodo(
          title: "Todo number \(index) of the benchmark list", listID: list.id,
          notes: index % 3 == 0 ? "Some notes for todo \(index)" : "",
          deadline: index % 2 == 0 ? try Deadline(parsing: "2026-03-\(10 + index % 18)") : nil,
          status: index % 4 == 0 ? .done : .notStarted,
          section: index % 5 == 0 ? "Section \(index % 3)" : nil))
    }
    return list.id
  }

  /// Runs `app` until `body` returns, then shuts it down gracefully.
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
      let value = try await body(await port.value())
      await group.triggerGracefulShutdown()
      for try await _ in tasks {}
      return value
    }
  }

  /// Polls `/healthz` until the database is ready (at most 10 s).
  static func waitUntilHealthy(port: Int) async throws {
    for _ in 0..<200 {
      if let status = try? HTTPConnection(port: port).roundTrip(
        httpRequest("GET", "/healthz", port: port)
      )
      .status, status == 200 {
        return
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw LoadGenerator.LoadError.connection("the server never became healthy")
  }

  /// Runs the blocking load generator on threads of its own, off the concurrency pool.
  static func load(
    _ generator: LoadGenerator, expecting status: Int,
    _ makeRequest: @escaping @Sendable (Int, Int) -> [UInt8]
  ) async throws -> LoadGenerator.Result {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result { try generator.run(expectedStatus: status, makeRequest: makeRequest) })
      }.start()
    }
  }

  /// A plain Hummingbird server with one route returning a constant JSON body of `bodySize`
  /// bytes: the ceiling of what any route can do on this machine.
  static func ceilingApplication(
    bodySize: Int, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
  ) -> some ApplicationProtocol {
    let padding = String(repeating: "x", count: max(0, bodySize - 11))
    let body = ByteBuffer(string: #"{"data":""# + padding + #""}"#)
    let router = Router()
    router.get("ceiling") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
        body: .init(byteBuffer: body))
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { await onServerRunning($0.localAddress?.port ?? 0) }, logger: logger)
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

import Foundation
import Logging
import PersistenceTestSupport
import PostgresNIO
import Testing

@testable import Persistence

/// A transaction's statements wait for their answers on a thread: whatever happens to the
/// connection, the wait ends.
@Suite(
  "PostgreSQL sessions",
  .enabled(if: ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_URL"] != nil))
struct PostgresSessionTests {
  @Test(
    "A statement on a connection the server has closed fails as unavailable, not waits forever",
    .timeLimit(.minutes(1)))
  func statementOnClosedConnection() async throws {
    let address = try #require(ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_URL"])
    var location = try PostgresLocation(parsing: address)
    location.tls = .disable
    let logger = Logger(label: "test")
    let connection = try await PostgresEngine.connect(location, logger: logger)
    let backend = try await onThread {
      try PostgresSession(connection: connection, logger: logger).rows("SELECT pg_backend_pid()")
    }
    guard case .integer(let pid) = try #require(backend.first?.first) else {
      Issue.record("pg_backend_pid() returned \(backend)")
      return
    }
    // The server ends the connection (as a restart does); once the client has seen it close,
    // the channel has no handlers left, and a statement written to it gets no answer.
    try TestStoreLocation.psql("SELECT pg_terminate_backend(\(pid))")
    try await connection.closeFuture.get()

    await #expect {
      try await onThread {
        try PostgresSession(connection: connection, logger: logger).execute("SELECT 1")
      }
    } throws: { error in
      guard case .unavailable = error as? PersistenceError else { return false }
      return true
    }
  }

  /// Runs a blocking body on a thread of its own, as the engine runs a transaction's body.
  private func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try body() }) }.start()
    }
  }
}

import Foundation
import Hummingbird
import Logging

extension ApiBenchmark {
  /// Runs the blocking load generator on threads of its own, off the concurrency pool.
  static func load(
    _ generator: LoadGenerator, expecting statuses: Set<Int>,
    _ makeRequest: @escaping @Sendable (Int, Int) -> [UInt8]
  ) async throws -> LoadGenerator.Result {
    try await Blocking.run {
      try generator.run(expectedStatuses: statuses, makeRequest: makeRequest)
    }
  }

  /// A plain Hummingbird server whose routes return constant JSON bodies, `GET /ceiling/{n}`
  /// one of `n` bytes for each of `bodySizes`: the ceiling of what any route can do here.
  static func ceilingApplication(
    bodySizes: [Int], logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
  ) -> some ApplicationProtocol {
    let router = Router()
    for size in Set(bodySizes) {
      let padding = String(repeating: "x", count: max(0, size - 11))
      let body = ByteBuffer(string: #"{"data":""# + padding + #""}"#)
      router.get("ceiling/\(size)") { _, _ in
        Response(
          status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
          body: .init(byteBuffer: body))
      }
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { await onServerRunning($0.localAddress?.port ?? 0) }, logger: logger)
  }
}

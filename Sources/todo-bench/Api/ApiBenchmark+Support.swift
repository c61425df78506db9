import Foundation
import Hummingbird

extension ApiBenchmark {
  /// One load of a comparison: requests to a server's port, and the statuses that count.
  struct Scenario: Sendable {
    var port: Int
    var expected: Set<Int>
    var request: @Sendable (Int, Int) -> [UInt8]

    /// The same `GET path` on every connection, with `headers` (`Name: value`).
    init(get path: String, port: Int, headers: [String] = []) {
      let request = httpRequest("GET", path, port: port, headers: headers)
      self.port = port
      expected = [200]
      self.request = { _, _ in request }
    }

    /// `POST path` with a title of its own per connection and request.
    init(create path: String, port: Int) {
      self.port = port
      expected = [201]
      request = { connection, sequence in
        httpRequest(
          "POST", path, port: port, json: #"{"title":"bench \#(connection)-\#(sequence)"}"#)
      }
    }
  }

  /// Every scenario of a comparison, once per round, one after the other, against servers
  /// that all run for the whole comparison: this machine's speed drifts by a third over tens
  /// of seconds, so a ratio is the median of the rounds' ratios, each between figures
  /// measured seconds apart.
  static func measure(
    _ scenarios: [Scenario], rounds: Int, generator: @Sendable (Int) -> LoadGenerator
  ) async throws -> [[LoadGenerator.Result]] {
    var results = Array(repeating: [LoadGenerator.Result](), count: scenarios.count)
    for _ in 0..<rounds {
      for (index, scenario) in scenarios.enumerated() {
        results[index].append(
          try await load(generator(scenario.port), expecting: scenario.expected, scenario.request))
      }
    }
    return results
  }

  /// The rounds of one scenario as one result: their requests and latencies together.
  static func combined(_ rounds: [LoadGenerator.Result]) -> LoadGenerator.Result {
    var combined = rounds[0]
    for round in rounds.dropFirst() {
      combined.requests += round.requests
      combined.allSucceeded += round.allSucceeded
      combined.failures += round.failures
      combined.unexpectedStatus = combined.unexpectedStatus ?? round.unexpectedStatus
      combined.seconds += round.seconds
      combined.latenciesMilliseconds += round.latenciesMilliseconds
      combined.cpuSeconds += round.cpuSeconds
    }
    return combined
  }

  /// Runs the blocking load generator on threads of its own, off the concurrency pool.
  static func load(
    _ generator: LoadGenerator, expecting statuses: Set<Int>,
    _ makeRequest: @escaping @Sendable (Int, Int) -> [UInt8]
  ) async throws -> LoadGenerator.Result {
    try await Blocking.run {
      try generator.run(expectedStatuses: statuses, makeRequest: makeRequest)
    }
  }

  /// The routes of a plain Hummingbird server that return constant JSON bodies,
  /// `GET /ceiling/{n}` one of `n` bytes for each of `bodySizes`: the ceiling of what any
  /// route can do here.
  static func ceilingRouter(bodySizes: [Int]) -> Router<BasicRequestContext> {
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
    return router
  }
}

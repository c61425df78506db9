import Foundation
import Synchronization

/// Drives `connections` keep-alive connections, one thread each, for a fixed duration, and
/// measures throughput and latency. Loopback only; bounded in time.
struct LoadGenerator {
  struct Result {
    /// Responses with an expected status in the measured time.
    var requests: Int
    /// Responses with an expected status, warm-up included (what a write run added).
    var allSucceeded: Int
    var failures: Int
    /// The first unexpected status a connection received, to say what failed.
    var unexpectedStatus: Int?
    var seconds: Double
    var latenciesMilliseconds: [Double]

    var requestsPerSecond: Double { Double(requests) / seconds }
    func percentile(_ fraction: Double) -> Double {
      Measure.percentile(latenciesMilliseconds, fraction)
    }
  }

  var port: Int
  var connections: Int
  var warmUp: Duration
  var duration: Duration

  /// Sends the request `makeRequest(connection, sequence)` in a loop on every connection,
  /// counting responses whose status is one of `expectedStatuses` after the warm-up.
  func run(
    expectedStatuses: Set<Int>, makeRequest: @escaping @Sendable (Int, Int) -> [UInt8]
  ) throws -> Result {
    let clock = ContinuousClock()
    let start = clock.now
    let measureFrom = start + warmUp
    let end = measureFrom + duration
    let collected = Collected()
    let group = DispatchGroup()
    for connection in 0..<connections {
      group.enter()
      let thread = Thread {
        var latencies: [Double] = []
        latencies.reserveCapacity(200_000)
        var failures = 0
        var succeeded = 0
        var unexpected: Int? = nil
        var failure: String? = nil
        do {
          let http = try HTTPConnection(port: port)
          var sequence = 0
          while true {
            let sentAt = clock.now
            if sentAt >= end { break }
            let response = try http.roundTrip(makeRequest(connection, sequence))
            sequence += 1
            let expected = expectedStatuses.contains(response.status)
            if expected {
              succeeded += 1
            } else if unexpected == nil {
              unexpected = response.status
            }
            if sentAt >= measureFrom {
              if expected {
                latencies.append((clock.now - sentAt).milliseconds)
              } else {
                failures += 1
              }
            }
          }
        } catch {
          failure = "\(error)"
        }
        let result = ConnectionResult(
          latencies: latencies, succeeded: succeeded, failures: failures,
          unexpectedStatus: unexpected, error: failure)
        collected.results.withLock { $0.append(result) }
        group.leave()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    group.wait()
    let results = collected.results.withLock { $0 }
    if let error = results.compactMap(\.error).first {
      throw LoadError.connection(error)
    }
    let latencies = results.flatMap(\.latencies)
    return Result(
      requests: latencies.count, allSucceeded: results.map(\.succeeded).reduce(0, +),
      failures: results.map(\.failures).reduce(0, +),
      unexpectedStatus: results.compactMap(\.unexpectedStatus).first,
      seconds: duration.milliseconds / 1_000, latenciesMilliseconds: latencies)
  }

  struct ConnectionResult: Sendable {
    var latencies: [Double]
    var succeeded: Int
    var failures: Int
    var unexpectedStatus: Int?
    var error: String?
  }

  final class Collected: Sendable {
    let results = Mutex<[ConnectionResult]>([])
  }

  enum LoadError: Error, CustomStringConvertible {
    case connection(String)
    var description: String {
      switch self {
      case .connection(let message): "a load connection failed: \(message)"
      }
    }
  }
}

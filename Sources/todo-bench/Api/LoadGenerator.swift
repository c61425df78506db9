import Foundation
import Synchronization

/// Drives `connections` keep-alive connections, one thread each, for a fixed duration, and
/// measures throughput and latency. Loopback only; bounded in time.
struct LoadGenerator {
  struct Result {
    var requests: Int
    var failures: Int
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
  /// counting responses whose status is `expectedStatus` after the warm-up.
  func run(expectedStatus: Int, makeRequest: @escaping @Sendable (Int, Int) -> [UInt8]) throws
    -> Result
  {
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
        var failure: String? = nil
        do {
          let http = try HTTPConnection(port: port)
          var sequence = 0
          while true {
            let sentAt = clock.now
            if sentAt >= end { break }
            let response = try http.roundTrip(makeRequest(connection, sequence))
            sequence += 1
            if sentAt >= measureFrom {
              if response.status == expectedStatus {
                latencies.append((clock.now - sentAt).milliseconds)
              } else {
                failures += 1
              }
            }
          }
        } catch {
          failure = "\(error)"
        }
        let result = ConnectionResult(latencies: latencies, failures: failures, error: failure)
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
      requests: latencies.count, failures: results.map(\.failures).reduce(0, +),
      seconds: duration.milliseconds / 1_000, latenciesMilliseconds: latencies)
  }

  struct ConnectionResult: Sendable {
    var latencies: [Double]
    var failures: Int
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

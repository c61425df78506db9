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
    /// CPU time the whole process (servers and load generator) used in the measured time.
    var cpuSeconds: Double

    var requestsPerSecond: Double { Double(requests) / seconds }
    /// The process's CPU time per measured request, in microseconds: what one request costs
    /// the machine, servers and load generator together, whatever the number of cores.
    var cpuMicrosecondsPerRequest: Double { cpuSeconds * 1_000_000 / Double(requests) }
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
    let cpu = CPUSampler(from: measureFrom, to: end, clock: clock)
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
    let cpuSeconds = cpu.wait()
    let results = collected.results.withLock { $0 }
    if let error = results.compactMap(\.error).first {
      throw LoadError.connection(error)
    }
    let latencies = results.flatMap(\.latencies)
    return Result(
      requests: latencies.count, allSucceeded: results.map(\.succeeded).reduce(0, +),
      failures: results.map(\.failures).reduce(0, +),
      unexpectedStatus: results.compactMap(\.unexpectedStatus).first,
      seconds: duration.milliseconds / 1_000, latenciesMilliseconds: latencies,
      cpuSeconds: cpuSeconds)
  }

  /// Reads the process's CPU time at the start and at the end of the measured time, on a
  /// thread of its own that sleeps in between.
  final class CPUSampler: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let used = Mutex(0.0)

    init(
      from start: ContinuousClock.Instant, to end: ContinuousClock.Instant, clock: ContinuousClock
    ) {
      let thread = Thread { [self] in
        Thread.sleep(forTimeInterval: max(0, (start - clock.now).milliseconds / 1_000))
        let before = Self.processCPUSeconds()
        Thread.sleep(forTimeInterval: max(0, (end - clock.now).milliseconds / 1_000))
        let after = Self.processCPUSeconds()
        used.withLock { $0 = after - before }
        done.signal()
      }
      thread.start()
    }

    /// The CPU seconds measured, once the measured time is over.
    func wait() -> Double {
      done.wait()
      return used.withLock { $0 }
    }

    /// User and system CPU time of the whole process so far.
    static func processCPUSeconds() -> Double {
      var usage = rusage()
      #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
      #else
        getrusage(RUSAGE_SELF, &usage)
      #endif
      func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
      }
      return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
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

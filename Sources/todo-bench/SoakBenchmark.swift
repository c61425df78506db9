import ArgumentParser
import Foundation
import Persistence
import TodoServer

/// `todo-bench soak`: a bounded soak of the server with live pages open.
///
/// A real server on 127.0.0.1 over a temporary database whose Inbox holds `--todos` todos;
/// `--pages` live pages open on it, reading every message they are sent; `--connections`
/// keep-alive connections writing through the JSON API (create, rename, move, trash the
/// created todo and delete it for good, trash and restore another) for `--warm-up` seconds
/// and then `--duration` seconds, the server dropping history older than `--retention`
/// seconds as `todo serve --sync-retention` does. Reported: the write throughput of the first
/// and the last window (a minute, or a tenth of a shorter run) and their ratio (target
/// ≥ 0.8), the growth of this process's resident memory from the end of the warm-up to the
/// end (target < 0.2), and the database's size at the end over its size at the end of the
/// warm-up (target < 1.2).
struct SoakBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "soak",
    abstract: "Bounded soak: mixed writes with live pages open; throughput and memory drift."
  )

  @OptionGroup var options: SoakOptions

  func run() async throws {
    // The allocator settings of `todo serve`: the server runs in this process.
    ServerMemory.configure()
    let logger = BenchLogging.errorsOnly(label: "todo-bench.soak")
    let wanted = 2 * (options.pages + options.connections + 64) + 1_024
    guard FileDescriptorLimit.raise(to: wanted) >= wanted else {
      throw BenchError("\(wanted) file descriptors needed (raise the hard limit: ulimit -Hn)")
    }
    let window = max(1, min(60, options.duration / 10))

    let outcome = try await BenchEngine.sqlite.withNewStore("soak", logger: logger) { location in
      let ids = try await BenchData.seed(location, inbox: options.todos, varied: false).inboxTodos
      let databaseBytes: @Sendable () -> Int? = { Self.bytes(of: location) }
      return try await BenchServer.withTodoServer(
        database: location, maximumConnections: options.pages + options.connections + 64,
        logger: logger,
        configure: { server in
          server.historyRetention = options.retention > 0 ? .seconds(options.retention) : nil
          server.historyPruningInterval = .milliseconds(max(1, options.retention) * 250)
        }
      ) { port in
        let opened = try await FanOut.open(
          options.pages, port: port, logger: logger, draining: true)
        defer { for page in opened { page.close() } }
        let messagesBefore = opened.map(\.received.value).reduce(0, +)
        let driver = SoakDriver(
          port: port, options: options, todoIDs: ids, sampleEvery: window,
          databaseBytes: databaseBytes)
        let result = try await Blocking.run { try driver.run() }
        let residentAtEnd = ResidentMemory.bytes
        let messages = opened.map(\.received.value).reduce(0, +) - messagesBefore
        return (result, residentAtEnd, databaseBytes(), messages)
      }
    }
    let (result, residentAtEnd, databaseAtEnd, pageMessages) = outcome

    var table = Table("window", "seconds", "writes", "writes/s", "resident MB at end")
    func megabytes(_ bytes: Int?) -> String {
      bytes.map { Format.fixed(Double($0) / 1_048_576, 1) } ?? "n/a"
    }
    table.append("end of warm-up", "", "", "", megabytes(result.residentAtWarmUpEnd))
    var rates: [Double] = []
    var from = 0
    while from < options.duration {
      let to = min(options.duration, from + window)
      let writes = result.perSecond[from..<to].reduce(0, +)
      let rate = Double(writes) / Double(to - from)
      rates.append(rate)
      let resident = to == options.duration ? residentAtEnd : result.residentSamples[to]
      table.append(
        "\(rates.count)", "\(from)–\(to)", "\(writes)", Format.fixed(rate, 1),
        megabytes(resident))
      from = to
    }
    let first = rates.first ?? .nan
    let last = rates.last ?? .nan
    let growth =
      result.residentAtWarmUpEnd.flatMap { start in
        residentAtEnd.map { Double($0 - start) / Double(start) }
      } ?? .nan
    let total = result.perSecond.reduce(0, +)
    let databaseGrowth =
      result.databaseAtWarmUpEnd.flatMap { start in
        databaseAtEnd.map { Double($0) / Double(start) }
      } ?? .nan

    print(
      "todo-bench soak: real server on 127.0.0.1, \(options.todos) todos, "
        + "\(options.pages) live pages reading, \(options.connections) writing connections, "
        + "\(options.warmUp) s warm-up + \(options.duration) s, windows of \(window) s, "
        + (options.retention > 0
          ? "history kept \(options.retention) s" : "history kept (no retention)")
        + "; \(Format.build)")
    print(table.rendered)
    print(
      "writes: \(total) measured (\(result.cycles) cycles of 7 in all), \(result.failures) failed"
        + (result.firstFailure.map { " (first: \($0))" } ?? "")
        + "; the pages received \(pageMessages) messages")
    print(
      "database: \(megabytes(result.databaseAtWarmUpEnd)) MB at the end of the warm-up, "
        + "\(megabytes(databaseAtEnd)) MB at the end (the file and its write-ahead log)")
    print(
      Format.summary([
        "soak_seconds": "\(options.duration)",
        "soak_writes_rps": Format.fixed(Double(total) / Double(options.duration), 1),
        "soak_first_rps": Format.fixed(first, 1),
        "soak_last_rps": Format.fixed(last, 1),
        "soak_throughput_ratio": Format.fixed(last / first, 2),
        "soak_rss_start_mb": megabytes(result.residentAtWarmUpEnd),
        "soak_rss_end_mb": megabytes(residentAtEnd),
        "soak_rss_growth": Format.fixed(growth, 3),
        "soak_failures": "\(result.failures)",
        "db_start_mb": megabytes(result.databaseAtWarmUpEnd),
        "db_end_mb": megabytes(databaseAtEnd),
        "db_growth_ratio": Format.fixed(databaseGrowth, 3),
      ]))
  }

  /// The bytes of a SQLite store on disk: its file and its write-ahead log.
  static func bytes(of location: StoreLocation) -> Int? {
    guard case .file(let url) = location else { return nil }
    let sizes = [url.path, url.path + "-wal"].compactMap { path in
      (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }
    return sizes.isEmpty ? nil : sizes.reduce(0, +)
  }
}

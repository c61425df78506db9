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

  @Option(help: "Measured seconds (after the warm-up).")
  var duration = 600

  @Option(help: "Warm-up seconds (not measured; resident memory is taken at its end).")
  var warmUp = 30

  @Option(help: "Keep-alive connections writing.")
  var connections = 4

  @Option(help: "Live pages open, reading every message.")
  var pages = 100

  @Option(help: "Todos in the list the pages show and the writes change.")
  var todos = 1_000

  @Option(
    help: """
      Seconds of history kept (change records, calendar tombstones), pruned every quarter of \
      it; 0 keeps it.
      """)
  var retention = 10

  func validate() throws {
    guard (10...86_400).contains(duration) else {
      throw ValidationError("--duration must be 10...86400 seconds")
    }
    guard (0...3_600).contains(warmUp) else {
      throw ValidationError("--warm-up must be 0...3600 seconds")
    }
    guard (1...64).contains(connections), (0...5_000).contains(pages) else {
      throw ValidationError("--connections must be 1...64 and --pages 0...5000")
    }
    guard todos >= 8 * connections, todos <= 1_000_000 else {
      throw ValidationError("--todos must be at least 8 per connection, at most 1000000")
    }
    guard (0...86_400).contains(retention), retention == 0 || retention < warmUp else {
      throw ValidationError(
        "--retention must be 0...86400 seconds and shorter than --warm-up (then the size is steady)"
      )
    }
  }

  func run() async throws {
    // The allocator settings of `todo serve`: the server runs in this process.
    ServerMemory.configure()
    let logger = BenchLogging.errorsOnly(label: "todo-bench.soak")
    let wanted = 2 * (pages + connections + 64) + 1_024
    guard FileDescriptorLimit.raise(to: wanted) >= wanted else {
      throw BenchError("\(wanted) file descriptors needed (raise the hard limit: ulimit -Hn)")
    }
    let window = max(1, min(60, duration / 10))
    let (duration, warmUp, connections, pages) = (duration, warmUp, connections, pages)
    let (retention, todos) = (retention, todos)

    let outcome = try await BenchEngine.sqlite.withNewStore("soak", logger: logger) { location in
      let ids = try await BenchData.seed(location, inbox: todos, varied: false).inboxTodos
      let databaseBytes: @Sendable () -> Int? = { Self.bytes(of: location) }
      return try await BenchServer.withTodoServer(
        database: location, maximumConnections: pages + connections + 64, logger: logger,
        configure: { options in
          options.historyRetention = retention > 0 ? .seconds(retention) : nil
          options.historyPruningInterval = .milliseconds(max(1, retention) * 250)
        }
      ) { port in
        let opened = try await FanOut.open(pages, port: port, logger: logger, draining: true)
        defer { for page in opened { page.close() } }
        let messagesBefore = opened.map(\.received.value).reduce(0, +)
        let driver = SoakDriver(
          port: port, connections: connections, todoIDs: ids, warmUp: .seconds(warmUp),
          seconds: duration, sampleEvery: window, databaseBytes: databaseBytes)
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
    while from < duration {
      let to = min(duration, from + window)
      let writes = result.perSecond[from..<to].reduce(0, +)
      let rate = Double(writes) / Double(to - from)
      rates.append(rate)
      let resident = to == duration ? residentAtEnd : result.residentSamples[to]
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
      "todo-bench soak: real server on 127.0.0.1, \(todos) todos, \(pages) live pages reading, "
        + "\(connections) writing connections, \(warmUp) s warm-up + \(duration) s, "
        + "windows of \(window) s, "
        + (retention > 0 ? "history kept \(retention) s" : "history kept (no retention)")
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
        "soak_seconds": "\(duration)",
        "soak_writes_rps": Format.fixed(Double(total) / Double(duration), 1),
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

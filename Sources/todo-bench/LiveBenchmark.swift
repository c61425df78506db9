import ArgumentParser
import Foundation
import Hummingbird
import Logging
import TodoCore
import TodoServer

/// `todo-bench live`: the live page's WebSocket on loopback.
///
/// Against a real server (`buildApplication`) over temporary databases:
/// - the bytes of the changes message sent after one toggle in a list of 10, 1,000 and 10,000
///   todos (target: independent of the list's size, under 1 KB);
/// - fan-out: the latency from an event sent by one page to the changes message at each of
///   100 other pages on a list of 10 (target: p99 < 100 ms), and until every one of 1,000
///   pages on a list of 1,000 had it, per round (target: p99 < 100 ms);
/// - write throughput (creates and updates) on a list of 10,000 todos with 100 pages open
///   against none (target: ≥ 0.5);
/// - the rows written when a parent with 1,000 subtasks moves within its list (target: 1);
/// - saved filters: 100 pages showing 50 saved filters between them (every sidebar counting
///   all 50) on the list of 10,000; the latency from a todo tagged into one filter to the new
///   count at each page (target: p99 < 100 ms), and write throughput (creates tagged into the
///   filters, updates) with the views open over the same pages on their list without filters
///   (target: ≥ 0.5).
///
/// `--engine postgres` runs them on PostgreSQL. `--servers 2` measures across servers
/// instead: a change through server A to the changes message at each of 100 pages open on
/// server B, both on one store (target on PostgreSQL: p99 < 50 ms on loopback), beside the
/// same fan-out within one server of that store.
struct LiveBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "live",
    abstract: "Live page: message size per change, fan-out latency, writes with pages open."
  )

  @Option(help: "Pages that receive each change in the small fan-out.")
  var pages = 100

  @Option(help: "Measured rounds of the small fan-out (one toggle each).")
  var rounds = 50

  @Option(help: "Pages of the large fan-out.")
  var largePages = 1_000

  @Option(help: "Todos in the list of the large fan-out.")
  var largeTodos = 1_000

  @Option(help: "Measured rounds of the large fan-out.")
  var largeRounds = 40

  @Option(help: "Todos in the list of the writes-with-pages measurement.")
  var writeTodos = 10_000

  @Option(help: "Pages open during the writes-with-pages measurement.")
  var writePages = 100

  @Option(help: "Keep-alive connections writing in the writes-with-pages measurement.")
  var writeConnections = 8

  @Option(help: "Measured seconds of each writes-with-pages run (after 1 s of warm-up).")
  var writeSeconds = 4.0

  @Option(help: "Rounds of the writes-with-pages comparison (no pages, then pages, each).")
  var writeRounds = 3

  @Option(help: "Subtasks under the parent that the subtree move moves.")
  var subtreeDescendants = 1_000

  @Option(help: "Saved filters shown across the pages (0 skips the saved filters' measurements).")
  var filters = 50

  @Option(help: "Pages showing the saved filters.")
  var filterPages = 100

  @Option(help: "Measured rounds of the saved filters' fan-out (one todo tagged each).")
  var filterRounds = 50

  @Option(help: "Todos in the lists of the message-size measurement (comma-separated).")
  var sizeTodos = "10,1000,10000"

  @OptionGroup var store: BenchEngineOptions

  @Option(
    help: "Servers on the store: 1, or 2 to measure from a change on one to pages on the other.")
  var servers = 1

  func validate() throws {
    guard (1...5_000).contains(pages), (1...5_000).contains(largePages) else {
      throw ValidationError("--pages and --large-pages must be 1...5000")
    }
    guard (1...1_000).contains(rounds), (1...1_000).contains(largeRounds) else {
      throw ValidationError("--rounds and --large-rounds must be 1...1000")
    }
    guard (1...1_000_000).contains(largeTodos), (1...1_000_000).contains(writeTodos) else {
      throw ValidationError("--large-todos and --write-todos must be 1...1000000")
    }
    guard (1...50).contains(writeRounds) else {
      throw ValidationError("--write-rounds must be 1...50")
    }
    guard (0...5_000).contains(writePages), (1...256).contains(writeConnections),
      writeSeconds > 0, writeSeconds <= 60
    else {
      throw ValidationError(
        "--write-pages must be 0...5000, --write-connections 1...256, --write-seconds (0, 60]")
    }
    guard !messageSizeCounts.isEmpty, messageSizeCounts.allSatisfy({ $0 > 0 }) else {
      throw ValidationError("--size-todos must be positive counts, comma-separated")
    }
    guard (1...2).contains(servers) else { throw ValidationError("--servers must be 1 or 2") }
    guard (0...500).contains(filters), (1...5_000).contains(filterPages),
      (1...1_000).contains(filterRounds)
    else {
      throw ValidationError(
        "--filters must be 0...500, --filter-pages 1...5000, --filter-rounds 1...1000")
    }
    guard (1...100_000).contains(subtreeDescendants) else {
      throw ValidationError("--subtree-descendants must be 1...100000")
    }
  }

  var messageSizeCounts: [Int] {
    sizeTodos.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  func run() async throws {
    // The allocator settings of `todo serve`: the server runs in this process.
    ServerMemory.configure()
    let logger = BenchLogging.errorsOnly(label: "todo-bench.live")
    // Every page is two descriptors in this process: the page's socket and the server's.
    let wantedDescriptors = 2 * (max(pages, largePages, writePages, filterPages) + 64) + 1_024
    let descriptors = FileDescriptorLimit.raise(to: wantedDescriptors)
    guard descriptors >= wantedDescriptors else {
      throw BenchError(
        "\(wantedDescriptors) file descriptors needed, the limit is \(descriptors) "
          + "(raise the hard limit: ulimit -Hn)")
    }
    let engine = try store.resolved()
    if servers > 1 {
      try await runAcrossServers(engine: engine, logger: logger)
      return
    }
    // First: the memory the other measurements free is kept by the allocator and used
    // again, which would hide what new pages cost. Idle pages opened from another process,
    // on a server of their own: only the server's side of each counts.
    let residentPerPage = try await LiveServerRun.with(
      todos: largeTodos, engine: engine, maximumConnections: largePages + 64, logger: logger
    ) { [largePages] port, _ in
      try await IdlePages.residentPerPage(port: port, pages: largePages, logger: logger)
    }
    var table = Table(
      "measurement", "todos", "pages", "samples", "bytes", "p50 ms", "p99 ms", "req/s")

    var sizes: [Int: Int] = [:]
    for count in messageSizeCounts {
      let (bytes, snapshotBytes) = try await LiveServerRun.with(
        todos: count, engine: engine, logger: logger
      ) {
        port, _ in try await Self.messageSize(port: port, logger: logger)
      }
      sizes[count] = bytes
      table.append("changes message, one toggle", "\(count)", "1", "1", "\(bytes)", "", "", "")
      table.append(
        "first snapshot (reference)", "\(count)", "1", "1", "\(snapshotBytes)", "", "", "")
    }

    let (pages, rounds) = (pages, rounds)
    let small = try await LiveServerRun.with(
      todos: 10, engine: engine, maximumConnections: pages + 64, logger: logger
    ) { port, _ in
      try await FanOut.measure(port: port, pages: pages, rounds: rounds, logger: logger)
    }
    func fanOutRows(
      _ result: FanOut.Result, todos: Int, pages: Int, what: String = "fan-out: event → changes"
    ) {
      table.append(
        what + " at each page", "\(todos)", "\(pages)",
        "\(result.perPage.count)", "", Format.fixed(Measure.percentile(result.perPage, 0.5), 3),
        Format.fixed(Measure.percentile(result.perPage, 0.99), 3), "")
      table.append(
        what + " at every page", "\(todos)", "\(pages)",
        "\(result.perRound.count)", "",
        Format.fixed(Measure.percentile(result.perRound, 0.5), 3),
        Format.fixed(Measure.percentile(result.perRound, 0.99), 3), "")
    }
    fanOutRows(small, todos: 10, pages: pages)

    let (largePages, largeTodos, largeRounds) = (largePages, largeTodos, largeRounds)
    let large = try await LiveServerRun.with(
      todos: largeTodos, engine: engine, maximumConnections: largePages + 64, logger: logger
    ) { port, _ in
      try await FanOut.measure(port: port, pages: largePages, rounds: largeRounds, logger: logger)
    }
    fanOutRows(large, todos: largeTodos, pages: largePages)

    // No pages, then pages, in each round: the machine's speed drifts over tens of seconds,
    // so the ratio is the median of the rounds' ratios, each between runs seconds apart.
    var writes: [[WritesWithPages.Result]] = [[], []]
    for _ in 0..<writeRounds {
      for (index, pageCount) in [0, writePages].enumerated() {
        writes[index].append(
          try await WritesWithPages.measure(
            todos: writeTodos, engine: engine, pages: pageCount, connections: writeConnections,
            warmUp: .seconds(1), duration: .milliseconds(Int(writeSeconds * 1_000)),
            logger: logger))
      }
    }
    let combined = writes.map { ApiBenchmark.combined($0.map(\.load)) }
    for (index, pageCount) in [0, writePages].enumerated() {
      let load = combined[index]
      var failed = ""
      if load.failures > 0 {
        failed = ", \(load.failures) failed (\(load.unexpectedStatus ?? 0))"
      }
      table.append(
        "writes: create/update, pages reading" + failed, "\(writeTodos)", "\(pageCount)",
        "\(load.requests)", "", Format.fixed(load.percentile(0.5), 3),
        Format.fixed(load.percentile(0.99), 3), ApiBenchmark.whole(load.requestsPerSecond))
    }
    let roundRatios = zip(writes[1], writes[0]).map {
      $0.load.requestsPerSecond / $1.load.requestsPerSecond
    }
    let writesRatio = Measure.percentile(roundRatios, 0.5)

    let subtree = try await SubtreeMove.measure(
      descendants: subtreeDescendants, engine: engine, logger: logger)
    table.append(
      "move a parent, \(subtree.descendants) subtasks: \(subtree.rowsWritten) rows written",
      "\(subtree.descendants + 2)", "0", "1", "", Format.fixed(subtree.milliseconds, 3), "", "")

    var filterSummary: [(key: String, value: String)] = []
    var filterRatios: String?
    if filters > 0 {
      let (filters, filterPages, filterRounds) = (filters, filterPages, filterRounds)
      let fanOut = try await LiveServerRun.with(
        todos: writeTodos, engine: engine, maximumConnections: filterPages + 64, logger: logger
      ) { port, ids in
        try await FilterViews.fanOut(
          port: port, todos: ids, pages: filterPages, filters: filters, rounds: filterRounds,
          logger: logger)
      }
      fanOutRows(
        fanOut, todos: writeTodos, pages: filterPages,
        what: "saved filters: tag → new count")
      // Without, then with the filters, in each round, on the same pages and writes.
      var runs: [[WritesWithPages.Result]] = [[], []]
      for _ in 0..<writeRounds {
        for (index, count) in [0, filters].enumerated() {
          runs[index].append(
            try await WritesWithPages.measure(
              todos: writeTodos, engine: engine, pages: filterPages,
              connections: writeConnections, warmUp: .seconds(1),
              duration: .milliseconds(Int(writeSeconds * 1_000)), filters: count, tags: filters,
              logger: logger))
        }
      }
      let loads = runs.map { ApiBenchmark.combined($0.map(\.load)) }
      for (index, label) in [
        "writes: tagged creates/updates, pages on a list",
        "writes: tagged creates/updates, pages on filters",
      ].enumerated() {
        let load = loads[index]
        table.append(
          label + (load.failures > 0 ? ", \(load.failures) failed" : ""), "\(writeTodos)",
          "\(filterPages)", "\(load.requests)", "", Format.fixed(load.percentile(0.5), 3),
          Format.fixed(load.percentile(0.99), 3), ApiBenchmark.whole(load.requestsPerSecond))
      }
      let ratios = zip(runs[1], runs[0]).map {
        $0.load.requestsPerSecond / $1.load.requestsPerSecond
      }
      filterRatios =
        "writes_with_filters_ratio per round: "
        + ratios.map { Format.fixed($0, 2) }.joined(separator: " ")
      filterSummary = [
        ("filter_fanout_p50_ms", Format.fixed(Measure.percentile(fanOut.perPage, 0.5), 3)),
        ("filter_fanout_p99_ms", Format.fixed(Measure.percentile(fanOut.perPage, 0.99), 3)),
        ("filter_fanout_all_p99_ms", Format.fixed(Measure.percentile(fanOut.perRound, 0.99), 3)),
        ("writes_with_filters_ratio", Format.fixed(Measure.percentile(ratios, 0.5), 2)),
      ]
    }

    print(
      "todo-bench live: real server on 127.0.0.1 (\(engine.name)), WebSocket /live; fan-out to "
        + "\(pages) pages "
        + "(\(rounds) rounds) and \(largePages) pages (\(largeRounds) rounds, opened in "
        + "\(Format.fixed(large.openSeconds, 1)) s); writes from \(writeConnections) "
        + "connections; \(Format.build)")
    print(table.rendered)
    print(
      "writes_with_pages_ratio per round: "
        + roundRatios.map { Format.fixed($0, 2) }.joined(separator: " "))
    if writePages > 0 {
      // How often each page was updated while the writes ran (warm-up included).
      let seconds = (writeSeconds + 1) * Double(writeRounds)
      let messages = writes[1].map(\.pageMessages).reduce(0, +)
      let bytes = writes[1].map(\.pageBytes).reduce(0, +)
      print(
        "writes with \(writePages) pages: \(messages) messages to the pages, "
          + Format.fixed(Double(messages) / Double(writePages) / seconds, 1)
          + " a page a second, " + Format.fixed(Double(bytes) / seconds / 1e6, 1)
          + " MB a second in all")
    }
    let summary: KeyValuePairs<String, String> = [
      "msg_bytes_10": sizes[10].map(String.init) ?? "n/a",
      "msg_bytes_1000": sizes[1_000].map(String.init) ?? "n/a",
      "msg_bytes_10000": sizes[10_000].map(String.init) ?? "n/a",
      "fanout_p50_ms": Format.fixed(Measure.percentile(small.perPage, 0.5), 3),
      "fanout_p99_ms": Format.fixed(Measure.percentile(small.perPage, 0.99), 3),
      "fanout_all_p99_ms": Format.fixed(Measure.percentile(small.perRound, 0.99), 3),
      // Named by the large fan-out's pages: fanout_1000_p99_ms by default.
      "fanout_\(largePages)_p50_ms": Format.fixed(Measure.percentile(large.perRound, 0.5), 3),
      "fanout_\(largePages)_p99_ms": Format.fixed(Measure.percentile(large.perRound, 0.99), 3),
      // The server alone: idle pages on a list of --large-todos, opened from another process.
      "rss_per_page_kb": residentPerPage.map { Format.fixed($0 / 1_024, 1) } ?? "n/a",
      "writes_rps_no_pages": ApiBenchmark.whole(combined[0].requestsPerSecond),
      "writes_rps_with_pages": ApiBenchmark.whole(combined[1].requestsPerSecond),
      "writes_with_pages_ratio": Format.fixed(writesRatio, 2),
      "subtree_move_rows": "\(subtree.rowsWritten)",
    ]
    if let filterRatios { print(filterRatios) }
    print(Format.summary(summary.map { ($0.key, $0.value) } + filterSummary))
  }

  /// Opens one page, toggles the middle todo, and returns the size of the changes message
  /// and of the first snapshot.
  static func messageSize(port: Int, logger: Logger) async throws -> (Int, Int) {
    let page = try await BenchPage.open(port: port, logger: logger)
    defer { page.close() }
    let snapshot = try await page.next()
    let items = try snapshot.itemIDs()
    let middle = items[items.count / 2]
    try await page.send(#"{"v":1,"type":"toggle","id":"\#(middle)"}"#)
    let changes = try await page.next()
    guard changes.isType("changes") else {
      throw BenchError("expected a changes message, got \(changes.text.prefix(200))")
    }
    return (changes.bytes, snapshot.bytes)
  }
}

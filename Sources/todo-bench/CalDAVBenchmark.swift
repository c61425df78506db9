import ArgumentParser
import Foundation
import Hummingbird
import TodoCore
import TodoServer

/// `todo-bench caldav`: CalDAV sync (RFC 6578 `sync-collection`) of a large calendar on
/// loopback.
///
/// One process: a todo server (`buildApplication` over a temporary SQLite database whose one
/// list, the calendar, holds 10,000 todos seeded through `TodoService`), the baselines (plain
/// Hummingbird routes, ``SyncBaselineServer``) and blocking keep-alive clients. Measured:
/// - the first sync: `REPORT sync-collection` with an empty token, `getetag` only (what
///   DAVx⁵ and vdirsyncer ask first) and with `calendar-data` (the whole calendar), each
///   checked to answer every todo;
/// - one change: a todo changed through the JSON API, then the `sync-collection` with the
///   previous token, `getetag` and `calendar-data`, checked to answer that todo alone with
///   its new title and a newer token (target: p99 < 5 ms), against a constant answer of the
///   same size, the same sync written with GRDB alone and an `OPTIONS` of the calendar (the
///   todo server's own floor), in the same rounds; then, without
///   HTTP and XML, `TodoService.calendarChanges` and the changed todo's `VCALENDAR` text
///   alone, in-process;
/// - a `calendar-query` whose `text-match` on `SUMMARY` finds about a tenth of the calendar,
///   with their data (`filtered_query_ms`);
/// - `PUT`s as Apple Reminders writes them (the whole todo, with an `X-APPLE-SORT-ORDER` among
///   its neighbours'), creating and then rewriting a todo, into two more calendars a client
///   filled (``PutRounds/seed(_:sizes:)``), of 10 todos and of `--todos`, round by round (target: `put_10000_vs_10`, the slower of the two
///   ratios of medians, at most 1.2).
///
/// Latencies are observed by the client on loopback, one request at a time: the server's time
/// plus the loopback round trip and the client's read of the answer.
struct CalDAVBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "caldav",
    abstract:
      "CalDAV sync-collection: one change in a 10,000-todo calendar, the first full sync, "
      + "vs plain Hummingbird routes."
  )

  @Option(help: "Todos in the calendar.")
  var todos = 10_000

  @Option(help: "Measured one-change rounds (a change, then the syncs).")
  var changes = 300

  @Option(help: "One-change rounds before the measured ones (not measured).")
  var warmUp = 20

  @Option(help: "Measured first syncs of each kind, after a first (cold) one.")
  var firstSyncs = 5

  @Option(help: "Measured PUT rounds (a create and a rewrite in each calendar).")
  var puts = 200

  func validate() throws {
    guard (1...1_000_000).contains(todos) else {
      throw ValidationError("--todos must be 1...1000000")
    }
    guard (1...100_000).contains(changes), (0...10_000).contains(warmUp) else {
      throw ValidationError("--changes must be 1...100000 and --warm-up 0...10000")
    }
    guard (1...100).contains(firstSyncs) else {
      throw ValidationError("--first-syncs must be 1...100")
    }
    guard (1...10_000).contains(puts) else {
      throw ValidationError("--puts must be 1...10000")
    }
  }

  /// Todos in the small calendar the PUTs are compared with.
  static let smallTodos = 10

  func run() async throws {
    // The allocator settings of `todo serve`: the server runs in this process.
    ServerMemory.configure()
    let logger = BenchLogging.errorsOnly(label: "todo-bench.caldav")
    let directory = try BenchData.temporaryDirectory("caldav")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("caldav.sqlite")
    let seeded = try await BenchData.seed(.file(database), lists: ["Calendar": todos])
    let synced = try await PutRounds.seed(.file(database), sizes: [Self.smallTodos, todos])
    let listID = seeded.list("Calendar")
    let ids = seeded.todos(in: listID)
    let path = "/dav/calendars/me/\(listID.uuidString.lowercased())/"
    let pool = try BenchData.readOnlyPool(database)
    let (todos, changes, warmUp, firstSyncs, puts) = (todos, changes, warmUp, firstSyncs, puts)

    let (first, constants, oneChange, query, written) = try await BenchServer.withTodoServer(
      database: .file(database), logger: logger
    ) { port in
      let first = try await Blocking.run {
        try SyncRounds.firstSync(path: path, port: port, todos: todos, runs: firstSyncs)
      }
      // One change, to capture an answer of the size the constant route must return.
      let probe = try await Blocking.run {
        let api = try HTTPConnection(port: port)
        let id = SyncRounds.changed(0, of: ids)
        try SyncRounds.change(id, title: SyncRounds.title(0), api: api, port: port)
        return try SyncRounds.checkedSync(
          HTTPConnection(port: port), path: path, port: port, after: first.token, changed: id,
          title: SyncRounds.title(0))
      }
      let baseline = SyncBaselineServer.router(
        constants: [probe.body, first.etagBody, first.fullBody], pool: pool)
      return try await BenchServer.serving(baseline, logger: logger) { base in
        let constants = try await Blocking.run {
          try SyncRounds.constantSyncs(
            sizes: [first.etagBody.count, first.fullBody.count], port: base, runs: firstSyncs)
        }
        let oneChange = try await Blocking.run {
          try SyncRounds.oneChange(
            ids: ids, path: path, listID: listID, port: port, basePort: base,
            constantSize: probe.body.count, token: probe.token, firstRound: 1, warmUp: warmUp,
            rounds: changes)
        }
        let query = try await Blocking.run {
          try SyncRounds.filteredQueries(path: path, port: port, runs: firstSyncs)
        }
        let written = try await Blocking.run {
          try PutRounds.run(
            calendars: synced, port: port, warmUp: min(warmUp, puts), rounds: puts)
        }
        return (first, constants, oneChange, query, written)
      }
    }
    try pool.close()
    // The same rounds without HTTP and XML, on todos the rounds above did not change.
    let inProcess = try await SyncInProcess.measure(
      database: database, listID: listID, ids: ids, firstRound: 1 + warmUp + changes,
      warmUp: warmUp, rounds: changes)

    var table = Table(
      "measurement", "resources", "body bytes", "samples", "cold ms", "p50 ms", "p99 ms",
      "max ms")
    func row(_ name: String, _ samples: SyncRounds.Samples, cold: Double? = nil) {
      let many = samples.milliseconds.count >= 100
      table.append(
        name, samples.resources > 0 ? "\(samples.resources)" : "",
        samples.bodyBytes > 0 ? "\(samples.bodyBytes)" : "",
        "\(samples.milliseconds.count)", cold.map { Format.fixed($0, 1) } ?? "",
        Format.fixed(samples.percentile(0.5), many ? 3 : 1),
        many ? Format.fixed(samples.percentile(0.99), 3) : "",
        Format.fixed(samples.percentile(1), many ? 3 : 1))
    }
    row("first sync: sync-collection, getetag", first.etag, cold: first.etagCold)
    row("first sync: sync-collection, getetag + calendar-data", first.full, cold: first.fullCold)
    row("  constant body of the getetag answer's size", constants[0])
    row("  constant body of the full answer's size", constants[1])
    row("one change: sync-collection, getetag + calendar-data", oneChange.server)
    row("  baseline: constant body of the same size", oneChange.constant)
    row("  raw GRDB: change records, the row by id, hand XML", oneChange.raw)
    row("  todo server: OPTIONS of the calendar (no database)", oneChange.options)
    row("  in-process: TodoService.calendarChanges alone", inProcess.changes)
    row("  in-process: its VCALENDAR text (calendar-data)", inProcess.text)
    row("calendar-query: SUMMARY text-match, calendar-data", query)
    for (index, size) in [Self.smallTodos, todos].enumerated() {
      row("PUT that creates a todo, calendar of \(size)", written.create[index])
      row("PUT that rewrites it, calendar of \(size)", written.update[index])
    }

    print(
      "todo-bench caldav: real server on 127.0.0.1, a calendar of \(todos) todos, "
        + "\(changes) one-change rounds after \(warmUp) warm-up, one request at a time, "
        + Format.build)
    print(table.rendered)
    print(
      "latency: client-observed on loopback (first byte of the request sent → last byte of the "
        + "answer read), the server's time plus one loopback round trip")
    let p99 = oneChange.server.percentile(0.99)
    print(
      "target: one change p99 < 5 ms: "
        + (p99 < 5 ? "met" : "NOT met") + " (\(Format.fixed(p99, 3)) ms)")
    let ratio = oneChange.server.percentile(0.5) / oneChange.constant.percentile(0.5)
    let ratioVsRaw = oneChange.server.percentile(0.5) / oneChange.raw.percentile(0.5)
    let putCreateRatio = written.create[1].percentile(0.5) / written.create[0].percentile(0.5)
    let putUpdateRatio = written.update[1].percentile(0.5) / written.update[0].percentile(0.5)
    let putRatio = max(putCreateRatio, putUpdateRatio)
    print(
      "target: a PUT into \(todos) todos at most 1.2 times one into \(Self.smallTodos): "
        + (putRatio <= 1.2 ? "met" : "NOT met") + " (\(Format.fixed(putRatio, 2)))")
    print(
      Format.summary([
        "put_\(todos)_vs_\(Self.smallTodos)": Format.fixed(putRatio, 2),
        "put_create_p50_ms": Format.fixed(written.create[1].percentile(0.5), 3),
        "put_create_small_p50_ms": Format.fixed(written.create[0].percentile(0.5), 3),
        "put_update_p50_ms": Format.fixed(written.update[1].percentile(0.5), 3),
        "put_update_small_p50_ms": Format.fixed(written.update[0].percentile(0.5), 3),
        "filtered_query_ms": Format.fixed(query.percentile(0.5), 1),
        "filtered_query_resources": "\(query.resources)",
        "caldav_one_change_p50_ms": Format.fixed(oneChange.server.percentile(0.5), 3),
        "caldav_one_change_p99_ms": Format.fixed(p99, 3),
        "baseline_p50_ms": Format.fixed(oneChange.constant.percentile(0.5), 3),
        "ratio": Format.fixed(ratio, 2),
        "first_sync_etag_ms": Format.fixed(first.etag.percentile(0.5), 1),
        "first_sync_full_ms": Format.fixed(first.full.percentile(0.5), 1),
        "baseline_p99_ms": Format.fixed(oneChange.constant.percentile(0.99), 3),
        "raw_p50_ms": Format.fixed(oneChange.raw.percentile(0.5), 3),
        "raw_p99_ms": Format.fixed(oneChange.raw.percentile(0.99), 3),
        "ratio_vs_raw": Format.fixed(ratioVsRaw, 2),
        "options_p50_ms": Format.fixed(oneChange.options.percentile(0.5), 3),
        "service_p50_ms": Format.fixed(inProcess.changes.percentile(0.5), 3),
        "text_p50_ms": Format.fixed(inProcess.text.percentile(0.5), 3),
        "one_change_bytes": "\(oneChange.server.bodyBytes)",
        "first_sync_etag_bytes": "\(first.etag.bodyBytes)",
        "first_sync_full_bytes": "\(first.full.bodyBytes)",
      ]))
  }
}

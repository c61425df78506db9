import ArgumentParser
import Foundation
import Hummingbird
import TodoCore
import TodoServer

/// `todo-bench api`: requests per second and latency of the JSON API on loopback.
///
/// One process: todo servers (`buildApplication`, each over a temporary database seeded
/// through `TodoService`), the baselines (plain Hummingbird routes on ports of their own) and
/// a load generator of blocking keep-alive connections, one thread each. Measured:
/// - list reads of 100 and 1,000 todos (`GET /api/v1/lists/{id}/todos`) against a route
///   returning a constant body of the same size (the ceiling), with the process's CPU time per
///   request and what SQLite alone costs for the same read (``SQLiteFloor``): the bound the
///   ceiling ratio cannot pass on this machine;
/// - creates (`POST /api/v1/lists/{id}/todos`) in a list of 100 todos against a route that
///   inserts the same row with one prepared GRDB statement (the raw create);
/// - creates in a list of 10,000 todos against a list of 100, on the JSON API and on the
///   Todo-Backend API (`POST /todos`, the Inbox): creates must not slow as data grows.
struct ApiBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "api",
    abstract:
      "JSON API throughput and latency vs plain Hummingbird routes (constant body, raw insert)."
  )

  @Option(help: "Concurrent keep-alive connections.")
  var connections = 32

  @Option(help: "Rounds: every scenario of a comparison runs once per round.")
  var rounds = 5

  @Option(help: "Measured seconds per scenario and round.")
  var seconds = 2.0

  @Option(help: "Warm-up seconds per scenario and round (not measured).")
  var warmUp = 0.5

  @Option(help: "Todos in the small list (list read and create baseline).")
  var smallList = 100

  @Option(help: "Todos in the long list read.")
  var longList = 1_000

  @Option(help: "Todos already in the list for the create-growth scenarios.")
  var grownList = 10_000

  @Flag(
    help: ArgumentHelp(
      "Measure accounts instead: a token-authenticated list read against the same read "
        + "on a server without accounts, and sign-in latency."))
  var auth = false

  @Flag(
    help: ArgumentHelp(
      "Measure list reads and creates with metrics and JSON request logs on, against off.",
      discussion: "Prints list_observed_ratio and post_observed_ratio (on over off)."))
  var observability = false

  @Option(help: "Sign-ins measured with --auth (one after the other).")
  var signIns = 30

  func validate() throws {
    guard (1...256).contains(connections) else {
      throw ValidationError("--connections must be 1...256")
    }
    guard (1...50).contains(rounds) else { throw ValidationError("--rounds must be 1...50") }
    guard seconds > 0, seconds <= 60, warmUp >= 0, warmUp <= 10 else {
      throw ValidationError("--seconds must be in (0, 60] and --warm-up in [0, 10]")
    }
    guard (1...1_000_000).contains(smallList), (1...1_000_000).contains(longList),
      (1...1_000_000).contains(grownList)
    else { throw ValidationError("list sizes must be 1...1000000") }
  }

  func run() async throws {
    let logger = BenchLogging.errorsOnly(label: "todo-bench.api")
    let directory = try BenchData.temporaryDirectory("api")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (connections, warmUp, seconds) = (connections, warmUp, seconds)
    let generator = { @Sendable (port: Int) in
      LoadGenerator(
        port: port, connections: connections, warmUp: .milliseconds(Int(warmUp * 1_000)),
        duration: .milliseconds(Int(seconds * 1_000)))
    }
    if auth {
      try await runAuth(directory: directory, logger: logger, generator: generator)
      return
    }
    if observability {
      try await runObservability(directory: directory, logger: logger, generator: generator)
      return
    }

    // The databases: one with the two lists that are read, one whose Inbox holds the small
    // list and one whose Inbox holds the grown list, each copied once per create scenario so
    // every scenario starts from the same rows.
    let reads = directory.appendingPathComponent("reads.sqlite")
    let readLists = try await BenchData.seed(
      .file(reads), lists: ["Bench": smallList, "Long": longList])
    let small = directory.appendingPathComponent("small.sqlite")
    _ = try await BenchData.seed(.file(small), inbox: smallList)
    let grown = directory.appendingPathComponent("grown.sqlite")
    _ = try await BenchData.seed(.file(grown), inbox: grownList)
    func copy(_ database: URL, _ name: String) throws -> URL {
      let target = directory.appendingPathComponent("\(name).sqlite")
      try BenchData.copy(database, to: target)
      return target
    }

    // Every scenario of a comparison runs in each round (``measure(_:rounds:generator:)``).
    let rounds = rounds
    @Sendable func measure(_ scenarios: [Scenario]) async throws -> [[LoadGenerator.Result]] {
      try await Self.measure(scenarios, rounds: rounds, generator: generator)
    }
    /// The body size of a GET, checked to answer 200.
    @Sendable func bodyLength(_ path: String, port: Int) async throws -> Int {
      let request = httpRequest("GET", path, port: port)
      let size = try await Blocking.run { try HTTPConnection(port: port).roundTrip(request) }
      guard size.status == 200 else { throw BenchError("GET \(path) answered \(size.status)") }
      return size.bodyLength
    }

    // List reads, the raw list read and the constant bodies of the same sizes (the ceiling).
    let smallPath = "/api/v1/lists/\(readLists.list("Bench").uuidString)/todos"
    let longPath = "/api/v1/lists/\(readLists.list("Long").uuidString)/todos"
    let rawPath = "/lists/\(readLists.list("Bench").uuidString)/todos"
    let rawReads = try BenchData.readOnlyPool(reads)
    let (reading, bodySize, longBodySize) = try await BenchServer.withTodoServer(
      database: .file(reads), logger: logger
    ) { port in
      let bodySize = try await bodyLength(smallPath, port: port)
      let longBodySize = try await bodyLength(longPath, port: port)
      let ceilingRoutes = Self.ceilingRouter(bodySizes: [bodySize, longBodySize])
      let reading = try await BenchServer.serving(ceilingRoutes, logger: logger) { ceiling in
        try await BenchServer.serving(RawListServer.router(pool: rawReads), logger: logger) {
          raw in
          guard try await bodyLength(rawPath, port: raw) == bodySize else {
            throw BenchError("the raw list's body is not the API's \(bodySize) bytes")
          }
          return try await measure([
            Scenario(get: smallPath, port: port), Scenario(get: rawPath, port: raw),
            Scenario(get: "/ceiling/\(bodySize)", port: ceiling),
            Scenario(get: longPath, port: port),
            Scenario(get: "/ceiling/\(longBodySize)", port: ceiling),
          ])
        }
      }
      return (reading, bodySize, longBodySize)
    }
    try rawReads.close()
    let benchList = readLists.list("Bench")
    let sqliteFloor = try await Blocking.run {
      try SQLiteFloor.microsecondsPerRead(database: reads, listID: benchList)
    }

    // Creates: the JSON API and the Todo-Backend API, in a small and in a grown Inbox, and
    // the raw create (the same row with one prepared statement), each in a copy of its Inbox.
    let apiCreatePath = "/api/v1/lists/\(TodoList.inboxID.uuidString)/todos"
    let (rawPool, rawColumns) = try RawCreateServer.openPool(try copy(small, "raw"))
    let rawRoutes = RawCreateServer.router(
      pool: rawPool, columns: rawColumns, listID: TodoList.inboxID)
    let (postSmall, postGrown) = (try copy(small, "post-small"), try copy(grown, "post-grown"))
    let (backendSmall, backendGrown) = (
      try copy(small, "backend-small"), try copy(grown, "backend-grown")
    )
    let creating = try await BenchServer.serving(rawRoutes, logger: logger) { raw in
      try await BenchServer.withTodoServer(database: .file(postSmall), logger: logger) { post in
        try await BenchServer.withTodoServer(database: .file(postGrown), logger: logger) { grown in
          try await BenchServer.withTodoServer(database: .file(backendSmall), logger: logger) {
            backend in
            try await BenchServer.withTodoServer(database: .file(backendGrown), logger: logger) {
              backendGrown in
              try await measure([
                Scenario(create: apiCreatePath, port: post), Scenario(create: "/todos", port: raw),
                Scenario(create: apiCreatePath, port: grown),
                Scenario(create: "/todos", port: backend),
                Scenario(create: "/todos", port: backendGrown),
              ])
            }
          }
        }
      }
    }
    try rawPool.close()

    let (list, rawList, ceiling) = (
      Self.combined(reading[0]), Self.combined(reading[1]), Self.combined(reading[2])
    )
    let (longRead, longCeiling) = (Self.combined(reading[3]), Self.combined(reading[4]))
    let (post, raw, grownPost) = (
      Self.combined(creating[0]), Self.combined(creating[1]), Self.combined(creating[2])
    )
    let (backend, grownBackend) = (Self.combined(creating[3]), Self.combined(creating[4]))
    /// The median over the rounds of `a`'s rate over `b`'s.
    func ratio(_ a: [LoadGenerator.Result], _ b: [LoadGenerator.Result]) -> String {
      let ratios = zip(a, b).map { $0.requestsPerSecond / $1.requestsPerSecond }
      return Format.fixed(Measure.percentile(ratios, 0.5), 2)
    }

    var table = Table(
      "scenario", "todos in list", "body bytes", "requests", "req/s", "p50 ms", "p99 ms", "failed")
    func row(_ name: String, _ todos: String, _ bytes: Int?, _ result: LoadGenerator.Result) {
      var failed = "\(result.failures)"
      if let status = result.unexpectedStatus { failed += " (\(status))" }
      table.append(
        name, todos, bytes.map(String.init) ?? "", "\(result.requests)",
        Self.whole(result.requestsPerSecond), Format.fixed(result.percentile(0.5), 3),
        Format.fixed(result.percentile(0.99), 3), failed)
    }
    func grew(_ count: Int, _ result: LoadGenerator.Result) -> String {
      "\(count) → \(count + result.allSucceeded)"
    }
    row("GET list (no cache)", "\(smallList)", bodySize, list)
    row("GET raw list: prepared SELECT, hand JSON", "\(smallList)", bodySize, rawList)
    row("GET constant body (ceiling)", "", bodySize, ceiling)
    row("GET long list (no cache)", "\(longList)", longBodySize, longRead)
    row("GET constant body (long ceiling)", "", longBodySize, longCeiling)
    row("POST /api/v1/lists/{id}/todos", grew(smallList, post), nil, post)
    row("POST raw: one prepared INSERT", grew(smallList, raw), nil, raw)
    row("POST /api/v1/lists/{id}/todos, grown", grew(grownList, grownPost), nil, grownPost)
    row("POST /todos (Todo-Backend)", grew(smallList, backend), nil, backend)
    row("POST /todos (Todo-Backend), grown", grew(grownList, grownBackend), nil, grownBackend)
    print(
      "todo-bench api: \(connections) keep-alive connections on 127.0.0.1, "
        + "\(rounds) rounds of \(Format.fixed(warmUp, 1)) s warm-up + "
        + "\(Format.fixed(seconds, 1)) s per scenario, "
        + Format.build + "; ratios are medians of the rounds' ratios")
    print(table.rendered)
    func spread(_ a: [LoadGenerator.Result], _ b: [LoadGenerator.Result]) -> String {
      zip(a, b).map { Format.fixed($0.requestsPerSecond / $1.requestsPerSecond, 2) }
        .joined(separator: " ")
    }
    print(
      "ratios per round: list_vs_ceiling \(spread(reading[0], reading[2])); "
        + "post_vs_raw \(spread(creating[0], creating[1])); "
        + "post_growth_ratio \(spread(creating[2], creating[0]))")
    // CPU per request, servers and load generator together: what the ceiling pays is what a
    // list read pays before it reads anything, so SQLite's own cost bounds the ratio.
    let (listCPU, ceilingCPU) = (list.cpuMicrosecondsPerRequest, ceiling.cpuMicrosecondsPerRequest)
    let bound = ceilingCPU / (ceilingCPU + sqliteFloor)
    print(
      "CPU per request (process, µs): list \(Self.whole(listCPU)), raw list "
        + "\(Self.whole(rawList.cpuMicrosecondsPerRequest)), ceiling \(Self.whole(ceilingCPU)); "
        + "SQLite alone, the same two statements on one thread: \(Self.whole(sqliteFloor)) µs, "
        + "so list_vs_ceiling cannot exceed \(Format.fixed(bound, 2)) here")
    print(
      Format.summary([
        "list_rps": Self.whole(list.requestsPerSecond),
        "list_cpu_us": Self.whole(listCPU),
        "ceiling_cpu_us": Self.whole(ceilingCPU),
        "sqlite_floor_us": Self.whole(sqliteFloor),
        "list_bound_vs_ceiling": Format.fixed(bound, 2),
        "ceiling_rps": Self.whole(ceiling.requestsPerSecond),
        "list_vs_ceiling": ratio(reading[0], reading[2]),
        "list_p99_ms": Format.fixed(list.percentile(0.99), 3),
        "raw_list_rps": Self.whole(rawList.requestsPerSecond),
        "raw_list_vs_ceiling": ratio(reading[1], reading[2]),
        "list_vs_raw": ratio(reading[0], reading[1]),
        "list1000_rps": Self.whole(longRead.requestsPerSecond),
        "list1000_vs_ceiling": ratio(reading[3], reading[4]),
        "post_rps": Self.whole(post.requestsPerSecond),
        "raw_post_rps": Self.whole(raw.requestsPerSecond),
        "post_vs_raw": ratio(creating[0], creating[1]),
        "post_grown_rps": Self.whole(grownPost.requestsPerSecond),
        "post_growth_ratio": ratio(creating[2], creating[0]),
        "todobackend_post_rps": Self.whole(backend.requestsPerSecond),
        "todobackend_grown_rps": Self.whole(grownBackend.requestsPerSecond),
        "todobackend_growth_ratio": ratio(creating[4], creating[3]),
      ]))
  }

  /// A rate as a whole number.
  static func whole(_ value: Double) -> String {
    value.isFinite ? String(Int(value.rounded())) : "n/a"
  }
}

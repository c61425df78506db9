import ArgumentParser
import Foundation
import Hummingbird
import Logging
import TodoCore
import TodoServer

/// `todo-bench api`: requests per second and latency of the JSON API on loopback.
///
/// One process: todo servers (`buildApplication`, each over a temporary database seeded
/// through `TodoService`), the baselines (plain Hummingbird routes on ports of their own) and
/// a load generator of blocking keep-alive connections, one thread each. Measured:
/// - list reads of 100 and 1,000 todos (`GET /api/v1/lists/{id}/todos`) against a route
///   returning a constant body of the same size (the ceiling);
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

  @Option(help: "Measured seconds per scenario.")
  var seconds = 4.0

  @Option(help: "Warm-up seconds per scenario (not measured).")
  var warmUp = 1.0

  @Option(help: "Todos in the small list (list read and create baseline).")
  var smallList = 100

  @Option(help: "Todos in the long list read.")
  var longList = 1_000

  @Option(help: "Todos already in the list for the create-growth scenarios.")
  var grownList = 10_000

  func validate() throws {
    guard (1...256).contains(connections) else {
      throw ValidationError("--connections must be 1...256")
    }
    guard seconds > 0, seconds <= 60, warmUp >= 0, warmUp <= 10 else {
      throw ValidationError("--seconds must be in (0, 60] and --warm-up in [0, 10]")
    }
    guard (1...1_000_000).contains(smallList), (1...1_000_000).contains(longList),
      (1...1_000_000).contains(grownList)
    else { throw ValidationError("list sizes must be 1...1000000") }
  }

  func run() async throws {
    // Only errors, on stderr: the table and the summary line are the output.
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = .error
      return handler
    }
    let directory = try BenchData.temporaryDirectory("api")
    defer { try? FileManager.default.removeItem(at: directory) }
    let logger = {
      var logger = Logger(label: "todo-bench.api")
      logger.logLevel = .error
      return logger
    }()
    let (connections, warmUp, seconds) = (connections, warmUp, seconds)
    let generator = { @Sendable (port: Int) in
      LoadGenerator(
        port: port, connections: connections, warmUp: .milliseconds(Int(warmUp * 1_000)),
        duration: .milliseconds(Int(seconds * 1_000)))
    }

    // The databases: one with the two lists that are read, one whose Inbox holds the small
    // list and one whose Inbox holds the grown list, each copied once per create scenario so
    // every scenario starts from the same rows.
    let reads = directory.appendingPathComponent("reads.sqlite")
    let readLists = try await BenchData.seed(
      reads, lists: ["Bench": smallList, "Long": longList])
    let small = directory.appendingPathComponent("small.sqlite")
    _ = try await BenchData.seed(small, inbox: smallList)
    let grown = directory.appendingPathComponent("grown.sqlite")
    _ = try await BenchData.seed(grown, inbox: grownList)
    func copy(_ database: URL, _ name: String) throws -> URL {
      let target = directory.appendingPathComponent("\(name).sqlite")
      try BenchData.copy(database, to: target)
      return target
    }

    // List reads.
    let smallPath = "/api/v1/lists/\(readLists.list("Bench").uuidString)/todos"
    let longPath = "/api/v1/lists/\(readLists.list("Long").uuidString)/todos"
    let reading = try await BenchServer.withTodoServer(database: reads, logger: logger) { port in
      var results: [(LoadGenerator.Result, Int)] = []
      for path in [smallPath, longPath] {
        let request = httpRequest("GET", path, port: port)
        let size = try await Blocking.run { try HTTPConnection(port: port).roundTrip(request) }
        guard size.status == 200 else {
          throw BenchError("GET \(path) answered \(size.status)")
        }
        let result = try await Self.load(generator(port), expecting: [200]) { _, _ in request }
        results.append((result, size.bodyLength))
      }
      return results
    }
    let (list, bodySize) = reading[0]
    let (longRead, longBodySize) = reading[1]

    // The ceiling: constant bodies of the same sizes.
    let ceilingPort = PortPromise()
    let ceilingApp = Self.ceilingApplication(
      bodySizes: [bodySize, longBodySize], logger: logger,
      onServerRunning: { ceilingPort.publish($0) })
    let ceilings = try await BenchServer.serving(ceilingApp, on: ceilingPort, logger: logger) {
      port in
      var results: [LoadGenerator.Result] = []
      for size in [bodySize, longBodySize] {
        let request = httpRequest("GET", "/ceiling/\(size)", port: port)
        results.append(try await Self.load(generator(port), expecting: [200]) { _, _ in request })
      }
      return results
    }
    let (ceiling, longCeiling) = (ceilings[0], ceilings[1])

    // Creates: the JSON API and the Todo-Backend API, in a small and in a grown Inbox.
    let apiCreatePath = "/api/v1/lists/\(TodoList.inboxID.uuidString)/todos"
    func creates(on database: URL, path: String) async throws -> LoadGenerator.Result {
      try await BenchServer.withTodoServer(database: database, logger: logger) { port in
        try await Self.load(generator(port), expecting: [201]) { connection, sequence in
          httpRequest(
            "POST", path, port: port, json: #"{"title":"bench \#(connection)-\#(sequence)"}"#)
        }
      }
    }
    let post = try await creates(on: try copy(small, "post-small"), path: apiCreatePath)
    let postGrown = try await creates(on: try copy(grown, "post-grown"), path: apiCreatePath)
    let backend = try await creates(on: try copy(small, "backend-small"), path: "/todos")
    let backendGrown = try await creates(on: try copy(grown, "backend-grown"), path: "/todos")

    // The raw create: the same row with one prepared statement, in a copy of the small Inbox.
    let (rawPool, rawColumns) = try RawCreateServer.openPool(try copy(small, "raw"))
    let rawPort = PortPromise()
    let rawApp = RawCreateServer.application(
      pool: rawPool, columns: rawColumns, listID: TodoList.inboxID, logger: logger,
      onServerRunning: { rawPort.publish($0) })
    let raw = try await BenchServer.serving(rawApp, on: rawPort, logger: logger) { port in
      try await Self.load(generator(port), expecting: [201]) { connection, sequence in
        httpRequest(
          "POST", "/todos", port: port, json: #"{"title":"bench \#(connection)-\#(sequence)"}"#)
      }
    }
    try rawPool.close()

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
    row("GET constant body (ceiling)", "", bodySize, ceiling)
    row("GET long list (no cache)", "\(longList)", longBodySize, longRead)
    row("GET constant body (long ceiling)", "", longBodySize, longCeiling)
    row("POST /api/v1/lists/{id}/todos", grew(smallList, post), nil, post)
    row("POST raw: one prepared INSERT", grew(smallList, raw), nil, raw)
    row("POST /api/v1/lists/{id}/todos, grown", grew(grownList, postGrown), nil, postGrown)
    row("POST /todos (Todo-Backend)", grew(smallList, backend), nil, backend)
    row("POST /todos (Todo-Backend), grown", grew(grownList, backendGrown), nil, backendGrown)
    #if DEBUG
      let build = "DEBUG build: figures are not representative, use -c release"
    #else
      let build = "release build"
    #endif
    print(
      "todo-bench api: \(connections) keep-alive connections on 127.0.0.1, "
        + "\(Format.fixed(warmUp, 1)) s warm-up + \(Format.fixed(seconds, 1)) s per scenario, "
        + build)
    print(table.rendered)
    func ratio(_ a: LoadGenerator.Result, _ b: LoadGenerator.Result) -> String {
      Format.fixed(a.requestsPerSecond / b.requestsPerSecond, 2)
    }
    print(
      Format.summary([
        "list_rps": Self.whole(list.requestsPerSecond),
        "ceiling_rps": Self.whole(ceiling.requestsPerSecond),
        "list_vs_ceiling": ratio(list, ceiling),
        "list_p99_ms": Format.fixed(list.percentile(0.99), 3),
        "list1000_rps": Self.whole(longRead.requestsPerSecond),
        "list1000_vs_ceiling": ratio(longRead, longCeiling),
        "post_rps": Self.whole(post.requestsPerSecond),
        "raw_post_rps": Self.whole(raw.requestsPerSecond),
        "post_vs_raw": ratio(post, raw),
        "post_grown_rps": Self.whole(postGrown.requestsPerSecond),
        "post_growth_ratio": ratio(postGrown, post),
        "todobackend_post_rps": Self.whole(backend.requestsPerSecond),
        "todobackend_grown_rps": Self.whole(backendGrown.requestsPerSecond),
        "todobackend_growth_ratio": ratio(backendGrown, backend),
      ]))
  }

  /// A rate as a whole number.
  static func whole(_ value: Double) -> String {
    value.isFinite ? String(Int(value.rounded())) : "n/a"
  }
}

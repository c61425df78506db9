import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TodoCore
import TodoServer

/// `todo-bench api`: requests per second and latency of the JSON API on loopback.
///
/// One process: the todo server (over a temporary database seeded with a 100-todo list) and
/// a load generator of blocking keep-alive connections, one thread each. It measures
/// `GET /api/v1/lists/{id}/todos` (100 todos), `POST` of a todo, and as the ceiling a plain
/// Hummingbird route that returns a constant JSON body of the same size as the list.
struct ApiBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "api",
    abstract: "JSON API throughput and latency vs a constant-body Hummingbird route."
  )

  @Option(help: "Concurrent keep-alive connections.")
  var connections = 32

  @Option(help: "Measured seconds per scenario.")
  var seconds = 4.0

  @Option(help: "Warm-up seconds per scenario (not measured).")
  var warmUp = 1.0

  func validate() throws {
    guard (1...256).contains(connections) else {
      throw ValidationError("--connections must be 1...256")
    }
    guard seconds > 0, seconds <= 60, warmUp >= 0, warmUp <= 10 else {
      throw ValidationError("--seconds must be in (0, 60] and --warm-up in [0, 10]")
    }
  }

  func run() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-bench-api-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("todo.sqlite")
    let listID = try await Self.seed(database)

    var logger = Logger(label: "todo-bench.api")
    logger.logLevel = .error
    let (connections, warmUp, seconds) = (connections, warmUp, seconds)
    let generator = { @Sendable (port: Int) in
      LoadGenerator(
        port: port, connections: connections, warmUp: .milliseconds(Int(warmUp * 1_000)),
        duration: .milliseconds(Int(seconds * 1_000)))
    }

    let listPath = "/api/v1/lists/\(listID.uuidString)/todos"
    let listRequest = { @Sendable (port: Int) in httpRequest("GET", listPath, port: port) }
    func todoServer(caching: Bool) -> (some ApplicationProtocol, PortPromise) {
      let port = PortPromise()
      let app = buildApplication(
        ServerOptions(
          host: "127.0.0.1", port: 0, database: .file(database)),
        logger: logger, onServerRunning: { port.publish($0) })
      return (app, port)
    }

    let (cachedApp, cachedPort) = todoServer(caching: true)
    let (list, bodySize) = try await Self.serving(cachedApp, on: cachedPort, logger: logger) {
      port in
      try await Self.waitUntilHealthy(port: port)
      let request = listRequest(port)
      let size = try HTTPConnection(port: port).roundTrip(request).bodyLength
      return (try await Self.load(generator(port), expecting: 200) { _, _ in request }, size)
    }

    let (plainApp, plainPort) = todoServer(caching: false)
    let (uncached, post) = try await Self.serving(plainApp, on: plainPort, logger: logger) {
      port in
      try await Self.waitUntilHealthy(port: port)
      let request = listRequest(port)
      let uncached = try await Self.load(generator(port), expecting: 200) { _, _ in request }
      let post = try await Self.load(generator(port), expecting: 201) { connection, sequence in
        httpRequest(
          "POST", listPath, port: port,
          json: #"{"title":"bench \#(connection)-\#(sequence)"}"#)
      }
      return (uncached, post)
    }

    let ceilingPort = PortPromise()
    let ceilingApp = Self.ceilingApplication(
      bodySize: bodySize, logger: logger, onServerRunning: { ceilingPort.publish($0) })
    let ceiling = try await Self.serving(ceilingApp, on: ceilingPort, logger: logger) { port in
      try await Self.load(generator(port), expecting: 200) { _, _ in
        httpRequest("GET", "/ceiling", port: port)
      }
    }

    var table = Table("scenario", "body bytes", "requests", "req/s", "p50 ms", "p99 ms", "failed")
    func row(_ name: String, _ bytes: Int, _ result: LoadGenerator.Result) {
      table.append(
        name, "\(bytes)", "\(result.requests)", Self.whole(result.requestsPerSecond),
        Format.fixed(result.percentile(0.5), 3), Format.fixed(result.percentile(0.99), 3),
        "\(result.failures)")
    }
    row("GET list of 100 todos", bodySize, list)
    row("GET list of 100 todos, cache off", bodySize, uncached)
    row("GET constant body (ceiling)", bodySize, ceiling)
    row("POST a todo", 0, post)
    print(
      "todo-bench api: \(connections) keep-alive connections on 127.0.0.1, "
        + "\(Format.fixed(warmUp, 1)) s warm-up + \(Format.fixed(seconds, 1)) s per scenario")
    print(table.rendered)
    let ratio = list.requestsPerSecond / ceiling.requestsPerSecond
    print(
      Format.summary([
        "list_rps": Self.whole(list.requestsPerSecond),
        "ceiling_rps": Self.whole(ceiling.requestsPerSecond),
        "list_vs_ceiling": Format.fixed(ratio, 2),
        "post_rps": Self.whole(post.requestsPerSecond),
        "list_p99_ms": Format.fixed(list.percentile(0.99), 3),
      ]))
  }

  /// A rate as a whole number.
  static func whole(_ value: Double) -> String {
    value.isFinite ? String(Int(value.rounded())) : "n/a"
  }
}

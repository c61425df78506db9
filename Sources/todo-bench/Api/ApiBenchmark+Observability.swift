import Foundation
import Logging
import TodoCore
import TodoServer

extension ApiBenchmark {
  /// What metrics and JSON request logs cost: list reads and creates on a server with
  /// Prometheus metrics (swift-metrics bootstrapped, every request counted and timed) and one
  /// JSON log line per request (to /dev/null, so the formatting and the write are paid),
  /// against the same server with both off, in the same rounds.
  func runObservability(
    directory: URL, logger: Logger, generator: @escaping @Sendable (Int) -> LoadGenerator
  ) async throws {
    let exposition = PrometheusExposition.bootstrap(token: nil)
    guard let sink = FileHandle(forWritingAtPath: "/dev/null") else {
      throw BenchError("cannot open /dev/null")
    }
    let output = JSONLogHandler.Output(sink)
    let observedLogger = Logger(label: "todo-bench.observed") {
      JSONLogHandler(label: $0, output: output)
    }

    let reads = directory.appendingPathComponent("reads.sqlite")
    let lists = try await BenchData.seed(.file(reads), lists: ["Bench": smallList])
    let observedReads = directory.appendingPathComponent("observed-reads.sqlite")
    try BenchData.copy(reads, to: observedReads)
    let small = directory.appendingPathComponent("small.sqlite")
    _ = try await BenchData.seed(.file(small), inbox: smallList)
    let (plainSmall, observedSmall) = (
      directory.appendingPathComponent("plain-small.sqlite"),
      directory.appendingPathComponent("observed-small.sqlite")
    )
    try BenchData.copy(small, to: plainSmall)
    try BenchData.copy(small, to: observedSmall)
    let listPath = "/api/v1/lists/\(lists.list("Bench").uuidString)/todos"
    let createPath = "/api/v1/lists/\(TodoList.inboxID.uuidString)/todos"
    let observe: @Sendable (inout ServerOptions) -> Void = { options in
      options.metrics = exposition
      options.logRequests = true
    }
    let rounds = rounds
    let results = try await BenchServer.withTodoServer(database: .file(reads), logger: logger) {
      plain in
      try await BenchServer.withTodoServer(
        database: .file(observedReads), logger: observedLogger, configure: observe
      ) { observed in
        try await BenchServer.withTodoServer(database: .file(plainSmall), logger: logger) {
          plainPost in
          try await BenchServer.withTodoServer(
            database: .file(observedSmall), logger: observedLogger, configure: observe
          ) { observedPost in
            try await Self.measure(
              [
                Scenario(get: listPath, port: plain), Scenario(get: listPath, port: observed),
                Scenario(create: createPath, port: plainPost),
                Scenario(create: createPath, port: observedPost),
              ], rounds: rounds, generator: generator)
          }
        }
      }
    }
    // The metrics were recorded: the exposition counts the observed servers' requests.
    let text = exposition.text()
    guard text.contains("hb_requests_total") else {
      throw BenchError("the observed servers recorded no request metric")
    }
    var table = Table("scenario", "requests", "req/s", "p50 ms", "p99 ms", "failed")
    let names = [
      "GET list", "GET list, metrics + JSON logs", "POST todo", "POST todo, metrics + JSON logs",
    ]
    for (name, rounds) in zip(names, results) {
      let result = Self.combined(rounds)
      table.append(
        name, "\(result.requests)", Self.whole(result.requestsPerSecond),
        Format.fixed(result.percentile(0.5), 3), Format.fixed(result.percentile(0.99), 3),
        "\(result.failures)")
    }
    func ratio(_ a: [LoadGenerator.Result], _ b: [LoadGenerator.Result]) -> String {
      let ratios = zip(a, b).map { $0.requestsPerSecond / $1.requestsPerSecond }
      return Format.fixed(Measure.percentile(ratios, 0.5), 3)
    }
    print(
      "todo-bench api --observability: \(connections) keep-alive connections, \(rounds) rounds, "
        + Format.build + "; ratios are medians of the rounds' on/off ratios")
    print(table.rendered)
    print(
      Format.summary([
        "list_observed_ratio": ratio(results[1], results[0]),
        "post_observed_ratio": ratio(results[3], results[2]),
        "list_rps": Self.whole(Self.combined(results[0]).requestsPerSecond),
        "list_observed_rps": Self.whole(Self.combined(results[1]).requestsPerSecond),
        "post_rps": Self.whole(Self.combined(results[2]).requestsPerSecond),
        "post_observed_rps": Self.whole(Self.combined(results[3]).requestsPerSecond),
      ]))
  }
}

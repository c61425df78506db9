import Foundation
import Logging
import TodoCore

/// Write throughput of the JSON API (creates and updates, alternating) on a list that open
/// live pages show: with no page open, or with some pages connected and reading every
/// message they are sent.
enum WritesWithPages {
  struct Result: Sendable {
    var load: LoadGenerator.Result
    /// Messages the pages received during the run (snapshots included).
    var pageMessages: Int
    /// Their bytes.
    var pageBytes: Int
  }

  /// - Parameters:
  ///   - filters: Saved filters shown on the pages (round-robin), every page's sidebar
  ///     counting them all; 0 for none.
  ///   - tags: Each created todo carries one of this many tags, those of the saved filters
  ///     (``FilterViews/query(_:)``), entering one view; 0 for none.
  static func measure(
    todos: Int, engine: BenchEngine, pages: Int, connections: Int, warmUp: Duration,
    duration: Duration, filters: Int = 0, tags: Int = 0, logger: Logger
  ) async throws -> Result {
    try await LiveServerRun.with(
      todos: todos, engine: engine, maximumConnections: pages + connections + 64, logger: logger
    ) { port, ids in
      let opened: [BenchPage]
      if filters > 0 {
        let saved = try await FilterViews.save(filters, port: port)
        opened = try await FanOut.open(pages, port: port, logger: logger)
        try await FilterViews.choose(saved, on: opened)
        for page in opened { page.drain() }
      } else {
        opened = try await FanOut.open(pages, port: port, logger: logger, draining: true)
      }
      defer { for page in opened { page.close() } }
      let generator = LoadGenerator(
        port: port, connections: connections, warmUp: warmUp, duration: duration)
      let createPath = "/api/v1/lists/\(TodoList.inboxID.uuidString)/todos"
      let load = try await ApiBenchmark.load(generator, expecting: [200, 201]) {
        connection, sequence in
        if sequence % 2 == 0 {
          let tag = tags > 0 ? #","tags":["f\#((connection + sequence / 2) % tags)"]"# : ""
          return httpRequest(
            "POST", createPath, port: port,
            json: #"{"title":"write \#(connection)-\#(sequence)"\#(tag)}"#)
        }
        let id = ids[(connection * 7_919 + sequence / 2) % ids.count]
        return httpRequest(
          "PATCH", "/api/v1/todos/\(id.uuidString)", port: port,
          json: #"{"title":"edited \#(connection)-\#(sequence)"}"#)
      }
      return Result(
        load: load, pageMessages: opened.map(\.received.value).reduce(0, +),
        pageBytes: opened.map(\.received.bytes).reduce(0, +))
    }
  }
}

import Foundation
import Logging
import TodoCore

/// The saved filters' measurements: pages that show saved filters, every page's sidebar
/// counting all of them.
///
/// - Fan-out: a todo tagged through the API enters one filter; the latency until each page's
///   sidebar (and the view of the pages showing that filter) has the new count is one sample,
///   until every page had it one per round.
/// - Writes: creates (each tagged into one of the filters) and title updates with the pages
///   open, with the filters against the same pages on their list without any.
enum FilterViews {
  /// The rounds not measured: they warm the server up.
  static let warmUpRounds = 3

  /// The query of the `index`th saved filter: its tag, or P1 todos due soon (none are).
  static func query(_ index: Int) -> String {
    "#f\(index) | p1 & due before: +\(index + 1)d"
  }

  /// Saves `count` filters through the API; returns their identifiers, in order.
  static func save(_ count: Int, port: Int) async throws -> [String] {
    try await Blocking.run {
      let connection = try HTTPConnection(port: port)
      return try (0..<count).map { index in
        let body = #"{"name":"Filter \#(index)","query":"\#(query(index))"}"#
        let (status, reply) = try connection.roundTripWithBody(
          httpRequest("POST", "/api/v1/filters", port: port, json: body))
        guard status == 201,
          let object = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any],
          let id = object["id"] as? String
        else { throw BenchError("saving a filter answered \(status)") }
        return id
      }
    }
  }

  /// Shows the saved filter `id` on each page in turn (`ids` round-robin), and waits until
  /// its view arrived (it matches nothing yet).
  static func choose(_ ids: [String], on pages: [BenchPage]) async throws {
    for (index, page) in pages.enumerated() {
      let id = ids[index % ids.count]
      try await page.send(#"{"v":1,"type":"chooseSavedFilter","id":"\#(id)"}"#)
      while true {
        let message = try await page.next()
        if message.text.contains("Nothing matches this filter.") { break }
      }
    }
  }

  /// Tags one todo per round into the next filter and waits, at each page, for the message
  /// whose sidebar has that filter's new count.
  static func fanOut(
    port: Int, todos: [UUID], pages count: Int, filters: Int, rounds: Int, logger: Logger
  ) async throws -> FanOut.Result {
    let ids = try await save(filters, port: port)
    let start = ContinuousClock.now
    let pages = try await FanOut.open(count, port: port, logger: logger)
    let openSeconds = (ContinuousClock.now - start).milliseconds / 1_000
    defer { for page in pages { page.close() } }
    try await choose(ids, on: pages)
    var result = FanOut.Result(perPage: [], perRound: [], openSeconds: openSeconds)
    var counts = [Int](repeating: 0, count: filters)
    for round in 0..<(rounds + warmUpRounds) {
      let filter = round % filters
      counts[filter] += 1
      let todo = todos[round % todos.count]
      // The blocking request on a thread of its own, not one of the pool's that the server's
      // tasks need. The clock starts once connected.
      let (status, start) = try await Blocking.run {
        let connection = try HTTPConnection(port: port)
        let start = ContinuousClock.now
        let (status, _) = try connection.roundTrip(
          httpRequest(
            "PATCH", "/api/v1/todos/\(todo.uuidString)", port: port,
            json: #"{"tags":["f\#(filter)"]}"#))
        return (status, start)
      }
      guard status == 200 else { throw BenchError("tagging answered \(status)") }
      var last = start
      for page in pages {
        // Messages wait on each page's stream, stamped when they arrived.
        var message = try await page.next()
        while Self.count(of: ids[filter], in: message) != counts[filter] {
          message = try await page.next()
        }
        last = max(last, message.at)
        if round >= warmUpRounds { result.perPage.append((message.at - start).milliseconds) }
      }
      if round >= warmUpRounds { result.perRound.append((last - start).milliseconds) }
    }
    return result
  }

  /// The count a changes message's sidebar gives the filter `id`, if it has a sidebar.
  private static func count(of id: String, in message: ReceivedMessage) -> Int? {
    guard message.text.contains(id),
      let object = try? JSONSerialization.jsonObject(with: Data(message.text.utf8))
        as? [String: Any],
      let chrome = object["chrome"] as? [String: Any],
      let filters = chrome["filters"] as? [[String: Any]],
      let entry = filters.first(where: { $0["id"] as? String == id })
    else { return nil }
    return entry["count"] as? Int ?? 0
  }
}

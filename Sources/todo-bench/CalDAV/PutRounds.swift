import Foundation
import Persistence
import TodoCore

/// The `PUT`s of `todo-bench caldav`: a todo written as Apple Reminders writes one (its
/// whole `VCALENDAR`, with an `X-APPLE-SORT-ORDER` among its neighbours'), created and then
/// rewritten, into calendars of different sizes, alternating between them round by round.
enum PutRounds {
  /// A calendar the rounds write into.
  struct Calendar: Sendable {
    /// Its path, `/dav/calendars/me/<id>/`.
    var path: String
    /// How many todos it holds: the sort orders the new todos get fall among theirs.
    var todos: Int
  }

  /// The latencies of the creating and of the rewriting `PUT`s, per calendar.
  struct Result: Sendable {
    var create: [SyncRounds.Samples]
    var update: [SyncRounds.Samples]
  }

  /// New calendars of `sizes` todos, as a calendar client filled them: every todo with its
  /// client's `VTODO` kept (an `X-APPLE-SORT-ORDER` 1,024 apart, a `SEQUENCE`, an `X-` line)
  /// and every tenth a subtask of the one before; imported through `TodoService`.
  static func seed(_ location: StoreLocation, sizes: [Int]) async throws -> [Calendar] {
    let service = try await TodoService.open(location)
    defer { try? service.close() }
    var calendars: [Calendar] = []
    for size in sizes {
      let list = try await service.createList(named: "Synced \(size)")
      var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.0//EN"]
      for index in 0..<size {
        lines += [
          "BEGIN:VTODO", "UID:synced-\(size)-\(index)", "DTSTAMP:20261101T080000Z",
          "SUMMARY:Synced todo \(index)", "STATUS:NEEDS-ACTION", "SEQUENCE:\(index % 3)",
          "X-APPLE-SORT-ORDER:\(index * 1_024)", "X-APPLE-STRUCTURED-DATA:bench",
        ]
        if index % 10 == 9 { lines.append("RELATED-TO;RELTYPE=PARENT:synced-\(size)-\(index - 1)") }
        lines.append("END:VTODO")
      }
      lines += ["END:VCALENDAR", ""]
      let imported = try await service.importCalendar(
        lines.joined(separator: "\r\n"), into: list.id)
      guard imported.added == size else {
        throw BenchError("the calendar of \(size) imported \(imported.added) todos")
      }
      calendars.append(
        Calendar(path: "/dav/calendars/me/\(list.id.uuidString.lowercased())/", todos: size))
    }
    return calendars
  }

  /// `warmUp` unmeasured rounds, then `rounds` measured ones. Each round, in every calendar:
  /// a `PUT` that creates a todo (201, `If-None-Match: *`), a `PUT` that rewrites it with
  /// another title (204, `If-Match` its ETag), then a `DELETE` (not measured) so that every
  /// calendar keeps its size.
  static func run(calendars: [Calendar], port: Int, warmUp: Int, rounds: Int) throws -> Result {
    let connection = try HTTPConnection(port: port)
    var result = Result(
      create: calendars.map { _ in SyncRounds.Samples() },
      update: calendars.map { _ in SyncRounds.Samples() })
    for round in 0..<(warmUp + rounds) {
      for (index, calendar) in calendars.enumerated() {
        let name = "bench-put-\(round).ics"
        let path = calendar.path + name
        // Between two of the calendar's todos, a different place each round.
        let sortOrder = ((round * 7_919) % calendar.todos) * 1_024 + 512
        let create = try SyncRounds.timed(
          connection,
          request(
            "PUT", path, port: port, headers: ["If-None-Match: *"],
            body: text(uid: "bench-put-\(round)-\(index)", title: "Written", sortOrder: sortOrder)))
        guard create.status == 201 else {
          throw BenchError("a PUT that creates \(path) answered \(create.status)")
        }
        let update = try SyncRounds.timed(
          connection,
          request(
            "PUT", path, port: port, headers: [],
            body: text(uid: "bench-put-\(round)-\(index)", title: "Rewritten", sortOrder: sortOrder)
          ))
        guard update.status == 204 else {
          throw BenchError("a PUT that rewrites \(path) answered \(update.status)")
        }
        let delete = try SyncRounds.timed(connection, request("DELETE", path, port: port))
        guard delete.status == 204 else {
          throw BenchError("a DELETE of \(path) answered \(delete.status)")
        }
        guard round >= warmUp else { continue }
        result.create[index].milliseconds.append(create.milliseconds)
        result.update[index].milliseconds.append(update.milliseconds)
      }
    }
    return result
  }

  /// A todo's `VCALENDAR` as Apple Reminders writes it.
  static func text(uid: String, title: String, sortOrder: Int) -> String {
    [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.0//EN",
      "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261101T080000Z", "CREATED:20261101T080000Z",
      "LAST-MODIFIED:20261101T080000Z", "SUMMARY:\(title)", "STATUS:NEEDS-ACTION",
      "X-APPLE-SORT-ORDER:\(sortOrder)", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
  }

  /// The bytes of a request with an iCalendar body (or none).
  static func request(
    _ method: String, _ path: String, port: Int, headers: [String] = [], body: String? = nil
  ) -> [UInt8] {
    var text =
      "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: keep-alive\r\n"
    for header in headers { text += header + "\r\n" }
    let content = body ?? ""
    if body != nil { text += "Content-Type: text/calendar; charset=utf-8\r\n" }
    text += "Content-Length: \(content.utf8.count)\r\n\r\n" + content
    return Array(text.utf8)
  }
}

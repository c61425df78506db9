import Foundation

/// The measured exchanges of `todo-bench caldav`, each on one blocking keep-alive connection
/// (``HTTPConnection``), one request at a time: a latency is the time from the request's first
/// byte sent to its answer's last byte read on loopback.
enum SyncRounds {
  /// Latencies of one kind of request, with the size of its answer.
  struct Samples: Sendable {
    var milliseconds: [Double] = []
    var bodyBytes = 0
    /// Resources in the answer (0 for a constant body).
    var resources = 0

    func percentile(_ fraction: Double) -> Double {
      Measure.percentile(milliseconds, fraction)
    }
  }

  /// The first syncs: the very first one (cold), then `runs` more, alternating the two kinds.
  struct FirstSync: Sendable {
    var etag = Samples()
    var full = Samples()
    var etagCold = 0.0
    var fullCold = 0.0
    /// The answers of the cold syncs, for the constant bodies of their sizes.
    var etagBody: [UInt8] = []
    var fullBody: [UInt8] = []
    var token = ""
  }

  /// Sends `request` and returns the answer's status and body, and how long it took.
  static func timed(_ connection: HTTPConnection, _ request: [UInt8]) throws -> (
    status: Int, body: [UInt8], milliseconds: Double
  ) {
    let clock = ContinuousClock()
    let start = clock.now
    let (status, body) = try connection.roundTripWithBody(request)
    return (status, body, (clock.now - start).milliseconds)
  }

  /// The first sync of a calendar of `todos` todos, `getetag` only and in full, checked to
  /// answer every todo and a token.
  static func firstSync(path: String, port: Int, todos: Int, runs: Int) throws -> FirstSync {
    let connection = try HTTPConnection(port: port)
    let etagRequest = SyncCollection.request(path, port: port, token: "", properties: .etag)
    let fullRequest = SyncCollection.request(
      path, port: port, token: "", properties: .etagAndData)
    var result = FirstSync()
    for run in 0...runs {
      for full in [false, true] {
        let (status, body, milliseconds) = try timed(
          connection, full ? fullRequest : etagRequest)
        guard status == 207 else { throw BenchError("the first sync answered \(status)") }
        if run == 0 {
          let answer = try SyncCollection.parse(body)
          guard answer.members.count == todos,
            answer.members.allSatisfy({ $0.etag != nil && (!full || $0.calendarData != nil) }),
            SyncCollection.sequence(answer.token) != nil
          else {
            throw BenchError(
              "the first sync answered \(answer.members.count) of \(todos) todos "
                + "(token \(answer.token))")
          }
          result.token = answer.token
          if full {
            (result.fullCold, result.fullBody) = (milliseconds, body)
            result.full.bodyBytes = body.count
            result.full.resources = answer.members.count
          } else {
            (result.etagCold, result.etagBody) = (milliseconds, body)
            result.etag.bodyBytes = body.count
            result.etag.resources = answer.members.count
          }
        } else if full {
          result.full.milliseconds.append(milliseconds)
        } else {
          result.etag.milliseconds.append(milliseconds)
        }
      }
    }
    return result
  }

  /// `runs` `calendar-query` REPORTs (after a cold one) for the todos whose `SUMMARY`
  /// contains "number 1" (`i;ascii-casemap`), with their data: a tenth or so of a seeded list.
  static func filteredQueries(path: String, port: Int, runs: Int) throws -> Samples {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
      <d:prop><d:getetag/><c:calendar-data/></d:prop>
      <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
      <c:prop-filter name="SUMMARY"><c:text-match collation="i;ascii-casemap">NUMBER 1</c:text-match>
      </c:prop-filter></c:comp-filter></c:comp-filter></c:filter>
      </c:calendar-query>
      """
    let request = Array(
      ("REPORT \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: keep-alive\r\n"
        + "Depth: 1\r\nContent-Type: application/xml; charset=utf-8\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)").utf8)
    let connection = try HTTPConnection(port: port)
    var samples = Samples()
    for run in 0...runs {
      let (status, answer, milliseconds) = try timed(connection, request)
      guard status == 207 else { throw BenchError("calendar-query answered \(status)") }
      if run == 0 {
        let members = try SyncCollection.parse(answer).members
        guard !members.isEmpty,
          members.allSatisfy({ $0.calendarData?.contains("SUMMARY:Todo number 1") == true })
        else {
          throw BenchError("calendar-query answered \(members.count) todos, not those of number 1…")
        }
        samples.resources = members.count
        samples.bodyBytes = answer.count
      } else {
        samples.milliseconds.append(milliseconds)
      }
    }
    return samples
  }

  /// `runs` REPORTs of the constant body of each size on the baseline server.
  static func constantSyncs(sizes: [Int], port: Int, runs: Int) throws -> [Samples] {
    let connection = try HTTPConnection(port: port)
    var samples = sizes.map { Samples(bodyBytes: $0) }
    for _ in 0..<runs {
      for (index, size) in sizes.enumerated() {
        let request = SyncCollection.request(
          "/constant/\(size)", port: port, token: "", properties: .etag)
        let (status, body, milliseconds) = try timed(connection, request)
        guard status == 207, body.count == size else {
          throw BenchError("the constant body of \(size) bytes answered \(status), \(body.count)")
        }
        samples[index].milliseconds.append(milliseconds)
      }
    }
    return samples
  }

  /// The identifier of the todo changed in `round`: a different one each round (7,919 is a
  /// prime, so the first `count` rounds visit every todo once).
  static func changed(_ round: Int, of ids: [UUID]) -> UUID {
    ids[(round * 7_919) % ids.count]
  }

  /// The title a round gives its todo: the same length every round.
  static func title(_ round: Int) -> String {
    let digits = String(round)
    return "Edited in round " + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  /// Changes one todo through the JSON API (`PATCH /api/v1/todos/{id}`).
  static func change(_ id: UUID, title: String, api: HTTPConnection, port: Int) throws {
    let request = httpRequest(
      "PATCH", "/api/v1/todos/\(id.uuidString)", port: port, json: #"{"title":"\#(title)"}"#)
    let status = try api.roundTrip(request).status
    guard status == 200 else { throw BenchError("PATCH of a todo answered \(status)") }
  }

  /// One change, then the sync that must answer it: its todo alone, with its new title, and a
  /// newer token.
  static func checkedSync(
    _ connection: HTTPConnection, path: String, port: Int, after token: String, changed id: UUID,
    title: String
  ) throws -> (milliseconds: Double, body: [UInt8], token: String) {
    let request = SyncCollection.request(path, port: port, token: token, properties: .etagAndData)
    let (status, body, milliseconds) = try timed(connection, request)
    guard status == 207 else { throw BenchError("sync-collection answered \(status)") }
    let answer = try SyncCollection.parse(body)
    let href = path + "\(id.uuidString.lowercased()).ics"
    guard answer.members.count == 1, let member = answer.members.first, member.href == href,
      member.status == nil, member.etag != nil,
      member.calendarData?.contains("SUMMARY:\(title)\r\n") == true
    else {
      throw BenchError(
        "sync-collection after one change answered \(answer.members.count) members, "
          + "not \(href) with SUMMARY:\(title): "
          + String(decoding: body.prefix(600), as: UTF8.self))
    }
    guard let old = SyncCollection.sequence(token), let new = SyncCollection.sequence(answer.token),
      new > old
    else { throw BenchError("sync-collection answered token \(answer.token) after \(token)") }
    return (milliseconds, body, answer.token)
  }

  /// The one-change rounds: in each, a todo changed through the JSON API, then (in an order
  /// that turns every round) the todo server's `sync-collection` with the last token, the
  /// constant body of the same size and the raw GRDB route with the same token, and an
  /// `OPTIONS` of the same calendar on the todo server (its middleware, router and CalDAV
  /// dispatch, no database and no body: the todo server's own floor).
  struct OneChange: Sendable {
    var server = Samples(resources: 1)
    var constant = Samples()
    var raw = Samples(resources: 1)
    var options = Samples()
  }

  static func oneChange(
    ids: [UUID], path: String, listID: UUID, port: Int, basePort: Int, constantSize: Int,
    token start: String, firstRound: Int, warmUp: Int, rounds: Int
  ) throws -> OneChange {
    let api = try HTTPConnection(port: port)
    let dav = try HTTPConnection(port: port)
    let base = try HTTPConnection(port: basePort)
    var token = start
    var result = OneChange(constant: Samples(bodyBytes: constantSize))
    let rawPath = "/raw/\(listID.uuidString.lowercased())/"
    let options = Array(
      "OPTIONS \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: keep-alive\r\n\r\n".utf8)
    for round in firstRound..<(firstRound + warmUp + rounds) {
      let measured = round >= firstRound + warmUp
      let id = changed(round, of: ids)
      let title = title(round)
      try change(id, title: title, api: api, port: port)
      let previous = token
      for step in 0..<4 {
        switch (step + round) % 4 {
        case 0:
          let sync = try checkedSync(
            dav, path: path, port: port, after: previous, changed: id, title: title)
          token = sync.token
          result.server.bodyBytes = sync.body.count
          if measured { result.server.milliseconds.append(sync.milliseconds) }
        case 1:
          let request = SyncCollection.request(
            "/constant/\(constantSize)", port: basePort, token: previous,
            properties: .etagAndData)
          let (status, body, milliseconds) = try timed(base, request)
          guard status == 207, body.count == constantSize else {
            throw BenchError("the constant body answered \(status), \(body.count) bytes")
          }
          if measured { result.constant.milliseconds.append(milliseconds) }
        case 2:
          let (status, _, milliseconds) = try timed(dav, options)
          guard status == 200 else {
            throw BenchError("OPTIONS of the calendar answered \(status)")
          }
          if measured { result.options.milliseconds.append(milliseconds) }
        default:
          let request = SyncCollection.request(
            rawPath, port: basePort, token: previous, properties: .etagAndData)
          let (status, body, milliseconds) = try timed(base, request)
          guard status == 207 else { throw BenchError("the raw sync answered \(status)") }
          let answer = try SyncCollection.parse(body)
          guard answer.members.count == 1,
            answer.members[0].calendarData?.contains("SUMMARY:\(title)\r\n") == true
          else {
            throw BenchError(
              "the raw sync answered \(answer.members.count) members: "
                + String(decoding: body.prefix(600), as: UTF8.self))
          }
          result.raw.bodyBytes = body.count
          if measured { result.raw.milliseconds.append(milliseconds) }
        }
      }
    }
    return result
  }
}

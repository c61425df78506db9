import Foundation
import GRDB
import Hummingbird
import ICalendar

/// The baselines of `todo-bench caldav`: one plain Hummingbird application (no middleware, no
/// guard, no OpenAPI layer) on a port of its own, answering the same `REPORT` requests as the
/// todo server's calendars, body read and all:
///
/// - `REPORT /constant/{n}`: a prebuilt answer of `n` bytes (a real answer of the todo server,
///   captured once): the floor of any route here, HTTP and loopback only;
/// - `REPORT /raw/{list}/`: the same `sync-collection` with nothing but GRDB, by hand: the
///   token read from the body by a byte scan, then in one read transaction of a
///   `DatabasePool` the list checked, the change records after the token read, each changed
///   todo of the list read by id with its `calendar_data` row, and the multistatus written by
///   hand with a minimal `VTODO` (no line folding, no kept properties). What one change costs
///   with only SQLite, XML and HTTP.
enum SyncBaselineServer {
  static let report = HTTPRequest.Method("REPORT")!

  static let lastSequenceSQL =
    "SELECT seq FROM sqlite_sequence WHERE name = 'persistence_changes'"
  static let oldestSQL = "SELECT min(sequence) FROM persistence_changes"
  static let recordsSQL = """
    SELECT inserted, updated, deleted FROM persistence_changes \
    WHERE sequence > ? AND entity = 'todo' ORDER BY sequence
    """
  static let listSQL = #"SELECT 1 FROM "todo_list" WHERE "id" = ? AND "deletedAt" IS NULL"#
  static let todoSQL = """
    SELECT "title", "notes", "deadline", "status", "doneAt", "createdAt", "updatedAt", \
    "version", "deletedAt", "listID" FROM "todo" WHERE "id" = ?
    """
  static let dataSQL = #"SELECT "uid", "resourceName" FROM "calendar_data" WHERE "id" = ?"#

  /// The routes: a constant route for each of `constants`, the raw route over `pool`.
  static func router(constants: [[UInt8]], pool: DatabasePool) -> Router<BasicRequestContext> {
    let router = Router()
    for constant in constants {
      let body = ByteBuffer(bytes: constant)
      router.on("constant/\(constant.count)", method: report) { request, context in
        var request = request
        _ = try await request.collectBody(upTo: context.maxUploadSize)
        return Response(
          status: .init(code: 207, reasonPhrase: "Multi-Status"),
          headers: [.contentType: "application/xml; charset=utf-8"],
          body: .init(byteBuffer: body))
      }
    }
    router.on("raw/:list", method: report) { request, context -> Response in
      var request = request
      let body = try await request.collectBody(upTo: context.maxUploadSize)
      guard let text = context.parameters.get("list"), let listID = UUID(uuidString: text),
        let token = token(in: Array(body.readableBytesView))
      else { return Response(status: .badRequest) }
      let answer = try read(pool, list: listID, after: token)
      guard let answer else { return Response(status: .forbidden) }
      return Response(
        status: .init(code: 207, reasonPhrase: "Multi-Status"),
        headers: [.contentType: "application/xml; charset=utf-8"],
        body: .init(byteBuffer: answer))
    }
    return router
  }

  /// The number after the first `urn:todo:sync:` of a request body.
  static func token(in body: [UInt8]) -> Int64? {
    let prefix = Array("urn:todo:sync:".utf8)
    guard body.count > prefix.count else { return nil }
    for start in 0...(body.count - prefix.count) where body[start] == prefix[0] {
      guard body[start..<(start + prefix.count)].elementsEqual(prefix) else { continue }
      var value: Int64 = 0
      var index = start + prefix.count
      while index < body.count, (48...57).contains(body[index]) {
        value = value * 10 + Int64(body[index] - 48)
        index += 1
      }
      return index > start + prefix.count ? value : nil
    }
    return nil
  }

  /// ``sync(_:list:after:)`` in a read transaction, on the calling thread (as the raw list
  /// baseline of `todo-bench api` reads).
  static func read(_ pool: DatabasePool, list: UUID, after token: Int64) throws -> ByteBuffer? {
    try pool.read { db in try sync(db, list: list, after: token) }
  }

  /// The answer, or `nil` for a token whose records are gone (a 403 `valid-sync-token`) or a
  /// list that is not there.
  static func sync(_ db: Database, list: UUID, after token: Int64) throws -> ByteBuffer? {
    guard try Int.fetchOne(db.cachedStatement(sql: listSQL), arguments: [list]) != nil else {
      return nil
    }
    let last = try Int64.fetchOne(db.cachedStatement(sql: lastSequenceSQL)) ?? 0
    let oldest = try Int64.fetchOne(db.cachedStatement(sql: oldestSQL))
    guard token <= last, oldest.map({ $0 <= token + 1 }) ?? true else { return nil }
    var ids: [UUID] = []
    let records = try Row.fetchCursor(db.cachedStatement(sql: recordsSQL), arguments: [token])
    while let row = try records.next() {
      for column in 0..<3 { unpack(row[column], into: &ids) }
    }
    var seen = Set<UUID>()
    var xml = ByteBuffer()
    xml.reserveCapacity(1_024)
    xml.writeStaticString(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <d:multistatus xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:d="DAV:">
      """)
    let todo = try db.cachedStatement(sql: todoSQL)
    let data = try db.cachedStatement(sql: dataSQL)
    for id in ids where seen.insert(id).inserted {
      guard let row = try Row.fetchOne(todo, arguments: [id]), (row[9] as UUID) == list else {
        continue
      }
      let calendar = try Row.fetchOne(data, arguments: [id])
      let name: String =
        calendar?["resourceName"] ?? "\(id.uuidString.lowercased()).ics"
      xml.writeStaticString("<d:response><d:href>/dav/calendars/me/")
      xml.writeString(list.uuidString.lowercased())
      xml.writeStaticString("/")
      xml.writeString(name)
      xml.writeStaticString("</d:href>")
      if (row[8] as Double?) != nil {
        xml.writeStaticString("<d:status>HTTP/1.1 404 Not Found</d:status></d:response>")
        continue
      }
      xml.writeStaticString("<d:propstat><d:prop><d:getetag>&quot;")
      xml.writeString(String(row[7] as Int))
      xml.writeStaticString("&quot;</d:getetag><cal:calendar-data>")
      let uid: String = calendar?["uid"] ?? id.uuidString.lowercased()
      vtodo(row, uid: uid, to: &xml)
      xml.writeStaticString("</cal:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status>")
      xml.writeStaticString("</d:propstat></d:response>")
    }
    xml.writeStaticString("<d:sync-token>urn:todo:sync:")
    xml.writeString(String(last))
    xml.writeStaticString("</d:sync-token></d:multistatus>")
    return xml
  }

  /// A todo row as a `VCALENDAR` with one `VTODO`, lines ending in `&#13;\n` (a carriage
  /// return as a character reference, as the todo server writes it).
  static func vtodo(_ row: Row, uid: String, to xml: inout ByteBuffer) {
    func line(_ name: StaticString, _ value: String) {
      xml.writeStaticString(name)
      xml.writeString(value)
      xml.writeStaticString("&#13;\n")
    }
    let updated: Double = row[6]
    xml.writeStaticString("BEGIN:VCALENDAR&#13;\nVERSION:2.0&#13;\n")
    xml.writeStaticString("PRODID:-//todo//todo 1.0//EN&#13;\nBEGIN:VTODO&#13;\n")
    line("UID:", escaped(uid))
    line("DTSTAMP:", utc(updated))
    line("CREATED:", utc(row[5]))
    line("LAST-MODIFIED:", utc(updated))
    line("SUMMARY:", escaped(row[0]))
    let notes: String = row[1]
    if !notes.isEmpty { line("DESCRIPTION:", escaped(notes)) }
    if let deadline: String = row[2] {
      let digits = String(deadline.filter { $0 != "-" && $0 != ":" })
      if digits.count == 8 {
        line("DUE;VALUE=DATE:", digits)
      } else {
        line("DUE:", digits + "00")
      }
    }
    switch row[3] as String {
    case "done":
      line("STATUS:", "COMPLETED")
      line("PERCENT-COMPLETE:", "100")
      if let doneAt: Double = row[4] { line("COMPLETED:", utc(doneAt)) }
    case "inProgress": line("STATUS:", "IN-PROCESS")
    default: line("STATUS:", "NEEDS-ACTION")
    }
    xml.writeStaticString("END:VTODO&#13;\nEND:VCALENDAR&#13;\n")
  }

  /// iCalendar TEXT escaping, then XML escaping.
  static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for character in text.unicodeScalars {
      switch character {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\n": out += "\\n"
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  /// Seconds since 1970 as a UTC date-time (`20261124T090000Z`), from the day number.
  static func utc(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.down))
    let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
    let second = whole - days * 86_400
    let (year, month, day) = CivilCalendar.date(dayNumber: days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)\(two(month))\(two(day))T\(two(second / 3_600))\(two(second / 60 % 60))"
      + "\(two(second % 60))Z"
  }

  /// Appends the 16-byte identifiers of a change record's blob.
  static func unpack(_ data: Data, into ids: inout [UUID]) {
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset + 16 <= raw.count {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) {
          $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + 16)]))
        }
        ids.append(UUID(uuid: uuid))
        offset += 16
      }
    }
  }
}

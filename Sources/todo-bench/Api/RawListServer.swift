import Foundation
import GRDB
import Hummingbird

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The baseline of a list read: a plain Hummingbird route, `GET /lists/{id}/todos`, that reads
/// the same rows as `GET /api/v1/lists/{id}/todos` (the live list checked, then its live
/// todos in order) with two prepared GRDB statements in one read transaction of a
/// `DatabasePool`, and writes the same JSON members by hand into the response buffer.
///
/// No model type, no validation, no OpenAPI layer, no middleware: what a list read costs with
/// nothing but SQLite, JSON and HTTP. It tells how much of the gap to the constant-body
/// ceiling any server that reads SQLite must pay here.
enum RawListServer {
  static let listSQL = #"SELECT 1 FROM "todo_list" WHERE "id" = ? AND "deletedAt" IS NULL"#
  static let todosSQL = """
    SELECT "id", "listID", "title", "notes", "deadline", "status", "doneAt", "section", \
    "order", "externalOrder", "createdAt", "updatedAt", "version", "deletedAt", "repeatRule", \
    "repeatMode", "start", "someday", "priority", "tags" FROM "todo" \
    WHERE "listID" = ? AND "deletedAt" IS NULL ORDER BY "order", "id"
    """

  /// The route, over `pool`.
  static func router(pool: DatabasePool) -> Router<BasicRequestContext> {
    let router = Router()
    router.get("lists/:id/todos") { _, context -> Response in
      guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
        return Response(status: .badRequest)
      }
      let body = try pool.read { db -> ByteBuffer? in
        let list = try db.cachedStatement(sql: listSQL)
        guard try Int.fetchOne(list, arguments: [id]) != nil else { return nil }
        let todos = try db.cachedStatement(sql: todosSQL)
        var json = ByteBuffer()
        json.reserveCapacity(64 + 320 * 100)
        json.writeInteger(UInt8(ascii: "["))
        var first = true
        let rows = try Row.fetchCursor(todos, arguments: [id])
        while let row = try rows.next() {
          if !first { json.writeInteger(UInt8(ascii: ",")) }
          first = false
          write(row, to: &json)
        }
        json.writeInteger(UInt8(ascii: "]"))
        return json
      }
      guard let body else { return Response(status: .notFound) }
      return Response(
        status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
        body: .init(byteBuffer: body))
    }
    return router
  }

  /// One todo row as the API's `Todo` object (absent optionals left out).
  static func write(_ row: Row, to json: inout ByteBuffer) {
    json.writeStaticString(#"{"id":"#)
    uuid(row, 0, &json)
    json.writeStaticString(#","listID":"#)
    uuid(row, 1, &json)
    json.writeStaticString(#","title":"#)
    string(row[2], &json)
    json.writeStaticString(#","notes":"#)
    string(row[3], &json)
    optionalString(row[4], #","deadline":"#, &json)
    json.writeStaticString(#","status":"#)
    string(row[5], &json)
    if let doneAt: Double = row[6] {
      json.writeStaticString(#","doneAt":"#)
      timestamp(doneAt, &json)
    }
    optionalString(row[7], #","section":"#, &json)
    json.writeStaticString(#","order":"#)
    string(row[8], &json)
    if let externalOrder: Int = row[9] {
      json.writeStaticString(#","externalOrder":"#)
      json.writeString(String(externalOrder))
    }
    json.writeStaticString(#","createdAt":"#)
    timestamp(row[10], &json)
    json.writeStaticString(#","updatedAt":"#)
    timestamp(row[11], &json)
    json.writeStaticString(#","version":"#)
    json.writeString(String(row[12] as Int))
    if let deletedAt: Double = row[13] {
      json.writeStaticString(#","deletedAt":"#)
      timestamp(deletedAt, &json)
    }
    optionalString(row[14], #","repeatRule":"#, &json)
    optionalString(row[15], #","repeatMode":"#, &json)
    optionalString(row[16], #","start":"#, &json)
    if let someday: Bool = row[17] {
      json.writeStaticString(someday ? #","someday":true"# : #","someday":false"#)
    }
    if let priority: Int = row[18] {
      json.writeStaticString(#","priority":"#)
      json.writeString(String(priority))
    }
    if let tags: String = row[19] {
      // Stored as `#a#b#`.
      json.writeStaticString(#","tags":["#)
      for (index, tag) in tags.split(separator: "#").enumerated() {
        if index > 0 { json.writeInteger(UInt8(ascii: ",")) }
        string(String(tag), &json)
      }
      json.writeInteger(UInt8(ascii: "]"))
    }
    json.writeInteger(UInt8(ascii: "}"))
  }

  /// `,"name":"text"` when the column holds text; nothing when it is `NULL`.
  static func optionalString(_ text: String?, _ member: StaticString, _ json: inout ByteBuffer) {
    guard let text else { return }
    json.writeStaticString(member)
    string(text, &json)
  }

  /// A 16-byte blob as a quoted upper-case UUID string.
  static func uuid(_ row: Row, _ index: Int, _ json: inout ByteBuffer) {
    let data: Data = row[index]
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { $0.copyBytes(from: data.prefix(16)) }
    json.writeInteger(UInt8(ascii: "\""))
    json.writeString(UUID(uuid: bytes).uuidString)
    json.writeInteger(UInt8(ascii: "\""))
  }

  /// `text` as a JSON string: `"`, `\` and control characters escaped.
  static func string(_ text: String, _ json: inout ByteBuffer) {
    json.writeInteger(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        json.writeInteger(UInt8(ascii: "\\"))
        json.writeInteger(byte)
      case 0..<0x20:
        json.writeString(String(format: "\\u%04x", Int(byte)))
      default:
        json.writeInteger(byte)
      }
    }
    json.writeInteger(UInt8(ascii: "\""))
  }

  /// Seconds since 1970 as a quoted `yyyy-MM-ddTHH:mm:ssZ`.
  static func timestamp(_ seconds: Double, _ json: inout ByteBuffer) {
    json.writeInteger(UInt8(ascii: "\""))
    json.writeString(RawCreateServer.timestamp(Date(timeIntervalSince1970: seconds)))
    json.writeInteger(UInt8(ascii: "\""))
  }
}

import Foundation
import GRDB
import Hummingbird
import Persistence
import Synchronization
import TodoCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The baseline of a create: a plain Hummingbird route, `POST /todos`, that reads the same
/// JSON body as `POST /api/v1/lists/{id}/todos`, inserts the same `todo` row with one prepared
/// GRDB statement in one transaction (a `DatabasePool` in WAL mode with `synchronous=NORMAL`,
/// as the store opens it) and answers 201 with the same JSON body.
///
/// No validation, no order-key placement read, no change record, no observers: what a create
/// costs with nothing but SQLite, JSON and HTTP.
enum RawCreateServer {
  /// The value of a todo for each column the store's `todo` table may have, by name.
  static func value(of todo: Todo, for column: String) -> (any DatabaseValueConvertible)?? {
    switch column {
    case "id": todo.id
    case "version", "revision": todo.version.rawValue
    case "listID": todo.listID
    case "title": todo.title
    case "notes": todo.notes
    case "deadline": todo.deadline?.rawValue
    case "status": todo.status.rawValue
    case "doneAt": todo.doneAt?.timeIntervalSince1970
    case "section": todo.section
    case "order": todo.order.rawValue
    case "externalOrder": todo.externalOrder
    case "createdAt": todo.createdAt.timeIntervalSince1970
    case "updatedAt": todo.updatedAt.timeIntervalSince1970
    case "deletedAt": todo.deletedAt?.timeIntervalSince1970
    case "repeatRule": todo.repeatRule
    case "repeatMode": todo.repeatMode?.rawValue
    case "start": todo.start?.rawValue
    case "someday": todo.someday
    case "priority": todo.priority?.rawValue
    case "tags": todo.tags.map { "#" + $0.names.joined(separator: "#") + "#" }
    default: .none
    }
  }

  /// Opens `database` (a copy of a database the todo server created, so the table, its
  /// indexes and rows are the server's) and returns it with the columns of its `todo` table
  /// that an insert sets: every column the store's table has (`PRAGMA table_info`), except
  /// unknown ones with a default.
  static func openPool(_ database: URL) throws -> (pool: DatabasePool, columns: [String]) {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    let pool = try DatabasePool(path: database.path, configuration: configuration)
    let sample = Todo(
      listID: UUID(), title: "x", order: OrderKey(rawValue: "V")!, createdAt: Date(),
      updatedAt: Date())
    let columns = try pool.read { db in try db.columns(in: "todo") }.compactMap {
      column -> String? in
      if case .some = value(of: sample, for: column.name) { return column.name }
      if column.isNotNull, column.defaultValueSQL == nil {
        return "?" + column.name
      }
      return column.isNotNull ? nil : column.name
    }
    if let unknown = columns.first(where: { $0.hasPrefix("?") }) {
      throw BenchError(
        "the server's todo table has a column \(unknown.dropFirst()) without a default that "
          + "the raw create route does not know: add it to RawCreateServer.value(of:for:)")
    }
    return (pool, columns)
  }

  /// The route, over `pool`, inserting into the list `listID`.
  static func router(
    pool: DatabasePool, columns: [String], listID: UUID
  ) -> Router<BasicRequestContext> {
    let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
    let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    let sql = "INSERT INTO \"todo\" (\(names)) VALUES (\(marks))"
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(timestamp(date))
    }
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let sequence = Atomic<Int>(0)
    let listBlob = listID

    let router = Router()
    router.post("todos") { request, _ -> Response in
      let bytes = try await request.body.collect(upTo: 1 << 20)
      let body = try decoder.decode(Body.self, from: Data(bytes.readableBytesView))
      let number = sequence.add(1, ordering: .relaxed).newValue
      let now = Date()
      let todo = Todo(
        listID: listBlob, title: body.title, notes: body.notes ?? "",
        order: OrderKey(rawValue: "V" + String(number, radix: 36).leftPadded(to: 10) + "1")!,
        createdAt: now, updatedAt: now)
      try await pool.write { db in
        let statement = try db.cachedStatement(sql: sql)
        let values: [(any DatabaseValueConvertible)?] = columns.map {
          value(of: todo, for: $0) ?? nil
        }
        try statement.execute(arguments: StatementArguments(values))
      }
      let json = try encoder.encode(todo)
      return Response(
        status: .created,
        headers: [
          .contentType: "application/json; charset=utf-8", .eTag: "\"\(todo.version)\"",
          .location: "/api/v1/todos/\(todo.id.uuidString)",
        ],
        body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }
    return router
  }

  /// The fields of the create body the route reads.
  struct Body: Decodable {
    var title: String
    var notes: String?
  }

  /// `date` as `yyyy-MM-ddTHH:mm:ssZ`, the server's timestamp format.
  static func timestamp(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

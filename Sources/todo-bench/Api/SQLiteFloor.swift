import Foundation
import GRDB
import GRDBSQLite

/// What SQLite alone costs for one list read: the two statements of ``RawListServer`` (the
/// live list checked, then its live todos in order), prepared once, run in a read transaction
/// on one thread, every column of every row read with SQLite's own accessor for its type, and
/// nothing else: no Swift value, no JSON, no HTTP.
///
/// A list read pays this on top of what the constant-body ceiling pays for HTTP and the load
/// generator, so `ceiling / (ceiling + floor)`, in CPU per request, bounds what
/// `list_vs_ceiling` can reach on the machine it runs on even if every other line cost nothing.
enum SQLiteFloor {
  /// The median over `batches` of the CPU microseconds one read costs, measured on the
  /// calling thread's CPU clock.
  static func microsecondsPerRead(
    database: URL, listID: UUID, batches: Int = 5, readsPerBatch: Int = 2_000
  ) throws -> Double {
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: database.path, configuration: configuration)
    defer { try? queue.close() }
    return try queue.inDatabase { db in
      let connection = db.sqliteConnection
      let list = try prepare(RawListServer.listSQL, connection)
      let todos = try prepare(RawListServer.todosSQL, connection)
      let begin = try prepare("BEGIN DEFERRED TRANSACTION", connection)
      let commit = try prepare("COMMIT TRANSACTION", connection)
      defer {
        for statement in [list, todos, begin, commit] { sqlite3_finalize(statement) }
      }
      var id = listID.uuid
      var sink = 0
      var perRead: [Double] = []
      for _ in 0..<batches {
        guard let start = ThreadCPUTime.milliseconds else {
          throw BenchError("the thread's CPU time cannot be read here")
        }
        for _ in 0..<readsPerBatch {
          try run(begin)
          let rows = try withUnsafeBytes(of: &id) { bytes -> Int in
            sqlite3_bind_blob(list, 1, bytes.baseAddress, 16, nil)
            sqlite3_bind_blob(todos, 1, bytes.baseAddress, 16, nil)
            guard sqlite3_step(list) == SQLITE_ROW else { throw BenchError("the list is gone") }
            sqlite3_reset(list)
            var rows = 0
            while sqlite3_step(todos) == SQLITE_ROW {
              rows += 1
              for column in 0..<sqlite3_column_count(todos) {
                switch sqlite3_column_type(todos, column) {
                case SQLITE_INTEGER: sink &+= Int(sqlite3_column_int64(todos, column))
                case SQLITE_FLOAT: sink &+= Int(sqlite3_column_double(todos, column))
                case SQLITE_TEXT:
                  _ = sqlite3_column_text(todos, column)
                  sink &+= Int(sqlite3_column_bytes(todos, column))
                case SQLITE_BLOB:
                  _ = sqlite3_column_blob(todos, column)
                  sink &+= Int(sqlite3_column_bytes(todos, column))
                default: break
                }
              }
            }
            sqlite3_reset(todos)
            return rows
          }
          try run(commit)
          sink &+= rows
        }
        guard let end = ThreadCPUTime.milliseconds else {
          throw BenchError("the thread's CPU time cannot be read here")
        }
        perRead.append((end - start) * 1_000 / Double(readsPerBatch))
      }
      // The sum keeps the column reads from being optimised away.
      guard sink != 0 else { throw BenchError("the list read no rows") }
      return Measure.percentile(perRead, 0.5)
    }
  }

  private static func prepare(_ sql: String, _ connection: OpaquePointer?) throws -> OpaquePointer?
  {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK else {
      throw BenchError("cannot prepare \(sql): \(String(cString: sqlite3_errmsg(connection)))")
    }
    return statement
  }

  private static func run(_ statement: OpaquePointer?) throws {
    guard sqlite3_step(statement) == SQLITE_DONE else {
      throw BenchError("a transaction statement failed")
    }
    sqlite3_reset(statement)
  }
}

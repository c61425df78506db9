import GRDB
import GRDBSQLite

/// Steps a prepared statement through its rows, for readers that read each row's columns in
/// place through the statement (``StoredRow``).
///
/// GRDB's cursors hand out a `Row`, and making one reads every column's name from SQLite,
/// lower-cases it and indexes it in a dictionary: a few microseconds a fetch, for names
/// nothing here reads, paid by every point lookup (a list's check, a token's) and every list.
enum SQLiteRows {
  /// Calls `body` at each row of `statement`, whose arguments are bound
  /// (`Statement.setUncheckedArguments(_:)` resets it first), then resets it: a statement left
  /// mid-way would hold its read open.
  ///
  /// - Throws: A `DatabaseError` with SQLite's code and message when a step fails; what
  ///   `body` throws.
  static func forEach(_ statement: Statement, in db: Database, _ body: () throws -> Void) throws {
    let sqliteStatement = statement.sqliteStatement
    defer { sqlite3_reset(sqliteStatement) }
    while true {
      switch sqlite3_step(sqliteStatement) {
      case SQLITE_ROW:
        try body()
      case SQLITE_DONE:
        return
      default:
        let connection = db.sqliteConnection
        throw DatabaseError(
          resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
          message: String(cString: sqlite3_errmsg(connection)), sql: statement.sql)
      }
    }
  }
}

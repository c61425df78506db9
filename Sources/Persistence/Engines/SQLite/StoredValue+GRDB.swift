import Foundation
import GRDB
import GRDBSQLite

extension StoredValue {
  /// The GRDB value to bind.
  var databaseValue: DatabaseValue {
    switch self {
    case .null: .null
    case .integer(let value): value.databaseValue
    case .real(let value): value.databaseValue
    case .text(let value): value.databaseValue
    case .blob(let value): value.databaseValue
    }
  }

  /// The value in column `index` of a statement's current row, read with SQLite's own
  /// accessors: text by its length (no `strlen`, and a NUL inside is kept), nothing in
  /// between (GRDB's `DatabaseValue` cost a list read a fifth of its row decoding).
  init(_ statement: SQLiteStatement, _ index: CInt) {
    switch sqlite3_column_type(statement, index) {
    case SQLITE_INTEGER: self = .integer(sqlite3_column_int64(statement, index))
    case SQLITE_FLOAT: self = .real(sqlite3_column_double(statement, index))
    case SQLITE_TEXT:
      // The length is asked after the text, as SQLite's documentation says.
      guard let text = sqlite3_column_text(statement, index) else {
        self = .text("")
        return
      }
      let count = Int(sqlite3_column_bytes(statement, index))
      self = .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      guard let bytes = sqlite3_column_blob(statement, index) else {
        self = .blob(Data())
        return
      }
      self = .blob(Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, index))))
    default: self = .null
    }
  }

  /// The value GRDB read.
  init(_ value: DatabaseValue) {
    switch value.storage {
    case .null: self = .null
    case .int64(let value): self = .integer(value)
    case .double(let value): self = .real(value)
    case .string(let value): self = .text(value)
    case .blob(let value): self = .blob(value)
    }
  }
}

extension StatementArguments {
  /// The arguments that bind `values`, made through GRDB's initialiser of optional existentials,
  /// which maps with a closure: the one of a sequence of `DatabaseValueConvertible` values maps
  /// with `\.databaseValue`, a key path the runtime instantiated again on every call (3% of a
  /// create's CPU, BENCHMARKS.md).
  init(stored values: [StoredValue]) {
    self.init(values.map { $0.databaseValue as (any DatabaseValueConvertible)? })
  }
}

extension EngineError {
  /// An engine error from a GRDB error, keeping the statement's arguments when known.
  init(_ error: DatabaseError, arguments: [StoredValue] = []) {
    self.init(
      code: Int(error.extendedResultCode.rawValue), message: error.message ?? "\(error)",
      sql: error.sql, arguments: arguments)
  }

  /// Converts any error thrown by GRDB; domain errors pass through unchanged.
  static func wrap(_ error: any Error, arguments: [StoredValue] = []) -> any Error {
    if let error = error as? DatabaseError { return EngineError(error, arguments: arguments) }
    return error
  }
}

/// Double-quotes an identifier that has already been validated as `[A-Za-z_][A-Za-z0-9_]*`.
func quoted(_ identifier: String) -> String {
  "\"\(identifier)\""
}

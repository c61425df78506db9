import Foundation
import GRDB
import GRDBSQLite
import PostgresNIO

/// One row of an entity's table as a fetch reads it: the object's identifier, the store's
/// version and one column per attribute, read by ``RowDecodable/init(row:)``.
///
/// Reading an attribute converts its column straight to the attribute's value; nothing is
/// looked up by coding key, and the read is specialised for the attribute's type where the
/// entity is compiled.
public struct StoredRow<Root: Entity> {
  /// Where the columns are, read in place: a SQLite statement's current row, or a PostgreSQL
  /// result row's cells.
  enum Source {
    case sqlite(SQLiteStatement)
    case postgres(PostgresCells)
  }

  let source: Source
  let table: TableInfo
  /// Where the next attribute is expected: entities read their attributes in declaration
  /// order, so one comparison finds each column. Shared by the rows of one fetch.
  let cursor: ColumnCursor

  init(source: Source, table: TableInfo, cursor: ColumnCursor) {
    self.source = source
    self.table = table
    self.cursor = cursor
  }

  /// The object's identifier (the `id` column).
  public var id: UUID {
    get throws {
      do {
        switch source {
        case .sqlite(let statement): return try Self.uuid(statement, 0)
        case .postgres(let cells): return try cells.uuid(atIndex: 0)
        }
      } catch {
        throw PersistenceError.decoding(entity: table.name, reason: "id is not a UUID")
      }
    }
  }

  /// The store's version of the object (the `version` column): what ``Entity/storeVersion``
  /// mirrors.
  public var version: Version {
    get throws {
      switch source {
      case .sqlite(let statement): return try Self.version(statement)
      case .postgres(let cells): return Version(try cells.int64(atIndex: 1))
      }
    }
  }

  /// The value of `attribute`.
  ///
  /// - Throws: `PersistenceError.invalidValue` for a value of the wrong storage class (a
  ///   `NULL` in a column that is not optional, text where a number belongs), never a silent
  ///   conversion.
  @inlinable
  public subscript<Value: AttributeValue>(_ attribute: Attribute<Root, Value>) -> Value {
    get throws {
      // A UUID is read from its 16 bytes in place, without a `Data` in between: a list read
      // spent a third of its row decoding in the two per todo. The test is decided where
      // the read is specialised.
      if Value.self == UUID.self {
        return unsafeBitCast(try uuid(named: attribute.name), to: Value.self)
      }
      return try Value(storedValue: storedValue(named: attribute.name))
    }
  }

  /// The stored value of the attribute named `name`, as its column holds it.
  @usableFromInline
  func storedValue(named name: String) throws -> StoredValue {
    let index = try columnIndex(named: name)
    switch source {
    case .sqlite(let statement):
      return StoredValue(statement, CInt(index))
    case .postgres(let cells):
      return try cells.storedValue(atIndex: index)
    }
  }

  /// The UUID attribute named `name`.
  @usableFromInline
  func uuid(named name: String) throws -> UUID {
    let index = try columnIndex(named: name)
    switch source {
    case .sqlite(let statement):
      return try Self.uuid(statement, CInt(index))
    case .postgres(let cells):
      return try UUID(storedValue: cells.storedValue(atIndex: index))
    }
  }

  /// The index of the column of the attribute named `name`.
  func columnIndex(named name: String) throws -> Int {
    // The select lists `id`, `version`, then the attributes in declaration order.
    var index = cursor.next
    if index >= table.columns.count || table.columns[index] != name {
      guard let found = table.index(ofColumn: name) else {
        throw PersistenceError.decoding(
          entity: table.name, reason: "no attribute is named \(name)")
      }
      index = found
    }
    cursor.next = index + 1
    return index
  }

  /// The `version` column (index 1) of the statement's current row, read in place.
  ///
  /// - Throws: `PersistenceError.invalidValue` unless the column holds an integer: GRDB's
  ///   decoding read text as 0.
  static func version(_ statement: SQLiteStatement) throws -> Version {
    guard sqlite3_column_type(statement, 1) == SQLITE_INTEGER else {
      throw PersistenceError.invalidValue(type: "Version", value: StoredValue(statement, 1))
    }
    return Version(sqlite3_column_int64(statement, 1))
  }

  /// The UUID in column `index` of the statement's current row: a blob of 16 bytes read in
  /// place, anything else through ``UUID``'s conversion of the stored value, which refuses it.
  private static func uuid(_ statement: SQLiteStatement, _ index: CInt) throws -> UUID {
    guard sqlite3_column_type(statement, index) == SQLITE_BLOB,
      let bytes = sqlite3_column_blob(statement, index),
      sqlite3_column_bytes(statement, index) == 16
    else { return try UUID(storedValue: StoredValue(statement, index)) }
    return UUID(uuidBytes: UnsafeRawBufferPointer(start: bytes, count: 16))
  }
}

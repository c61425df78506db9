import Foundation
import GRDB
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
    case sqlite(Row, SQLiteStatement)
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
        case .sqlite(let row, _): return try row.uuid(atIndex: 0)
        case .postgres(let cells): return try cells.uuid(atIndex: 0)
        }
      } catch {
        throw PersistenceError.decoding(entity: table.name, reason: "id is not a UUID")
      }
    }
  }

  /// The store's version of the object (the `version` column): what ``Entity/storeVersion``
  /// mirrors.
  public var version: Int {
    get throws {
      switch source {
      case .sqlite(let row, _): return Int(try row.decode(Int64.self, atIndex: 1))
      case .postgres(let cells): return Int(try cells.int64(atIndex: 1))
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
    get throws { try Value(storedValue: storedValue(named: attribute.name)) }
  }

  /// The stored value of the attribute named `name`, as its column holds it.
  @usableFromInline
  func storedValue(named name: String) throws -> StoredValue {
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
    switch source {
    case .sqlite(_, let statement):
      return StoredValue(DatabaseValue(sqliteStatement: statement, index: CInt(index)))
    case .postgres(let cells):
      return try cells.storedValue(atIndex: index)
    }
  }

}

import Foundation
import GRDB

/// One row of an entity's table as a fetch reads it: the object's identifier, the store's
/// version and one column per attribute, read by ``RowDecodable/init(row:)``.
///
/// Reading an attribute converts its column straight to the attribute's value; nothing is
/// looked up by coding key, and the read is specialised for the attribute's type where the
/// entity is compiled.
public struct StoredRow<Root: Entity> {
  /// Where the columns are: a SQLite statement's current row, read in place, or the values a
  /// PostgreSQL row was converted to.
  enum Source {
    case sqlite(Row, SQLiteStatement)
    case values([StoredValue])
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
      let id: UUID?
      switch source {
      case .sqlite(let row, _): id = try row.withUnsafeData(atIndex: 0, { Self.uuid($0) })
      case .values(let values):
        if case .blob(let data) = values[0] { id = Self.uuid(data) } else { id = nil }
      }
      guard let id else {
        throw PersistenceError.decoding(entity: table.name, reason: "id is not a UUID")
      }
      return id
    }
  }

  /// The store's version of the object (the `version` column): what ``Entity/storeVersion``
  /// mirrors.
  public var version: Int {
    get throws {
      switch source {
      case .sqlite(let row, _): return Int(try row.decode(Int64.self, atIndex: 1))
      case .values(let values): return Int(try StoredValues(values: values).int64(atIndex: 1))
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
    case .values(let values):
      return values[index]
    }
  }

  /// A UUID from its 16 stored bytes.
  static func uuid(_ data: Data?) -> UUID? {
    guard let data, data.count == 16 else { return nil }
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { $0.copyBytes(from: data) }
    return UUID(uuid: bytes)
  }
}

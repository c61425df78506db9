import Foundation
import GRDB

/// Decodes an entity from one row, reading columns by index with no intermediate dictionary:
/// the `Decodable` path of entities that are not ``RowDecodable``, on either engine.
struct StoredRowDecoder<Source: DecodableRow>: Decoder {
  let row: Source
  let table: TableInfo
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(KeyedContainer<Key>(row: row, table: table, cursor: ColumnCursor()))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw PersistenceError.decoding(entity: table.name, reason: "an entity must be a keyed type")
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw PersistenceError.decoding(entity: table.name, reason: "an entity must be a keyed type")
  }
}

extension StoredRowDecoder {
  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Source
    let table: TableInfo
    let cursor: ColumnCursor
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { table.columnIndex.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
      let guess = cursor.next
      if guess < table.columns.count, table.columns[guess] == key.stringValue { return true }
      return table.index(ofColumn: key.stringValue) != nil
    }

    /// The column of a coding key. Entities usually decode their keys in column order, so the
    /// column after the last one read is tried first: one comparison per field instead of a
    /// search.
    private func index(_ key: Key) throws -> Int {
      let name = key.stringValue
      let guess = cursor.next
      if guess < table.columns.count, table.columns[guess] == name {
        cursor.next = guess + 1
        return guess
      }
      guard let index = table.index(ofColumn: name) else {
        throw PersistenceError.decoding(
          entity: table.name, reason: "no attribute is named \(key.stringValue)")
      }
      cursor.next = index + 1
      return index
    }

    private func nonNullIndex(_ key: Key) throws -> Int {
      let index = try index(key)
      if row.hasNull(atIndex: index) {
        throw PersistenceError.decoding(
          entity: table.name, reason: "\(key.stringValue) is NULL but not optional")
      }
      return index
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      row.hasNull(atIndex: try index(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try row.string(atIndex: try nonNullIndex(key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try row.int64(atIndex: try nonNullIndex(key)) != 0
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      try row.double(atIndex: try nonNullIndex(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      Int(try row.int64(atIndex: try nonNullIndex(key)))
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
      try row.int64(atIndex: try nonNullIndex(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
      Float(try row.double(atIndex: try nonNullIndex(key)))
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
      try integer(key)
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
      try integer(key)
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
      try integer(key)
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
      try integer(key)
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
      try integer(key)
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
      try integer(key)
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
      try integer(key)
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
      try integer(key)
    }

    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
      let value = try row.int64(atIndex: try nonNullIndex(key))
      guard let result = T(exactly: value) else {
        throw PersistenceError.decoding(
          entity: table.name, reason: "\(key.stringValue) = \(value) does not fit \(T.self)")
      }
      return result
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      let index = try index(key)
      if T.self == UUID.self {
        guard !row.hasNull(atIndex: index) else {
          throw PersistenceError.decoding(entity: table.name, reason: "\(key.stringValue) is NULL")
        }
        return try row.uuid(atIndex: index) as! T
      }
      if let valueType = T.self as? any AttributeValue.Type {
        let stored = try row.storedValue(atIndex: index)
        return try valueType.init(storedValue: stored) as! T
      }
      throw PersistenceError.decoding(
        entity: table.name,
        reason: "\(key.stringValue) has type \(T.self), which is not an AttributeValue")
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      throw PersistenceError.decoding(
        entity: table.name, reason: "\(key.stringValue): nested values are not stored")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw PersistenceError.decoding(
        entity: table.name, reason: "\(key.stringValue): nested values are not stored")
    }

    func superDecoder() throws -> any Decoder {
      throw PersistenceError.decoding(entity: table.name, reason: "super decoders are not stored")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      throw PersistenceError.decoding(entity: table.name, reason: "super decoders are not stored")
    }
  }
}

/// Where a row's decoding expects the next column.
final class ColumnCursor {
  /// Only the fetch that owns the cursor reads and writes it, one row at a time; without the
  /// dynamic exclusivity check, reading an attribute costs no runtime call.
  @exclusivity(unchecked) var next = 0
}

/// One row's columns by index, as the decoder reads them: a GRDB row on SQLite, a result
/// row's cells on PostgreSQL (``PostgresCells``).
protocol DecodableRow {
  func hasNull(atIndex index: Int) -> Bool
  func string(atIndex index: Int) throws -> String
  func int64(atIndex index: Int) throws -> Int64
  func double(atIndex index: Int) throws -> Double
  func data(atIndex index: Int) throws -> Data
  /// A UUID from its 16 stored bytes.
  func uuid(atIndex index: Int) throws -> UUID
  func storedValue(atIndex index: Int) throws -> StoredValue
}

extension Row: DecodableRow {
  func string(atIndex index: Int) throws -> String { try decode(String.self, atIndex: index) }
  func int64(atIndex index: Int) throws -> Int64 { try decode(Int64.self, atIndex: index) }
  func double(atIndex index: Int) throws -> Double { try decode(Double.self, atIndex: index) }
  func data(atIndex index: Int) throws -> Data { try decode(Data.self, atIndex: index) }
  func uuid(atIndex index: Int) throws -> UUID {
    guard let id = try withUnsafeData(atIndex: index, { UUID(storedBytes: $0) }) else {
      throw PersistenceError.invalidValue(type: "UUID", value: storedValue(atIndex: index))
    }
    return id
  }
  func storedValue(atIndex index: Int) -> StoredValue { StoredValue(self[index] as DatabaseValue) }
}

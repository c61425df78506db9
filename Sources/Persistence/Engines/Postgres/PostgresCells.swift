import Foundation
import NIOCore
import PostgresNIO

/// A PostgreSQL result row's cells, read in place: each column is decoded from the row's
/// bytes straight into the value an entity asks for, with no intermediate ``StoredValue``
/// (no `Data` per identifier, no array per row).
///
/// A column of the wrong type is `PersistenceError.invalidValue`, as on SQLite.
struct PostgresCells: DecodableRow {
  let row: PostgresRandomAccessRow

  init(_ row: PostgresRow) {
    self.row = PostgresRandomAccessRow(row)
  }

  func hasNull(atIndex index: Int) -> Bool { row[index].bytes == nil }

  func string(atIndex index: Int) throws -> String {
    let cell = row[index]
    switch cell.dataType {
    case .text, .varchar, .bpchar, .name: return try decode(cell, as: String.self)
    default: throw mismatch("String", cell)
    }
  }

  func int64(atIndex index: Int) throws -> Int64 {
    let cell = row[index]
    switch cell.dataType {
    case .int8, .int4, .int2: return try decode(cell, as: Int64.self)
    case .bool: return try decode(cell, as: Bool.self) ? 1 : 0
    default: throw mismatch("Int64", cell)
    }
  }

  func double(atIndex index: Int) throws -> Double {
    let cell = row[index]
    switch cell.dataType {
    case .float8, .float4: return try decode(cell, as: Double.self)
    case .int8, .int4, .int2: return Double(try decode(cell, as: Int64.self))
    default: throw mismatch("Double", cell)
    }
  }

  func data(atIndex index: Int) throws -> Data {
    let cell = row[index]
    guard cell.dataType == .bytea, let bytes = cell.bytes else { throw mismatch("Data", cell) }
    return Data(bytes.readableBytesView)
  }

  func uuid(atIndex index: Int) throws -> UUID {
    let cell = row[index]
    guard cell.dataType == .bytea, let bytes = cell.bytes, bytes.readableBytes == 16 else {
      throw mismatch("UUID", cell)
    }
    return bytes.withUnsafeReadableBytes { UUID(uuidBytes: $0) }
  }

  /// The bytes of a text cell, in place; `nil` for `NULL`.
  func withUTF8<Result>(
    atIndex index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) throws -> Result? {
    let cell = row[index]
    guard let bytes = cell.bytes else { return nil }
    switch cell.dataType {
    case .text, .varchar, .bpchar, .name:
      return try bytes.withUnsafeReadableBytes { try body($0.bindMemory(to: UInt8.self)) }
    default:
      throw mismatch("text", cell)
    }
  }

  func storedValue(atIndex index: Int) throws -> StoredValue {
    try PostgresSession.storedValue(row[index])
  }

  private func decode<T: PostgresDecodable>(_ cell: PostgresCell, as type: T.Type) throws -> T {
    guard cell.bytes != nil else { throw mismatch("\(T.self)", cell) }
    return try cell.decode(T.self)
  }

  private func mismatch(_ type: String, _ cell: PostgresCell) -> PersistenceError {
    .invalidValue(type: type, value: (try? PostgresSession.storedValue(cell)) ?? .null)
  }
}

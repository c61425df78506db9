import Foundation

/// A value as the store keeps it in one column: the storage classes every SQL engine shares.
///
/// Filters, sort keys and section keys work on stored values, both when they compile to
/// SQL and when they are evaluated in memory, so the two give the same answer.
public enum StoredValue: Sendable, Hashable {
  /// No value (SQL `NULL`).
  case null
  /// A 64-bit signed integer (also booleans: 0 or 1).
  case integer(Int64)
  /// A double-precision number (also dates: seconds since 1970).
  case real(Double)
  /// UTF-8 text, compared byte by byte.
  case text(String)
  /// Bytes, compared byte by byte (also UUIDs: their 16 bytes).
  case blob(Data)

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

/// The storage class of a column, used when a table is created.
public enum StorageType: String, Sendable, Hashable {
  case integer = "INTEGER"
  case real = "REAL"
  case text = "TEXT"
  case blob = "BLOB"
}

import Foundation

// MARK: - SQLite's ordering of stored values

extension StoredValue {
  /// The storage class rank SQLite sorts by: NULL, numbers, text, blobs.
  private var classRank: Int {
    switch self {
    case .null: 0
    case .integer, .real: 1
    case .text: 2
    case .blob: 3
    }
  }

  /// Orders two values as `ORDER BY` does: `NULL` first, numbers by value, text and blobs by
  /// bytes (SQLite's `BINARY` collation).
  ///
  /// - Returns: A negative number, zero or a positive number.
  static func sortOrder(_ lhs: StoredValue, _ rhs: StoredValue) -> Int {
    switch (lhs, rhs) {
    case (.null, .null): return 0
    case (.integer(let a), .integer(let b)): return a < b ? -1 : (a == b ? 0 : 1)
    case (.real(let a), .real(let b)): return a < b ? -1 : (a == b ? 0 : 1)
    case (.integer(let a), .real(let b)):
      let x = Double(a)
      return x < b ? -1 : (x == b ? 0 : 1)
    case (.real(let a), .integer(let b)):
      let y = Double(b)
      return a < y ? -1 : (a == y ? 0 : 1)
    case (.text(let a), .text(let b)):
      return compareText(a, b)
    case (.blob(let a), .blob(let b)):
      return compareData(a, b)
    default:
      return lhs.classRank - rhs.classRank
    }
  }

  /// Compares as an SQL comparison operator does: `nil` (unknown) when either side is `NULL`.
  static func sqlCompare(_ lhs: StoredValue, _ rhs: StoredValue) -> Int? {
    if lhs.isNull || rhs.isNull { return nil }
    return sortOrder(lhs, rhs)
  }

  /// Compares byte by byte (`memcmp`), then by length: SQLite's `BINARY` collation. An
  /// observation compares values of every object a commit writes (an identifier in a list's
  /// set, a text in a sort key), so the bytes are compared in place, not through iterators.
  private static func compareBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer)
    -> Int
  {
    let common = min(a.count, b.count)
    if common > 0, let left = a.baseAddress, let right = b.baseAddress {
      let order = memcmp(left, right, common)
      if order != 0 { return order < 0 ? -1 : 1 }
    }
    return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
  }

  private static func compareText(_ a: String, _ b: String) -> Int {
    var (a, b) = (a, b)
    return a.withUTF8 { left in
      b.withUTF8 { compareBytes(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer($0)) }
    }
  }

  private static func compareData(_ a: Data, _ b: Data) -> Int {
    a.withUnsafeBytes { left in b.withUnsafeBytes { compareBytes(left, $0) } }
  }
}

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
      return compareBytes(a.utf8, b.utf8)
    case (.blob(let a), .blob(let b)):
      return compareBytes(a, b)
    default:
      return lhs.classRank - rhs.classRank
    }
  }

  /// Compares as an SQL comparison operator does: `nil` (unknown) when either side is `NULL`.
  static func sqlCompare(_ lhs: StoredValue, _ rhs: StoredValue) -> Int? {
    if lhs.isNull || rhs.isNull { return nil }
    return sortOrder(lhs, rhs)
  }

  private static func compareBytes<A: Sequence<UInt8>, B: Sequence<UInt8>>(
    _ a: A, _ b: B
  ) -> Int {
    var left = a.makeIterator()
    var right = b.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let x?, let y?):
        if x != y { return x < y ? -1 : 1 }
      }
    }
  }
}

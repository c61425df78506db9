extension OrderKey {
  /// The key in the middle of the empty collection: `"V"`, the digit 31 of 62.
  static let middle = OrderKey(digits: [31])

  /// A key strictly between `lower` and `upper`; `nil` means the open end of the collection.
  ///
  /// Between two keys it returns a shortest key in the middle of the gap, so keys grow by about
  /// one character per five or six inserts at one spot. At the ends it counts instead of
  /// halving: `between(key, nil)` after the last key increments it (`"V"`, `"W"`, … `"y"`,
  /// then `"z"`, `"z01"`, `"z02"`, …), so appending keeps keys short: 30 appends after the
  /// middle key fit in 1 character, the next 3,781 in 3, the next 234,000 in 5. Prepending
  /// mirrors it (`"U"`, … `"1"`, then `"0z"`, `"0yz"`, …).
  ///
  /// ```swift
  /// let first = try OrderKey.between(nil, nil)       // "V"
  /// let second = try OrderKey.between(first, nil)    // "W"
  /// let inserted = try OrderKey.between(first, second)  // "VV"
  /// ```
  ///
  /// - Parameters:
  ///   - lower: The key just before the new position, or `nil` to insert at the start.
  ///   - upper: The key just after the new position, or `nil` to insert at the end.
  /// - Returns: A new key with `lower < key < upper`.
  /// - Throws: ``OrderKeyError/notAscending(lower:upper:)`` unless `lower < upper`.
  /// - Complexity: O(*m*), where *m* is the length of the longer key.
  public static func between(_ lower: OrderKey?, _ upper: OrderKey?) throws -> OrderKey {
    switch (lower, upper) {
    case (nil, nil):
      return middle
    case (let lower?, nil):
      return OrderKey(digits: after(lower.digits))
    case (nil, let upper?):
      return OrderKey(digits: before(upper.digits))
    case (let lower?, let upper?):
      guard lower < upper else { throw OrderKeyError.notAscending(lower: lower, upper: upper) }
      return OrderKey(digits: midpoint(lower.digits, upper.digits))
    }
  }

  // MARK: - Between two keys

  /// A shortest fraction strictly between `lower` and `upper` (`lower < upper`, `upper`
  /// non-empty and canonical), near the middle of the gap.
  static func midpoint(_ lower: [UInt8], _ upper: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    // Copy the common prefix. The first difference comes at the latest at upper's last digit,
    // which is not 0, so the loop stops inside `upper`.
    while OrderKeyDigits.digit(lower, at: index) == upper[index] {
      result.append(upper[index])
      index += 1
    }
    let low = OrderKeyDigits.digit(lower, at: index)
    let high = upper[index]
    if high - low >= 2 {
      result.append((low + high) / 2)
    } else if index + 1 < upper.count {
      // upper's digits go on after `high`, so `high` alone is still below upper.
      result.append(high)
    } else {
      result.append(low)
      result += midpointToOne(Array(lower.dropFirst(index + 1)))
    }
    return result
  }

  /// A shortest fraction strictly between `lower` and 1, near the middle of the gap.
  private static func midpointToOne(_ lower: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    while OrderKeyDigits.digit(lower, at: index) == OrderKeyDigits.maximum {
      result.append(OrderKeyDigits.maximum)
      index += 1
    }
    let low = Int(OrderKeyDigits.digit(lower, at: index))
    result.append(UInt8((low + OrderKeyDigits.base) / 2))
    return result
  }

  // MARK: - The open ends

  // Keys at the ends are counted in levels. A key at level m starts with m copies of the top
  // digit `z` (for `after`) or of `0` (for `before`), followed by a block of m + 1 digits. Each
  // append increments the block; when it would run into the level's prefix digit the key moves
  // to level m + 1. Level m holds 61 * 62^m keys of at most 2m + 1 characters, so appending n
  // keys makes them about 2 log62(n) characters long.

  /// A short fraction above `key` (and below 1) that leaves room for many more appends.
  static func after(_ key: [UInt8]) -> [UInt8] {
    let level = key.prefix { $0 == OrderKeyDigits.maximum }.count
    var block = (0...level).map { OrderKeyDigits.digit(key, at: level + $0) }
    // block[0] is at most 60 here, so the carry stops at block[0].
    var position = level
    while block[position] == OrderKeyDigits.maximum {
      block[position] = 0
      position -= 1
    }
    block[position] += 1
    if block[0] == OrderKeyDigits.maximum {
      return Array(repeating: OrderKeyDigits.maximum, count: level + 1)
    }
    return Array(repeating: OrderKeyDigits.maximum, count: level) + block
  }

  /// A short fraction below `key` (and above 0) that leaves room for many more prepends.
  static func before(_ key: [UInt8]) -> [UInt8] {
    let level = key.prefix { $0 == 0 }.count
    var block = (0...level).map { OrderKeyDigits.digit(key, at: level + $0) }
    // key is canonical, so block[0] is at least 1 and the borrow stops at block[0].
    var position = level
    while block[position] == 0 {
      block[position] = OrderKeyDigits.maximum
      position -= 1
    }
    block[position] -= 1
    if block[0] == 0 {
      // The top of level + 1: 0^(level + 1) followed by z^(level + 1).
      return Array(repeating: 0, count: level + 1)
        + Array(repeating: OrderKeyDigits.maximum, count: level + 1)
    }
    return Array(repeating: 0, count: level) + block
  }
}

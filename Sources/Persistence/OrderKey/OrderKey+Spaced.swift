extension OrderKey {
  /// The largest `count` that one call of ``spaced(_:between:and:)`` accepts: 2²⁴.
  public static let maximumSpacedCount = 1 << 24

  /// `count` evenly spaced keys strictly between `lower` and `upper` (`nil` = open ends),
  /// ascending and as short as possible.
  ///
  /// Use it to seed a collection, to rebalance one (`spaced(n, between: nil, and: nil)` gives
  /// all n objects fresh keys in their current order) and to insert a batch between two
  /// neighbours. All keys have the smallest length that can hold `count` keys in the gap:
  /// between the open ends 61 keys fit in 1 character, 3,843 in 2 and 238,327 in 3.
  ///
  /// ```swift
  /// let keys = try OrderKey.spaced(3, between: nil, and: nil)  // ["F", "V", "k"]
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many keys to make, from 0 to ``maximumSpacedCount``.
  ///   - lower: The key before the first new one, or `nil` for the start of the collection.
  ///   - upper: The key after the last new one, or `nil` for the end of the collection.
  /// - Returns: `count` keys in ascending order, each strictly between `lower` and `upper`.
  /// - Throws: ``OrderKeyError/notAscending(lower:upper:)`` unless `lower < upper`;
  ///   ``OrderKeyError/negativeCount(_:)`` or ``OrderKeyError/countTooLarge(_:limit:)`` for a
  ///   count out of range.
  /// - Complexity: O(*count* × *m*), where *m* is the length of the keys made, at most the
  ///   length of the longer bound plus log₆₂(*count*) + 1.
  public static func spaced(_ count: Int, between lower: OrderKey?, and upper: OrderKey?)
    throws -> [OrderKey]
  {
    guard count >= 0 else { throw OrderKeyError.negativeCount(count) }
    guard count <= maximumSpacedCount else {
      throw OrderKeyError.countTooLarge(count, limit: maximumSpacedCount)
    }
    if let lower, let upper, !(lower < upper) {
      throw OrderKeyError.notAscending(lower: lower, upper: upper)
    }
    guard count > 0 else { return [] }
    let low = lower?.digits ?? []
    let grid = Grid(low: low, high: upper?.digits, count: count)

    // Take count of the grid's `available` points, evenly spread: point i is at offset
    // (i + 1)(available + 1) / (count + 1) - 1, which grows strictly with i because
    // available >= count, and stays below available.
    var base = (0..<grid.length).map { OrderKeyDigits.digit(low, at: $0) }
    var previousOffset = -1
    var keys: [OrderKey] = []
    keys.reserveCapacity(count)
    for index in 1...count {
      let offset = index * (grid.available + 1) / (count + 1) - 1
      add(offset - previousOffset, to: &base)
      previousOffset = offset
      keys.append(OrderKey(digits: base))
    }
    return keys
  }

  /// The fractions with `length` digits that lie strictly between two bounds, for the smallest
  /// `length` at which there are at least `count` of them.
  private struct Grid {
    /// The number of digits of every point.
    var length = 0
    /// How many points of that length lie strictly between the bounds.
    var available = 0

    /// - Parameters:
    ///   - low: The lower bound's digits (empty for 0).
    ///   - high: The upper bound's digits, or `nil` for 1.
    ///   - count: The number of points needed; at least 1 and at most `maximumSpacedCount`.
    init(low: [UInt8], high: [UInt8]?, count: Int) {
      // difference = floor(high * 62^length) - floor(low * 62^length). The points strictly
      // between are low's truncation + 1 up to high's truncation, minus 1 when high has no
      // more digits than `length` (then high itself is a point). Each step multiplies the
      // difference by about 62, so it stays below 62 * (count + 1) and fits in an Int.
      var difference = high == nil ? 1 : 0
      repeat {
        let highDigit = high.map { Int(OrderKeyDigits.digit($0, at: length)) } ?? 0
        difference =
          difference * OrderKeyDigits.base + highDigit
          - Int(OrderKeyDigits.digit(low, at: length))
        length += 1
        let highIsPoint = high.map { $0.count <= length } ?? true
        available = difference - (highIsPoint ? 1 : 0)
      } while available < count
    }
  }

  /// Adds a non-negative `amount` to the fraction `digits` in place, carrying leftwards. The
  /// caller guarantees the sum stays below 1.
  private static func add(_ amount: Int, to digits: inout [UInt8]) {
    var carry = amount
    var position = digits.count - 1
    while carry > 0 && position >= 0 {
      let sum = Int(digits[position]) + carry
      digits[position] = UInt8(sum % OrderKeyDigits.base)
      carry = sum / OrderKeyDigits.base
      position -= 1
    }
    assert(carry == 0, "spaced keys must stay below 1")
  }
}

/// Why an ``OrderKey`` could not be made.
public enum OrderKeyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `lower` is not strictly below `upper`, so there is no key between them.
  ///
  /// This usually means that the neighbours of an insertion point were passed in the wrong
  /// order, or that two objects of a collection share one key.
  case notAscending(lower: OrderKey, upper: OrderKey)

  /// A negative number of keys was requested from ``OrderKey/spaced(_:between:and:)``.
  case negativeCount(Int)

  /// More keys were requested from ``OrderKey/spaced(_:between:and:)`` than
  /// ``OrderKey/maximumSpacedCount`` allows in one call.
  case countTooLarge(Int, limit: Int)

  /// The text is not an order key: it is empty, holds a character outside `0-9A-Za-z`, or
  /// ends in `0` (not canonical: the same position without its trailing zeros is the key).
  case invalidRawValue(String)

  public var description: String {
    switch self {
    case .notAscending(let lower, let upper):
      "Order key \(lower) is not below \(upper); there is no key between them."
    case .negativeCount(let count):
      "Cannot make \(count) order keys: the count is negative."
    case .countTooLarge(let count, let limit):
      "Cannot make \(count) order keys in one call; the limit is \(limit)."
    case .invalidRawValue(let rawValue):
      "\"\(rawValue)\" is not an order key: expected one or more of 0-9A-Za-z, not ending in 0."
    }
  }
}

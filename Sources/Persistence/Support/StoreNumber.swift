/// A number the store counts with, kept apart from other integers by its type: what
/// ``Version`` and ``ChangeSequence`` share. It is written as its number, in JSON and in text.
public protocol StoreNumber: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  ExpressibleByIntegerLiteral, LosslessStringConvertible
where RawValue: FixedWidthInteger & Codable & Sendable, IntegerLiteralType == RawValue {
  /// The number `rawValue`.
  init(rawValue: RawValue)
}

extension StoreNumber {
  /// The number `rawValue`.
  public init(_ rawValue: RawValue) {
    self.init(rawValue: rawValue)
  }

  public init(integerLiteral value: RawValue) {
    self.init(rawValue: value)
  }

  /// Reads the number from its decimal digits (an ETag's, an `If-Match` header's, a sync
  /// token's).
  public init?(_ description: String) {
    guard let number = RawValue(description) else { return nil }
    self.init(rawValue: number)
  }

  /// The decimal number.
  public var description: String { String(rawValue) }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

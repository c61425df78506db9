/// A fractional position in a user-ordered collection; sorts with binary (byte) collation.
///
/// User order is stored as one key per object instead of an integer index, so moving an object
/// rewrites its own key only and deleting one touches no sibling. A key is a fraction
/// `0.d₁d₂d₃…` written in base 62 with the digits `0-9A-Za-z`, which are in ASCII order: sorting
/// the raw values byte by byte (SQLite's default `BINARY` collation, PostgreSQL's
/// `COLLATE "C"`) sorts the positions. Keys never end in `0`, so there is always a key between
/// any two of them.
///
/// ```swift
/// let first = try OrderKey.between(nil, nil)       // "V", the middle
/// let last = try OrderKey.between(first, nil)      // "W", appended
/// let middle = try OrderKey.between(first, last)   // "VV", between the two
/// ```
///
/// Keys grow under repeated inserts at one spot (about one character per five or six inserts
/// between the same neighbours). When ``needsRebalance`` is true for a key of a collection,
/// give the whole collection fresh keys with ``spaced(_:between:and:)``.
public struct OrderKey: RawRepresentable, Hashable, Comparable, Codable, Sendable,
  CustomStringConvertible
{
  /// The key's text: one or more of `0-9A-Za-z`, never ending in `0`.
  public let rawValue: String

  /// Reads a key from its text, or returns `nil` when the text is not a canonical key.
  ///
  /// - Parameter rawValue: One or more of the digits `0-9A-Za-z` whose last digit is not `0`.
  public init?(rawValue: String) {
    guard Self.isValid(rawValue) else { return nil }
    self.rawValue = rawValue
  }

  /// Reads a key from its text, throwing when it is not a canonical key; for text from storage.
  ///
  /// - Parameter rawValue: One or more of the digits `0-9A-Za-z` whose last digit is not `0`.
  /// - Throws: ``OrderKeyError/invalidRawValue(_:)`` when the text is not a key.
  public init(validating rawValue: String) throws {
    guard let key = OrderKey(rawValue: rawValue) else {
      throw OrderKeyError.invalidRawValue(rawValue)
    }
    self = key
  }

  /// Makes a key from digit values (`0...61`), dropping trailing zeros.
  init(digits: [UInt8]) {
    let trimmed = OrderKeyDigits.trimmed(digits)
    assert(!trimmed.isEmpty && trimmed.allSatisfy { $0 <= OrderKeyDigits.maximum })
    rawValue = String(decoding: trimmed.map { OrderKeyDigits.alphabet[Int($0)] }, as: UTF8.self)
  }

  /// The key's digit values (`0...61`), most significant first.
  var digits: [UInt8] {
    rawValue.utf8.map { OrderKeyDigits.value(of: $0) ?? 0 }
  }

  private static func isValid(_ rawValue: String) -> Bool {
    let bytes = rawValue.utf8
    guard let last = bytes.last, last != UInt8(ascii: "0") else { return false }
    return bytes.allSatisfy { OrderKeyDigits.value(of: $0) != nil }
  }

  // MARK: - Order

  /// Whether `lhs` comes before `rhs`: the byte order of the raw values, which is the order
  /// that SQL binary collation gives.
  public static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
    lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
  }

  public var description: String { rawValue }

  // MARK: - Rebalancing

  /// The key length (in characters) above which a collection should be rebalanced: 10.
  ///
  /// Ten characters hold 62¹⁰ ≈ 8·10¹⁷ positions, and ordinary use stays well below them:
  /// after 10,000 inserts at random positions the longest key has 6 or 7 characters (8 is
  /// the tested limit), 200,000 appends or prepends stay within 5 characters, and
  /// ``spaced(_:between:and:)`` fits 238,327 keys in 3. Only inserting again and again at one
  /// spot (one character per five or six inserts) gets there, after 45 to 55 such inserts;
  /// then one transaction gives the collection fresh ``spaced(_:between:and:)`` keys, which
  /// are 3 characters or shorter again for collections of up to 238,327 objects.
  public static let rebalanceLength = 10

  /// Whether this key is longer than ``rebalanceLength``, so its collection should be given
  /// fresh, short keys with ``spaced(_:between:and:)``.
  public var needsRebalance: Bool { rawValue.utf8.count > Self.rebalanceLength }

  /// The longest key a rebalance of a window of neighbours gives: short enough that the same
  /// spot takes about twenty more inserts before its keys need rebalancing again.
  static var respacedLength: Int { rebalanceLength - 4 }
}

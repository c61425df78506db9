/// An object's version in the store: 1 when it is inserted, one more on every write of its
/// row.
///
/// Optimistic concurrency compares versions: a change names the version it was based on, and
/// the store refuses it with ``PersistenceError/conflict(entity:id:current:)`` when the row has
/// another one. An app shows it as an ETag or sends it back in an `If-Match` header; it is
/// written as its number (`"version": 3` in JSON).
///
/// ```swift
/// let saved = try tx.update(todo, expectedVersion: Version(3))
/// saved.version            // 4
/// saved.version.description  // "4"
/// ```
public struct Version: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  ExpressibleByIntegerLiteral, LosslessStringConvertible
{
  /// The version number, 1 or more for a stored object.
  public var rawValue: Int64

  /// The version numbered `rawValue`.
  public init(rawValue: Int64) {
    self.rawValue = rawValue
  }

  /// The version numbered `rawValue`.
  public init(_ rawValue: Int64) {
    self.rawValue = rawValue
  }

  public init(integerLiteral value: Int64) {
    self.rawValue = value
  }

  /// Reads a version from its decimal digits (an ETag's or an `If-Match` header's value).
  public init?(_ description: String) {
    guard let number = Int64(description) else { return nil }
    self.rawValue = number
  }

  /// The version of a newly inserted object.
  public static let initial: Version = 1

  /// The version the next write of the row gives it.
  public var next: Version { Version(rawValue + 1) }

  /// The decimal number.
  public var description: String { String(rawValue) }

  public static func < (lhs: Version, rhs: Version) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

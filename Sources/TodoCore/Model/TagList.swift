import Persistence

/// A todo's tags, in the order they were given, each once (compared without case):
/// `["work", "errands"]`. In JSON it is that array.
///
/// The store keeps it as text, each tag after a `#` and a closing `#` (`#work#errands#`), so
/// that a case-insensitive "contains `#work#`" finds exactly the todos with the tag, in SQL and
/// in memory alike (``Todo/tagged(_:)``). Tags never contain `#` (``TodoValidation/tags(_:)``).
public struct TagList: Hashable, Sendable, Codable, TextAttributeValue {
  /// The tags' names, without `#`.
  public var names: [String] {
    didSet { text = Self.text(names) }
  }
  /// The stored text, kept with the names: a saved filter's observation reads it for every
  /// changed todo of every commit.
  private var text: String

  /// The list of `names`, as given: validate them first (``TodoValidation/tags(_:)``).
  public init(_ names: [String]) {
    self.names = names
    text = Self.text(names)
  }

  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode([String].self))
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.names == rhs.names }

  public func hash(into hasher: inout Hasher) { hasher.combine(names) }

  private static func text(_ names: [String]) -> String {
    "#" + names.joined(separator: "#") + "#"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(names)
  }

  public static var storageType: StorageType { .text }

  public var storedValue: StoredValue { .text(text) }

  public init(storedValue: StoredValue) throws {
    guard case .text(let text) = storedValue else {
      throw PersistenceError.invalidValue(type: "TagList", value: storedValue)
    }
    // Split on the byte (`#` is ASCII): splitting on a Character pays grapheme breaking
    // on every tag of every todo read.
    names = text.utf8.split(separator: UInt8(ascii: "#")).map { String(Substring($0)) }
    self.text = text
  }
}

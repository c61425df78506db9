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
/// saved.version              // 4
/// saved.version.description  // "4"
/// ```
public struct Version: StoreNumber {
  /// The version number, 1 or more for a stored object.
  public var rawValue: Int64

  /// The version numbered `rawValue`.
  public init(rawValue: Int64) {
    self.rawValue = rawValue
  }

  /// The version of a newly inserted object.
  public static let initial: Version = 1

  /// The version the next write of the row gives it.
  public var next: Version { Version(rawValue + 1) }
}

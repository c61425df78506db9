/// A position in the store's history of commits: every commit gets the next sequence, and a
/// reader that has seen everything up to one sequence asks what changed after it.
///
/// Observations say which sequence their results include, and sync protocols hand it out as
/// their token (CalDAV's sync token, a live page's revision of the data); it is written as its
/// number.
///
/// ```swift
/// let since = results.sequence
/// let changed = try tx.changedIdentifiers(of: Todo.self, after: since)
/// ```
public struct ChangeSequence: StoreNumber {
  /// The sequence number; 0 before the first commit.
  public var rawValue: UInt64

  /// The sequence numbered `rawValue`.
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The sequence a change log's `BIGINT` column holds (never negative).
  init(stored: Int64) {
    self.rawValue = UInt64(max(0, stored))
  }

  /// The sequence as a change log's `BIGINT` column holds it, or `nil` past what it can hold.
  var stored: Int64? {
    rawValue <= UInt64(Int64.max) ? Int64(rawValue) : nil
  }

  /// The sequence before the first commit.
  public static let zero: ChangeSequence = 0
}

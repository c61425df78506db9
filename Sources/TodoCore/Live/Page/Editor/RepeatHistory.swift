import Foundation

/// How often a repeating todo was done, and when last ("Done 12 times, last on 3 Nov"), and
/// the occurrences a calendar app changed on its own.
public struct RepeatHistory: Equatable, Sendable {
  /// How many occurrences were completed.
  public var count: Int
  /// When the latest was.
  public var last: Date?
  /// The occurrences a calendar app changed, by date.
  public var changed: [ChangedOccurrence]

  /// Creates a history.
  public init(count: Int, last: Date?, changed: [ChangedOccurrence] = []) {
    self.count = count
    self.last = last
    self.changed = changed
  }

  /// The history of these completions (the latest first, as the store gives them).
  public init(_ completions: [TodoCompletion], changed: [ChangedOccurrence] = []) {
    self.init(count: completions.count, last: completions.first?.doneAt, changed: changed)
  }
}

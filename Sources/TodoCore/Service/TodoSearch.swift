import Foundation

/// A search over live todos: text, status and deadline range, all optional and combined.
///
/// ```swift
/// let urgent = TodoSearch(text: "tax", statuses: [.notStarted, .inProgress],
///                         deadlineTo: try Deadline(parsing: "2026-04-30"))
/// ```
public struct TodoSearch: Sendable, Hashable {
  /// Text found in the title or the notes, ignoring case; blank matches everything.
  public var text: String
  /// The statuses to include; empty means all.
  public var statuses: Set<TodoStatus>
  /// The earliest deadline day to include (todos without a deadline are then excluded).
  public var deadlineFrom: Deadline?
  /// The latest deadline day to include, the whole day (todos without a deadline are then
  /// excluded).
  public var deadlineTo: Deadline?
  /// Only this list; `nil` for every live list.
  public var listID: UUID?

  /// Creates a search.
  public init(
    text: String = "", statuses: Set<TodoStatus> = [], deadlineFrom: Deadline? = nil,
    deadlineTo: Deadline? = nil, listID: UUID? = nil
  ) {
    self.text = text
    self.statuses = statuses
    self.deadlineFrom = deadlineFrom
    self.deadlineTo = deadlineTo
    self.listID = listID
  }

  /// Whether `todo` matches the deadline range (compared by day).
  func matchesDeadline(_ todo: Todo) -> Bool {
    guard deadlineFrom != nil || deadlineTo != nil else { return true }
    guard let deadline = todo.deadline else { return false }
    let day = [deadline.year, deadline.month, deadline.day]
    if let from = deadlineFrom, day.lexicographicallyPrecedes([from.year, from.month, from.day]) {
      return false
    }
    if let to = deadlineTo, [to.year, to.month, to.day].lexicographicallyPrecedes(day) {
      return false
    }
    return true
  }
}

import Foundation

/// Where a todo stands: not started, in progress or done.
///
/// Stored and sent as its raw value (`notStarted`, `inProgress`, `done`).
///
/// ```swift
/// let status = try TodoStatus(parsing: "inProgress")  // .inProgress
/// ```
public enum TodoStatus: String, Codable, Sendable, Hashable, CaseIterable {
  /// Nobody has begun the todo.
  case notStarted
  /// Someone is working on it.
  case inProgress
  /// It is finished; the todo records when (`Todo.doneAt`).
  case done

  /// Reads a status from user or API input.
  ///
  /// - Parameter text: One of `notStarted`, `inProgress`, `done` (surrounding spaces ignored).
  /// - Throws: `TodoError.validation` naming the allowed values.
  public init(parsing text: String) throws {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let status = TodoStatus(rawValue: trimmed) else {
      let allowed = TodoStatus.allCases.map(\.rawValue).joined(separator: ", ")
      throw TodoError.validation(
        field: "status", message: "unknown status \"\(text)\"; use one of \(allowed)")
    }
    self = status
  }
}

import Foundation
import Persistence

/// One completed occurrence of a repeating todo: the todo moved on to its next date, and this
/// records when the one before was done ("done 12 times, last on 3 Nov").
///
/// Completions belong to their todo: they go with it when it is deleted for good, and travel
/// with it in an export.
@Entity("todo_completion")
public struct TodoCompletion: Hashable, Sendable, Codable {
  /// The identifier.
  public var id: UUID
  /// The todo that was completed.
  public var todoID: UUID
  /// When the occurrence was done.
  public var doneAt: Date
  /// The deadline the occurrence had, if it had one.
  public var deadline: Deadline?
}

extension TodoCompletion {
  public static let migrations: [Migration] = [
    Migration(
      "create",
      [.createTable(), .createIndex("todo_completion_todo", on: ["todoID", "doneAt"])])
  ]
}

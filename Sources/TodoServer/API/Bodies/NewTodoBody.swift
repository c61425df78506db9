import Foundation
import TodoCore

/// The `NewTodo` schema, the body of `POST /api/v1/lists/{listID}/todos`: only `title` is
/// required; `null` is the same as leaving an optional field out.
///
/// Hand-written because the generator cannot express nullable properties (`anyOf` with
/// `null`, see docs/api.md); the generated code uses it by name.
package struct NewTodoBody: Codable, Hashable, Sendable {
  /// The title.
  package var title: String
  /// The notes.
  package var notes: String?
  /// The deadline, `yyyy-MM-dd` with an optional time.
  package var deadline: String?
  /// `notStarted`, `inProgress` or `done`.
  package var status: String?
  /// The section.
  package var section: String?

  /// The body for `draft` (its list is in the path).
  package init(_ draft: NewTodo) {
    title = draft.title
    notes = draft.notes.isEmpty ? nil : draft.notes
    deadline = draft.deadline?.rawValue
    status = draft.status.rawValue
    section = draft.section
  }

  /// The draft for ``TodoService/createTodo(_:)``.
  ///
  /// - Throws: `TodoError.validation` for a malformed deadline or unknown status.
  func draft(in listID: UUID) throws -> NewTodo {
    NewTodo(
      title: title, listID: listID, notes: notes ?? "",
      deadline: try deadline.map(Deadline.init(parsing:)),
      status: try status.map(TodoStatus.init(parsing:)) ?? .notStarted, section: section)
  }
}

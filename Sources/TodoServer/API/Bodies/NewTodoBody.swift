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
  /// The repeat rule, RFC 5545's `RRULE` value (`FREQ=WEEKLY;BYDAY=MO`).
  package var repeatRule: String?
  /// `schedule` (the default) or `after-completion`; only with `repeatRule`.
  package var repeatMode: Recurrence.Mode?
  /// The start date, `yyyy-MM-dd` with an optional time.
  package var start: String?
  /// Whether it is put aside for some day.
  package var someday: Bool?
  /// The priority, 1 (P1) to 4.
  package var priority: Int?
  /// The tags.
  package var tags: [String]?
  /// The todo it is a subtask of.
  package var parentID: UUID?
  /// The member of the list it is assigned to.
  package var assigneeID: UUID?

  /// The body for `draft` (its list is in the path).
  package init(_ draft: NewTodo) {
    title = draft.title
    notes = draft.notes.isEmpty ? nil : draft.notes
    deadline = draft.deadline?.rawValue
    status = draft.status.rawValue
    section = draft.section
    repeatRule = draft.recurrence?.ruleText
    repeatMode = draft.recurrence?.mode
    start = draft.start?.rawValue
    someday = draft.someday ? true : nil
    priority = draft.priority?.rawValue
    tags = draft.tags.isEmpty ? nil : draft.tags
    parentID = draft.parentID
    assigneeID = draft.assigneeID
  }

  /// The draft for ``TodoService/createTodo(_:)``.
  ///
  /// - Throws: `TodoError.validation` for a malformed deadline or unknown status.
  func draft(in listID: UUID) throws -> NewTodo {
    NewTodo(
      title: title, listID: listID, notes: notes ?? "",
      deadline: try deadline.map(Deadline.init(parsing:)),
      status: try status.map(TodoStatus.init(parsing:)) ?? .notStarted, section: section,
      recurrence: try Self.recurrence(rule: repeatRule, mode: repeatMode),
      start: try Self.start(start), someday: someday ?? false,
      priority: try Self.priority(priority), tags: tags ?? [], parentID: parentID,
      assigneeID: assigneeID)
  }

  /// A priority as the API writes it (1 to 4), refused with a message naming `priority`.
  static func priority(_ value: Int?) throws -> Priority? {
    try value.map { value in
      guard let priority = Priority(rawValue: value) else {
        throw TodoError.validation(
          field: "priority", message: "a priority is 1 (P1, the most urgent) to 4; got \(value)")
      }
      return priority
    }
  }

  /// A start date as the API writes it, refused with a message naming `start`.
  static func start(_ text: String?) throws -> Deadline? {
    try text.map { try Deadline(parsing: $0, field: "start") }
  }

  /// The recurrence of a `repeatRule` and `repeatMode`; a mode alone is refused, since it
  /// says how a rule repeats.
  ///
  /// - Throws: `TodoError.validation` on `repeat` for a malformed rule or a lone mode.
  static func recurrence(rule: String?, mode: Recurrence.Mode?) throws -> Recurrence? {
    guard let rule, !rule.trimmingCharacters(in: .whitespaces).isEmpty else {
      if mode != nil {
        throw TodoError.validation(field: "repeatMode", message: "give it with repeatRule")
      }
      return nil
    }
    return try Recurrence(rule: rule, mode: mode ?? .schedule)
  }
}

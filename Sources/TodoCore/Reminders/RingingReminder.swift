import Foundation

/// A reminder that fired and rings until its person snoozes or dismisses it: what a page's
/// notice, a terminal's line, a system notification and an e-mail say.
public struct RingingReminder: Hashable, Sendable, Identifiable {
  /// The reminder.
  public var id: UUID
  /// Whom it reminds (`nil` on a server without accounts).
  public var accountID: UUID?
  /// Its todo.
  public var todoID: UUID
  /// The todo's list.
  public var listID: UUID
  /// The todo's title.
  public var title: String
  /// The todo's deadline, if it has one.
  public var deadline: Deadline?
  /// When it fired.
  public var since: Date
  /// Whether it fired late: its server was stopped at its time.
  public var late: Bool

  /// Creates the value.
  public init(
    id: UUID, accountID: UUID?, todoID: UUID, listID: UUID, title: String, deadline: Deadline?,
    since: Date, late: Bool
  ) {
    self.id = id
    self.accountID = accountID
    self.todoID = todoID
    self.listID = listID
    self.title = title
    self.deadline = deadline
    self.since = since
    self.late = late
  }

  init(_ reminder: Reminder, of todo: Todo, since: Date) {
    self.init(
      id: reminder.id, accountID: reminder.accountID, todoID: todo.id, listID: todo.listID,
      title: todo.title, deadline: todo.deadline, since: since, late: reminder.late == true)
  }
}

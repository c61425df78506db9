import Foundation
import Persistence

/// What a user gives to create a todo. ``TodoService/createTodo(_:)`` validates it.
///
/// ```swift
/// let draft = NewTodo(title: "  Apples ", deadline: try Deadline(parsing: "2026-03-01"),
///                     section: "Fruit")
/// ```
public struct NewTodo: Sendable, Hashable {
  /// The title as typed; trimmed, must not be empty, at most 1,000 characters.
  public var title: String
  /// The list; `nil` for the Inbox.
  public var listID: UUID?
  /// Notes, at most 100,000 characters.
  public var notes: String
  /// The deadline, if any.
  public var deadline: Deadline?
  /// The initial status.
  public var status: TodoStatus
  /// The section heading; blank means none.
  public var section: String?
  /// Where to insert it; the bottom of the list by default.
  public var position: MovePosition
  /// The integer order a Todo-Backend client gave.
  public var externalOrder: Int?
  /// How it repeats, if it does.
  public var recurrence: Recurrence?
  /// When it starts, if later (``Todo/start``).
  public var start: Deadline?
  /// Whether it is put aside for some day (``Todo/someday``).
  public var someday: Bool
  /// How urgent it is, if it has a priority.
  public var priority: Priority?
  /// Its tags (validated by ``TodoService/createTodo(_:)``).
  public var tags: [String]
  /// The todo it is a subtask of; `nil` for a top-level todo. The list defaults to the
  /// parent's, and the position counts among the parent's children.
  public var parentID: UUID?
  /// The member of the list it is assigned to; `nil` for nobody.
  public var assigneeID: UUID?
  /// The identifier the client chose, if it did: creating the todo again, in the same list,
  /// returns it as it is, so a client that retries (a page whose connection dropped before
  /// the answer) adds it once.
  public var id: UUID?

  /// Creates a draft.
  public init(
    title: String, listID: UUID? = nil, notes: String = "", deadline: Deadline? = nil,
    status: TodoStatus = .notStarted, section: String? = nil, position: MovePosition = .bottom,
    externalOrder: Int? = nil, recurrence: Recurrence? = nil, start: Deadline? = nil,
    someday: Bool = false, priority: Priority? = nil, tags: [String] = [], parentID: UUID? = nil,
    assigneeID: UUID? = nil, id: UUID? = nil
  ) {
    self.title = title
    self.listID = listID
    self.notes = notes
    self.deadline = deadline
    self.status = status
    self.section = section
    self.position = position
    self.externalOrder = externalOrder
    self.recurrence = recurrence
    self.start = start
    self.someday = someday
    self.priority = priority
    self.tags = tags
    self.parentID = parentID
    self.assigneeID = assigneeID
    self.id = id
  }
}

import Foundation

/// A partial change to a todo: each property that is not `nil` is changed.
///
/// Optional fields of a todo use a double optional: `deadline: .some(nil)` removes the
/// deadline, `deadline: nil` leaves it alone. The helpers ``clearingDeadline()`` and
/// ``clearingSection()`` say it in words.
///
/// ```swift
/// let patch = TodoPatch(title: "Buy oat milk", status: .inProgress)
/// try await service.updateTodo(id: todo.id, patch, expectedVersion: todo.version)
/// ```
public struct TodoPatch: Sendable, Hashable {
  /// A new title (validated and trimmed).
  public var title: String?
  /// New notes.
  public var notes: String?
  /// A new deadline; `.some(nil)` removes it.
  public var deadline: Deadline??
  /// A new status; moving to `.done` records when, leaving `.done` forgets it.
  public var status: TodoStatus?
  /// A new section heading; `.some(nil)` or blank removes it.
  public var section: String??
  /// Another list to move the todo to (it goes to the bottom there).
  public var listID: UUID?
  /// The integer order a Todo-Backend client gave.
  public var externalOrder: Int?

  /// Creates a patch.
  public init(
    title: String? = nil, notes: String? = nil, deadline: Deadline?? = nil,
    status: TodoStatus? = nil, section: String?? = nil, listID: UUID? = nil,
    externalOrder: Int? = nil
  ) {
    self.title = title
    self.notes = notes
    self.deadline = deadline
    self.status = status
    self.section = section
    self.listID = listID
    self.externalOrder = externalOrder
  }

  /// This patch, also removing the deadline.
  public func clearingDeadline() -> TodoPatch {
    var patch = self
    patch.deadline = .some(nil)
    return patch
  }

  /// This patch, also removing the section.
  public func clearingSection() -> TodoPatch {
    var patch = self
    patch.section = .some(nil)
    return patch
  }

  /// Whether the patch changes nothing.
  public var isEmpty: Bool {
    title == nil && notes == nil && deadline == nil && status == nil && section == nil
      && listID == nil && externalOrder == nil
  }
}

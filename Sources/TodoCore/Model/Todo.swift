import Foundation
import Persistence

/// One todo: a title in a list, with notes, a deadline, a status, a priority, tags, a place
/// in the list and, for a subtask, its parent.
///
/// A todo is a value; the store keeps it (``TodoService`` is the only way to change it, so
/// every rule holds). Moving it to the trash sets `deletedAt`; nothing the user typed is lost
/// until the trash is emptied.
///
/// `version` starts at 1 and grows by one on every change a user makes: a client sends the
/// version it read, and a change based on an older version is refused with
/// `TodoError.versionConflict` instead of silently overwriting someone else's edit.
@Entity("todo")
public struct Todo: Hashable {
  /// The identifier, stable for the todo's life (also across export and import).
  public var id: UUID
  /// The list the todo belongs to.
  public var listID: UUID
  /// The trimmed title (1…1,000 characters).
  public var title: String
  /// Free text (up to 100,000 characters); empty if none.
  public var notes: String
  /// When it is due, if ever.
  public var deadline: Deadline?
  /// Not started, in progress or done.
  public var status: TodoStatus
  /// When it was marked done; `nil` unless `status == .done`.
  public var doneAt: Date?
  /// The heading it is grouped under inside its list (like "Fruit" in a shopping list).
  public var section: String?
  /// Its place in the list's user order (fractional key: a move writes one row).
  public var order: OrderKey
  /// The integer order a client sorts by: a Todo-Backend client's `order`, a calendar
  /// client's `X-APPLE-SORT-ORDER` (Apple Reminders, Tasks.org). Kept beside ``order`` (the
  /// user order here), which it follows after a move (``TodoService/moveTodo(id:to:expectedVersion:)``).
  public var externalOrder: Int?
  /// When it was created.
  public var createdAt: Date
  /// When a user last changed it.
  public var updatedAt: Date
  /// The optimistic-concurrency version, 1 for a new todo. It is the store's version: the
  /// ETag, the `If-Match` check and the conflict are the store's one mechanism.
  @StoreVersion public var version: Version
  /// When it was moved to the trash; `nil` while it is live.
  public var deletedAt: Date?
  /// The text of its repeat rule (`FREQ=WEEKLY;BYDAY=MO`), if it repeats; ``recurrence``
  /// reads it with ``repeatMode``.
  public var repeatRule: String?
  /// What a repeating todo's next date is counted from; `nil` for a todo that does not
  /// repeat.
  public var repeatMode: Recurrence.Mode?
  /// When it starts (Things' "When", a calendar's `DTSTART`): until then it is out of Today
  /// and shown greyed in its list, and Upcoming shows it on that day. A date, or a date and
  /// a wall-clock time, as the deadline; never after the deadline.
  public var start: Deadline?
  /// `true` when it is put aside for some day, with no date to start (Things' Someday): out
  /// of Today and Upcoming, in the Someday view. A todo with a start date is not. `nil`, not
  /// `false`, otherwise, so that documents written before it read the same
  /// (``isSomeday``).
  public var someday: Bool?
  /// How urgent it is, P1 to P4; `nil` for none.
  public var priority: Priority?
  /// Its tags; `nil` for none (``tagNames`` reads them as an array).
  public var tags: TagList?
  /// The todo it is a subtask of, in the same list; `nil` for a top-level todo.
  ///
  /// Subtasks nest to any depth. A subtask's ``order`` places it among its siblings only (the
  /// list's one order, read per parent), so moving a parent writes the parent's row alone and
  /// its subtree follows it.
  public var parentID: UUID?
  /// The person it is assigned to: an account that owns its list or with whom the list is
  /// shared; `nil` for nobody. Leaving the list (a share revoked, a move to a list they are
  /// not a member of) unassigns them.
  public var assigneeID: UUID?

  /// Creates a todo value. Use ``TodoService/createTodo(_:)`` to store one with validation.
  public init(
    id: UUID = UUID(), listID: UUID, title: String, notes: String = "",
    deadline: Deadline? = nil, status: TodoStatus = .notStarted, doneAt: Date? = nil,
    section: String? = nil, order: OrderKey, externalOrder: Int? = nil, createdAt: Date,
    updatedAt: Date, version: Version = .initial, deletedAt: Date? = nil,
    recurrence: Recurrence? = nil, start: Deadline? = nil, someday: Bool = false,
    priority: Priority? = nil, tags: [String] = [], parentID: UUID? = nil,
    assigneeID: UUID? = nil
  ) {
    self.id = id
    self.listID = listID
    self.title = title
    self.notes = notes
    self.deadline = deadline
    self.status = status
    self.doneAt = doneAt
    self.section = section
    self.order = order
    self.externalOrder = externalOrder
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.version = version
    self.deletedAt = deletedAt
    self.recurrence = recurrence
    self.start = start
    self.someday = someday ? true : nil
    self.priority = priority
    self.tags = tags.isEmpty ? nil : TagList(tags)
    self.parentID = parentID
    self.assigneeID = assigneeID
  }

  /// Whether it is put aside for some day (``someday``).
  public var isSomeday: Bool {
    get { someday == true }
    set { someday = newValue ? true : nil }
  }

  /// Whether it has not started yet at `day` (its start date is later), or is put aside for
  /// some day: what the lists show greyed.
  public func isDeferred(on day: AgendaDay) -> Bool {
    guard status != .done else { return false }
    return isSomeday || (start.map { !day.hasBegun($0) } ?? false)
  }

  /// Whether the todo is in the trash.
  public var isTrashed: Bool { deletedAt != nil }

  /// How it repeats, if it does: its rule and mode, read from ``repeatRule`` and
  /// ``repeatMode``. Setting it sets both; `nil` stops the repeating.
  public var recurrence: Recurrence? {
    get { repeatRule.flatMap { try? Recurrence(rule: $0, mode: repeatMode ?? .schedule) } }
    set {
      repeatRule = newValue?.ruleText
      repeatMode = newValue?.mode
    }
  }
}

// MARK: - Entity

extension Deadline: AttributeValue {}
extension TodoStatus: AttributeValue {}
extension Priority: AttributeValue {}

extension Todo {
  /// User order within a list: `Persistence` order keys.
  public static var ordering: Ordering<Todo>? {
    Ordering(key: orderAttribute, collection: listIDAttribute)
  }

  public static let migrations: [Migration] = [
    Migration(
      "create",
      [
        .createTable([
          "listID", "title", "notes", "deadline", "status", "doneAt", "section", "order",
          "externalOrder", "createdAt", "updatedAt", "deletedAt",
        ]),
        .createIndex("todo_list_order", on: ["listID", "order"]),
        .createIndex("todo_deleted", on: ["deletedAt"]),
      ]),
    // A list's live todos in user order straight from the index: no trashed rows read, no
    // sort (the store breaks order ties by id, so the index ends with it).
    Migration(
      "list-live-order",
      [.createIndex("todo_list_live_order", on: ["listID", "deletedAt", "order", "id"])]),
    // The todo's own counter (`revision`) becomes the store's version, and goes.
    Migration("store-version", [.dropColumn("revision", copyingToVersion: true)]),
    // Repeating todos: the rule and what the next date counts from.
    Migration(
      "repeat",
      [.addColumn("repeatRule"), .addColumn("repeatMode")]),
    // Start dates, and Someday.
    Migration("start", [.addColumn("start"), .addColumn("someday")]),
    // Priority and tags; a tag's todos are found with "contains", so no index.
    Migration("priority and tags", [.addColumn("priority"), .addColumn("tags")]),
    // Subtasks: a parent's children are found by its identifier.
    Migration(
      "subtasks", [.addColumn("parentID"), .createIndex("todo_parent", on: ["parentID"])]),
    // Assignees: "assigned: me" finds a person's todos by their identifier.
    Migration(
      "assignees",
      [.addColumn("assigneeID"), .createIndex("todo_assignee", on: ["assigneeID"])]),
    // A todo a calendar client adds goes before the list's first todo it sorted after: found
    // from the index, whatever the list's size.
    Migration(
      "external-order",
      [
        .createIndex(
          "todo_list_live_external_order", on: ["listID", "deletedAt", "externalOrder"])
      ]),
    // Most todos have no parent and no assignee: indexes of those that have one are smaller,
    // and a todo without (most creates) writes neither, two pages fewer in each commit.
    Migration(
      "sparse-parent-assignee",
      [
        .dropIndex("todo_parent"), .createIndex("todo_parent", on: ["parentID"], sparse: true),
        .dropIndex("todo_assignee"),
        .createIndex("todo_assignee", on: ["assigneeID"], sparse: true),
      ]),
  ]
}

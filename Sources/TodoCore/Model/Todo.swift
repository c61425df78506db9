import Foundation
import Persistence

/// One todo: a title in a list, with notes, a deadline, a status and a place in the list.
///
/// A todo is a value; the store keeps it (``TodoService`` is the only way to change it, so
/// every rule holds). Moving it to the trash sets `deletedAt`; nothing the user typed is lost
/// until the trash is emptied.
///
/// `version` starts at 1 and grows by one on every change a user makes: a client sends the
/// version it read, and a change based on an older version is refused with
/// `TodoError.versionConflict` instead of silently overwriting someone else's edit.
public struct Todo: Entity, Hashable {
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
  /// The integer order a Todo-Backend client gave it, echoed back by `/todos`.
  public var externalOrder: Int?
  /// When it was created.
  public var createdAt: Date
  /// When a user last changed it.
  public var updatedAt: Date
  /// The optimistic-concurrency version, 1 for a new todo.
  public var version: Version
  /// When it was moved to the trash; `nil` while it is live.
  public var deletedAt: Date?

  /// Creates a todo value. Use ``TodoService/createTodo(_:)`` to store one with validation.
  public init(
    id: UUID = UUID(), listID: UUID, title: String, notes: String = "",
    deadline: Deadline? = nil, status: TodoStatus = .notStarted, doneAt: Date? = nil,
    section: String? = nil, order: OrderKey, externalOrder: Int? = nil, createdAt: Date,
    updatedAt: Date, version: Version = .initial, deletedAt: Date? = nil
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
  }

  /// Whether the todo is in the trash.
  public var isTrashed: Bool { deletedAt != nil }
}

// MARK: - Entity

extension Deadline: AttributeValue {}
extension TodoStatus: AttributeValue {}

extension Todo {
  public static let entityName = "todo"

  static let listIDAttribute = Attribute("listID", \Todo.listID)
  static let titleAttribute = Attribute("title", \Todo.title)
  static let notesAttribute = Attribute("notes", \Todo.notes)
  static let deadlineAttribute = Attribute("deadline", \Todo.deadline)
  static let statusAttribute = Attribute("status", \Todo.status)
  static let doneAtAttribute = Attribute("doneAt", \Todo.doneAt)
  static let sectionAttribute = Attribute("section", \Todo.section)
  static let orderAttribute = Attribute("order", \Todo.order)
  static let externalOrderAttribute = Attribute("externalOrder", \Todo.externalOrder)
  static let createdAtAttribute = Attribute("createdAt", \Todo.createdAt)
  static let updatedAtAttribute = Attribute("updatedAt", \Todo.updatedAt)
  static let deletedAtAttribute = Attribute("deletedAt", \Todo.deletedAt)

  public static let attributes: [AnyAttribute<Todo>] = [
    listIDAttribute.erased, titleAttribute.erased, notesAttribute.erased,
    deadlineAttribute.erased, statusAttribute.erased, doneAtAttribute.erased,
    sectionAttribute.erased, orderAttribute.erased, externalOrderAttribute.erased,
    createdAtAttribute.erased, updatedAtAttribute.erased, deletedAtAttribute.erased,
  ]

  /// The store's version is the todo's version: the ETag, the `If-Match` check and the
  /// conflict are the store's one mechanism.
  public static var storeVersion: WritableKeyPath<Todo, Version>? { \.version }

  /// User order within a list: `Persistence` order keys.
  public static var ordering: Ordering<Todo>? {
    Ordering(key: orderAttribute, collection: listIDAttribute)
  }

  public static let migrations: [Migration] = [
    Migration(
      "create",
      [
        .createTable(),
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
  ]
}

// MARK: - Codable

extension Todo {
  /// `version` is the store's version column when a todo is read from the store.
  enum CodingKeys: String, CodingKey {
    case id, listID, title, notes, deadline, status, doneAt, section, order, externalOrder
    case createdAt, updatedAt, version, deletedAt
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    listID = try container.decode(UUID.self, forKey: .listID)
    title = try container.decode(String.self, forKey: .title)
    notes = try container.decode(String.self, forKey: .notes)
    deadline = try container.decodeIfPresent(Deadline.self, forKey: .deadline)
    status = try container.decode(TodoStatus.self, forKey: .status)
    doneAt = try container.decodeIfPresent(Date.self, forKey: .doneAt)
    section = try container.decodeIfPresent(String.self, forKey: .section)
    order = try container.decode(OrderKey.self, forKey: .order)
    externalOrder = try container.decodeIfPresent(Int.self, forKey: .externalOrder)
    createdAt = try container.decode(Date.self, forKey: .createdAt)
    updatedAt = try container.decode(Date.self, forKey: .updatedAt)
    version = try container.decode(Version.self, forKey: .version)
    deletedAt = try container.decodeIfPresent(Date.self, forKey: .deletedAt)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(listID, forKey: .listID)
    try container.encode(title, forKey: .title)
    try container.encode(notes, forKey: .notes)
    try container.encodeIfPresent(deadline, forKey: .deadline)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(doneAt, forKey: .doneAt)
    try container.encodeIfPresent(section, forKey: .section)
    try container.encode(order, forKey: .order)
    try container.encodeIfPresent(externalOrder, forKey: .externalOrder)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(version, forKey: .version)
    try container.encodeIfPresent(deletedAt, forKey: .deletedAt)
  }
}

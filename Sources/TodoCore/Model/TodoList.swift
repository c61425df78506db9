import Foundation
import Persistence

/// A named list of todos, in the user's order of lists.
///
/// A new installation has one list, the Inbox (``TodoList/inboxID``), which cannot be
/// trashed: the Todo-Backend API and new todos without a list use it.
@Entity("todo_list")
public struct TodoList: Hashable {
  /// The identifier.
  public var id: UUID
  /// The trimmed name (1…200 characters), unique among live lists ignoring case.
  public var name: String
  /// Its place among the lists.
  public var order: OrderKey
  /// When it was created.
  public var createdAt: Date
  /// When it was last renamed or moved.
  public var updatedAt: Date
  /// When it was moved to the trash; `nil` while it is live.
  public var deletedAt: Date?
  /// The account that owns it, on a server with accounts; `nil` for the lists of a server
  /// without accounts (the first account created takes them).
  public var ownerID: UUID?

  /// The identifier of the Inbox, the same in every installation.
  public static let inboxID = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
  /// The Inbox's name in a new installation.
  public static let inboxName = "Inbox"

  /// Whether this is the Inbox.
  public var isInbox: Bool { id == Self.inboxID }
  /// Whether the list is in the trash.
  public var isTrashed: Bool { deletedAt != nil }
}

// MARK: - Entity

extension TodoList {
  /// User order of the lists: `Persistence` order keys, all lists in one collection.
  public static var ordering: Ordering<TodoList>? { Ordering(key: orderAttribute) }

  public static let migrations: [Migration] = [
    Migration("create", [.createTable(["name", "order", "createdAt", "updatedAt", "deletedAt"])]),
    // Stores made before accounts existed get the owner here: each list has an owner.
    Migration("owner", [.addColumn("ownerID"), .createIndex("todo_list_owner", on: ["ownerID"])]),
  ]
}

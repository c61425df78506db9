import Foundation
import Persistence

/// What a person may do with a list someone shared with them.
public enum ShareRole: String, Codable, Sendable, Hashable, CaseIterable {
  /// Reads the list and its todos.
  case viewer
  /// Also adds, changes, moves and trashes its todos.
  case editor
}

extension ShareRole: AttributeValue {}

/// A list shared by its owner with another account, as viewer or editor.
@Entity("list_share")
public struct ListShare: Hashable {
  /// The identifier.
  public var id: UUID
  /// The shared list.
  public var listID: UUID
  /// The account it is shared with.
  public var accountID: UUID
  /// What that account may do.
  public var role: ShareRole
  /// When it was shared (or its role last changed).
  public var updatedAt: Date
}

extension ListShare {
  public static let migrations: [Migration] = [
    Migration(
      "create",
      [
        .createTable(),
        .createIndex("list_share_member", on: ["listID", "accountID"], unique: true),
        .createIndex("list_share_account", on: ["accountID"]),
      ])
  ]
}

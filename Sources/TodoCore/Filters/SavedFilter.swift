import Foundation
import Persistence

/// A filter a person saved under a name, shown as a view beside Today and Upcoming: a
/// ``TodoQuery`` in its text form (`#work & p1`, `due before: +7d`), evaluated anew whenever
/// the todos change.
///
/// Each person has their own, in their own order; on a server without accounts they belong to
/// the one local user (and to the first account created later).
@Entity("saved_filter")
public struct SavedFilter: Hashable {
  /// The identifier.
  public var id: UUID
  /// The trimmed name (1…200 characters), unique among the person's filters ignoring case.
  public var name: String
  /// The filter as typed (``TodoQuery/init(parsing:)`` reads it).
  public var query: String
  /// Its place among the person's filters.
  public var order: OrderKey
  /// The account it belongs to; `nil` on a server without accounts.
  public var ownerID: UUID?
  /// When it was created.
  public var createdAt: Date
  /// When it was last renamed or changed.
  public var updatedAt: Date
}

// MARK: - Entity

extension SavedFilter {
  /// Each person's filters in their own order.
  public static var ordering: Ordering<SavedFilter>? {
    Ordering(key: orderAttribute, collection: ownerIDAttribute)
  }

  public static let migrations: [Migration] = [
    Migration(
      "create",
      [
        .createTable(["name", "query", "order", "ownerID", "createdAt", "updatedAt"]),
        .createIndex("saved_filter_owner_order", on: ["ownerID", "order"]),
      ])
  ]
}

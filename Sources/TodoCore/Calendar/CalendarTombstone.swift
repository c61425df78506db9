import Foundation
import Persistence

/// The record that a todo's calendar resource left a list: it moved to another list or was
/// deleted for good. A CalDAV client's `sync-collection` learns from it that the resource is
/// gone (a todo moved to the trash is still in its list, and reported gone from there).
///
/// Written in the transaction that moves or deletes the todo, so the change pipeline numbers
/// it with that change.
@Entity("calendar_tombstone")
public struct CalendarTombstone: Hashable {
  /// The record's own identifier.
  public var id: UUID
  /// The list the resource left.
  public var listID: UUID
  /// The resource's name in that list (`….ics`).
  public var name: String
  /// When it left.
  public var at: Date
}

extension CalendarTombstone {
  public static let migrations: [Migration] = [
    Migration(
      "create",
      [
        .createTable(["listID", "name", "at"]),
        .createIndex("calendar_tombstone_list", on: ["listID"]),
      ])
  ]
}

import Foundation
import ICalendar
import Persistence

/// What a todo keeps of the iCalendar `VTODO` it came from, so that a calendar client gets
/// back everything it wrote: its `UID`, the `DUE` exactly as it was written (a time zone, UTC),
/// and every property and component the app does not model (`RRULE`, alarms, `PRIORITY`,
/// `CATEGORIES`, `X-` properties…), in their order.
///
/// One per todo that came from a calendar (same identifier as the todo); a todo made in the
/// app has none until it is exported, and gets its identifier as its `UID`.
@Entity("calendar_data")
public struct CalendarData: Hashable {
  /// The todo's identifier.
  public var id: UUID
  /// The `UID` calendar clients know the todo by.
  public var uid: String
  /// The `DUE` line as the client wrote it (`DUE;TZID=Europe/Paris:20261124T090000`), kept
  /// while the todo's deadline is still what it says.
  public var dueLine: String?
  /// A `VTODO` holding the properties and components the app does not model, and the
  /// `VTIMEZONE`s its lines refer to, as iCalendar text. Set through ``keep(_:)``, which
  /// keeps ``parentUID`` in step.
  public var kept: String = ""
  /// The `UID` that a `RELATED-TO;RELTYPE=PARENT` line of ``kept`` names: the parent of a
  /// subtask, or the one it waits for when it arrived first, found by it from an index when
  /// the parent comes.
  public var parentUID: String?
  /// The name a CalDAV client gave the todo's resource (`4F1C….ics`); `nil` for a todo made
  /// here or read from a file, whose resource is named after its identifier.
  public var resourceName: String?
}

extension CalendarData {
  public static let migrations: [Migration] = [
    Migration(
      "create",
      [.createTable(["uid", "dueLine", "kept"]), .createIndex("calendar_data_uid", on: ["uid"])]),
    Migration(
      "resource name",
      [
        .addColumn("resourceName"),
        .createIndex("calendar_data_resource_name", on: ["resourceName"]),
      ]),
    Migration(
      "parent uid",
      [.addColumn("parentUID"), .createIndex("calendar_data_parent_uid", on: ["parentUID"])]),
  ]
}

extension CalendarData {
  /// Keeps `parts`: the todo's `VTODO` of what it does not model, then its overridden
  /// occurrences and time zones; nothing at all when they hold nothing.
  mutating func keep(_ parts: [Component]) {
    let empty =
      parts.count <= 1
      && (parts.first.map { $0.properties.isEmpty && $0.components.isEmpty } ?? true)
    kept = empty ? "" : Component.serialize(parts)
    parentUID = parts.first?.properties.first(where: TodoCalendar.isParentLine)?.textValue
  }
}

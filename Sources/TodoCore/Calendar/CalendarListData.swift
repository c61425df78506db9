import Foundation
import Persistence

/// What a list keeps for calendar clients that the app does not show: the colour a client
/// gave the calendar (`#FF2968FF`), written back as Apple's and Thunderbird's
/// `calendar-color`; the path segment a client named the calendar by (`MKCALENDAR` at
/// `/dav/calendars/alice/groceries/`); its description and time zone. One per list that has
/// any (same identifier as the list).
@Entity("calendar_list_data")
public struct CalendarListData: Hashable {
  /// The list's identifier.
  public var id: UUID
  /// The colour, as the client wrote it (`#RRGGBB` or `#RRGGBBAA`).
  public var color: String?
  /// The path segment the client created the calendar at, if it was not the list's
  /// identifier: the calendar's URL in its owner's calendar home for as long as it exists.
  public var segment: String?
  /// The calendar's description (`calendar-description`), as the client wrote it.
  public var summary: String?
  /// The calendar's time zone (`calendar-timezone`): a `VCALENDAR` with one `VTIMEZONE`, as
  /// the client sent it.
  public var timeZone: String?
  /// The sort key a client gave the calendar (Apple's `calendar-order`), read back as it was
  /// set until the lists are reordered in the app; the list's place follows it.
  public var calendarOrder: Int?

  /// Whether it keeps nothing (and can go).
  var isEmpty: Bool {
    color == nil && segment == nil && summary == nil && timeZone == nil && calendarOrder == nil
  }
}

extension CalendarListData {
  public static let migrations: [Migration] = [
    Migration("create", [.createTable(["color"])]),
    // Calendars made at a path the client chose are found by it.
    Migration(
      "collection names",
      [
        .addColumn("segment"), .addColumn("summary"), .addColumn("timeZone"),
        .addColumn("calendarOrder"),
        .createIndex("calendar_list_data_segment", on: ["segment"]),
      ]),
  ]
}

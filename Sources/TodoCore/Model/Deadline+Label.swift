import Foundation
import ICalendar

extension Deadline {
  /// The deadline as a person reads it in a list, relative to the day `now` is in `calendar`:
  /// "Today", "Tomorrow", "Yesterday", the weekday within the next six days ("Friday"), the
  /// day and month in the same year ("27 Nov"), with the year otherwise ("27 Nov 2027");
  /// then the time, if it has one ("Tomorrow 09:00").
  ///
  /// The live page and `todo tui` show it; tables, exports and the fields a person edits
  /// keep ``displayText``, which is exact and reads the same on every day. Names are
  /// English, as the rest of the interface.
  ///
  /// ```swift
  /// // On Sunday 1 March 2026:
  /// try Deadline(parsing: "2026-03-02T09:00").label(relativeTo: now, in: calendar)
  /// // "Tomorrow 09:00"
  /// ```
  ///
  /// - Parameters:
  ///   - now: The current instant.
  ///   - calendar: The calendar whose time zone says what day it is (the page's,
  ///     ``PageData/deadlineCalendar``).
  public func label(relativeTo now: Date, in calendar: Calendar) -> String {
    label(on: AgendaDay(now: now, calendar: calendar))
  }

  /// The deadline as a person reads it on `day` (see ``label(relativeTo:in:)``).
  ///
  /// - Complexity: O(1): a few integer operations, no calendar.
  public func label(on day: AgendaDay) -> String {
    let today = day.today
    let number = CivilCalendar.dayNumber(year: year, month: month, day: self.day)
    let date: String
    switch number - CivilCalendar.dayNumber(year: today[0], month: today[1], day: today[2]) {
    case 0: date = "Today"
    case 1: date = "Tomorrow"
    case -1: date = "Yesterday"
    case 2...6: date = Self.weekdays[CivilCalendar.weekday(dayNumber: number)]
    default:
      let dayAndMonth = "\(self.day) \(Self.shortMonths[month - 1])"
      date = year == today[0] ? dayAndMonth : "\(dayAndMonth) \(year)"
    }
    guard let timeText else { return date }
    return date + " " + timeText
  }

  /// The time of day as `HH:mm`, if the deadline has one.
  public var timeText: String? {
    guard time != nil else { return nil }
    return withRawValueUTF8 { String(decoding: $0[11...], as: UTF8.self) }
  }

  /// The weekdays, Sunday first.
  private static let weekdays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  /// The months' short names.
  static let shortMonths = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}

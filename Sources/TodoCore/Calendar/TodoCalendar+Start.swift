import Foundation
import ICalendar

// MARK: - Start dates

extension TodoCalendar {
  /// The todo's start date (``Todo/start``) that a `VTODO`'s `DTSTART` says: its wall-clock
  /// date and minute, as a `DUE` is read; `nil` when there is none, or when it comes after the
  /// deadline (RFC 5545 forbids it; the line is then kept as written, not taken).
  static func start(of component: Component, deadline: Deadline?) -> Deadline? {
    guard let value = component.property(named: "DTSTART")?.dateOrDateTimeValue,
      let start = try? self.deadline(value),
      (try? TodoValidation.start(start, deadline: deadline)) != nil
    else { return nil }
    return start
  }

  /// Whether a kept `DTSTART` line is written back for `todo`: while it says the todo's start
  /// (its time zone, its form kept), or when it was never the todo's start (after the
  /// deadline) and the todo has none. A start changed or removed here replaces it.
  static func keepsStartLine(_ line: ContentLine, of todo: Todo) -> Bool {
    let said = line.dateOrDateTimeValue.flatMap { try? deadline($0) }
    if said == todo.start { return true }
    guard todo.start == nil, let said, let due = todo.deadline else { return false }
    return (try? TodoValidation.start(said, deadline: due)) == nil
  }

  /// The `DTSTART` line of a todo's start: a date, or a floating date and time.
  static func startLine(of todo: Todo) -> ContentLine? {
    guard let value = todo.start.flatMap(due) else { return nil }
    var line = ContentLine(name: "DTSTART", value: "")
    line.setDateOrDateTime(value)
    return line
  }
}

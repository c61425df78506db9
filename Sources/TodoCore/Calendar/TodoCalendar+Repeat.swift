import Foundation
import ICalendar

// MARK: - Repeat rules

extension TodoCalendar {
  /// The property that says a todo repeats after completion (Todoist's `every!`, Tasks.org's
  /// "repeat from completion date"), which RFC 5545 has no word for: `X-TODO-REPEAT-FROM:
  /// COMPLETION`. Clients keep what they do not know, so the mode survives their edits.
  static let repeatFromProperty = "X-TODO-REPEAT-FROM"

  /// The way a `VTODO` repeats, as the todo's ``Todo/recurrence``: its one `RRULE` and
  /// ``repeatFromProperty``.
  ///
  /// `nil` when it does not repeat, and also when its rule cannot be the todo's (several
  /// `RRULE`s, which RFC 5545 deprecates; one this app cannot read; one whose `UNTIL` comes
  /// before the todo's deadline): that rule stays in what the todo keeps, written back as the
  /// client wrote it, never refused.
  static func recurrence(of component: Component, deadline: Deadline?, now: Date)
    -> Recurrence?
  {
    let rules = component.properties(named: "RRULE")
    guard rules.count == 1,
      let recurrence = try? Recurrence(
        rule: rules[0].value,
        mode: component.property(named: repeatFromProperty)?.value.uppercased() == "COMPLETION"
          ? .afterCompletion : .schedule),
      (try? TodoValidation.recurrence(recurrence, due: deadline, now: now)) != nil
    else { return nil }
    return recurrence
  }

  /// The lines that say how a todo repeats.
  static func repeatLines(of todo: Todo) -> [ContentLine] {
    guard let rule = todo.repeatRule else { return [] }
    var lines = [ContentLine(name: "RRULE", value: rule)]
    if todo.repeatMode == .afterCompletion {
      lines.append(ContentLine(name: repeatFromProperty, value: "COMPLETION"))
    }
    return lines
  }

  /// The UTC offsets of the time zones the system knows, for a rule's `UNTIL` and
  /// exceptions.
  ///
  /// The offset is read off the instant Foundation gives the wall-clock time: for a time the
  /// zone skips, Foundation moves it forward by the gap, so this is the offset before the gap,
  /// as RFC 5545 reads such a time (the zone's offset at that instant would move it back).
  public static let utcOffset: RecurrenceRule.UTCOffset = { tzid, date, time in
    guard let zone = TimeZone(identifier: tzid) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let second = min(time.second, 59)
    let parts = DateComponents(
      year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute,
      second: second)
    guard let instant = calendar.date(from: parts) else { return nil }
    let wall =
      CivilCalendar.dayNumber(year: date.year, month: date.month, day: date.day) * 86_400
      + time.hour * 3_600 + time.minute * 60 + second
    return wall - Int(instant.timeIntervalSince1970.rounded(.down))
  }

  /// An `RRULE` value with its `COUNT` part set to `count`, every other part as written.
  static func rule(_ value: String, settingCount count: Int) -> String {
    value.split(separator: ";", omittingEmptySubsequences: false).map { part in
      let name = part.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces)
      return name.uppercased() == "COUNT" ? "COUNT=\(count)" : String(part)
    }.joined(separator: ";")
  }
}

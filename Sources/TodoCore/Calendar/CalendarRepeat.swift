import Foundation
import ICalendar

/// What a repeating todo's calendar record adds to its rule, and how the record follows the
/// todo to its next occurrence.
///
/// The todo's ``Todo/recurrence`` is the rule; a todo that came from a calendar client also
/// keeps what the client wrote around it: its `DUE` line (a `TZID`, UTC), `EXDATE`s that
/// leave occurrences out, a `DTSTART`, alarms at a moment, and overridden occurrences
/// (`VTODO`s with a `RECURRENCE-ID`). When the todo moves on, its `DUE` keeps its form, the
/// start and the alarms at a moment move by as much, and the overridden occurrences before
/// the next one are dropped: they are over.
struct CalendarRepeat {
  /// The record as stored.
  let record: CalendarData
  /// The kept `VTODO`, if the record keeps one.
  private var vtodo: Component?
  /// The overridden occurrences and time zones kept after it.
  private var extras: [Component]
  /// The `DUE` as the client wrote it, while it still says the todo's deadline.
  let due: DateOrDateTime?
  /// The `DTSTART`: a todo without a deadline runs its rule from there.
  let start: DateOrDateTime?
  /// The occurrences the client left out (`EXDATE`).
  let exceptions: Set<DateOrDateTime>

  init(_ record: CalendarData, deadline: Deadline?) {
    self.record = record
    let parsed = record.kept.isEmpty ? [] : (try? Component.parse(record.kept)) ?? []
    vtodo = parsed.first
    extras = Array(parsed.dropFirst())
    due = record.dueLine.flatMap { try? ContentLine(parsing: $0) }?.dateOrDateTimeValue.flatMap {
      value in (try? TodoCalendar.deadline(value)) == deadline ? value : nil
    }
    start = vtodo?.property(named: "DTSTART")?.dateOrDateTimeValue
    exceptions = Set(
      (vtodo?.properties(named: "EXDATE") ?? []).flatMap { line in
        let tzid = line.parameter(named: "TZID")?.value
        return line.value.split(separator: ",").compactMap {
          DateOrDateTime(parsing: $0.trimmingCharacters(in: .whitespaces), tzid: tzid)
        }
      })
  }

  /// The record once the todo moved from the occurrence `current` to `next`, or `nil` when
  /// nothing in it changes.
  func advanced(from current: DateOrDateTime, to next: DateOrDateTime) -> CalendarData? {
    var record = self.record
    var changed = false
    if let due, var line = record.dueLine.flatMap({ try? ContentLine(parsing: $0) }) {
      line.setDateOrDateTime(due.shifted(seconds: current.wallClockSeconds(to: next)) ?? next)
      record.dueLine = line.description
      changed = true
    } else if record.dueLine == nil, let form = next.form, form != .floating {
      // A todo without a deadline ran its rule from its DTSTART: its new DUE says the
      // occurrence as the start does (its time zone).
      var line = ContentLine(name: "DUE", value: "")
      line.setDateOrDateTime(next)
      record.dueLine = line.description
      changed = true
    }
    guard var vtodo else { return changed ? record : nil }
    let distance = current.wallClockSeconds(to: next)
    var keptChanged = Self.shift(&vtodo, "DTSTART", by: distance)
    keptChanged = Self.shiftAbsoluteAlarms(of: &vtodo, from: current, to: next) || keptChanged
    // The overridden occurrences before the next one are over.
    let extras = self.extras.filter { component in
      guard component.hasName("VTODO"),
        let id = component.property(named: "RECURRENCE-ID")?.dateOrDateTimeValue
      else { return true }
      return !RecurrenceRule.precedes(id, next, utcOffset: TodoCalendar.utcOffset)
    }
    keptChanged = keptChanged || extras.count != self.extras.count
    guard keptChanged else { return changed ? record : nil }
    record.keep([vtodo] + extras)
    return record
  }

  /// Moves a date property of `vtodo` by `seconds` of wall-clock time, keeping its form.
  private static func shift(_ vtodo: inout Component, _ name: String, by seconds: Int) -> Bool {
    guard seconds != 0,
      let index = vtodo.properties.firstIndex(where: { $0.hasName(name) }),
      let value = vtodo.properties[index].dateOrDateTimeValue,
      let shifted = value.shifted(seconds: seconds)
    else { return false }
    vtodo.properties[index].setDateOrDateTime(shifted)
    return true
  }

  /// Moves every alarm of `vtodo` set at a moment (`TRIGGER;VALUE=DATE-TIME:…Z`) by as much
  /// time as the todo moved, written in UTC as RFC 5545 requires; relative ones follow the
  /// `DUE` by themselves. Returns whether one moved.
  private static func shiftAbsoluteAlarms(
    of vtodo: inout Component, from current: DateOrDateTime, to next: DateOrDateTime
  ) -> Bool {
    guard let from = TodoCalendar.instant(current), let to = TodoCalendar.instant(next) else {
      return false
    }
    let seconds = to.timeIntervalSince(from)
    var moved = false
    for index in vtodo.components.indices where vtodo.components[index].hasName("VALARM") {
      for line in vtodo.components[index].properties.indices {
        let trigger = vtodo.components[index].properties[line]
        guard trigger.hasName("TRIGGER"),
          trigger.parameter(named: "VALUE")?.value.uppercased() == "DATE-TIME",
          let value = DateOrDateTime(parsing: trigger.value),
          let moment = TodoCalendar.instant(value),
          let shifted = TodoCalendar.dateTime(utc: moment.addingTimeInterval(seconds))
        else { continue }
        vtodo.components[index].properties[line].value = shifted.text
        moved = true
      }
    }
    return moved
  }
}

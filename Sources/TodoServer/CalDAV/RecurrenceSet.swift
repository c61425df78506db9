import Foundation
import ICalendar
import TodoCore

/// A calendar resource's todo as the instances of its recurrence set (RFC 5545 3.8.5): what a
/// `time-range` filter tests on a repeating todo (RFC 4791 9.9: any of its instances), and
/// what `expand` and `limit-recurrence-set` in `calendar-data` (9.6.5, 9.6.6) return.
///
/// The occurrences are the todo's `DTSTART` (or, without one, its `DUE`), then those its
/// `RRULE` and `RDATE`s give, less its `EXDATE`s. Each instance keeps the todo's length (its
/// `DUE` as far after its `DTSTART` as the todo's), and an occurrence a client changed on its
/// own (a `VTODO` of the same calendar with that `RECURRENCE-ID`) stands for its instance.
struct RecurrenceSet {
  /// The todo's own `VTODO`, the one without `RECURRENCE-ID`.
  let master: Component
  /// The occurrences changed on their own, by the moment of their `RECURRENCE-ID`.
  private let changed: [Date: Component]
  private let rule: RecurrenceRule?
  /// The first occurrence: `DTSTART`, or `DUE` without one.
  private let first: DateOrDateTime?
  private let exceptions: Set<DateOrDateTime>
  private let extraDates: [DateOrDateTime]

  /// The most occurrences computed for one todo in one answer: a rule may repeat every
  /// second for ever, and a range may span centuries. Past it, the rest of the range is not
  /// searched.
  static let occurrenceLimit = 10_000

  /// The properties that make a component repeat, which no single instance carries.
  private static let recurrenceProperties = ["RRULE", "RDATE", "EXDATE", "EXRULE"]

  /// The recurrence set of `master`, with the changed occurrences of the same `UID` among the
  /// components of `calendar`.
  init(master: Component, in calendar: Component?) {
    self.master = master
    let uid = master.property(named: "UID")?.value
    var changed: [Date: Component] = [:]
    for component in calendar?.components(named: "VTODO") ?? []
    where component.property(named: "UID")?.value == uid {
      guard let id = component.property(named: "RECURRENCE-ID")?.dateOrDateTimeValue,
        let moment = TodoCalendar.instant(id)
      else { continue }
      changed[moment] = component
    }
    self.changed = changed
    rule = master.property(named: "RRULE").flatMap { try? RecurrenceRule(parsing: $0.value) }
    first =
      (master.property(named: "DTSTART") ?? master.property(named: "DUE"))?
      .dateOrDateTimeValue
    exceptions = Set(Self.values(of: "EXDATE", in: master))
    extraDates = Self.values(of: "RDATE", in: master)
  }

  /// Whether the todo repeats: it has an `RRULE` or an `RDATE`, and a date to repeat from.
  var repeats: Bool { first != nil && (rule != nil || !extraDates.isEmpty) }

  /// Whether any instance overlaps the range from `start` to `end`.
  func overlaps(_ start: Date, _ end: Date) -> Bool {
    guard repeats else { return Self.overlaps(master, start, end) }
    var found = false
    visitOccurrences(from: start, through: end) { occurrence in
      found = Self.overlaps(instance(at: occurrence), start, end)
      return !found
    }
    return found
  }

  /// The instances whose time overlaps the range from `start` to `end` (RFC 4791 9.9), in
  /// order: each a `VTODO` of one instance, with its `RECURRENCE-ID` and no recurrence
  /// properties. A todo that does not repeat is its own one instance.
  func instances(overlapping start: Date, _ end: Date) -> [Component] {
    guard repeats else { return Self.overlaps(master, start, end) ? [master] : [] }
    var found: [(moment: Date, instance: Component)] = []
    visitOccurrences(from: start, through: end) { occurrence in
      let instance = instance(at: occurrence)
      if Self.overlaps(instance, start, end), let moment = TodoCalendar.instant(occurrence) {
        found.append((moment, instance))
      }
      return true
    }
    return found.sorted { $0.moment < $1.moment }.map(\.instance)
  }

  // MARK: - Occurrences

  /// Calls `body` with each occurrence whose instance may overlap the range (from the first
  /// that can still reach `start` to the last that begins by `end`), the rule's in order and
  /// then the `RDATE`s, each once, until it returns `false` or ``occurrenceLimit`` were visited.
  private func visitOccurrences(
    from start: Date, through end: Date, _ body: (DateOrDateTime) -> Bool
  ) {
    guard let first else { return }
    // An instance that began before `start` still overlaps while it lasts.
    let length = TimeInterval(max(0, lengthSeconds)) + 2 * 86_400
    let bound = start == .distantPast ? nil : TodoCalendar.dateTime(utc: start - length)
    let earliest = bound.flatMap(TodoCalendar.instant) ?? .distantPast
    var seen: Set<Date> = []
    /// Whether to go on.
    func visit(_ value: DateOrDateTime) -> Bool {
      guard let moment = TodoCalendar.instant(value), moment <= end,
        seen.count < Self.occurrenceLimit
      else { return false }
      guard moment >= earliest, seen.insert(moment).inserted else { return true }
      return body(value)
    }
    if let rule {
      let offset = TodoCalendar.utcOffset
      if let bound {
        for value in rule.occurrences(
          from: first, notBefore: bound, exceptions: exceptions, utcOffset: offset)
        where !visit(value) {
          return
        }
      } else {
        for value in rule.occurrences(from: first, exceptions: exceptions, utcOffset: offset)
        where !visit(value) {
          return
        }
      }
    } else if !visit(first) {
      return
    }
    for value in extraDates where !exceptions.contains(value) {
      guard let moment = TodoCalendar.instant(value), moment <= end else { continue }
      guard visit(value) else { return }
    }
  }

  /// Seconds from the todo's `DTSTART` to its `DUE`; 0 without both.
  private var lengthSeconds: Int {
    guard let start = master.property(named: "DTSTART")?.dateOrDateTimeValue,
      let due = master.property(named: "DUE")?.dateOrDateTimeValue
    else { return 0 }
    return start.wallClockSeconds(to: due)
  }

  /// The instance at `occurrence`: the occurrence changed on its own, or the todo moved there.
  private func instance(at occurrence: DateOrDateTime) -> Component {
    if let moment = TodoCalendar.instant(occurrence), let changed = changed[moment] {
      return changed
    }
    var instance = master
    instance.properties.removeAll { line in
      Self.recurrenceProperties.contains { line.hasName($0) }
    }
    if let start = master.property(named: "DTSTART")?.dateOrDateTimeValue {
      Self.set("DTSTART", occurrence, in: &instance)
      if let due = master.property(named: "DUE")?.dateOrDateTimeValue,
        let moved = due.shifted(seconds: start.wallClockSeconds(to: occurrence))
      {
        Self.set("DUE", moved, in: &instance)
      }
    } else {
      Self.set("DUE", occurrence, in: &instance)
    }
    instance.properties.append(ContentLine(name: "RECURRENCE-ID", dateOrDateTime: occurrence))
    return instance
  }

  private static func set(_ name: String, _ value: DateOrDateTime, in component: inout Component) {
    let line = ContentLine(name: name, dateOrDateTime: value)
    if let index = component.properties.firstIndex(where: { $0.hasName(name) }) {
      component.properties[index] = line
    } else {
      component.properties.append(line)
    }
  }

  /// The DATE and DATE-TIME values of every `name` line (`EXDATE`, `RDATE`: comma-separated,
  /// with the line's `TZID`); a `PERIOD` value is not an occurrence date and is passed over.
  private static func values(of name: String, in component: Component) -> [DateOrDateTime] {
    component.properties(named: name).flatMap { line in
      let tzid = line.parameter(named: "TZID")?.value
      return line.value.split(separator: ",").compactMap {
        DateOrDateTime(parsing: $0.trimmingCharacters(in: .whitespaces), tzid: tzid)
      }
    }
  }

  // MARK: - One instance

  /// Whether one `VTODO`'s time overlaps the range from `start` to `end`, by RFC 4791 9.9's
  /// table: by `DTSTART` and `DUE` (or `DURATION`), by `DUE` alone, or by `COMPLETED` and
  /// `CREATED`; a todo with none of them overlaps every range.
  static func overlaps(_ component: Component, _ start: Date, _ end: Date) -> Bool {
    func moment(_ name: String) -> Date? {
      component.property(named: name)?.dateOrDateTimeValue.flatMap(TodoCalendar.instant)
    }
    let dtstart = moment("DTSTART")
    let due = moment("DUE")
    let completed = moment("COMPLETED")
    let created = moment("CREATED")
    switch (dtstart, due) {
    case (let dtstart?, let due?):
      return (start < due || start <= dtstart) && (end > dtstart || end >= due)
    case (let dtstart?, nil):
      if let seconds = component.property(named: "DURATION")?.durationSeconds {
        let finish = dtstart.addingTimeInterval(TimeInterval(seconds))
        return start <= finish && (end > dtstart || end >= finish)
      }
      return start <= dtstart && end > dtstart
    case (nil, let due?):
      return start < due && end >= due
    case (nil, nil):
      switch (completed, created) {
      case (let completed?, let created?):
        return (start <= created || start <= completed) && (end >= created || end >= completed)
      case (let completed?, nil): return start <= completed && end >= completed
      case (nil, let created?): return end > created
      case (nil, nil): return true
      }
    }
  }

  /// `component` with its zoned date-times in UTC, as `expand` returns an instance (RFC 4791
  /// 9.6.5: no time zone is referred to).
  static func inUTC(_ component: Component) -> Component {
    var converted = component
    for index in converted.properties.indices {
      let line = converted.properties[index]
      guard let value = line.dateOrDateTimeValue, value.tzid != nil,
        let moment = TodoCalendar.instant(value), let utc = TodoCalendar.dateTime(utc: moment)
      else { continue }
      converted.properties[index] = ContentLine(name: line.name, dateOrDateTime: utc)
    }
    converted.components = converted.components.map(inUTC)
    return converted
  }
}

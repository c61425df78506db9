import Foundation
import ICalendar
import Persistence

// MARK: - Repeating todos

extension TodoService {
  /// Completes a todo that repeats: when the todo came from a calendar whose `VTODO` has an
  /// `RRULE` with an occurrence after the todo's, the completed occurrence is kept as a done
  /// copy just above it, and the todo itself moves on to its next occurrence, not done.
  ///
  /// Every change of a todo's status goes through ``write(_:from:at:in:isWritten:)``, which
  /// calls this in the change's write transaction once the patch set the status and `doneAt`:
  /// ``updateTodo(id:_:expectedVersion:)`` (the API, the page's checkbox, `todo done`) and
  /// ``TodoEditSession/save()`` (the page's editor).
  ///
  /// - The copy is a new todo, done at `todo.doneAt`, with the same title, notes, section and
  ///   deadline, and a calendar record of its own (a new `UID`, the same `DUE` line, and what
  ///   the original kept minus `RRULE`, `RDATE` and `EXDATE`): calendar clients see the
  ///   completed occurrence, which does not repeat.
  /// - The todo's deadline becomes the next occurrence's
  ///   (`RecurrenceRule.nextDue(after:start:utcOffset:)`), its `DUE` line keeps its form (the
  ///   same `TZID`, UTC, floating or date), and what it kept is unchanged: `DTSTART`, from
  ///   which the rule and its `COUNT` run, stays. A todo without a `DTSTART` runs the rule
  ///   from its `DUE`, so its `COUNT` is lowered by the one occurrence done. A todo without a
  ///   deadline runs it from its `DTSTART`, and gets the next occurrence as its deadline.
  ///
  /// A todo whose rule cannot be evaluated, has no occurrence left (`COUNT`, `UNTIL`), or
  /// that has neither a deadline nor a `DTSTART`, is left as it was: done.
  ///
  /// - Parameters:
  ///   - todo: The todo as it is about to be written, already marked done; advanced in place.
  ///   - date: The time of the change, for the copy's dates.
  ///   - tx: The transaction that writes the todo.
  /// - Returns: Whether the todo repeats and was advanced.
  @discardableResult
  func completeRepeating(_ todo: inout Todo, at date: Date, in tx: WriteTransaction) throws
    -> Bool
  {
    guard todo.status == .done, var data = try tx.object(CalendarData.self, id: todo.id),
      !data.kept.isEmpty, let kept = try? Component.parse(data.kept), var vtodo = kept.first,
      let ruleLine = vtodo.property(named: "RRULE")
    else { return false }
    let rule: RecurrenceRule
    do {
      rule = try RecurrenceRule(parsing: ruleLine.value)
    } catch {
      logger.info("todo \(todo.id) is completed, not repeated: its RRULE: \(error)")
      return false
    }
    // The DUE as the client wrote it while it still says the deadline, else the deadline.
    let keptDue = data.dueLine.flatMap { try? ContentLine(parsing: $0) }.flatMap {
      line -> (line: ContentLine, value: DateOrDateTime)? in
      guard let value = line.dateOrDateTimeValue,
        (try? TodoCalendar.deadline(value)) == todo.deadline
      else { return nil }
      return (line, value)
    }
    let start = vtodo.property(named: "DTSTART")?.dateOrDateTimeValue
    guard let due = keptDue?.value ?? todo.deadline.flatMap(TodoCalendar.due) ?? start,
      let next = rule.nextDue(after: due, start: start, utcOffset: Self.utcOffset),
      let deadline = try? TodoCalendar.deadline(next),
      let stored = try tx.object(Todo.self, id: todo.id)
    else { return false }

    // The occurrence done: a copy that does not repeat, just above the todo.
    var history = vtodo
    history.properties.removeAll { ["RRULE", "RDATE", "EXDATE"].contains($0.name.uppercased()) }
    let zones = Array(kept.dropFirst())
    let copy = try tx.insert(
      Todo(
        listID: stored.listID, title: todo.title, notes: todo.notes, deadline: todo.deadline,
        status: .done, doneAt: todo.doneAt ?? date, section: todo.section,
        order: try OrderKey.between(nil, nil), createdAt: date, updatedAt: date),
      at: .before(todo.id))
    try tx.insert(
      CalendarData(
        id: copy.id, uid: copy.id.uuidString.lowercased(), dueLine: keptDue?.line.description,
        kept: history.properties.isEmpty && history.components.isEmpty && zones.isEmpty
          ? "" : Component.serialize([history] + zones)))

    // The todo itself: its next occurrence, as the client wrote its DUE.
    var dueLine = keptDue?.line ?? ContentLine(name: "DUE", value: "")
    dueLine.setDateOrDateTime(next)
    data.dueLine = dueLine.description
    var keptChanged = false
    if start == nil, let count = rule.count,
      let index = vtodo.properties.firstIndex(where: { $0.hasName("RRULE") })
    {
      vtodo.properties[index].value = Self.rule(ruleLine.value, settingCount: count - 1)
      keptChanged = true
    }
    // Alarms at a moment (TRIGGER;VALUE=DATE-TIME) move with the todo; relative ones follow
    // the DUE by themselves.
    if let from = TodoCalendar.instant(due), let to = TodoCalendar.instant(next) {
      keptChanged =
        Self.shiftAbsoluteAlarms(of: &vtodo, by: to.timeIntervalSince(from)) || keptChanged
    }
    if keptChanged { data.kept = Component.serialize([vtodo] + zones) }
    try tx.update(data)
    // Inserting the copy may have given the todo a new order key (a rebalance).
    let placed = try tx.object(Todo.self, id: todo.id) ?? stored
    todo.order = placed.order
    todo.version = placed.version
    todo.deadline = deadline
    todo.status = .notStarted
    todo.doneAt = nil
    logger.debug("todo \(todo.id) repeats: next due \(deadline)")
    return true
  }

  /// Moves every alarm of `vtodo` set at a moment (`TRIGGER;VALUE=DATE-TIME:…Z`) by
  /// `seconds`, written in UTC as RFC 5545 requires; returns whether one moved.
  private static func shiftAbsoluteAlarms(of vtodo: inout Component, by seconds: TimeInterval)
    -> Bool
  {
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

  /// The UTC offsets of the time zones the system knows, for a rule's `UNTIL`.
  ///
  /// The offset is read off the instant Foundation gives the wall-clock time: for a time the
  /// zone skips, Foundation moves it forward by the gap, so this is the offset before the gap,
  /// as RFC 5545 reads such a time (the zone's offset at that instant would move it back).
  private static let utcOffset: RecurrenceRule.UTCOffset = { tzid, date, time in
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

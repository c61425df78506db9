import Foundation
import ICalendar
import Persistence

// MARK: - Repeating todos

extension TodoService {
  /// Moves a repeating todo that was just completed on to its next occurrence, in place, and
  /// records the completion (``TodoCompletion``): the todo keeps its identifier, list, place
  /// and history, as Apple Reminders and Tasks.org do, so calendar clients agree.
  ///
  /// The next date is the rule's next occurrence (``nextOccurrence(of:due:start:doneAt:record:)``). When
  /// the series is over (its `COUNT` used up, or past its `UNTIL`), the todo stays done and
  /// keeps its rule.
  ///
  /// Every change of a todo's status goes through ``write(_:from:at:in:isWritten:)``, which
  /// calls this in the change's write transaction.
  ///
  /// - Parameters:
  ///   - todo: The todo as it is about to be written, already marked done; advanced in place.
  ///   - date: The time of the change: when it was done, unless the change said otherwise.
  ///   - tx: The transaction that writes the todo.
  /// - Returns: Whether the todo repeats and was advanced.
  func completeRecurring(_ todo: inout Todo, at date: Date, in tx: WriteTransaction) throws
    -> Bool
  {
    guard todo.status == .done, todo.recurrence != nil else { return false }
    let doneAt = todo.doneAt ?? date
    let deadline = todo.deadline
    guard try advance(&todo, from: doneAt, in: tx) else {
      logger.debug("todo \(todo.id) completed the last occurrence of its series")
      return false
    }
    try tx.insert(TodoCompletion(id: UUID(), todoID: todo.id, doneAt: doneAt, deadline: deadline))
    todo.status = .notStarted
    todo.doneAt = nil
    logger.debug(
      "todo \(todo.id) repeats: next due \(todo.deadline.map(String.init(describing:)) ?? "-")")
    return true
  }

  /// Moves a repeating todo to its next occurrence (``nextOccurrence(of:due:start:doneAt:record:)``)
  /// with its calendar record, if it has one: the `DUE` keeps the form the client wrote, the
  /// `DTSTART` and alarms at a moment move by as much, the overridden occurrences passed are
  /// dropped (``CalendarRepeat``).
  ///
  /// - Returns: Whether it moved; `false` when its series has no occurrence left.
  private func advance(_ todo: inout Todo, from doneAt: Date, in tx: WriteTransaction) throws
    -> Bool
  {
    guard let recurrence = todo.recurrence else { return false }
    let calendar = try tx.object(CalendarData.self, id: todo.id).map {
      CalendarRepeat($0, deadline: todo.deadline)
    }
    guard
      let next = nextOccurrence(
        of: recurrence, due: todo.deadline, start: todo.start, doneAt: doneAt, record: calendar)
    else { return false }
    todo.deadline = next.deadline
    todo.repeatRule = next.rule
    // The start keeps its distance from the deadline (a calendar's DTSTART moves alike).
    if let start = todo.start.flatMap(TodoCalendar.due),
      let moved = start.shifted(seconds: next.from.wallClockSeconds(to: next.value))
    {
      todo.start = (try? TodoCalendar.deadline(moved)) ?? todo.start
    }
    if let record = calendar?.advanced(from: next.from, to: next.value) {
      try tx.update(record)
    }
    if let from = TodoCalendar.instant(next.from), let to = TodoCalendar.instant(next.value) {
      try shiftMomentReminders(of: todo.id, by: to.timeIntervalSince(from), in: tx)
    }
    return true
  }

  /// Moves a repeating todo on to its next occurrence without completing the one it is at
  /// ("skip this one"): nothing is recorded as done.
  ///
  /// - Parameters:
  ///   - id: The todo.
  ///   - expectedVersion: The version the client read; a todo changed since is refused.
  /// - Returns: The todo at its next occurrence.
  /// - Throws: `TodoError.validation` on `repeat` for a todo that does not repeat or whose
  ///   series has no occurrence left; `notFound`, `forbidden`, `versionConflict` as for
  ///   ``updateTodo(id:_:expectedVersion:)``.
  public func skipOccurrence(id: UUID, expectedVersion: Version? = nil) async throws -> Todo {
    try await write { tx in
      var todo = try self.liveTodo(id: id, need: .edit, at: expectedVersion, in: tx)
      guard todo.recurrence != nil else {
        throw TodoError.validation(field: "repeat", message: "the todo does not repeat")
      }
      let now = self.now()
      guard try self.advance(&todo, from: now, in: tx) else {
        throw TodoError.validation(
          field: "repeat", message: "the series has no occurrence after this one")
      }
      todo.updatedAt = now
      return try tx.update(todo)
    }
  }

  /// The completions of a repeating todo, the latest first.
  ///
  /// - Throws: `TodoError.notFound` for a todo the principal cannot see.
  public func completions(of id: UUID) async throws -> [TodoCompletion] {
    try await read { tx in
      _ = try self.liveTodo(id: id, need: .read, in: tx)
      return try tx.fetch(
        FetchRequest(
          filter: TodoCompletion.todoIDAttribute == id,
          sortedBy: [TodoCompletion.doneAtAttribute.descending]))
    }
  }

  /// The occurrence after the one a todo is at, and the rule to keep from there: its `COUNT`
  /// lowered by the occurrences passed, since the todo moves in place and its rule runs from
  /// its current date.
  ///
  /// - On schedule, the next occurrence after the todo's deadline, or after the day it was
  ///   done when that is later: occurrences missed while it was overdue are not owed ("call
  ///   mum every Monday", done on a Wednesday two weeks late, is next due on the coming
  ///   Monday).
  /// - After completion, the rule's next occurrence counted from the day it was done, at the
  ///   deadline's time of day.
  ///
  /// Days are read in the person's time zone (``timeZone``). A todo without a deadline runs the rule from
  /// its start date, else from the day it was done. A todo from a calendar client runs it from its `DUE` as the client
  /// wrote it (a `TZID`, UTC) and leaves out its `EXDATE`s.
  ///
  /// - Returns: The deadline and rule to keep, the date the todo was at and the occurrence it
  ///   moves to, in the form of its `DUE`; `nil` when the series has no occurrence left.
  func nextOccurrence(
    of recurrence: Recurrence, due: Deadline?, start startDate: Deadline? = nil, doneAt: Date,
    record: CalendarRepeat? = nil
  ) -> (deadline: Deadline, rule: String, from: DateOrDateTime, value: DateOrDateTime)? {
    var local = Calendar(identifier: .gregorian)
    local.timeZone = timeZone
    let day = local.dateComponents([.year, .month, .day], from: doneAt)
    guard let doneDay = CalendarDate(year: day.year ?? 0, month: day.month ?? 0, day: day.day ?? 0)
    else { return nil }
    let onDoneDay =
      due?.time.flatMap { TimeOfDay(hour: $0.hour, minute: $0.minute) }.map {
        DateOrDateTime.dateTime(doneDay, $0, .floating)
      } ?? .date(doneDay)
    let start: DateOrDateTime
    let after: DateOrDateTime
    switch recurrence.mode {
    case .schedule:
      start =
        record?.due ?? due.flatMap(TodoCalendar.due) ?? record?.start
        ?? startDate.flatMap(TodoCalendar.due) ?? onDoneDay
      after = start.date < doneDay ? .date(doneDay) : start
    case .afterCompletion:
      start = onDoneDay
      after = onDoneDay
    }
    let rule = recurrence.rule
    let exceptions = record?.exceptions ?? []
    let offset = TodoCalendar.utcOffset
    guard
      let next = rule.occurrence(
        after: after, start: start, exceptions: exceptions, utcOffset: offset),
      let deadline = try? TodoCalendar.deadline(next)
    else { return nil }
    // Where the todo was: what its other dates (a start, alarms) keep their distance from.
    let current = record?.due ?? due.flatMap(TodoCalendar.due) ?? start
    guard let count = rule.count else { return (deadline, recurrence.ruleText, current, next) }
    // The rule runs from the todo's date: the occurrences before the next one are used up,
    // the exceptions among them too (RFC 5545 counts them).
    var passed = 0
    for occurrence in rule.occurrences(from: start, utcOffset: offset) {
      if occurrence == next { break }
      passed += 1
    }
    guard count - passed >= 1 else { return nil }
    return (
      deadline, TodoCalendar.rule(recurrence.ruleText, settingCount: count - passed), current,
      next
    )
  }
}

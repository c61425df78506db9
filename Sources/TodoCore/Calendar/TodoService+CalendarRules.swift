import Foundation
import ICalendar
import Persistence

// MARK: - Repeat rules that older stores kept as calendar text

extension TodoService {
  /// Makes the `RRULE` of every todo that came from a calendar client its own repeat rule.
  ///
  /// Stores written before todos had a rule of their own kept a client's `RRULE` as calendar
  /// text; completing such a todo now follows ``Todo/recurrence`` like any other, so the rule
  /// moves there (with ``TodoCalendar/repeatFromProperty``) and leaves the kept text. Runs when
  /// the store opens, in one write transaction; a rule the todo cannot take stays kept, and
  /// a store with nothing to move costs one query.
  ///
  /// - Returns: How many todos took their rule.
  @discardableResult
  func adoptCalendarRepeatRules() async throws -> Int {
    let now = self.now()
    return try await adoptFromKeptText(
      CalendarData.keptAttribute.contains("RRULE"), taking: "their calendar's repeat rule"
    ) { record, tx in
      guard var todo = try tx.object(Todo.self, id: record.id), todo.repeatRule == nil,
        var parts = try? Component.parse(record.kept), !parts.isEmpty,
        let recurrence = TodoCalendar.recurrence(
          of: parts[0], deadline: todo.deadline, now: now)
      else { return false }
      parts[0].properties.removeAll {
        $0.hasName("RRULE") || $0.hasName(TodoCalendar.repeatFromProperty)
      }
      var kept = record
      kept.keep(parts)
      todo.recurrence = recurrence
      try tx.update(todo)
      try tx.update(kept)
      return true
    }
  }
}

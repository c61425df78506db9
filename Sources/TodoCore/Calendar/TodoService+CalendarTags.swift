import Foundation
import ICalendar
import Persistence

// MARK: - Priorities and categories that older stores kept as calendar text

extension TodoService {
  /// Makes the `PRIORITY` and `CATEGORIES` that a calendar client wrote the todo's own
  /// priority and tags.
  ///
  /// Stores written before todos had a priority and tags kept them as calendar text only; the
  /// lines stay kept (a client gets back what it wrote), and the todo takes their values. Runs
  /// when the store opens, in one write transaction; a todo that has a priority or tags of its
  /// own keeps them, and a store with nothing to take costs one query. Since a change of a
  /// todo's priority or tags drops kept lines that no longer say them
  /// (``dropStalePriorityAndTags(of:in:)``), a priority removed here is not taken again.
  ///
  /// - Returns: How many todos took a priority or tags.
  @discardableResult
  func adoptCalendarPriorityAndTags() async throws -> Int {
    try await adoptFromKeptText(
      CalendarData.keptAttribute.contains("PRIORITY")
        || CalendarData.keptAttribute.contains("CATEGORIES"),
      taking: "their calendar's priority or categories"
    ) { record, tx in
      guard var todo = try tx.object(Todo.self, id: record.id),
        todo.priority == nil || todo.tags == nil,
        let kept = try? Component.parse(record.kept).first
      else { return false }
      let stored = todo
      if todo.priority == nil {
        todo.priority = kept.property(named: "PRIORITY")?.integerValue.flatMap(
          Priority.init(iCalendar:))
      }
      if todo.tags == nil {
        todo.tagNames = TodoCalendar.tags(
          fromCategories: kept.properties(named: "CATEGORIES").flatMap(\.textListValue))
      }
      guard todo != stored else { return false }
      try tx.update(todo)
      return true
    }
  }

  /// Drops from what the todo keeps of its calendar client's `VTODO` the `PRIORITY` and
  /// `CATEGORIES` lines that no longer say its priority and tags: after a change here, the
  /// kept text agrees with the todo, and the client gets the app's lines.
  func dropStalePriorityAndTags(of todo: Todo, in tx: WriteTransaction) throws {
    guard var record = try tx.object(CalendarData.self, id: todo.id), !record.kept.isEmpty,
      var parts = try? Component.parse(record.kept), !parts.isEmpty
    else { return }
    let before = parts[0].properties
    TodoCalendar.keepPriorityAndTags(of: todo, in: &parts[0].properties)
    guard parts[0].properties != before else { return }
    record.keep(parts)
    try tx.update(record)
  }
}

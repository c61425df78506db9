import Foundation
import ICalendar
import Persistence

// MARK: - X-APPLE-SORT-ORDER, the order calendar clients sort todos by

extension TodoService {
  /// A todo placed at a new spot in its list (``WriteTransaction/placing(_:at:)``, not yet
  /// written), with an order (``Todo/externalOrder``, a calendar client's
  /// `X-APPLE-SORT-ORDER`) between its new neighbours', so that a client sorting by it (Apple
  /// Reminders, Tasks.org) shows the new order at its next sync. The caller writes it once,
  /// with the move; a list no client sorted is left without the order.
  static func fittingSortOrder(of todo: Todo, in tx: ReadTransaction) throws -> Todo {
    // Its row is still at its old place: it is not its own neighbour.
    let live =
      Todo.listIDAttribute == todo.listID && Todo.deletedAtAttribute.isNil
      && !(Todo.idAttribute == todo.id)
    let previous = try tx.fetch(
      FetchRequest(
        filter: live && Todo.orderAttribute < todo.order,
        sortedBy: [Todo.orderAttribute.descending], limit: 1)
    ).first?.externalOrder
    let next = try tx.fetch(
      FetchRequest(
        filter: live && Todo.orderAttribute > todo.order,
        sortedBy: [Todo.orderAttribute.ascending], limit: 1)
    ).first?.externalOrder
    var sorted = todo
    switch (previous, next) {
    case (let low?, let high?):
      sorted.externalOrder = high - low >= 2 ? low + (high - low) / 2 : low + 1
    case (let low?, nil): sorted.externalOrder = low + 1_024
    case (nil, let high?): sorted.externalOrder = high - 1_024
    case (nil, nil): break
    }
    return sorted
  }

  /// Moves the `X-APPLE-SORT-ORDER` a store kept in its calendar clients' text into the
  /// todos' order (``Todo/externalOrder``), where a new todo's place is found from an index:
  /// once, for a store written before the order had a column.
  ///
  /// - Returns: How many todos took their order.
  @discardableResult
  func adoptCalendarSortOrders() async throws -> Int {
    try await adoptFromKeptText(
      CalendarData.keptAttribute.contains("X-APPLE-SORT-ORDER"),
      taking: "their calendar's sort order"
    ) { record, tx in
      guard var parts = try? Component.parse(record.kept), !parts.isEmpty,
        let line = parts[0].property(named: "X-APPLE-SORT-ORDER")
      else { return false }
      parts[0].properties.removeAll { $0.hasName("X-APPLE-SORT-ORDER") }
      var stripped = record
      stripped.keep(parts)
      try tx.update(stripped)
      if var todo = try tx.object(Todo.self, id: record.id), todo.externalOrder == nil,
        let value = line.integerValue
      {
        todo.externalOrder = value
        try tx.update(todo)
      }
      return true
    }
  }
}

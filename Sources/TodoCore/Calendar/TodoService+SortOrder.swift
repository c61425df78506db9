import Foundation
import ICalendar
import Persistence

// MARK: - X-APPLE-SORT-ORDER, the order calendar clients sort todos by

extension TodoService {
  /// After a todo moved within its list, gives it an `X-APPLE-SORT-ORDER` between its new
  /// neighbours', so that a client sorting by it (Apple Reminders, Tasks.org) shows the new
  /// order at its next sync. Only the moved todo is written (its version, the resource's
  /// ETag, changes with the move); a list no client sorted is left without the property.
  static func fitSortOrder(of todo: Todo, in tx: WriteTransaction) throws {
    let live = Todo.listIDAttribute == todo.listID && Todo.deletedAtAttribute.isNil
    let before = try tx.fetch(
      FetchRequest(
        filter: live && Todo.orderAttribute < todo.order,
        sortedBy: [Todo.orderAttribute.descending], limit: 1)
    ).first
    let after = try tx.fetch(
      FetchRequest(
        filter: live && Todo.orderAttribute > todo.order,
        sortedBy: [Todo.orderAttribute.ascending], limit: 1)
    ).first
    let ids = [before?.id, todo.id, after?.id].compactMap { $0 }
    var data: [UUID: CalendarData] = [:]
    for row in try tx.fetch(FetchRequest<CalendarData>(filter: CalendarData.idAttribute.isIn(ids)))
    {
      data[row.id] = row
    }
    func sortOrder(_ id: UUID?) -> Int? {
      id.flatMap { data[$0] }.flatMap { keptComponent($0)?.appleSortOrder }
    }
    let previous = sortOrder(before?.id)
    let next = sortOrder(after?.id)
    let own = sortOrder(todo.id)
    guard previous != nil || next != nil || own != nil else { return }
    let value: Int? =
      switch (previous, next) {
      case (let low?, let high?): high - low >= 2 ? low + (high - low) / 2 : low + 1
      case (let low?, nil): low + 1_024
      case (nil, let high?): high - 1_024
      case (nil, nil): nil
      }
    guard let value, value != own else { return }
    var stored = data[todo.id] ?? CalendarData(id: todo.id, uid: todo.id.uuidString.lowercased())
    var component = keptComponent(stored) ?? TodoComponent(Component(name: "VTODO"))!
    component.appleSortOrder = value
    let zones = TodoCalendar.timeZones(of: stored)
    stored.kept = Component.serialize([component.component] + zones)
    if data[todo.id] == nil { try tx.insert(stored) } else { try tx.update(stored) }
  }

  /// The `VTODO` of what a todo keeps, if it keeps one.
  private static func keptComponent(_ data: CalendarData) -> TodoComponent? {
    guard !data.kept.isEmpty, let first = try? Component.parse(data.kept).first else {
      return nil
    }
    return TodoComponent(first)
  }
}

import Foundation
import ICalendar
import Persistence

// MARK: - Subtasks as calendar clients write them (`RELATED-TO;RELTYPE=PARENT`)

extension TodoService {
  /// The `UID` calendar clients know each subtask's parent by, for the subtasks among `todos`
  /// (keyed by the subtask): the parent's client `UID`, or its identifier for a todo made here.
  static func parentUIDs(of todos: [Todo], in tx: ReadTransaction) throws -> [UUID: String] {
    let parents = Array(Set(todos.compactMap(\.parentID)))
    guard !parents.isEmpty else { return [:] }
    var uids: [UUID: String] = [:]
    var start = 0
    while start < parents.count {
      let slice = parents[start..<min(start + 500, parents.count)]
      for row in try tx.fetch(
        FetchRequest<CalendarData>(filter: CalendarData.idAttribute.isIn(Array(slice))))
      {
        uids[row.id] = row.uid
      }
      start += 500
    }
    var result: [UUID: String] = [:]
    for todo in todos {
      guard let parent = todo.parentID else { continue }
      result[todo.id] = uids[parent] ?? parent.uuidString.lowercased()
    }
    return result
  }

  /// The live todo of a list that calendar clients know by `uid`, if any.
  static func calendarTodo(uid: String, inList listID: UUID, in tx: ReadTransaction) throws
    -> Todo?
  {
    for data in try tx.fetch(FetchRequest<CalendarData>(filter: CalendarData.uidAttribute == uid)) {
      if let todo = try tx.object(Todo.self, id: data.id), todo.listID == listID,
        !todo.isTrashed
      {
        return todo
      }
    }
    // A todo made here is known by its identifier, until a client gave it another UID.
    guard let id = UUID(uuidString: uid), let todo = try tx.object(Todo.self, id: id),
      todo.listID == listID, !todo.isTrashed,
      try tx.object(CalendarData.self, id: id).map({ $0.uid.lowercased() == uid.lowercased() })
        ?? true
    else { return nil }
    return todo
  }

  /// Makes the parent a calendar client gave a todo (its kept `RELATED-TO;RELTYPE=PARENT`)
  /// the todo's parent, and the todo the parent of the subtasks that named it before it
  /// arrived. Runs after a client's `PUT` and an iCalendar import wrote the todo, so children
  /// may come before their parent, and a parent sent again without `RELATED-TO` keeps them.
  func linkCalendarRelations(of id: UUID, in tx: WriteTransaction) throws {
    guard let todo = try tx.object(Todo.self, id: id), !todo.isTrashed,
      let data = try tx.object(CalendarData.self, id: id)
    else { return }
    try linkCalendarParent(of: todo, data: data, in: tx)
    for record in try tx.fetch(
      FetchRequest<CalendarData>(filter: CalendarData.parentUIDAttribute == data.uid))
    where record.id != id {
      guard let child = try tx.object(Todo.self, id: record.id), child.parentID == nil,
        child.listID == todo.listID, !child.isTrashed
      else { continue }
      try linkCalendarParent(of: child, data: record, in: tx)
    }
  }

  /// Sets a todo's parent to the todo its kept `RELATED-TO` names, when that is a live todo of
  /// its list and no cycle; without the line, the todo is top-level. A parent that is not
  /// there (yet) or that would make a cycle leaves the todo top-level with its line kept.
  private func linkCalendarParent(of todo: Todo, data: CalendarData, in tx: WriteTransaction)
    throws
  {
    var parentID: UUID?
    if let uid = data.parentUID,
      let parent = try Self.calendarTodo(uid: uid, inList: todo.listID, in: tx)
    {
      var candidate = todo
      candidate.parentID = parent.id
      if (try? Self.checkParent(of: candidate, in: tx)) != nil { parentID = parent.id }
    }
    guard parentID != todo.parentID else { return }
    let date = now()
    _ = try write(
      try todo.applying(TodoPatch(parentID: .some(parentID)), at: date), from: todo, at: date,
      in: tx)
  }

  /// Drops from what a todo keeps of its client's `VTODO` the `RELATED-TO` lines that name a
  /// live todo of its list other than its parent: after a change of parent here, a client
  /// gets the app's line, and a subtask taken out of its parent is not nested again when the
  /// parent is sent again. A line naming a todo that is not there is kept (it waits).
  func dropStaleParentLines(of todo: Todo, in tx: WriteTransaction) throws {
    guard var record = try tx.object(CalendarData.self, id: todo.id),
      record.kept.contains("RELATED-TO"), var parts = try? Component.parse(record.kept),
      !parts.isEmpty
    else { return }
    let before = parts[0].properties
    parts[0].properties = try before.filter { line in
      guard TodoCalendar.isParentLine(line),
        let named = try Self.calendarTodo(uid: line.textValue, inList: todo.listID, in: tx)
      else { return true }
      return named.id == todo.parentID
    }
    guard parts[0].properties != before else { return }
    record.keep(parts)
    try tx.update(record)
  }

  /// Gives every todo whose kept `VTODO` names a parent that parent's `UID` as
  /// ``CalendarData/parentUID``, where subtasks are found from an index: once, for a store
  /// written before the column.
  ///
  /// - Returns: How many todos took their parent's `UID`.
  @discardableResult
  func adoptCalendarParentUIDs() async throws -> Int {
    try await adoptFromKeptText(
      CalendarData.keptAttribute.contains("RELATED-TO") && CalendarData.parentUIDAttribute.isNil,
      taking: "their calendar parent's UID"
    ) { record, tx in
      guard let vtodo = try? Component.parse(record.kept).first,
        let uid = vtodo.properties.first(where: TodoCalendar.isParentLine)?.textValue
      else { return false }
      var linked = record
      linked.parentUID = uid
      try tx.update(linked)
      return true
    }
  }
}

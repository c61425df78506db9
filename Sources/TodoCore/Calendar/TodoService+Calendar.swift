import Foundation
import ICalendar
import Persistence

/// What an iCalendar import did.
public struct CalendarImport: Sendable, Hashable, Codable {
  /// Todos added.
  public var added: Int
  /// Todos that were already here (same `UID`) and were updated.
  public var updated: Int
  /// What was not imported, and why (`3 events (VEVENT): this app keeps todos`).
  public var skipped: [String]
}

// MARK: - iCalendar files

extension TodoService {
  /// The live todos of a list (or of every list the principal may see) as one iCalendar
  /// `VCALENDAR`, each a `VTODO` with what it kept of the calendar it came from.
  ///
  /// - Throws: `TodoError.notFound` for a list the principal cannot see.
  public func exportCalendar(list listID: UUID? = nil) async throws -> String {
    let now = self.now()
    let (rows, parents) = try await read { tx -> ([(Todo, CalendarData?)], [UUID: String]) in
      let lists =
        try listID.map { [try self.liveList(id: $0, need: .read, in: tx)] }
        ?? self.visibleLists(in: tx)
      var rows: [(Todo, CalendarData?)] = []
      for list in lists {
        let todos = try tx.fetch(Self.liveTodos(inList: list.id))
        let data = try tx.fetch(
          FetchRequest<CalendarData>(filter: CalendarData.idAttribute.isIn(todos.map(\.id))))
        let byID = Dictionary(uniqueKeysWithValues: data.map { ($0.id, $0) })
        rows += todos.map { ($0, byID[$0.id]) }
      }
      return (rows, try Self.parentUIDs(of: rows.map(\.0), in: tx))
    }
    return TodoCalendar.calendar(rows, now: now, parentUIDs: parents)
  }

  /// Imports the `VTODO`s of an iCalendar file into a list (the Inbox by default), all of
  /// them or none: a todo whose `UID` is already here is updated in place, the others are
  /// added at the bottom. `VEVENT`s and `VJOURNAL`s are skipped and counted. Every property
  /// the app does not model is kept for the next export or sync.
  ///
  /// - Throws: `TodoError.invalidImport` naming the line or the todo at fault (nothing is
  ///   written), `TodoError.notFound`/`.forbidden` for a list the principal cannot write.
  public func importCalendar(_ text: String, into listID: UUID? = nil) async throws
    -> CalendarImport
  {
    let components: [Component]
    do {
      components = try Component.parse(text)
    } catch {
      throw TodoError.invalidImport("line \(error.line): \(error.reason)")
    }
    var drafts: [(TodoComponent, [Component])] = []
    // A series' overridden occurrences (a RECURRENCE-ID and its UID) go with it.
    var overrides: [String: [Component]] = [:]
    var skipped: [String: Int] = [:]
    for calendar in components {
      guard calendar.hasName("VCALENDAR") else {
        throw TodoError.invalidImport("\(calendar.name) is not a VCALENDAR")
      }
      let zones = calendar.components(named: "VTIMEZONE")
      let series = Set(
        TodoComponent.todos(in: calendar).filter {
          $0.component.property(named: "RECURRENCE-ID") == nil
        }.compactMap(\.uid))
      for component in calendar.components where !component.hasName("VTIMEZONE") {
        if let todo = TodoComponent(component) {
          if component.property(named: "RECURRENCE-ID") != nil, let uid = todo.uid,
            series.contains(uid)
          {
            overrides[uid, default: []].append(component)
            continue
          }
          drafts.append((todo, zones))
        } else {
          skipped[component.name.uppercased(), default: 0] += 1
        }
      }
    }
    // New todos go to the list in the order the client sorts them by (stable otherwise).
    drafts = drafts.enumerated().sorted {
      ($0.element.0.appleSortOrder ?? Int.max, $0.offset)
        < ($1.element.0.appleSortOrder ?? Int.max, $1.offset)
    }.map(\.element)
    // Everything is read and checked before anything is written.
    var read: [TodoCalendar.Fields] = []
    for (index, (todo, zones)) in drafts.enumerated() {
      let place = "todo \(index + 1)" + (todo.uid.map { " (UID \($0))" } ?? "")
      do {
        var fields = try TodoCalendar.fields(
          of: todo, id: UUID(), timeZones: zones,
          overrides: todo.uid.flatMap { overrides[$0] } ?? [],
          now: now())
        fields.title = try TodoValidation.title(fields.title)
        fields.notes = try TodoValidation.notes(fields.notes)
        read.append(fields)
      } catch let error as TodoError {
        throw TodoError.invalidImport("\(place): \(error)")
      }
    }
    let date = now()
    let counts = try await write { [read] tx -> (added: Int, updated: Int) in
      let target = listID ?? self.inboxID
      _ = try self.liveList(id: target, need: .edit, in: tx)
      var added = 0
      var updated = 0
      var written: [UUID] = []
      for fields in read {
        // The todo with this UID that the principal can see, if any; another account's
        // todo with the same UID is left alone, a record whose todo is gone is dropped.
        var existing: CalendarData?
        var stored: Todo?
        var list: TodoList?
        for candidate in try tx.fetch(
          FetchRequest<CalendarData>(filter: CalendarData.uidAttribute == fields.data.uid))
        {
          guard let todo = try tx.object(Todo.self, id: candidate.id) else {
            try tx.delete(candidate)
            continue
          }
          if let owner = try tx.object(TodoList.self, id: todo.listID),
            try self.access(to: owner, in: tx) != nil, existing == nil
          {
            (existing, stored, list) = (candidate, todo, owner)
          }
        }
        if let existing, let stored, let list {
          try self.check(.edit, list, in: tx)
          var data = fields.data
          data.id = existing.id
          try tx.update(data)
          var todo = try stored.applying(fields.patch, at: date)
          todo.deletedAt = nil
          // Through the one write path, as a client's PUT: a completed repeating todo moves
          // on.
          _ = try self.write(todo, from: stored, at: date, in: tx)
          written.append(stored.id)
          updated += 1
        } else {
          let stored = try tx.insert(try fields.todo(in: target, at: date), at: .bottom)
          var data = fields.data
          data.id = stored.id
          try tx.insert(data)
          written.append(stored.id)
          added += 1
        }
      }
      // Once all are written, subtasks find their parents, whichever came first.
      for id in written { try self.linkCalendarRelations(of: id, in: tx) }
      return (added, updated)
    }
    let notes = skipped.sorted { $0.key < $1.key }.map { name, count in
      "\(count) \(name == "VEVENT" ? "event" : name.lowercased())\(count == 1 ? "" : "s") "
        + "(\(name)): this app keeps todos"
    }
    logger.info("imported \(counts.added + counts.updated) todos from iCalendar")
    return CalendarImport(added: counts.added, updated: counts.updated, skipped: notes)
  }
}

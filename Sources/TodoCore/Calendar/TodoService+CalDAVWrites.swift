import Foundation
import ICalendar
import Persistence

// MARK: - What CalDAV clients write

extension TodoService {
  /// Stores a calendar object a client sent (`PUT`) as the todo named `name` in a list: a new
  /// todo, or the todo with that name updated in place. Every property the app does not model
  /// is kept; `X-APPLE-SORT-ORDER` places a new todo among those a client sorted.
  ///
  /// - Parameters:
  ///   - ifMatch: The `If-Match` ETags (`*` for any): the resource must exist with one of them.
  ///   - ifNoneMatch: `If-None-Match: *`: the resource must not exist.
  /// - Returns: The resource as stored, and whether it was created.
  /// - Throws: `CalendarError` (a precondition that does not hold, a body that is not one
  ///   `VTODO`, a `UID` another resource has), `TodoError.notFound`/`.forbidden` for a list
  ///   the principal cannot write, `TodoError.validation` for a title or notes out of bounds.
  public func putCalendarResource(
    in listID: UUID, named name: String, text: String, ifMatch: [String]? = nil,
    ifNoneMatch: Bool = false
  ) async throws -> (resource: CalendarResource, created: Bool) {
    let (component, overrides, zones) = try Self.calendarObject(text)
    var fields: TodoCalendar.Fields
    do {
      fields = try TodoCalendar.fields(
        of: component, id: UUID(), timeZones: zones, overrides: overrides, now: now())
    } catch let error as TodoError {
      throw CalendarError.invalidCalendarObject("\(error)")
    }
    fields.title = try TodoValidation.title(fields.title)
    fields.notes = try TodoValidation.notes(fields.notes)
    // The alarms that are reminders live as the writer's reminders, not as kept text.
    fields.data = TodoCalendar.withoutReminderAlarms(fields.data)
    let read = fields
    let attendees = component.component.properties.filter { $0.hasName("ATTENDEE") }
    return try await write { tx in
      _ = try self.liveList(id: listID, need: .edit, in: tx)
      let existing = try Self.resource(named: name, in: listID, in: tx).map {
        try self.resources(of: [$0.todo], in: tx)[0]
      }
      try Self.checkPreconditions(
        of: existing, named: name, ifMatch: ifMatch, ifNoneMatch: ifNoneMatch)
      if let existing {
        // A resource keeps its UID (RFC 4791 5.3.2.1): another one is another todo.
        let uid = existing.data?.uid ?? existing.todo.id.uuidString.lowercased()
        guard uid == read.data.uid else {
          throw CalendarError.uidConflict(uid: uid, name: name)
        }
      }
      try Self.checkUID(read.data.uid, in: listID, except: existing?.todo.id, in: tx)
      let date = self.now()
      if let existing {
        var data = read.data
        data.id = existing.todo.id
        data.resourceName = existing.data?.resourceName
        if existing.data != nil { try tx.update(data) } else { try tx.insert(data) }
        // Through the one write path: a repeating todo the client completed (a client that
        // leaves repeating to the server, as Tasks.org can) moves on to its next occurrence,
        // its record with it.
        var patch = read.patch
        if let change = try self.assigneeChange(for: attendees, in: listID, in: tx) {
          patch.assigneeID = change
        }
        _ = try self.write(
          try existing.todo.applying(patch, at: date), from: existing.todo, at: date, in: tx)
        try self.linkCalendarRelations(of: existing.todo.id, in: tx)
        let todo = try Self.liveTodo(id: existing.todo.id, in: tx)
        _ = try self.keepAlarms(read.alarms, of: todo, in: tx)
        return (try self.resources(of: [todo], in: tx)[0], false)
      }
      var todo = try read.todo(in: listID, at: date)
      if let change = try self.assigneeChange(for: attendees, in: listID, in: tx) {
        todo.assigneeID = change
      }
      // A todo of the trash that had this name gives it up: restored, it is `<id>.ics`, and
      // the name stays this new todo's.
      for stale in try tx.fetch(
        FetchRequest<CalendarData>(filter: CalendarData.resourceNameAttribute == name))
      {
        guard let old = try tx.object(Todo.self, id: stale.id), old.listID == listID else {
          continue
        }
        var released = stale
        released.resourceName = nil
        try tx.update(released)
      }
      let placement = try Self.placement(forSortOrder: read.sortOrder, in: listID, in: tx)
      let stored = try tx.insert(todo, at: placement)
      var data = read.data
      data.id = stored.id
      data.resourceName = name
      try tx.insert(data)
      try self.linkCalendarRelations(of: stored.id, in: tx)
      let linked = try Self.liveTodo(id: stored.id, in: tx)
      _ = try self.keepAlarms(read.alarms, of: linked, in: tx)
      return (try self.resources(of: [linked], in: tx)[0], true)
    }
  }

  /// Moves the todo named `name` in a list to the trash (`DELETE`).
  ///
  /// - Throws: `TodoError.notFound` for a name the list does not hold,
  ///   `CalendarError.preconditionFailed` when `If-Match` does not hold.
  public func deleteCalendarResource(in listID: UUID, named name: String, ifMatch: [String]? = nil)
    async throws
  {
    try await write { tx in
      _ = try self.liveList(id: listID, need: .edit, in: tx)
      guard
        let existing = try Self.resource(named: name, in: listID, in: tx).map({
          try self.resources(of: [$0.todo], in: tx)[0]
        })
      else {
        throw TodoError.notFound(entity: "calendar resource", id: name)
      }
      try Self.checkPreconditions(of: existing, named: name, ifMatch: ifMatch, ifNoneMatch: false)
      var todo = existing.todo
      todo.deletedAt = self.now()
      try tx.update(todo)
    }
  }

  // MARK: - Helpers

  /// The `VTODO` of a calendar object, its overridden occurrences (the `VTODO`s with its
  /// `UID` and a `RECURRENCE-ID`), and its time zones.
  static func calendarObject(_ text: String) throws -> (
    todo: TodoComponent, overrides: [Component], zones: [Component]
  ) {
    let components: [Component]
    do {
      components = try Component.parse(text)
    } catch {
      throw CalendarError.invalidCalendarObject("line \(error.line): \(error.reason)")
    }
    guard components.count == 1, let calendar = components.first, calendar.hasName("VCALENDAR")
    else {
      throw CalendarError.invalidCalendarObject("the body is not one VCALENDAR")
    }
    let zones = calendar.components(named: "VTIMEZONE")
    let objects = calendar.components.filter { !$0.hasName("VTIMEZONE") }
    if let other = objects.first(where: { !$0.hasName("VTODO") }) {
      throw CalendarError.unsupportedComponent(other.name.uppercased())
    }
    guard !objects.isEmpty else {
      throw CalendarError.invalidCalendarObject("the VCALENDAR has no VTODO")
    }
    // The series is the VTODO without a RECURRENCE-ID; a client invited to single
    // occurrences only (RFC 4791 4.1) sends those, and the first stands for them.
    let master =
      objects.firstIndex { $0.property(named: "RECURRENCE-ID") == nil } ?? objects.startIndex
    let todo = TodoComponent(objects[master])!
    guard let uid = todo.uid, !uid.isEmpty else {
      throw CalendarError.invalidCalendarObject("the VTODO has no UID")
    }
    var overrides = objects
    overrides.remove(at: master)
    for other in overrides {
      guard other.property(named: "RECURRENCE-ID") != nil else {
        throw CalendarError.invalidCalendarObject(
          "one todo per resource: a second VTODO must be an occurrence of the first "
            + "(a RECURRENCE-ID)")
      }
      guard TodoComponent(other)?.uid == uid else {
        throw CalendarError.invalidCalendarObject(
          "an occurrence (RECURRENCE-ID) has another UID than its todo's, \(uid)")
      }
    }
    return (todo, overrides, zones)
  }

  /// Checks `If-Match` and `If-None-Match: *` against the resource as it is.
  static func checkPreconditions(
    of existing: CalendarResource?, named name: String, ifMatch: [String]?, ifNoneMatch: Bool
  ) throws {
    if ifNoneMatch, existing != nil {
      throw CalendarError.preconditionFailed("\(name) exists already")
    }
    guard let ifMatch else { return }
    guard let existing else {
      throw CalendarError.preconditionFailed("\(name) does not exist")
    }
    let etag = existing.etag
    guard ifMatch.contains(where: { $0 == "*" || $0 == etag || "W/\(etag)" == $0 }) else {
      throw CalendarError.preconditionFailed("\(name) changed: its ETag is \(etag) now")
    }
  }

  /// Checks that no other live todo of the list has this `UID`.
  static func checkUID(_ uid: String, in listID: UUID, except id: UUID?, in tx: ReadTransaction)
    throws
  {
    for data in try tx.fetch(FetchRequest<CalendarData>(filter: CalendarData.uidAttribute == uid))
    where data.id != id {
      if let todo = try tx.object(Todo.self, id: data.id), todo.listID == listID,
        !todo.isTrashed
      {
        throw CalendarError.uidConflict(
          uid: uid, name: CalendarResource.name(of: todo, data: data))
      }
    }
    // A todo made here has its identifier as its UID.
    if let own = UUID(uuidString: uid), own != id, let todo = try tx.object(Todo.self, id: own),
      todo.listID == listID, !todo.isTrashed, try tx.object(CalendarData.self, id: own) == nil
    {
      throw CalendarError.uidConflict(uid: uid, name: CalendarResource.name(of: todo, data: nil))
    }
  }

  /// Where a new todo goes: before the todo the client sorts next after it (the smallest
  /// sort order above its own, the first in the list among equals), or at the bottom. One
  /// read from the index, whatever the list's size.
  static func placement(forSortOrder sortOrder: Int?, in listID: UUID, in tx: ReadTransaction)
    throws -> Placement
  {
    guard let sortOrder else { return .bottom }
    let next = try tx.fetch(
      FetchRequest(
        filter: Todo.listIDAttribute == listID && Todo.deletedAtAttribute.isNil
          && Todo.externalOrderAttribute > sortOrder,
        sortedBy: [Todo.externalOrderAttribute.ascending, Todo.orderAttribute.ascending],
        limit: 1)
    ).first
    return next.map { .before($0.id) } ?? .bottom
  }

  /// A calendar colour as clients write it: `#RRGGBB` or `#RRGGBBAA`.
  static func calendarColor(_ text: String) throws -> String {
    let hex = text.trimmingCharacters(in: .whitespaces)
    let digits = hex.dropFirst()
    guard hex.first == "#", digits.count == 6 || digits.count == 8,
      digits.allSatisfy(\.isHexDigit)
    else {
      throw TodoError.validation(field: "calendar-color", message: "\(text) is not #RRGGBB")
    }
    return hex.uppercased()
  }
}

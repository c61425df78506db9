import Foundation
import ICalendar
import Persistence
import Testing

@testable import TodoCore

@Suite("CalDAV: lists as calendars, todos as resources, changes since a sync token")
struct CalDAVServiceTests {
  static let inbox = TodoList.inboxID

  static func vtodo(uid: String, summary: String, extra: [String] = []) -> String {
    ([
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//test//EN", "BEGIN:VTODO", "UID:\(uid)",
      "SUMMARY:\(summary)",
    ] + extra + ["END:VTODO", "END:VCALENDAR", ""])
    .joined(separator: "\r\n")
  }

  @Test("a PUT stores a todo under the client's name; a second PUT updates it, keeping the rest")
  func putAndUpdate() async throws {
    try await TemporaryStore.with { service, _ in
      let text = Self.vtodo(
        uid: "ABC-1", summary: "Buy milk", extra: ["X-FOO;BAR=1:keep me", "PRIORITY:1"])
      let (created, isNew) = try await service.putCalendarResource(
        in: Self.inbox, named: "ABC-1.ics", text: text, ifNoneMatch: true)
      #expect(isNew)
      #expect(created.name == "ABC-1.ics")
      #expect(created.todo.title == "Buy milk")
      let read = try await service.calendarResource(in: Self.inbox, named: "ABC-1.ics")
      #expect(read.etag == created.etag)
      #expect(read.text.contains("X-FOO;BAR=1:keep me"))
      #expect(read.text.contains("PRIORITY:1"))

      let (updated, second) = try await service.putCalendarResource(
        in: Self.inbox, named: "ABC-1.ics",
        text: Self.vtodo(uid: "ABC-1", summary: "Buy oat milk", extra: ["X-FOO;BAR=1:keep me"]),
        ifMatch: [created.etag])
      #expect(!second)
      #expect(updated.todo.id == created.todo.id)
      #expect(updated.etag != created.etag)
      #expect(try await service.todo(id: created.todo.id).title == "Buy oat milk")
    }
  }

  @Test("stale If-Match, If-None-Match on an existing name and a second UID are refused")
  func preconditions() async throws {
    try await TemporaryStore.with { service, _ in
      let (first, _) = try await service.putCalendarResource(
        in: Self.inbox, named: "a.ics", text: Self.vtodo(uid: "A", summary: "one"))
      _ = try await service.putCalendarResource(
        in: Self.inbox, named: "a.ics", text: Self.vtodo(uid: "A", summary: "two"))
      await #expect(throws: CalendarError.self) {
        try await service.putCalendarResource(
          in: Self.inbox, named: "a.ics", text: Self.vtodo(uid: "A", summary: "three"),
          ifMatch: [first.etag])
      }
      await #expect(throws: CalendarError.preconditionFailed("a.ics exists already")) {
        try await service.putCalendarResource(
          in: Self.inbox, named: "a.ics", text: Self.vtodo(uid: "A", summary: "x"),
          ifNoneMatch: true)
      }
      await #expect(throws: CalendarError.uidConflict(uid: "A", name: "a.ics")) {
        try await service.putCalendarResource(
          in: Self.inbox, named: "b.ics", text: Self.vtodo(uid: "A", summary: "x"))
      }
      await #expect(throws: CalendarError.unsupportedComponent("VEVENT")) {
        try await service.putCalendarResource(
          in: Self.inbox, named: "e.ics",
          text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:E\r\nEND:VEVENT\r\n"
            + "END:VCALENDAR\r\n")
      }
      #expect(try await service.todos(inList: Self.inbox).map(\.title) == ["two"])
    }
  }

  @Test("sync: a token names what changed since, trashed and moved todos are removed")
  func syncChanges() async throws {
    try await TemporaryStore.with { service, _ in
      let other = try await service.createList(named: "Work")
      let kept = try await service.createTodo(NewTodo(title: "kept"))
      let changed = try await service.createTodo(NewTodo(title: "changed"))
      let trashed = try await service.createTodo(NewTodo(title: "trashed"))
      let moved = try await service.createTodo(NewTodo(title: "moved"))
      let first = try await service.calendarChanges(in: Self.inbox, after: nil)
      #expect(Set(first.changed.map(\.todo.title)) == ["kept", "changed", "trashed", "moved"])

      _ = try await service.updateTodo(id: changed.id, TodoPatch(title: "changed again"))
      try await service.trashTodo(id: trashed.id)
      _ = try await service.updateTodo(id: moved.id, TodoPatch(listID: other.id))
      let (added, _) = try await service.putCalendarResource(
        in: Self.inbox, named: "new.ics", text: Self.vtodo(uid: "N", summary: "from a phone"))

      let second = try await service.calendarChanges(in: Self.inbox, after: first.token)
      #expect(
        Set(second.changed.map(\.name)) == ["\(changed.id.uuidString.lowercased()).ics", "new.ics"])
      #expect(
        Set(second.removed)
          == [
            "\(trashed.id.uuidString.lowercased()).ics", "\(moved.id.uuidString.lowercased()).ics",
          ])
      #expect(!second.changed.contains { $0.todo.id == kept.id })
      #expect(second.token > first.token)
      #expect(added.todo.title == "from a phone")

      // Nothing since the last token; the moved todo arrives in its new list.
      let third = try await service.calendarChanges(in: Self.inbox, after: second.token)
      #expect(third.changed.isEmpty && third.removed.isEmpty)
      let work = try await service.calendarChanges(in: other.id, after: first.token)
      #expect(work.changed.map(\.todo.id) == [moved.id])

      // A todo deleted for good while a client was away is reported removed too.
      try await service.trashTodo(id: kept.id)
      let beforePurge = second.token
      try await service.emptyTrash()
      let afterPurge = try await service.calendarChanges(in: Self.inbox, after: beforePurge)
      #expect(afterPurge.removed.contains("\(kept.id.uuidString.lowercased()).ics"))
    }
  }

  @Test("a token the store never gave is refused")
  func unknownToken() async throws {
    try await TemporaryStore.with { service, _ in
      await #expect(throws: CalendarError.invalidSyncToken) {
        try await service.calendarChanges(in: Self.inbox, after: 1_000_000)
      }
    }
  }

  @Test("calendars: MKCALENDAR with a colour, PROPPATCH of name, colour and order")
  func calendars() async throws {
    try await TemporaryStore.with { service, _ in
      let id = UUID()
      let made = try await service.createCalendar(
        segment: id.uuidString, settings: CalendarSettings(name: "Errands", color: "#ff2968ff"))
      #expect(made.color == "#FF2968FF" && made.name == "Errands" && made.order == 2)
      #expect(made.id == id && made.segment == id.uuidString.lowercased())
      let renamed = try await service.updateCalendar(
        id: id, CalendarSettings(name: "Chores", color: .some(nil), order: 1))
      #expect(renamed.name == "Chores" && renamed.color == nil && renamed.order == 1)
      #expect(try await service.lists().map(\.name) == ["Chores", "Inbox"])
      await #expect(throws: TodoError.self) {
        try await service.updateCalendar(id: id, CalendarSettings(color: .some("red")))
      }
    }
  }

  static let zone = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VTIMEZONE\r
    TZID:Europe/Paris\r
    BEGIN:STANDARD\r
    DTSTART:19701025T030000\r
    TZOFFSETFROM:+0200\r
    TZOFFSETTO:+0100\r
    END:STANDARD\r
    END:VTIMEZONE\r
    END:VCALENDAR\r

    """

  @Test("a calendar made at a path the client chose is found by it, until the path is reused")
  func namedCalendars() async throws {
    try await TemporaryStore.with { service, _ in
      let made = try await service.createCalendar(
        segment: "groceries",
        settings: CalendarSettings(
          name: "Groceries", order: 1, summary: "What we buy", timeZone: Self.zone))
      #expect(made.segment == "groceries" && made.order == 1)
      #expect(made.summary == "What we buy" && made.timeZone == Self.zone)
      #expect(try await service.calendarListID(segment: "groceries") == made.id)
      #expect(try await service.calendarListID(segment: made.id.uuidString) == made.id)
      await #expect(throws: TodoError.notFound(entity: "calendar", id: "chores")) {
        try await service.calendarListID(segment: "chores")
      }
      // The path is taken while the calendar lives.
      await #expect(throws: TodoError.self) {
        try await service.createCalendar(segment: "groceries")
      }
      // Description and time zone round-trip, and go.
      let changed = try await service.updateCalendar(
        id: made.id, CalendarSettings(summary: .some(nil), timeZone: .some(nil)))
      #expect(changed.summary == nil && changed.timeZone == nil && changed.segment == "groceries")
      await #expect(throws: TodoError.self) {
        try await service.updateCalendar(
          id: made.id, CalendarSettings(timeZone: .some("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")))
      }
      // A client's sort key reads back as set; the list goes before the first list whose key
      // is the same or larger (the Inbox's is its place, 2).
      let twelve = try await service.updateCalendar(id: made.id, CalendarSettings(order: 12))
      #expect(twelve.order == 12)
      #expect(try await service.lists().map(\.id) == [TodoList.inboxID, made.id])
      let two = try await service.updateCalendar(id: made.id, CalendarSettings(order: 1))
      #expect(two.order == 1)
      #expect(try await service.lists().map(\.id) == [made.id, TodoList.inboxID])
      // Reordered in the app, each calendar's order is its place again.
      _ = try await service.moveList(id: made.id, to: .bottom)
      let places = try await service.calendarCollections().collections
      #expect(places.map(\.order) == [1, 2] && places.last?.id == made.id)

      // Deleted (to the trash): the path is free at once; the trashed list gives it up.
      _ = try await service.trashList(id: made.id)
      await #expect(throws: TodoError.self) {
        try await service.calendarListID(segment: "groceries")
      }
      let again = try await service.createCalendar(
        segment: "groceries", settings: CalendarSettings(name: "Groceries 2"))
      #expect(again.id != made.id)
      #expect(try await service.calendarListID(segment: "groceries") == again.id)
      // Restored, the first one is found by its identifier.
      _ = try await service.restoreList(id: made.id)
      let collections = try await service.calendarCollections().collections
      #expect(
        collections.first { $0.id == made.id }?.segment == made.id.uuidString.lowercased())
      #expect(collections.first { $0.id == again.id }?.segment == "groceries")
      await #expect(throws: TodoError.self) {
        try await service.createCalendar(segment: "bad\u{7}name")
      }
    }
  }

  @Test("a todo moved in the app gets an X-APPLE-SORT-ORDER between its neighbours'")
  func sortOrderFollowsMoves() async throws {
    try await TemporaryStore.with { service, _ in
      for (name, order) in [("a", 1_000), ("b", 2_000), ("c", 3_000)] {
        _ = try await service.putCalendarResource(
          in: Self.inbox, named: "\(name).ics",
          text: Self.vtodo(uid: name, summary: name, extra: ["X-APPLE-SORT-ORDER:\(order)"]))
      }
      #expect(try await service.todos(inList: Self.inbox).map(\.title) == ["a", "b", "c"])
      let c = try await service.calendarResource(in: Self.inbox, named: "c.ics")
      let a = try await service.calendarResource(in: Self.inbox, named: "a.ics")
      _ = try await service.moveTodo(id: c.todo.id, to: .after(a.todo.id))
      let moved = try await service.calendarResource(in: Self.inbox, named: "c.ics")
      #expect(moved.text.contains("X-APPLE-SORT-ORDER:1500"))
      // The new place and the new order are one write.
      #expect(moved.todo.version == c.todo.version.next)
      // A new resource sorted between two goes between them.
      _ = try await service.putCalendarResource(
        in: Self.inbox, named: "d.ics",
        text: Self.vtodo(uid: "d", summary: "d", extra: ["X-APPLE-SORT-ORDER:1200"]))
      #expect(try await service.todos(inList: Self.inbox).map(\.title) == ["a", "d", "c", "b"])
    }
  }

  @Test("a new resource goes before the todo sorted next after it, whatever the list's order")
  func newResourceGoesBeforeTheNextSortOrder() async throws {
    try await TemporaryStore.with { service, _ in
      for (name, order) in [("a", 1_000), ("b", 3_000), ("c", 2_000)] {
        _ = try await service.putCalendarResource(
          in: Self.inbox, named: "\(name).ics",
          text: Self.vtodo(uid: name, summary: name, extra: ["X-APPLE-SORT-ORDER:\(order)"]))
      }
      // "b" was written before "c" sorted before it: "c" went before "b".
      #expect(try await service.todos(inList: Self.inbox).map(\.title) == ["a", "c", "b"])
      // Sorted after every one: the bottom; without an order: the bottom too.
      _ = try await service.putCalendarResource(
        in: Self.inbox, named: "d.ics",
        text: Self.vtodo(uid: "d", summary: "d", extra: ["X-APPLE-SORT-ORDER:9000"]))
      _ = try await service.putCalendarResource(
        in: Self.inbox, named: "e.ics", text: Self.vtodo(uid: "e", summary: "e"))
      // A todo of another list, or in the trash, is no neighbour.
      let other = try await service.createList(named: "Other")
      _ = try await service.putCalendarResource(
        in: other.id, named: "x.ics",
        text: Self.vtodo(uid: "x", summary: "x", extra: ["X-APPLE-SORT-ORDER:1100"]))
      let c = try await service.calendarResource(in: Self.inbox, named: "c.ics")
      _ = try await service.trashTodo(id: c.todo.id)
      _ = try await service.putCalendarResource(
        in: Self.inbox, named: "f.ics",
        text: Self.vtodo(uid: "f", summary: "f", extra: ["X-APPLE-SORT-ORDER:1500"]))
      #expect(
        try await service.todos(inList: Self.inbox).map(\.title) == ["a", "f", "b", "d", "e"])
      // The order is the todo's, given back to the client once, and to Todo-Backend.
      let f = try await service.calendarResource(in: Self.inbox, named: "f.ics")
      #expect(f.todo.externalOrder == 1_500)
      #expect(f.text.components(separatedBy: "X-APPLE-SORT-ORDER").count == 2)
    }
  }

  @Test("a todo a client created keeps the client's CREATED; one from the future is now")
  func keepsTheClientsCreated() async throws {
    try await TemporaryStore.with { service, _ in
      _ = try await service.putCalendarResource(
        in: Self.inbox, named: "old.ics",
        text: Self.vtodo(uid: "old", summary: "Old", extra: ["CREATED:19970901T130000Z"]))
      let old = try await service.calendarResource(in: Self.inbox, named: "old.ics")
      #expect(old.text.contains("CREATED:19970901T130000Z\r\n"))
      #expect(old.todo.createdAt == Date(timeIntervalSince1970: 873_118_800))
      let (future, _) = try await service.putCalendarResource(
        in: Self.inbox, named: "future.ics",
        text: Self.vtodo(uid: "future", summary: "Future", extra: ["CREATED:20991231T000000Z"]))
      #expect(future.todo.createdAt <= Date())
    }
  }

  @Test("a store that kept X-APPLE-SORT-ORDER in a todo's calendar text gives it to the todo")
  func adoptsKeptSortOrders() async throws {
    try await TemporaryStore.with { service, _ in
      let (stored, _) = try await service.putCalendarResource(
        in: Self.inbox, named: "a.ics", text: Self.vtodo(uid: "a", summary: "a"))
      // As a store written before the order had a column holds it.
      try await service.container.write { tx in
        guard var data = try tx.object(CalendarData.self, id: stored.todo.id) else { return }
        data.kept = "BEGIN:VTODO\r\nX-FOO:kept\r\nX-APPLE-SORT-ORDER:4096\r\nEND:VTODO\r\n"
        try tx.update(data)
      }
      #expect(try await service.adoptCalendarSortOrders() == 1)
      let read = try await service.calendarResource(in: Self.inbox, named: "a.ics")
      #expect(read.todo.externalOrder == 4_096)
      #expect(read.text.components(separatedBy: "X-APPLE-SORT-ORDER:4096").count == 2)
      #expect(read.text.contains("X-FOO:kept"))
      #expect(try await service.adoptCalendarSortOrders() == 0)
    }
  }

  @Test("a cancelled todo is done here and given back CANCELLED; reopened, NEEDS-ACTION")
  func cancelledRoundTrip() async throws {
    try await TemporaryStore.with { service, _ in
      let (stored, _) = try await service.putCalendarResource(
        in: Self.inbox, named: "c.ics",
        text: Self.vtodo(uid: "C", summary: "called off", extra: ["STATUS:CANCELLED"]))
      #expect(stored.todo.status == .done)
      let read = try await service.calendarResource(in: Self.inbox, named: "c.ics")
      #expect(read.text.contains("STATUS:CANCELLED"))
      #expect(!read.text.contains("STATUS:COMPLETED") && !read.text.contains("PERCENT-COMPLETE"))
      _ = try await service.updateTodo(id: stored.todo.id, TodoPatch(status: .notStarted))
      let reopened = try await service.calendarResource(in: Self.inbox, named: "c.ics")
      #expect(reopened.text.contains("STATUS:NEEDS-ACTION"))
      #expect(!reopened.text.contains("CANCELLED"))
    }
  }

  @Test("a name freed by DELETE is taken by the next PUT; the trashed todo comes back as <id>.ics")
  func nameOfTrashedTodo() async throws {
    try await TemporaryStore.with { service, _ in
      let (first, _) = try await service.putCalendarResource(
        in: Self.inbox, named: "same.ics", text: Self.vtodo(uid: "first", summary: "first"))
      try await service.deleteCalendarResource(in: Self.inbox, named: "same.ics")
      let (second, created) = try await service.putCalendarResource(
        in: Self.inbox, named: "same.ics", text: Self.vtodo(uid: "second", summary: "second"),
        ifNoneMatch: true)
      #expect(created && second.todo.id != first.todo.id)
      _ = try await service.restoreTodo(id: first.todo.id)
      #expect(
        try await service.calendarResource(in: Self.inbox, named: "same.ics").todo.id
          == second.todo.id)
      let restored = try await service.calendarResource(
        in: Self.inbox, named: "\(first.todo.id.uuidString.lowercased()).ics")
      #expect(restored.todo.title == "first")
    }
  }
}

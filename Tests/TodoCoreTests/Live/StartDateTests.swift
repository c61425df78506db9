import Composable
import Foundation
import ICalendar
import Testing

@testable import TodoCore

/// Start dates and Someday: what the store accepts, what the smart views and the rows show,
/// how a start moves with a repeat, and `DTSTART` over iCalendar. The fixture's clock stands
/// at 2026-01-01T00:00Z (a Thursday), read in UTC.
@Suite("Start dates and Someday")
struct StartDateTests {
  static func day(_ text: String) throws -> Deadline { try Deadline(parsing: text) }

  @Test(
    "a start after the deadline is refused naming start; Someday and a start exclude each other")
  func rules() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      await #expect(throws: TodoError.self) {
        _ = try await service.createTodo(
          NewTodo(
            title: "Late start", deadline: try Self.day("2026-01-05"),
            start: try Self.day("2026-01-06")))
      }
      do {
        _ = try await service.createTodo(
          NewTodo(
            title: "Late start", deadline: try Self.day("2026-01-05T09:00"),
            start: try Self.day("2026-01-05T10:00")))
        Issue.record("a start after a timed deadline was taken")
      } catch TodoError.validation(let field, let message) {
        #expect(field == "start" && message.contains("after its deadline"))
      }
      // The same day as a date-only deadline is fine, at any time.
      let todo = try await service.createTodo(
        NewTodo(
          title: "Report", deadline: try Self.day("2026-01-05"),
          start: try Self.day("2026-01-05T08:00")))
      #expect(todo.start == (try Self.day("2026-01-05T08:00")) && !todo.isSomeday)

      let aside = try await service.updateTodo(id: todo.id, TodoPatch(someday: true))
      #expect(aside.isSomeday && aside.start == nil)
      let back = try await service.updateTodo(
        id: todo.id, TodoPatch(start: .some(try Self.day("2026-01-02"))))
      let second = try Self.day("2026-01-02")
      #expect(!back.isSomeday && back.someday == nil && back.start == second)
      await #expect(throws: TodoError.self) {
        _ = try await service.updateTodo(
          id: todo.id, TodoPatch(deadline: .some(try Self.day("2026-01-01"))))
      }
      #expect(try await service.todo(id: todo.id) == back, "nothing half-written")
    }
  }

  @Test("a subtask in a smart view or the Undone and Done groups names its parent")
  func subtaskAwayFromItsParent() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let trip = try await service.createTodo(NewTodo(title: "Trip"))
      let pack = try await service.createTodo(
        NewTodo(title: "Pack", deadline: try Self.day("2026-01-01"), parentID: trip.id))
      let store = try await LivePageSmartViewTests.open(fixture)
      // In the list, under its parent: nothing to say.
      #expect(PageSnapshot(store.state).cells[pack.id.uuidString]?.parent == nil)
      await store.send(.list(.chooseLayout(.outline))) { $0.list.layout = .outline }
      #expect(PageSnapshot(store.state).cells[pack.id.uuidString]?.parent == "Trip")
      await store.send(.sidebar(.chooseView(.today)))
      await store.receive(.sidebar(.delegate(.showView(.today)))) { $0.data.view = .today }
      let page = PageSnapshot(store.state)
      #expect(page.items.itemIdentifiers == [pack.id.uuidString])
      #expect(page.cells[pack.id.uuidString]?.parent == "Trip")
      // Renamed, the parent's new title reaches the view.
      store.exhaustivity = .off
      _ = try await service.updateTodo(id: trip.id, TodoPatch(title: "Trip to Lyon"))
      await SavedFilterPageTests.until(store, \.loaded) {
        PageSnapshot($0).cells[pack.id.uuidString]?.parent == "Trip to Lyon"
      }
      await store.send(.onDisappear)
      await store.skipInFlightEffects()
    }
  }

  @Test("Today holds what starts today; Upcoming shows a todo on its start day; Someday its own")
  func views() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let startsToday = try await service.createTodo(
        NewTodo(
          title: "Starts today", deadline: try Self.day("2026-01-06"),
          start: try Self.day("2026-01-01")))
      let later = try await service.createTodo(
        NewTodo(
          title: "Due today, starts later today", deadline: try Self.day("2026-01-03"),
          start: try Self.day("2026-01-03")))
      let aside = try await service.createTodo(NewTodo(title: "Learn the cello", someday: true))
      let plain = try await service.createTodo(NewTodo(title: "Plain"))
      let store = try await LivePageSmartViewTests.open(fixture)

      await store.send(.sidebar(.chooseView(.today)))
      await store.receive(.sidebar(.delegate(.showView(.today)))) { $0.data.view = .today }
      var page = PageSnapshot(store.state)
      #expect(page.items.itemIdentifiers == [startsToday.id.uuidString])
      #expect(page.chrome.views.map(\.name) == ["Today", "Upcoming", "Overdue", "Someday"])
      #expect(page.chrome.views.map(\.count) == [1, 2, 0, 1])

      await store.send(.sidebar(.chooseView(.upcoming)))
      await store.receive(.sidebar(.delegate(.showView(.upcoming)))) { $0.data.view = .upcoming }
      page = PageSnapshot(store.state)
      // On its start day (Saturday 3), not its deadline's; the other on its deadline (6).
      #expect(page.items.sectionIdentifiers == ["day:2026-01-03", "day:2026-01-06"])
      #expect(try page.items.itemIdentifiers(inSection: "day:2026-01-03") == [later.id.uuidString])

      await store.send(.sidebar(.chooseView(.someday)))
      await store.receive(.sidebar(.delegate(.showView(.someday)))) { $0.data.view = .someday }
      page = PageSnapshot(store.state)
      #expect(page.items.itemIdentifiers == [aside.id.uuidString])

      // In the list, what has not started is greyed and says when it starts.
      await store.send(.sidebar(.chooseList(TodoList.inboxID)))
      await store.receive(.sidebar(.delegate(.showList(TodoList.inboxID)))) {
        $0.data.view = nil
      }
      // The same data again: nothing changes.
      await store.receive(\.loaded, try await fixture.loaded(TodoList.inboxID))
      page = PageSnapshot(store.state)
      #expect(page.cells[later.id.uuidString]?.deferred == true)
      #expect(page.cells[later.id.uuidString]?.detail == "Starts Saturday · due Saturday")
      #expect(page.cells[aside.id.uuidString]?.detail == "Someday")
      #expect(page.cells[aside.id.uuidString]?.deferred == true)
      #expect(page.cells[startsToday.id.uuidString]?.deferred == nil)
      #expect(page.cells[plain.id.uuidString]?.deferred == nil)
      await fixture.disappear(store)
    }
  }

  @Test("a repeating todo's start moves with its deadline")
  func repeatMovesStart() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(
        NewTodo(
          title: "Report", deadline: try Self.day("2026-01-09T17:00"),
          recurrence: try Recurrence(rule: "FREQ=WEEKLY"), start: try Self.day("2026-01-07")))
      let moved = try await fixture.service.updateTodo(id: todo.id, TodoPatch(status: .done))
      #expect(moved.deadline == (try Self.day("2026-01-16T17:00")))
      #expect(moved.start == (try Self.day("2026-01-14")))
    }
  }

  @Test("DTSTART is the start: read from a client, its line kept; set here, written")
  func calendar() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      _ = try await service.importCalendar(
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VTODO\r
        UID:start-1\r
        SUMMARY:Plan the trip\r
        DTSTART;TZID=Europe/Paris:20260105T090000\r
        DUE;VALUE=DATE:20260110\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:start-2\r
        SUMMARY:Backwards\r
        DTSTART;VALUE=DATE:20260120\r
        DUE;VALUE=DATE:20260110\r
        END:VTODO\r
        END:VCALENDAR\r

        """)
      let todos = try await service.todos(inList: TodoList.inboxID)
      #expect(todos.map(\.start) == [try Self.day("2026-01-05T09:00"), nil])
      func exported(_ uid: String) async throws -> Component? {
        try Component.parse(try await service.exportCalendar()).first?
          .components(named: "VTODO").first { $0.property(named: "UID")?.value == uid }
      }
      #expect(
        try await exported("start-1")?.property(named: "DTSTART")?.description
          == "DTSTART;TZID=Europe/Paris:20260105T090000")
      // A DTSTART after the DUE is not taken as a start, but kept as written.
      #expect(
        try await exported("start-2")?.property(named: "DTSTART")?.description
          == "DTSTART;VALUE=DATE:20260120")

      _ = try await service.updateTodo(
        id: todos[0].id, TodoPatch(start: .some(try Self.day("2026-01-06"))))
      #expect(
        try await exported("start-1")?.properties(named: "DTSTART").map(\.description)
          == ["DTSTART;VALUE=DATE:20260106"])
      _ = try await service.updateTodo(id: todos[0].id, TodoPatch(start: .some(nil)))
      #expect(try await exported("start-1")?.property(named: "DTSTART") == nil)
    }
  }
}

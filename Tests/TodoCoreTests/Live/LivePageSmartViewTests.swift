import Composable
import Foundation
import Testing

@testable import TodoCore

/// The smart views (Today, Upcoming, Overdue) and the sidebar's counts, on a real store. The
/// fixture's clock stands at 2026-01-01T00:00Z (a Thursday), read in UTC.
@Suite("LivePage feature: smart views and open counts")
struct LivePageSmartViewTests {
  static let utc = TimeZone(identifier: "UTC")!

  /// A page on the Inbox in UTC.
  static func open(_ fixture: LivePageFixture) async throws -> TestStore<
    LivePage.State, LivePage.Action
  > {
    let store = fixture.page()
    // Waits for values, never for time: the limit only turns a value that never comes into a
    // failure, and the whole suite in parallel on two cores can take more than a second.
    store.timeout = .seconds(10)
    try await fixture.appear(store)
    await store.send(.setTimeZone("UTC")) { $0.data.timeZone = utc }
    return store
  }

  @Test("Today: the open todos due today of every list, with their list; toggle, add, no moves")
  func today() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let errands = try await service.createList(named: "Errands")
      let call = try await service.createTodo(
        NewTodo(
          title: "Call", listID: errands.id, deadline: try Deadline(parsing: "2026-01-01T09:00")))
      let milk = try await service.createTodo(
        NewTodo(title: "Milk", deadline: try Deadline(parsing: "2026-01-01")))
      _ = try await service.createTodo(
        NewTodo(title: "Later", deadline: try Deadline(parsing: "2026-01-03")))
      _ = try await service.createTodo(
        NewTodo(title: "Late", deadline: try Deadline(parsing: "2025-12-30")))
      _ = try await service.createTodo(
        NewTodo(title: "Done", deadline: try Deadline(parsing: "2026-01-01"), status: .done))
      let store = try await Self.open(fixture)

      await store.send(.sidebar(.chooseView(.today)))
      await store.receive(.sidebar(.delegate(.showView(.today)))) { $0.data.view = .today }
      let page = PageSnapshot(store.state)
      #expect(page.items.sectionIdentifiers == ["view:today"])
      // By deadline: a date-only deadline before a timed one of the same day.
      #expect(page.items.itemIdentifiers == [milk.id.uuidString, call.id.uuidString])
      // The view says the day: a row says its list, and its time if it has one.
      #expect(page.cells[call.id.uuidString]?.detail == "Errands · 09:00")
      #expect(page.cells[milk.id.uuidString]?.detail == "Inbox")
      #expect(page.chrome.view == .today)
      #expect(page.chrome.views.map(\.count) == [2, 1, 1, 0])
      #expect(page.chrome.views.map(\.name) == ["Today", "Upcoming", "Overdue", "Someday"])
      #expect(page.chrome.lists.map(\.open) == [3, 1])
      #expect(page.chrome.counter == "2 items left")
      #expect(page.chrome.completedCount == 0)

      // Toggling a todo of another list from Today: it is done, and leaves the view.
      var before = store.state
      await store.send(.list(.toggle(call.id)))
      let toggled = try await fixture.loaded { $0.openCounts[errands.id] == nil }
      await store.receive(\.loaded, toggled) { $0.apply(toggled) }
      var changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemDeleted) == [item(0, 1, call.id)])
      #expect(changes.chrome?.views.map(\.count) == [1, 1, 1, 0])
      #expect(changes.chrome?.lists.map(\.open) == [3, 0])

      // Reordering is off: the order is the deadlines'.
      await store.send(.list(.move(milk.id, .before(milk.id)))) {
        $0.problem = "Today is in deadline order; reorder todos in their list."
      }

      // Adding in Today: to the Inbox, due today.
      before = store.state
      await store.send(.list(.add("Buy stamps"))) { $0.problem = nil }
      let added = try await fixture.loaded { $0.agenda.contains { $0.title == "Buy stamps" } }
      await store.receive(\.loaded, added) { $0.apply(added) }
      let stamps = try #require(added.todos.first { $0.title == "Buy stamps" })
      #expect(stamps.listID == TodoList.inboxID)
      let today = try Deadline(parsing: "2026-01-01")
      #expect(stamps.deadline == today)
      changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemInserted) == [item(0, 0, stamps.id)])
      #expect(changes.chrome?.views.first?.count == 2)

      // Choosing a list leaves the view.
      await store.send(.sidebar(.chooseList(errands.id)))
      await store.receive(.sidebar(.delegate(.showList(errands.id)))) {
        $0.data.view = nil
        $0.data.listID = errands.id
      }
      let shown = try await fixture.loaded(errands.id)
      await store.receive(\.loaded, shown) { $0.apply(shown) }
      #expect(PageSnapshot(store.state).items.sectionIdentifiers == ["main"])
      await fixture.disappear(store)
    }
  }

  @Test("Upcoming: one section per day of the next seven, live when a deadline changes elsewhere")
  func upcoming() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let a = try await service.createTodo(
        NewTodo(title: "A", deadline: try Deadline(parsing: "2026-01-02")))
      let b = try await service.createTodo(
        NewTodo(title: "B", deadline: try Deadline(parsing: "2026-01-04T10:00")))
      let c = try await service.createTodo(
        NewTodo(title: "C", deadline: try Deadline(parsing: "2026-01-04")))
      _ = try await service.createTodo(
        NewTodo(title: "Too far", deadline: try Deadline(parsing: "2026-01-09")))
      let store = try await Self.open(fixture)

      await store.send(.sidebar(.chooseView(.upcoming)))
      await store.receive(.sidebar(.delegate(.showView(.upcoming)))) { $0.data.view = .upcoming }
      var page = PageSnapshot(store.state)
      #expect(page.items.sectionIdentifiers == ["day:2026-01-02", "day:2026-01-04"])
      #expect(page.headers == ["day:2026-01-02": "Tomorrow", "day:2026-01-04": "Sunday 4 January"])
      #expect(
        try page.items.itemIdentifiers(inSection: "day:2026-01-04") == [c, b].map(\.id.uuidString))
      // The section names the day: a row says its list, and its time if it has one.
      #expect(
        [a, b, c].map { page.cells[$0.id.uuidString]?.detail } == [
          "Inbox", "Inbox · 10:00", "Inbox",
        ])
      #expect(page.chrome.views.map(\.count) == [0, 3, 0, 0])

      // Another writer moves A to today: its day's section goes, Today counts it.
      let before = store.state
      _ = try await service.updateTodo(
        id: a.id, TodoPatch(deadline: .some(try Deadline(parsing: "2026-01-01"))))
      let moved = try await fixture.loaded {
        $0.agenda.first?.id == a.id && $0.sequence > before.data.sequence
      }
      await store.receive(\.loaded, moved) { $0.apply(moved) }
      let changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.sectionDeleted) == [0])
      #expect(changes.chrome?.views.map(\.count) == [1, 2, 0, 0])
      page = PageSnapshot(store.state)
      #expect(page.items.sectionIdentifiers == ["day:2026-01-04"])

      // Adding in Upcoming: to the Inbox, due tomorrow, unless the text names a day.
      await store.send(.list(.add("Plan")))
      let plan = try await fixture.loaded { $0.todos.contains { $0.title == "Plan" } }
      await store.receive(\.loaded, plan) { $0.apply(plan) }
      let tomorrow = try Deadline(parsing: "2026-01-02")
      #expect(plan.todos.first { $0.title == "Plan" }?.deadline == tomorrow)
      await store.send(.list(.add("Party saturday")))
      let party = try await fixture.loaded { $0.todos.contains { $0.title == "Party" } }
      await store.receive(\.loaded, party) { $0.apply(party) }
      let saturday = try Deadline(parsing: "2026-01-03")
      #expect(party.todos.first { $0.title == "Party" }?.deadline == saturday)
      #expect(
        PageSnapshot(store.state).items.sectionIdentifiers == [
          "day:2026-01-02", "day:2026-01-03", "day:2026-01-04",
        ])
      await fixture.disappear(store)
    }
  }

  @Test("Overdue: past-due todos; delete asks, moves to the trash, and Undo brings it back")
  func overdue() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let late = try await service.createTodo(
        NewTodo(title: "Late", deadline: try Deadline(parsing: "2025-12-31")))
      _ = try await service.createTodo(
        NewTodo(title: "Today", deadline: try Deadline(parsing: "2026-01-01")))
      let store = try await Self.open(fixture)

      await store.send(.sidebar(.chooseView(.overdue)))
      await store.receive(.sidebar(.delegate(.showView(.overdue)))) { $0.data.view = .overdue }
      var page = PageSnapshot(store.state)
      #expect(page.items.itemIdentifiers == [late.id.uuidString])
      #expect(page.cells[late.id.uuidString]?.overdue == true)
      // Overdue says when it was due.
      #expect(page.cells[late.id.uuidString]?.detail == "Inbox · Yesterday")

      await store.send(.trash(.requestDelete(late.id))) { $0.trash.confirmDelete = late.id }
      #expect(PageSnapshot(store.state).chrome.confirmTitle == "Late")
      await store.send(.trash(.confirmDelete)) { $0.trash.confirmDelete = nil }
      let gone = try await fixture.loaded { $0.agenda.count == 1 }
      let trashed = try #require(try await service.trash().todos.first)
      await fixture.receive(store, gone, and: .trash(.trashed([trashed]))) {
        $0.apply(gone)
        $0.trash.undo = [trashed]
      }
      page = PageSnapshot(store.state)
      #expect(page.items.itemIdentifiers.isEmpty)
      #expect(page.chrome.emptyText == "Nothing overdue.")
      #expect(page.chrome.toast == "Deleted \u{201C}Late\u{201D}")

      await store.send(.trash(.undo)) { $0.trash.undo = [] }
      let back = try await fixture.loaded { $0.agenda.count == 2 }
      await store.receive(\.loaded, back) { $0.apply(back) }
      #expect(PageSnapshot(store.state).items.itemIdentifiers == [late.id.uuidString])

      // Choosing a view closes what the list had open.
      await store.send(.trash(.requestDelete(late.id))) { $0.trash.confirmDelete = late.id }
      await store.send(.sidebar(.chooseView(.today)))
      await store.receive(.sidebar(.delegate(.showView(.today)))) {
        $0.data.view = .today
        $0.trash.confirmDelete = nil
      }
      // A todo that Today does not show cannot be acted on from it.
      await store.send(.list(.toggle(late.id))) { $0.problem = "That todo no longer exists." }
      await fixture.disappear(store) { $0.problem = nil }
    }
  }

  @Test("a page left open past midnight reads the day again when a view is chosen")
  func dayChange() async throws {
    try await LivePageFixture.with { fixture in
      let tomorrow = try await fixture.service.createTodo(
        NewTodo(title: "Tomorrow's", deadline: try Deadline(parsing: "2026-01-02")))
      // The fixture's page, with a clock the test moves (it starts at the fixture's time).
      let clock = SettableClock()
      let store = TestStore(initialState: LivePage.State()) {
        LivePage()
      } withDependencies: {
        $0.todoClient = .live(fixture.service)
        $0.date = DateGenerator { clock.now() }
        $0.calendar = .utcGregorian
      }
      store.timeout = .seconds(10)
      try await fixture.appear(store)
      await store.send(.setTimeZone("UTC")) { $0.data.timeZone = Self.utc }
      await store.send(.sidebar(.chooseView(.today)))
      await store.receive(.sidebar(.delegate(.showView(.today)))) { $0.data.view = .today }
      #expect(PageSnapshot(store.state).items.itemIdentifiers.isEmpty)

      // A day later, no commit: choosing the view again reads the clock.
      clock.advance(24 * 60 * 60)
      await store.send(.sidebar(.chooseView(.today)))
      await store.receive(.sidebar(.delegate(.showView(.today)))) { $0.data.now = clock.now() }
      let page = PageSnapshot(store.state)
      #expect(page.items.itemIdentifiers == [tomorrow.id.uuidString])
      #expect(page.chrome.views.map(\.count) == [1, 0, 0, 0])

      // Another day: the page's midnight timer says its time zone again, which reads the
      // clock without closing what is open.
      await store.send(.editor(.beginEdit(tomorrow.id))) {
        $0.editor.sheet = TodoEditor.State(todoID: tomorrow.id)
      }
      await store.receive(.editor(.sheet(.begin)))
      await store.receive(.editor(.sheet(.began(tomorrow)))) {
        $0.editor.sheet?.phase = .editing
        $0.editor.sheet?.original = tomorrow
        $0.editor.sheet?.title = tomorrow.title
        $0.editor.sheet?.deadline = "2026-01-02"
      }
      clock.advance(24 * 60 * 60)
      await store.send(.setTimeZone("UTC")) { $0.data.now = clock.now() }
      let overdue = PageSnapshot(store.state)
      #expect(overdue.items.itemIdentifiers.isEmpty)
      #expect(overdue.chrome.views.map(\.count) == [0, 0, 1, 0])
      #expect(overdue.chrome.editor?.id == tomorrow.id.uuidString)
      await store.send(.editor(.cancelEdit))
      await store.receive(.editor(.sheet(.cancel))) { $0.editor.sheet = nil }
      await fixture.disappear(store)
    }
  }
}

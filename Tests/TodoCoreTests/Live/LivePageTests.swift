import Composable
import Foundation
import Testing

@testable import TodoCore

@Suite("LivePage feature: events, snapshots and changesets")
struct LivePageTests {
  @Test("appearing loads the Inbox; the snapshot lists every todo in user order")
  func appear() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let b = try await fixture.service.createTodo(NewTodo(title: "B <img src=x onerror=alert(1)>"))
      let store = fixture.page()
      #expect(PageSnapshot(store.state).chrome.loaded == false)
      try await fixture.appear(store)
      let page = PageSnapshot(store.state)
      #expect(page.items.sectionIdentifiers == ["main"])
      #expect(page.items.itemIdentifiers == [a.id.uuidString, b.id.uuidString])
      #expect(page.cells[b.id.uuidString]?.title == "B <img src=x onerror=alert(1)>")
      #expect(page.chrome.counter == "2 items left")
      #expect(
        page.chrome.lists == [.init(id: TodoList.inboxID.uuidString, name: "Inbox", open: 2)])
      let json = String(
        decoding: try LiveMessage.snapshot(revision: 1, page).encoded(), as: UTF8.self)
      #expect(json.hasPrefix(#"{"cells":{"#))
      #expect(json.contains(#""type":"snapshot""#))
      #expect(json.contains(#""v":1"#))
      await fixture.disappear(store)
    }
  }

  @Test("add trims the text, ignores empty text, and sends one inserted item")
  func add() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      await store.send(.add("   "))
      await store.send(.add("\n"))
      let before = store.state
      await store.send(.add("  Buy milk  "))
      let loaded = try await fixture.loaded(after: before.sequence)
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }
      let todo = try #require(loaded.todos.first)
      #expect(loaded.todos.count == 1)
      #expect(todo.title == "Buy milk")
      let changes = sent(before, store.state)
      try #require(changes.stages.count == 1)
      #expect(changes.stages[0].itemInserted == [item(0, 0, todo.id)])
      #expect(
        changes.cells == [todo.id.uuidString: LiveCell(title: "Buy milk", status: .notStarted)])
      #expect(changes.chrome?.counter == "1 item left")
      await fixture.disappear(store)
    }
  }

  @Test("the browser's time zone: tomorrow and overdue are the person's; an unknown one is refused")
  func browserTimeZone() async throws {
    try await LivePageFixture.with { fixture in
      // The fixture's clock: 2026-01-01 00:00 UTC, still 2025-12-31 16:00 in Los Angeles.
      let todo = try await fixture.service.createTodo(
        NewTodo(title: "Due on New Year's Eve", deadline: try Deadline(parsing: "2025-12-31")))
      let store = fixture.page()
      try await fixture.appear(store)
      let overdue = { PageSnapshot(store.state).cells[todo.id.uuidString]?.overdue }
      #expect(overdue() == true)
      let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
      await store.send(.setTimeZone("America/Los_Angeles")) { $0.timeZone = zone }
      #expect(overdue() == false)
      var calendar = Calendar.utcGregorian
      calendar.timeZone = zone
      let entry = QuickEntry(
        parsing: "Call mum tomorrow", now: LivePageFixture.now, calendar: calendar)
      await store.send(.typeNew("Call mum tomorrow")) { $0.newEntry = entry }
      #expect(PageSnapshot(store.state).chrome.quickDeadline == "2026/01/01")
      await store.send(.setTimeZone("Mars/Olympus_Mons")) {
        $0.problem = "The browser's time zone \"Mars/Olympus_Mons\" is not one the server knows."
      }
      await fixture.disappear(store) { $0.problem = nil }
    }
  }

  @Test("quick entry: the deadline the text names is a chip, added with the todo unless removed")
  func quickEntry() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      // The fixture's clock: Thursday 2026-01-01 00:00 UTC.
      let entry = QuickEntry(
        parsing: "Call mum tomorrow 9:00", now: LivePageFixture.now, calendar: .utcGregorian)
      await store.send(.typeNew("Call mum tomorrow 9:00")) { $0.newEntry = entry }
      #expect(PageSnapshot(store.state).chrome.quickDeadline == "2026/01/02 09:00")
      #expect(PageSnapshot(store.state).chrome.quickPhrase == "tomorrow 9:00")
      var before = store.state
      await store.send(.add("Call mum tomorrow 9:00")) { $0.newEntry = nil }
      var loaded = try await fixture.loaded(after: before.sequence)
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }
      let call = try #require(loaded.todos.first)
      #expect(call.title == "Call mum")
      #expect(call.deadline == (try Deadline(parsing: "2026-01-02T09:00")))
      #expect(PageSnapshot(store.state).chrome.quickDeadline == nil)

      // Removed chip: the text is the title, with no deadline.
      let friday = QuickEntry(
        parsing: "Pay rent friday", now: LivePageFixture.now, calendar: .utcGregorian)
      await store.send(.typeNew("Pay rent friday")) { $0.newEntry = friday }
      await store.send(.dismissQuickDeadline) { $0.quickDismissed = true }
      #expect(PageSnapshot(store.state).chrome.quickDeadline == nil)
      // Typing on without changing the date words keeps it removed.
      await store.send(.typeNew("Pay rent friday "))
      before = store.state
      await store.send(.add("Pay rent friday")) {
        $0.newEntry = nil
        $0.quickDismissed = false
      }
      loaded = try await fixture.loaded(after: before.sequence)
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }
      let rent = try #require(loaded.todos.last)
      #expect(rent.title == "Pay rent friday" && rent.deadline == nil)

      // Text that names no deadline shows no chip.
      await store.send(.typeNew("Buy 2 apples"))
      await store.send(.dismissQuickDeadline)
      await fixture.disappear(store)
    }
  }

  @Test("toggle and set status update the cell in place")
  func toggleAndStatus() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let other = try await fixture.service.createTodo(NewTodo(title: "Eggs"))
      let store = fixture.page()
      try await fixture.appear(store)

      var before = store.state
      await store.send(.toggle(todo.id))
      var done = todo
      done.status = .done
      done.doneAt = LivePageFixture.now
      done.version = todo.version.next
      done.updatedAt = LivePageFixture.now
      let toggled = try await fixture.loaded(after: before.sequence)
      #expect(toggled.todos == [done, other])
      #expect(toggled.lists == before.lists)
      await store.receive(\.loaded, toggled) {
        $0.todos = [done, other]
        $0.sequence = toggled.sequence
        $0.openCounts = [TodoList.inboxID: 1]
      }
      var changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemUpdated) == [[item(0, 0, todo.id)]])
      #expect(changes.cells[todo.id.uuidString]?.status == .done)
      #expect(changes.chrome?.counter == "1 item left")
      #expect(changes.chrome?.completedCount == 1)

      before = store.state
      await store.send(.setStatus(other.id, .inProgress))
      let started = try await fixture.loaded(after: before.sequence)
      #expect(started.todos.last?.status == .inProgress)
      await store.receive(\.loaded, started) { $0.apply(started) }
      changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemUpdated) == [[item(0, 1, other.id)]])
      #expect(changes.cells.keys.sorted() == [other.id.uuidString])
      #expect(changes.chrome == nil)

      before = store.state
      await store.send(.toggle(todo.id))
      let reopened = try await fixture.loaded(after: before.sequence)
      #expect(reopened.todos.first?.status == .notStarted)
      await store.receive(\.loaded, reopened) { $0.apply(reopened) }
      #expect(store.state.todos.first?.doneAt == nil)
      await fixture.disappear(store)
    }
  }

  @Test("an event naming a todo the page no longer shows is reported, not applied")
  func missing() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      let ghost = UUID()
      await store.send(.toggle(ghost)) { $0.problem = "That todo no longer exists." }
      #expect(PageSnapshot(store.state).chrome.problem == "That todo no longer exists.")
      await store.send(.requestDelete(ghost))
      await store.send(.chooseFilter(.all)) { $0.problem = nil }
      await store.send(.add(String(repeating: "x", count: 1_001)))
      await store.receive(\.failed) {
        $0.problem = "title: a title is limited to 1000 characters (got 1001)"
      }
      await fixture.disappear(store) { $0.problem = nil }
    }
  }
}

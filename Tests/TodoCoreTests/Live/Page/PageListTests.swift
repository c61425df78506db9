import Composable
import Foundation
import Testing

@testable import TodoCore

/// The list of todos (``PageList``) on a real store: its writes, its choices, and the
/// messages the page sends for them.
@Suite("PageList: adding, toggling, moving, quick entry, filters and layouts")
struct PageListTests {
  typealias Store = TestStore<PageList.State, PageList.Action>

  /// The list's store on the data a commit brought, once `store` has finished.
  static func after(
    _ loaded: LivePage.Loaded, _ store: Store, _ fixture: LivePageFixture
  ) async -> Store {
    await store.finish()
    return fixture.feature(PageList(), store.state.after(loaded))
  }

  @Test("add trims the text, ignores empty text, and sends one inserted item")
  func add() async throws {
    try await LivePageFixture.with { fixture in
      let store = try await fixture.feature(PageList(), PageList.Local())
      await store.send(.add("   "))
      await store.send(.add("\n"))
      let before = store.state
      await store.send(.add("  Buy milk  "))
      let loaded = try await fixture.loaded(after: before.data.sequence)
      let todo = try #require(loaded.todos.first)
      #expect(loaded.todos.count == 1)
      #expect(todo.title == "Buy milk")
      let changes = sent(before, store.state.after(loaded), at: \.list)
      try #require(changes.stages.count == 1)
      #expect(changes.stages[0].itemInserted == [item(0, 0, todo.id)])
      #expect(
        changes.cells == [todo.id.uuidString: LiveCell(title: "Buy milk", status: .notStarted)])
      #expect(changes.chrome?.counter == "1 item left")
      await store.finish()
    }
  }

  @Test("quick entry: the deadline the text names is a chip, added with the todo unless removed")
  func quickEntry() async throws {
    try await LivePageFixture.with { fixture in
      let store = try await fixture.feature(PageList(), PageList.Local())
      // The fixture's clock: Thursday 2026-01-01 00:00 UTC.
      let entry = QuickEntry(
        parsing: "Call mum tomorrow 9:00", now: LivePageFixture.now, calendar: .utcGregorian)
      await store.send(.typeNew("Call mum tomorrow 9:00")) { $0.newEntry = entry }
      #expect(rendered(store.state, at: \.list).chrome.quickDeadline == "2026/01/02 09:00")
      #expect(rendered(store.state, at: \.list).chrome.quickPhrase == "tomorrow 9:00")
      await store.send(.add("Call mum tomorrow 9:00")) { $0.newEntry = nil }
      var loaded = try await fixture.loaded(after: store.state.data.sequence)
      let call = try #require(loaded.todos.first)
      #expect(call.title == "Call mum")
      #expect(call.deadline == (try Deadline(parsing: "2026-01-02T09:00")))
      #expect(rendered(store.state.after(loaded), at: \.list).chrome.quickDeadline == nil)

      // Removed chip: the text is the title, with no deadline.
      let friday = QuickEntry(
        parsing: "Pay rent friday", now: LivePageFixture.now, calendar: .utcGregorian)
      await store.send(.typeNew("Pay rent friday")) { $0.newEntry = friday }
      await store.send(.dismissQuickDeadline) { $0.quickDismissed = true }
      #expect(rendered(store.state, at: \.list).chrome.quickDeadline == nil)
      // Typing on without changing the date words keeps it removed.
      await store.send(.typeNew("Pay rent friday "))
      await store.send(.add("Pay rent friday")) {
        $0.newEntry = nil
        $0.quickDismissed = false
      }
      loaded = try await fixture.loaded(after: loaded.sequence)
      let rent = try #require(loaded.todos.last)
      #expect(rent.title == "Pay rent friday" && rent.deadline == nil)

      // Text that names no deadline shows no chip.
      await store.send(.typeNew("Buy 2 apples"))
      await store.send(.dismissQuickDeadline)
      await store.finish()
    }
  }

  @Test("toggle and set status update the cell in place")
  func toggleAndStatus() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let other = try await fixture.service.createTodo(NewTodo(title: "Eggs"))
      var store = try await fixture.feature(PageList(), PageList.Local())

      var before = store.state
      await store.send(.toggle(todo.id))
      var done = todo
      done.status = .done
      done.doneAt = LivePageFixture.now
      done.version = todo.version.next
      done.updatedAt = LivePageFixture.now
      let toggled = try await fixture.loaded(after: before.data.sequence)
      #expect(toggled.todos == [done, other])
      #expect(toggled.lists == before.data.lists)
      #expect(toggled.openCounts == [TodoList.inboxID: 1])
      var changes = sent(before, store.state.after(toggled), at: \.list)
      #expect(changes.stages.map(\.itemUpdated) == [[item(0, 0, todo.id)]])
      #expect(changes.cells[todo.id.uuidString]?.status == .done)
      #expect(changes.chrome?.counter == "1 item left")
      #expect(changes.chrome?.completedCount == 1)

      store = await Self.after(toggled, store, fixture)
      before = store.state
      await store.send(.setStatus(other.id, .inProgress))
      let started = try await fixture.loaded(after: before.data.sequence)
      #expect(started.todos.last?.status == .inProgress)
      changes = sent(before, store.state.after(started), at: \.list)
      #expect(changes.stages.map(\.itemUpdated) == [[item(0, 1, other.id)]])
      #expect(changes.cells.keys.sorted() == [other.id.uuidString])
      #expect(changes.chrome == nil)

      store = await Self.after(started, store, fixture)
      await store.send(.toggle(todo.id))
      let reopened = try await fixture.loaded(after: started.sequence)
      #expect(reopened.todos.first?.status == .notStarted)
      #expect(reopened.todos.first?.doneAt == nil)
      await store.finish()
    }
  }

  @Test("an event naming a todo the list does not show is reported, not applied")
  func missing() async throws {
    try await LivePageFixture.with { fixture in
      let store = try await fixture.feature(PageList(), PageList.Local())
      let ghost = UUID()
      await store.send(.toggle(ghost)) { $0.problem = "That todo no longer exists." }
      await store.send(.setStatus(ghost, .done))
      await store.send(.move(ghost, .after(ghost)))
      await store.send(.add(String(repeating: "x", count: 1_001)))
      await store.receive(\.failed) {
        $0.problem = "title: a title is limited to 1000 characters (got 1001)"
      }
      #expect(try await fixture.service.todos(inList: TodoList.inboxID).isEmpty)
      await store.finish()
    }
  }

  @Test("a move sends exactly one moved item")
  func move() async throws {
    try await LivePageFixture.with { fixture in
      var ids: [UUID] = []
      for title in ["A", "B", "C", "D"] {
        ids.append(try await fixture.service.createTodo(NewTodo(title: title)).id)
      }
      var store = try await fixture.feature(PageList(), PageList.Local())
      var before = store.state
      await store.send(.move(ids[3], .before(ids[0])))
      let moved = try await fixture.loaded(after: before.data.sequence)
      #expect(moved.todos.map(\.id) == [ids[3], ids[0], ids[1], ids[2]])
      var changes = sent(before, store.state.after(moved), at: \.list)
      try #require(changes.stages.count == 1)
      #expect(
        changes.stages[0].itemMoved == [.init(from: [0, 3], to: [0, 0], id: ids[3].uuidString)])
      #expect(changes.cells.isEmpty && changes.chrome == nil)

      store = await Self.after(moved, store, fixture)
      before = store.state
      await store.send(.move(ids[3], .after(ids[1])))
      let back = try await fixture.loaded(after: before.data.sequence)
      #expect(back.todos.map(\.id) == [ids[0], ids[1], ids[3], ids[2]])
      changes = sent(before, store.state.after(back), at: \.list)
      #expect(changes.stages.flatMap(\.itemMoved).count == 1)
      await store.finish()
    }
  }

  @Test("an add event with NUL or an escape is refused with the field named, nothing stored")
  func addRefused() async throws {
    try await LivePageFixture.with { fixture in
      let store = try await fixture.feature(PageList(), PageList.Local())
      let before = store.state
      let nul = try LivePageFixture.action(#"{"v":1,"type":"add","title":"a\u0000b"}"#)
      #expect(nul == .list(.add("a\u{0}b")))
      await store.send(try #require(nul[case: \.list])) {
        $0.problem = "title: contains the control character U+0000 at position 2; remove it"
      }
      #expect(
        rendered(store.state, at: \.list).chrome.problem
          == "title: contains the control character U+0000 at position 2; remove it")
      await store.send(.add("\u{1B}[2J")) {
        $0.problem = "title: contains the control character U+001B at position 1; remove it"
      }
      await store.send(.add("\u{85}")) {
        $0.problem = "title: contains the control character U+0085 at position 1; remove it"
      }
      #expect(try await fixture.service.todos(inList: TodoList.inboxID).isEmpty)
      #expect(sent(before, store.state, at: \.list).stages.isEmpty)
    }
  }
}

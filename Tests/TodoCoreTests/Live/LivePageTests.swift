import Composable
import Foundation
import Testing

@testable import TodoCore

/// The page itself (``LivePage``): loading, the time zone, and how its features talk: the
/// sidebar's choice shown, what was open over the list closed, the last problem cleared by
/// the next event. Each feature's own behaviour is in its suite (`Live/Page`).
@Suite("LivePage: loading, the time zone, and how its features talk")
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
      await store.send(.setTimeZone("America/Los_Angeles")) { $0.data.timeZone = zone }
      #expect(overdue() == false)
      var calendar = Calendar.utcGregorian
      calendar.timeZone = zone
      let entry = QuickEntry(
        parsing: "Call mum tomorrow", now: LivePageFixture.now, calendar: calendar)
      await store.send(.list(.typeNew("Call mum tomorrow"))) { $0.list.newEntry = entry }
      #expect(PageSnapshot(store.state).chrome.quickDeadline == "2026/01/01")
      await store.send(.setTimeZone("Mars/Olympus_Mons")) {
        $0.problem = "The browser's time zone \"Mars/Olympus_Mons\" is not one the server knows."
      }
      await fixture.disappear(store) { $0.problem = nil }
    }
  }

  @Test("a feature's refusal is the page's problem until the next event, whichever feature's")
  func missing() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      let ghost = UUID()
      await store.send(.list(.toggle(ghost))) { $0.problem = "That todo no longer exists." }
      #expect(PageSnapshot(store.state).chrome.problem == "That todo no longer exists.")
      await store.send(.trash(.requestDelete(ghost)))
      await store.send(.list(.chooseFilter(.all))) { $0.problem = nil }
      await store.send(.list(.add(String(repeating: "x", count: 1_001))))
      await store.receive(\.list.failed) {
        $0.problem = "title: a title is limited to 1000 characters (got 1001)"
      }
      // Another feature's refusal replaces it; the next event clears it.
      await store.send(.sidebar(.chooseList(ghost))) { $0.problem = "That list no longer exists." }
      await store.send(.search(.setText("milk"))) {
        $0.problem = nil
        $0.search.text = "milk"
      }
      await fixture.disappear(store)
    }
  }

  @Test("choosing a list or a view closes the sheet and the questions about the list it showed")
  func navigation() async throws {
    try await LivePageFixture.with { fixture in
      let milk = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let errands = try await fixture.service.createList(named: "Errands")
      let store = fixture.page()
      try await fixture.appear(store)
      await store.send(.trash(.requestDelete(milk.id))) { $0.trash.confirmDelete = milk.id }
      await store.send(.trash(.requestDeleteList(errands.id))) {
        $0.trash.confirmDelete = nil
        $0.trash.confirmDeleteList = errands.id
      }
      await store.send(.editor(.beginEdit(milk.id))) {
        $0.editor.sheet = TodoEditor.State(todoID: milk.id)
      }
      await store.receive(.editor(.sheet(.begin)))
      await store.receive(\.editor.sheet.began) {
        $0.editor.sheet?.phase = .editing
        $0.editor.sheet?.original = milk
        $0.editor.sheet?.title = "Milk"
      }
      await store.send(.trash(.requestDelete(milk.id))) { $0.trash.confirmDelete = milk.id }

      // A view: the sheet and the question about the todo go; the list's question stays.
      await store.send(.sidebar(.chooseView(.today)))
      await store.receive(.sidebar(.delegate(.showView(.today)))) {
        $0.data.view = .today
        $0.editor.sheet = nil
        $0.trash.confirmDelete = nil
      }

      // A list: shown, and observed instead of the other.
      await store.send(.sidebar(.chooseList(errands.id)))
      await store.receive(.sidebar(.delegate(.showList(errands.id)))) {
        $0.data.view = nil
        $0.data.listID = errands.id
      }
      let shown = try await fixture.loaded(errands.id)
      await store.receive(\.loaded, shown) { $0.apply(shown) }
      #expect(PageSnapshot(store.state).chrome.listID == errands.id.uuidString)
      await fixture.disappear(store)
    }
  }

  @Test("a list created in the sidebar is shown")
  func createdListShown() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      let before = store.state
      await store.send(.sidebar(.createList("Groceries")))
      let inboxAfter = try await fixture.loaded(after: before.data.sequence)
      let groceries = try #require(inboxAfter.lists.first { $0.name == "Groceries" })
      let shown = try await fixture.loaded(groceries.id)
      // The Inbox's load of the commit and the sidebar's delegate race; a load of the Inbox
      // that comes after the page switched lists is ignored. Either way the page ends on the
      // list.
      store.exhaustivity = .off
      await store.receive(.sidebar(.delegate(.showList(groceries.id))))
      await store.receive(\.loaded, shown)
      store.exhaustivity = .on
      var expected = before
      expected.apply(shown)
      #expect(store.state == expected)
      #expect(PageSnapshot(store.state).chrome.listID == groceries.id.uuidString)
      await fixture.disappear(store)
    }
  }

  @Test("two pages on different lists each show their own list's todos")
  func twoPages() async throws {
    try await LivePageFixture.with { fixture in
      let inboxTodo = try await fixture.service.createTodo(NewTodo(title: "In the inbox"))
      let errands = try await fixture.service.createList(named: "Errands")
      let post = try await fixture.service.createTodo(NewTodo(title: "Post", listID: errands.id))
      let inboxPage = fixture.page()
      try await fixture.appear(inboxPage)
      #expect(inboxPage.state.data.todos == [inboxTodo])

      let errandsPage = fixture.page()
      try await fixture.appear(errandsPage)
      await errandsPage.send(.sidebar(.chooseList(errands.id)))
      await errandsPage.receive(.sidebar(.delegate(.showList(errands.id)))) {
        $0.data.listID = errands.id
      }
      let shown = try await fixture.loaded(errands.id)
      await errandsPage.receive(\.loaded, shown) { $0.apply(shown) }
      #expect(errandsPage.state.data.todos == [post])
      await fixture.disappear(errandsPage)
      await fixture.disappear(inboxPage)
    }
  }
}

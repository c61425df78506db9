import Composable
import Foundation
import Testing

@testable import TodoCore

@Suite("LivePage feature: search, filters, layouts and lists")
struct LivePageViewTests {
  /// A bug outside the page: `ObservationRegistry.key` (Persistence) describes the request's
  /// SQL arguments with string interpolation, and a UUID argument is a blob that prints
  /// "16 bytes", so the live-todos requests of every list share one observation run: a page
  /// observing a list while another list is observed gets that other list's todos.
  @Test("search filters as you type; filters show all, active or completed")
  func searchAndFilters() async throws {
    try await LivePageFixture.with { fixture in
      let milk = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let bread = try await fixture.service.createTodo(NewTodo(title: "Bread", notes: "whole MILK"))
      let eggs = try await fixture.service.createTodo(NewTodo(title: "Eggs", status: .done))
      let store = fixture.page()
      try await fixture.appear(store)

      var before = store.state
      await store.send(.search("milk")) { $0.search = "milk" }
      var changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemDeleted) == [item(0, 2, eggs.id)])
      #expect(changes.chrome?.search == "milk")
      #expect(
        PageSnapshot(store.state).items.itemIdentifiers == [milk, bread].map(\.id.uuidString))
      #expect(changes.chrome?.emptyText == nil)
      await store.send(.search(" milkshake ")) { $0.search = " milkshake " }
      #expect(PageSnapshot(store.state).items.itemIdentifiers.isEmpty)
      #expect(
        PageSnapshot(store.state).chrome.emptyText == "Nothing matches \u{201C}milkshake\u{201D}.")
      await store.send(.search("")) { $0.search = "" }
      #expect(PageSnapshot(store.state).chrome.emptyText == nil)

      before = store.state
      await store.send(.chooseFilter(.active)) { $0.filter = .active }
      changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemDeleted) == [item(0, 2, eggs.id)])
      #expect(changes.chrome?.filter == .active)
      await store.send(.chooseFilter(.completed)) { $0.filter = .completed }
      #expect(PageSnapshot(store.state).items.itemIdentifiers == [eggs.id.uuidString])
      #expect(PageSnapshot(store.state).chrome.counter == "2 items left")
      await store.send(.chooseFilter(.all)) { $0.filter = .all }
      await fixture.disappear(store)
    }
  }

  @Test("the outline groups todos under Undone and Done, which expand and collapse")
  func outline() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let b = try await fixture.service.createTodo(NewTodo(title: "B", status: .done))
      let store = fixture.page()
      try await fixture.appear(store)
      var before = store.state
      await store.send(.chooseLayout(.outline)) { $0.layout = .outline }
      let page = PageSnapshot(store.state)
      #expect(
        page.items.itemIdentifiers == [
          PageSnapshot.undoneGroup, a.id.uuidString, PageSnapshot.doneGroup, b.id.uuidString,
        ])
      #expect(
        page.cells[PageSnapshot.doneGroup]
          == LiveCell(kind: .group, title: "Done", detail: "1", expanded: true))
      #expect(page.cells[a.id.uuidString]?.level == 1)
      #expect(sent(before, store.state).stages.flatMap(\.sectionInserted).map(\.id) == ["outline"])

      before = store.state
      await store.send(.setExpanded(PageSnapshot.doneGroup, false)) {
        $0.collapsed = [PageSnapshot.doneGroup]
      }
      let changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemDeleted) == [item(0, 3, b.id)])
      #expect(changes.stages.flatMap(\.itemUpdated).map(\.id) == [PageSnapshot.doneGroup])
      await store.send(.setExpanded(PageSnapshot.doneGroup, true)) { $0.collapsed = [] }
      await fixture.disappear(store)
    }
  }

  @Test("the sectioned view groups todos under their section headings; deadline sort")
  func sectionsAndSort() async throws {
    try await LivePageFixture.with { fixture in
      let apples = try await fixture.service.createTodo(
        NewTodo(title: "Apples", deadline: try Deadline(parsing: "2026-03-02"), section: "Fruit"))
      let steak = try await fixture.service.createTodo(NewTodo(title: "Steak", section: "Meat"))
      let pears = try await fixture.service.createTodo(
        NewTodo(title: "Pears", deadline: try Deadline(parsing: "2026-03-01"), section: "Fruit"))
      let store = fixture.page()
      try await fixture.appear(store)
      await store.send(.chooseLayout(.sectioned)) { $0.layout = .sectioned }
      var page = PageSnapshot(store.state)
      #expect(page.items.sectionIdentifiers == ["section:Fruit", "section:Meat"])
      #expect(page.headers == ["section:Fruit": "Fruit", "section:Meat": "Meat"])
      #expect(page.items.itemIdentifiers == [apples, pears, steak].map(\.id.uuidString))
      // On 1 January 2026, a deadline later that year reads as its day and month.
      #expect(page.cells[pears.id.uuidString]?.detail == "1 Mar")
      #expect(page.cells[apples.id.uuidString]?.detail == "2 Mar")

      await store.send(.chooseLayout(.plain)) { $0.layout = .plain }
      let before = store.state
      await store.send(.sortByDeadline(true)) { $0.sortByDeadline = true }
      page = PageSnapshot(store.state)
      #expect(page.items.itemIdentifiers == [pears, apples, steak].map(\.id.uuidString))
      #expect(sent(before, store.state).stages.flatMap(\.itemMoved).count == 1)
      await store.send(.sortByDeadline(false)) { $0.sortByDeadline = false }
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
      #expect(inboxPage.state.todos == [inboxTodo])

      let errandsPage = fixture.page()
      try await fixture.appear(errandsPage)
      await errandsPage.send(.chooseList(errands.id)) { $0.listID = errands.id }
      let shown = try await fixture.loaded(errands.id)
      await errandsPage.receive(\.loaded, shown) { $0.apply(shown) }
      #expect(errandsPage.state.todos == [post])
      await fixture.disappear(errandsPage)
      await fixture.disappear(inboxPage)
    }
  }

  @Test("a list is created and shown, renamed, and deleted after a confirmation; not the Inbox")
  func manageLists() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      await store.send(.createList("  "))
      await store.send(.createList("Bad\u{7}")) {
        $0.problem = "name: contains the control character U+0007 at position 4; remove it"
      }
      await store.send(.requestDeleteList(TodoList.inboxID)) {
        $0.problem = "The Inbox cannot be deleted."
      }

      var before = store.state
      await store.send(.createList("Groceries")) { $0.problem = nil }
      let inboxAfter = try await fixture.loaded(after: before.sequence)
      let groceries = try #require(inboxAfter.lists.first { $0.name == "Groceries" })
      let shown = try await fixture.loaded(groceries.id)
      // The Inbox's load of the commit and `listCreated` race; a load of the Inbox that
      // comes after the page switched lists is ignored. Either way the page ends on the list.
      store.exhaustivity = .off
      await store.receive(.listCreated(groceries))
      await store.receive(\.loaded, shown)
      store.exhaustivity = .on
      var expected = before
      expected.problem = nil
      expected.apply(shown)
      #expect(store.state == expected)
      #expect(PageSnapshot(store.state).chrome.listID == groceries.id.uuidString)

      before = store.state
      await store.send(.renameList(groceries.id, "Food"))
      let renamed = try await fixture.loaded(groceries.id, after: before.sequence)
      await store.receive(\.loaded, renamed) { $0.apply(renamed) }
      #expect(PageSnapshot(store.state).chrome.lists.map(\.name) == ["Inbox", "Food"])

      await store.send(.requestDeleteList(groceries.id)) { $0.confirmDeleteList = groceries.id }
      #expect(PageSnapshot(store.state).chrome.confirmDeleteList == "Food")
      await store.send(.cancelDeleteList) { $0.confirmDeleteList = nil }
      await store.send(.requestDeleteList(groceries.id)) { $0.confirmDeleteList = groceries.id }
      before = store.state
      await store.send(.confirmDeleteList) { $0.confirmDeleteList = nil }
      // The shown list went to the trash: the page shows the Inbox.
      let gone = try await fixture.loaded(groceries.id, after: before.sequence)
      #expect(!gone.lists.contains { $0.id == groceries.id })
      await store.receive(\.loaded, gone) { $0.listID = TodoList.inboxID }
      let inbox = try await fixture.loaded(TodoList.inboxID)
      await store.receive(\.loaded, inbox) { $0.apply(inbox) }
      #expect(try await fixture.service.trash().lists.map(\.name) == ["Food"])
      await fixture.disappear(store)
    }
  }

  @Test("a list moved in the sidebar moves in the store, and the page shows the new order")
  func moveList() async throws {
    try await LivePageFixture.with { fixture in
      let first = try await fixture.service.createList(named: "First")
      let second = try await fixture.service.createList(named: "Second")
      let store = fixture.page()
      try await fixture.appear(store)
      #expect(PageSnapshot(store.state).chrome.lists.map(\.name) == ["Inbox", "First", "Second"])
      let before = store.state
      await store.send(.moveList(second.id, .before(first.id)))
      let moved = try await fixture.loaded(after: before.sequence)
      await store.receive(\.loaded, moved) { $0.apply(moved) }
      #expect(PageSnapshot(store.state).chrome.lists.map(\.name) == ["Inbox", "Second", "First"])
      #expect(try await fixture.service.lists().map(\.name) == ["Inbox", "Second", "First"])
      // A list the page does not know is refused, and nothing moves.
      await store.send(.moveList(UUID(), .after(first.id))) {
        $0.problem = "That list no longer exists."
      }
      await fixture.disappear(store) { $0.problem = nil }
    }
  }

  @Test("choosing a list shows its todos; clear completed trashes the done ones")
  func listsAndClearCompleted() async throws {
    try await LivePageFixture.with { fixture in
      _ = try await fixture.service.createTodo(NewTodo(title: "In the inbox"))
      let store = fixture.page()
      try await fixture.appear(store)
      // A list created elsewhere appears in the page's list chooser.
      let shopping = try await fixture.service.createList(named: "Shopping")
      let lists = try await fixture.loaded(after: store.state.sequence)
      #expect(lists.lists.map(\.name) == ["Inbox", "Shopping"])
      await store.receive(\.loaded, lists) { $0.apply(lists) }
      #expect(PageSnapshot(store.state).chrome.lists.map(\.name) == ["Inbox", "Shopping"])
      // An open todo written to a list the page does not show changes only its count in the
      // sidebar; a done one changes nothing it shows: nothing arrives (the next `send` would
      // report an unexpected `.loaded`).
      let milk = try await fixture.service.createTodo(NewTodo(title: "Milk", listID: shopping.id))
      let counted = try await fixture.loaded { $0.openCounts[shopping.id] == 1 }
      await store.receive(\.loaded, counted) { $0.apply(counted) }
      _ = try await fixture.service.createTodo(
        NewTodo(title: "Bread", listID: shopping.id, status: .done))

      await store.send(.chooseList(shopping.id)) { $0.listID = shopping.id }
      let shown = try await fixture.loaded(shopping.id)
      #expect(shown.todos.map(\.title) == ["Milk", "Bread"])
      await store.receive(\.loaded, shown) { $0.apply(shown) }
      #expect(PageSnapshot(store.state).chrome.completedCount == 1)

      // The Inbox's todos are no longer this page's: a commit there changes only its count.
      _ = try await fixture.service.createTodo(NewTodo(title: "Elsewhere"))
      let elsewhere = try await fixture.loaded(shopping.id) {
        $0.openCounts[TodoList.inboxID] == 2
      }
      #expect(elsewhere.todos == shown.todos)
      await store.receive(\.loaded, elsewhere) { $0.apply(elsewhere) }

      // "Clear completed" asks first, with the count; Cancel changes nothing.
      var before = store.state
      await store.send(.clearCompleted) { $0.confirmClear = true }
      #expect(sent(before, store.state).chrome?.confirmClear == 1)
      await store.send(.cancelClear) { $0.confirmClear = false }
      #expect(try await fixture.service.trash().todos.isEmpty)

      await store.send(.clearCompleted) { $0.confirmClear = true }
      before = store.state
      await store.send(.confirmClear) { $0.confirmClear = false }
      let cleared = try await fixture.loaded(shopping.id) { $0.todos == [milk] }
      #expect(cleared.sequence > before.sequence)
      let bread = try #require(try await fixture.service.trash().todos.first)
      #expect(bread.title == "Bread")
      await fixture.receive(store, cleared, and: .trashed([bread])) {
        $0.apply(cleared)
        $0.undo = [bread]
      }
      var changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemDeleted).count == 1)
      #expect(changes.chrome?.completedCount == 0)
      #expect(changes.chrome?.toast == "Deleted \u{201C}Bread\u{201D}")
      // Nothing is done any more: a second "Clear completed" does not ask.
      await store.send(.clearCompleted)

      // Undo brings the cleared todos back, in one transaction.
      before = store.state
      await store.send(.undo) { $0.undo = [] }
      let restored = try await fixture.loaded(shopping.id) { $0.todos.count == 2 }
      await store.receive(\.loaded, restored) { $0.apply(restored) }
      changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemInserted).count == 1)
      #expect(changes.chrome?.completedCount == 1)
      #expect(try await fixture.service.trash().todos.isEmpty)

      await store.send(.chooseList(UUID())) { $0.problem = "That list no longer exists." }
      await fixture.disappear(store) { $0.problem = nil }
    }
  }
}

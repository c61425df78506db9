import Composable
import Foundation
import Testing

@testable import TodoCore

/// Priorities and tags on the live page: the rows' flags and chips, sorting by priority, the
/// quick entry, the search's `#tag` and the edit sheet.
@Suite("Priority and tags on the page")
struct PriorityAndTagsPageTests {
  static func ids(_ store: TestStore<LivePage.State, LivePage.Action>) -> [String] {
    PageSnapshot(store.state).items.itemIdentifiers
  }

  @Test("rows carry the flag and the chips; priority order puts P1 first and none last")
  func sorting() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let none = try await service.createTodo(NewTodo(title: "None"))
      let later = try await service.createTodo(
        NewTodo(title: "P2 later", deadline: try Deadline(parsing: "2026-01-05"), priority: .p2))
      let urgent = try await service.createTodo(NewTodo(title: "P1", priority: .p1))
      let sooner = try await service.createTodo(
        NewTodo(title: "P2 sooner", deadline: try Deadline(parsing: "2026-01-03"), priority: .p2))
      let low = try await service.createTodo(
        NewTodo(title: "P4", priority: .p4, tags: ["work", "Q3"]))
      let store = try await LivePageSmartViewTests.open(fixture)

      let page = PageSnapshot(store.state)
      #expect(page.cells[urgent.id.uuidString]?.priority == 1)
      #expect(page.cells[low.id.uuidString]?.priority == 4)
      #expect(page.cells[low.id.uuidString]?.tags == ["work", "Q3"])
      #expect(page.cells[none.id.uuidString]?.priority == nil)
      #expect(page.cells[none.id.uuidString]?.tags == nil)
      let user = [none, later, urgent, sooner, low].map(\.id.uuidString)
      #expect(Self.ids(store) == user)

      await store.send(.list(.sortByPriority(true))) { $0.list.sortByPriority = true }
      #expect(Self.ids(store) == [urgent, later, sooner, low, none].map(\.id.uuidString))
      #expect(PageSnapshot(store.state).chrome.sortByPriority)
      // Both: by priority, then by deadline.
      await store.send(.list(.sortByDeadline(true))) { $0.list.sortByDeadline = true }
      #expect(Self.ids(store) == [urgent, sooner, later, low, none].map(\.id.uuidString))
      await store.send(.list(.sortByPriority(false))) { $0.list.sortByPriority = false }
      #expect(Self.ids(store) == [sooner, later, none, urgent, low].map(\.id.uuidString))
      await store.send(.list(.sortByDeadline(false))) { $0.list.sortByDeadline = false }
      #expect(Self.ids(store) == user)
      await fixture.disappear(store)
    }
  }

  @Test("the new-todo field takes #tags and !1; the search's #tag shows only the todos with it")
  func quickEntryAndSearch() async throws {
    try await LivePageFixture.with { fixture in
      let report = try await fixture.service.createTodo(
        NewTodo(title: "Report", notes: "for work", tags: ["work"]))
      _ = try await fixture.service.createTodo(NewTodo(title: "Workshop", tags: ["workshop"]))
      let store = try await LivePageSmartViewTests.open(fixture)

      // While typing, the page says what the text adds; the date chip is the date's alone.
      let typed = "Buy milk #errands tomorrow !1"
      await store.send(.list(.typeNew(typed))) {
        $0.list.newEntry = QuickEntry(
          parsing: typed, now: LivePageFixture.now, calendar: .utcGregorian)
      }
      var chrome = PageSnapshot(store.state).chrome
      #expect(chrome.quickMarks == "P1 #errands")
      #expect(chrome.quickDeadline != nil && chrome.quickPhrase == "tomorrow")
      await store.send(.list(.dismissQuickDeadline)) { $0.list.quickDismissed = true }
      chrome = PageSnapshot(store.state).chrome
      #expect(chrome.quickDeadline == nil && chrome.quickMarks == "P1 #errands")
      await store.send(.list(.typeNew("Plain"))) {
        $0.list.newEntry = nil
        $0.list.quickDismissed = false
      }
      #expect(PageSnapshot(store.state).chrome.quickMarks == nil)
      let undated = "Call the bank #money"
      await store.send(.list(.typeNew(undated))) {
        $0.list.newEntry = QuickEntry(
          parsing: undated, now: LivePageFixture.now, calendar: .utcGregorian)
      }
      #expect(PageSnapshot(store.state).chrome.quickMarks == "#money")
      #expect(PageSnapshot(store.state).chrome.quickDeadline == nil)
      await store.send(.list(.dismissQuickDeadline))

      await store.send(.list(.add("Buy milk #errands tomorrow !1"))) { $0.list.newEntry = nil }
      let added = try await fixture.loaded { $0.todos.contains { $0.title == "Buy milk" } }
      await store.receive(\.loaded, added) { $0.apply(added) }
      let milk = try #require(added.todos.first { $0.title == "Buy milk" })
      #expect(milk.priority == .p1 && milk.tagNames == ["errands"])
      #expect(milk.deadline == (try Deadline(parsing: "2026-01-02")))

      await store.send(.search(.setText("#work"))) { $0.search.text = "#work" }
      #expect(Self.ids(store) == [report.id.uuidString])
      await store.send(.search(.setText("#WORK for"))) { $0.search.text = "#WORK for" }
      #expect(Self.ids(store) == [report.id.uuidString])
      await store.send(.search(.setText("#work milk"))) { $0.search.text = "#work milk" }
      #expect(Self.ids(store).isEmpty)
      #expect(PageSnapshot(store.state).chrome.emptyText == "Nothing matches “#work milk”.")
      await fixture.disappear(store)
    }
  }

  @Test("the sheet edits the priority and the tags, and shows them in their changes")
  func sheet() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk", tags: ["dairy"]))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await store.send(.beginEdit(todo.id)) { $0.sheet = TodoEditor.State(todoID: todo.id) }
      await store.receive(.sheet(.begin))
      await store.receive(.sheet(.began(todo))) {
        $0.sheet?.phase = .editing
        $0.sheet?.original = todo
        $0.sheet?.title = todo.title
        $0.sheet?.tags = "dairy"
      }
      let sheet = try #require(rendered(store.state, at: \.editor).chrome.editor)
      #expect(sheet.tags == "dairy" && sheet.priority == "")

      let fields = PageEditor.Fields(title: "Milk", priority: "2", tags: "#dairy shop")
      await store.send(.saveEdit(fields))
      await store.receive(.sheet(.setFields(fields))) {
        $0.sheet?.priority = "2"
        $0.sheet?.tags = "#dairy shop"
      }
      await store.receive(.sheet(.save)) { $0.sheet?.phase = .saving }
      var saved = todo
      saved.priority = .p2
      saved.tagNames = ["dairy", "shop"]
      saved.version = todo.version.next
      saved.updatedAt = LivePageFixture.now
      await store.receive(.sheet(.saved(saved))) { $0.sheet = nil }
      #expect(try await fixture.service.todo(id: todo.id) == saved)

      // Opened again, the sheet shows them, and a conflict would list them as people read them.
      await store.send(.beginEdit(todo.id)) { $0.sheet = TodoEditor.State(todoID: todo.id) }
      await store.receive(.sheet(.begin))
      await store.receive(.sheet(.began(saved))) {
        $0.sheet?.phase = .editing
        $0.sheet?.original = saved
        $0.sheet?.title = saved.title
        $0.sheet?.priority = "2"
        $0.sheet?.tags = "dairy shop"
      }
      #expect(
        LiveChrome.EditorForm.shown(saved).suffix(2).map(\.value) == ["P2", "#dairy #shop"])
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }
      await store.finish()
    }
  }
}

import Composable
import Foundation
import Testing

@testable import TodoCore

/// Subtasks on the page's list: the outline, Tab and Shift-Tab, a drop onto a row, collapse,
/// a parent's progress, and the question when a parent with open subtasks is marked done.
@Suite("PageList: subtasks")
struct PageListSubtaskTests {
  typealias Store = TestStore<PageList.State, PageList.Action>

  /// The rows as `level title (progress)`, and whether a parent is expanded (`+`, `-`).
  static func rows(_ state: PageList.State) -> [String] {
    let page = rendered(state, at: \.list)
    return page.items.itemIdentifiers.map { id in
      let cell = page.cells[id]!
      let disclosure = cell.expanded.map { $0 ? "-" : "+" } ?? " "
      let progress = cell.progress.map { " (\($0))" } ?? ""
      return "\(cell.level)\(disclosure)\(cell.title)\(progress)"
    }
  }

  @Test("indent, outdent and nest write through the store; the outline shows levels and progress")
  func nesting() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let trip = try await service.createTodo(NewTodo(title: "Trip"))
      let pack = try await service.createTodo(NewTodo(title: "Pack"))
      let book = try await service.createTodo(NewTodo(title: "Book", status: .done))
      var store = try await fixture.feature(PageList(), PageList.Local())
      #expect(Self.rows(store.state) == ["0 Trip", "0 Pack", "0 Book"])

      await store.send(.indent(pack.id))
      var loaded = try await fixture.loaded(after: store.state.data.sequence)
      store = await PageListTests.after(loaded, store, fixture)
      #expect(Self.rows(store.state) == ["0-Trip (0/1)", "1 Pack", "0 Book"])

      await store.send(.nest(book.id, pack.id))
      loaded = try await fixture.loaded(after: loaded.sequence)
      store = await PageListTests.after(loaded, store, fixture)
      #expect(Self.rows(store.state) == ["0-Trip (0/1)", "1-Pack (1/1)", "2 Book"])
      // Only the open ones: the parent keeps its progress over all its subtasks.
      await store.send(.chooseFilter(.active)) { $0.filter = .active }
      #expect(Self.rows(store.state) == ["0-Trip (0/1)", "1 Pack (1/1)"])
      await store.send(.chooseFilter(.all)) { $0.filter = .all }

      // Collapsed, a parent hides its subtree.
      await store.send(.setExpanded(trip.id.uuidString, false)) {
        $0.collapsed = [trip.id.uuidString]
      }
      #expect(Self.rows(store.state) == ["0+Trip (0/1)"])
      await store.send(.setExpanded(trip.id.uuidString, true)) { $0.collapsed = [] }

      await store.send(.outdent(pack.id))
      // The value with the outdent: folding and unfolding wrote the person's collapsed groups,
      // commits that may reach the page before the outdent's.
      loaded = try await fixture.loaded {
        $0.todos.contains { $0.id == pack.id && $0.parentID == nil }
      }
      store = await PageListTests.after(loaded, store, fixture)
      #expect(Self.rows(store.state) == ["0 Trip", "0-Pack (1/1)", "1 Book"])

      // A refusal is the page's problem: nothing above it at its level.
      await store.send(.indent(trip.id))
      await store.receive(\.failed) {
        $0.problem = "parentID: there is no todo above it at its level to nest it under"
      }
      await store.finish()
    }
  }

  @Test("marking a parent with open subtasks done asks: complete them all, or keep them open")
  func completing() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let trip = try await service.createTodo(NewTodo(title: "Trip"))
      let pack = try await service.createTodo(NewTodo(title: "Pack", parentID: trip.id))
      let socks = try await service.createTodo(NewTodo(title: "Socks", parentID: pack.id))
      var store = try await fixture.feature(PageList(), PageList.Local())

      await store.send(.toggle(trip.id)) { $0.confirmComplete = trip.id }
      #expect(
        rendered(store.state, at: \.list).chrome.confirmComplete
          == LiveChrome.ConfirmComplete(id: trip.id.uuidString, title: "Trip", open: 2))
      await store.send(.cancelComplete) { $0.confirmComplete = nil }
      #expect(try await service.todo(id: trip.id).status == .notStarted)

      await store.send(.setStatus(trip.id, .done)) { $0.confirmComplete = trip.id }
      await store.send(.completeSubtasks(false)) { $0.confirmComplete = nil }
      var loaded = try await fixture.loaded(after: store.state.data.sequence)
      store = await PageListTests.after(loaded, store, fixture)
      #expect(try await service.todo(id: trip.id).status == .done)
      #expect(try await service.todo(id: pack.id).status == .notStarted)

      // Done already: a parent reopened and done again asks again; this time all of them.
      await store.send(.toggle(trip.id))
      loaded = try await fixture.loaded(after: loaded.sequence)
      store = await PageListTests.after(loaded, store, fixture)
      await store.send(.toggle(trip.id)) { $0.confirmComplete = trip.id }
      await store.send(.completeSubtasks(true)) { $0.confirmComplete = nil }
      loaded = try await fixture.loaded(after: loaded.sequence)
      #expect(loaded.todos.allSatisfy { $0.status == .done })
      _ = socks
      await store.finish()
    }
  }

  @Test("clearing completed says how many open subtasks go to the trash with their parents")
  func clearing() async throws {
    try await LivePageFixture.with { fixture in
      let trip = try await fixture.service.createTodo(NewTodo(title: "Trip", status: .done))
      _ = try await fixture.service.createTodo(NewTodo(title: "Pack", parentID: trip.id))
      _ = try await fixture.service.createTodo(
        NewTodo(title: "Book", status: .done, parentID: trip.id))
      let store = try await fixture.feature(PageTrash(), PageTrash.Local())
      await store.send(.clearCompleted) { $0.confirmClear = true }
      let chrome = rendered(store.state, at: \.trash).chrome
      #expect(chrome.confirmClear == 2 && chrome.confirmClearSubtasks == 1)
      await store.send(.cancelClear) { $0.confirmClear = false }
      await store.finish()
    }
  }

  @Test("in sections, subtasks stay under their parent, in the section of the top of their tree")
  func sections() async throws {
    try await LivePageFixture.with { fixture in
      let tent = try await fixture.service.createTodo(NewTodo(title: "Tent", section: "Gear"))
      _ = try await fixture.service.createTodo(NewTodo(title: "Milk", section: "Food"))
      _ = try await fixture.service.createTodo(
        NewTodo(title: "Pegs", section: "Food", parentID: tent.id))
      let store = try await fixture.feature(PageList(), PageList.Local())
      await store.send(.chooseLayout(.sectioned)) { $0.layout = .sectioned }
      let page = rendered(store.state, at: \.list)
      #expect(page.items.sectionIdentifiers == ["section:Gear", "section:Food"])
      #expect(Self.rows(store.state) == ["0-Tent (0/1)", "1 Pegs", "0 Milk"])
      #expect(
        try page.items.itemIdentifiers(inSection: "section:Gear").count == 2)
      await store.finish()
    }
  }
}

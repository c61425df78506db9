import Composable
import Foundation
import Testing

@testable import TodoCore

extension PageListTests {
  @Test("filters show all, active or completed todos")
  func filters() async throws {
    try await LivePageFixture.with { fixture in
      _ = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      _ = try await fixture.service.createTodo(NewTodo(title: "Bread", notes: "whole MILK"))
      let eggs = try await fixture.service.createTodo(NewTodo(title: "Eggs", status: .done))
      let store = try await fixture.feature(PageList(), PageList.Local())
      let before = store.state
      await store.send(.chooseFilter(.active)) { $0.filter = .active }
      let changes = sent(before, store.state, at: \.list)
      #expect(changes.stages.flatMap(\.itemDeleted) == [item(0, 2, eggs.id)])
      #expect(changes.chrome?.filter == .active)
      await store.send(.chooseFilter(.completed)) { $0.filter = .completed }
      #expect(rendered(store.state, at: \.list).items.itemIdentifiers == [eggs.id.uuidString])
      #expect(rendered(store.state, at: \.list).chrome.counter == "2 items left")
      await store.send(.chooseFilter(.all)) { $0.filter = .all }
    }
  }

  @Test("the outline groups todos under Undone and Done, which expand and collapse")
  func outline() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let b = try await fixture.service.createTodo(NewTodo(title: "B", status: .done))
      let store = try await fixture.feature(PageList(), PageList.Local())
      var before = store.state
      await store.send(.chooseLayout(.outline)) { $0.layout = .outline }
      let page = rendered(store.state, at: \.list)
      #expect(
        page.items.itemIdentifiers == [
          PageSnapshot.undoneGroup, a.id.uuidString, PageSnapshot.doneGroup, b.id.uuidString,
        ])
      #expect(
        page.cells[PageSnapshot.doneGroup]
          == LiveCell(kind: .group, title: "Done", detail: "1", expanded: true))
      #expect(page.cells[a.id.uuidString]?.level == 1)
      #expect(
        sent(before, store.state, at: \.list).stages.flatMap(\.sectionInserted).map(\.id) == [
          "outline"
        ])

      before = store.state
      await store.send(.setExpanded(PageSnapshot.doneGroup, false)) {
        $0.collapsed = [PageSnapshot.doneGroup]
      }
      let changes = sent(before, store.state, at: \.list)
      #expect(changes.stages.flatMap(\.itemDeleted) == [item(0, 3, b.id)])
      #expect(changes.stages.flatMap(\.itemUpdated).map(\.id) == [PageSnapshot.doneGroup])
      // Remembered for the person's next pages.
      await store.finish()
      #expect(try await fixture.service.collapsedGroups() == [PageSnapshot.doneGroup])
      await store.send(.setExpanded(PageSnapshot.doneGroup, true)) { $0.collapsed = [] }
      await store.finish()
      #expect(try await fixture.service.collapsedGroups() == [])
      // Anything else is no group to collapse.
      await store.send(.setExpanded("<script>", false))
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
      let store = try await fixture.feature(PageList(), PageList.Local())
      await store.send(.chooseLayout(.sectioned)) { $0.layout = .sectioned }
      var page = rendered(store.state, at: \.list)
      #expect(page.items.sectionIdentifiers == ["section:Fruit", "section:Meat"])
      #expect(page.headers == ["section:Fruit": "Fruit", "section:Meat": "Meat"])
      #expect(page.items.itemIdentifiers == [apples, pears, steak].map(\.id.uuidString))
      // On 1 January 2026, a deadline later that year reads as its day and month.
      #expect(page.cells[pears.id.uuidString]?.detail == "1 Mar")
      #expect(page.cells[apples.id.uuidString]?.detail == "2 Mar")

      await store.send(.chooseLayout(.plain)) { $0.layout = .plain }
      let before = store.state
      await store.send(.sortByDeadline(true)) { $0.sortByDeadline = true }
      page = rendered(store.state, at: \.list)
      #expect(page.items.itemIdentifiers == [pears, apples, steak].map(\.id.uuidString))
      #expect(sent(before, store.state, at: \.list).stages.flatMap(\.itemMoved).count == 1)
      await store.send(.sortByDeadline(false)) { $0.sortByDeadline = false }
    }
  }
}

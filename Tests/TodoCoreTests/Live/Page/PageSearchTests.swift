import Composable
import Foundation
import Testing

@testable import TodoCore

/// The search field (``PageSearch``) and what the page shows for it.
@Suite("PageSearch: filtering as you type")
struct PageSearchTests {
  @Test("search filters as you type, over titles and notes; no match says so")
  func search() async throws {
    try await LivePageFixture.with { fixture in
      let milk = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let bread = try await fixture.service.createTodo(NewTodo(title: "Bread", notes: "whole MILK"))
      let eggs = try await fixture.service.createTodo(NewTodo(title: "Eggs", status: .done))
      let store = try await fixture.feature(PageSearch(), PageSearch.Local())

      let before = store.state
      await store.send(.setText("milk")) { $0.text = "milk" }
      let changes = sent(before, store.state, at: \.search)
      #expect(changes.stages.flatMap(\.itemDeleted) == [item(0, 2, eggs.id)])
      #expect(changes.chrome?.search == "milk")
      #expect(
        rendered(store.state, at: \.search).items.itemIdentifiers
          == [milk, bread].map(\.id.uuidString))
      #expect(changes.chrome?.emptyText == nil)
      await store.send(.setText(" milkshake ")) { $0.text = " milkshake " }
      #expect(rendered(store.state, at: \.search).items.itemIdentifiers.isEmpty)
      #expect(
        rendered(store.state, at: \.search).chrome.emptyText
          == "Nothing matches \u{201C}milkshake\u{201D}.")
      await store.send(.setText("")) { $0.text = "" }
      #expect(rendered(store.state, at: \.search).chrome.emptyText == nil)
    }
  }

  @Test("a search event with a control character is refused and the filter kept")
  func refused() async throws {
    try await LivePageFixture.with { fixture in
      let store = try await fixture.feature(PageSearch(), PageSearch.Local())
      await store.send(.setText("milk")) { $0.text = "milk" }
      let event = try LivePageFixture.action(#"{"v":1,"type":"search","text":"mi\u0001"}"#)
      await store.send(try #require(event[case: \.search])) {
        $0.problem = "text: contains the control character U+0001 at position 3; remove it"
      }
      #expect(store.state.text == "milk")
    }
  }
}

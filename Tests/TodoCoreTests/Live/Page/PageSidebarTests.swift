import Composable
import Foundation
import Testing

@testable import TodoCore

/// The sidebar (``PageSidebar``) on a real store: choosing, creating, renaming and moving
/// lists.
@Suite("PageSidebar: lists and smart views")
struct PageSidebarTests {
  @Test("choosing a list or a view asks the page to show it; an unknown list is refused")
  func choose() async throws {
    try await LivePageFixture.with { fixture in
      let errands = try await fixture.service.createList(named: "Errands")
      let store = try await fixture.feature(PageSidebar(), PageSidebar.Local())
      await store.send(.chooseList(errands.id))
      await store.receive(.delegate(.showList(errands.id)))
      await store.send(.chooseView(.upcoming))
      await store.receive(.delegate(.showView(.upcoming)))
      await store.send(.chooseList(UUID())) { $0.problem = "That list no longer exists." }
    }
  }

  @Test("a list is created and shown, and renamed; empty or unprintable names are refused")
  func createAndRename() async throws {
    try await LivePageFixture.with { fixture in
      var store = try await fixture.feature(PageSidebar(), PageSidebar.Local())
      await store.send(.createList("  "))
      await store.send(.createList("Bad\u{7}")) {
        $0.problem = "name: contains the control character U+0007 at position 4; remove it"
      }

      let before = store.state
      await store.send(.createList("Groceries"))
      let inboxAfter = try await fixture.loaded(after: before.data.sequence)
      let groceries = try #require(inboxAfter.lists.first { $0.name == "Groceries" })
      await store.receive(.delegate(.showList(groceries.id)))
      #expect(
        PageSnapshot(LivePage.State(store.state.after(inboxAfter))).chrome.lists.map(\.name) == [
          "Inbox", "Groceries",
        ])

      await store.finish()
      store = fixture.feature(PageSidebar(), store.state.after(inboxAfter))
      await store.send(.renameList(groceries.id, "Food"))
      let renamed = try await fixture.loaded(after: inboxAfter.sequence)
      #expect(
        PageSnapshot(LivePage.State(store.state.after(renamed))).chrome.lists.map(\.name) == [
          "Inbox", "Food",
        ])
      await store.send(.renameList(groceries.id, "Fo\u{0}od")) {
        $0.problem = "name: contains the control character U+0000 at position 3; remove it"
      }
      await store.send(.renameList(UUID(), "Food")) { $0.problem = "That list no longer exists." }
      await store.finish()
    }
  }

  @Test("a list moved in the sidebar moves in the store, and the page shows the new order")
  func moveList() async throws {
    try await LivePageFixture.with { fixture in
      let first = try await fixture.service.createList(named: "First")
      let second = try await fixture.service.createList(named: "Second")
      let store = try await fixture.feature(PageSidebar(), PageSidebar.Local())
      #expect(
        PageSnapshot(LivePage.State(store.state)).chrome.lists.map(\.name) == [
          "Inbox", "First", "Second",
        ])
      let before = store.state
      await store.send(.moveList(second.id, .before(first.id)))
      let moved = try await fixture.loaded(after: before.data.sequence)
      #expect(
        PageSnapshot(LivePage.State(store.state.after(moved))).chrome.lists.map(\.name) == [
          "Inbox", "Second", "First",
        ])
      #expect(try await fixture.service.lists().map(\.name) == ["Inbox", "Second", "First"])
      // A list the page does not know is refused, and nothing moves.
      await store.send(.moveList(UUID(), .after(first.id))) {
        $0.problem = "That list no longer exists."
      }
      await store.finish()
    }
  }
}

import Foundation
import Testing

@testable import TodoCore

@Suite("PageRenderer: pages showing the same data share one rendering and one diff")
struct PageRendererTests {
  static let now = Date(timeIntervalSince1970: 1_767_225_600)

  static func state(_ todos: [Todo], sequence: UInt64) throws -> LivePage.State {
    var state = LivePage.State()
    state.loaded = true
    state.lists = [
      TodoList(
        id: TodoList.inboxID, name: "Inbox", order: try .between(nil, nil), createdAt: now,
        updatedAt: now)
    ]
    state.todos = todos
    state.now = now
    state.sequence = sequence
    return state
  }

  static func todo(_ title: String, status: TodoStatus = .notStarted) throws -> Todo {
    Todo(
      listID: TodoList.inboxID, title: title, status: status, order: try .between(nil, nil),
      createdAt: now, updatedAt: now)
  }

  @Test("the shared message is byte for byte the message of the whole page's diff")
  func encodedChangesMatch() throws {
    let renderer = PageRenderer()
    let milk = try Self.todo("Milk")
    let eggs = try Self.todo("Eggs \"large\" / <b>")
    var done = milk
    done.status = .done
    let before = try Self.state([milk], sequence: 1)
    let after = try Self.state([done, eggs], sequence: 2)
    var problem = after
    problem.problem = "That todo no longer exists."
    for (old, new) in [(before, after), (before, problem), (after, problem)] {
      let shown = renderer.render(old)
      let next = renderer.render(new)
      #expect(shown.page == PageSnapshot(old))
      #expect(next.page == PageSnapshot(new))
      let expected = LiveChanges(from: PageSnapshot(old), to: PageSnapshot(new), revision: 7)
      #expect(renderer.changes(from: shown, to: next, revision: 7) == expected)
      let bytes = try renderer.encodedChanges(from: shown, to: next, revision: 7)
      #expect(bytes == (expected.isEmpty ? nil : try LiveMessage.changes(expected).encoded()))
    }
    // Nothing changed: no message.
    let same = renderer.render(after)
    #expect(try renderer.encodedChanges(from: same, to: renderer.render(after), revision: 8) == nil)
  }

  @Test("pages that have not loaded, or whose data has no sequence, are rendered on their own")
  func unshareable() throws {
    let renderer = PageRenderer()
    let loading = LivePage.State()
    let unsequenced = try Self.state([try Self.todo("Milk")], sequence: 0)
    let first = renderer.render(loading)
    let second = renderer.render(unsequenced)
    #expect(second.page == PageSnapshot(unsequenced))
    let expected = LiveChanges(
      from: PageSnapshot(loading), to: PageSnapshot(unsequenced), revision: 2)
    #expect(
      try renderer.encodedChanges(from: first, to: second, revision: 2)
        == LiveMessage.changes(expected).encoded())
  }
}

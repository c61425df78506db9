import Foundation
import Persistence
import Testing

@testable import TodoCore

/// A query's pages (a saved filter, a tag) diffed from the todos that differ.
@Suite("Live: a query's changes from the todos that differ")
struct QueryChangesTests {
  static let now = PageRendererTests.now

  static func lists() throws -> [TodoList] {
    var order = try OrderKey.between(nil, nil)
    return try ["Inbox", "Work", "Home"].map { name in
      order = try OrderKey.between(order, nil)
      return TodoList(
        id: name == "Inbox" ? TodoList.inboxID : UUID(), name: name, order: order,
        createdAt: now, updatedAt: now)
    }
  }

  static func state(
    _ todos: [Todo], lists: [TodoList], sequence: UInt64, rows: Int?
  ) -> LivePage.State {
    var state = LivePage.State()
    state.data.loaded = true
    state.data.lists = lists
    state.data.todosListID = TodoList.inboxID
    state.data.now = now
    state.data.sequence = ChangeSequence(rawValue: 1)
    state.data.query = PageQuery(text: "#work")
    // In list order, as the views' observation delivers them.
    let rank = Dictionary(uniqueKeysWithValues: lists.enumerated().map { ($1.id, $0) })
    state.data.queryTodos = todos.enumerated().sorted {
      (rank[$0.element.listID]!, $0.offset) < (rank[$1.element.listID]!, $1.offset)
    }.map(\.element)
    state.data.querySequence = ChangeSequence(rawValue: sequence)
    state.list.rows = rows
    return state
  }

  @Test(
    "a client applying the messages has the server's query after every commit",
    arguments: [nil, 300] as [Int?])
  func replicaFollows(_ rows: Int?) async throws {
    var random = SystemRandomNumberGenerator()
    let lists = try Self.lists()
    let renderer = PageRenderer()
    func todo(_ title: String) throws -> Todo {
      var todo = try PageRendererTests.todo(title)
      todo.listID = lists.randomElement(using: &random)!.id
      return todo
    }
    var todos = try (0..<30).map { try todo("todo \($0)") }
    var shown = await renderer.render(Self.state(todos, lists: lists, sequence: 1, rows: rows))
    var replica = PageReplica()
    _ = try replica.apply(try LiveMessage.snapshot(revision: 1, shown.page).encoded())
    var incremental = 0
    for round in 2..<150 {
      switch Int.random(in: 0..<6, using: &random) {
      case 0: todos.append(try todo("new \(round)"))
      case 1: todos.insert(try todo("first \(round)"), at: 0)
      case 2 where !todos.isEmpty: todos.remove(at: Int.random(in: 0..<todos.count, using: &random))
      case 3 where !todos.isEmpty:
        todos[Int.random(in: 0..<todos.count, using: &random)].title = "edited \(round)"
      case 4 where !todos.isEmpty:
        todos[Int.random(in: 0..<todos.count, using: &random)].listID =
          lists.randomElement(using: &random)!.id
      default:
        let index = Int.random(in: 0..<todos.count, using: &random)
        todos[index].status = todos[index].status == .done ? .notStarted : .done
      }
      let state = Self.state(todos, lists: lists, sequence: UInt64(round), rows: rows)
      let next = await renderer.render(state)
      if ListPart.incrementalQueryChanges(from: shown.list, to: next.list) != nil {
        incremental += 1
      }
      if let message = try await renderer.encodedChanges(from: shown, to: next, revision: round) {
        _ = try replica.apply(message.bytes)
      } else {
        _ = try replica.apply(try LiveMessage.snapshot(revision: round, next.page).encoded())
      }
      shown = next
      var expected = PageSnapshot(listOnly: state)
      expected.chrome = next.chrome
      #expect(replica.page == expected, "round \(round)")
    }
    // Most commits are diffed from the todos that differ.
    #expect(incremental > 100)
  }
}

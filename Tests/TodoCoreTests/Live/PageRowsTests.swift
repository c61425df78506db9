import Foundation
import Persistence
import Testing

@testable import TodoCore

/// A page that holds only the first rows of a long list: what it is sent, and that a client
/// applying the messages always has the server's first rows and counts.
@Suite("Live: a page holding a long list's first rows")
struct PageRowsTests {
  static func state(
    _ todos: [Todo], sequence: ChangeSequence, rows: Int?,
    layout: PageList.Layout = .plain, filter: PageList.Filter = .all
  ) throws -> LivePage.State {
    var state = try PageRendererTests.state(todos, sequence: sequence)
    state.list.rows = rows
    state.list.layout = layout
    state.list.filter = filter
    return state
  }

  static func todos(_ count: Int, section: (Int) -> String? = { _ in nil }) throws -> [Todo] {
    var order = try OrderKey.between(nil, nil)
    return try (0..<count).map { index in
      order = try OrderKey.between(order, nil)
      var todo = try PageRendererTests.todo("todo \(index)")
      todo.order = order
      todo.section = section(index)
      return todo
    }
  }

  @Test("the snapshot holds the first rows, their cells and each section's count")
  func snapshotHoldsTheFirstRows() throws {
    let todos = try Self.todos(10)
    let page = PageSnapshot(try Self.state(todos, sequence: 1, rows: 3))
    #expect(page.items.sections.map(\.items) == [todos.prefix(3).map(\.id.text)])
    #expect(Set(page.cells.keys) == Set(todos.prefix(3).map(\.id.text)))
    #expect(page.counts == [10])
    // Without rows, every row and no counts.
    let whole = PageSnapshot(try Self.state(todos, sequence: 1, rows: nil))
    #expect(whole.items.numberOfItems == 10)
    #expect(whole.counts == nil)
    // The first rows of a filtered list are those it shows.
    var mixed = todos
    for index in [0, 2, 4] { mixed[index].status = .done }
    let active = PageSnapshot(try Self.state(mixed, sequence: 1, rows: 2, filter: .active))
    #expect(active.items.sections.map(\.items) == [[mixed[1].id.text, mixed[3].id.text]])
    #expect(active.counts == [7])
  }

  @Test("in sections, the first rows run across them; the sections after stay, empty")
  func sectionsClipInDisplayOrder() throws {
    let todos = try Self.todos(9) { ["A", "B", "C"][$0 / 3] }
    let page = PageSnapshot(try Self.state(todos, sequence: 1, rows: 4, layout: .sectioned))
    let whole = PageSnapshot(try Self.state(todos, sequence: 1, rows: nil, layout: .sectioned))
    #expect(page.items.sections.map(\.identifier) == whole.items.sections.map(\.identifier))
    #expect(page.items.sections.map(\.items.count) == [3, 1, 0])
    #expect(page.counts == [3, 3, 3])
    #expect(page.headers == whole.headers)
    #expect(page == whole.clipped(toRows: 4))
  }

  @Test("a todo added below the rows held reaches the page as the counts alone")
  func changeBelowIsACount() async throws {
    let renderer = PageRenderer()
    let todos = try Self.todos(50)
    let added = todos + [try PageRendererTests.todo("new")]
    let old = await renderer.render(try Self.state(todos, sequence: 1, rows: 20))
    let new = await renderer.render(try Self.state(added, sequence: 2, rows: 20))
    let message = try #require(try await renderer.encodedChanges(from: old, to: new, revision: 2))
    guard case .changes(let changes) = try LiveMessage(json: message.bytes) else {
      Issue.record("not a changes message")
      return
    }
    #expect(changes.stages.isEmpty)
    #expect(changes.cells.isEmpty)
    #expect(changes.counts == [51])
    // The same commit on a page holding every row sends the row.
    let wholeOld = await renderer.render(try Self.state(todos, sequence: 1, rows: nil))
    let wholeNew = await renderer.render(try Self.state(added, sequence: 2, rows: nil))
    let whole = try #require(
      try await renderer.encodedChanges(from: wholeOld, to: wholeNew, revision: 2))
    guard case .changes(let wholeChanges) = try LiveMessage(json: whole.bytes) else {
      Issue.record("not a changes message")
      return
    }
    #expect(wholeChanges.cells.count == 1)
    #expect(wholeChanges.counts == nil)
    #expect(whole.bytes.count > message.bytes.count)
  }

  @Test(
    "a client applying the messages has the server's first rows and counts after every commit",
    arguments: [PageList.Layout.plain, .sectioned])
  func replicaFollows(_ layout: PageList.Layout) async throws {
    var random = SystemRandomNumberGenerator()
    let renderer = PageRenderer()
    var todos = try Self.todos(40) { ["A", "B"][$0 % 2] }
    var rows = 10
    var state = try Self.state(todos, sequence: 1, rows: rows, layout: layout)
    var shown = await renderer.render(state)
    var replica = PageReplica()
    _ = try replica.apply(try LiveMessage.snapshot(revision: 1, shown.page).encoded())
    for round in 2..<120 {
      switch Int.random(in: 0..<7, using: &random) {
      case 0:
        var todo = try PageRendererTests.todo("new \(round)")
        todo.section = ["A", "B"].randomElement(using: &random)
        todo.order = try OrderKey.between(nil, todos.first?.order)
        todos.insert(todo, at: 0)
      case 1:
        var todo = try PageRendererTests.todo("last \(round)")
        todo.order = try OrderKey.between(todos.last?.order, nil)
        todos.append(todo)
      case 2 where !todos.isEmpty: todos.remove(at: Int.random(in: 0..<todos.count, using: &random))
      case 3 where !todos.isEmpty:
        todos[Int.random(in: 0..<todos.count, using: &random)].title = "edited \(round)"
      case 4 where todos.count > 1:
        let from = Int.random(in: 0..<todos.count, using: &random)
        var todo = todos.remove(at: from)
        let to = Int.random(in: 0...todos.count, using: &random)
        todo.order = try OrderKey.between(
          to > 0 ? todos[to - 1].order : nil, to < todos.count ? todos[to].order : nil)
        todos.insert(todo, at: to)
      case 5: rows = Int.random(in: 1...60, using: &random)
      default:
        if !todos.isEmpty { todos[Int.random(in: 0..<todos.count, using: &random)].section = "B" }
      }
      state = try Self.state(
        todos, sequence: ChangeSequence(rawValue: UInt64(round)), rows: rows, layout: layout)
      let next = await renderer.render(state)
      if let message = try await renderer.encodedChanges(from: shown, to: next, revision: round) {
        _ = try replica.apply(message.bytes)
      } else {
        _ = try replica.apply(try LiveMessage.snapshot(revision: round, next.page).encoded())
      }
      shown = next
      #expect(replica.page.items == next.page.items, "round \(round)")
      #expect(replica.page.counts == next.page.counts, "round \(round)")
      #expect(replica.page == PageSnapshot(listOnly: state).with(chrome: next.chrome))
    }
  }
}

extension PageSnapshot {
  fileprivate func with(chrome: LiveChrome) -> PageSnapshot {
    var page = self
    page.chrome = chrome
    return page
  }
}

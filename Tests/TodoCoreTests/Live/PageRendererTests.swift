import Foundation
import Testing

@testable import TodoCore

@Suite("PageRenderer: pages showing the same data share one rendering and one diff")
struct PageRendererTests {
  static let now = Date(timeIntervalSince1970: 1_767_225_600)

  static func state(_ todos: [Todo], sequence: ChangeSequence) throws -> LivePage.State {
    var state = LivePage.State()
    state.data.loaded = true
    state.data.lists = [
      TodoList(
        id: TodoList.inboxID, name: "Inbox", order: try .between(nil, nil), createdAt: now,
        updatedAt: now)
    ]
    state.data.todos = todos
    state.data.todosListID = TodoList.inboxID
    state.data.now = now
    state.data.sequence = sequence
    return state
  }

  static func todo(_ title: String, status: TodoStatus = .notStarted) throws -> Todo {
    Todo(
      listID: TodoList.inboxID, title: title, status: status, order: try .between(nil, nil),
      createdAt: now, updatedAt: now)
  }

  @Test("the message of a shared body is the message of the whole page's diff")
  func encodedChangesMatch() async throws {
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
      let shown = await renderer.render(old)
      let next = await renderer.render(new)
      #expect(shown.page == PageSnapshot(old))
      #expect(next.page == PageSnapshot(new))
      let expected = LiveChanges(from: PageSnapshot(old), to: PageSnapshot(new), revision: 7)
      #expect(await renderer.changes(from: shown, to: next, revision: 7) == expected)
      let message = try await renderer.encodedChanges(from: shown, to: next, revision: 7)
      #expect(message?.body != nil || expected.isEmpty)
      #expect(
        try message.map { try LiveMessage(json: $0.bytes) }
          == (expected.isEmpty ? nil : .changes(expected)))
    }
    // Nothing changed: no message.
    let same = await renderer.render(after)
    let again = await renderer.render(after)
    #expect(try await renderer.encodedChanges(from: same, to: again, revision: 8) == nil)
  }

  @Test("pages that have not loaded, or whose data has no sequence, are rendered on their own")
  func unshareable() async throws {
    let renderer = PageRenderer()
    let loading = LivePage.State()
    let unsequenced = try Self.state([try Self.todo("Milk")], sequence: 0)
    let first = await renderer.render(loading)
    let second = await renderer.render(unsequenced)
    #expect(second.page == PageSnapshot(unsequenced))
    let expected = LiveChanges(
      from: PageSnapshot(loading), to: PageSnapshot(unsequenced), revision: 2)
    let message = try await renderer.encodedChanges(from: first, to: second, revision: 2)
    #expect(message?.body == nil)
    #expect(message?.bytes == (try LiveMessage.changes(expected).encoded()))
  }

  @Test("many pages rendering and diffing the same views at once all get the whole result")
  func concurrentPagesShareTheWork() async throws {
    let renderer = PageRenderer()
    let todos = try (0..<300).map { try Self.todo("todo \($0)") }
    var changed = todos
    changed[150].status = .done
    let before = try Self.state(todos, sequence: 1)
    let after = try Self.state(changed, sequence: 2)
    let expected = LiveMessage.changes(
      LiveChanges(from: PageSnapshot(before), to: PageSnapshot(after), revision: 3))
    let messages = try await withThrowingTaskGroup(of: ChangesMessage?.self) { group in
      for _ in 0..<64 {
        group.addTask {
          let shown = await renderer.render(before)
          let next = await renderer.render(after)
          return try await renderer.encodedChanges(from: shown, to: next, revision: 3)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(messages.count == 64)
    #expect(try messages.allSatisfy { try $0.map { try LiveMessage(json: $0.bytes) } == expected })
    // One body for every page: sent without a copy per page.
    let bodies = Set(messages.compactMap { $0?.body.map(ObjectIdentifier.init) })
    #expect(bodies.count == 1)
  }

  /// The items of a one-section page after `stages`, applied as the browser does: deletions
  /// and move sources at their places before the stage, insertions and move targets at their
  /// places after it.
  static func apply(_ stages: [LiveChanges.Stage], to items: [String]) -> [String] {
    var items = items
    for stage in stages {
      let leaving = Set(stage.itemDeleted.map(\.element) + stage.itemMoved.map { $0.from[1] })
      items = items.enumerated().filter { !leaving.contains($0.offset) }.map(\.element)
      let arriving =
        (stage.itemInserted.map { ($0.element, $0.id) } + stage.itemMoved.map { ($0.to[1], $0.id) })
        .sorted { $0.0 < $1.0 }
      for (index, id) in arriving { items.insert(id, at: index) }
    }
    return items
  }

  @Test(
    "a commit's changes on a long list are diffed from the todos that differ, and replay",
    arguments: ["update", "append", "insert", "delete", "move", "hide", "two", "mixed"])
  func incrementalChangesReplay(_ edit: String) async throws {
    let renderer = PageRenderer()
    let todos = try (0..<60).map { try Self.todo("todo \($0)") }
    var after = todos
    switch edit {
    case "update": after[30].title = "changed"
    case "append": after.append(try Self.todo("new"))
    case "insert": after.insert(try Self.todo("new"), at: 20)
    case "delete": after.remove(at: 45)
    case "move": after.insert(after.remove(at: 5), at: 40)
    case "hide": after[12].status = .done
    case "mixed":
      after[10].title = "edited"
      after.insert(try Self.todo("new"), at: 30)
      after[50].status = .done
      after.append(try Self.todo("last"))
    default:
      after[3].title = "first"
      after[57].status = .inProgress
    }
    var old = try Self.state(todos, sequence: 1)
    var new = try Self.state(after, sequence: 2)
    if edit == "hide" {
      old.list.filter = .active
      new.list.filter = .active
    }
    let shown = await renderer.render(old)
    let next = await renderer.render(new)
    let changes = await renderer.changes(from: shown, to: next, revision: 3)
    // The renderer took the path that renders only what differs.
    let incremental = try #require(ListPart.incrementalChanges(from: shown.list, to: next.list))
    #expect(incremental.stages == changes.stages)
    let oldPage = PageSnapshot(old)
    let newPage = PageSnapshot(new)
    #expect(
      Self.apply(changes.stages, to: oldPage.items.itemIdentifiers) == newPage.items.itemIdentifiers
    )
    #expect(!changes.stages.isEmpty)
    let touched = changes.stages.flatMap { $0.itemInserted + $0.itemUpdated }.map(\.id)
    for id in touched { #expect(changes.cells[id] == newPage.cells[id]) }
    // Only what differs is in the message.
    #expect(changes.cells.count <= 4)
  }

  @Test("a page that chose another list is not rendered as that list until its todos arrive")
  func chosenListWaitsForItsTodos() async throws {
    let renderer = PageRenderer()
    let other = UUID()
    let milk = try Self.todo("Milk")
    var eggs = try Self.todo("Eggs")
    eggs.listID = other
    var inbox = try Self.state([milk], sequence: 5)
    inbox.data.lists.append(
      TodoList(
        id: other, name: "Shop", order: try .between(nil, nil), createdAt: Self.now,
        updatedAt: Self.now))
    // The person chose the other list: its todos are not there yet, nothing was committed.
    var choosing = inbox
    choosing.data.listID = other
    _ = await renderer.render(choosing)
    // Its first value arrives at the same sequence: the page shows its todos, not the Inbox's.
    var loaded = choosing
    loaded.data.todos = [eggs]
    loaded.data.todosListID = other
    let shown = await renderer.render(loaded)
    #expect(shown.page == PageSnapshot(loaded))
    #expect(shown.page.cells.values.map(\.title) == ["Eggs"])
  }

  @Test("a row's deadline label is sent again when the page's day changes, with no commit")
  func labelsFollowTheDay() async throws {
    let renderer = PageRenderer()
    var dentist = try Self.todo("Dentist")
    dentist.deadline = try Deadline(parsing: "2026-01-02T09:30")
    let milk = try Self.todo("Milk")
    var evening = try Self.state([dentist, milk], sequence: 1)
    evening.data.timeZone = TimeZone(identifier: "UTC")
    evening.data.now = Self.now - 60
    // The page's midnight: its setTimeZone read the clock again; the data is the same.
    var morning = evening
    morning.data.now = Self.now + 8 * 60 * 60
    let shown = await renderer.render(evening)
    let next = await renderer.render(morning)
    #expect(shown.page.cells[dentist.id.uuidString]?.detail == "Friday 09:30")
    #expect(next.page.cells[dentist.id.uuidString]?.detail == "Tomorrow 09:30")
    let changes = await renderer.changes(from: shown, to: next, revision: 3)
    #expect(
      changes.stages.map(\.itemUpdated) == [
        [LiveChanges.Stage.Item(section: 0, element: 0, id: dentist.id.uuidString)]
      ])
    #expect(
      changes.cells == [
        dentist.id.uuidString: LiveCell(
          title: "Dentist", detail: "Tomorrow 09:30", status: .notStarted)
      ])
    #expect(try await renderer.encodedChanges(from: shown, to: next, revision: 3) != nil)

    // The same instant in Tokyo is already 1 January, 09:00: the page's time zone decides.
    var tokyo = evening
    tokyo.data.timeZone = TimeZone(identifier: "Asia/Tokyo")
    let there = await renderer.render(tokyo)
    #expect(there.page.cells[dentist.id.uuidString]?.detail == "Tomorrow 09:30")
  }
}

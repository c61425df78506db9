import Composable
import Foundation
import Testing

@testable import TodoCore

@Suite("LivePage feature: events, snapshots and changesets")
struct LivePageTests {
  @Test("appearing loads the Inbox; the snapshot lists every todo in user order")
  func appear() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let b = try await fixture.service.createTodo(NewTodo(title: "B <img src=x onerror=alert(1)>"))
      let store = fixture.page()
      #expect(PageSnapshot(store.state).chrome.loaded == false)
      try await fixture.appear(store)
      let page = PageSnapshot(store.state)
      #expect(page.items.sectionIdentifiers == ["main"])
      #expect(page.items.itemIdentifiers == [a.id.uuidString, b.id.uuidString])
      #expect(page.cells[b.id.uuidString]?.title == "B <img src=x onerror=alert(1)>")
      #expect(page.chrome.counter == "2 items left")
      #expect(page.chrome.lists == [.init(id: TodoList.inboxID.uuidString, name: "Inbox")])
      let json = String(
        decoding: try LiveMessage.snapshot(revision: 1, page).encoded(), as: UTF8.self)
      #expect(json.hasPrefix(#"{"cells":{"#))
      #expect(json.contains(#""type":"snapshot""#))
      #expect(json.contains(#""v":1"#))
    }
  }

  @Test("add trims the text, ignores empty text, and sends one inserted item")
  func add() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      await store.send(.add("   "))
      await store.send(.add("\n"))
      let before = store.state
      await store.send(.add("  Buy milk  "))
      let loaded = try await fixture.loaded { $0.count == 1 }
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }
      let todo = try #require(loaded.todos.first)
      #expect(todo.title == "Buy milk")
      let changes = sent(before, store.state)
      #expect(changes.stages.count == 1)
      #expect(changes.stages[0].itemInserted == [item(0, 0, todo.id)])
      #expect(
        changes.cells == [todo.id.uuidString: LiveCell(title: "Buy milk", status: .notStarted)])
      #expect(changes.chrome?.counter == "1 item left")
    }
  }

  @Test("toggle and set status update the cell in place")
  func toggleAndStatus() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let other = try await fixture.service.createTodo(NewTodo(title: "Eggs"))
      let store = fixture.page()
      try await fixture.appear(store)

      var before = store.state
      await store.send(.toggle(todo.id))
      var done = todo
      done.status = .done
      done.doneAt = LivePageFixture.now
      done.version = 2
      done.updatedAt = LivePageFixture.now
      let toggled = LivePage.Loaded(
        lists: store.state.lists, listID: TodoList.inboxID, todos: [done, other],
        now: LivePageFixture.now)
      await store.receive(\.loaded, toggled) { $0.todos = [done, other] }
      var changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemUpdated) == [[item(0, 0, todo.id)]])
      #expect(changes.cells[todo.id.uuidString]?.status == .done)
      #expect(changes.chrome?.counter == "1 item left")
      #expect(changes.chrome?.completedCount == 1)

      before = store.state
      await store.send(.setStatus(other.id, .inProgress))
      let started = try await fixture.loaded { $0.last?.status == .inProgress }
      await store.receive(\.loaded, started) { $0.todos = started.todos }
      changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemUpdated) == [[item(0, 1, other.id)]])
      #expect(changes.cells.keys.sorted() == [other.id.uuidString])
      #expect(changes.chrome == nil)

      await store.send(.toggle(todo.id))
      let reopened = try await fixture.loaded { $0.first?.status == .notStarted }
      await store.receive(\.loaded, reopened) { $0.todos = reopened.todos }
      #expect(store.state.todos.first?.doneAt == nil)
    }
  }

  @Test("delete asks first; cancel keeps the todo; confirm trashes it; undo restores it")
  func deleteAndUndo() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let b = try await fixture.service.createTodo(NewTodo(title: "B"))
      let store = fixture.page()
      try await fixture.appear(store)

      var before = store.state
      await store.send(.requestDelete(b.id)) { $0.confirmDelete = b.id }
      var changes = sent(before, store.state)
      #expect(changes.stages.isEmpty)
      #expect(changes.chrome?.confirmDelete == b.id.uuidString)
      #expect(changes.chrome?.confirmTitle == "B")
      await store.send(.cancelDelete) { $0.confirmDelete = nil }
      #expect(try await fixture.service.todos(inList: TodoList.inboxID).count == 2)

      await store.send(.requestDelete(b.id)) { $0.confirmDelete = b.id }
      before = store.state
      await store.send(.confirmDelete) { $0.confirmDelete = nil }
      var trashed = b
      trashed.deletedAt = LivePageFixture.now
      trashed.version = 2
      await store.receive(\.trashed, trashed) { $0.undo = trashed }
      let afterDelete = try await fixture.loaded()
      await store.receive(\.loaded, afterDelete) { $0.todos = [a] }
      changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemDeleted) == [[item(0, 1, b.id)]])
      #expect(changes.chrome?.toast == "Deleted \u{201C}B\u{201D}")

      before = store.state
      await store.send(.undo) { $0.undo = nil }
      let restored = try await fixture.loaded { $0.count == 2 }
      await store.receive(\.loaded, restored) { $0.todos = restored.todos }
      changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemInserted) == [[item(0, 1, b.id)]])
      #expect(changes.chrome?.toast == nil)
      await store.send(.undo)
      await store.send(.dismissToast)
    }
  }

  @Test("a move sends exactly one moved item")
  func move() async throws {
    try await LivePageFixture.with { fixture in
      var ids: [UUID] = []
      for title in ["A", "B", "C", "D"] {
        ids.append(try await fixture.service.createTodo(NewTodo(title: title)).id)
      }
      let store = fixture.page()
      try await fixture.appear(store)
      var before = store.state
      await store.send(.move(ids[3], .before(ids[0])))
      let moved = try await fixture.loaded { $0.first?.id == ids[3] }
      await store.receive(\.loaded, moved) { $0.todos = moved.todos }
      var changes = sent(before, store.state)
      #expect(changes.stages.count == 1)
      #expect(
        changes.stages[0].itemMoved == [.init(from: [0, 3], to: [0, 0], id: ids[3].uuidString)])
      #expect(changes.cells.isEmpty && changes.chrome == nil)

      before = store.state
      await store.send(.move(ids[3], .after(ids[1])))
      let back = try await fixture.loaded { $0.map(\.id) == [ids[0], ids[1], ids[3], ids[2]] }
      await store.receive(\.loaded, back) { $0.todos = back.todos }
      changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemMoved).count == 1)
    }
  }

  @Test("changes by other writers arrive through storeChanged")
  func otherWriters() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let store = fixture.page()
      try await fixture.appear(store)
      let before = store.state
      let b = try await fixture.service.createTodo(NewTodo(title: "From the CLI"))
      _ = try await fixture.service.updateTodo(id: a.id, TodoPatch(title: "A, renamed"))
      await store.send(.storeChanged)
      let loaded = try await fixture.loaded()
      await store.receive(\.loaded, loaded) { $0.todos = loaded.todos }
      let changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemUpdated) == [item(0, 0, a.id)])
      #expect(changes.stages.flatMap(\.itemInserted) == [item(0, 1, b.id)])
      #expect(changes.cells[a.id.uuidString]?.title == "A, renamed")
      #expect(changes.cells[b.id.uuidString]?.title == "From the CLI")

      // Nothing changed: nothing to send.
      await store.send(.storeChanged)
      await store.receive(\.loaded, loaded)
      #expect(sent(store.state, store.state).isEmpty)
    }
  }

  @Test("an event naming a todo the page no longer shows is reported, not applied")
  func missing() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      let ghost = UUID()
      await store.send(.toggle(ghost)) { $0.problem = "That todo no longer exists." }
      #expect(PageSnapshot(store.state).chrome.problem == "That todo no longer exists.")
      await store.send(.requestDelete(ghost))
      await store.send(.chooseFilter(.all)) { $0.problem = nil }
      await store.send(.add(String(repeating: "x", count: 1_001)))
      await store.receive(\.failed) {
        $0.problem = "title: a title is limited to 1000 characters (got 1001)"
      }
    }
  }
}

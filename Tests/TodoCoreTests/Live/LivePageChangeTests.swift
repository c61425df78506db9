import Composable
import Foundation
import Testing

@testable import TodoCore

@Suite("LivePage feature: delete, undo, moves and other writers")
struct LivePageChangeTests {
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
}

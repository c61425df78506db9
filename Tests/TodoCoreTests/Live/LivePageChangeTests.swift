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
      trashed.version = b.version.next
      let afterDelete = try await fixture.loaded(after: before.sequence)
      #expect(afterDelete.todos == [a])
      await fixture.receive(store, afterDelete, and: .trashed([trashed])) {
        $0.apply(afterDelete)
        $0.undo = [trashed]
      }
      changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemDeleted) == [[item(0, 1, b.id)]])
      #expect(changes.chrome?.toast == "Deleted \u{201C}B\u{201D}")

      before = store.state
      await store.send(.undo) { $0.undo = [] }
      let restored = try await fixture.loaded(after: before.sequence)
      #expect(restored.todos.map(\.id) == [a.id, b.id])
      await store.receive(\.loaded, restored) { $0.apply(restored) }
      changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemInserted) == [[item(0, 1, b.id)]])
      #expect(changes.chrome?.toast == nil)
      await store.send(.undo)
      await store.send(.dismissToast)
      await fixture.disappear(store)
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
      let moved = try await fixture.loaded(after: before.sequence)
      #expect(moved.todos.map(\.id) == [ids[3], ids[0], ids[1], ids[2]])
      await store.receive(\.loaded, moved) { $0.apply(moved) }
      var changes = sent(before, store.state)
      try #require(changes.stages.count == 1)
      #expect(
        changes.stages[0].itemMoved == [.init(from: [0, 3], to: [0, 0], id: ids[3].uuidString)])
      #expect(changes.cells.isEmpty && changes.chrome == nil)

      before = store.state
      await store.send(.move(ids[3], .after(ids[1])))
      let back = try await fixture.loaded(after: before.sequence)
      #expect(back.todos.map(\.id) == [ids[0], ids[1], ids[3], ids[2]])
      await store.receive(\.loaded, back) { $0.apply(back) }
      changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemMoved).count == 1)
      await fixture.disappear(store)
    }
  }

  @Test("every commit by another writer that changes the page arrives, one load per commit")
  func otherWriters() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let store = fixture.page()
      try await fixture.appear(store)
      let before = store.state

      let b = try await fixture.service.createTodo(NewTodo(title: "From the CLI"))
      let created = try await fixture.loaded(after: before.sequence)
      #expect(created.todos.map(\.id) == [a.id, b.id])
      await store.receive(\.loaded, created) { $0.apply(created) }

      _ = try await fixture.service.updateTodo(id: a.id, TodoPatch(title: "A, renamed"))
      let renamed = try await fixture.loaded(after: created.sequence)
      #expect(renamed.todos.first?.title == "A, renamed")
      await store.receive(\.loaded, renamed) { $0.apply(renamed) }

      let changes = sent(before, store.state)
      #expect(changes.stages.flatMap(\.itemUpdated) == [item(0, 0, a.id)])
      #expect(changes.stages.flatMap(\.itemInserted) == [item(0, 1, b.id)])
      #expect(changes.cells[a.id.uuidString]?.title == "A, renamed")
      #expect(changes.cells[b.id.uuidString]?.title == "From the CLI")
      await fixture.disappear(store)
    }
  }

  @Test(
    "a commit to another list changes only the sidebar's count; one it does not show sends nothing"
  )
  func unrelatedCommit() async throws {
    try await LivePageFixture.with { fixture in
      let errands = try await fixture.service.createList(named: "Errands")
      let store = fixture.page()
      try await fixture.appear(store)
      var before = store.state
      #expect(PageSnapshot(before).chrome.lists.map(\.open) == [0, 0])

      // An open todo in another list: the Inbox's todos stay, the sidebar counts it.
      let post = try await fixture.service.createTodo(NewTodo(title: "Post", listID: errands.id))
      let counted = try await fixture.loaded { $0.openCounts[errands.id] == 1 }
      #expect(counted.todos.isEmpty)
      await store.receive(\.loaded, counted) { $0.apply(counted) }
      let changes = sent(before, store.state)
      #expect(changes.stages.isEmpty)
      #expect(changes.chrome?.lists.map(\.open) == [0, 1])

      // A done todo there changes nothing the page shows: no load for it. Then one in the
      // Inbox: the page receives exactly one load, for this later commit (commits are
      // observed in order, so the first one was observed and sent nothing).
      before = store.state
      _ = try await fixture.service.createTodo(
        NewTodo(title: "Posted", listID: errands.id, status: .done))
      let inboxTodo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let loaded = try await fixture.loaded { $0.todos == [inboxTodo] }
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }
      #expect(loaded.sequence.rawValue >= before.sequence.rawValue + 2)
      #expect(loaded.openCounts == [TodoList.inboxID: 1, errands.id: 1])

      // Completing the todo of the other list takes it off the count, live.
      before = store.state
      _ = try await fixture.service.updateTodo(id: post.id, TodoPatch(status: .done))
      let completed = try await fixture.loaded { $0.openCounts[errands.id] == nil }
      await store.receive(\.loaded, completed) { $0.apply(completed) }
      #expect(sent(before, store.state).chrome?.lists.map(\.open) == [1, 0])
      await fixture.disappear(store)
    }
  }

  @Test("another process's commits arrive through the store's change log")
  func otherProcess() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      // Another container on the same file notices commits by polling, not at commit.
      store.timeout = .seconds(10)
      try await fixture.appear(store)
      let other = try await TodoService.open(fixture.location, now: { LivePageFixture.now })
      defer { try? other.close() }

      let before = store.state
      let todo = try await other.createTodo(NewTodo(title: "From another process"))
      let loaded = try await fixture.loaded(after: before.sequence)
      #expect(loaded.todos == [todo])
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }

      _ = try await other.updateTodo(id: todo.id, TodoPatch(status: .done))
      let done = try await fixture.loaded(after: loaded.sequence)
      #expect(done.todos.map(\.status) == [.done])
      await store.receive(\.loaded, done) { $0.apply(done) }
      await fixture.disappear(store)
    }
  }

  @Test("a list trashed elsewhere while shown: the page shows the Inbox")
  func shownListTrashed() async throws {
    try await LivePageFixture.with { fixture in
      let inboxTodo = try await fixture.service.createTodo(NewTodo(title: "In the inbox"))
      let errands = try await fixture.service.createList(named: "Errands")
      let post = try await fixture.service.createTodo(NewTodo(title: "Post", listID: errands.id))
      let store = fixture.page()
      try await fixture.appear(store)
      await store.send(.chooseList(errands.id)) { $0.listID = errands.id }
      let shown = try await fixture.loaded(errands.id)
      #expect(shown.todos == [post])
      await store.receive(\.loaded, shown) { $0.apply(shown) }

      _ = try await fixture.service.trashList(id: errands.id)
      // The observed list's value without the list: the page observes the Inbox instead…
      let gone = try await fixture.loaded(errands.id, after: shown.sequence)
      #expect(gone.lists.map(\.id) == [TodoList.inboxID])
      await store.receive(\.loaded, gone) { $0.listID = TodoList.inboxID }
      // …and shows it.
      let inbox = try await fixture.loaded()
      #expect(inbox.todos == [inboxTodo])
      #expect(inbox.sequence == gone.sequence)
      await store.receive(\.loaded, inbox) { $0.apply(inbox) }
      await fixture.disappear(store)
    }
  }

  @Test("closing the page ends its observation: later commits send nothing")
  func disappear() async throws {
    try await LivePageFixture.with { fixture in
      let store = fixture.page()
      try await fixture.appear(store)
      await store.send(.onDisappear)
      // `finish` fails if the observation is still running.
      await store.finish()
      let todo = try await fixture.service.createTodo(NewTodo(title: "After closing"))
      // The commit is observed; the page, no longer observing, receives nothing (`finish`
      // reports any action not received).
      let loaded = try await fixture.loaded { $0.todos == [todo] }
      #expect(loaded.sequence > store.state.sequence)
      await store.finish()
    }
  }
}

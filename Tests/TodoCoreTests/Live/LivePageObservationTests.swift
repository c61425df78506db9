import Composable
import Foundation
import Testing

@testable import TodoCore

/// What the page observes: commits by anyone reach it, one load per commit that changes what
/// it shows, and only while it is open.
@Suite("LivePage: the observation of its data")
struct LivePageObservationTests {
  @Test("every commit by another writer that changes the page arrives, one load per commit")
  func otherWriters() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let store = fixture.page()
      try await fixture.appear(store)
      let before = store.state

      let b = try await fixture.service.createTodo(NewTodo(title: "From the CLI"))
      let created = try await fixture.loaded(after: before.data.sequence)
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
      #expect(loaded.sequence.rawValue >= before.data.sequence.rawValue + 2)
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
      let loaded = try await fixture.loaded(after: before.data.sequence)
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
      await store.send(.sidebar(.chooseList(errands.id)))
      await store.receive(.sidebar(.delegate(.showList(errands.id)))) {
        $0.data.listID = errands.id
      }
      let shown = try await fixture.loaded(errands.id)
      #expect(shown.todos == [post])
      await store.receive(\.loaded, shown) { $0.apply(shown) }

      _ = try await fixture.service.trashList(id: errands.id)
      // The observed list's value without the list: the page observes the Inbox instead…
      let gone = try await fixture.loaded(errands.id, after: shown.sequence)
      #expect(gone.lists.map(\.id) == [TodoList.inboxID])
      await store.receive(\.loaded, gone) { $0.data.listID = TodoList.inboxID }
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
      #expect(loaded.sequence > store.state.data.sequence)
      await store.finish()
    }
  }

  @Test("a list created elsewhere appears; a commit to a list the page does not show counts")
  func otherLists() async throws {
    try await LivePageFixture.with { fixture in
      _ = try await fixture.service.createTodo(NewTodo(title: "In the inbox"))
      let store = fixture.page()
      try await fixture.appear(store)
      // A list created elsewhere appears in the page's list chooser.
      let shopping = try await fixture.service.createList(named: "Shopping")
      let lists = try await fixture.loaded(after: store.state.data.sequence)
      #expect(lists.lists.map(\.name) == ["Inbox", "Shopping"])
      await store.receive(\.loaded, lists) { $0.apply(lists) }
      #expect(PageSnapshot(store.state).chrome.lists.map(\.name) == ["Inbox", "Shopping"])
      // An open todo written to a list the page does not show changes only its count in the
      // sidebar; a done one changes nothing it shows: nothing arrives (the next `send` would
      // report an unexpected `.loaded`).
      _ = try await fixture.service.createTodo(NewTodo(title: "Milk", listID: shopping.id))
      let counted = try await fixture.loaded { $0.openCounts[shopping.id] == 1 }
      await store.receive(\.loaded, counted) { $0.apply(counted) }
      _ = try await fixture.service.createTodo(
        NewTodo(title: "Bread", listID: shopping.id, status: .done))

      await store.send(.sidebar(.chooseList(shopping.id)))
      await store.receive(.sidebar(.delegate(.showList(shopping.id)))) {
        $0.data.listID = shopping.id
      }
      let shown = try await fixture.loaded(shopping.id)
      #expect(shown.todos.map(\.title) == ["Milk", "Bread"])
      await store.receive(\.loaded, shown) { $0.apply(shown) }
      #expect(PageSnapshot(store.state).chrome.completedCount == 1)

      // The Inbox's todos are no longer this page's: a commit there changes only its count.
      _ = try await fixture.service.createTodo(NewTodo(title: "Elsewhere"))
      let elsewhere = try await fixture.loaded(shopping.id) {
        $0.openCounts[TodoList.inboxID] == 2
      }
      #expect(elsewhere.todos == shown.todos)
      await store.receive(\.loaded, elsewhere) { $0.apply(elsewhere) }
      await fixture.disappear(store)
    }
  }
}

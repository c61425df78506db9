import Composable
import Foundation
import Testing

@testable import TodoCore

/// Deleting, clearing and Undo (``PageTrash``) on a real store, with the page's messages.
@Suite("PageTrash: delete, clear completed, delete a list, undo")
struct PageTrashTests {
  typealias Store = TestStore<PageTrash.State, PageTrash.Action>

  /// The trash's store on the data a commit brought, once `store` has finished.
  static func after(
    _ loaded: LivePage.Loaded, _ store: Store, _ fixture: LivePageFixture
  ) async -> Store {
    await store.finish()
    return fixture.feature(PageTrash(), store.state.after(loaded))
  }

  @Test("delete asks first; cancel keeps the todo; confirm trashes it; undo restores it")
  func deleteAndUndo() async throws {
    try await LivePageFixture.with { fixture in
      let a = try await fixture.service.createTodo(NewTodo(title: "A"))
      let b = try await fixture.service.createTodo(NewTodo(title: "B"))
      var store = try await fixture.feature(PageTrash(), PageTrash.Local())

      var before = store.state
      await store.send(.requestDelete(b.id)) { $0.confirmDelete = b.id }
      var changes = sent(before, store.state, at: \.trash)
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
      await store.receive(.trashed([trashed])) { $0.undo = [trashed] }
      let afterDelete = try await fixture.loaded(after: before.data.sequence)
      #expect(afterDelete.todos == [a])
      changes = sent(before, store.state.after(afterDelete), at: \.trash)
      #expect(changes.stages.map(\.itemDeleted) == [[item(0, 1, b.id)]])
      #expect(changes.chrome?.toast == "Deleted \u{201C}B\u{201D}")

      store = await Self.after(afterDelete, store, fixture)
      before = store.state
      await store.send(.undo) { $0.undo = [] }
      let restored = try await fixture.loaded(after: before.data.sequence)
      #expect(restored.todos.map(\.id) == [a.id, b.id])
      changes = sent(before, store.state.after(restored), at: \.trash)
      #expect(changes.stages.map(\.itemInserted) == [[item(0, 1, b.id)]])
      #expect(changes.chrome?.toast == nil)
      await store.send(.undo)
      await store.send(.dismissToast)
      await store.finish()
    }
  }

  @Test("clear completed asks with the count, trashes the done todos, and Undo brings them back")
  func clearCompleted() async throws {
    try await LivePageFixture.with { fixture in
      let shopping = try await fixture.service.createList(named: "Shopping")
      let milk = try await fixture.service.createTodo(NewTodo(title: "Milk", listID: shopping.id))
      _ = try await fixture.service.createTodo(
        NewTodo(title: "Bread", listID: shopping.id, status: .done))
      let data = try await fixture.data(shopping.id)
      var store = fixture.feature(PageTrash(), PageScoped(data: data, PageTrash.Local()))
      #expect(rendered(store.state, at: \.trash).chrome.completedCount == 1)

      // "Clear completed" asks first, with the count; Cancel changes nothing.
      var before = store.state
      await store.send(.clearCompleted) { $0.confirmClear = true }
      #expect(sent(before, store.state, at: \.trash).chrome?.confirmClear == 1)
      await store.send(.cancelClear) { $0.confirmClear = false }
      #expect(try await fixture.service.trash().todos.isEmpty)

      await store.send(.clearCompleted) { $0.confirmClear = true }
      before = store.state
      await store.send(.confirmClear) { $0.confirmClear = false }
      let cleared = try await fixture.loaded(shopping.id) { $0.todos == [milk] }
      #expect(cleared.sequence > before.data.sequence)
      let bread = try #require(try await fixture.service.trash().todos.first)
      #expect(bread.title == "Bread")
      await store.receive(.trashed([bread])) { $0.undo = [bread] }
      var changes = sent(before, store.state.after(cleared), at: \.trash)
      #expect(changes.stages.flatMap(\.itemDeleted).count == 1)
      #expect(changes.chrome?.completedCount == 0)
      #expect(changes.chrome?.toast == "Deleted \u{201C}Bread\u{201D}")
      // Nothing is done any more: a second "Clear completed" does not ask.
      store = await Self.after(cleared, store, fixture)
      await store.send(.clearCompleted)

      // Undo brings the cleared todos back, in one transaction.
      before = store.state
      await store.send(.undo) { $0.undo = [] }
      let restored = try await fixture.loaded(shopping.id) { $0.todos.count == 2 }
      changes = sent(before, store.state.after(restored), at: \.trash)
      #expect(changes.stages.flatMap(\.itemInserted).count == 1)
      #expect(changes.chrome?.completedCount == 1)
      #expect(try await fixture.service.trash().todos.isEmpty)
      await store.finish()
    }
  }

  @Test("a list is deleted after a confirmation, with its todos; never the Inbox")
  func deleteList() async throws {
    try await LivePageFixture.with { fixture in
      let groceries = try await fixture.service.createList(named: "Groceries")
      let data = try await fixture.data(groceries.id)
      let store = fixture.feature(PageTrash(), PageScoped(data: data, PageTrash.Local()))
      await store.send(.requestDeleteList(groceries.id)) { $0.confirmDeleteList = groceries.id }
      #expect(rendered(store.state, at: \.trash).chrome.confirmDeleteList == "Groceries")
      await store.send(.cancelDeleteList) { $0.confirmDeleteList = nil }
      await store.send(.requestDeleteList(groceries.id)) { $0.confirmDeleteList = groceries.id }
      let before = store.state
      await store.send(.confirmDeleteList) { $0.confirmDeleteList = nil }
      let gone = try await fixture.loaded(groceries.id, after: before.data.sequence)
      #expect(!gone.lists.contains { $0.id == groceries.id })
      #expect(try await fixture.service.trash().lists.map(\.name) == ["Groceries"])

      await store.send(.requestDeleteList(TodoList.inboxID)) {
        $0.problem = "The Inbox cannot be deleted."
      }
      await store.send(.requestDeleteList(UUID())) { $0.problem = "That list no longer exists." }
      await store.finish()
    }
  }

  @Test("a new question dismisses the questions it replaces")
  func oneQuestion() async throws {
    try await LivePageFixture.with { fixture in
      let milk = try await fixture.service.createTodo(NewTodo(title: "Milk", status: .done))
      let errands = try await fixture.service.createList(named: "Errands")
      let store = try await fixture.feature(PageTrash(), PageTrash.Local())
      await store.send(.requestDelete(milk.id)) { $0.confirmDelete = milk.id }
      await store.send(.clearCompleted) {
        $0.confirmDelete = nil
        $0.confirmClear = true
      }
      await store.send(.requestDelete(milk.id)) { $0.confirmDelete = milk.id }
      await store.send(.requestDeleteList(errands.id)) {
        $0.confirmDelete = nil
        $0.confirmClear = false
        $0.confirmDeleteList = errands.id
      }
    }
  }

  @Test("a question about a todo or list gone meanwhile, or about nothing, goes with the data")
  func staleQuestions() async throws {
    try await LivePageFixture.with { fixture in
      let errands = try await fixture.service.createList(named: "Errands")
      var state = PageTrash.State(data: try await fixture.data(), PageTrash.Local())
      state.confirmDelete = UUID()
      state.confirmDeleteList = errands.id
      state.confirmClear = true
      state.dropStaleQuestions()
      var asking = PageTrash.Local()
      asking.confirmDeleteList = errands.id
      #expect(state.local == asking, "the list is still there")
      _ = try await fixture.service.trashList(id: errands.id)
      state = state.after(try await fixture.loaded { !$0.lists.contains { $0.id == errands.id } })
      state.dropStaleQuestions()
      #expect(state.local == PageTrash.Local())
    }
  }
}

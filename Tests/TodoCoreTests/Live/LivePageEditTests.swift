import Composable
import Foundation
import Testing

@testable import TodoCore

@Suite("LivePage feature: the edit sheet")
struct LivePageEditTests {
  /// Opens the sheet on `todo` and asserts it is ready.
  static func begin(
    _ store: TestStore<LivePage.State, LivePage.Action>, _ todo: Todo
  ) async {
    await store.send(.beginEdit(todo.id)) { $0.editor = TodoEditor.State(todoID: todo.id) }
    await store.receive(.editor(.begin))
    await store.receive(.editor(.began(todo))) {
      $0.editor?.phase = .editing
      $0.editor?.original = todo
      $0.editor?.title = todo.title
      $0.editor?.notes = todo.notes
      $0.editor?.section = todo.section ?? ""
      $0.editor?.status = todo.status
    }
  }

  @Test("edit then cancel: the draft is thrown away, nothing is written, nothing sent for the list")
  func cancel() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk", notes: "2 l"))
      let store = fixture.page()
      try await fixture.appear(store)
      let before = store.state
      await Self.begin(store, todo)
      let sheet = try #require(PageSnapshot(store.state).chrome.editor)
      #expect(sheet.title == "Milk" && sheet.notes == "2 l" && sheet.phase == "editing")
      #expect(sent(before, store.state).stages.isEmpty)
      await store.send(.cancelEdit)
      await store.receive(.editor(.cancel)) { $0.editor = nil }
      #expect(try await fixture.service.todo(id: todo.id) == todo)
      #expect(sent(before, store.state).isEmpty)
      await store.send(.cancelEdit)
      await fixture.disappear(store)
    }
  }

  @Test("edit then save: every field is written in one change and the cell is updated")
  func save() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let store = fixture.page()
      try await fixture.appear(store)
      let before = store.state
      await Self.begin(store, todo)
      let fields = LivePage.EditFields(
        title: " Oat milk ", notes: "barista", deadline: "2025-12-24", status: .inProgress,
        section: "Dairy")
      await store.send(.saveEdit(fields))
      await store.receive(.editor(.setTitle(" Oat milk "))) { $0.editor?.title = " Oat milk " }
      await store.receive(.editor(.setNotes("barista"))) { $0.editor?.notes = "barista" }
      await store.receive(.editor(.setDeadline("2025-12-24"))) {
        $0.editor?.deadline = "2025-12-24"
      }
      await store.receive(.editor(.setStatus(.inProgress))) { $0.editor?.status = .inProgress }
      await store.receive(.editor(.setSection("Dairy"))) { $0.editor?.section = "Dairy" }
      await store.receive(.editor(.save)) { $0.editor?.phase = .saving }
      var saved = todo
      saved.title = "Oat milk"
      saved.notes = "barista"
      saved.deadline = try Deadline(parsing: "2025-12-24")
      saved.status = .inProgress
      saved.section = "Dairy"
      saved.version = todo.version + 1
      saved.updatedAt = LivePageFixture.now
      let loaded = try await fixture.loaded(after: before.sequence)
      #expect(loaded.todos == [saved])
      await fixture.receive(store, loaded, and: .editor(.saved(saved))) {
        $0.apply(loaded)
        $0.editor = nil
      }
      let changes = sent(before, store.state)
      #expect(changes.stages.map(\.itemUpdated) == [[item(0, 0, todo.id)]])
      #expect(
        changes.cells[todo.id.uuidString]
          == LiveCell(title: "Oat milk", detail: "2025/12/24", overdue: true, status: .inProgress))
      await fixture.disappear(store)
    }
  }

  @Test("another user's concurrent change is reported, never overwritten; reload edits theirs")
  func conflict() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let store = fixture.page()
      try await fixture.appear(store)
      await Self.begin(store, todo)
      let before = store.state
      let theirs = try await fixture.service.updateTodo(id: todo.id, TodoPatch(title: "Their milk"))
      let loaded = try await fixture.loaded(after: before.sequence)
      #expect(loaded.todos == [theirs])
      // The list shows their change at once; the open sheet keeps the draft.
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }

      await store.send(.saveEdit(LivePage.EditFields(title: "My milk")))
      await store.receive(.editor(.setTitle("My milk"))) { $0.editor?.title = "My milk" }
      await store.receive(.editor(.setNotes("")))
      await store.receive(.editor(.setDeadline("")))
      await store.receive(.editor(.setStatus(.notStarted)))
      await store.receive(.editor(.setSection("")))
      await store.receive(.editor(.save)) { $0.editor?.phase = .saving }
      let problem = EditorProblem(
        TodoError.versionConflict(id: todo.id, current: theirs.version))
      #expect(theirs.version == todo.version + 1)
      await store.receive(.editor(.failed(problem))) {
        $0.editor?.phase = .editing
        $0.editor?.problem = problem
      }
      let sheet = try #require(PageSnapshot(store.state).chrome.editor)
      #expect(sheet.conflict)
      #expect(sheet.title == "My milk")
      #expect(try await fixture.service.todo(id: todo.id).title == "Their milk")

      await store.send(.reloadEdit)
      await store.receive(.editor(.reload))
      await store.receive(.editor(.begin)) {
        $0.editor?.phase = .loading
        $0.editor?.problem = nil
      }
      await store.receive(.editor(.began(theirs))) {
        $0.editor?.phase = .editing
        $0.editor?.original = theirs
        $0.editor?.title = "Their milk"
      }
      await store.send(.cancelEdit)
      await store.receive(.editor(.cancel)) { $0.editor = nil }
      await fixture.disappear(store)
    }
  }
}

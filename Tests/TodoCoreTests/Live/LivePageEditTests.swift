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
      saved.version = todo.version.next
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
          == LiveCell(
            title: "Oat milk", detail: "24 Dec 2025", overdue: true, status: .inProgress))
      await fixture.disappear(store)
    }
  }

  @Test("another user's concurrent change is shown beside the kept draft; Keep mine saves it")
  func conflict() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let store = fixture.page()
      try await fixture.appear(store)
      await Self.begin(store, todo)
      var before = store.state
      let theirs = try await fixture.service.updateTodo(
        id: todo.id,
        TodoPatch(title: "Their milk", deadline: .some(try Deadline(parsing: "2026-03-01T09:30"))))
      let loaded = try await fixture.loaded(after: before.sequence)
      #expect(loaded.todos == [theirs])
      // The list shows their change at once; the open sheet keeps the draft.
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }

      let mine = LivePage.EditFields(title: "My milk", notes: "oat")
      await Self.submit(store, mine, then: .save) { $0.editor?.phase = .saving }
      let problem = EditorProblem.conflict(theirs: theirs)
      await store.receive(.editor(.failed(problem))) {
        $0.editor?.phase = .editing
        $0.editor?.problem = problem
      }
      let sheet = try #require(PageSnapshot(store.state).chrome.editor)
      #expect(sheet.conflict)
      #expect(sheet.title == "My milk" && sheet.notes == "oat", "the draft is kept")
      #expect(
        sheet.theirChanges == [
          .init(field: "title", label: "Title", value: "Their milk"),
          .init(field: "deadline", label: "Deadline", value: "2026/03/01 09:30"),
        ])
      #expect(try await fixture.service.todo(id: todo.id) == theirs)

      before = store.state
      await store.send(.keepMine(mine))
      await Self.received(store, mine)
      await store.receive(.editor(.keepMine)) {
        $0.editor?.original = theirs
        $0.editor?.problem = nil
        $0.editor?.deadline = "2026-03-01T09:30"
      }
      await store.receive(.editor(.save)) { $0.editor?.phase = .saving }
      var saved = theirs
      saved.title = "My milk"
      saved.notes = "oat"
      saved.version = theirs.version.next
      saved.updatedAt = LivePageFixture.now
      let after = try await fixture.loaded(after: before.sequence)
      #expect(after.todos == [saved], "their deadline stays, my title and notes win")
      await fixture.receive(store, after, and: .editor(.saved(saved))) {
        $0.apply(after)
        $0.editor = nil
      }
      await fixture.disappear(store)
    }
  }

  @Test(
    "a kept draft reopens its sheet; over a changed todo it is a conflict; a gone todo's is dropped"
  )
  func restore() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let store = fixture.page()
      try await fixture.appear(store)
      let draft = LivePage.EditFields(title: "Milk", notes: "oat")
      await store.send(.restoreEdit(todo.id, version: todo.version, draft)) {
        $0.editor = TodoEditor.State(todoID: todo.id)
        $0.restoring = LivePage.DraftRestore(version: todo.version, fields: draft)
      }
      await store.receive(.editor(.begin))
      await store.receive(.editor(.began(todo))) {
        $0.editor?.phase = .editing
        $0.editor?.original = todo
        $0.editor?.title = "Milk"
        $0.editor?.notes = "oat"
        $0.restoring = nil
      }
      #expect(PageSnapshot(store.state).chrome.editor?.conflict == false)
      await store.send(.cancelEdit)
      await store.receive(.editor(.cancel)) { $0.editor = nil }

      // Someone else changed the todo after the draft was kept.
      let theirs = try await fixture.service.updateTodo(id: todo.id, TodoPatch(title: "Their milk"))
      let loaded = try await fixture.loaded(after: store.state.sequence)
      await store.receive(\.loaded, loaded) { $0.apply(loaded) }
      await store.send(.restoreEdit(todo.id, version: todo.version, draft)) {
        $0.editor = TodoEditor.State(todoID: todo.id)
        $0.restoring = LivePage.DraftRestore(version: todo.version, fields: draft)
      }
      await store.receive(.editor(.begin))
      await store.receive(.editor(.began(theirs))) {
        $0.editor?.phase = .editing
        $0.editor?.original = theirs
        $0.editor?.title = "Milk"
        $0.editor?.notes = "oat"
        $0.editor?.problem = .conflict(theirs: theirs)
        $0.restoring = nil
      }
      let sheet = try #require(PageSnapshot(store.state).chrome.editor)
      #expect(sheet.conflict && sheet.version == theirs.version)
      #expect(
        sheet.theirChanges == [
          .init(field: "title", label: "Title", value: "Their milk"),
          .init(field: "notes", label: "Notes", value: ""),
        ])
      await store.send(.cancelEdit)
      await store.receive(.editor(.cancel)) { $0.editor = nil }

      // The todo is gone: the draft is dropped, and the page says so.
      let gone = UUID()
      await store.send(.restoreEdit(gone, version: 1, draft)) {
        $0.editor = TodoEditor.State(todoID: gone)
        $0.restoring = LivePage.DraftRestore(version: 1, fields: draft)
      }
      await store.receive(.editor(.begin))
      await store.receive(\.editor.failed) {
        $0.editor = nil
        $0.restoring = nil
        $0.problem = "The todo you were editing no longer exists; your unsaved edit was dropped."
      }
      await fixture.disappear(store) { $0.problem = nil }
    }
  }

  /// Sends `saveEdit` and receives the field actions it sends, then `action`'s first step.
  static func submit(
    _ store: TestStore<LivePage.State, LivePage.Action>, _ fields: LivePage.EditFields,
    then action: TodoEditorAction, _ update: @escaping (inout LivePage.State) -> Void
  ) async {
    await store.send(.saveEdit(fields))
    await received(store, fields)
    await store.receive(.editor(action), assert: update)
  }

  /// Receives the field actions that `saveEdit` and `keepMine` send for `fields`, each
  /// changing the draft only where it differs.
  static func received(
    _ store: TestStore<LivePage.State, LivePage.Action>, _ fields: LivePage.EditFields
  ) async {
    func field<Value: Equatable & Sendable>(
      _ action: TodoEditorAction, _ keyPath: WritableKeyPath<TodoEditor.State, Value>,
      _ value: Value
    ) async {
      if store.state.editor?[keyPath: keyPath] == value {
        await store.receive(.editor(action))
      } else {
        await store.receive(.editor(action)) { $0.editor?[keyPath: keyPath] = value }
      }
    }
    await field(.setTitle(fields.title), \.title, fields.title)
    await field(.setNotes(fields.notes), \.notes, fields.notes)
    await field(.setDeadline(fields.deadline), \.deadline, fields.deadline)
    await field(.setStatus(fields.status), \.status, fields.status)
    await field(.setSection(fields.section), \.section, fields.section)
  }
}

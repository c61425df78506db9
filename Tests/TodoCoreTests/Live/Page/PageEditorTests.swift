import Composable
import Foundation
import Testing

@testable import TodoCore

/// The edit sheet (``PageEditor`` over ``TodoEditor``) on a real store.
@Suite("PageEditor: open, save, conflicts, cancel and kept drafts")
struct PageEditorTests {
  typealias Store = TestStore<PageEditor.State, PageEditor.Action>

  /// Opens the sheet on `todo` and asserts it is ready.
  static func begin(_ store: Store, _ todo: Todo) async {
    await store.send(.beginEdit(todo.id)) { $0.sheet = TodoEditor.State(todoID: todo.id) }
    await store.receive(.sheet(.begin))
    await store.receive(.sheet(.began(todo))) {
      $0.sheet?.phase = .editing
      $0.sheet?.original = todo
      $0.sheet?.title = todo.title
      $0.sheet?.notes = todo.notes
      $0.sheet?.section = todo.section ?? ""
      $0.sheet?.status = todo.status
    }
  }

  @Test("edit then cancel: the draft is thrown away, nothing is written, nothing sent for the list")
  func cancel() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk", notes: "2 l"))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      let before = store.state
      await Self.begin(store, todo)
      let sheet = try #require(rendered(store.state, at: \.editor).chrome.editor)
      #expect(sheet.title == "Milk" && sheet.notes == "2 l" && sheet.phase == "editing")
      #expect(sent(before, store.state, at: \.editor).stages.isEmpty)
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }
      #expect(try await fixture.service.todo(id: todo.id) == todo)
      #expect(sent(before, store.state, at: \.editor).isEmpty)
      await store.send(.cancelEdit)
      await store.finish()
    }
  }

  @Test("edit then save: every field is written in one change and the cell is updated")
  func save() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      let before = store.state
      await Self.begin(store, todo)
      let fields = PageEditor.Fields(
        title: " Oat milk ", notes: "barista", deadline: "2025-12-24", status: .inProgress,
        section: "Dairy")
      await store.send(.saveEdit(fields))
      await store.receive(.sheet(.setFields(fields))) {
        $0.sheet?.title = " Oat milk "
        $0.sheet?.notes = "barista"
        $0.sheet?.deadline = "2025-12-24"
        $0.sheet?.status = .inProgress
        $0.sheet?.section = "Dairy"
      }
      await store.receive(.sheet(.save)) { $0.sheet?.phase = .saving }
      var saved = todo
      saved.title = "Oat milk"
      saved.notes = "barista"
      saved.deadline = try Deadline(parsing: "2025-12-24")
      saved.status = .inProgress
      saved.section = "Dairy"
      saved.version = todo.version.next
      saved.updatedAt = LivePageFixture.now
      await store.receive(.sheet(.saved(saved))) { $0.sheet = nil }
      let loaded = try await fixture.loaded(after: before.data.sequence)
      #expect(loaded.todos == [saved])
      let changes = sent(before, store.state.after(loaded), at: \.editor)
      #expect(changes.stages.map(\.itemUpdated) == [[item(0, 0, todo.id)]])
      #expect(
        changes.cells[todo.id.uuidString]
          == LiveCell(
            title: "Oat milk", detail: "24 Dec 2025", overdue: true, status: .inProgress))
      await store.finish()
    }
  }

  @Test("a deadline and a start in words are read on the page's clock, as quick entry reads them")
  func datesInWords() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Pay rent"))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await Self.begin(store, todo)
      // Thursday 1 January 2026, 00:00 UTC, on the page's clock.
      let fields = PageEditor.Fields(
        title: "Pay rent", notes: "", deadline: "friday 9:00", status: .notStarted, section: "",
        start: "tomorrow")
      await Self.submit(store, fields, then: .save) { $0.sheet?.phase = .saving }
      await store.receive(\.sheet.saved) { $0.sheet = nil }
      let saved = try await fixture.service.todo(id: todo.id)
      #expect(saved.deadline == (try Deadline(parsing: "2026-01-02T09:00")))
      #expect(saved.start == (try Deadline(parsing: "2026-01-02")))
      await store.finish()
    }
  }

  @Test("another user's concurrent change is shown beside the kept draft; Keep mine saves it")
  func conflict() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await Self.begin(store, todo)
      let before = store.state
      let theirs = try await fixture.service.updateTodo(
        id: todo.id,
        TodoPatch(title: "Their milk", deadline: .some(try Deadline(parsing: "2026-03-01T09:30"))))
      let loaded = try await fixture.loaded(after: before.data.sequence)
      #expect(loaded.todos == [theirs])
      // The list shows their change at once (the page's data); the open sheet keeps the draft.
      #expect(
        rendered(store.state.after(loaded), at: \.editor).cells[todo.id.uuidString]?.title
          == "Their milk")

      let mine = PageEditor.Fields(title: "My milk", notes: "oat")
      await Self.submit(store, mine, then: .save) { $0.sheet?.phase = .saving }
      let problem = EditorProblem.conflict(theirs: theirs)
      await store.receive(.sheet(.failed(problem))) {
        $0.sheet?.phase = .editing
        $0.sheet?.problem = problem
      }
      let sheet = try #require(rendered(store.state, at: \.editor).chrome.editor)
      #expect(sheet.conflict)
      #expect(sheet.title == "My milk" && sheet.notes == "oat", "the draft is kept")
      #expect(
        sheet.theirChanges == [
          .init(field: "title", label: "Title", value: "Their milk"),
          .init(field: "deadline", label: "Deadline", value: "2026/03/01 09:30"),
        ])
      #expect(try await fixture.service.todo(id: todo.id) == theirs)

      await store.send(.keepMine(mine))
      await Self.received(store, mine)
      await store.receive(.sheet(.keepMine)) {
        $0.sheet?.original = theirs
        $0.sheet?.problem = nil
        $0.sheet?.deadline = "2026-03-01T09:30"
      }
      await store.receive(.sheet(.save)) { $0.sheet?.phase = .saving }
      var saved = theirs
      saved.title = "My milk"
      saved.notes = "oat"
      saved.version = theirs.version.next
      saved.updatedAt = LivePageFixture.now
      await store.receive(.sheet(.saved(saved))) { $0.sheet = nil }
      let after = try await fixture.loaded(after: loaded.sequence)
      #expect(after.todos == [saved], "their deadline stays, my title and notes win")
      await store.finish()
    }
  }

  @Test(
    "a kept draft reopens its sheet; over a changed todo it is a conflict; a gone todo's is dropped"
  )
  func restore() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      let draft = PageEditor.Fields(title: "Milk", notes: "oat")
      await store.send(.restoreEdit(todo.id, version: todo.version, draft)) {
        $0.sheet = TodoEditor.State(todoID: todo.id)
        $0.restoring = PageEditor.DraftRestore(version: todo.version, fields: draft)
      }
      await store.receive(.sheet(.begin))
      await store.receive(.sheet(.began(todo))) {
        $0.sheet?.phase = .editing
        $0.sheet?.original = todo
        $0.sheet?.title = "Milk"
        $0.sheet?.notes = "oat"
        $0.restoring = nil
      }
      #expect(rendered(store.state, at: \.editor).chrome.editor?.conflict == false)
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }

      // Someone else changed the todo after the draft was kept.
      let theirs = try await fixture.service.updateTodo(id: todo.id, TodoPatch(title: "Their milk"))
      await store.send(.restoreEdit(todo.id, version: todo.version, draft)) {
        $0.sheet = TodoEditor.State(todoID: todo.id)
        $0.restoring = PageEditor.DraftRestore(version: todo.version, fields: draft)
      }
      await store.receive(.sheet(.begin))
      await store.receive(.sheet(.began(theirs))) {
        $0.sheet?.phase = .editing
        $0.sheet?.original = theirs
        $0.sheet?.title = "Milk"
        $0.sheet?.notes = "oat"
        $0.sheet?.problem = .conflict(theirs: theirs)
        $0.restoring = nil
      }
      let sheet = try #require(rendered(store.state, at: \.editor).chrome.editor)
      #expect(sheet.conflict && sheet.version == theirs.version)
      #expect(
        sheet.theirChanges == [
          .init(field: "title", label: "Title", value: "Their milk"),
          .init(field: "notes", label: "Notes", value: ""),
        ])
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }

      // The todo is gone: the draft is dropped, and the page says so.
      let gone = UUID()
      await store.send(.restoreEdit(gone, version: 1, draft)) {
        $0.sheet = TodoEditor.State(todoID: gone)
        $0.restoring = PageEditor.DraftRestore(version: 1, fields: draft)
      }
      await store.receive(.sheet(.begin))
      await store.receive(\.sheet.failed) {
        $0.sheet = nil
        $0.restoring = nil
        $0.problem = "The todo you were editing no longer exists; your unsaved edit was dropped."
      }
      await store.finish()
    }
  }

  @Test("a saveEdit event with a control character in any field is refused in the sheet")
  func refused() async throws {
    try await LivePageFixture.with { fixture in
      let todo = try await fixture.service.createTodo(NewTodo(title: "Milk", notes: "2 l"))
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await Self.begin(store, todo)
      let rename = try LivePageFixture.action(
        #"{"v":1,"type":"saveEdit","title":"Oat\u0000milk","status":"notStarted"}"#)
      await store.send(try #require(rename[case: \.editor])) {
        $0.sheet?.problem = EditorProblem(
          message: "title: contains the control character U+0000 at position 4; remove it")
      }
      let sheet = try #require(rendered(store.state, at: \.editor).chrome.editor)
      #expect(sheet.title == "Milk")
      #expect(sheet.problem?.hasPrefix("title: ") == true)
      await store.send(
        .saveEdit(PageEditor.Fields(title: "Oat milk", notes: "bell\u{7}", section: "ok"))
      ) {
        $0.sheet?.problem = EditorProblem(
          message: "notes: contains the control character U+0007 at position 5; remove it")
      }
      await store.send(.saveEdit(PageEditor.Fields(title: "Oat milk", section: "\u{9F}"))) {
        $0.sheet?.problem = EditorProblem(
          message: "section: contains the control character U+009F at position 1; remove it")
      }
      #expect(try await fixture.service.todo(id: todo.id) == todo)
      await store.send(.cancelEdit)
      await store.receive(.sheet(.cancel)) { $0.sheet = nil }
      await store.finish()
    }
  }

  @Test("only a todo the page shows can be opened; answers to no conflict are ignored")
  func notShown() async throws {
    try await LivePageFixture.with { fixture in
      let store = try await fixture.feature(PageEditor(), PageEditor.Local())
      await store.send(.beginEdit(UUID())) { $0.problem = "That todo no longer exists." }
      await store.send(.keepMine(PageEditor.Fields(title: "Mine")))
      await store.send(.useTheirs)
      await store.send(.cancelEdit)
    }
  }

  /// Sends `saveEdit` and receives the field actions it sends, then `action`'s first step.
  static func submit(
    _ store: Store, _ fields: PageEditor.Fields,
    then action: TodoEditorAction, _ update: @escaping (inout PageEditor.State) -> Void
  ) async {
    await store.send(.saveEdit(fields))
    await received(store, fields)
    await store.receive(.sheet(action), assert: update)
  }

  /// Receives the fields that `saveEdit` and `keepMine` set on the sheet: the five the page
  /// always sends, and each other one given.
  static func received(
    _ store: Store, _ fields: PageEditor.Fields
  ) async {
    var sheet = store.state.sheet
    sheet?.title = fields.title
    sheet?.notes = fields.notes
    sheet?.deadline = fields.deadline
    sheet?.status = fields.status
    sheet?.section = fields.section
    if let text = fields.repeat { sheet?.repeatText = text }
    if let on = fields.afterCompletion { sheet?.afterCompletion = on }
    if let text = fields.start { sheet?.start = text }
    if let on = fields.someday { sheet?.someday = on }
    if let text = fields.priority { sheet?.priority = text }
    if let text = fields.tags { sheet?.tags = text }
    if let text = fields.assignee { sheet?.assignee = text }
    // A store asserts a change only where there is one.
    if sheet == store.state.sheet {
      await store.receive(.sheet(.setFields(fields)))
    } else {
      await store.receive(.sheet(.setFields(fields))) { [sheet] in $0.sheet = sheet }
    }
  }
}

import Foundation
import Persistence
import Testing

@testable import TodoCore

@Suite("TodoService refuses control characters on every write")
struct TextRefusalTests {
  /// Whether `error` is `TodoError.invalidText` for `field`.
  private static func isInvalidText(_ error: any Error, _ field: String) -> Bool {
    (error as? TodoError)?.invalidTextField == field
  }

  @Test("creating a todo with NUL in the title, notes or section stores nothing")
  func create() async throws {
    try await TemporaryStore.with { service, _ in
      await #expect {
        try await service.createTodo(NewTodo(title: "a\u{0}b"))
      } throws: { Self.isInvalidText($0, "title") }
      await #expect {
        try await service.createTodo(NewTodo(title: "ok", notes: "x\u{1}"))
      } throws: { Self.isInvalidText($0, "notes") }
      await #expect {
        try await service.createTodo(NewTodo(title: "ok", section: "S\u{0}"))
      } throws: { Self.isInvalidText($0, "section") }
      let stored = try await service.todos(inList: TodoList.inboxID)
      #expect(stored.isEmpty)
    }
  }

  @Test("a patch or an edit session with a control character changes nothing")
  func update() async throws {
    try await TemporaryStore.with { service, _ in
      let todo = try await service.createTodo(NewTodo(title: "Milk"))
      await #expect {
        try await service.updateTodo(id: todo.id, TodoPatch(title: "Milk\u{0}"))
      } throws: { Self.isInvalidText($0, "title") }
      await #expect {
        try await service.updateTodo(id: todo.id, TodoPatch(notes: "\u{1B}]0;owned\u{7}"))
      } throws: { Self.isInvalidText($0, "notes") }
      let session = try await service.beginEdit(todoID: todo.id)
      await #expect {
        try await session.apply(TodoPatch(section: .some("\u{85}")))
      } throws: { Self.isInvalidText($0, "section") }
      #expect(try await session.hasChanges() == false)
      session.cancel()
      #expect(try await service.todo(id: todo.id) == todo)
    }
  }

  @Test("a list name with NUL cannot be created, renamed to, or looked up")
  func lists() async throws {
    try await TemporaryStore.with { service, _ in
      let work = try await service.createList(named: "Work")
      await #expect {
        try await service.createList(named: "Work\u{0}")
      } throws: { Self.isInvalidText($0, "name") }
      await #expect {
        try await service.renameList(id: work.id, to: "\u{0}Home")
      } throws: { Self.isInvalidText($0, "name") }
      await #expect {
        try await service.list(named: "Work\u{0}")
      } throws: { Self.isInvalidText($0, "list") }
      #expect(try await service.lists().map(\.name) == ["Inbox", "Work"])
    }
  }

  @Test("a search whose text has a control character is refused")
  func search() async throws {
    try await TemporaryStore.with { service, _ in
      _ = try await service.createTodo(NewTodo(title: "Milk"))
      await #expect {
        try await service.search(TodoSearch(text: "Mi\u{0}"))
      } throws: { Self.isInvalidText($0, "text") }
      #expect(try await service.search(TodoSearch(text: " milk ")).count == 1)
    }
  }

  @Test("an import with a control character in any text is refused whole, naming item and field")
  func importDocument() async throws {
    try await TemporaryStore.with { service, clock in
      let date = clock.next()
      let work = TodoList(
        id: UUID(),
        name: "Work", order: try .between(nil, nil), createdAt: date, updatedAt: date)
      let good = Todo(
        listID: TodoList.inboxID, title: "fine", order: try .between(nil, nil), createdAt: date,
        updatedAt: date)
      var bad = good
      bad.id = UUID()
      bad.notes = "line\u{0}"
      await #expect(
        throws: TodoError.invalidText(
          field: "todos[1].notes",
          message: "contains the control character U+0000 at position 5; remove it")
      ) {
        try await service.importDocument(
          ExportDocument(exportedAt: date, lists: [work], todos: [good, bad]))
      }
      var badList = work
      badList.name = "Wo\u{1B}rk"
      await #expect {
        try await service.importDocument(
          ExportDocument(exportedAt: date, lists: [badList], todos: [good]))
      } throws: { Self.isInvalidText($0, "lists[0].name") }
      let json = #"""
        {"format":1,"exportedAt":"2026-01-01T00:00:00Z","lists":[],"todos":[{"id":"\#(UUID())",
        "listID":"\#(TodoList.inboxID)","title":"a\u0000b","notes":"","status":"notStarted",
        "order":"\#(good.order.rawValue)","version":1,"createdAt":"2026-01-01T00:00:00Z",
        "updatedAt":"2026-01-01T00:00:00Z"}]}
        """#
      await #expect {
        try await service.importJSON(Data(json.utf8))
      } throws: { Self.isInvalidText($0, "todos[0].title") }
      #expect(try await service.lists().map(\.name) == ["Inbox"])
      #expect(try await service.todos(inList: TodoList.inboxID).isEmpty)
    }
  }
}
